/* SPDX-License-Identifier: MIT */
/* tsdump's output of decoded items (see hwpc/tsdump.h).  One callback per
 * output kind, chosen once, so the summary and CSV paths do only their own
 * work per event. */
#include "core/err_local.h"
#include "stream/tsdump_internal.h"

#include <stdlib.h>
#include <string.h>

enum { PID_TENSIX = 1, TID_ANOMALY = 9 };

double tsdump_us(const struct hwpc_tsdump *t, uint64_t ticks)
{
	/* Unknown rate: one tick per nanosecond (tsdump(1) says so). */
	return t->o.hz > 0 ? (double)ticks / t->o.hz * 1e6 : (double)ticks / 1e3;
}

/* One track for the events: the two buffers hold one stream, in order. */
static int tid_of(const struct hwpc_tensix_item *it)
{
	(void)it;
	return 1;
}

static const char *tok_name(const struct hwpc_tsdump *t, uint32_t token, const struct hwpc_tok **m)
{
	*m = t->o.map ? hwpc_tokmap_find(t->o.map, token) : NULL;
	return *m ? (*m)->name : NULL;
}

void tsdump_slice(struct hwpc_tsdump *t, const struct hwpc_tok *tok, uint64_t ts, int tid)
{
	struct slicestat *sl = &t->slices[tok->pair];
	if (tok->role == HWPC_TOKMAP_BEGIN) {
		if (sl->depth < SLICE_DEPTH)
			sl->stack[sl->depth++] = ts;
		else
			sl->unmatched_begin++;
		return;
	}
	if (!sl->depth) {
		sl->unmatched_end++;
		if (t->tr) {
			struct hwpc_trace_arg a = { .key = "ts", .num = (double)ts };
			char name[96];
			snprintf(name, sizeof name, "%s end (no begin)", tok->name);
			hwpc_trace_instant(t->tr, PID_TENSIX, tid, tsdump_us(t, ts), name, "unmatched", &a, 1);
		}
		return;
	}
	uint64_t b = sl->stack[--sl->depth], d = ts - b;
	if (!sl->count || d < sl->min)
		sl->min = d;
	if (d > sl->max)
		sl->max = d;
	sl->total += d;
	sl->count++;
	if (t->tr) {
		struct hwpc_trace_arg a[2] = { { .key = "begin_ts", .num = (double)b },
					       { .key = "ticks", .num = (double)d } };
		hwpc_trace_complete(t->tr, PID_TENSIX, tid, tsdump_us(t, b), tsdump_us(t, ts) - tsdump_us(t, b),
				    tok->name, "slice", a, 2);
	}
}

/* --summary: statistics only. */
static int summary_item(void *ctx, const struct hwpc_tensix_item *it)
{
	struct hwpc_tsdump *t = ctx;
	if (it->kind == HWPC_TENSIX_EVENT) {
		stats_event(t, it->token, it->ts);
		if (t->slices) {
			const struct hwpc_tok *m = hwpc_tokmap_find(t->o.map, it->token);
			if (m && m->role != HWPC_TOKMAP_INSTANT)
				tsdump_slice(t, m, it->ts, tid_of(it));
		}
	} else if (hwpc_tensix_kind_is_loss(it->kind)) {
		stats_loss(t, hwpc_tensix_kind_name(it->kind), it->offset, it->buffer, it->msg);
		if (t->nloss >= MAX_LOSSES) /* the rest are only counted */
			hwpc_tensix_dec_set_quiet(t->ts, true);
	}
	return 0;
}

static int summary_batch(void *ctx, const struct hwpc_tensix_ev *ev, size_t n)
{
	struct hwpc_tsdump *t = ctx;
	if (!t->slices) {
		for (size_t i = 0; i < n; i++)
			stats_event(t, ev[i].token, ev[i].ts);
		/* A piece whose token table overflowed cannot be joined
		 * (tsdump_piece.c): stop decoding it now, and give back
		 * its table while it waits to be refused. */
		if (t->piece && t->other_count) {
			stats_drop_large(t);
			return 1;
		}
		return 0;
	}
	for (size_t i = 0; i < n; i++) {
		stats_event(t, ev[i].token, ev[i].ts);
		const struct hwpc_tok *m = hwpc_tokmap_find(t->o.map, ev[i].token);
		if (m && m->role != HWPC_TOKMAP_INSTANT)
			tsdump_slice(t, m, ev[i].ts, 1);
	}
	return 0;
}

