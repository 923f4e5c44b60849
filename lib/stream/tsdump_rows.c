/* SPDX-License-Identifier: MIT */
/* tsdump's JSON and CSV rows of a Tensix stream (tensix_event, tensix_loss,
 * tensix_info), written straight into a 256 KiB buffer with the kinds
 * compiled from the schema (output/output_row.h): the bytes between values
 * are resolved once, integers are formatted by hand (offsets, indices and
 * timestamps as running decimals that rewrite only their last four digits
 * when they grew a little), and events come from the decoder in batches.
 * The generic record writer, which matches keys by name per record and
 * keeps every field apart, is tsdump's reference path (tsdump.c,
 * item_record): tests hold these rows to it byte for byte. */
#include "stream/tsdump_state.h"

#include <stdlib.h>
#include <string.h>

#include "output/output_row.h"

enum { EV_OFFSET, EV_ADDR, EV_BUFFER, EV_INDEX, EV_SIZE, EV_TOKEN, EV_NAME, EV_TS, EV_TIME, EV_N };
static const struct orow_want ev_keys[EV_N] = {
	{ "offset", HWPC_VT_U64 }, { "addr", HWPC_VT_U64 }, { "buffer", HWPC_VT_U64 },
	{ "index", HWPC_VT_U64 },  { "size", HWPC_VT_U64 }, { "token", HWPC_VT_U64 },
	{ "name", HWPC_VT_STR },   { "ts", HWPC_VT_U64 },   { "time", HWPC_VT_STR },
};
enum { LO_OFFSET, LO_ADDR, LO_BUFFER, LO_TS, LO_TIME, LO_KIND, LO_COUNT, LO_VALUE, LO_MESSAGE, LO_N };
static const struct orow_want loss_keys[LO_N] = {
	{ "offset", HWPC_VT_U64 }, { "addr", HWPC_VT_U64 },  { "buffer", HWPC_VT_U64 },
	{ "ts", HWPC_VT_U64 },     { "time", HWPC_VT_STR },  { "kind", HWPC_VT_STR },
	{ "count", HWPC_VT_U64 },  { "value", HWPC_VT_U64 }, { "message", HWPC_VT_STR },
};
enum { IN_OFFSET, IN_ADDR, IN_BUFFER, IN_KIND, IN_COUNT, IN_MESSAGE, IN_N };
static const struct orow_want info_keys[IN_N] = {
	{ "offset", HWPC_VT_U64 }, { "addr", HWPC_VT_U64 },  { "buffer", HWPC_VT_U64 },
	{ "kind", HWPC_VT_STR },   { "count", HWPC_VT_U64 }, { "message", HWPC_VT_STR },
};

/* The kinds a Tensix stream's CSV declares, in this order: its columns. */
const char *const tsdump_tensix_kinds[3] = { "tensix_event", "tensix_loss", "tensix_info" };

/* The longest values a row holds besides its kind's fixed bytes: numbers
 * (20 digits, twice with _dec), a token name (63 bytes, escaped 6x) and a
 * message (192, likewise). */
#define ROW_VALUES (12 * 48 + 6 * 64 + 6 * 192)

int rows_init(struct hwpc_tsdump *t)
{
	struct tsrows *r = &t->rows;
	const struct hwpc_schema_rec *kinds[3];
	const char **cols = NULL;
	size_t ncols = 0;
	char *ident = NULL;
	size_t ident_len;
	bool json = t->o.fmt == HWPC_FMT_JSON;
	int rc = -1;

	memset(r, 0, sizeof *r);
	for (int i = 0; i < 3; i++)
		kinds[i] = hwpc_schema_find(tsdump_tensix_kinds[i]);
	if (!kinds[0] || !kinds[1] || !kinds[2] || orow_columns(kinds, 3, &cols, &ncols) ||
	    orow_ident(json, t->o.device, t->o.chipset, &ident, &ident_len))
		goto done;
	enum hwpc_format fmt = json ? HWPC_FMT_JSON : HWPC_FMT_CSV;
	if (orow_kind_init(&r->ev, fmt, kinds[0], ident, ident_len, cols, ncols) ||
	    orow_kind_init(&r->loss, fmt, kinds[1], ident, ident_len, cols, ncols) ||
	    orow_kind_init(&r->info, fmt, kinds[2], ident, ident_len, cols, ncols))
		goto done;
	/* the rows below write these keys in this order: the schema must agree */
	if (!orow_kind_check(&r->ev, ev_keys, EV_N) || !orow_kind_check(&r->loss, loss_keys, LO_N) ||
	    !orow_kind_check(&r->info, info_keys, IN_N)) {
		rc = -2;
		goto done;
	}
	size_t fixed = r->ev.fixed > r->loss.fixed ? r->ev.fixed : r->loss.fixed;
	fixed = fixed > r->info.fixed ? fixed : r->info.fixed;
	size_t head = json ? 6 * strlen("tsdump") + 128 : 0;
	r->header = json ? malloc(head) : orow_csv_header(cols, ncols, &r->header_len);
	if (!r->header)
		goto done;
	if (json)
		r->header_len = (size_t)(orow_put_json_header(r->header, "tsdump") - r->header);
	r->row_max = fixed + ROW_VALUES + 2 * OROW_PAD;
	if (r->row_max < r->header_len)
		r->row_max = r->header_len;
	if (orow_out_init(&r->w, t->o.out, r->row_max))
		goto done;
	rc = 0;
done:
	free(cols);
	free(ident);
	return rc;
}

