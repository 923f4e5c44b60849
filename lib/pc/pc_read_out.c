/* SPDX-License-Identifier: MIT */
/* PCOUNTER reads as records (see pc_cmd.h): a domain's counters, mode and
 * state, flag and EVENT/CYCLES with 64-bit totals, on any writer or a
 * Chrome trace; its signals and their activity; rotated sets' estimates. */
#include "core/err_local.h"
#include "pc/pc_cmd.h"
#include "pc/pc_names.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

/* "event_expr": the key of input i's expression. */
static const char *expr_key(int i)
{
	static const char *const keys[HWPC_LOP_NINPUTS] = { "pre_expr", "start_expr", "event_expr",
							    "stop_expr", "setflag_expr", "clrflag_expr" };
	return keys[i];
}

/* A counter's key in records: cycles and cycles_alt, else "event_count"
 * and the like (hwpc-output(7): "event" is a name, counts say _count). */
static const char *const ctr_keys[HWPC_PC_READ_NCTRS] = { "cycles",      "cycles_alt", "event_count",
							  "start_count", "pre_count",  "stop_count" };
static const char *const total_keys[HWPC_PC_READ_NCTRS] = { "cycles_total",      "cycles_alt_total",
							    "event_count_total", "start_count_total",
							    "pre_count_total",   "stop_count_total" };

const char *hwpc_pc_total_key(enum hwpc_pc_read_ctr c)
{
	return (unsigned)c < HWPC_PC_READ_NCTRS ? total_keys[c] : NULL;
}

static unsigned digits(uint64_t v)
{
	unsigned n = 1;
	for (; v >= 10; v /= 10)
		n++;
	return n;
}

static void widen(unsigned *w, size_t n)
{
	if (n > *w)
		*w = (unsigned)n;
}

static void widen_enums(unsigned *w, const struct hwpc_field *f)
{
	for (unsigned i = 0; f && i < f->nenums; i++)
		widen(w, strlen(f->enums[i].name));
}

void hwpc_pc_cols_widen(struct hwpc_pc_cols *lc, const struct hwpc_pcr *r)
{
	widen(&lc->domain_w, strlen(r->di->name));
	widen(&lc->mode_w, strlen("SINGLE")); /* NV10:NV30, no MODE field */
	widen_enums(&lc->mode_w, r->f_mode);
	widen_enums(&lc->state_w, r->f_single);
	widen_enums(&lc->state_w, r->f_quad);
	if (r->has_record)
		widen(&lc->state_w, strlen("RECORDING"));
	widen(&lc->ctr_w, strlen("saturated"));
	for (int c = 0; c < HWPC_PC_READ_NCTRS; c++) {
		const struct hwpc_pc_read_ctrdesc *d = &r->ctr[c];
		/* a sticky top bit marks the count saturated: it stays below */
		unsigned bits = d->sticky ? d->bits - 1 : d->bits;
		if (d->present)
			widen(&lc->ctr_w, digits(bits >= 64 ? UINT64_MAX : (1ULL << bits) - 1));
	}
}

/* Sampling: every column's width, so that the table streams.  Sample
 * numbers and times are as wide as -n COUNT needs, else as wide as a
 * million samples and 1000 s need, as ptime's (a longer run widens them:
 * 120 columns hold no more). */
