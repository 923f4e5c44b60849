/* SPDX-License-Identifier: MIT */
/* pcread's counter reads: each domain's counters, mode and state, flag and
 * EVENT/CYCLES, once or every interval with 64-bit totals, as records of
 * any output format or a Chrome trace; warnings for lost sets, saturation
 * and a setup changed since pcsetup. */
#include "pcread.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Warn (and mark the run suspect) when the domain's registers no longer
 * hold what pcsetup recorded. */
int pcread_check_setup(struct pcread *p, struct pcread_dom *d)
{
	struct hwpc_err err;
	struct hwpc_pc_note rec;
	bool found, changed;
	char diff[256];
	if (hwpc_pc_note_load(d->r.dev, d->r.di->name, &rec, &found, &err))
		return cli_fail_err(&err);
	if (!found) {
		if (p->verbose)
			cli_warn("%s: no pcsetup note (nothing to check the setup against)", d->r.di->name);
		return 0;
	}
	if (hwpc_pc_note_check(d->r.dev, &rec, &changed, diff, sizeof diff, &err))
		return cli_fail_err(&err);
	if (changed && !d->warned_setup) {
		d->warned_setup = true;
		cli_warn("%s: setup changed since pcsetup (generation %llu): %s", d->r.di->name,
			 (unsigned long long)rec.generation, diff);
		p->suspect = true;
	} else if (!changed && p->verbose) {
		cli_warn("%s: setup as pcsetup left it (generation %llu: %s)", d->r.di->name,
			 (unsigned long long)rec.generation, rec.what);
	}
	return 0;
}

static void note_sample(struct pcread *p, struct pcread_dom *d, const struct hwpc_pc_read_sample *s)
{
	if (s->lost && !d->warned_lost) {
		cli_warn("%s: counter sets were lost (quad OVERFLOW: swapped again before being read%s)",
			 d->r.di->name, p->ack ? "" : "; --ack frees the hardware for the next set");
		d->warned_lost = p->suspect = true;
	}
	if (s->saturated && !d->warned_sat) {
		char which[64] = "";
		size_t k = 0;
		for (int c = 0; c < HWPC_PC_READ_NCTRS; c++)
			if (s->saturated >> c & 1)
				k += (size_t)snprintf(which + k, k < sizeof which ? sizeof which - k : 0, "%s%s",
						      k ? ", " : "", hwpc_pc_read_ctr_key((enum hwpc_pc_read_ctr)c));
		cli_warn("%s: saturated: %s (%s)", d->r.di->name, which,
			 d->r.ctr[HWPC_PC_READ_CYCLES].sticky ? "the 40-bit counter passed 2^39: its low bits wrapped"
							  : "stopped at 0xffffffff: the count is a lower bound");
		d->warned_sat = p->suspect = true;
	}
	if (s->mode == HWPC_PC_READ_MODE_QUAD && p->have_interval && !p->ack && !d->warned_noack) {
		cli_warn("%s: quad mode without --ack: every sample reads the same set until it is acked",
			 d->r.di->name);
		d->warned_noack = true;
	}
}

/* --- counter records ----------------------------------------------------- */

/* Which optional columns the records carry, fixed before the first one. */
struct layout_cols {
	bool sample, quad, record, totals, expr, verbose, lag;
};

/* "event_expr": the key of input i's expression. */
static const char *expr_key(int i)
{
	static char keys[HWPC_LOP_NINPUTS][24];
	if (!keys[i][0]) {
		snprintf(keys[i], sizeof keys[i], "%s_expr", hwpc_lop_input_name((enum hwpc_lop_input)i));
		for (char *p = keys[i]; *p; p++)
			*p = (char)tolower((unsigned char)*p);
	}
	return keys[i];
}

/* A counter's key in records: cycles and cycles_alt, else "event_count"
 * and the like (hwpc-output(7): "event" is a name, counts say _count). */
static const char *ctr_rec_key(int c)
{
	static char keys[HWPC_PC_READ_NCTRS][24];
	if (!keys[c][0]) {
		const char *k = hwpc_pc_read_ctr_key((enum hwpc_pc_read_ctr)c);
		snprintf(keys[c], sizeof keys[c], strncmp(k, "cycles", 6) ? "%s_count" : "%s", k);
	}
	return keys[c];
}

static const char *ctr_total_key(int c)
{
	static char keys[HWPC_PC_READ_NCTRS][32];
	if (!keys[c][0])
		snprintf(keys[c], sizeof keys[c], "%s_total", ctr_rec_key(c));
	return keys[c];
}

static void add_col(struct hwpc_col *cols, size_t *n, const char *name)
{
	cols[(*n)++] = (struct hwpc_col){ name, 0 };
}

