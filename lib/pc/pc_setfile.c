/* SPDX-License-Identifier: MIT */
/* Setup files (pcsetup -f): the setup options one a line, grouped into
 * domains and counter sets, so that bring-up scripts can keep setups in
 * version control and pcread can rotate the sets.  Errors name file:line. */
#include "core/hash.h"
#include "core/strdist.h"
#include "core/err_local.h"
#include "hwpc/dev.h"
#include "hwpc/pc.h"
#include "pc/pc_cmd.h"
#include "core/core_cmd.h"

#include <ctype.h>
#include <stdint.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Names seen, for the "given twice" checks in time linear in the file:
 * open addressing over indices into v. */
struct names {
	char (*v)[32];
	size_t n, cap;
	uint32_t *slot; /* index + 1; 0: empty */
	size_t nslots;
};

static uint64_t name_hash(const char *s, bool fold)
{
	return hwpc_fnv1a_str(s, fold, HWPC_FNV1A_START);
}

/* Add s (under 32 bytes); *seen when it was there already.  fold: case
 * does not matter.  -1: out of memory. */
static int names_add(struct names *t, const char *s, bool fold, bool *seen)
{
	*seen = false;
	if (2 * (t->n + 1) > t->nslots) {
		size_t ns = t->nslots ? 2 * t->nslots : 64;
		uint32_t *slot = calloc(ns, sizeof *slot);
		if (!slot)
			return -1;
		for (size_t i = 0; i < t->n; i++) {
			size_t h = (size_t)name_hash(t->v[i], fold) & (ns - 1);
			while (slot[h])
				h = (h + 1) & (ns - 1);
			slot[h] = (uint32_t)i + 1;
		}
		free(t->slot);
		t->slot = slot;
		t->nslots = ns;
	}
	size_t h = (size_t)name_hash(s, fold) & (t->nslots - 1);
	for (; t->slot[h]; h = (h + 1) & (t->nslots - 1))
		if (!(fold ? strcasecmp : strcmp)(t->v[t->slot[h] - 1], s)) {
			*seen = true;
			return 0;
		}
	if (t->n == t->cap) {
		size_t nc = t->cap ? 2 * t->cap : 64;
		char(*v)[32] = realloc(t->v, nc * sizeof *v);
		if (!v)
			return -1;
		t->v = v;
		t->cap = nc;
	}
	snprintf(t->v[t->n], sizeof t->v[0], "%s", s);
	t->slot[h] = (uint32_t)++t->n;
	return 0;
}

static void names_clear(struct names *t)
{
	if (t->nslots)
		memset(t->slot, 0, t->nslots * sizeof *t->slot);
	t->n = 0;
}

static void names_free(struct names *t)
{
	free(t->v);
	free(t->slot);
	memset(t, 0, sizeof *t);
}

struct reader {
	struct hwpc_pc_setfile *f;
	size_t cap; /* of f->e */
	const char *name;
	unsigned line;
	/* the domain section being read */
	char domain[32];
	unsigned dom_line;
	struct hwpc_pc_setup common;
	bool in_set;     /* a set line has been seen in this section */
	size_t sets;     /* entries of this section so far */
	struct names set_names, dom_names;
	struct names all_sets; /* pick with want: every set's name, for "did you mean" */
	/* pick: keep only the entries pcsetup -f takes (the set named want,
	 * or each section's first); the others are checked, then dropped */
	bool pick;
	const char *want;
	struct hwpc_pc_setup *cur, *scratch; /* where the set's options go */
	/* the line of each option in this block (the domain's lines before
	 * any set, or one set): one given twice there is an error */
	unsigned block_line[HWPC_PC_SETUP_NOPTS];
	struct hwpc_err *err;
};

static int fail(struct reader *r, const char *fmt, const char *a, const char *b)
{
	return hwpc_err_set(r->err, HWPC_EINPUT, "%s:%u: %s%s%s", r->name, r->line, fmt, a ? a : "", b ? b : "");
}

