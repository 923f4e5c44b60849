/* SPDX-License-Identifier: MIT */
/* Remembering what pcsetup programmed (see hwpc_pc_note_*): one small
 * text file per device and domain in the user's runtime directory. */
#include "core/hash.h"
#include "dev/backend.h"
#include "core/err_local.h"
#include "hwpc/dev.h"
#include "hwpc/pc.h"
#include "core/rundir.h"
#include "pc/pc_cmd.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

bool hwpc_pc_note_add(struct hwpc_pc_note *rec, const struct hwpc_regdb *db,
			const struct hwpc_chipset *chip, uint32_t addr, uint32_t value)
{
	uint32_t idx[HWPC_MAX_DIMS];
	const struct hwpc_reg *r = hwpc_reg_at(db, chip, addr, idx);
	if (r && (r->access == HWPC_ACCESS_WO || r->access == HWPC_ACCESS_W1C))
		return true; /* nothing to read back */
	/* The configuration: the bits whose read returns what was written
	 * (regdb's read=), never a live count such as CTR_PRE's, which takes
	 * an initial value and reads the current one.  A counter is still
	 * noted (mask 0), for what put its setup back (pc_clocks.c). */
	uint32_t mask = r ? hwpc_reg_read_bits(r, chip, HWPC_READ_WRITTEN) : 0xffffffffu;
	for (unsigned i = 0; i < rec->n; i++)
		if (rec->reg[i].addr == addr) {
			rec->reg[i].value = value;
			rec->reg[i].mask = mask;
			return true;
		}
	if (rec->n >= HWPC_PC_NOTE_MAX)
		return false;
	rec->reg[rec->n].addr = addr;
	rec->reg[rec->n].value = value;
	rec->reg[rec->n].mask = mask;
	rec->n++;
	return true;
}

/* The note of a device's domain is RUNTIME_DIR/setup-KEY-DOMAIN.txt
 * (rundir.h), KEY the device's key (hwpc_dev_key: the same machine under
 * any spelling of its spec), both escaped one-to-one: letters, digits, '.'
 * and '_' stay, every other byte is %XX, so "a b.st" and "a_b.st" get
 * notes of their own and the '-' between KEY and DOMAIN is unambiguous.
 * A key too long for a file name is named by a 128-bit hash of it instead
 * ("%h" and 32 hex digits, which no escaped key can be); the note holds
 * the key itself, and one whose key differs is another device's. */
#define NOTE_NAME_MAX 240 /* NAME_MAX, less room for ".tmp" */

static void escape(char *out, size_t *k, size_t cap, const char *s)
{
	static const char hex[] = "0123456789abcdef";
	for (; *s && *k + 4 < cap; s++) {
		unsigned char c = (unsigned char)*s;
		if (isalnum(c) || c == '.' || c == '_') {
			out[(*k)++] = (char)c;
		} else {
			out[(*k)++] = '%';
			out[(*k)++] = hex[c >> 4];
			out[(*k)++] = hex[c & 15];
		}
	}
	out[*k] = 0;
}

static uint64_t fnv1a(const char *s, uint64_t h)
{
	return hwpc_fnv1a_str(s, false, h);
}

static int note_name(struct hwpc_dev *dev, const char *domain, char *name, char *key, size_t keylen,
		     struct hwpc_err *err)
{
	char ekey[3 * PATH_MAX + 16];
	size_t k = 0;
	if (hwpc_dev_key(dev, key, keylen, err))
		return err->status;
	escape(ekey, &k, sizeof ekey, key);
	if (k >= NOTE_NAME_MAX - 40)
		snprintf(ekey, sizeof ekey, "%%h%016llx%016llx", (unsigned long long)fnv1a(key, HWPC_FNV1A_START),
			 (unsigned long long)fnv1a(key, 0x84222325cbf29ce4ull));
	char edom[100];
	size_t d = 0;
	escape(edom, &d, sizeof edom, domain);
	if ((size_t)snprintf(name, NOTE_NAME_MAX + 1, "setup-%s-%s.txt", ekey, edom) > NOTE_NAME_MAX)
		return hwpc_err_set(err, HWPC_EOP, "setup note name too long (domain '%s')", domain);
	return 0;
}

/* What a note stores in quotes: the printable bytes but '"' and '\', the
 * rest as \xHH, so that no description breaks the note's lines. */
static void put_quoted(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c < ' ' || c == 0x7f || c == '"' || c == '\\')
			fprintf(f, "\\x%02x", c);
		else
			fputc(c, f);
	}
	fputc('"', f);
}

/* The quoted string at s (after the keyword), into out; false when it is
 * not one. */
