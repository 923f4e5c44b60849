/* SPDX-License-Identifier: MIT */
/* Fuzz the PCOUNTER record-mode packet decoder.
 *
 * Input: 2 control bytes, then the record buffer.  Byte 0 bit 0 chooses
 * short packets (else long), byte 1 is the feed chunk size (0: all at
 * once).  The packet layout is regdb's.
 *
 * Besides "no crash": the summary must not depend on the chunk size, and
 * every packet's counters must fit the format. */
#include "fuzz_common.h"

struct run {
	size_t bytes;
	unsigned ncounters;
	uint64_t items;
};

static int on_item(void *ctx, const struct hwpc_rec_item *it)
{
	struct run *r = ctx;
	FUZZ_CHECK(it->offset <= r->bytes, "item at offset %llu of %zu bytes", (unsigned long long)it->offset,
		   r->bytes);
	FUZZ_CHECK(it->kind < HWPC_REC_KIND_COUNT && hwpc_rec_kind_name(it->kind), "kind %d", (int)it->kind);
	if (it->kind == HWPC_REC_PACKET)
		FUZZ_CHECK(it->ncounters == r->ncounters, "%u counters in a %u-counter packet", it->ncounters,
			   r->ncounters);
	r->items++;
	return 0;
}

static struct hwpc_rec_summary decode(const struct hwpc_rec_layout *lay, enum hwpc_rec_format fmt,
				      const uint8_t *b, size_t n, size_t chunk, struct run *r)
{
	struct hwpc_err err;
	struct hwpc_recdec *d = hwpc_recdec_new(fmt, lay, on_item, r);
	FUZZ_CHECK(d != NULL, "out of memory");
	if (!chunk)
		chunk = n ? n : 1;
	for (size_t i = 0; i < n; i += chunk)
		hwpc_recdec_feed(d, b + i, n - i < chunk ? n - i : chunk);
	int rc = hwpc_recdec_finish(d, &err);
	FUZZ_CHECK(rc == HWPC_OK || (rc == HWPC_EINPUT && n < hwpc_rec_packet_size(lay, fmt)),
		   "finish gave %d on %zu bytes", rc, n);
	struct hwpc_rec_summary s = *hwpc_recdec_summary(d);
	hwpc_recdec_free(d);
	return s;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct hwpc_rec_layout lay;
	static bool have_lay;
	if (!have_lay) {
		struct hwpc_err err;
		if (hwpc_rec_layout_load(fuzz_regdb(), &lay, &err)) {
			fprintf(stderr, "fuzz_stream_record: %s\n", err.msg);
			abort();
		}
		have_lay = true;
	}
	if (size < 2)
		return 0;
	enum hwpc_rec_format fmt = data[0] & 1 ? HWPC_REC_SHORT : HWPC_REC_LONG;
	size_t n = size - 2;
	uint8_t *copy = malloc(n ? n : 1);
	FUZZ_CHECK(copy != NULL, "out of memory");
	memcpy(copy, data + 2, n);
	struct run whole = {n, hwpc_rec_counter_count(&lay, fmt), 0}, pieces = whole;
	struct hwpc_rec_summary a = decode(&lay, fmt, copy, n, 0, &whole);
	struct hwpc_rec_summary c = decode(&lay, fmt, copy, n, data[1], &pieces);
	FUZZ_CHECK(a.bytes == n && a.bytes == c.bytes && a.packets == c.packets && a.time == c.time &&
			   !memcmp(a.totals, c.totals, sizeof a.totals) && !memcmp(a.kinds, c.kinds, sizeof a.kinds) &&
			   a.missed == c.missed && a.lost == c.lost && whole.items == pieces.items,
		   "fed whole and in %u-byte chunks: %llu vs %llu packets", data[1],
		   (unsigned long long)a.packets, (unsigned long long)c.packets);
	free(copy);
	return 0;
}