static int csv_batch(void *ctx, const struct hwpc_tensix_ev *ev, size_t n)
{
	return csv_events(ctx, ev, n);
}

static int csv_cb(void *ctx, const struct hwpc_tensix_item *it)
{
	struct hwpc_tsdump *t = ctx;
	const struct hwpc_tok *m;
	csv_item(t, it, it->kind == HWPC_TENSIX_EVENT && t->o.map ? tok_name(t, it->token, &m) : NULL);
	return t->csv.failed;
}

/* text and json, through the record writer: tensix_item records; a key
 * left unset is null (JSON) or "-" (text).  Text leaves out the columns
 * addr, header, count and value. */
static int record_cb(void *ctx, const struct hwpc_tensix_item *it)
{
	struct hwpc_tsdump *t = ctx;
	struct hwpc_out *o = t->out;
	bool ev = it->kind == HWPC_TENSIX_EVENT, json = t->o.fmt != HWPC_FMT_TEXT;
	const struct hwpc_tok *m;

	hwpc_out_record(o, "tensix_item");
	hwpc_out_str(o, "kind", hwpc_tensix_kind_name(it->kind));
	hwpc_out_u64(o, "offset", it->offset);
	if (json && it->addr != UINT64_MAX)
		hwpc_out_u64(o, "addr", it->addr);
	if (it->buffer >= 0)
		hwpc_out_u64(o, "buffer", (uint64_t)it->buffer);
	if (ev) {
		hwpc_out_u64(o, "index", it->index);
		hwpc_out_u64(o, "size", it->size);
		if (json)
			hwpc_out_hex32(o, "header", it->header);
		hwpc_out_u64(o, "token", it->token);
		const char *name = tok_name(t, it->token, &m);
		if (name)
			hwpc_out_str(o, "name", name);
	}
	if (ev || it->kind == HWPC_TENSIX_OVERFLOW || it->kind == HWPC_TENSIX_BACKWARDS) {
		hwpc_out_u64(o, "ts", it->ts);
		hwpc_out_str(o, "time", hwpc_tensix_time_name(it->time));
	}
	if (!ev) {
		if (json) {
			hwpc_out_u64(o, "count", it->count);
			hwpc_out_u64(o, "value", it->value);
		}
		if (it->msg && *it->msg)
			hwpc_out_str(o, "message", it->msg);
	}
	return hwpc_out_end(o, &t->werr) ? 1 : 0;
}

struct hwpc_out *tsdump_out_new(struct hwpc_tsdump *t, enum hwpc_format fmt, struct hwpc_err *err)
{
	struct hwpc_out *o = hwpc_out_new(t->o.out, fmt, err);
	if (!o)
		return NULL;
	hwpc_out_set_command(o, "tsdump");
	/* Text names the device once, above the first table. */
	if (fmt != HWPC_FMT_TEXT || !t->device_shown)
		hwpc_out_set_device(o, t->o.device, t->o.chipset);
	t->device_shown = true;
	return o;
}