static unsigned width_of(const struct hwpc_pc_cols *lc, const char *name)
{
	static const struct {
		const char *name;
		unsigned w;
	} fixed[] = {
		{ "flag", 1 },	{ "event_pct", 6 }, /* 100.00 */
		{ "lost", 5 },	{ "record_position", 10 }, { "mmio_read_count", 3 }, { "lag_ns", 12 },
	};
	unsigned w = 0;
	if (!strcmp(name, "sample"))
		w = lc->count ? digits(lc->count - 1) : 6;
	else if (!strcmp(name, "elapsed_ns"))
		/* a late sample's time: twice the last deadline at most */
		w = lc->count && lc->interval_ns < UINT64_MAX / 2 / lc->count ? digits(2 * lc->count * lc->interval_ns)
									       : 12;
	else if (!strcmp(name, "domain"))
		w = lc->domain_w;
	else if (!strcmp(name, "mode"))
		w = lc->mode_w;
	else if (!strcmp(name, "state"))
		w = lc->state_w;
	else if (strstr(name, "_total"))
		w = 20; /* 64 bits */
	else if (!strcmp(name, "ack_count") || !strcmp(name, "record_packet_count"))
		w = 10; /* 32 bits */
	else if (strstr(name, "_expr") || !strcmp(name, "saturated"))
		w = 1; /* as wide as its name */
	for (int c = 0; c < HWPC_PC_READ_NCTRS; c++)
		if (!strcmp(name, ctr_keys[c]))
			w = lc->ctr_w;
	for (size_t i = 0; i < sizeof fixed / sizeof *fixed; i++)
		if (!strcmp(name, fixed[i].name))
			w = fixed[i].w;
	if (!strcmp(name, "saturated_total_counters") || !strcmp(name, "saturated"))
		w = (unsigned)strlen("cycles+cycles_alt+event_count+start_count+pre_count+stop_count");
	return w > strlen(name) ? w : (unsigned)strlen(name);
}

static void add_col(const struct hwpc_pc_cols *lc, struct hwpc_col *cols, size_t *n, const char *name)
{
	cols[(*n)++] = (struct hwpc_col){ name, lc->sample ? width_of(lc, name) : 0 };
}

/* Sampling text without -v leaves out what the other columns or the
 * warnings say: the mode (the state's names tell it), CYCLES_ALT (a copy
 * of CYCLES), the saturated list (the counter's cell says "saturated"),
 * quad mode's lost and ack_count (the state OVERFLOW and a warning say),
 * record mode's position (the state; tsdump --record reads the buffer)
 * and lag_ns (warned about). */
static bool brief(const struct hwpc_pc_cols *lc)
{
	return lc->sample && !lc->verbose;
}

size_t hwpc_pc_counter_cols(const struct hwpc_pc_cols *lc, struct hwpc_col *cols)
{
	size_t n = 0;
	if (lc->sample) {
		add_col(lc, cols, &n, "sample");
		add_col(lc, cols, &n, "elapsed_ns");
	}
	add_col(lc, cols, &n, "domain");
	if (!brief(lc))
		add_col(lc, cols, &n, "mode");
	add_col(lc, cols, &n, "state");
	for (int c = 0; c < HWPC_PC_READ_NCTRS; c++)
		if (c != HWPC_PC_READ_CYCLES_ALT || !brief(lc))
			add_col(lc, cols, &n, ctr_keys[c]);
	add_col(lc, cols, &n, "flag");
	add_col(lc, cols, &n, "event_pct");
	if (!brief(lc))
		add_col(lc, cols, &n, "saturated");
	if (lc->quad && !brief(lc)) {
		add_col(lc, cols, &n, "lost");
		add_col(lc, cols, &n, "ack_count");
	}
	if (lc->record && !brief(lc)) {
		add_col(lc, cols, &n, "record_position");
		add_col(lc, cols, &n, "record_packet_count");
	}
	if (lc->totals) {
		for (int c = 0; c < HWPC_PC_READ_NCTRS; c++)
			if (c != HWPC_PC_READ_CYCLES_ALT || !brief(lc))
				add_col(lc, cols, &n, total_keys[c]);
		add_col(lc, cols, &n, "saturated_total_counters");
	}
	for (int i = 0; lc->expr && i < HWPC_LOP_NINPUTS; i++)
		add_col(lc, cols, &n, expr_key(i));
	if (lc->verbose)
		add_col(lc, cols, &n, "mmio_read_count");
	if (lc->verbose && lc->quad)
		add_col(lc, cols, &n, "set_age_ns");
	if (lc->lag && !brief(lc))
		add_col(lc, cols, &n, "lag_ns");
	return n;
}