static size_t columns(const struct layout_cols *lc, struct hwpc_col *cols)
{
	size_t n = 0;
	if (lc->sample) {
		add_col(cols, &n, "sample");
		add_col(cols, &n, "elapsed_ns");
	}
	add_col(cols, &n, "domain");
	add_col(cols, &n, "mode");
	add_col(cols, &n, "state");
	for (int c = 0; c < HWPC_PC_READ_NCTRS; c++)
		add_col(cols, &n, ctr_rec_key(c));
	add_col(cols, &n, "flag");
	add_col(cols, &n, "event_pct");
	add_col(cols, &n, "saturated");
	if (lc->quad) {
		add_col(cols, &n, "lost");
		add_col(cols, &n, "ack_count");
	}
	if (lc->record) {
		add_col(cols, &n, "record_position");
		add_col(cols, &n, "record_packet_count");
	}
	if (lc->totals) {
		for (int c = 0; c < HWPC_PC_READ_NCTRS; c++)
			add_col(cols, &n, ctr_total_key(c));
		add_col(cols, &n, "saturated_total_counters");
	}
	if (lc->expr)
		for (int i = 0; i < HWPC_LOP_NINPUTS; i++)
			add_col(cols, &n, expr_key(i));
	if (lc->verbose)
		add_col(cols, &n, "mmio_read_count");
	if (lc->lag)
		add_col(cols, &n, "lag_ns");
	return n;
}

static void put_ctr(struct hwpc_out *o, const char *key, bool present, bool saturated, uint64_t v,
		    enum hwpc_format fmt)
{
	if (!present)
		hwpc_out_null(o, key);
	else if (saturated)
		/* Never a wrapped or clamped number: the word in text, nothing
		 * (with the "saturated" list) in machine formats. */
		fmt == HWPC_FMT_TEXT ? hwpc_out_str(o, key, "saturated") : hwpc_out_null(o, key);
	else
		hwpc_out_u64(o, key, v);
}

static void saturated_list(unsigned mask, char *buf, size_t len)
{
	size_t k = 0;
	buf[0] = 0;
	for (int c = 0; c < HWPC_PC_READ_NCTRS; c++)
		if (mask >> c & 1)
			k += (size_t)snprintf(buf + k, k < len ? len - k : 0, "%s%s", k ? "+" : "",
					      hwpc_pc_read_ctr_key((enum hwpc_pc_read_ctr)c));
}

/* One domain's sample.  Text shows a saturated counter as the word and
 * the saturated counters as a list; the machine formats give null and a
 * boolean (hwpc-output(7)), and every key, whatever the mode. */
static int put_record(struct hwpc_out *o, const struct layout_cols *lc, const struct pcread *p, struct pcread_dom *d,
		      const struct hwpc_pc_read_sample *s, uint64_t sample, uint64_t t_ns)
{
	struct hwpc_err err;
	char sat[64];
	bool text = p->fmt == HWPC_FMT_TEXT;
	hwpc_out_record(o, "pc_counters");
	if (lc->sample || !text) {
		hwpc_out_u64(o, "sample", sample);
		hwpc_out_u64(o, "elapsed_ns", t_ns);
	}
	/* A one-shot read has no time axis: its output depends only on the
	 * device (hwpc-output(7), LOCALE compares two runs byte for byte). */
	if (!text && lc->sample)
		hwpc_out_u64(o, "host_ns", hwpc_host_now_ns());
	hwpc_out_str(o, "domain", d->r.di->name);
	hwpc_out_str(o, "mode", s->mode_name);
	hwpc_out_str(o, "state", s->state_name);
	for (int c = 0; c < HWPC_PC_READ_NCTRS; c++)
		put_ctr(o, ctr_rec_key(c), s->present >> c & 1, s->saturated >> c & 1, s->ctr[c], p->fmt);
	if (s->flag < 0)
		hwpc_out_null(o, "flag");
	else
		hwpc_out_u64(o, "flag", (uint64_t)s->flag);
	double pct = hwpc_pc_read_event_pct(s);
	if (isnan(pct))
		hwpc_out_null(o, "event_pct");
	else
		hwpc_out_double(o, "event_pct", pct, 2);
	saturated_list(s->saturated, sat, sizeof sat);
	if (text) {
		hwpc_out_str(o, "saturated", sat);
	} else {
		hwpc_out_bool(o, "saturated", s->saturated != 0);
		hwpc_out_str(o, "saturated_counters", sat);
	}
	if (lc->quad || !text) {
		if (s->mode == HWPC_PC_READ_MODE_QUAD) {
			hwpc_out_bool(o, "lost", s->lost);
			hwpc_out_u64(o, "ack_count", s->acks);
		} else {
			hwpc_out_null(o, "lost");
			hwpc_out_null(o, "ack_count");
		}
	}
	if (lc->record || !text) {
		if (s->mode == HWPC_PC_READ_MODE_RECORD) {
			hwpc_out_hex(o, "record_position", s->rec_pos, 8);
			hwpc_out_u64(o, "record_packet_count", s->rec_packets);
		} else {
			hwpc_out_null(o, "record_position");
			hwpc_out_null(o, "record_packet_count");
		}
	}
	if (lc->totals || !text) {
		for (int c = 0; c < HWPC_PC_READ_NCTRS; c++) {
			if (s->present >> c & 1)
				hwpc_out_u64(o, ctr_total_key(c), d->acc.total[c]);
			else
				hwpc_out_null(o, ctr_total_key(c));
		}
		saturated_list(d->acc.saturated, sat, sizeof sat);
		hwpc_out_str(o, "saturated_total_counters", sat);
	}
	if (lc->expr)
		for (int i = 0; i < HWPC_LOP_NINPUTS; i++) {
			if (d->expr[i][0])
				hwpc_out_str(o, expr_key(i), d->expr[i]);
			else
				hwpc_out_null(o, expr_key(i));
		}
	if (lc->verbose)
		hwpc_out_u64(o, "mmio_read_count", s->mmio_reads);
	if (lc->lag) {
		uint64_t lag;
		hwpc_dev_lag_ns(d->r.dev, &lag);
		hwpc_out_u64(o, "lag_ns", lag);
	}
	return hwpc_out_end(o, &err) ? cli_fail_err(&err) : 0;
}

