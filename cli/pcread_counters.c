/* SPDX-License-Identifier: MIT */
/* pcread's counter reads, the mode without a mode option: each domain's
 * counters, mode and state, flag and EVENT/CYCLES, once or every interval
 * with 64-bit totals, as records of any output format or a Chrome trace;
 * warnings for lost sets and saturation. */
#include "pcread_mode.h"
#include "pc/pc_cmd.h"

#include <stdlib.h>

/* A Chrome trace is one process's timeline. */
static const char *one_device(const struct pcread_opts *op)
{
	return op->fmt == HWPC_FMT_TRACE ? "--format trace" : NULL;
}

/* The run's writer: a Chrome trace, or records with their columns. */
struct sink {
	const struct pcread_run *r;
	struct hwpc_pc_cols lc;
	struct hwpc_col cols[HWPC_PC_MAX_COLS];
	size_t ncols;
	struct hwpc_out *o;
	struct hwpc_trace *t;
	struct hwpc_pc_devset_dev *const *ps;
	bool rewrite;        /* OpenMetrics to a file: replaced every sample */
	unsigned since_open; /* records since the file was (re)opened */
	int broken;          /* the writer failed: the run ends */
};

/* Once every device started (the columns known). */
static int sink_open(void *ctx)
{
	struct sink *k = ctx;
	struct hwpc_err err;
	char name[64];
	if (k->r->op->fmt != HWPC_FMT_TRACE) {
		k->ncols = hwpc_pc_counter_cols(&k->lc, k->cols);
		k->o = cli_devices_out(k->r->devs, k->r->of->fp, k->r->op->fmt, k->cols, k->ncols, &err);
		return k->o ? 0 : cli_fail_err(&err);
	}
	if (!(k->t = hwpc_trace_new(k->r->of->fp, &err)))
		return cli_fail_err(&err);
	snprintf(name, sizeof name, "pcread %s", k->ps[0]->layout.chip->name);
	hwpc_trace_process_name(k->t, 1, name);
	return 0;
}

static int sink_close(struct sink *k)
{
	struct hwpc_err err;
	int rc = (k->t && hwpc_trace_finish(k->t, &err)) || (k->o && hwpc_out_finish(k->o, &err))
			 ? k->broken ? k->broken : cli_fail_err(&err) /* a broken writer was said */
			 : 0;
	hwpc_trace_free(k->t);
	hwpc_out_free(k->o);
	k->t = NULL;
	k->o = NULL;
	return rc;
}

/* OpenMetrics keeps the latest value of each series until the writer
 * finishes: with -i and -o, each sample's exposition replaces the file
 * (pcread(1), OUTPUT), so that a textfile collector sees the latest. */
static int publish(struct sink *k)
{
	int rc = sink_close(k);
	int crc = cli_outfile_close(k->r->of, !rc);
	if (rc || crc)
		return rc ? rc : crc;
	k->since_open = 0;
	return (rc = cli_outfile_open(k->r->of, k->r->op->output)) ? rc : sink_open(k);
}

/* The run's writer: domain d's sample of device j as a record or on the
 * trace; a failure ends the run. */
static int write_one(void *ctx, size_t j, struct hwpc_pc_reader_dom *d, const struct hwpc_pc_read_sample *s,
		     uint64_t n, uint64_t t_ns)
{
	struct sink *k = ctx;
	struct hwpc_err err;
	if (k->t) {
		hwpc_pc_counters_trace(k->t, &d->r, s, t_ns);
		return 0;
	}
	hwpc_pc_devset_tag(k->ps[j], k->o);
	if (hwpc_pc_counters_out(k->o, k->r->op->fmt, &k->lc, &d->r, &d->acc, d->reprogrammed, d->expr, s, n, t_ns, &err))
		return k->broken = cli_fail_err(&err);
	k->since_open++;
	return 0;
}

/* After a sample: OpenMetrics to a file replaced, and the output flushed
 * at -i of 1 ms or more (a write error ends the run). */
static int round_done(void *ctx, bool more)
{
	struct sink *k = ctx;
	const struct pcread_opts *op = k->r->op;
	int rc = k->rewrite && more && k->since_open ? publish(k) : 0;
	if (!rc && op->have_interval && op->interval_ns >= 1000000)
		rc = k->broken = cli_outfile_flush(k->r->of);
	return rc;
}

/* Every domain of every device, once or every interval (hwpc_pc_sampling_run).
 * A device that fails is reported and left out, the others go on. */
static int read_all(const struct pcread_run *r, struct hwpc_pc_devset_dev *const *ps, size_t np)
{
	const struct pcread_opts *op = r->op;
	const struct hwpc_pc_reader_opts ro = { .ack = op->ack, .trigger = op->trigger, .expr = op->expr,
						.sampling = op->have_interval, .text = op->fmt == HWPC_FMT_TEXT,
						.tell = &cli_tell };
	struct sink k = { .r = r, .ps = ps, .lc = { .sample = op->have_interval, .totals = op->have_interval && op->totals,
						    .expr = op->expr, .verbose = op->verbose,
						    .count = op->have_count ? op->count : 0, .interval_ns = op->interval_ns },
			  .rewrite = (op->fmt == HWPC_FMT_OPENMETRICS || op->fmt == HWPC_FMT_PROMETHEUS) && op->output &&
				    op->have_interval };
	const struct hwpc_pc_sampling so = {
		.ro = &ro, .lc = &k.lc, .sampling = op->have_interval, .strict = op->strict, .interval_ns = op->interval_ns,
		.count = op->have_count ? op->count : 0, .stop = cli_catch_stop(), .tell = &cli_tell, .ctx = &k,
		.open = sink_open, .write = write_one, .round = round_done,
	};
	struct hwpc_pc_sampling_dev *ds = calloc(np, sizeof *ds);
	if (!ds)
		return cli_fail(HWPC_EOP, "out of memory");
	for (size_t j = 0; j < np; j++)
		ds[j] = (struct hwpc_pc_sampling_dev){ .rd = &ps[j]->rd, .name = ps[j]->name };
	int rc = hwpc_pc_sampling_run(ds, np, &so);
	for (size_t j = 0; j < np; j++) {
		ps[j]->failed = ds[j].failed;
		ps[j]->suspect |= ds[j].suspect;
	}
	int crc = sink_close(&k);
	rc = rc ? rc : crc;
	/* Stopped after a rewrite, before the next sample: the file keeps the
	 * last whole one. */
	if (k.rewrite && !k.since_open)
		cli_outfile_close(r->of, false);
	free(ds);
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
