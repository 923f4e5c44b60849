/* SPDX-License-Identifier: MIT */
/* tsdump for PCOUNTER record buffers: a row per packet (counters, interval,
 * rates) or anomaly; counter tracks in a trace; a summary with totals and
 * losses.  Record buffers are small next to Tensix streams, so every format
 * goes through the generic writers. */
#include "stream/tsdump_state.h"

#include <stdio.h>
#include <string.h>

enum { PID_RECORD = 2, TID_REC_ANOMALY = 9 };

void rec_trace_names(struct hwpc_tsdump *t)
{
	hwpc_trace_process_name(t->tr, PID_RECORD, "PCOUNTER record buffer");
	hwpc_trace_thread_name(t->tr, PID_RECORD, TID_REC_ANOMALY, "anomalies");
}

static int rec_trace(struct hwpc_tsdump *t, const struct hwpc_rec_item *it)
{
	if (it->kind == HWPC_REC_PACKET) {
		struct hwpc_trace_arg a[HWPC_REC_MAX_COUNTERS];
		for (unsigned i = 0; i < it->ncounters; i++)
			a[i] = (struct hwpc_trace_arg){ .key = hwpc_rec_counter_name(i), .num = it->counters[i] };
		/* The counts of the interval that ends at this packet. */
		hwpc_trace_counter(t->tr, PID_RECORD, tsdump_us(t, it->time), "events per interval", a,
				   it->ncounters);
		struct hwpc_trace_arg d = { .key = "cycles", .num = (double)it->delta };
		hwpc_trace_counter(t->tr, PID_RECORD, tsdump_us(t, it->time), "interval", &d, 1);
		t->last_ts = it->time;
		return 0;
	}
	struct hwpc_trace_arg a[2] = { { .key = "offset", .num = (double)it->offset },
				       { .key = "message", .str = it->msg ? it->msg : "" } };
	hwpc_trace_instant(t->tr, PID_RECORD, TID_REC_ANOMALY, tsdump_us(t, t->last_ts),
			   hwpc_rec_kind_name(it->kind), hwpc_rec_kind_is_loss(it->kind) ? "loss" : "info", a, 2);
	return 0;
}

/* Decimal digits of v. */
static unsigned digits(uint64_t v)
{
	unsigned n = 1;
	while (v >= 10) {
		v /= 10;
		n++;
	}
	return n;
}

static uint64_t max_of_bits(unsigned bits)
{
	return bits >= 64 ? UINT64_MAX : (1ULL << bits) - 1;
}

/* The text table's columns, each as wide as the largest value the packet
 * layout allows (regdb's PCOUNTER.RECORD_* parameters), so that streamed
 * rows line up without being measured first. */
int rec_columns(struct hwpc_out *o, const struct hwpc_rec_layout *lay, enum hwpc_rec_format fmt, bool rates,
		struct hwpc_err *err)
{
	static const char *const rate_names[HWPC_REC_MAX_COUNTERS] = {
		"rate_pre0",   "rate_pre1",   "rate_pre2",   "rate_pre3",   "rate_start0", "rate_start1",
		"rate_start2", "rate_start3", "rate_event0", "rate_event1", "rate_event2", "rate_event3",
	};
	unsigned nc = hwpc_rec_counter_count(lay, fmt), kind_w = 0;
	for (int k = 0; k < HWPC_REC_KIND_COUNT; k++) {
		unsigned len = (unsigned)strlen(hwpc_rec_kind_name((enum hwpc_rec_kind)k));
		kind_w = len > kind_w ? len : kind_w;
	}
	uint64_t end = max_of_bits(lay->addr_bits), cycles = max_of_bits(lay->cycle_bits);
	unsigned index_w = digits(end / hwpc_rec_packet_size(lay, fmt));
	const struct {
		const char *name;
		unsigned width;
	} head[] = {
		{ "kind", kind_w },
		{ "offset", digits(end) },
		{ "index", index_w },
		{ "cycles", digits(cycles) },
		{ "elapsed_cycles", digits(UINT64_MAX) }, /* wrapping deltas summed in 64 bits */
		{ "delta", digits(cycles) },
		{ "stop", digits(lay->stop_max) },
	};
	struct hwpc_col cols[7 + 2 * HWPC_REC_MAX_COUNTERS + 2];
	size_t n = 0;
	for (size_t i = 0; i < sizeof head / sizeof *head; i++)
		cols[n++] = (struct hwpc_col){ head[i].name, head[i].width };
	for (unsigned i = 0; i < nc; i++)
		cols[n++] = (struct hwpc_col){ hwpc_rec_counter_name(i), digits(lay->event_max) };
	for (unsigned i = 0; rates && i < nc; i++)
		cols[n++] = (struct hwpc_col){ rate_names[i], 0 };
	cols[n++] = (struct hwpc_col){ "count", index_w }; /* packets at most */
	cols[n++] = (struct hwpc_col){ "message", 0 };
	for (size_t i = 0; i < n; i++)
		if (cols[i].width && cols[i].width < strlen(cols[i].name))
			cols[i].width = (unsigned)strlen(cols[i].name);
	return hwpc_out_table(o, cols, n, err);
}

