/* SPDX-License-Identifier: MIT */
/* One device's PCOUNTER domains counted around a command (pc_cmd.h,
 * pcread -- CMD): set up as pcsetup sets them up, or those counting now,
 * then a span (pc_span.c) sampled as the command runs. */
#include "pc/pc_cmd.h"
#include "core/err_local.h"

#include <stdlib.h>
#include <string.h>

/* The domains a setup sets up (all), or puts in quad mode. */
static uint32_t jobs(const struct hwpc_pc_jobset *js, bool quad_only)
{
	uint32_t doms = 0;
	for (size_t j = 0; j < js->n; j++)
		if (!quad_only || js->job[j].setup->mode == HWPC_PC_QUAD)
			doms |= 1u << js->job[j].dom;
	return doms;
}

/* The setup options or the setup file, planned, checked (someone else's
 * setup, a PM_TRIGGER swap of other domains' sets: before any write) and,
 * without dry_run, made; with dry_run the plan goes to plan_out.  doms
 * gets the domains set up. */
static int set_up(struct hwpc_pc_around *a, const struct hwpc_pc_around_opts *o, struct hwpc_out *plan_out,
		  unsigned *doms, struct hwpc_err *err)
{
	struct hwpc_pc_setup s;
	struct hwpc_pc_setfile f = { 0 };
	struct hwpc_wplan plan;
	struct hwpc_pc_jobset *js = calloc(1, sizeof *js);
	int rc = js ? 0 : hwpc_err_set(err, HWPC_EOP, "out of memory");
	hwpc_pc_setup_init(&s);
	hwpc_wplan_init(&plan, a->dev);
	for (unsigned i = 0; i < o->nsetup && !rc; i++)
		rc = hwpc_pc_setup_option(&s, o->setup[i].name, o->setup[i].value, err);
	if (!rc && o->ndomains > 1)
		rc = hwpc_err_set(err, HWPC_EINPUT, "a setup is for one domain (-D given %u times; a setup file sets up "
				  "several)", o->ndomains);
	if (!rc && ((o->setfile && hwpc_pc_setfile_parse_pick(o->setfile, o->set, &f, err)) ||
		    hwpc_pc_jobset_pick(js, a->l, o->setfile ? &f : NULL, &s, o->ndomains ? o->domains[0] : NULL, o->set,
					err) ||
		    (!o->force && hwpc_pc_jobset_check(js, a->dev, a->l, err)) ||
		    hwpc_pc_setup_plan_many(a->dev, a->l, js->job, js->n, &plan, err) ||
		    hwpc_pc_span_check(a->dev, a->l, jobs(js, false), jobs(js, true), o->force, err)))
		rc = err->status;
	if (!rc && o->dry_run)
		rc = hwpc_wplan_print(&plan, plan_out, err);
	else if (!rc)
		rc = hwpc_pc_jobset_apply(js, &plan, a->l, err);
	for (size_t j = 0; !rc && j < js->n; j++)
		doms[j] = js->job[j].dom;
	a->n = js && !rc ? (unsigned)js->n : 0;
	hwpc_wplan_free(&plan);
	hwpc_pc_setfile_free(&f);
	if (js)
		hwpc_pc_jobset_unlock(js);
	free(js);
	return rc;
}

/* Without a setup: the domains named, else those counting now (a
 * single-event process under way, or quad mode), each held against
 * pcsetup's note. */