void rows_free(struct hwpc_tsdump *t)
{
	struct tsrows *r = &t->rows;
	orow_kind_free(&r->ev);
	orow_kind_free(&r->loss);
	orow_kind_free(&r->info);
	orow_out_free(&r->w);
	free(r->header);
	r->header = NULL;
}

int rows_flush(struct hwpc_tsdump *t)
{
	return orow_out_flush(&t->rows.w);
}

/* Where the next row goes; the header first, before the first row (as the
 * record writer does: no records, no header). */
static char *row_start(struct tsrows *r)
{
	char *p = orow_out_row(&r->w);
	if (p && !r->started) {
		memcpy(p, r->header, r->header_len);
		p += r->header_len;
		r->started = true;
	}
	return p;
}

static const char times[3][16] = { "full", "unwrapped", "relative" };
static const uint8_t time_len[3] = { 4, 9, 8 };

OROW_INLINE char *where(char *p, const struct orow_kind *k, uint64_t offset, uint64_t addr, int buffer,
			  struct orow_dec *dec)
{
	p = dec ? orow_dec(p, k, 0, dec, offset) : orow_u64(p, k, 0, offset);
	p = addr != UINT64_MAX ? orow_u64(p, k, 1, addr) : orow_null(p, k, 1);
	return buffer >= 0 ? orow_small(p, k, 2, (uint64_t)buffer) : orow_null(p, k, 2);
}

/* One event row at p; returns its end. */
OROW_INLINE char *event_row(char *p, struct hwpc_tsdump *t, struct orow_dec *dec, const struct hwpc_tensix_ev *ev)
{
	static const char sizes[4][16] = { "32", "64", "96", "128" };
	const struct orow_kind *k = &t->rows.ev;
	p = orow_begin(p, k);
	int b = -1;
	uint64_t addr = UINT64_MAX;
	if (t->lay.have_bufs)
		hwpc_tensix_dec_locate(t->ts, ev->offset, &b, &addr);
	p = where(p, k, ev->offset, addr, b, &dec[0]);
	p = orow_dec(p, k, EV_INDEX, &dec[1], ev->index);
	unsigned sz = ((ev->size >> 5) - 1) & 3; /* 32, 64, 96, 128 */
	p = orow_put(p, k->keys[EV_SIZE].pre, k->keys[EV_SIZE].len);
	memcpy(p, sizes[sz], 16);
	p += 2 + (sz == 3);
	p = orow_small(p, k, EV_TOKEN, ev->token);
	const struct hwpc_tok *m = t->o.map ? hwpc_tokmap_find(t->o.map, ev->token) : NULL;
	p = m ? orow_str(p, k, EV_NAME, m->name, strlen(m->name)) : orow_null(p, k, EV_NAME);
	p = orow_dec(p, k, EV_TS, &dec[2], ev->ts);
	p = orow_word16(p, k, EV_TIME, times[ev->time], time_len[ev->time]);
	return orow_end(p, k);
}

/* A batch of event rows from the decoder.  The running decimals are
 * copied to locals for the batch: rows are written through char
 * pointers, which could alias them and force a reload at every step. */
int rows_events(struct hwpc_tsdump *t, const struct hwpc_tensix_ev *ev, size_t n)
{
	struct tsrows *r = &t->rows;
	struct orow_dec dec[3] = { r->offset, r->index, r->ts };
	char *p = row_start(r);
	for (size_t i = 0; p && i < n; i++) {
		if (p > r->w.buf + r->w.limit) {
			orow_out_done(&r->w, p);
			if (!(p = orow_out_row(&r->w)))
				break;
		}
		p = event_row(p, t, dec, &ev[i]);
	}
	if (p)
		orow_out_done(&r->w, p);
	r->offset = dec[0];
	r->index = dec[1];
	r->ts = dec[2];
	return r->w.failed;
}

