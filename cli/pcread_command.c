/* SPDX-License-Identifier: MIT */
/* pcread [SETUP] -- COMMAND: count while a command runs, as perf stat
 * does.  The domains are set up first when setup options or -f FILE say
 * how (as pcsetup does it, refusing someone else's setup without --force),
 * else the domains that are counting (or -D's) are counted as they are.
 * The counting begins just before the command starts and ends when it
 * ends (hwpc_pc_span_*: quad-mode sets swapped and acked so that they
 * cover the whole run); with -i each interval's counts are printed as it
 * ends.  The command's standard input and output are its own: the report
 * goes to standard error or -o FILE, and the exit status is the
 * command's (cli/common/runcmd.h). */
#include "pcread_mode.h"
#include "common/runcmd.h"
#include "pc/pc_cmd.h"

#include <stdlib.h>
#include <string.h>

/* Without -i the quad sets are still swapped this often, so that none
 * saturates: a 32-bit CYCLES lasts 1.07 s at 4 GHz. */
#define POLL_NS 500000000ull

static bool asked(const struct pcread_opts *op)
{
	return op->cmd != NULL;
}

static bool has_setup(const struct pcread_opts *op)
{
	return op->nsopt || op->setfile;
}

/* The domains a setup puts in quad mode. */
static uint32_t quad_jobs(const struct hwpc_pc_jobset *js)
{
	uint32_t quad = 0;
	for (size_t j = 0; j < js->n; j++)
		quad |= (uint32_t)(js->job[j].setup->mode == HWPC_PC_QUAD) << js->job[j].dom;
	return quad;
}

/* The setup options or -f FILE, planned and (without --dry-run) made;
 * doms gets the domains set up. */
static int set_up(const struct pcread_opts *op, struct pcread_dev *p, struct hwpc_out *o, unsigned *doms,
		  unsigned *n)
{
	struct hwpc_err err;
	struct hwpc_pc_setup s;
	struct hwpc_pc_setfile f = { 0 };
	struct hwpc_wplan plan;
	struct hwpc_pc_jobset *js = calloc(1, sizeof *js);
	int rc = js ? 0 : cli_fail(HWPC_EOP, "out of memory");
	hwpc_pc_setup_init(&s);
	hwpc_wplan_init(&plan, p->dev);
	for (unsigned i = 0; i < op->nsopt && !rc; i++)
		if (hwpc_pc_setup_option(&s, op->sopt[i].name, op->sopt[i].value, &err))
			rc = cli_fail_err(&err);
	if (!rc && op->ndomains > 1)
		rc = cli_fail(HWPC_EINPUT, "a setup is for one domain (-D given %u times; a setup file sets up several)",
			      op->ndomains);
	if (!rc && ((op->setfile && hwpc_pc_setfile_parse_pick(op->setfile, op->set, &f, &err)) ||
		    hwpc_pc_jobset_pick(js, &p->layout, op->setfile ? &f : NULL, &s, op->ndomains ? op->domains[0] : NULL,
					op->set, &err) ||
		    (!op->force && hwpc_pc_jobset_check(js, p->dev, &p->layout, &err)) ||
		    hwpc_pc_setup_plan_many(p->dev, &p->layout, js->job, js->n, &plan, &err) ||
		    hwpc_pc_span_check(p->dev, &p->layout, quad_jobs(js), op->force, &err)))
		rc = cli_fail_err(&err);
	if (!rc && op->dry_run && hwpc_wplan_print(&plan, o, &err))
		rc = cli_fail_err(&err);
	else if (!rc && !op->dry_run && hwpc_pc_jobset_apply(js, &plan, &p->layout, &err))
		rc = cli_fail_err(&err);
	for (size_t j = 0; !rc && j < js->n; j++)
		doms[j] = js->job[j].dom;
	*n = js ? (unsigned)js->n : 0;
	hwpc_wplan_free(&plan);
	hwpc_pc_setfile_free(&f);
	if (js)
		hwpc_pc_jobset_unlock(js);
	free(js);
	return rc;
}

/* Without a setup: -D's domains, else those counting now (a single-event
 * process under way, or quad mode), each checked against pcsetup's note. */
