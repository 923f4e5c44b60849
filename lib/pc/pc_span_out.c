/* SPDX-License-Identifier: MIT */
/* A span's counts as pc_run records (pcread -- CMD; hwpc-output(7)): each
 * count, the time it covers and its rate per second, for an interval (-i)
 * or for the whole run with the command's exit status; null where the
 * domain was reprogrammed in that time. */
#include "core/core_cmd.h"
#include "core/err_local.h"
#include "pc/pc_cmd.h"

#include <math.h>
#include <stdio.h>

static const char *const rate_keys[HWPC_PC_READ_NCTRS] = { "cycles_per_s",	"cycles_alt_per_s",
							   "event_count_per_s", "start_count_per_s",
							   "pre_count_per_s",	"stop_count_per_s" };
static const char *const count_keys[HWPC_PC_READ_NCTRS] = { "cycles",	   "cycles_alt", "event_count",
							    "start_count", "pre_count",	 "stop_count" };

size_t hwpc_pc_run_cols(bool sampling, struct hwpc_col *cols)
{
	static const char *const names[] = { "sample",	    "elapsed_ns",   "uncertainty_ppm", "domain",
					     "mode",	    "cycles",	    "cycles_per_s",    "event_count",
					     "event_count_per_s", "event_pct", "start_count",  "pre_count",
					     "stop_count" };
	size_t n = 0;
	for (size_t i = sampling ? 0 : 1; i < sizeof names / sizeof names[0]; i++)
		cols[n++] = (struct hwpc_col){ names[i], 0 };
	return n;
}

/* A count for people: a saturated one is a lower bound. */
static void put_count(struct hwpc_out *o, enum hwpc_format fmt, const char *key, uint64_t v, bool sat)
{
	char buf[32];
	if (fmt != HWPC_FMT_TEXT || !sat) {
		hwpc_out_u64(o, key, v);
		return;
	}
	snprintf(buf, sizeof buf, ">=%llu", (unsigned long long)v);
	hwpc_out_str(o, key, buf);
}

int hwpc_pc_run_out(struct hwpc_out *o, enum hwpc_format fmt,
		    const struct hwpc_pc_span_dom *d, const struct hwpc_pc_run_what *w, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	bool text = fmt == HWPC_FMT_TEXT;
	const uint64_t *v = w->interval ? d->delta : d->total;
	/* Counts across a new setup are no figure: null, and reprogrammed. */
	bool gone = w->interval ? d->reprogrammed : d->reprogrammed_run;
	uint64_t ns = w->interval ? d->now_ns - d->last_ns : d->now_ns - d->start_ns;
	unsigned present = 0;
	for (int c = 0; c < HWPC_PC_READ_NCTRS; c++)
		present |= (unsigned)d->r->ctr[c].present << c;
	hwpc_out_record(o, "pc_run");
	if (!text)
		hwpc_out_str(o, "command", w->command);
	if (w->interval)
		hwpc_out_u64(o, "sample", w->sample);
	else if (w->sampling)
		hwpc_out_null(o, "sample");
	hwpc_out_u64(o, "elapsed_ns", d->now_ns - d->start_ns);
	if (!text)
		hwpc_out_u64(o, "interval_ns", ns);
	/* The rates' time base, as uncertain as the timestamps around the
	 * accesses at both ends (hwpc_rate_mid); cycles_per_s besides by
	 * CYCLES' +-1. */
	struct hwpc_rate rt;
	hwpc_rate_mid((double)(w->interval ? d->last_ns : d->start_ns),
		      (double)(w->interval ? d->last_unc_ns : d->start_unc_ns), (double)d->now_ns,
		      (double)d->now_unc_ns, v[HWPC_PC_READ_CYCLES], 1, 0, &rt);
	if (ns && v[HWPC_PC_READ_CYCLES] && isfinite(rt.uncertainty_ppm) && !gone)
		hwpc_out_double(o, "uncertainty_ppm", rt.uncertainty_ppm, 3);
	else
		hwpc_out_null(o, "uncertainty_ppm");
	hwpc_out_str(o, "domain", d->r->di->name);
	hwpc_out_str(o, "mode", d->mode == HWPC_PC_READ_MODE_QUAD ? "quad" : "single");
	for (int c = 0; c < HWPC_PC_READ_NCTRS; c++) {
		bool have = (present >> c & 1) && !gone;
		if (text && c == HWPC_PC_READ_CYCLES_ALT)
			continue; /* a copy of CYCLES: not in the table */
		if (have)
			put_count(o, fmt, count_keys[c], v[c], d->acc.saturated >> c & 1);
		else
			hwpc_out_null(o, count_keys[c]);
		if (text && c != HWPC_PC_READ_CYCLES && c != HWPC_PC_READ_EVENT)
			continue; /* the table's rates: the clock and the event's */
		if (have && ns)
			hwpc_out_double(o, rate_keys[c], (double)v[c] * 1e9 / (double)ns, 1);
		else
			hwpc_out_null(o, rate_keys[c]);
		if (c != HWPC_PC_READ_EVENT)
			continue;
		if (v[HWPC_PC_READ_CYCLES] && have)
			hwpc_out_double(o, "event_pct", 100.0 * (double)v[c] / (double)v[HWPC_PC_READ_CYCLES], 2);
		else
			hwpc_out_null(o, "event_pct");
	}
	if (!text) {
		char which[64];
		hwpc_pc_ctr_list(d->acc.saturated, "+", which, sizeof which);
		hwpc_out_bool(o, "saturated", d->acc.saturated != 0);
		hwpc_out_str(o, "saturated_counters", which);
		if (d->mode == HWPC_PC_READ_MODE_QUAD)
			hwpc_out_bool(o, "lost", d->acc.lost != 0);
		else
			hwpc_out_null(o, "lost");
		if (w->interval)
			hwpc_out_null(o, "status");
		else
			hwpc_out_i64(o, "status", w->status);
		if (w->can_lag)
			hwpc_out_u64(o, "lag_ns", w->lag_ns);
		else
			hwpc_out_null(o, "lag_ns");
		hwpc_out_bool(o, "reprogrammed", gone);
	}
	return hwpc_out_end(o, err);
}