int rec_item(void *ctx, const struct hwpc_rec_item *it)
{
	struct hwpc_tsdump *t = ctx;
	if (t->o.summary) {
		if (hwpc_rec_kind_is_loss(it->kind))
			stats_loss(t, hwpc_rec_kind_name(it->kind), it->offset, -1, it->msg);
		return 0;
	}
	if (t->tr)
		return rec_trace(t, it);
	struct hwpc_out *o = t->out;
	bool pkt = it->kind == HWPC_REC_PACKET, rates = t->o.fmt != HWPC_FMT_TEXT;
	hwpc_out_record(o, "pc_record_item");
	hwpc_out_str(o, "kind", hwpc_rec_kind_name(it->kind));
	hwpc_out_u64(o, "offset", it->offset);
	hwpc_out_u64(o, "index", it->index);
	if (pkt) {
		hwpc_out_u64(o, "cycles", it->cycles);
		hwpc_out_u64(o, "elapsed_cycles", it->time);
		hwpc_out_u64(o, "delta", it->delta);
		hwpc_out_u64(o, "stop", it->stop);
		for (unsigned i = 0; i < it->ncounters; i++)
			hwpc_out_u64(o, hwpc_rec_counter_name(i), it->counters[i]);
		for (unsigned i = 0; rates && i < it->ncounters; i++) {
			char key[24];
			snprintf(key, sizeof key, "rate_%s", hwpc_rec_counter_name(i));
			hwpc_out_double(o, key, it->rate[i], 6); /* a column name rec_columns declared */
		}
		if (rates)
			hwpc_out_bool(o, "saturated", it->saturated != 0);
	} else {
		hwpc_out_u64(o, "count", it->count);
		hwpc_out_str(o, "message", it->msg ? it->msg : "");
	}
	return hwpc_out_end(o, &t->werr) ? 1 : 0;
}

int rec_summary(struct hwpc_tsdump *t, struct hwpc_err *err)
{
	const struct hwpc_rec_summary *s = hwpc_recdec_summary(t->rec);
	struct hwpc_out *o = t->out;
	unsigned n = hwpc_rec_counter_count(t->o.rec_layout, t->o.rec_fmt);

	hwpc_out_record(o, "pc_record_summary");
	if (t->o.input)
		hwpc_out_str(o, "input", t->o.input);
	hwpc_out_str(o, "format", t->o.rec_fmt == HWPC_REC_SHORT ? "short" : "long");
	hwpc_out_u64(o, "bytes", s->bytes);
	hwpc_out_u64(o, "packet_count", s->packets);
	hwpc_out_u64(o, "elapsed_cycles", s->time);
	for (unsigned i = 0; i < n; i++) {
		char key[24];
		snprintf(key, sizeof key, "total_%s", hwpc_rec_counter_name(i));
		hwpc_out_u64(o, key, s->totals[i]);
	}
	for (int k = 1; k < HWPC_REC_KIND_COUNT; k++) {
		char key[32];
		snprintf(key, sizeof key, "%s_count", hwpc_rec_kind_name((enum hwpc_rec_kind)k));
		hwpc_out_u64(o, key, s->kinds[k]);
	}
	hwpc_out_u64(o, "missed_packet_count", s->missed);
	hwpc_out_bool(o, "lost", s->lost);
	for (unsigned i = 0; i < t->nloss && i < 10; i++) {
		char key[16];
		snprintf(key, sizeof key, "loss_%u", i);
		hwpc_out_str(o, key, t->losses[i].msg);
	}
	hwpc_out_u64(o, "more_loss_count", (t->nloss > 10 ? t->nloss - 10 : 0) + t->more_losses);
	return hwpc_out_end(o, err);
}