static int pick(const struct pcread_opts *op, struct pcread_dev *p, unsigned *doms, unsigned *n)
{
	struct hwpc_err err;
	unsigned all[HWPC_PC_MAX_DOMAINS], nall;
	if (hwpc_pc_domains_pick(&p->layout, op->domains, op->ndomains, all, &nall, &err))
		return cli_fail(HWPC_EINPUT, "-D: %s", err.msg);
	*n = 0;
	for (unsigned i = 0; i < nall; i++) {
		struct pcread_dom *d = &p->doms[0];
		struct hwpc_pc_read_sample s;
		if (hwpc_pc_read_init(&d->r, p->dev, &p->layout, all[i], &err) || hwpc_pc_read(&d->r, false, &s, &err))
			return cli_fail_err(&err);
		bool counting = s.mode == HWPC_PC_READ_MODE_QUAD ||
				(s.mode == HWPC_PC_READ_MODE_SINGLE && strcmp(s.state_name, "INACTIVE"));
		if (!op->ndomains && !counting)
			continue;
		if (hwpc_pc_note_verify_dom(p->dev, d->r.di->name, op->verbose ? &cli_tell_verbose : &cli_tell,
					    &d->warned_setup, &p->suspect, &err))
			return cli_fail_err(&err);
		doms[(*n)++] = all[i];
	}
	if (!*n)
		return cli_fail(HWPC_EINPUT, "no domain of %s is counting: give setup options before --, set one up "
				"with pcsetup, or name the domains with -D", p->name);
	return 0;
}

/* One device ready to count: set up, its domains begun. */
static int begin(const struct pcread_opts *op, struct pcread_dev *p, struct hwpc_pc_span *sp, struct hwpc_out *o)
{
	struct hwpc_err err;
	struct hwpc_pcr *rs[HWPC_PC_MAX_DOMAINS];
	unsigned doms[HWPC_PC_MAX_DOMAINS], n = 0;
	int rc = has_setup(op) ? set_up(op, p, o, doms, &n) : pick(op, p, doms, &n);
	/* A setup lands on each domain's next cycle: what is read before is
	 * the old one's. */
	for (unsigned i = 0; i < n && !rc && !op->dry_run && has_setup(op); i++)
		if (hwpc_pc_wait_cycles(p->dev, &p->layout, doms[i], 1, i ? 0 : 10000, &err))
			rc = cli_fail_err(&err);
	for (unsigned i = 0; i < n && !rc && !op->dry_run; i++) {
		if (hwpc_pc_read_init(&p->doms[i].r, p->dev, &p->layout, doms[i], &err))
			return cli_fail_err(&err);
		rs[i] = &p->doms[i].r;
	}
	p->ndoms = n;
	if (!rc && !op->dry_run && hwpc_pc_span_begin(sp, p->dev, &p->layout, rs, n, op->force, &err))
		rc = cli_fail_err(&err);
	if (!rc && sp->others)
		cli_warn("--force: PM_TRIGGER, fired to swap the quad sets, swaps those of %s too: whoever reads them loses them",
			 sp->others_names);
	for (unsigned i = 0; !rc && !op->dry_run && i < n; i++)
		if (sp->left_out >> doms[i] & 1)
			cli_warn("%s: record mode writes its counts to memory (tsdump --record reads them): left out",
				 p->layout.dom[doms[i]].name);
	return rc;
}

/* Every device's domains: an interval's records, or the whole run's. */
static int report(const struct pcread_run *r, struct pcread_dev *const *ps, struct hwpc_pc_span *sps, size_t np,
		  struct hwpc_out *o, const struct hwpc_pc_run_what *w0)
{
	struct hwpc_err err;
	for (size_t j = 0; j < np; j++) {
		struct hwpc_pc_run_what w = *w0;
		if (ps[j]->failed)
			continue;
		w.can_lag = hwpc_dev_lag_ns(ps[j]->dev, &w.lag_ns);
		cli_devices_tag(r->devs, ps[j]->index, o);
		for (unsigned i = 0; i < sps[j].n; i++)
			if (hwpc_pc_run_out(o, r->op->fmt, &sps[j].d[i], &w, &err))
				return cli_fail_err(&err);
	}
	return 0;
}

/* Sample every device; one that fails is reported and left out.  A
 * domain set up again meanwhile is said, and makes the run suspect. */