void hwpc_pc_ctr_list(unsigned mask, const char *sep, char *buf, size_t len)
{
	size_t k = 0;
	buf[0] = 0;
	for (int c = 0; c < HWPC_PC_READ_NCTRS; c++)
		if (mask >> c & 1)
			k += (size_t)snprintf(buf + k, k < len ? len - k : 0, "%s%s", k ? sep : "",
					      hwpc_pc_read_ctr_key((enum hwpc_pc_read_ctr)c));
}

static void put_ctr(struct hwpc_out *o, const char *key, bool present, bool saturated, uint64_t v, bool text)
{
	if (!present)
		hwpc_out_null(o, key);
	else if (saturated)
		/* Never a wrapped or clamped number: the word in text, nothing
		 * (with the "saturated" list) in machine formats. */
		text ? hwpc_out_str(o, key, "saturated") : hwpc_out_null(o, key);
	else
		hwpc_out_u64(o, key, v);
}

/* The optional keys by mode: each mode's, or null in the machine formats. */
static void put_mode_keys(struct hwpc_out *o, const struct hwpc_pc_cols *lc, const struct hwpc_pc_read_sample *s,
			  bool text)
{
	bool quad = s->mode == HWPC_PC_READ_MODE_QUAD, rec = s->mode == HWPC_PC_READ_MODE_RECORD;
	if ((lc->quad || !text) && quad) {
		hwpc_out_bool(o, "lost", s->lost);
		hwpc_out_u64(o, "ack_count", s->acks);
	} else if (lc->quad || !text) {
		hwpc_out_null(o, "lost");
		hwpc_out_null(o, "ack_count");
	}
	if ((lc->record || !text) && rec) {
		hwpc_out_hex(o, "record_position", s->rec_pos, 8);
		hwpc_out_u64(o, "record_packet_count", s->rec_packets);
	} else if (lc->record || !text) {
		hwpc_out_null(o, "record_position");
		hwpc_out_null(o, "record_packet_count");
	}
}

int hwpc_pc_counters_out(struct hwpc_out *o, enum hwpc_format fmt, const struct hwpc_pc_cols *lc,
			 const struct hwpc_pcr *r, const struct hwpc_pc_read_acc *acc, bool reprogrammed,
			 char exprs[HWPC_LOP_NINPUTS][HWPC_PC_READ_EXPR_LEN], const struct hwpc_pc_read_sample *s,
			 uint64_t k, uint64_t t_ns, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	char sat[64];
	bool text = fmt == HWPC_FMT_TEXT;
	hwpc_out_record(o, "pc_counters");
	if (lc->sample || !text) {
		hwpc_out_u64(o, "sample", k);
		hwpc_out_u64(o, "elapsed_ns", t_ns);
	}
	/* A one-shot read has no time axis: its output depends only on the
	 * device (hwpc-output(7), LOCALE compares two runs byte for byte). */
	if (!text && lc->sample)
		hwpc_out_u64(o, "host_ns", hwpc_host_now_ns());
	bool all = !text || !brief(lc); /* text sampling: the columns it shows */
	hwpc_out_str(o, "domain", r->di->name);
	if (all)
		hwpc_out_str(o, "mode", s->mode_name);
	hwpc_out_str(o, "state", s->state_name);
	for (int c = 0; c < HWPC_PC_READ_NCTRS; c++)
		if (c != HWPC_PC_READ_CYCLES_ALT || all)
			put_ctr(o, ctr_keys[c], s->present >> c & 1, s->saturated >> c & 1, s->ctr[c], text);
	if (s->flag < 0)
		hwpc_out_null(o, "flag");
	else
		hwpc_out_u64(o, "flag", (uint64_t)s->flag);
	const char *why;
	double pct = hwpc_pc_read_event_pct_why(s, &why);
	if (isnan(pct))
		hwpc_out_null(o, "event_pct");
	else
		hwpc_out_double(o, "event_pct", pct, 2);
	if (!text && why)
		hwpc_out_str(o, "event_pct_note", why);
	else if (!text)
		hwpc_out_null(o, "event_pct_note");
	hwpc_pc_ctr_list(s->saturated, "+", sat, sizeof sat);
	if (text && all) {
		hwpc_out_str(o, "saturated", sat);
	} else if (!text) {
		hwpc_out_bool(o, "saturated", s->saturated != 0);
		hwpc_out_str(o, "saturated_counters", sat);
	}
	if (all)
		put_mode_keys(o, lc, s, text);
	if (lc->totals || !text) {
		for (int c = 0; c < HWPC_PC_READ_NCTRS; c++) {
			if (c == HWPC_PC_READ_CYCLES_ALT && !all)
				continue;
			if ((s->present >> c & 1) && !reprogrammed)
				hwpc_out_u64(o, total_keys[c], acc->total[c]);
			else
				hwpc_out_null(o, total_keys[c]);
		}
		hwpc_pc_ctr_list(acc->saturated, "+", sat, sizeof sat);
		hwpc_out_str(o, "saturated_total_counters", sat);
	}
	for (int i = 0; lc->expr && i < HWPC_LOP_NINPUTS; i++) {
		if (exprs[i][0])
			hwpc_out_str(o, expr_key(i), exprs[i]);
		else
			hwpc_out_null(o, expr_key(i));
	}
	if (lc->verbose)
		hwpc_out_u64(o, "mmio_read_count", s->mmio_reads);
	/* only where the device can tell: absent from JSON and CSV otherwise */
	bool age = s->mode == HWPC_PC_READ_MODE_QUAD && s->age_known;
	if (age && (lc->verbose || !text))
		hwpc_out_u64(o, "set_age_ns", s->set_age_ns);
	else if (text && lc->verbose && lc->quad)
		hwpc_out_null(o, "set_age_ns");
	if (lc->lag && all) {
		uint64_t lag;
		hwpc_dev_lag_ns(r->dev, &lag);
		hwpc_out_u64(o, "lag_ns", lag);
	}
	if (lc->sample && !text) /* sampling (-i): the runs the totals add up */
		hwpc_out_bool(o, "reprogrammed", reprogrammed);
	return hwpc_out_end(o, err);
}

