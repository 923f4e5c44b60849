/* SPDX-License-Identifier: MIT */
/* Remembering what pcsetup programmed (see hwpc_pc_note_*): one small
 * text file per device and domain in the user's runtime directory. */
#include "core/err_local.h"
#include "hwpc/core.h"
#include "hwpc/pc.h"
#include "core/rundir.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/* RUNTIME_DIR/setup-KEY-DOMAIN.txt (rundir.h), KEY the device's key
 * (hwpc_dev_key: the same machine under any spelling of its spec) made
 * safe as a file name. */
static int note_path(struct hwpc_dev *dev, const char *domain, char *buf, size_t len, struct hwpc_err *err)
{
	char id[600], key[600], dir[400];
	size_t k = 0;

	if (hwpc_dev_key(dev, id, sizeof id, err) || hwpc_runtime_dir(dir, sizeof dir, err))
		return err->status;
	for (const char *p = id; *p && k + 1 < sizeof key; p++)
		key[k++] = isalnum((unsigned char)*p) || *p == '.' || *p == '-' ? *p : '_';
	key[k] = 0;
	if ((size_t)snprintf(buf, len, "%s/setup-%s-%s.txt", dir, key, domain) >= len)
		return hwpc_err_set(err, HWPC_EOP, "setup note path too long");
	return 0;
}

int hwpc_pc_note_load(struct hwpc_dev *dev, const char *domain, struct hwpc_pc_note *rec, bool *found,
			struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	char path[1200], line[256];
	memset(rec, 0, sizeof *rec);
	*found = false;
	int rc = note_path(dev, domain, path, sizeof path, err);
	if (rc)
		return rc;
	FILE *f = fopen(path, "r");
	if (!f)
		return errno == ENOENT ? 0 : hwpc_err_set(err, HWPC_EOP, "cannot read %s: %s", path, strerror(errno));
	unsigned lineno = 0;
	unsigned long long instance = 0;
	while (fgets(line, sizeof line, f)) {
		unsigned a, v, m;
		unsigned long long g;
		lineno++;
		if (sscanf(line, "instance %llx", &instance) == 1) {
			continue;
		} else if (sscanf(line, "generation %llu", &g) == 1) {
			rec->generation = g;
		} else if (!strncmp(line, "what ", 5)) {
			snprintf(rec->what, sizeof rec->what, "%s", line + 5);
			rec->what[strcspn(rec->what, "\n")] = 0;
		} else if (sscanf(line, "reg %x %x %x", &a, &v, &m) == 3 && rec->n < HWPC_PC_NOTE_MAX) {
			rec->reg[rec->n].addr = a;
			rec->reg[rec->n].value = v;
			rec->reg[rec->n].mask = m;
			rec->n++;
		} else {
			fclose(f);
			return hwpc_err_set(err, HWPC_EOP, "%s:%u: not a setup note line (delete the file)", path,
					    lineno);
		}
	}
	fclose(f);
	/* A record of a simulated machine that was reset since is void. */
	if (instance != hwpc_dev_instance(dev)) {
		memset(rec, 0, sizeof *rec);
		return 0;
	}
	*found = true;
	return 0;
}

int hwpc_pc_note_save(struct hwpc_dev *dev, const char *domain, struct hwpc_pc_note *rec,
			struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	char path[1200], tmp[1220];
	struct hwpc_pc_note old;
	bool found;
	int rc = hwpc_pc_note_load(dev, domain, &old, &found, NULL);
	rec->generation = (rc == 0 && found ? old.generation : 0) + 1;
	if ((rc = note_path(dev, domain, path, sizeof path, err)))
		return rc;
	snprintf(tmp, sizeof tmp, "%s.tmp", path);
	FILE *f = fopen(tmp, "w");
	if (!f)
		return hwpc_err_set(err, HWPC_EOP, "cannot write %s: %s", tmp, strerror(errno));
	fprintf(f, "instance %llx\ngeneration %llu\nwhat %s\n", (unsigned long long)hwpc_dev_instance(dev),
		(unsigned long long)rec->generation, rec->what);
	for (unsigned i = 0; i < rec->n; i++)
		fprintf(f, "reg %06x %08x %08x\n", rec->reg[i].addr, rec->reg[i].value, rec->reg[i].mask);
	/* Written whole, then renamed: a reader never sees half a record. */
	if (fclose(f) || rename(tmp, path))
		return hwpc_err_set(err, HWPC_EOP, "cannot write %s: %s", path, strerror(errno));
	return 0;
}

int hwpc_pc_note_check(struct hwpc_dev *dev, const struct hwpc_pc_note *rec, bool *changed, char *diff,
			 size_t len, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	*changed = false;
	if (len)
		diff[0] = 0;
	for (unsigned i = 0; i < rec->n && !*changed; i++) {
		uint32_t v, idx[HWPC_MAX_DIMS];
		/* Configuration only, by regdb's rule, also for a note written
		 * before regdb said which bits are live. */
		const struct hwpc_reg *r = hwpc_reg_at(dev->db, dev->chip, rec->reg[i].addr, idx);
		uint32_t mask = rec->reg[i].mask & (r ? hwpc_reg_read_bits(r, dev->chip, HWPC_READ_WRITTEN) : 0xffffffffu);
		if (!mask)
			continue;
		if (hwpc_rd32(dev, rec->reg[i].addr, &v))
			return hwpc_err_set(err, dev->err.status, "%s", dev->err.msg);
		if ((v ^ rec->reg[i].value) & mask) {
			char name[96];
			size_t n = (size_t)snprintf(name, sizeof name, "%s", r ? r->name : "register");
			for (unsigned k = 0; r && k < r->ndims && n < sizeof name; k++)
				n += (size_t)snprintf(name + n, sizeof name - n, "[%u]", idx[k]);
			snprintf(diff, len, "%s (0x%06x) reads 0x%08x, pcsetup set 0x%08x", name, rec->reg[i].addr,
				 v & mask, rec->reg[i].value & mask);
			*changed = true;
		}
	}
	return 0;
}
