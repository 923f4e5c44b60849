/* SPDX-License-Identifier: MIT */
/* Loading the register database: the compiled-in text or HWPC_REGDB=DIR,
 * then resolving generation ranges and checking consistency. */
#include "core/err_local.h"
#include "regdb/regdb_tables.h"
#include "regdb/regdb_internal.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

static struct hwpc_gens *pending_target(struct hwpc_regdb *db, const struct pending_gens *pg)
{
	switch (pg->kind) {
	case PK_SPACE:
		return &VEC_AT(db->spaces, struct hwpc_space, pg->index)->gens;
	case PK_REG:
		return &VEC_AT(db->regs, struct hwpc_reg, pg->index)->gens;
	case PK_FIELD:
		return &VEC_AT(db->fields, struct hwpc_field, pg->index)->gens;
	case PK_ENUM:
		return &VEC_AT(db->enums, struct hwpc_enum, pg->index)->gens;
	case PK_PARAM:
		return &VEC_AT(db->params, struct hwpc_param, pg->index)->gens;
	case PK_RECORD:
		return &VEC_AT(db->records, struct hwpc_regdb_entry, pg->index)->gens;
	}
	return NULL;
}

static bool gens_overlap(const struct hwpc_gens *a, const struct hwpc_gens *b)
{
	for (size_t i = 0; i < sizeof a->bits / sizeof a->bits[0]; i++)
		if (a->bits[i] & b->bits[i])
			return true;
	return false;
}

static void gens_and(struct hwpc_gens *a, const struct hwpc_gens *b)
{
	for (size_t i = 0; i < sizeof a->bits / sizeof a->bits[0]; i++)
		a->bits[i] &= b->bits[i];
}

/* A space declared like=OTHER gets a copy of OTHER's registers, re-based:
 * GF100's hub, GPC and partition domains share one register block, which
 * is written down once. */
static int expand_like(struct hwpc_regdb *db, struct hwpc_err *err)
{
	size_t nspaces = db->spaces.len;
	for (size_t si = 0; si < nspaces; si++) {
		struct space_build *sb = VEC_AT(db->space_b, struct space_build, si);
		if (!sb->like)
			continue;
		size_t src = (size_t)-1;
		for (size_t j = 0; j < nspaces; j++)
			if (!strcmp(VEC_AT(db->spaces, struct hwpc_space, j)->name, sb->like))
				src = j;
		if (src == (size_t)-1 || src == si)
			return hwpc_err_set(err, HWPC_EINPUT, "%s:%u: like=%s names no other space", sb->file,
					    sb->line, sb->like);
		struct space_build *srcb = VEC_AT(db->space_b, struct space_build, src);
		if (srcb->like)
			return hwpc_err_set(err, HWPC_EINPUT, "%s:%u: like=%s names a space that is itself "
					    "declared like=", sb->file, sb->line, sb->like);
		const struct hwpc_space *s = VEC_AT(db->spaces, struct hwpc_space, si);
		sb->first_reg = db->regs.len;
		for (size_t k = 0; k < srcb->nregs; k++) {
			size_t ri = srcb->first_reg + k;
			struct hwpc_reg *r = vec_push(&db->regs);
			struct reg_build *rb = vec_push(&db->reg_b);
			if (!r || !rb)
				return hwpc_err_set(err, HWPC_EOP, "out of memory");
			*r = *VEC_AT(db->regs, struct hwpc_reg, ri);
			*rb = *VEC_AT(db->reg_b, struct reg_build, ri);
			rb->space = si;
			const struct hwpc_space *old = VEC_AT(db->spaces, struct hwpc_space, src);
			if (old->size != s->size)
				return hwpc_err_set(err, HWPC_EINPUT, "%s:%u: like=%s but sizes differ",
						    sb->file, sb->line, sb->like);
			/* Replace the old space's dims with the new one's. */
			struct hwpc_dim own[HWPC_MAX_DIMS];
			unsigned nown = r->ndims - old->ndims;
			memcpy(own, r->dims + old->ndims, nown * sizeof own[0]);
			if (s->ndims + nown > HWPC_MAX_DIMS)
				return hwpc_err_set(err, HWPC_EINPUT, "%s:%u: too many array dimensions",
						    sb->file, sb->line);
			r->ndims = 0;
			for (unsigned i = 0; i < s->ndims; i++)
				r->dims[r->ndims++] = s->dims[i];
			for (unsigned i = 0; i < nown; i++)
				r->dims[r->ndims++] = own[i];
			size_t n = strlen(s->name) + strlen(r->short_name) + 2;
			char *full = arena_alloc(&db->arena, n);
			if (!full)
				return hwpc_err_set(err, HWPC_EOP, "out of memory");
			snprintf(full, n, "%s.%s", s->name, r->short_name);
			r->name = full;
			sb->nregs++;
		}
	}
	return 0;
}