static int sample(struct pcread_dev *const *ps, struct hwpc_pc_span *sps, size_t np)
{
	struct hwpc_err err;
	int rc = 0;
	for (size_t j = 0; j < np; j++) {
		if (!ps[j]->failed && hwpc_pc_span_sample(&sps[j], &err)) {
			rc = cli_fail(err.status, "%s%s%s", np > 1 ? ps[j]->name : "", np > 1 ? ": " : "", err.msg);
			ps[j]->failed = true;
		}
		for (unsigned i = 0; !ps[j]->failed && i < sps[j].n; i++) {
			const struct hwpc_pc_span_dom *d = &sps[j].d[i];
			if (!d->reprogrammed)
				continue;
			cli_warn("%s%s%s: %s while it was counted: the counts of that interval and of the run are lost "
				 "(null)", np > 1 ? ps[j]->name : "", np > 1 ? ": " : "", d->r->di->name, d->why);
			ps[j]->suspect = true;
		}
	}
	return rc;
}

/* The command runs; the devices are sampled every interval (host time:
 * the command's) and when it ends. */
static int count(const struct pcread_run *r, struct pcread_dev *const *ps, struct hwpc_pc_span *sps, size_t np,
		 struct hwpc_out *o)
{
	const struct pcread_opts *op = r->op;
	struct cli_cmd_run c;
	struct hwpc_pc_run_what w = { .command = op->cmd[0], .sampling = op->have_interval, .interval = true };
	uint64_t period = op->have_interval ? op->interval_ns : POLL_NS, t0 = hwpc_host_now_ns();
	int rc = cli_cmd_start(&c, op->cmd), drc = 0;
	if (rc)
		return rc; /* nothing ran: no report */
	*r->whole = true;
	for (uint64_t k = 1;; k++) {
		uint64_t due = t0 + k * period, now = hwpc_host_now_ns();
		bool ended = cli_cmd_wait(&c, due > now ? due - now : 0);
		drc = sample(ps, sps, np) ? HWPC_EOP : drc;
		w.sample = k - 1;
		if (op->have_interval && !rc && !(rc = report(r, ps, sps, np, o, &w)))
			fflush(NULL); /* each interval as it ends */
		if (ended)
			break;
	}
	cli_cmd_finish(&c);
	w.interval = false;
	w.status = c.status;
	if (!rc)
		rc = report(r, ps, sps, np, o, &w);
	*r->whole = !rc;
	return rc ? rc : drc && np == 1 ? drc : c.status;
}

static int all(const struct pcread_run *r, struct pcread_dev *const *ps, size_t np)
{
	const struct pcread_opts *op = r->op;
	struct hwpc_err err;
	struct hwpc_col cols[HWPC_PC_RUN_COLS];
	size_t ncols = hwpc_pc_run_cols(op->have_interval, cols);
	/* The report never mixes with the command's output (perf stat's way);
	 * a dry run runs nothing and prints its plan where reads print. */
	FILE *fp = op->output || op->dry_run ? r->of->fp : stderr;
	struct hwpc_out *o = cli_devices_out(r->devs, fp, op->fmt, op->dry_run ? NULL : cols, op->dry_run ? 0 : ncols,
					     &err);
	struct hwpc_pc_span *sps = calloc(np, sizeof *sps);
	int rc = !o ? cli_fail_err(&err) : !sps ? cli_fail(HWPC_EOP, "out of memory") : 0;
	for (size_t j = 0; j < np && !rc; j++) {
		cli_devices_tag(r->devs, ps[j]->index, o);
		int drc = begin(op, ps[j], &sps[j], o);
		rc = drc && np == 1 ? drc : 0;
		ps[j]->failed = drc != 0;
	}
	bool unstarted = false;
	if (!rc && !op->dry_run) {
		rc = count(r, ps, sps, np, o);
		unstarted = rc && !*r->whole && rc == CLI_CMD_CANNOT_RUN;
	}
	/* A command that could not be started leaves no report. */
	if (o && !unstarted && hwpc_out_finish(o, &err) && (!rc || *r->whole)) {
		rc = cli_fail_err(&err);
		*r->whole = false;
	}
	hwpc_out_free(o);
	free(sps);
	return rc;
}

static int run(const struct pcread_run *r)
{
	static const struct pcread_pc_read how = { .all = all };
	return pcread_pc(r, &how);
}

const struct pcread_mode pcread_command = { .asked = asked, .run = run, .whole = HWPC_ELOST };
