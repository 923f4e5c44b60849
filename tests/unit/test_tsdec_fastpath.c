/* The decoder's fast path (whole events straight from the input, events in
 * batches) against its word-by-word path: random streams with every event
 * size, flushes, zero words, bad words, size changes and cut-off events,
 * with and without a buffer layout, must give the same items.  Feeding one
 * byte at a time never takes the fast path, so it is the reference. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>

#include <cmocka.h>

#include "tsx_collect.h"

static uint64_t rng = 0x9e3779b97f4a7c15ull;
static unsigned rnd(unsigned n)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (unsigned)(rng % n);
}

/* Mostly well-formed streams, with every kind of damage now and then. */
static size_t gen(uint32_t *w, size_t max)
{
	size_t n = 0;
	uint64_t c = rnd(1000);
	while (n + 8 < max) {
		unsigned r = rnd(100), tok = rnd(64) << 3;
		c += rnd(300);
		if (r < 30) {
			w[n++] = (tok & 0xffff) | 2 | (uint32_t)((c & 0x1fffe0) << 11);
		} else if (r < 50) {
			w[n++] = tok | 1;
			w[n++] = (uint32_t)c;
		} else if (r < 65) {
			w[n++] = tok | 4;
			w[n++] = (uint32_t)c;
			w[n++] = (uint32_t)(c >> 32);
		} else if (r < 80) {
			w[n++] = tok;
			w[n++] = (uint32_t)c;
			w[n++] = (uint32_t)(c >> 32);
			w[n++] = rnd(20) ? 0 : 7; /* a bad last word now and then */
		} else if (r < 90) {
			while (n % 4) /* flush padding */
				w[n++] = 0;
		} else if (r < 94) {
			w[n++] = 0;
		} else if (r < 97) {
			w[n++] = 3 + 4 * rnd(2) + (rnd(2) ? 2 : 0); /* codes 3, 5, 7 */
		} else {
			c -= rnd(5000); /* time going backwards */
		}
	}
	return n - rnd(3); /* sometimes cut inside an event */
}

static void same(const struct tsx_items *a, const struct tsx_items *b)
{
	assert_int_equal(a->n, b->n);
	for (size_t i = 0; i < a->n; i++) {
		const struct hwpc_ts_item *x = &a->it[i], *y = &b->it[i];
		assert_int_equal(x->kind, y->kind);
		assert_int_equal(x->offset, y->offset);
		assert_int_equal(x->buffer, y->buffer);
		if (x->kind == HWPC_TS_EVENT) {
			assert_int_equal(x->index, y->index);
			assert_int_equal(x->size, y->size);
			assert_int_equal(x->header, y->header);
			assert_int_equal(x->token, y->token);
			assert_int_equal(x->ts, y->ts);
			assert_int_equal(x->time, y->time);
		} else {
			assert_int_equal(x->count, y->count);
			assert_int_equal(x->value, y->value);
			assert_string_equal(x->msg, y->msg);
		}
	}
	assert_memory_equal(&a->sum, &b->sum, sizeof a->sum);
}

/* Batches turned back into items, interleaved with the anomalies. */
static struct tsx_items *batch_sink;
static const struct hwpc_tsdec *batch_dec;
static int batch_cb(void *ctx, const struct hwpc_ts_ev *ev, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		struct hwpc_ts_item it = { .kind = HWPC_TS_EVENT, .offset = ev[i].offset, .index = ev[i].index,
					   .size = ev[i].size, .header = ev[i].header, .token = ev[i].token,
					   .ts = ev[i].ts, .time = ev[i].time };
		hwpc_tsdec_locate(batch_dec, it.offset, &it.buffer, &it.addr);
		tsx_collect_cb(ctx, &it);
	}
	return 0;
}

static void decode_batched(struct tsx_items *c, const struct hwpc_ts_layout *lay, const uint8_t *b, size_t len)
{
	c->n = 0;
	struct hwpc_tsdec *d = hwpc_tsdec_new(lay, tsx_collect_cb, c);
	assert_non_null(d);
	assert_int_equal(hwpc_tsdec_set_batch(d, batch_cb, c), 0);
	batch_sink = c;
	batch_dec = d;
	hwpc_tsdec_feed(d, b, len);
	hwpc_tsdec_finish(d);
	c->sum = *hwpc_tsdec_summary(d);
	hwpc_tsdec_free(d);
}

static void test_fast_equals_slow(void **state)
{
	static uint32_t w[1500];
	static uint8_t b[sizeof w];
	static struct tsx_items slow, fast, batched;
	for (int round = 0; round < 300; round++) {
		size_t n = gen(w, sizeof w / sizeof *w);
		tsx_words_le(b, w, n);
		size_t len = n * 4 - (round % 7 == 0); /* a trailing byte now and then */
		struct hwpc_ts_layout lay = { .have_bufs = true, .start = { 4, 200 }, .end = { 4 + rnd(200), 300 },
					      .valid = { true, true }, .have_status = round % 2,
					      .status = (uint32_t)rnd(1 << 14) << 14 | rnd(64) };
		const struct hwpc_ts_layout *l = round % 3 ? &lay : NULL;
		tsx_decode(&slow, l, b, len, 1);
		tsx_decode(&fast, l, b, len, 0);
		decode_batched(&batched, l, b, len);
		same(&slow, &fast);
		same(&slow, &batched);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fast_equals_slow),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