/* The full-name index hwpc_reg_find tries first. */
int regdb_index_names(struct hwpc_regdb *db, struct hwpc_err *err)
{
	size_t n = db->regs.len, nslots = 16;
	while (nslots < n * 2)
		nslots *= 2;
	db->name_slot = calloc(nslots, sizeof *db->name_slot);
	db->name_next = calloc(n ? n : 1, sizeof *db->name_next);
	if (!db->name_slot || !db->name_next)
		return hwpc_err_set(err, HWPC_EOP, "out of memory");
	db->name_nslots = nslots;
	for (size_t i = 0; i < n; i++) {
		const struct hwpc_reg *r = VEC_AT(db->regs, struct hwpc_reg, i);
		size_t k = (size_t)regdb_name_hash(r->name) & (nslots - 1);
		for (;; k = (k + 1) & (nslots - 1)) {
			size_t cur = db->name_slot[k];
			if (!cur) {
				db->name_slot[k] = i + 1;
				break;
			}
			if (!strcasecmp(VEC_AT(db->regs, struct hwpc_reg, cur - 1)->name, r->name)) {
				db->name_next[i] = cur; /* push in front of the chain */
				db->name_slot[k] = i + 1;
				break;
			}
		}
	}
	return 0;
}

static int cmp_reg_name(const void *a, const void *b)
{
	const struct hwpc_reg *const *x = a, *const *y = b;
	return strcasecmp((*x)->name, (*y)->name);
}

/* Two definitions of one name may coexist only for disjoint chipsets. */
static int check_duplicates(struct hwpc_regdb *db, struct hwpc_err *err)
{
	size_t n = db->regs.len;
	const struct hwpc_reg **v = malloc((n ? n : 1) * sizeof *v);
	int rc = 0;

	if (!v)
		return hwpc_err_set(err, HWPC_EOP, "out of memory");
	for (size_t i = 0; i < n; i++)
		v[i] = VEC_AT(db->regs, struct hwpc_reg, i);
	qsort(v, n, sizeof *v, cmp_reg_name);
	for (size_t i = 0; i + 1 < n && !rc; i++)
		for (size_t j = i + 1; j < n && !strcasecmp(v[i]->name, v[j]->name) && !rc; j++)
			if (gens_overlap(&v[i]->gens, &v[j]->gens))
				rc = hwpc_err_set(err, HWPC_EINPUT,
						  "%s:%u: register %s defined again (first at %s:%u) for "
						  "overlapping chipsets (expected disjoint gens=)",
						  v[j]->file, v[j]->line, v[j]->name, v[i]->file, v[i]->line);
	free(v);
	for (size_t i = 0; i < db->chipsets.len && !rc; i++)
		for (size_t j = i + 1; j < db->chipsets.len && !rc; j++) {
			const struct hwpc_chipset *a = VEC_AT(db->chipsets, struct hwpc_chipset, i);
			const struct hwpc_chipset *b = VEC_AT(db->chipsets, struct hwpc_chipset, j);
			const struct chipset_build *ab = VEC_AT(db->chipset_b, struct chipset_build, i);
			const struct chipset_build *bb = VEC_AT(db->chipset_b, struct chipset_build, j);
			if (!strcasecmp(a->name, b->name))
				rc = hwpc_err_set(err, HWPC_EINPUT, "%s:%u: chipset %s declared again (first at %s:%u)",
						  bb->file, bb->line, b->name, ab->file, ab->line);
		}
	return rc;
}

/* Resolve the generation ranges noted from pending entry `from` on.
 * Records share a few gens= texts (signal tables repeat theirs): parse
 * each once while it is among the recent ones. */
