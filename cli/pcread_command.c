/* SPDX-License-Identifier: MIT */
/* pcread [SETUP] -- COMMAND: count while a command runs, as perf stat
 * does.  Each device's domains are set up first when setup options or -f
 * FILE say how, else those counting (or -D's) are counted as they are
 * (pc/pc_cmd.h: hwpc_pc_around_*).  The counting begins just before the
 * command starts and ends when it ends; with -i each interval's counts are
 * printed as it ends.  The command's standard input and output are its
 * own: the report goes to standard error or -o FILE, and the exit status
 * is the command's (cli/common/runcmd.h). */
#include "pcread_mode.h"
#include "common/runcmd.h"
#include "pc/pc_cmd.h"

#include <stdio.h>
#include <stdlib.h>

/* Without -i the quad sets are still swapped this often, so that none
 * saturates: a 32-bit CYCLES lasts 1.07 s at 4 GHz. */
#define POLL_NS 500000000ull

/* The run: every device's span, and what the records say. */
struct around_run {
	const struct pcread_run *r;
	struct hwpc_pc_devset_dev *const *ps;
	struct hwpc_pc_around *as;
	size_t np;
	struct hwpc_out *o;
	struct hwpc_pc_run_what w;
	int drc; /* a device that failed while sampled */
};

/* -- CMD is no option: the command line's end. */
static bool has_command(const struct pcread_opts *op)
{
	return op->cmd != NULL;
}

/* Every device's domains: an interval's records, or the whole run's. */
static int report(struct around_run *x)
{
	struct hwpc_err err;
	for (size_t j = 0; j < x->np; j++) {
		if (x->ps[j]->failed)
			continue;
		hwpc_pc_devset_tag(x->ps[j], x->o);
		if (hwpc_pc_around_out(&x->as[j], x->o, x->r->op->fmt, &x->w, &err))
			return cli_fail_err(&err);
	}
	return 0;
}

/* Every device sampled (one that fails is reported and left out), and with
 * -i the interval's records. */
static int step(void *ctx, uint64_t k, bool ended)
{
	struct around_run *x = ctx;
	for (size_t j = 0; j < x->np; j++) {
		if (x->ps[j]->failed)
			continue;
		if (hwpc_pc_around_sample(&x->as[j], x->np > 1 ? x->ps[j]->name : NULL, &cli_tell)) {
			x->drc = HWPC_EOP;
			x->ps[j]->failed = true;
		}
		x->ps[j]->suspect |= x->as[j].suspect;
	}
	x->w.sample = k;
	if (!x->r->op->have_interval)
		return 0;
	int rc = report(x);
	fflush(NULL); /* each interval as it ends */
	return rc;
}

/* The command has ended: the whole run's records, with its status; a
 * device that failed while sampled, alone, makes the run's status 1. */
static int end(void *ctx, bool ok, int *status)
{
	struct around_run *x = ctx;
	x->w.interval = false;
	x->w.status = *status;
	if (x->drc && x->np == 1)
		*status = x->drc;
	return ok ? report(x) : 0;
}

static int all(const struct pcread_run *r, struct hwpc_pc_devset_dev *const *ps, size_t np)
{
	const struct pcread_opts *op = r->op;
	struct hwpc_err err;
	struct hwpc_col cols[HWPC_PC_RUN_COLS];
	size_t ncols = hwpc_pc_run_cols(op->have_interval, cols);
	/* The report never mixes with the command's output (perf stat's way);
	 * a dry run runs nothing and prints its plan where reads print. */
	FILE *fp = op->output || op->dry_run ? r->of->fp : stderr;
	struct around_run x = {
		.r = r, .ps = ps, .np = np, .as = calloc(np, sizeof *x.as),
		.o = cli_devices_out(r->devs, fp, op->fmt, op->dry_run ? NULL : cols, op->dry_run ? 0 : ncols, &err),
	};
	int rc = !x.o ? cli_fail_err(&err) : !x.as ? cli_fail(HWPC_EOP, "out of memory") : 0;
	for (size_t j = 0; j < np && !rc; j++) {
		const struct hwpc_pc_around_opts ao = {
			.setup = op->sopt, .nsetup = op->nsopt, .setfile = op->setfile, .set = op->set,
			.domains = op->domains, .ndomains = op->ndomains, .force = op->force, .dry_run = op->dry_run,
			.tell = cli_tell_v(op->verbose), .name = ps[j]->name,
		};
		hwpc_pc_devset_tag(ps[j], x.o);
		int drc = hwpc_pc_around_begin(&x.as[j], ps[j]->dev, &ps[j]->layout, &ao, x.o, &err) ? cli_fail_err(&err)
												: 0;
		ps[j]->suspect |= x.as[j].suspect;
		rc = drc && np == 1 ? drc : 0;
		ps[j]->failed = drc != 0;
	}
	bool unstarted = false;
	if (!rc && !op->dry_run) {
		/* The devices are sampled every interval (host time: the
		 * command's) and when it ends. */
		x.w = (struct hwpc_pc_run_what){ .command = op->cmd[0], .sampling = op->have_interval,
						 .interval = true };
		rc = cli_cmd_every(op->cmd, op->have_interval ? op->interval_ns : POLL_NS, step, end, &x, r->whole);
		unstarted = rc && !*r->whole && rc == CLI_CMD_CANNOT_RUN;
	}
	/* A command that could not be started leaves no report. */
	if (x.o && !unstarted && hwpc_out_finish(x.o, &err) && (!rc || *r->whole)) {
		rc = cli_fail_err(&err);
		*r->whole = false;
	}
	hwpc_out_free(x.o);
	free(x.as);
	return rc;
}

static int run(const struct pcread_run *r)
{
	static const struct pcread_pc_read how = { .all = all };
	return pcread_pc(r, &how);
}

const struct pcread_mode pcread_command = { .also = has_command, .run = run, .whole = HWPC_ELOST };
