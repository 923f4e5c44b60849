/* SPDX-License-Identifier: MIT */
/* pcread [SETUP] -- COMMAND: count while a command runs, as perf stat
 * does.  Each device's domains are set up first when setup options or -f
 * FILE say how, else those counting (or -D's) are counted as they are
 * (pc/pc_cmd.h: hwpc_pc_around_set_*).  The counting begins just before the
 * command starts and ends when it ends; with -i each interval's counts are
 * printed as it ends.  The command's standard input and output are its
 * own: the report goes to standard error or -o FILE, and the exit status
 * is the command's (cli/common/runcmd.h). */
#include "pcread_mode.h"
#include "common/runcmd.h"
#include "pc/pc_cmd.h"

#include <stdio.h>

/* Without -i the quad sets are still swapped this often, so that none
 * saturates: a 32-bit CYCLES lasts 1.07 s at 4 GHz. */
#define POLL_NS 500000000ull

/* -- CMD is no option: the command line's end. */
static bool has_command(const struct pcread_opts *op)
{
	return op->cmd != NULL;
}

/* Every device sampled, and with -i the interval's records, each interval
 * as it ends. */
static int step(void *ctx, uint64_t k, bool ended)
{
	struct hwpc_pc_around_set *x = ctx;
	int rc = hwpc_pc_around_set_step(x, k);
	if (x->o->sampling)
		fflush(NULL);
	return rc;
}

/* The command has ended: the whole run's records, with its status. */
static int end(void *ctx, bool ok, int *status)
{
	return hwpc_pc_around_set_end(ctx, ok, status);
}

static int all(const struct pcread_run *r, struct hwpc_pc_devset_dev *const *ds, size_t n)
{
	const struct pcread_opts *op = r->op;
	const struct hwpc_pc_around_set_opts ao = {
		.around = { .setup = op->sopt, .nsetup = op->nsopt, .setfile = op->setfile, .set = op->set,
			    .domains = op->domains, .ndomains = op->ndomains, .force = op->force,
			    .dry_run = op->dry_run, .tell = cli_tell_v(op->verbose) },
		.fmt = op->fmt, .command = op->cmd[0], .sampling = op->have_interval,
	};
	struct hwpc_err err;
	struct hwpc_col cols[HWPC_PC_RUN_COLS];
	size_t ncols = hwpc_pc_run_cols(op->have_interval, cols);
	/* The report never mixes with the command's output (perf stat's way);
	 * a dry run runs nothing and prints its plan where reads print. */
	FILE *fp = op->output || op->dry_run ? r->of->fp : stderr;
	struct hwpc_out *o =
		cli_devices_out(r->devs, fp, op->fmt, op->dry_run ? NULL : cols, op->dry_run ? 0 : ncols, &err);
	struct hwpc_pc_around_set x = { 0 };
	int rc = !o ? cli_fail_err(&err) : hwpc_pc_around_set_begin(&x, ds, n, &ao, o);
	bool unstarted = false;
	if (!rc && !op->dry_run) {
		/* The devices are sampled every interval (host time: the
		 * command's) and when it ends. */
		rc = cli_cmd_every(op->cmd, op->have_interval ? op->interval_ns : POLL_NS, step, end, &x, r->whole);
		unstarted = rc && !*r->whole && rc == CLI_CMD_CANNOT_RUN;
	}
	/* A command that could not be started leaves no report. */
	if (o && !unstarted && hwpc_out_finish(o, &err) && (!rc || *r->whole)) {
		rc = cli_fail_err(&err);
		*r->whole = false;
	}
	hwpc_out_free(o);
	hwpc_pc_around_set_free(&x);
	return rc;
}

static int run(const struct pcread_run *r)
{
	static const struct pcread_pc_read how = { .all = all };
	return pcread_pc(r, &how);
}

const struct pcread_mode pcread_command = { .also = has_command, .run = run, .whole = HWPC_ELOST };
