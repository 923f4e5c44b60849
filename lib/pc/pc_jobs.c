/* SPDX-License-Identifier: MIT */
/* Which setups of a setup file apply, and to which domain: the rule
 * pcsetup -f and pcread -f share (see hwpc/pc_setup.h). */
#include "core/err_local.h"
#include "hwpc/pc.h"

#include <stdio.h>
#include <string.h>

int hwpc_pc_job_domain(const struct hwpc_pc_layout *l, const char *name, const char *where, unsigned *dom,
		       struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	if (name && *name) {
		struct hwpc_err why;
		if (hwpc_pc_domain_find(l, name, dom, &why))
			return hwpc_err_set(err, HWPC_EINPUT, "%s%s", where, why.msg);
		return 0;
	}
	if (l->ndomains != 1)
		return hwpc_err_set(err, HWPC_EINPUT, "%sno domain: give -D NAME|N (%s has %u domains)", where,
				    l->chip->name, l->ndomains);
	*dom = 0;
	return 0;
}

static void where_of(const struct hwpc_pc_setfile *f, const struct hwpc_pc_setfile_entry *e, char *buf, size_t len)
{
	snprintf(buf, len, "%s:%u: ", f->path, e->line);
}

/* Is entry i the first of its domain's section in the file? */
static bool first_of_domain(const struct hwpc_pc_setfile *f, size_t i)
{
	for (size_t k = 0; k < i; k++)
		if (!strcmp(f->e[k].domain, f->e[i].domain))
			return false;
	return true;
}

int hwpc_pc_setfile_jobs(const struct hwpc_pc_layout *l, const struct hwpc_pc_setfile *f, const char *domain,
			 const char *set, struct hwpc_pc_job *jobs, struct hwpc_pc_note *recs, size_t max,
			 size_t *n, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	bool found_set = false;
	unsigned want = 0;
	*n = 0;
	if (domain && hwpc_pc_job_domain(l, domain, "", &want, err))
		return err->status;
	for (size_t i = 0; i < f->n; i++) {
		const struct hwpc_pc_setfile_entry *e = &f->e[i];
		char where[300];
		unsigned d;
		if (set ? strcmp(e->set, set) : !first_of_domain(f, i))
			continue;
		found_set = true;
		where_of(f, e, where, sizeof where);
		if (hwpc_pc_job_domain(l, *e->domain ? e->domain : domain, where, &d, err))
			return err->status;
		if (domain && d != want)
			continue; /* -D picks the file's sections for that domain */
		/* Options before any domain line are a section for the only
		 * domain: a later section naming it sets it up again. */
		for (size_t k = 0; k < *n; k++)
			if (jobs[k].dom == d)
				return hwpc_err_set(err, HWPC_EINPUT, "%sdomain %s has a section already (line %u)", where,
						    l->dom[d].name, jobs[k].setup->line);
		if (*n >= max)
			return hwpc_err_set(err, HWPC_EINPUT, "more than %zu domains", max);
		jobs[*n] = (struct hwpc_pc_job){ d, &e->setup, recs ? &recs[*n] : NULL, f->path };
		(*n)++;
	}
	if (set && !found_set)
		return hwpc_err_set(err, HWPC_EINPUT, "%s has no set '%s'", f->path, set);
	if (!*n)
		return hwpc_err_set(err, HWPC_EINPUT, "%s has no setup for domain %s", f->path, domain ? domain : "");
	return 0;
}

int hwpc_pc_setfile_rotation_domain(const struct hwpc_pc_layout *l, const struct hwpc_pc_setfile *f,
				    const char *domain, unsigned *dom, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	const char *want = domain;
	for (size_t j = 0; j < f->n; j++) {
		const struct hwpc_pc_setfile_entry *e = &f->e[j];
		char where[300];
		unsigned d;
		where_of(f, e, where, sizeof where);
		if (hwpc_pc_job_domain(l, *e->domain ? e->domain : domain, where, &d, err))
			return err->status;
		if (j && d != *dom)
			return hwpc_err_set(err, HWPC_EINPUT, "%sdomain %s: one domain rotates at a time (%s)", where,
					    l->dom[d].name, want ? want : l->dom[*dom].name);
		*dom = d;
		if (!want)
			want = e->domain;
	}
	if (!f->n)
		return hwpc_err_set(err, HWPC_EINPUT, "%s has no counter set", f->path);
	return 0;
}