static bool get_quoted(const char *s, char *out, size_t len)
{
	size_t k = 0;
	if (*s++ != '"')
		return false;
	for (; *s && *s != '"'; s++) {
		unsigned c = (unsigned char)*s;
		if (*s == '\\' && (sscanf(s, "\\x%2x", &c) != 1 || !isxdigit((unsigned char)s[2]) ||
				   !isxdigit((unsigned char)s[3])))
			return false;
		if (*s == '\\')
			s += 3;
		if (k + 1 < len)
			out[k++] = (char)c;
	}
	out[k] = 0;
	return *s == '"' && (s[1] == '\n' || !s[1]);
}

/* Read the note NAME of the directory dirfd into rec; *found false when
 * there is none, or it is another device's (key). */
static int read_note(int dirfd, const char *dir, const char *name, const char *key, struct hwpc_pc_note *rec,
		     bool *found, uint64_t *instance, struct hwpc_err *err)
{
	char line[1100], *have = malloc(PATH_MAX + 16);
	memset(rec, 0, sizeof *rec);
	*found = false;
	*instance = 0;
	if (!have)
		return hwpc_err_set(err, HWPC_EOP, "out of memory");
	have[0] = 0;
	int fd = openat(dirfd, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
	if (fd < 0) {
		int e = errno;
		free(have);
		return e == ENOENT ? 0 : hwpc_err_set(err, HWPC_EOP, "cannot read %s/%s: %s", dir, name, strerror(e));
	}
	struct stat st;
	FILE *f = NULL;
	int rc = 0;
	if (fstat(fd, &st) || !S_ISREG(st.st_mode) || st.st_size > 64 * 1024) {
		rc = hwpc_err_set(err, HWPC_EOP, "%s/%s: not a setup note (delete it)", dir, name);
		close(fd);
	} else if (!(f = fdopen(fd, "r"))) {
		rc = hwpc_err_set(err, HWPC_EOP, "cannot read %s/%s: %s", dir, name, strerror(errno));
		close(fd);
	}
	unsigned lineno = 0;
	while (!rc && fgets(line, sizeof line, f)) {
		unsigned a, v, m;
		unsigned long long g, inst;
		lineno++;
		if (!strncmp(line, "device ", 7) && get_quoted(line + 7, have, PATH_MAX + 16)) {
			continue;
		} else if (sscanf(line, "instance %llx", &inst) == 1) {
			*instance = inst;
		} else if (sscanf(line, "generation %llu", &g) == 1) {
			rec->generation = g;
		} else if (!strncmp(line, "what ", 5) && get_quoted(line + 5, rec->what, sizeof rec->what)) {
			continue;
		} else if (sscanf(line, "reg %x %x %x", &a, &v, &m) == 3 && rec->n < HWPC_PC_NOTE_MAX) {
			rec->reg[rec->n].addr = a;
			rec->reg[rec->n].value = v;
			rec->reg[rec->n].mask = m;
			rec->n++;
		} else {
			rc = hwpc_err_set(err, HWPC_EOP, "%s/%s:%u: not a setup note line (delete the file)", dir, name,
					  lineno);
		}
	}
	if (f)
		fclose(f);
	if (!rc && strcmp(have, key))
		memset(rec, 0, sizeof *rec);
	else if (!rc)
		*found = true;
	free(have);
	return rc;
}

int hwpc_pc_note_load(struct hwpc_dev *dev, const char *domain, struct hwpc_pc_note *rec, bool *found,
			struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	char name[NOTE_NAME_MAX + 1], dir[400], key[PATH_MAX + 16];
	uint64_t instance;
	int dirfd;
	memset(rec, 0, sizeof *rec);
	*found = false;
	if (note_name(dev, domain, name, key, sizeof key, err) || hwpc_runtime_dir_open(dir, sizeof dir, &dirfd, err))
		return err->status;
	/* No lock: a note is replaced by rename, so it is read whole. */
	int rc = read_note(dirfd, dir, name, key, rec, found, &instance, err);
	close(dirfd);
	/* A note of a simulated machine that was reset since is void. */
	if (!rc && *found && instance != hwpc_dev_instance(dev)) {
		memset(rec, 0, sizeof *rec);
		*found = false;
	}
	return rc;
}

/* Save rec under the directory's lock: the generation read, bumped and
 * written by one pcsetup at a time, so that none is lost; with merge, the
 * entries of the old note at other addresses are kept. */
static int save(struct hwpc_dev *dev, const char *domain, struct hwpc_pc_note *rec, bool merge,
		struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	char name[NOTE_NAME_MAX + 1], tmp[NOTE_NAME_MAX + 8], dir[400], key[PATH_MAX + 16];
	struct hwpc_pc_note *old = malloc(sizeof *old);
	uint64_t instance, now = hwpc_dev_instance(dev);
	int dirfd = -1, rc;
	bool found;
	if (!old)
		return hwpc_err_set(err, HWPC_EOP, "out of memory");
	if ((rc = note_name(dev, domain, name, key, sizeof key, err)) ||
	    (rc = hwpc_runtime_dir_open(dir, sizeof dir, &dirfd, err)))
		goto out;
	while (flock(dirfd, LOCK_EX) && errno == EINTR)
		;
	/* An unreadable old note is replaced, counting from 1 again. */
	if (read_note(dirfd, dir, name, key, old, &found, &instance, NULL) || instance != now)
		found = false;
	rec->generation = (found ? old->generation : 0) + 1;
	for (unsigned i = 0; merge && found && i < old->n; i++) {
		unsigned j = 0;
		while (j < rec->n && rec->reg[j].addr != old->reg[i].addr)
			j++;
		if (j == rec->n && rec->n < HWPC_PC_NOTE_MAX)
			rec->reg[rec->n++] = old->reg[i];
	}
	snprintf(tmp, sizeof tmp, "%s.tmp", name);
	/* Ours alone under the lock: one a killed pcsetup left is stale. */
	unlinkat(dirfd, tmp, 0);
	int fd = openat(dirfd, tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
	if (!f) {
		rc = hwpc_err_set(err, HWPC_EOP, "cannot write %s/%s: %s", dir, tmp, strerror(errno));
		if (fd >= 0)
			close(fd);
		goto out;
	}
	fputs("device ", f);
	put_quoted(f, key);
	fprintf(f, "\ninstance %llx\ngeneration %llu\nwhat ", (unsigned long long)now,
		(unsigned long long)rec->generation);
	put_quoted(f, rec->what);
	fputc('\n', f);
	for (unsigned i = 0; i < rec->n; i++)
		fprintf(f, "reg %06x %08x %08x\n", rec->reg[i].addr, rec->reg[i].value, rec->reg[i].mask);
	/* Written whole, then renamed: a reader never sees half a note. */
	bool bad = ferror(f) != 0;
	if (fclose(f) || bad || renameat(dirfd, tmp, dirfd, name)) {
		rc = hwpc_err_set(err, HWPC_EOP, "cannot write %s/%s: %s", dir, name, strerror(errno));
		unlinkat(dirfd, tmp, 0);
	}
out:
	if (dirfd >= 0)
		close(dirfd); /* and the lock with it */
	free(old);
	return rc;
}

int hwpc_pc_note_save(struct hwpc_dev *dev, const char *domain, struct hwpc_pc_note *rec,
			struct hwpc_err *err)
{
	return save(dev, domain, rec, false, err);
}

int hwpc_pc_note_merge(struct hwpc_dev *dev, const char *domain, struct hwpc_pc_note *rec,
			 struct hwpc_err *err)
{
	return save(dev, domain, rec, true, err);
}

int hwpc_pc_note_check(struct hwpc_dev *dev, const struct hwpc_pc_note *rec, bool *changed, char *diff,
			 size_t len, struct hwpc_err *err)
{
	return hwpc_pc_note_diff(dev, rec, "pcsetup set", changed, diff, len, err);
}

int hwpc_pc_note_diff(struct hwpc_dev *dev, const struct hwpc_pc_note *rec, const char *was, bool *changed,
		      char *diff, size_t len, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	*changed = false;
	if (len)
		diff[0] = 0;
	for (unsigned i = 0; i < rec->n && !*changed; i++) {
		uint32_t v, idx[HWPC_MAX_DIMS];
		/* Configuration only, by regdb's rule, also for a note written
		 * before regdb said which bits are live. */
		const struct hwpc_reg *r = hwpc_reg_at(hwpc_dev_regdb(dev), hwpc_dev_chip(dev), rec->reg[i].addr, idx);
		uint32_t mask = rec->reg[i].mask & (r ? hwpc_reg_read_bits(r, hwpc_dev_chip(dev), HWPC_READ_WRITTEN) : 0xffffffffu);
		if (!mask)
			continue;
		if (hwpc_rd32(dev, rec->reg[i].addr, &v))
			return hwpc_err_set(err, hwpc_dev_error(dev)->status, "%s", hwpc_dev_error(dev)->msg);
		if ((v ^ rec->reg[i].value) & mask) {
			char name[96];
			size_t n = (size_t)snprintf(name, sizeof name, "%s", r ? r->name : "register");
			for (unsigned k = 0; r && k < r->ndims && n < sizeof name; k++)
				n += (size_t)snprintf(name + n, sizeof name - n, "[%u]", idx[k]);
			snprintf(diff, len, "%s (0x%06x) reads 0x%08x, %s 0x%08x", name, rec->reg[i].addr,
				 v & mask, was, rec->reg[i].value & mask);
			*changed = true;
		}
	}
	return 0;
}
