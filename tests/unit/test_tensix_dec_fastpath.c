/* SPDX-License-Identifier: MIT */
/* The decoder's fast path (whole 16-byte units, events in batches, the
 * summary mode's own statistics) against its word-by-word path: random
 * streams with every event size, flushes, zero words, bad words, size
 * changes and cut-off events, with and without a buffer layout, fed whole
 * and in random chunks, must give the same items, the same summary and
 * the same per-token statistics.  Feeding one byte at a time never takes
 * the fast path, so it is the reference.  And damage planted in long
 * well-formed runs (which the fast path does take) must be reported. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>

#include <cmocka.h>

#include "tensix/tensix_dec.h" /* fast_units: proof that the fast path ran */
#include "tsx_collect.h"
#include "tsx_gen.h"

static void same(const struct tsx_items *a, const struct tsx_items *b)
{
	assert_int_equal(a->n, b->n);
	for (size_t i = 0; i < a->n; i++) {
		const struct hwpc_tensix_item *x = &a->it[i], *y = &b->it[i];
		assert_int_equal(x->kind, y->kind);
		assert_int_equal(x->offset, y->offset);
		assert_int_equal(x->buffer, y->buffer);
		assert_int_equal(x->addr, y->addr);
		if (x->kind == HWPC_TENSIX_EVENT) {
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

/* Feed in chunks: 1 (careful path only), 0 (all at once), or random
 * sizes (-1), so that units, words and 96-bit events are cut anywhere. */
static uint64_t feed(struct hwpc_tensix_dec *d, const uint8_t *b, size_t len, int chunk)
{
	for (size_t i = 0; i < len;) {
		size_t k = chunk > 0 ? (size_t)chunk : chunk == 0 ? len : 1 + rnd(rnd(2) ? 40 : 3000);
		if (k > len - i)
			k = len - i;
		hwpc_tensix_dec_feed(d, b + i, k);
		i += k;
	}
	hwpc_tensix_dec_finish(d);
	return d->fast_units;
}

/* Batches turned back into items, interleaved with the anomalies. */
static const struct hwpc_tensix_dec *batch_dec;
static int batch_cb(void *ctx, const struct hwpc_tensix_ev *ev, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		struct hwpc_tensix_item it = { .kind = HWPC_TENSIX_EVENT, .offset = ev[i].offset, .index = ev[i].index,
					   .size = ev[i].size, .header = ev[i].header, .token = ev[i].token,
					   .ts = ev[i].ts, .time = ev[i].time };
		hwpc_tensix_dec_locate(batch_dec, it.offset, &it.buffer, &it.addr);
		tsx_collect_cb(ctx, &it);
	}
	return 0;
}

static uint64_t decode(struct tsx_items *c, const struct hwpc_tensix_layout *lay, const uint8_t *b, size_t len,
		       int chunk, bool batched)
{
	c->n = 0;
	struct hwpc_tensix_dec *d = hwpc_tensix_dec_new(lay, tsx_collect_cb, c);
	assert_non_null(d);
	if (batched)
		assert_int_equal(hwpc_tensix_dec_set_batch(d, batch_cb, c), 0);
	batch_dec = d;
	uint64_t fast = feed(d, b, len, chunk);
	c->sum = *hwpc_tensix_dec_summary(d);
	hwpc_tensix_dec_free(d);
	return fast;
}

/* Summary mode: the per-token table, the large tokens' events (as items,
 * in order) and the losses. */
struct stats {
	struct hwpc_tensix_tokstat tab[HWPC_TENSIX_DIRECT_TOKENS];
	struct tsx_items items;
};

static uint64_t decode_stats(struct stats *s, const struct hwpc_tensix_layout *lay, const uint8_t *b, size_t len,
			     int chunk)
{
	memset(s->tab, 0, sizeof s->tab);
	s->items.n = 0;
	struct hwpc_tensix_dec *d = hwpc_tensix_dec_new(lay, tsx_collect_cb, &s->items);
	assert_non_null(d);
	assert_int_equal(hwpc_tensix_dec_set_batch(d, batch_cb, &s->items), 0);
	hwpc_tensix_dec_set_stats(d, s->tab);
	batch_dec = d;
	uint64_t fast = feed(d, b, len, chunk);
	s->items.sum = *hwpc_tensix_dec_summary(d);
	hwpc_tensix_dec_free(d);
	return fast;
}

/* What summary mode must hold, from an item decode: the statistics of
 * every small token, the large tokens' events and the losses, in order;
 * the same summary. */
static void stats_match_items(const struct stats *s, const struct tsx_items *all)
{
	static struct hwpc_tensix_tokstat want[HWPC_TENSIX_DIRECT_TOKENS];
	static struct tsx_items rest;
	memset(want, 0, sizeof want);
	rest.n = 0;
	for (size_t i = 0; i < all->n; i++) {
		const struct hwpc_tensix_item *it = &all->it[i];
		if (it->kind == HWPC_TENSIX_EVENT && it->token < HWPC_TENSIX_DIRECT_TOKENS)
			hwpc_tensix_tokstat_add(&want[it->token], it->ts);
		else if (it->kind == HWPC_TENSIX_EVENT || hwpc_tensix_kind_is_loss(it->kind))
			tsx_collect_cb(&rest, it);
	}
	rest.sum = all->sum;
	assert_memory_equal(want, s->tab, sizeof want);
	same(&rest, &s->items);
}

static void layouts(struct hwpc_tensix_layout *lay, int round)
{
	*lay = (struct hwpc_tensix_layout){ .have_bufs = true, .start = { 4, 200 }, .end = { 4 + rnd(200), 300 },
					.valid = { true, true }, .have_status = round % 2 };
	lay->status.bufs0_position = (uint32_t)rnd(1 << 14);
	uint32_t flags = (uint32_t)rnd(16);
	for (int b = 0; b < 2; b++) {
		lay->status.full[b] = flags >> b & 1;
		lay->status.overflow[b] = flags >> (2 + b) & 1;
	}
}

static void check_all_ways(const uint8_t *b, size_t len, const struct hwpc_tensix_layout *l, uint64_t *fast_units)
{
	static struct tsx_items slow, fast, other;
	static struct stats s_slow, s_fast;

	decode(&slow, l, b, len, 1, false);
	*fast_units += decode(&fast, l, b, len, 0, false);
	same(&slow, &fast);
	decode(&other, l, b, len, -1, false);
	same(&slow, &other);
	decode(&other, l, b, len, 0, true);
	same(&slow, &other);
	decode(&other, l, b, len, -1, true);
	same(&slow, &other);

	decode_stats(&s_slow, l, b, len, 1);
	*fast_units += decode_stats(&s_fast, l, b, len, 0);
	assert_memory_equal(s_slow.tab, s_fast.tab, sizeof s_slow.tab);
	same(&s_slow.items, &s_fast.items);
	decode_stats(&s_fast, l, b, len, -1);
	assert_memory_equal(s_slow.tab, s_fast.tab, sizeof s_slow.tab);
	same(&s_slow.items, &s_fast.items);
	stats_match_items(&s_fast, &slow);
}

static void test_fast_equals_slow(void **state)
{
	static uint32_t w[1500];
	static uint8_t b[sizeof w];
	uint64_t fast_units = 0;
	for (int round = 0; round < 300; round++) {
		size_t n = gen(w, sizeof w / sizeof *w);
		tsx_words_le(b, w, n);
		size_t len = n * 4 - (round % 7 == 0); /* a trailing byte now and then */
		struct hwpc_tensix_layout lay;
		layouts(&lay, round);
		check_all_ways(b, len, round % 3 ? &lay : NULL, &fast_units);
	}
	assert_true(fast_units > 0);
}

static void test_runs_fast_equals_slow(void **state)
{
	static uint32_t w[3000];
	static uint8_t b[sizeof w];
	uint64_t fast_units = 0, units = 0;
	for (int round = 0; round < 300; round++) {
		size_t n = gen_runs(w, sizeof w / sizeof *w, round % 4 ? rnd(4) : 0);
		tsx_words_le(b, w, n);
		size_t len = n * 4 - (round % 11 == 0 ? 1 + rnd(40) : 0);
		struct hwpc_tensix_layout lay;
		layouts(&lay, round);
		uint64_t f = 0;
		check_all_ways(b, len, round % 3 ? &lay : NULL, &f);
		if (round % 3 == 0) { /* no layout: every unit is decoded */
			fast_units += f;
			units += len / 16;
		}
	}
	/* Two whole-input decodes each: most units of these streams are
	 * plain, so the fast path must have taken most of them. */
	assert_true(fast_units > units * 3 / 2);
}

/* One loss planted in a long well-formed run, at every event of it: the
 * fast path must take the run and still report the loss, as the careful
 * path does. */
static void test_planted_damage_reported(void **state)
{
	static uint32_t w[600], v[600];
	static uint8_t b[sizeof w];
	static size_t starts[600];
	static struct tsx_items slow, fast;
	static const char *const what[] = { "bad size code", "nonzero 128-bit last word", "backwards",
					    "size change" };
	size_t ns;
	for (unsigned size = 32; size <= 128; size += 32) {
		/* one size only: a 128-bit event first for a full timestamp */
		size_t n = 0;
		uint64_t c = 0x123456789ull;
		w[n++] = 0x80, w[n++] = (uint32_t)c, w[n++] = (uint32_t)(c >> 32), w[n++] = 0;
		ns = 0;
		while (n + 8 < 576) {
			c += 1 + rnd(200);
			starts[ns++] = n;
			if (size == 32) {
				w[n++] = ((rnd(64) << 3) | 2) + (uint32_t)((c & 0x1fffe0) << 11);
			} else {
				w[n++] = (rnd(64) << 3) | (size == 64 ? 1 : size == 96 ? 4 : 0);
				w[n++] = (uint32_t)c;
				if (size >= 96)
					w[n++] = (uint32_t)(c >> 32);
				if (size == 128)
					w[n++] = 0;
			}
		}
		while (n % 4)
			w[n++] = 0;
		for (size_t e = 0; e < ns; e++) {
			for (unsigned kind = 0; kind < 4; kind++) {
				size_t h = starts[e];
				memcpy(v, w, n * sizeof *w);
				if (kind == 0) {
					v[h] = (v[h] & ~7u) | (rnd(2) ? 3 : 7);
				} else if (kind == 1) {
					if (size != 128)
						continue;
					v[h + 3] = 1 + rnd(100);
				} else if (kind == 2) {
					if (size < 96)
						continue;
					v[h + 2] -= 1; /* counter_hi: far back in time */
				} else {
					if (size == 128 || (size == 96 && h % 4 == 0))
						continue; /* a new unit may change size */
					v[h] = (v[h] & ~7u) | (size == 32 ? 1 : 2);
				}
				tsx_words_le(b, v, n);
				decode(&slow, NULL, b, n * 4, 1, false);
				uint64_t fast_units = decode(&fast, NULL, b, n * 4, 0, false);
				same(&slow, &fast);
				if (!fast.sum.lost)
					fail_msg("%u-bit run, event %zu: %s not reported", size, e, what[kind]);
				assert_true(fast_units > 0);
			}
		}
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fast_equals_slow),
		cmocka_unit_test(test_runs_fast_equals_slow),
		cmocka_unit_test(test_planted_damage_reported),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
