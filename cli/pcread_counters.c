/* SPDX-License-Identifier: MIT */
/* pcread's counter reads, the mode without a mode option: each domain's
 * counters, mode and state, flag and EVENT/CYCLES, once or every interval
 * with 64-bit totals, as records of any output format or a Chrome trace;
 * warnings for lost sets and saturation. */
#include "pcread_mode.h"
#include "pc/pc_cmd.h"

#include <stdlib.h>

static bool asked(const struct pcread_opts *op)
{
	return true;
}

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
	struct hwpc_pc_reader_opts ro; /* how the devices are read */
	bool rewrite;        /* OpenMetrics to a file: replaced every sample */
	unsigned since_open; /* records since the file was (re)opened */
	int broken;          /* the writer failed: the run ends */
};

static int sink_open(struct sink *k, const struct pcread_dev *p0)
{
	struct hwpc_err err;
	char name[64];
	if (k->r->op->fmt != HWPC_FMT_TRACE) {
		k->ncols = hwpc_pc_counter_cols(&k->lc, k->cols);
		k->o = cli_devices_out(k->r->devs, k->r->of->fp, k->r->op->fmt, k->cols, k->ncols, &err);
		return k->o ? 0 : cli_fail_err(&err);
	}
	if (!(k->t = hwpc_trace_new(k->r->of->fp, &err)))
		return cli_fail_err(&err);
	snprintf(name, sizeof name, "pcread %s", p0->layout.chip->name);
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
static int publish(struct sink *k, const struct pcread_dev *p0)
{
	int rc = sink_close(k);
	int crc = cli_outfile_close(k->r->of, !rc);
	if (rc || crc)
		return rc ? rc : crc;
	k->since_open = 0;
	return (rc = cli_outfile_open(k->r->of, k->r->op->output)) ? rc : sink_open(k, p0);
}

/* One device's start: its clock and the first sample (hwpc_pc_reader_start),
 * which decides the optional columns. */
static int start(struct sink *k, struct pcread_dev *p, struct hwpc_sampler *clock, struct hwpc_pc_read_sample *first)
{
	const struct pcread_opts *op = k->r->op;
	struct hwpc_err err;
	k->lc.lag |= p->rd.can_lag;
	for (unsigned i = 0; i < p->rd.ndoms; i++)
		hwpc_pc_cols_widen(&k->lc, &p->rd.doms[i].r);
	/* one clock per device: a virtual one is advanced, a realtime one
	 * waited for (the first device's wait covers the others') */
	hwpc_sampler_start(clock, p->dev, op->have_interval ? op->interval_ns : 0);
	if (hwpc_pc_reader_start(&p->rd, &k->ro, first, &err))
		return cli_fail_err(&err);
	for (unsigned i = 0; i < p->rd.ndoms; i++) {
		k->lc.quad |= first[i].mode == HWPC_PC_READ_MODE_QUAD;
		k->lc.record |= first[i].mode == HWPC_PC_READ_MODE_RECORD;
	}
	return 0;
}

/* Sample n of one device: each domain read (the first sample was read
 * already), added to the totals and written.  Returns the device's
 * failure; the writer's ends the run (k->broken). */
static int sample(struct sink *k, struct pcread_dev *p, const struct hwpc_pc_read_sample *first, uint64_t n,
		  uint64_t t_ns)
{
	const struct pcread_opts *op = k->r->op;
	struct hwpc_err err;
	struct hwpc_pc_read_sample s;
	if (k->o)
		cli_devices_tag(k->r->devs, p->index, k->o);
	if (n && hwpc_pc_reader_trigger(&p->rd, &err))
		return cli_fail_err(&err);
	for (unsigned i = 0; i < p->rd.ndoms; i++) {
		struct hwpc_pc_reader_dom *d = &p->rd.doms[i];
		if (hwpc_pc_reader_read(&p->rd, i, n ? NULL : &first[i], &s, &err))
			return cli_fail_err(&err);
		p->last_k = n, p->last_t_ns = t_ns;
		if (k->t)
			hwpc_pc_counters_trace(k->t, &d->r, &s, t_ns);
		else if (hwpc_pc_counters_out(k->o, op->fmt, &k->lc, &d->r, &d->acc, d->reprogrammed, d->expr, &s, n, t_ns, &err))
			return k->broken = cli_fail_err(&err);
		else
			k->since_open++;
	}
	return 0;
}

/* Every domain of every device, once or every interval: a sample reads
 * each device in turn, then waits (hwpc-output(7), "Several devices").  A
 * device that fails is reported and left out, the others go on. */
static int read_all(const struct pcread_run *r, struct pcread_dev *const *ps, size_t np)
{
	const struct pcread_opts *op = r->op;
	struct hwpc_err err;
	struct sink k = { .r = r, .lc = { .sample = op->have_interval, .totals = op->have_interval && op->totals,
					  .expr = op->expr, .verbose = op->verbose, .count = op->have_count ? op->count : 0,
					  .interval_ns = op->interval_ns },
			  .ro = { .ack = op->ack, .trigger = op->trigger, .expr = op->expr, .sampling = op->have_interval,
				  .text = op->fmt == HWPC_FMT_TEXT, .tell = &cli_tell },
			  .rewrite = (op->fmt == HWPC_FMT_OPENMETRICS || op->fmt == HWPC_FMT_PROMETHEUS) && op->output &&
				    op->have_interval };
	struct hwpc_pc_read_sample(*first)[HWPC_PC_MAX_DOMAINS] = calloc(np, sizeof *first);
	struct hwpc_sampler *clock = calloc(np, sizeof *clock);
	int rc = !first || !clock ? cli_fail(HWPC_EOP, "out of memory") : 0;
	for (size_t j = 0; j < np && !rc; j++) {
		int drc = start(&k, ps[j], &clock[j], first[j]);
		rc = drc && np == 1 ? drc : 0;
		ps[j]->failed = drc != 0;
	}
	rc = rc ? rc : sink_open(&k, ps[0]);
	const volatile sig_atomic_t *stop = cli_catch_stop();
	for (uint64_t n = 0; !rc && !*stop && (!n || op->have_interval) && (!op->have_count || n < op->count); n++) {
		for (size_t j = 0; j < np && !rc && !*stop; j++) {
			int drc = ps[j]->failed ? 0 : n && hwpc_sampler_wait(&clock[j], n, &err) ? cli_fail_err(&err) : 0;
			if (!drc && !ps[j]->failed && !*stop)
				drc = sample(&k, ps[j], first[j], n, n ? hwpc_sampler_elapsed_ns(&clock[j]) : 0);
			if (k.broken || (drc && np == 1))
				rc = k.broken ? k.broken : drc;
			else if (drc)
				ps[j]->failed = true;
		}
		bool more = op->have_interval && (!op->have_count || n + 1 < op->count) && !*stop;
		if (!rc && k.rewrite && more && k.since_open)
			rc = publish(&k, ps[0]);
		if (!rc && op->have_interval && op->interval_ns >= 1000000)
			rc = k.broken = cli_outfile_flush(r->of); /* a write error ends it */
	}
	/* Sampling that fell behind says so (--strict: exit 3). */
	for (size_t j = 0; op->have_interval && j < np; j++) {
		char why[256];
		if (!ps[j]->failed && hwpc_sampler_behind(&clock[j], ps[j]->last_k, ps[j]->last_t_ns, why, sizeof why)) {
			cli_warn("%s%s%s", np > 1 ? ps[j]->name : "", np > 1 ? ": " : "", why);
			ps[j]->suspect |= op->strict;
		}
	}
	int crc = sink_close(&k);
	rc = rc ? rc : crc;
	/* Stopped after a rewrite, before the next sample: the file keeps the
	 * last whole one. */
	if (k.rewrite && !k.since_open)
		cli_outfile_close(r->of, false);
	free(first);
	free(clock);
	return rc;
}

static int run(const struct pcread_run *r)
{
	static const struct pcread_pc_read how = { .all = read_all, .domains = true };
	return pcread_pc(r, &how);
}

const struct pcread_mode pcread_counters = {
	.asked = asked, .one_device = one_device, .run = run, .whole = HWPC_ELOST,
};