static int resolve_pending(struct hwpc_regdb *db, size_t from, struct hwpc_err *err)
{
	struct {
		const char *text;
		struct hwpc_gens gens;
	} seen[16];
	unsigned nseen = 0;
	for (size_t i = from; i < db->pending.len; i++) {
		const struct pending_gens *pg = VEC_AT(db->pending, struct pending_gens, i);
		struct hwpc_gens *target = pending_target(db, pg);
		unsigned k;
		for (k = 0; k < nseen && k < 16 && strcmp(seen[k].text, pg->text); k++)
			;
		if (k < nseen && k < 16) {
			*target = seen[k].gens;
			continue;
		}
		if (hwpc_gens_parse(db, pg->text, target, err))
			return hwpc_err_prefix(err, "%s:%u", pg->file, pg->line);
		seen[nseen % 16].text = pg->text;
		seen[nseen % 16].gens = *target;
		nseen++;
	}
	return 0;
}

static int finalize(struct hwpc_regdb *db, struct hwpc_err *err)
{
	if (!db->chipsets.len)
		return hwpc_err_set(err, HWPC_EINPUT, "no chipset lines (expected a chipset table)");
	for (size_t i = 0; i < db->chipsets.len; i++)
		db->all.bits[i / 64] |= 1ULL << (i % 64);
	/* Everything declared before the table was complete defaulted to an
	 * empty set: make "no gens=" mean every chipset. */
	for (size_t i = 0; i < db->spaces.len; i++)
		VEC_AT(db->spaces, struct hwpc_space, i)->gens = db->all;
	for (size_t i = 0; i < db->regs.len; i++)
		VEC_AT(db->regs, struct hwpc_reg, i)->gens = db->all;
	for (size_t i = 0; i < db->fields.len; i++)
		VEC_AT(db->fields, struct hwpc_field, i)->gens = db->all;
	for (size_t i = 0; i < db->enums.len; i++)
		VEC_AT(db->enums, struct hwpc_enum, i)->gens = db->all;
	for (size_t i = 0; i < db->params.len; i++)
		VEC_AT(db->params, struct hwpc_param, i)->gens = db->all;
	for (size_t i = 0; i < db->records.len; i++)
		VEC_AT(db->records, struct hwpc_regdb_entry, i)->gens = db->all;
	if (resolve_pending(db, 0, err))
		return err->status;
	/* Link fields to registers and enums to fields. */
	for (size_t i = 0; i < db->fields.len; i++) {
		struct hwpc_field *f = VEC_AT(db->fields, struct hwpc_field, i);
		const struct field_build *fb = VEC_AT(db->field_b, struct field_build, i);
		f->enums = fb->nenums ? VEC_AT(db->enums, struct hwpc_enum, fb->first_enum) : NULL;
		f->nenums = (unsigned)fb->nenums;
	}
	for (size_t i = 0; i < db->regs.len; i++) {
		struct hwpc_reg *r = VEC_AT(db->regs, struct hwpc_reg, i);
		const struct reg_build *rb = VEC_AT(db->reg_b, struct reg_build, i);
		r->fields = rb->nfields ? VEC_AT(db->fields, struct hwpc_field, rb->first_field) : NULL;
		r->nfields = (unsigned)rb->nfields;
	}
	if (expand_like(db, err))
		return err->status;
	for (size_t i = 0; i < db->regs.len; i++) {
		struct hwpc_reg *r = VEC_AT(db->regs, struct hwpc_reg, i);
		const struct reg_build *rb = VEC_AT(db->reg_b, struct reg_build, i);
		r->space = VEC_AT(db->spaces, struct hwpc_space, rb->space);
		gens_and(&r->gens, &r->space->gens);
	}
	regdb_resolve_generated(db);
	int rc = check_duplicates(db, err);
	return rc ? rc : regdb_index_names(db, err);
}

/* Parse texts into a database of vecs (what regdb_compact compiles). */
static int parse_files(const struct hwpc_regdb_text *files, unsigned nfiles, struct hwpc_regdb **out,
		       struct hwpc_err *err)
{
	struct hwpc_regdb *db = regdb_new();
	*out = NULL;
	if (!db)
		return hwpc_err_set(err, HWPC_EOP, "out of memory");
	for (unsigned i = 0; i < nfiles; i++) {
		const char *name = arena_strdup(&db->arena, files[i].name);
		if (!name || regdb_parse_text(db, name, files[i].text, err)) {
			hwpc_regdb_free(db);
			return name ? err->status : hwpc_err_set(err, HWPC_EOP, "out of memory");
		}
	}
	if (finalize(db, err)) {
		hwpc_regdb_free(db);
		return err->status;
	}
	*out = db;
	return 0;
}

