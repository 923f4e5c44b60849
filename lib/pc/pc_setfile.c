/* SPDX-License-Identifier: MIT */
/* Setup files (pcsetup -f): the setup options one a line, grouped into
 * domains and counter sets, so that bring-up scripts can keep setups in
 * version control and pcread can rotate the sets.  Errors name file:line. */
#include "core/err_local.h"
#include "hwpc/core.h"
#include "hwpc/pc.h"
#include "pc/pc_cmd.h"
#include "core/core_cmd.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

struct reader {
	struct hwpc_pc_setfile *f;
	const char *name;
	unsigned line;
	/* the domain section being read */
	char domain[32];
	unsigned dom_line;
	struct hwpc_pc_setup common;
	bool in_set;     /* a set line has been seen in this section */
	size_t first;    /* index of the section's first entry */
	struct hwpc_err *err;
};

static int fail(struct reader *r, const char *fmt, const char *a, const char *b)
{
	return hwpc_err_set(r->err, HWPC_EINPUT, "%s:%u: %s%s%s", r->name, r->line, fmt, a ? a : "", b ? b : "");
}

static int add_entry(struct reader *r, const char *set)
{
	struct hwpc_pc_setfile *f = r->f;
	for (size_t i = r->first; i < f->n; i++)
		if (!strcmp(f->e[i].set, set))
			return fail(r, "set '", set, "' given twice in this domain");
	struct hwpc_pc_setfile_entry *e = realloc(f->e, (f->n + 1) * sizeof *e);
	if (!e)
		return hwpc_err_set(r->err, HWPC_EOP, "out of memory reading %s", r->name);
	f->e = e;
	e = &f->e[f->n++];
	memset(e, 0, sizeof *e);
	snprintf(e->domain, sizeof e->domain, "%s", r->domain);
	snprintf(e->set, sizeof e->set, "%s", set);
	e->line = r->line;
	e->setup = r->common;
	e->setup.line = r->line;
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
	for (size_t i = 0; i < r->f->n; i++)
		if (!strcasecmp(r->f->e[i].domain, name))
			return fail(r, "domain '", name, "' has a section already");
	snprintf(r->domain, sizeof r->domain, "%s", name);
	r->dom_line = r->line;
	hwpc_pc_setup_init(&r->common);
	r->in_set = false;
	r->first = r->f->n;
	return 0;
}

static int start_set(struct reader *r, const char *name)
{
	if (!*name)
		return fail(r, "set needs a NAME", NULL, NULL);
	if (strlen(name) >= sizeof r->f->e[0].set)
		return fail(r, "set name too long: ", name, NULL);
	r->in_set = true;
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
	struct hwpc_pc_setup *dst = r->in_set ? &r->f->e[r->f->n - 1].setup : &r->common;
	struct hwpc_err e;
	if (hwpc_pc_setup_option(dst, k, *val ? val : NULL, &e))
		return hwpc_err_set(r->err, e.status, "%s:%u: %s", r->name, r->line, e.msg);
	const char *const *names = hwpc_pc_setup_option_names();
	for (size_t i = 0; names[i]; i++)
		if (!strcmp(names[i], k))
			dst->opt_line[i] = r->line;
	/* Options before any domain line make a section of their own: it
	 * starts here. */
	if (!r->dom_line && !r->in_set && !*r->domain)
		r->dom_line = r->line;
	return 0;
}

int hwpc_pc_setfile_read(FILE *fp, const char *name, struct hwpc_pc_setfile *out, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	struct reader r = { .f = out, .name = name, .err = err };
	char buf[4096];
	int rc = 0;
	memset(out, 0, sizeof *out);
	snprintf(out->path, sizeof out->path, "%s", name);
	hwpc_pc_setup_init(&r.common);
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
	if (!rc && !out->n)
		rc = hwpc_err_set(err, HWPC_EINPUT, "%s: no setup in the file", name);
	if (rc)
		hwpc_pc_setfile_free(out);
	return rc;
}

int hwpc_pc_setfile_parse(const char *path, struct hwpc_pc_setfile *out, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	memset(out, 0, sizeof *out);
	FILE *fp = hwpc_input_fopen(path, NULL, err);
	if (!fp)
		return err->status;
	int rc = hwpc_pc_setfile_read(fp, path, out, err);
	fclose(fp);
	return rc;
}

void hwpc_pc_setfile_free(struct hwpc_pc_setfile *f)
{
	free(f->e);
	f->e = NULL;
	f->n = 0;
}