static bool loss_has_value(enum hwpc_tensix_kind kind)
{
	return kind == HWPC_TENSIX_UNDECODABLE || kind == HWPC_TENSIX_SIZE_MIXED || kind == HWPC_TENSIX_TRUNCATED;
}

static bool loss_has_ts(enum hwpc_tensix_kind kind)
{
	return kind == HWPC_TENSIX_OVERFLOW || kind == HWPC_TENSIX_BACKWARDS;
}

int rows_item(struct hwpc_tsdump *t, const struct hwpc_tensix_item *it)
{
	struct tsrows *r = &t->rows;
	if (it->kind == HWPC_TENSIX_EVENT) {
		struct hwpc_tensix_ev ev = { .offset = it->offset, .index = it->index, .ts = it->ts,
					     .header = it->header, .token = it->token, .size = (uint16_t)it->size,
					     .time = (uint8_t)it->time };
		return rows_events(t, &ev, 1);
	}
	char *p = row_start(r);
	if (!p)
		return 1;
	const char *kind = hwpc_tensix_kind_name(it->kind), *msg = it->msg ? it->msg : "";
	size_t msg_len = strnlen(msg, 192);
	if (hwpc_tensix_kind_is_loss(it->kind)) {
		const struct orow_kind *k = &r->loss;
		p = orow_begin(p, k);
		p = where(p, k, it->offset, it->addr, it->buffer, NULL);
		if (loss_has_ts(it->kind)) {
			p = orow_u64(p, k, LO_TS, it->ts);
			p = orow_word16(p, k, LO_TIME, times[it->time], time_len[it->time]);
		} else {
			p = orow_null(p, k, LO_TS);
			p = orow_null(p, k, LO_TIME);
		}
		p = orow_word(p, k, LO_KIND, kind, strlen(kind));
		p = orow_u64(p, k, LO_COUNT, it->count);
		p = loss_has_value(it->kind) ? orow_u64(p, k, LO_VALUE, it->value) : orow_null(p, k, LO_VALUE);
		p = orow_str(p, k, LO_MESSAGE, msg, msg_len);
		p = orow_end(p, k);
	} else {
		const struct orow_kind *k = &r->info;
		p = orow_begin(p, k);
		p = where(p, k, it->offset, it->addr, it->buffer, NULL);
		p = orow_word(p, k, IN_KIND, kind, strlen(kind));
		p = orow_u64(p, k, IN_COUNT, it->count);
		p = orow_str(p, k, IN_MESSAGE, msg, msg_len);
		p = orow_end(p, k);
	}
	orow_out_done(&r->w, p);
	return r->w.failed;
}

/* The reference: the same records through the generic record writer. */
int rows_item_record(struct hwpc_tsdump *t, const struct hwpc_tensix_item *it)
{
	struct hwpc_out *o = t->out;
	const struct hwpc_tok *m;
	bool loss = hwpc_tensix_kind_is_loss(it->kind);
	hwpc_out_record(o, it->kind == HWPC_TENSIX_EVENT ? "tensix_event" : loss ? "tensix_loss" : "tensix_info");
	hwpc_out_u64(o, "offset", it->offset);
	if (it->addr != UINT64_MAX)
		hwpc_out_u64(o, "addr", it->addr);
	if (it->buffer >= 0)
		hwpc_out_u64(o, "buffer", (uint64_t)it->buffer);
	if (it->kind == HWPC_TENSIX_EVENT) {
		hwpc_out_u64(o, "index", it->index);
		hwpc_out_u64(o, "size", it->size);
		hwpc_out_u64(o, "token", it->token);
		if ((m = t->o.map ? hwpc_tokmap_find(t->o.map, it->token) : NULL))
			hwpc_out_str(o, "name", m->name);
		hwpc_out_u64(o, "ts", it->ts);
		hwpc_out_str(o, "time", hwpc_tensix_time_name(it->time));
		return hwpc_out_end(o, &t->werr) ? 1 : 0;
	}
	if (loss && loss_has_ts(it->kind)) {
		hwpc_out_u64(o, "ts", it->ts);
		hwpc_out_str(o, "time", hwpc_tensix_time_name(it->time));
	}
	hwpc_out_str(o, "kind", hwpc_tensix_kind_name(it->kind));
	hwpc_out_u64(o, "count", it->count);
	if (loss && loss_has_value(it->kind))
		hwpc_out_u64(o, "value", it->value);
	hwpc_out_str(o, "message", it->msg ? it->msg : "");
	return hwpc_out_end(o, &t->werr) ? 1 : 0;
}