static int trace_cb(void *ctx, const struct hwpc_tensix_item *it)
{
	struct hwpc_tsdump *t = ctx;
	const struct hwpc_tok *m;
	if (it->kind == HWPC_TENSIX_EVENT) {
		t->last_ts = it->ts;
		const char *name = tok_name(t, it->token, &m);
		if (m && m->role != HWPC_TOKMAP_INSTANT) {
			tsdump_slice(t, m, it->ts, tid_of(it));
			return 0;
		}
		char buf[32];
		if (!name) {
			snprintf(buf, sizeof buf, "token %u", it->token);
			name = buf;
		}
		struct hwpc_trace_arg a[4] = { { .key = "token", .num = it->token },
					       { .key = "size", .num = it->size },
					       { .key = "ts", .num = (double)it->ts },
					       { .key = "time", .str = hwpc_tensix_time_name(it->time) } };
		hwpc_trace_instant(t->tr, PID_TENSIX, tid_of(it), tsdump_us(t, it->ts), name, "token", a, 4);
		return 0;
	}
	if (it->kind == HWPC_TENSIX_PADDING)
		return 0; /* nothing happened at any time */
	struct hwpc_trace_arg a[2] = { { .key = "offset", .num = (double)it->offset },
				       { .key = "message", .str = it->msg ? it->msg : "" } };
	hwpc_trace_instant(t->tr, PID_TENSIX, TID_ANOMALY, tsdump_us(t, t->last_ts),
			   hwpc_tensix_kind_name(it->kind), hwpc_tensix_kind_is_loss(it->kind) ? "loss" : "info", a, 2);
	return 0;
}

static void trace_names(struct hwpc_tsdump *t)
{
	hwpc_trace_process_name(t->tr, PID_TENSIX, "Tensix timestamper");
	hwpc_trace_thread_name(t->tr, PID_TENSIX, 1, "events");
	hwpc_trace_thread_name(t->tr, PID_TENSIX, TID_ANOMALY, "anomalies");
}

static const struct hwpc_col text_cols[] = {
	{ "kind", 11 }, { "offset", 10 }, { "buffer", 6 }, { "index", 8 },   { "size", 4 },
	{ "token", 9 }, { "name", 0 },    { "ts", 14 },    { "time", 9 },    { "message", 0 },
};

struct hwpc_tsdump *hwpc_tsdump_new(const struct hwpc_tsdump_opts *opts, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	struct hwpc_tsdump *t = calloc(1, sizeof *t);
	if (!t) {
		hwpc_err_set(err, HWPC_EOP, "out of memory");
		return NULL;
	}
	t->o = *opts;
	if (opts->summary && stats_init(t))
		goto oom;
	if (opts->layout)
		t->lay = *opts->layout;
	t->o.layout = opts->layout ? &t->lay : NULL;
	unsigned npairs = hwpc_tokmap_pairs(opts->map);
	if (npairs && !(t->slices = calloc(npairs, sizeof *t->slices)))
		goto oom;
	if (opts->record) {
		/* PCOUNTER record buffers: every format through tsdump_record.c. */
		if (!opts->rec_layout) {
			hwpc_err_set(err, HWPC_EINPUT, "record decoding needs the packet layout (hwpc_rec_layout_load)");
			goto fail;
		}
		t->rec_lay = *opts->rec_layout;
		t->o.rec_layout = &t->rec_lay;
		t->rec = hwpc_recdec_new(opts->rec_fmt, &t->rec_lay, rec_item, t);
		if (!t->rec)
			goto oom;
		if (opts->fmt == HWPC_FMT_TRACE) {
			if (!(t->tr = hwpc_trace_new(opts->out, err)))
				goto fail;
			rec_trace_names(t);
		} else if (!(t->out = tsdump_out_new(t, opts->fmt, err)) ||
			   (!opts->summary && opts->fmt != HWPC_FMT_JSON &&
			    rec_columns(t->out, &t->rec_lay, opts->rec_fmt, opts->fmt == HWPC_FMT_CSV, err))) {
			goto fail;
		}
		return t;
	}
	hwpc_tensix_cb cb;
	if (opts->summary) {
		cb = summary_item;
	} else if (opts->fmt == HWPC_FMT_CSV) {
		if (csvw_init(&t->csv, opts->out, opts->device, opts->chipset))
			goto oom;
		csv_header(&t->csv);
		t->fast_csv = true;
		cb = csv_cb;
	} else if (opts->fmt == HWPC_FMT_TRACE) {
		if (!(t->tr = hwpc_trace_new(opts->out, err)))
			goto fail;
		trace_names(t);
		cb = trace_cb;
	} else {
		if (!(t->out = tsdump_out_new(t, opts->fmt, err)))
			goto fail;
		if (opts->fmt == HWPC_FMT_TEXT && hwpc_out_table(t->out, text_cols, sizeof text_cols / sizeof *text_cols, err))
			goto fail;
		cb = record_cb;
	}
	if (!(t->ts = hwpc_tensix_dec_new(t->o.layout, cb, t)))
		goto oom;
	/* The summary and CSV take events in batches (the fast path).  The
	 * summary without slices needs no order between events: the decoder
	 * keeps the small tokens' statistics itself, and sends the rest. */
	if ((opts->summary && hwpc_tensix_dec_set_batch(t->ts, summary_batch, t)) ||
	    (t->fast_csv && hwpc_tensix_dec_set_batch(t->ts, csv_batch, t)))
		goto oom;
	if (opts->summary && !t->slices)
		hwpc_tensix_dec_set_stats(t->ts, t->direct);
	return t;
oom:
	hwpc_err_set(err, HWPC_EOP, "out of memory");
fail:
	hwpc_tsdump_free(t);
	return NULL;
}

