/* SPDX-License-Identifier: MIT */
/* pcread's counter reads, the mode without a mode option: each domain's
 * counters, mode and state, flag and EVENT/CYCLES, once or every interval
 * with 64-bit totals, as records of any output format or a Chrome trace;
 * warnings for lost sets and saturation. */
#include "pcread_mode.h"
#include "pc/pc_cmd.h"

/* A Chrome trace is one process's timeline. */
static const char *one_device(const struct pcread_opts *op)
{
	return op->fmt == HWPC_FMT_TRACE ? "--format trace" : NULL;
}

/* The run: its writer, and OpenMetrics to a file rewritten. */
struct counters {
	const struct pcread_run *r;
	struct hwpc_pc_counters_writer w;
	bool rewrite; /* OpenMetrics to a file: replaced every sample */
};

/* The records' writer, once every device started (the columns known). */
static struct hwpc_out *records(void *ctx, const struct hwpc_col *cols, size_t ncols, struct hwpc_err *err)
{
	const struct pcread_run *r = ((struct counters *)ctx)->r;
	return cli_devices_out(r->devs, r->of->fp, r->op->fmt, cols, ncols, err);
}

/* OpenMetrics keeps the latest value of each series until the writer
 * finishes: with -i and -o, each sample's exposition replaces the file
 * (pcread(1), OUTPUT), so that a textfile collector sees the latest. */
static int publish(struct counters *k)
{
	int rc = hwpc_pc_counters_close(&k->w);
	int crc = cli_outfile_close(k->r->of, !rc);
	if (rc || crc)
		return rc ? rc : crc;
	k->w.written = 0;
	return (rc = cli_outfile_open(k->r->of, k->r->op->output)) ? rc : hwpc_pc_counters_open(&k->w);
}

/* After a sample: OpenMetrics to a file replaced, and the output flushed
 * at -i of 1 ms or more (a write error ends the run). */
static int round_done(void *ctx, bool more)
{
	struct counters *k = ctx;
	const struct pcread_opts *op = k->r->op;
	int rc = k->rewrite && more && k->w.written ? publish(k) : 0;
	if (!rc && op->have_interval && op->interval_ns >= 1000000)
		rc = k->w.broken = cli_outfile_flush(k->r->of);
	return rc;
}

/* Every domain of every device, once or every interval (hwpc_pc_counters_run).
 * A device that fails is reported and left out, the others go on. */
static int read_all(const struct pcread_run *r, struct hwpc_pc_devset_dev *const *ds, size_t n)
{
	const struct pcread_opts *op = r->op;
	const struct hwpc_pc_reader_opts ro = { .ack = op->ack, .trigger = op->trigger, .expr = op->expr,
						.sampling = op->have_interval, .text = op->fmt == HWPC_FMT_TEXT,
						.tell = &cli_tell };
	const struct hwpc_pc_sampling so = {
		.ro = &ro, .sampling = op->have_interval, .strict = op->strict, .interval_ns = op->interval_ns,
		.count = op->have_count ? op->count : 0, .stop = cli_catch_stop(), .tell = &cli_tell,
	};
	struct counters k = {
		.r = r,
		.w = { .fmt = op->fmt, .lc = { .totals = op->have_interval && op->totals, .expr = op->expr,
					       .verbose = op->verbose },
		       .fp = r->of->fp, .name = "pcread", .records = records, .round = round_done, .ctx = &k,
		       .tell = &cli_tell },
		.rewrite = (op->fmt == HWPC_FMT_OPENMETRICS || op->fmt == HWPC_FMT_PROMETHEUS) && op->output &&
			   op->have_interval,
	};
	int rc = hwpc_pc_counters_run(ds, n, &so, &k.w);
	/* Stopped after a rewrite, before the next sample: the file keeps the
	 * last whole one. */
	if (k.rewrite && !k.w.written)
		cli_outfile_close(r->of, false);
	return rc;
}

static int run(const struct pcread_run *r)
{
	static const struct pcread_pc_read how = { .all = read_all, .domains = true };
	return pcread_pc(r, &how);
}

const struct pcread_mode pcread_counters = {
	.one_device = one_device, .run = run, .whole = HWPC_ELOST,
};