void hwpc_pc_counters_trace(struct hwpc_trace *t, const struct hwpc_pcr *r, const struct hwpc_pc_read_sample *s,
			    uint64_t t_ns)
{
	struct hwpc_trace_arg series[HWPC_PC_READ_NCTRS];
	size_t n = 0;
	double us = (double)t_ns / 1000.0;
	for (int c = 0; c < HWPC_PC_READ_NCTRS; c++)
		if ((s->present >> c & 1) && !(s->saturated >> c & 1))
			series[n++] = (struct hwpc_trace_arg){ hwpc_pc_read_ctr_key((enum hwpc_pc_read_ctr)c), NULL,
							       (double)s->ctr[c] };
	if (n)
		hwpc_trace_counter(t, 1, us, r->di->name, series, n);
	double pct = hwpc_pc_read_event_pct(s);
	if (!isnan(pct)) {
		char name[48];
		struct hwpc_trace_arg a = { "event_pct", NULL, pct };
		snprintf(name, sizeof name, "%s event%%", r->di->name);
		hwpc_trace_counter(t, 1, us, name, &a, 1);
	}
}

const struct hwpc_col hwpc_pc_signal_cols[4] = { { "domain", 0 }, { "signal_index", 0 }, { "signal", 0 },
						 { "value", 0 } };
const struct hwpc_col hwpc_pc_scan_cols[10] = {
	{ "domain", 0 },	  { "signal_index", 0 },    { "signal", 0 },	    { "active_pct", 0 },
	{ "active_pct_low", 0 }, { "active_pct_high", 0 }, { "one_count", 0 }, { "sample_count", 0 },
	{ "exact", 0 },		  { "seed", 0 },
};

