/* SPDX-License-Identifier: MIT */
/* Fuzz the Tensix timestamper stream decoder.
 *
 * Input: 16 control bytes, then the stream.  Control byte 0: bit 0 gives
 * a buffer layout, bit 1 a STATUS value, bit 2 sends events in batches,
 * bit 3 uses summary mode (per-token table); byte 1 is the feed chunk size
 * (0: all at once).  With a layout, bytes 2-9 are the two buffers' start
 * and end in 16-byte units (16 bits each, little-endian), byte 10 their
 * valid bits, bytes 11-14 a TIMESTAMP_STATUS value decoded at regdb's
 * field positions.
 *
 * Besides "no crash": the decoder must give the same summary whatever the
 * chunk size (it is documented to accept any), and every event must lie
 * inside the input (an anomaly such as "buffer 1 is full" may sit at the
 * end of a buffer the input does not reach). */
#include "fuzz_common.h"
#include "tensix/tensix_cmd.h"

struct run {
	size_t bytes;
	uint64_t limit; /* anomalies about the layout may sit at a buffer's end */
	uint64_t items, events;
};

static int on_item(void *ctx, const struct hwpc_tensix_item *it)
{
	struct run *r = ctx;
	FUZZ_CHECK(it->kind == HWPC_TENSIX_EVENT ? it->offset < r->bytes : it->offset <= r->limit,
		   "%s at offset %llu of a %zu-byte input", hwpc_tensix_kind_name(it->kind),
		   (unsigned long long)it->offset, r->bytes);
	FUZZ_CHECK(it->kind < HWPC_TENSIX_KIND_COUNT && hwpc_tensix_kind_name(it->kind), "kind %d", (int)it->kind);
	if (it->kind == HWPC_TENSIX_EVENT)
		r->events++;
	r->items++;
	return 0;
}

static int on_batch(void *ctx, const struct hwpc_tensix_ev *ev, size_t n)
{
	struct run *r = ctx;
	for (size_t i = 0; i < n; i++)
		FUZZ_CHECK(ev[i].offset < r->bytes, "event at offset %llu of a %zu-byte input",
			   (unsigned long long)ev[i].offset, r->bytes);
	r->events += n;
	return 0;
}

static uint16_t le16(const uint8_t *p)
{
	return (uint16_t)(p[0] | p[1] << 8);
}

static struct hwpc_tensix_summary decode(const struct hwpc_tensix_layout *lay, unsigned mode, const uint8_t *b, size_t n,
				     size_t chunk, struct run *r)
{
	static struct hwpc_tensix_tokstat tab[HWPC_TENSIX_DIRECT_TOKENS];
	struct hwpc_tensix_dec *d = hwpc_tensix_dec_new(lay, on_item, r);
	FUZZ_CHECK(d != NULL, "out of memory");
	if (mode & 4 || mode & 8)
		FUZZ_CHECK(!hwpc_tensix_dec_set_batch(d, on_batch, r), "set_batch");
	if (mode & 8) {
		memset(tab, 0, sizeof tab);
		hwpc_tensix_dec_set_stats(d, tab);
	}
	if (!chunk)
		chunk = n ? n : 1;
	for (size_t i = 0; i < n; i += chunk)
		hwpc_tensix_dec_feed(d, b + i, n - i < chunk ? n - i : chunk);
	hwpc_tensix_dec_finish(d);
	struct hwpc_tensix_summary s = *hwpc_tensix_dec_summary(d);
	if (lay)
		for (size_t off = 0; off < n; off += 64) {
			int buf;
			uint64_t addr;
			hwpc_tensix_dec_locate(d, off, &buf, &addr);
		}
	hwpc_tensix_dec_free(d);
	return s;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct hwpc_tensix_fields fields;
	static bool have_fields;
	if (!have_fields) {
		struct hwpc_err err;
		if (hwpc_tensix_fields_load(fuzz_regdb(), NULL, &fields, &err)) {
			fprintf(stderr, "fuzz_stream_tensix: %s\n", err.msg);
			abort();
		}
		have_fields = true;
	}
	if (size < 16)
		return 0;
	unsigned mode = data[0];
	struct hwpc_tensix_layout lay;
	memset(&lay, 0, sizeof lay);
	if (mode & 1) {
		lay.have_bufs = true;
		for (int i = 0; i < 2; i++) {
			lay.start[i] = le16(data + 2 + 4 * i);
			lay.end[i] = le16(data + 4 + 4 * i);
			lay.valid[i] = (data[10] >> i) & 1;
		}
		if (mode & 2) {
			lay.have_status = true;
			uint32_t st = (uint32_t)data[11] | (uint32_t)data[12] << 8 | (uint32_t)data[13] << 16 |
				      (uint32_t)data[14] << 24;
			hwpc_tensix_status_decode(&fields, st, &lay.status);
			hwpc_tensix_status_pending_words(&lay.status);
		}
	}
	const uint8_t *b = data + 16;
	size_t n = size - 16;
	/* A copy of the exact length, so ASan sees any read past the end. */
	uint8_t *copy = malloc(n ? n : 1);
	FUZZ_CHECK(copy != NULL, "out of memory");
	memcpy(copy, b, n);

	uint64_t limit = n;
	if (mode & 1) {
		uint64_t span = 0;
		for (int i = 0; i < 2; i++)
			if (lay.start[i] <= lay.end[i])
				span += 16 * ((uint64_t)lay.end[i] - lay.start[i] + 1);
		if (span > limit)
			limit = span;
	}
	struct run whole = {n, limit, 0, 0}, pieces = whole;
	struct hwpc_tensix_summary a = decode(mode & 1 ? &lay : NULL, mode, copy, n, 0, &whole);
	struct hwpc_tensix_summary c = decode(mode & 1 ? &lay : NULL, mode, copy, n, data[1], &pieces);
	FUZZ_CHECK(a.bytes == n && c.bytes == n, "summary counts %llu and %llu bytes of %zu",
		   (unsigned long long)a.bytes, (unsigned long long)c.bytes, n);
	FUZZ_CHECK(a.events == c.events && !memcmp(a.kinds, c.kinds, sizeof a.kinds) &&
			   !memcmp(a.by_size, c.by_size, sizeof a.by_size) && a.have_ts == c.have_ts &&
			   (!a.have_ts || (a.first_ts == c.first_ts && a.last_ts == c.last_ts)) && a.lost == c.lost,
		   "fed whole and in %u-byte chunks: %llu vs %llu events", data[1],
		   (unsigned long long)a.events, (unsigned long long)c.events);
	FUZZ_CHECK(whole.items == pieces.items && whole.events == pieces.events,
		   "callbacks differ with the chunk size");
	if (n >= 16)
		FUZZ_CHECK(hwpc_tensix_dec_sync_unit(copy, n / 16) <= n / 16, "sync unit past the end");
	free(copy);
	return 0;
}
