/* SPDX-License-Identifier: MIT */
/* pcread on an R10000/R12000: both counters as 64-bit virtual counters
 * (once, or every interval), more events than counters by rotation, or
 * around a command (r10k/r10k_cmd.h: hwpc_r10k_run_*). */
#include "pcread_mode.h"
#include "common/runcmd.h"
#include "r10k/r10k_cmd.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

static const char *one_device(const struct pcread_opts *op)
{
	return "reading an R10000/R12000";
}

/* Each interval as it ends; a write that failed ends the run (its errno,
 * not whatever a later call left there). */
static int flush_all(void *ctx)
{
	(void)ctx;
	errno = 0;
	return fflush(NULL) ? (errno ? errno : EIO) : 0;
}

/* -- COMMAND [ARG...]: the counters (or the events multiplexed) from just
 * before the command starts to when it ends; with -i each interval's
 * counts as it ends, else one record of the whole run.  The report goes
 * to standard error or -o FILE; the status is the command's. */
static int command(const struct pcread_run *r, struct hwpc_r10k_run *x)
{
	struct hwpc_err err;
	if (hwpc_r10k_run_cmd_begin(x, &err))
		return cli_fail_err(&err);
	return cli_cmd_every(r->op->cmd, hwpc_r10k_run_period_ns(x), hwpc_r10k_run_cmd_step, hwpc_r10k_run_cmd_end, x,
			     r->whole);
}

/* The PCOUNTER options have no meaning here. */
static int check(const struct pcread_opts *op)
{
	const char *bad = op->ndomains ? "-D" : op->profile ? "--profile" : op->ack ? "--ack" : op->expr ? "--expr"
			  : op->signals ? "--signals" : op->scan_ns ? "--scan" : op->setfile ? "-f"
			  : op->fmt == HWPC_FMT_TRACE ? "--format trace" : NULL;
	if (bad)
		return cli_fail(HWPC_EINPUT, "%s is for PCOUNTER domains; an R10000/R12000 takes -i, -n, --events, "
				"--modes, --strict and --format text|json|csv", bad);
	if (op->modes && !op->events)
		return cli_fail(HWPC_EINPUT, "--modes applies to --events (pcsetup --modes sets a counter's modes)");
	if (op->nsopt || op->setfile)
		return cli_fail(HWPC_EINPUT, "an R10000/R12000 counts --events LIST around a command (pcsetup sets a "
				"counter up), not --%s", op->nsopt ? op->sopt[0].name : "file");
	if (op->trigger || op->clocks)
		return cli_fail(HWPC_EINPUT, "%s is for PCOUNTER domains", op->trigger ? "--trigger" : "--clocks");
	if (op->events && !op->have_interval && !op->cmd)
		return cli_fail(HWPC_EINPUT, "--events needs -i: how long each event counts in its turn");
	return 0;
}

/* The report could not be written: said here, and -o FILE is left as it
 * was (a command's status had made the output whole). */
static int unwritten(const struct pcread_run *r, const struct hwpc_err *err)
{
	*r->whole = false;
	return cli_fail_err(err);
}

static int run(const struct pcread_run *r)
{
	const struct pcread_opts *op = r->op;
	const struct hwpc_r10k_run_opts ro = {
		.interval_ns = op->have_interval ? op->interval_ns : 0, .count = op->count, .have_count = op->have_count,
		.events = op->events, .modes = op->modes, .stop = cli_catch_stop(),
		.tell = cli_tell_v(op->verbose), .flush = flush_all,
	};
	struct hwpc_err err;
	struct hwpc_r10k_run *x = calloc(1, sizeof *x);
	FILE *fp = op->cmd && !op->output ? stderr : r->of->fp;
	struct hwpc_out *o = NULL;
	int rc = !x ? cli_fail(HWPC_EOP, "out of memory") : check(op);
	if (!rc && (!(o = cli_devices_out(r->devs, fp, op->fmt, NULL, 0, &err)) ||
		    hwpc_r10k_run_open(x, r->devs->v[0].dev, &ro, o, &err)))
		rc = cli_fail_err(&err);
	if (!rc)
		rc = op->cmd ? command(r, x) : hwpc_r10k_run_read(x, &err) ? cli_fail_err(&err) : 0;
	if (x && o && hwpc_r10k_run_end(x, !rc, &err) && !rc)
		rc = unwritten(r, &err);
	if (o && hwpc_out_finish(o, &err) && !rc)
		rc = unwritten(r, &err);
	if (!rc && op->strict && x->suspect)
		rc = HWPC_ELOST;
	hwpc_out_free(o);
	free(x);
	return rc;
}

const struct pcread_mode pcread_r10k = {
	.fits = hwpc_r10k_dev_is_cpu, .one_device = one_device, .run = run, .whole = HWPC_ELOST,
};