static int write_error(struct hwpc_tsdump *t, struct hwpc_err *err)
{
	if (t->werr.status)
		return hwpc_err_set(err, t->werr.status, "%s", t->werr.msg);
	return hwpc_err_set(err, HWPC_EOP, "write error on the output: %s",
			    ferror(t->o.out) ? "I/O error" : "disk full or closed");
}

int hwpc_tsdump_feed(struct hwpc_tsdump *t, const void *buf, size_t n, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	int stop = t->rec ? hwpc_recdec_feed(t->rec, buf, n) : hwpc_tensix_dec_feed(t->ts, buf, n);
	return stop ? write_error(t, err) : 0;
}

/* Slices still open at the end. */
static void open_slices(struct hwpc_tsdump *t)
{
	for (unsigned p = 0; t->tr && p < hwpc_tokmap_pairs(t->o.map); p++) {
		struct slicestat *sl = &t->slices[p];
		for (unsigned k = 0; k < sl->depth; k++) {
			char name[96];
			struct hwpc_trace_arg a = { .key = "ts", .num = (double)sl->stack[k] };
			snprintf(name, sizeof name, "%s (no end)", hwpc_tokmap_pair_name(t->o.map, p));
			hwpc_trace_instant(t->tr, PID_TENSIX, 1, tsdump_us(t, sl->stack[k]), name, "unmatched", &a, 1);
		}
	}
}

int hwpc_tsdump_finish(struct hwpc_tsdump *t, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	int rc = 0;
	t->finished = true;
	if (t->rec) {
		if (hwpc_recdec_finish(t->rec, err))
			return err->status;
		if (t->werr.status)
			return write_error(t, err);
		if (t->o.summary && (rc = rec_summary(t, err)))
			return rc;
	} else {
		if (hwpc_tensix_dec_finish(t->ts))
			return write_error(t, err);
		if (t->o.summary && (rc = stats_write_summary(t, err)))
			return rc;
		open_slices(t);
	}
	if (t->fast_csv && csvw_flush(&t->csv))
		return write_error(t, err);
	if (t->out && hwpc_out_finish(t->out, err))
		return err->status;
	if (t->tr && hwpc_trace_finish(t->tr, err))
		return err->status;
	if (fflush(t->o.out) || ferror(t->o.out))
		return write_error(t, err);
	return 0;
}

bool hwpc_tsdump_lost(const struct hwpc_tsdump *t)
{
	return t->rec ? hwpc_recdec_summary(t->rec)->lost : hwpc_tensix_dec_summary(t->ts)->lost;
}

uint64_t hwpc_tsdump_items(const struct hwpc_tsdump *t)
{
	return t->rec ? hwpc_recdec_summary(t->rec)->packets : hwpc_tensix_dec_summary(t->ts)->events;
}

void hwpc_tsdump_free(struct hwpc_tsdump *t)
{
	if (!t)
		return;
	hwpc_tensix_dec_free(t->ts);
	hwpc_recdec_free(t->rec);
	hwpc_out_free(t->out);
	hwpc_trace_free(t->tr);
	csvw_free(&t->csv);
	stats_free(t);
	free(t);
}