/* Chrome trace: a counter track per domain, its counters as series, and
 * the EVENT/CYCLES percentage on a track of its own. */
static void put_trace(struct hwpc_trace *t, struct pcread_dom *d, const struct hwpc_pc_read_sample *s, uint64_t t_ns)
{
	struct hwpc_trace_arg series[HWPC_PC_READ_NCTRS];
	size_t n = 0;
	double us = (double)t_ns / 1000.0;
	for (int c = 0; c < HWPC_PC_READ_NCTRS; c++)
		if ((s->present >> c & 1) && !(s->saturated >> c & 1))
			series[n++] = (struct hwpc_trace_arg){ hwpc_pc_read_ctr_key((enum hwpc_pc_read_ctr)c), NULL,
							       (double)s->ctr[c] };
	if (n)
		hwpc_trace_counter(t, 1, us, d->r.di->name, series, n);
	double pct = hwpc_pc_read_event_pct(s);
	if (!isnan(pct)) {
		char name[48];
		struct hwpc_trace_arg a = { "event_pct", NULL, pct };
		snprintf(name, sizeof name, "%s event%%", d->r.di->name);
		hwpc_trace_counter(t, 1, us, name, &a, 1);
	}
}

/* OpenMetrics keeps the latest value of each series until the writer
 * finishes: with -i and -o, each sample's exposition replaces the file
 * (pcread(1), OUTPUT), so that a textfile collector sees the latest. */
static int publish(const struct pcread_sink *k, struct hwpc_out **o, const struct hwpc_col *cols, size_t n,
		   enum hwpc_format fmt)
{
	struct hwpc_err err;
	int rc = hwpc_out_finish(*o, &err) ? cli_fail_err(&err) : 0;
	hwpc_out_free(*o);
	*o = NULL;
	int crc = cli_outfile_close(k->of, !rc);
	if (rc || crc)
		return rc ? rc : crc;
	if ((rc = cli_outfile_open(k->of, k->path)))
		return rc;
	return (*o = pcread_sink_writer(k, fmt, cols, n, &err)) ? 0 : cli_fail_err(&err);
}

/* Every domain of every device, once or every interval: a sample reads
 * each device in turn, then waits (hwpc-output(7), "Several devices"). */
