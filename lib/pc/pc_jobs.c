/* SPDX-License-Identifier: MIT */
/* Which setups of a setup file apply, and to which domain: the rule
 * pcsetup -f and pcread -f share (see hwpc/pc_setup.h). */
#include "core/err_local.h"
#include "core/rundir.h"
#include "core/strdist.h"
#include "pc/pc_cmd.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

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

/* Is entry i the first of its domain's section in the file?  A domain has
 * one section (the reader refuses a second) and a section's entries come
 * one after the other. */
static bool first_of_domain(const struct hwpc_pc_setfile *f, size_t i)
{
	return i == 0 || strcmp(f->e[i - 1].domain, f->e[i].domain);
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
	if (set && !found_set) {
		struct hwpc_near near;
		hwpc_near_init(&near, set);
		for (size_t i = 0; i < f->n; i++)
			if (*f->e[i].set)
				hwpc_near_add(&near, f->e[i].set);
		const char *best = hwpc_near_best(&near);
		return hwpc_err_set(err, HWPC_EINPUT, "%s has no set '%s'%s%s%s", f->path, set, best ? " (did you mean " : "",
				    best ? best : "", best ? "?)" : "");
	}
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

/* ---- A set of jobs as pcsetup applies it (pc_cmd.h) --------------------- */

int hwpc_pc_jobset_pick(struct hwpc_pc_jobset *js, const struct hwpc_pc_layout *l, const struct hwpc_pc_setfile *f,
			const struct hwpc_pc_setup *s, const char *domain, const char *set, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	memset(js, 0, sizeof *js);
	if (f)
		return hwpc_pc_setfile_jobs(l, f, domain, set, js->job, js->rec, HWPC_PC_MAX_DOMAINS, &js->n, err);
	if (hwpc_pc_job_domain(l, domain, "", &js->job[0].dom, err))
		return err->status;
	js->job[0].setup = s;
	js->job[0].rec = &js->rec[0];
	js->n = 1;
	return 0;
}

/* The setup lock: a file of its own in the runtime directory (the notes'
 * directory lock is taken while each note is saved, inside it). */
static int setup_lock(struct hwpc_pc_jobset *js, struct hwpc_err *err)
{
	char dir[400];
	int dirfd;
	if (js->lock)
		return 0;
	if (hwpc_runtime_dir_open(dir, sizeof dir, &dirfd, err))
		return err->status;
	int fd = openat(dirfd, "setup.lock", O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600);
	int e = errno;
	close(dirfd);
	if (fd < 0)
		return hwpc_err_set(err, HWPC_EOP, "cannot open %s/setup.lock: %s", dir, strerror(e));
	while (flock(fd, LOCK_EX) && errno == EINTR)
		;
	js->lock = fd + 1;
	return 0;
}

void hwpc_pc_jobset_unlock(struct hwpc_pc_jobset *js)
{
	if (js->lock)
		close(js->lock - 1); /* and the lock with it */
	js->lock = 0;
}

int hwpc_pc_jobset_check(struct hwpc_pc_jobset *js, struct hwpc_dev *dev, const struct hwpc_pc_layout *l,
			 struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	if (setup_lock(js, err))
		return err->status;
	for (size_t j = 0; j < js->n; j++) {
		bool foreign;
		char why[320];
		/* A setup that only pulses triggers reprograms nothing. */
		if (!(js->job[j].setup->given & ~HWPC_PC_SETUP_TRIGGERS))
			continue;
		if (hwpc_pc_foreign(dev, l, js->job[j].dom, &foreign, why, sizeof why, err))
			return err->status;
		if (foreign)
			return hwpc_err_set(err, HWPC_EINPUT, "%s: %s (--force reprograms it)", l->dom[js->job[j].dom].name,
					    why);
	}
	return 0;
}

int hwpc_pc_jobset_apply(struct hwpc_pc_jobset *js, struct hwpc_wplan *plan, const struct hwpc_pc_layout *l,
			 struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	int rc = hwpc_wplan_apply(plan, err) ? err->status : 0;
	for (size_t j = 0; !rc && j < js->n; j++) {
		const char *name = l->dom[js->job[j].dom].name;
		/* Raw writes alone change some registers: what the record says
		 * of the others still holds. */
		bool raw = !(js->job[j].setup->given & ~HWPC_PC_SETUP_TRIGGERS);
		if (js->rec[j].n && (raw ? hwpc_pc_note_merge(plan->dev, name, &js->rec[j], err)
					 : hwpc_pc_note_save(plan->dev, name, &js->rec[j], err)))
			rc = err->status;
	}
	hwpc_pc_jobset_unlock(js);
	return rc;
}