static int add_entry(struct reader *r, const char *set)
{
	struct hwpc_pc_setfile *f = r->f;
	bool seen;
	if (names_add(&r->set_names, set, false, &seen))
		return hwpc_err_set(r->err, HWPC_EOP, "out of memory reading %s", r->name);
	if (seen)
		return fail(r, "set '", set, "' given twice in this domain");
	if (r->pick && r->want && *set && names_add(&r->all_sets, set, false, &seen))
		return hwpc_err_set(r->err, HWPC_EOP, "out of memory reading %s", r->name);
	bool keep = !r->pick || (r->want ? !strcmp(set, r->want) : r->sets == 0);
	r->sets++;
	if (!keep) {
		*r->scratch = r->common;
		r->cur = r->scratch;
		return 0;
	}
	if (f->n == r->cap) {
		size_t nc = r->cap ? 2 * r->cap : 8;
		struct hwpc_pc_setfile_entry *e = realloc(f->e, nc * sizeof *e);
		if (!e)
			return hwpc_err_set(r->err, HWPC_EOP, "out of memory reading %s", r->name);
		f->e = e;
		r->cap = nc;
	}
	struct hwpc_pc_setfile_entry *e = &f->e[f->n++];
	memset(e, 0, sizeof *e);
	snprintf(e->domain, sizeof e->domain, "%s", r->domain);
	snprintf(e->set, sizeof e->set, "%s", set);
	e->line = r->line;
	e->setup = r->common;
	e->setup.line = r->line;
	r->cur = &e->setup;
	return 0;
}

/* A section without set lines is one set named "". */
static int end_domain(struct reader *r)
{
	if (r->in_set || !r->dom_line)
		return 0;
	unsigned line = r->line;
	r->line = r->dom_line;
	int rc = add_entry(r, "");
	r->line = line;
	return rc;
}

static int start_domain(struct reader *r, const char *name)
{
	if (!*name)
		return fail(r, "domain needs a NAME or index", NULL, NULL);
	if (strlen(name) >= sizeof r->domain)
		return fail(r, "domain name too long: ", name, NULL);
	int rc = end_domain(r);
	if (rc)
		return rc;
	bool seen;
	if (names_add(&r->dom_names, name, true, &seen))
		return hwpc_err_set(r->err, HWPC_EOP, "out of memory reading %s", r->name);
	if (seen)
		return fail(r, "domain '", name, "' has a section already");
	snprintf(r->domain, sizeof r->domain, "%s", name);
	r->dom_line = r->line;
	memset(r->block_line, 0, sizeof r->block_line);
	hwpc_pc_setup_init(&r->common);
	r->in_set = false;
	r->sets = 0;
	names_clear(&r->set_names);
	return 0;
}

static int start_set(struct reader *r, const char *name)
{
	if (!*name)
		return fail(r, "set needs a NAME", NULL, NULL);
	if (strlen(name) >= sizeof r->f->e[0].set)
		return fail(r, "set name too long: ", name, NULL);
	r->in_set = true;
	memset(r->block_line, 0, sizeof r->block_line);
	return add_entry(r, name);
}

static char *trim(char *s)
{
	while (isspace((unsigned char)*s))
		s++;
	size_t n = strlen(s);
	while (n && isspace((unsigned char)s[n - 1]))
		s[--n] = 0;
	return s;
}

