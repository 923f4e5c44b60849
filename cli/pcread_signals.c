/* SPDX-License-Identifier: MIT */
/* pcread --signals and --scan: every signal of the domains, its value now
 * or its share of a window, sampled at seeded random instants with a 95 %
 * interval (pc/pc_cmd.h: hwpc_pc_signals_run_out; read only).  An
 * interrupted scan prints what it scanned, says so and exits 130. */
#include "pcread_mode.h"
#include "common/scan.h"
#include "pc/pc_cmd.h"

/* Each domain's scan shows its progress on a terminal. */
static void progress_domain(void *ctx, const char *what)
{
	if (what)
		cli_progress_start(ctx, what);
	else
		cli_progress_end(ctx);
}

static int one_device(const struct pcread_run *r, struct hwpc_pc_devset_dev *p, struct hwpc_out *o)
{
	struct hwpc_err err;
	struct cli_progress pg;
	struct hwpc_pc_signals_done done;
	const struct hwpc_pc_scan_how how = { .window_ns = r->op->scan_ns, .samples = r->op->scan_samples,
					      .seed = r->op->seed, .stop = cli_catch_stop(),
					      .progress = cli_progress, .ctx = &pg };
	if (hwpc_pc_signals_run_out(&p->rd, r->op->fmt, &how, progress_domain, o, &done, &err))
		return cli_fail_err(&err);
	if (!done.stopped)
		return 0;
	/* Interrupted: what was scanned is out; say what was not. */
	cli_warn("--scan interrupted: %u of %u domain%s scanned%s%s%s", done.whole, p->rd.ndoms,
		 p->rd.ndoms == 1 ? "" : "s", done.partial ? "; the shares of " : "", done.partial ? done.partial : "",
		 done.partial ? " cover the part of its window sampled" : "");
	*r->whole = done.out > 0; /* what was scanned is out, -o FILE too (nothing: FILE as it was) */
	return 130;
}

/* --signals or --scan (they cannot be combined): its columns. */
static int run(const struct pcread_run *r)
{
	static const struct pcread_pc_read signals = { .each = one_device, .cols = hwpc_pc_signal_cols,
						       .ncols = 4, .domains = true };
	static const struct pcread_pc_read scan = { .each = one_device, .cols = hwpc_pc_scan_cols, .ncols = 10,
						    .domains = true };
	return pcread_pc(r, r->op->scan_ns ? &scan : &signals);
}

const struct pcread_mode pcread_signals = { .asks = { "--signals" }, .run = run, .whole = HWPC_ELOST };
const struct pcread_mode pcread_scan = { .asks = { "--scan" }, .run = run, .whole = HWPC_ELOST };
