/* SPDX-License-Identifier: MIT */
/* What the Tensix stream decoder delivers (tensix_dec.h): the kinds of
 * items, items placed in
 * the buffers, batches of events, runs of padding and undecodable words,
 * and anomalies; shared by the careful path (tensix_stream.c) and the fast
 * path (tensix_stream_fast.c). */
#include "tensix/tensix_dec.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static const char *const kind_names[HWPC_TENSIX_KIND_COUNT] = {
	[HWPC_TENSIX_EVENT] = "event",
	[HWPC_TENSIX_PADDING] = "padding",
	[HWPC_TENSIX_FULL] = "full",
	[HWPC_TENSIX_PENDING] = "pending",
	[HWPC_TENSIX_STALE] = "stale",
	[HWPC_TENSIX_OVERFLOW] = "overflow",
	[HWPC_TENSIX_UNDECODABLE] = "undecodable",
	[HWPC_TENSIX_SIZE_MIXED] = "size-mixed",
	[HWPC_TENSIX_TRUNCATED] = "truncated",
	[HWPC_TENSIX_TRAILING] = "trailing",
	[HWPC_TENSIX_SHORT] = "short",
	[HWPC_TENSIX_EXTRA] = "extra",
	[HWPC_TENSIX_BACKWARDS] = "backwards",
	[HWPC_TENSIX_BAD_RANGE] = "bad-range",
};

const char *hwpc_tensix_kind_name(enum hwpc_tensix_kind kind)
{
	return (unsigned)kind < HWPC_TENSIX_KIND_COUNT ? kind_names[kind] : "?";
}

const char *hwpc_tensix_time_name(enum hwpc_tensix_time time)
{
	switch (time) {
	case HWPC_TENSIX_TIME_FULL: return "full";
	case HWPC_TENSIX_TIME_UNWRAPPED: return "unwrapped";
	case HWPC_TENSIX_TIME_RELATIVE: return "relative";
	}
	return "?";
}

bool hwpc_tensix_kind_is_loss(enum hwpc_tensix_kind kind)
{
	return kind >= HWPC_TENSIX_OVERFLOW && kind < HWPC_TENSIX_KIND_COUNT;
}

void tensix_dec_flush_batch(struct hwpc_tensix_dec *d)
{
	if (d->nbatch && !d->stop)
		d->stop = d->bcb(d->bctx, d->batch, d->nbatch);
	d->nbatch = 0;
}

static void locate(const struct hwpc_tensix_dec *d, struct hwpc_tensix_item *it, uint64_t off)
{
	it->offset = off;
	it->buffer = -1;
	it->addr = UINT64_MAX;
	if (!d->lay.have_bufs)
		return;
	if (off < d->cap[0]) {
		it->buffer = 0;
		it->addr = (uint64_t)d->lay.start[0] * 16 + off;
	} else if (off < d->cap[0] + d->cap[1]) {
		it->buffer = 1;
		it->addr = (uint64_t)d->lay.start[1] * 16 + (off - d->cap[0]);
	}
}

/* The message of the item about to be delivered; none once the reader
 * keeps no more (hwpc_tensix_dec_set_quiet): formatting it cost more than
 * decoding a stream that is all anomalies. */
void tensix_dec_msgf(struct hwpc_tensix_dec *d, const char *fmt, ...)
{
	va_list ap;
	if (d->quiet) {
		d->msg[0] = 0;
		return;
	}
	va_start(ap, fmt);
	vsnprintf(d->msg, sizeof d->msg, fmt, ap);
	va_end(ap);
}

static void deliver(struct hwpc_tensix_dec *d, const struct hwpc_tensix_item *it)
{
	d->sum.kinds[it->kind]++;
	bool loss = hwpc_tensix_kind_is_loss(it->kind);
	if (loss)
		d->sum.lost = true;
	else if (d->stats)
		return; /* summary mode: information is only counted */
	if (d->nbatch)
		tensix_dec_flush_batch(d); /* items stay in input order */
	if (!d->stop && d->cb)
		d->stop = d->cb(d->ctx, it);
}

void tensix_dec_anomaly(struct hwpc_tensix_dec *d, enum hwpc_tensix_kind kind, uint64_t off, uint64_t count,
			uint32_t value, int buffer)
{
	struct hwpc_tensix_item it = {.kind = kind, .count = count, .value = value, .msg = d->msg};
	locate(d, &it, off);
	if (buffer >= 0 && buffer != it.buffer) {
		/* An anomaly of a buffer at its end (full): the address is
		 * that buffer's, one past its last byte, not the next one's. */
		uint64_t base = buffer ? d->cap[0] : 0;
		it.buffer = buffer;
		it.addr = d->lay.have_bufs && d->cap[buffer] && off >= base ? (uint64_t)d->lay.start[buffer] * 16 + (off - base)
							  : UINT64_MAX;
	}
	if (kind == HWPC_TENSIX_OVERFLOW || kind == HWPC_TENSIX_BACKWARDS) {
		it.ts = d->sum.last_ts;
		it.time = d->sum.last_time;
	}
	deliver(d, &it);
}

void tensix_dec_flush_runs(struct hwpc_tensix_dec *d)
{
	if (d->pad_bytes && d->stats) {
		/* summary mode: counted, no message to format */
		d->sum.kinds[HWPC_TENSIX_PADDING]++;
		d->pad_bytes = 0;
	}
	if (d->pad_bytes) {
		/* Padding follows every flush: formatted by hand, since
		 * snprintf here cost more than decoding the events. */
		char num[24], *e = num + sizeof num, *q = e;
		uint64_t v = d->pad_bytes;
		do
			*--q = (char)('0' + v % 10);
		while (v /= 10);
		size_t k = (size_t)(e - q);
		memcpy(d->msg, q, k);
		memcpy(d->msg + k, " bytes of zero padding", 23); /* always a multiple of 4 */
		uint64_t n = d->pad_bytes;
		d->pad_bytes = 0;
		tensix_dec_anomaly(d, HWPC_TENSIX_PADDING, d->pad_off, n, 0, -1);
	}
	if (d->bad_words) {
		tensix_dec_msgf(d,
			 "%llu word%s that start no event (first 0x%08x: size code %u is undefined)",
			 (unsigned long long)d->bad_words, d->bad_words == 1 ? "" : "s", d->bad_first,
			 d->bad_first & TSX_SIZE_MASK);
		uint64_t n = d->bad_words;
		d->bad_words = 0;
		tensix_dec_anomaly(d, HWPC_TENSIX_UNDECODABLE, d->bad_off, n, d->bad_first, -1);
	}
}

void tensix_dec_event_item(struct hwpc_tensix_dec *d, uint64_t off, uint64_t index, unsigned size, uint32_t header,
		      uint64_t ts, enum hwpc_tensix_time time)
{
	if (d->stop || !d->cb)
		return;
	/* Every field set one by one: "= {0}" of this struct compiles to a
	 * rep stos that cost more than the rest of the decoding. */
	struct hwpc_tensix_item it;
	it.kind = HWPC_TENSIX_EVENT;
	it.size = size;
	it.res = size == 32 ? 32 : 1;
	it.count = 0;
	it.value = 0;
	it.msg = NULL;
	locate(d, &it, off);
	it.index = index;
	it.header = header;
	it.token = header >> TSX_TOKEN_LO;
	it.ts = ts;
	it.time = time;
	d->stop = d->cb(d->ctx, &it);
}