int regdb_parse_raw(const struct hwpc_regdb_text *files, unsigned nfiles, struct hwpc_regdb **out,
		    struct hwpc_err *err)
{
	return parse_files(files, nfiles, out, err);
}

int hwpc_regdb_parse(const struct hwpc_regdb_text *files, unsigned nfiles, struct hwpc_regdb **out,
		     struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	struct hwpc_regdb *raw;
	struct regdb_tables *t;
	*out = NULL;
	if (parse_files(files, nfiles, &raw, err))
		return err->status;
	int rc = regdb_compact(raw, &t, err);
	hwpc_regdb_free(raw);
	if (rc)
		return rc;
	if (regdb_open_tables(t, t, out, err)) {
		free(t);
		return err->status;
	}
	return 0;
}

static int ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);
	return n > m && !strcmp(s + n - m, suffix);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A file of HWPC_REGDB's is read whole: it must be a regular file (not a
 * FIFO that blocks, not a link to /dev/zero that never ends) of at most
 * this many bytes (hwpc-regdb(5)). */
#define REGDB_FILE_MAX (64u << 20)

static char *slurp(const char *path, struct hwpc_err *err)
{
	/* O_NONBLOCK: opening a FIFO does not wait for a writer */
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	FILE *f = NULL;
	char *buf = NULL;
	size_t len = 0, cap = 0, n;
	struct stat st;

	if (fd < 0) {
		hwpc_err_set(err, HWPC_EOP, "cannot open %s: %s", path, strerror(errno));
		return NULL;
	}
	if (fstat(fd, &st) || !S_ISREG(st.st_mode) || st.st_size > (off_t)REGDB_FILE_MAX) {
		if (fstat(fd, &st))
			hwpc_err_set(err, HWPC_EOP, "cannot stat %s: %s", path, strerror(errno));
		else if (!S_ISREG(st.st_mode))
			hwpc_err_set(err, HWPC_EINPUT, "HWPC_REGDB: %s is not a regular file", path);
		else
			hwpc_err_set(err, HWPC_EINPUT, "HWPC_REGDB: %s is larger than a regdb file may be (%u MiB)",
				     path, REGDB_FILE_MAX >> 20);
		close(fd);
		return NULL;
	}
	if (!(f = fdopen(fd, "rb"))) {
		hwpc_err_set(err, HWPC_EOP, "cannot open %s: %s", path, strerror(errno));
		close(fd);
		return NULL;
	}
	do {
		if (len > REGDB_FILE_MAX) { /* it grew since */
			hwpc_err_set(err, HWPC_EINPUT, "HWPC_REGDB: %s is larger than a regdb file may be (%u MiB)",
				     path, REGDB_FILE_MAX >> 20);
			free(buf);
			fclose(f);
			return NULL;
		}
		if (cap - len < 4096) {
			char *p = realloc(buf, cap = cap * 2 + 8192);
			if (!p) {
				free(buf);
				fclose(f);
				hwpc_err_set(err, HWPC_EOP, "out of memory reading %s", path);
				return NULL;
			}
			buf = p;
		}
		n = fread(buf + len, 1, cap - len - 1, f);
		len += n;
	} while (n > 0);
	if (ferror(f)) {
		hwpc_err_set(err, HWPC_EOP, "cannot read %s: %s", path, strerror(errno));
		free(buf);
		buf = NULL;
	} else {
		buf[len] = 0;
		if (memchr(buf, 0, len)) {
			hwpc_err_set(err, HWPC_EINPUT, "%s: not a text file (NUL byte)", path);
			free(buf);
			buf = NULL;
		}
	}
	fclose(f);
	return buf;
}

/* Append to *names every "PREFIX/NAME.regdb" in dir/sub (sub "" for dir
 * itself); with recurse, the .regdb files of dir's subdirectories too
 * (one level: regdb/rnndb/). */