int pcread_counters(struct pcread *const *ps, size_t np, const struct pcread_sink *snk)
{
	struct hwpc_err err;
	struct hwpc_pc_read_sample s;
	struct hwpc_out *o = NULL;
	struct hwpc_trace *t = NULL;
	const struct pcread *p0 = ps[0];
	struct layout_cols lc = { .sample = p0->have_interval, .totals = p0->have_interval,
				  .expr = p0->expr, .verbose = p0->verbose };
	struct hwpc_col cols[64];
	size_t ncols = 0;
	int rc = 0;
	bool rewrite = p0->fmt == HWPC_FMT_OPENMETRICS && snk->path && p0->have_interval;
	unsigned since_open = 0; /* records in the writer since the file was (re)opened */
	struct hwpc_pc_read_sample(*first)[HWPC_PC_MAX_DOMAINS] = calloc(np, sizeof *first);
	struct hwpc_sampler *smp = calloc(np, sizeof *smp);
	if (!first || !smp) {
		free(first);
		free(smp);
		return cli_fail(HWPC_EOP, "out of memory");
	}

	for (size_t j = 0; j < np; j++) {
		struct pcread *p = ps[j];
		int drc = 0;
		lc.lag |= p->can_lag;
		for (unsigned i = 0; p->expr && i < p->ndoms && !drc; i++) {
			struct hwpc_pc_names names;
			if (hwpc_pc_names_build(&p->layout, p->doms[i].r.dom, &names, &err)) {
				drc = cli_fail_err(&err);
				break;
			}
			drc = hwpc_pc_read_exprs(&p->doms[i].r, &names, p->doms[i].expr, &err);
			hwpc_pc_names_free(&names);
			if (drc)
				drc = cli_fail_err(&err);
		}
		/* one sampler per device: a virtual clock is advanced, a
		 * realtime one waited for (the first device's wait covers the
		 * others') */
		hwpc_sampler_start(&smp[j], p->doms[0].r.dev, p->have_interval ? p->interval_ns : 0);
		/* The first sample decides the optional columns. */
		for (unsigned i = 0; i < p->ndoms && !drc; i++) {
			if (hwpc_pc_read(&p->doms[i].r, p->ack, &first[j][i], &err))
				drc = cli_fail_err(&err);
			lc.quad |= first[j][i].mode == HWPC_PC_READ_MODE_QUAD;
			lc.record |= first[j][i].mode == HWPC_PC_READ_MODE_RECORD;
		}
		/* one device among several: reported, left out, the others go on */
		if (drc && np == 1)
			rc = drc;
		else if (drc)
			p->failed = true;
	}
	if (rc)
		goto out;
	if (p0->fmt == HWPC_FMT_TRACE) {
		char name[64];
		if (!(t = hwpc_trace_new(snk->of->fp, &err))) {
			rc = cli_fail_err(&err);
			goto out;
		}
		snprintf(name, sizeof name, "pcread %s", p0->layout.chip->name);
		hwpc_trace_process_name(t, 1, name);
	} else {
		ncols = columns(&lc, cols);
		if (!(o = pcread_sink_writer(snk, p0->fmt, cols, ncols, &err))) {
			rc = cli_fail_err(&err);
			goto out;
		}
	}
	pcread_catch_signals();
	for (uint64_t k = 0; !rc && !pcread_stop && (!p0->have_interval || !p0->have_count || k < p0->count); k++) {
		if (k && !p0->have_interval)
			break;
		for (size_t j = 0; j < np && !rc && !pcread_stop; j++) {
			struct pcread *p = ps[j];
			uint64_t tk = 0;
			int drc = 0;
			if (p->failed)
				continue;
			if (k && hwpc_sampler_wait(&smp[j], k, &err))
				drc = cli_fail_err(&err);
			if (pcread_stop)
				break;
			if (k)
				tk = hwpc_sampler_elapsed_ns(&smp[j]);
			if (o)
				cli_devices_tag(snk->devs, p->dev_index, o);
			for (unsigned i = 0; i < p->ndoms && !drc; i++) {
				struct pcread_dom *d = &p->doms[i];
				if (k)
					drc = hwpc_pc_read(&d->r, p->ack, &s, &err) ? cli_fail_err(&err) : 0;
				else
					s = first[j][i];
				if (drc)
					break;
				hwpc_pc_read_acc_add(&d->acc, &d->r, &s);
				note_sample(p, d, &s);
				if (t) {
					put_trace(t, d, &s, tk);
				} else if ((rc = put_record(o, &lc, p, d, &s, k, tk)) == 0) {
					since_open++;
				}
			}
			if (drc && np == 1)
				rc = drc;
			else if (drc)
				p->failed = true;
		}
		bool more = p0->have_interval && (!p0->have_count || k + 1 < p0->count) && !pcread_stop;
		if (!rc && rewrite && more && since_open) {
			rc = publish(snk, &o, cols, ncols, p0->fmt);
			since_open = 0;
		}
		if (p0->have_interval && p0->interval_ns >= 1000000 && snk->of->fp)
			fflush(snk->of->fp);
	}
	if (t) {
		if (hwpc_trace_finish(t, &err) && !rc)
			rc = cli_fail_err(&err);
	} else if (o) {
		if (hwpc_out_finish(o, &err) && !rc)
			rc = cli_fail_err(&err);
	}
	/* Stopped after a rewrite, before the next sample: the file keeps the
	 * last whole one. */
	if (rewrite && !since_open)
		cli_outfile_close(snk->of, false);
out:
	hwpc_trace_free(t);
	hwpc_out_free(o);
	free(first);
	free(smp);
	return rc;
}