int hwpc_pc_signals_out(struct hwpc_out *o, enum hwpc_format fmt, const struct hwpc_pcr *r,
			const struct hwpc_pc_names *names, const uint32_t *words, const struct hwpc_pc_scan *sc,
			struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	bool text = fmt == HWPC_FMT_TEXT;
	for (unsigned sig = 0; sig < r->di->nsignals; sig++) {
		const char *name = hwpc_pc_signal_name(names, sig);
		/* Every name a signal answers to: people read them after the
		 * first, joined by / ("PGRAPH.IDLE/pc01_gr_idle": one word, so
		 * that sort -k and awk still find the columns), programs in a
		 * key of their own, blank-separated (a regdb name has neither). */
		char aliases[160], shown[224];
		bool other = hwpc_pc_signal_aliases(names, sig, text ? "/" : " ", aliases, sizeof aliases);
		if (text && other) {
			snprintf(shown, sizeof shown, "%s/%s", name, aliases);
			name = shown;
		}
		double pct, lo, hi;
		/* An interrupted counted scan: the signals not reached are left
		 * out, not shown as 0. */
		if (sc && !hwpc_pc_scan_share(sc, sig, &pct, &lo, &hi) && sc->partial)
			continue;
		hwpc_out_record(o, "pc_signal");
		hwpc_out_str(o, "domain", r->di->name);
		hwpc_out_hex(o, "signal_index", sig, 2);
		if (name)
			hwpc_out_str(o, "signal", name);
		else
			hwpc_out_null(o, "signal");
		if (!text && other)
			hwpc_out_str(o, "aliases", aliases);
		else if (!text)
			hwpc_out_null(o, "aliases");
		if (sc) {
			hwpc_out_double(o, "active_pct", pct, 2);
			hwpc_out_double(o, "active_pct_low", lo, 2);
			hwpc_out_double(o, "active_pct_high", hi, 2);
			hwpc_out_u64(o, "one_count", sc->ones[sig]);
			hwpc_out_u64(o, "sample_count", sc->samples[sig]);
			hwpc_out_bool(o, "exact", (sc->counted || sc->every_cycle) && sc->samples[sig]);
			if (sc->counted)
				hwpc_out_null(o, "seed");
			else
				hwpc_out_u64(o, "seed", sc->seed);
		} else {
			hwpc_out_u64(o, "value", words[sig / 32] >> (sig % 32) & 1);
		}
		if (hwpc_out_end(o, err))
			return err->status;
	}
	return 0;
}

const struct hwpc_col hwpc_pc_set_cols[8] = { { "set", 0 },	     { "domain", 0 },	   { "counter", 10 },
					      { "count", 0 },	     { "scaled", 0 },	   { "counted_pct", 0 },
					      { "period_count", 0 }, { "saturated", 0 } };

int hwpc_pc_sets_out(struct hwpc_out *o, const struct hwpc_pcr *r, const struct hwpc_pc_setfile *sf,
		     const struct hwpc_pc_read_rotset *sets, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	uint64_t total = hwpc_pc_read_rot_total(sets, sf->n);
	for (size_t j = 0; j < sf->n; j++) {
		for (int c = 0; c < HWPC_PC_READ_NCTRS; c++) {
			if (!r->ctr[c].present)
				continue;
			double scaled = hwpc_pc_read_rot_scale(sets[j].count[c], sets[j].counted, total);
			hwpc_out_record(o, "pc_set_count");
			hwpc_out_str(o, "set", sf->e[j].set);
			hwpc_out_str(o, "domain", r->di->name);
			hwpc_out_str(o, "counter", hwpc_pc_read_ctr_key((enum hwpc_pc_read_ctr)c));
			hwpc_out_u64(o, "count", sets[j].count[c]);
			if (isnan(scaled))
				hwpc_out_null(o, "scaled");
			else
				hwpc_out_u64(o, "scaled", (uint64_t)llround(scaled));
			hwpc_out_double(o, "counted_pct", 100.0 * hwpc_pc_read_rot_fraction(sets[j].counted, total), 2);
			hwpc_out_u64(o, "period_count", sets[j].periods);
			hwpc_out_bool(o, "saturated", sets[j].saturated >> c & 1);
			if (hwpc_out_end(o, err))
				return err->status;
		}
	}
	return 0;
}