static int list_dir(const char *dir, const char *sub, bool recurse, char ***names, size_t *n,
		    size_t *cap, struct hwpc_err *err)
{
	size_t plen = strlen(dir) + strlen(sub) + 2;
	char *path = malloc(plen);
	if (!path)
		return hwpc_err_set(err, HWPC_EOP, "out of memory");
	snprintf(path, plen, "%s%s%s", dir, *sub ? "/" : "", sub);
	DIR *d = opendir(path);
	int rc = 0;
	if (!d) {
		rc = hwpc_err_set(err, HWPC_EINPUT, "HWPC_REGDB=%s: cannot open directory %s: %s", dir,
				  path, strerror(errno));
		free(path);
		return rc;
	}
	struct dirent *de;
	while (!rc && (de = readdir(d))) {
		if (de->d_name[0] == '.')
			continue;
		size_t len = strlen(sub) + strlen(de->d_name) + 2;
		char *rel = malloc(len);
		if (!rel) {
			rc = hwpc_err_set(err, HWPC_EOP, "out of memory");
			break;
		}
		snprintf(rel, len, "%s%s%s", sub, *sub ? "/" : "", de->d_name);
		if (!ends_with(de->d_name, ".regdb")) {
			struct stat st;
			size_t flen = strlen(dir) + len + 1;
			char *full = malloc(flen);
			if (full)
				snprintf(full, flen, "%s/%s", dir, rel);
			if (recurse && full && !stat(full, &st) && S_ISDIR(st.st_mode))
				rc = list_dir(dir, rel, false, names, n, cap, err);
			free(full);
			free(rel);
			continue;
		}
		if (*n == *cap) {
			char **p = realloc(*names, (*cap = *cap * 2 + 16) * sizeof *p);
			if (!p) {
				free(rel);
				rc = hwpc_err_set(err, HWPC_EOP, "out of memory");
				break;
			}
			*names = p;
		}
		(*names)[(*n)++] = rel;
	}
	closedir(d);
	free(path);
	return rc;
}

int regdb_read_dir(const char *dir, bool by_path, struct hwpc_regdb_text **out, unsigned *nout,
		   struct hwpc_err *err)
{
	char **names = NULL;
	size_t n = 0, cap = 0;
	int rc = list_dir(dir, "", true, &names, &n, &cap, err);

	*out = NULL;
	*nout = 0;
	if (!rc && n == 0)
		rc = hwpc_err_set(err, HWPC_EINPUT, "HWPC_REGDB=%s: no *.regdb files", dir);
	struct hwpc_regdb_text *files = rc ? NULL : calloc(n, sizeof *files);
	if (!rc && !files)
		rc = hwpc_err_set(err, HWPC_EOP, "out of memory");
	if (!rc) {
		qsort(names, n, sizeof *names, cmp_str);
		for (size_t i = 0; i < n && !rc; i++) {
			size_t len = strlen(dir) + strlen(names[i]) + 2;
			char *path = malloc(len);
			if (!path) {
				rc = hwpc_err_set(err, HWPC_EOP, "out of memory");
				break;
			}
			snprintf(path, len, "%s/%s", dir, names[i]);
			files[i].text = slurp(path, err);
			if (by_path) {
				files[i].name = path;
			} else {
				files[i].name = names[i];
				names[i] = NULL;
				free(path);
			}
			if (!files[i].text)
				rc = err->status;
		}
	}
	for (size_t i = 0; i < n; i++)
		free(names[i]);
	free(names);
	if (rc) {
		regdb_free_texts(files, (unsigned)n);
		return rc;
	}
	*out = files;
	*nout = (unsigned)n;
	return 0;
}

void regdb_free_texts(struct hwpc_regdb_text *files, unsigned n)
{
	for (unsigned i = 0; files && i < n; i++) {
		free((char *)files[i].name);
		free((char *)files[i].text);
	}
	free(files);
}

int hwpc_regdb_load_dir(const char *dir, struct hwpc_regdb **out, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	struct hwpc_regdb_text *files;
	unsigned n;
	*out = NULL;
	int rc = regdb_read_dir(dir, true, &files, &n, err);
	if (!rc)
		rc = hwpc_regdb_parse(files, n, out, err);
	regdb_free_texts(files, n);
	return rc;
}