static int pick(struct hwpc_pc_around *a, const struct hwpc_pc_around_opts *o, unsigned *doms, struct hwpc_err *err)
{
	unsigned all[HWPC_PC_MAX_DOMAINS], nall;
	bool warned = false;
	if (hwpc_pc_domains_pick(a->l, o->domains, o->ndomains, all, &nall, err))
		return hwpc_err_prefix(err, "-D");
	a->n = 0;
	for (unsigned i = 0; i < nall; i++) {
		struct hwpc_pc_read_sample s;
		if (hwpc_pc_read_init(&a->r[0], a->dev, a->l, all[i], err) || hwpc_pc_read(&a->r[0], false, &s, err))
			return err->status;
		bool counting = s.mode == HWPC_PC_READ_MODE_QUAD ||
				(s.mode == HWPC_PC_READ_MODE_SINGLE && strcmp(s.state_name, "INACTIVE"));
		if (!o->ndomains && !counting)
			continue;
		if (hwpc_pc_note_verify_dom(a->dev, a->r[0].di->name, o->tell, &warned, &a->suspect, err))
			return err->status;
		doms[a->n++] = all[i];
	}
	if (!a->n)
		return hwpc_err_set(err, HWPC_EINPUT, "no domain of %s is counting: give setup options before --, set one "
				    "up with pcsetup, or name the domains with -D", o->name);
	return 0;
}

int hwpc_pc_around_begin(struct hwpc_pc_around *a, struct hwpc_dev *dev, const struct hwpc_pc_layout *l,
			 const struct hwpc_pc_around_opts *o, struct hwpc_out *plan_out, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	struct hwpc_pcr *rs[HWPC_PC_MAX_DOMAINS];
	unsigned doms[HWPC_PC_MAX_DOMAINS];
	bool setup = o->nsetup || o->setfile;
	memset(a, 0, sizeof *a);
	a->dev = dev;
	a->l = l;
	int rc = setup ? set_up(a, o, plan_out, doms, err) : pick(a, o, doms, err);
	if (rc || o->dry_run)
		return rc;
	/* A setup lands on each domain's next cycle: what is read before is
	 * the old one's. */
	for (unsigned i = 0; i < a->n && setup; i++)
		if (hwpc_pc_wait_cycles(dev, l, doms[i], 1, i ? 0 : 10000, err))
			return err->status;
	for (unsigned i = 0; i < a->n; i++) {
		if (hwpc_pc_read_init(&a->r[i], dev, l, doms[i], err))
			return err->status;
		rs[i] = &a->r[i];
	}
	if (hwpc_pc_span_begin(&a->sp, dev, l, rs, a->n, o->force, err))
		return err->status;
	if (a->sp.others)
		hwpc_tell_warn(o->tell, "--force: PM_TRIGGER, fired to swap the quad sets, swaps those of %s too: whoever "
			       "reads them loses them", a->sp.others_names);
	for (unsigned i = 0; i < a->n; i++)
		if (a->sp.left_out >> doms[i] & 1)
			hwpc_tell_warn(o->tell, "%s: record mode writes its counts to memory (tsdump --record reads "
				       "them): left out", l->dom[doms[i]].name);
	return 0;
}

int hwpc_pc_around_sample(struct hwpc_pc_around *a, const char *who, const struct hwpc_tell *tell)
{
	struct hwpc_err err;
	if (hwpc_pc_span_sample(&a->sp, &err)) {
		if (who)
			hwpc_err_prefix(&err, "%s", who);
		return hwpc_tell_fail(tell, &err);
	}
	for (unsigned i = 0; i < a->sp.n; i++) {
		const struct hwpc_pc_span_dom *d = &a->sp.d[i];
		if (!d->reprogrammed)
			continue;
		hwpc_tell_warn(tell, "%s%s%s: %s while it was counted: the counts of that interval and of the run are "
			       "lost", who ? who : "", who ? ": " : "", d->r->di->name, d->why);
		a->suspect = true;
	}
	return 0;
}

int hwpc_pc_around_out(const struct hwpc_pc_around *a, struct hwpc_out *o, enum hwpc_format fmt,
		       const struct hwpc_pc_run_what *what, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	struct hwpc_pc_run_what w = *what;
	w.can_lag = hwpc_dev_lag_ns(a->dev, &w.lag_ns);
	for (unsigned i = 0; i < a->sp.n; i++)
		if (hwpc_pc_run_out(o, fmt, &a->sp.d[i], &w, err))
			return err->status;
	return 0;
}