static int line_of(struct reader *r, char *text)
{
	text[strcspn(text, "#")] = 0; /* no option value contains '#' */
	char *s = trim(text);
	if (!*s)
		return 0;
	if (*s == '[') {
		size_t n = strlen(s);
		if (s[n - 1] != ']' || strncasecmp(s + 1, "set", 3) || !isspace((unsigned char)s[4]))
			return fail(r, "expected [set NAME], got '", s, "'");
		s[n - 1] = 0;
		return start_set(r, trim(s + 4));
	}
	char *key = s;
	s += strcspn(s, " \t=");
	/* "option value", "option=value" and "--option value" all work. */
	if (*s)
		*s++ = 0;
	char *val = trim(s);
	const char *k = key[0] == '-' && key[1] == '-' ? key + 2 : key;
	if (!strcmp(k, "domain") || !strcmp(key, "-D"))
		return start_domain(r, val);
	if (!strcmp(k, "set"))
		return start_set(r, val);
	struct hwpc_pc_setup *dst = r->in_set ? r->cur : &r->common;
	struct hwpc_err e;
	if (hwpc_pc_setup_option(dst, k, *val ? val : NULL, &e))
		return hwpc_err_set(r->err, e.status, "%s:%u: %s", r->name, r->line, e.msg);
	const char *const *names = hwpc_pc_setup_option_names();
	for (size_t i = 0; names[i]; i++)
		if (!strcmp(names[i], k)) {
			/* as on the command line: a value given once, given twice */
			if (r->block_line[i] && !hwpc_pc_setup_option_adds(k))
				return hwpc_err_set(r->err, HWPC_EINPUT, "%s:%u: %s given twice in this %s (lines %u and %u)",
						    r->name, r->line, k, r->in_set ? "set" : "domain", r->block_line[i],
						    r->line);
			r->block_line[i] = dst->opt_line[i] = r->line;
		}
	/* Options before any domain line make a section of their own: it
	 * starts here. */
	if (!r->dom_line && !r->in_set && !*r->domain)
		r->dom_line = r->line;
	return 0;
}

static int read_file(FILE *fp, const char *name, bool pick, const char *want, struct hwpc_pc_setfile *out,
		     struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	struct reader r = { .f = out, .name = name, .err = err, .pick = pick, .want = want };
	char buf[4096];
	int rc = 0;
	memset(out, 0, sizeof *out);
	snprintf(out->path, sizeof out->path, "%s", name);
	hwpc_pc_setup_init(&r.common);
	if (pick && !(r.scratch = malloc(sizeof *r.scratch)))
		return hwpc_err_set(err, HWPC_EOP, "out of memory reading %s", name);
	while (!rc && fgets(buf, sizeof buf, fp)) {
		r.line++;
		if (!strchr(buf, '\n') && !feof(fp))
			rc = fail(&r, "line too long", NULL, NULL);
		else
			rc = line_of(&r, buf);
	}
	if (!rc && ferror(fp))
		rc = hwpc_err_set(err, HWPC_EOP, "cannot read %s: %s", name, strerror(errno));
	if (!rc)
		rc = end_domain(&r);
	if (!rc && !out->n && !r.sets)
		rc = hwpc_err_set(err, HWPC_EINPUT, "%s: no setup in the file", name);
	/* The set asked is in no section: only the reader saw the others. */
	if (!rc && pick && want && !out->n) {
		struct hwpc_near near;
		hwpc_near_init(&near, want);
		for (size_t i = 0; i < r.all_sets.n; i++)
			hwpc_near_add(&near, r.all_sets.v[i]);
		const char *best = hwpc_near_best(&near);
		rc = hwpc_err_set(err, HWPC_EINPUT, "%s has no set '%s'%s%s%s", name, want, best ? " (did you mean " : "",
				  best ? best : "", best ? "?)" : "");
	}
	if (rc)
		hwpc_pc_setfile_free(out);
	names_free(&r.set_names);
	names_free(&r.dom_names);
	names_free(&r.all_sets);
	free(r.scratch);
	return rc;
}

int hwpc_pc_setfile_read(FILE *fp, const char *name, struct hwpc_pc_setfile *out, struct hwpc_err *err)
{
	return read_file(fp, name, false, NULL, out, err);
}

static int parse(const char *path, bool pick, const char *set, struct hwpc_pc_setfile *out, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	memset(out, 0, sizeof *out);
	FILE *fp = hwpc_input_fopen(path, NULL, err);
	if (!fp)
		return err->status;
	int rc = read_file(fp, path, pick, set, out, err);
	fclose(fp);
	return rc;
}

int hwpc_pc_setfile_parse(const char *path, struct hwpc_pc_setfile *out, struct hwpc_err *err)
{
	return parse(path, false, NULL, out, err);
}

int hwpc_pc_setfile_parse_pick(const char *path, const char *set, struct hwpc_pc_setfile *out, struct hwpc_err *err)
{
	return parse(path, true, set, out, err);
}

void hwpc_pc_setfile_free(struct hwpc_pc_setfile *f)
{
	free(f->e);
	f->e = NULL;
	f->n = 0;
}
