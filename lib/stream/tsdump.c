/* SPDX-License-Identifier: MIT */
/* tsdump's output of decoded items (see hwpc/stream.h).  One callback per
 * output kind, chosen once, so the summary, JSON, CSV and trace paths do
 * only their own work per event; JSON and CSV rows are in tsdump_rows.c,
 * the trace in tsdump_trace.c. */
#include "core/err_local.h"
#include "stream/tsdump_state.h"
#include "tensix/tensix_cmd.h"

#include <stdlib.h>
#include <string.h>

static const char *tok_name(const struct hwpc_tsdump *t, uint32_t token, const struct hwpc_tok **m)
{
	*m = t->o.map ? hwpc_tokmap_find(t->o.map, token) : NULL;
	return *m ? (*m)->name : NULL;
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
				tsdump_slice(t, m, it->ts, TID_EVENTS);
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
			tsdump_slice(t, m, ev[i].ts, TID_EVENTS);
	}
	return 0;
}

static int rows_batch(void *ctx, const struct hwpc_tensix_ev *ev, size_t n)
{
	return rows_events(ctx, ev, n);
}

static int rows_cb(void *ctx, const struct hwpc_tensix_item *it)
{
	return rows_item(ctx, it);
}

/* json and csv through the record writer (the reference path). */
static int record_cb(void *ctx, const struct hwpc_tensix_item *it)
{
	return rows_item_record(ctx, it);
}

/* text, through the record writer: a table, not a contract (one layout for
 * every item, "-" where a column has no value). */
static int text_cb(void *ctx, const struct hwpc_tensix_item *it)
{
	struct hwpc_tsdump *t = ctx;
	struct hwpc_out *o = t->out;
	bool ev = it->kind == HWPC_TENSIX_EVENT;
	const struct hwpc_tok *m;

	hwpc_out_begin(o);
	hwpc_out_str(o, "kind", hwpc_tensix_kind_name(it->kind));
	hwpc_out_u64(o, "offset", it->offset);
	if (it->buffer >= 0)
		hwpc_out_u64(o, "buffer", (uint64_t)it->buffer);
	if (ev) {
		hwpc_out_u64(o, "index", it->index);
		hwpc_out_u64(o, "size", it->size);
		hwpc_out_u64(o, "token", it->token);
		const char *name = tok_name(t, it->token, &m);
		if (name)
			hwpc_out_str(o, "name", name);
	}
	if (ev || it->kind == HWPC_TENSIX_OVERFLOW || it->kind == HWPC_TENSIX_BACKWARDS) {
		hwpc_out_u64(o, "ts", it->ts);
		hwpc_out_str(o, "time", hwpc_tensix_time_name(it->time));
	}
	if (!ev && it->msg && *it->msg)
		hwpc_out_str(o, "message", it->msg);
	return hwpc_out_end(o, &t->werr) ? 1 : 0;
}

static const struct hwpc_col text_cols[] = {
	{ "kind", 11 }, { "offset", 10 }, { "buffer", 6 }, { "index", 8 },   { "size", 4 },
	{ "token", 9 }, { "name", 0 },    { "ts", 14 },    { "time", 9 },    { "message", 0 },
};

struct hwpc_tsdump *hwpc_tsdump_new(const struct hwpc_tsdump_opts *opts, struct hwpc_err *err)
{
	return tsdump_new(opts, false, err);
}

struct hwpc_tsdump *tsdump_new(const struct hwpc_tsdump_opts *opts, bool reference, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	struct hwpc_tsdump *t = calloc(1, sizeof *t);
	if (!t) {
		hwpc_err_set(err, HWPC_EOP, "out of memory");
		return NULL;
	}
	t->o = *opts;
	t->reference = reference;
	if (opts->summary && stats_init(t))
		goto oom;
	if (opts->layout)
		t->lay = *opts->layout;
	t->o.layout = opts->layout ? &t->lay : NULL;
	unsigned npairs = hwpc_tokmap_pairs(opts->map);
	if (npairs && !(t->slices = calloc(npairs, sizeof *t->slices)))
		goto oom;
	if (opts->record) {
		/* PCOUNTER record buffers: every format through tsdump_recbuf.c. */
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
	} else if ((opts->fmt == HWPC_FMT_CSV || opts->fmt == HWPC_FMT_JSON) && !reference) {
		int rc = rows_init(t);
		if (rc == -2) {
			hwpc_err_set(err, HWPC_EINPUT, "tsdump: the output schema's Tensix kinds are not the ones it writes");
			goto fail;
		}
		if (rc)
			goto oom;
		t->fast_rows = true;
		cb = rows_cb;
	} else if (opts->fmt == HWPC_FMT_TRACE) {
		if (!(t->tr = hwpc_trace_new(opts->out, err)))
			goto fail;
		trace_names(t);
		cb = trace_item;
	} else {
		if (!(t->out = tsdump_out_new(t, opts->fmt, err)))
			goto fail;
		if (opts->fmt == HWPC_FMT_TEXT && hwpc_out_table(t->out, text_cols, sizeof text_cols / sizeof *text_cols, err))
			goto fail;
		if (opts->fmt == HWPC_FMT_CSV && hwpc_out_kinds(t->out, tsdump_tensix_kinds, 3, err))
			goto fail;
		cb = opts->fmt == HWPC_FMT_TEXT ? text_cb : record_cb;
	}
	if (!(t->ts = hwpc_tensix_dec_new(t->o.layout, cb, t)))
		goto oom;
	/* The summary, JSON, CSV and trace take events in batches (the fast path).  The
	 * summary without slices needs no order between events: the decoder
	 * keeps the small tokens' statistics itself, and sends the rest. */
	if ((opts->summary && hwpc_tensix_dec_set_batch(t->ts, summary_batch, t)) ||
	    (t->fast_rows && hwpc_tensix_dec_set_batch(t->ts, rows_batch, t)) ||
	    (t->tr && !reference && hwpc_tensix_dec_set_batch(t->ts, trace_events, t)))
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
		trace_open_slices(t);
	}
	if (t->fast_rows && rows_flush(t))
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
	rows_free(t);
	stats_free(t);
	free(t);
}
