/* SPDX-License-Identifier: MIT */
/* Tensix timestamp stream decoder on hand-built streams (the seed's event
 * table laid out word by word). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "tsx_collect.h"
#include "tensix/tensix_cmd.h"
#include "regdb_fixture.h"

static struct tsx_items *C;

static int setup(void **state)
{
	C = calloc(1, sizeof *C);
	return C && !regdb_setup(state) ? 0 : -1;
}

static int teardown(void **state)
{
	free(C);
	return regdb_teardown(state);
}

static void decode_words(const uint32_t *w, size_t n, const struct hwpc_tensix_layout *lay,
			 size_t chunk)
{
	uint8_t *b = malloc(n * 4 + 1);
	tsx_words_le(b, w, n);
	tsx_decode(C, lay, b, n * 4, chunk);
	free(b);
}

/* 32-bit event word for a header and a counter value (seed table). */
static uint32_t ev32(uint32_t header, uint64_t counter)
{
	return (header & 0xffff) + (uint32_t)((counter & 0x001fffe0) << 11);
}

static void test_each_size_with_flush(void **state)
{
	const uint32_t w[] = {
		0x100, 0x1000, 0x2, 0,         /* 128-bit, token 0x20 */
		0x109, 0x2000, 0, 0,           /* 64-bit + FLUSH_64b padding */
		0x10c, 0x3000, 0x2, 0,         /* 96-bit + FLUSH_96b padding */
		ev32(0x0a, 0x3020), ev32(0x12, 0x3040), ev32(0x1a, 0x3060), ev32(0x22, 0x3080),
	};
	decode_words(w, 16, NULL, 0);
	assert_int_equal(C->sum.events, 7);
	assert_int_equal(C->sum.by_size[3], 1);
	assert_int_equal(C->sum.by_size[1], 1);
	assert_int_equal(C->sum.by_size[2], 1);
	assert_int_equal(C->sum.by_size[0], 4);
	assert_false(C->sum.lost);

	const struct hwpc_tensix_item *e = tsx_nth(C, HWPC_TENSIX_EVENT, 0);
	assert_int_equal(e->size, 128);
	assert_int_equal(e->token, 0x20);
	assert_int_equal(e->ts, 0x200001000ull);
	assert_int_equal(e->time, HWPC_TENSIX_TIME_FULL);
	assert_int_equal(e->buffer, -1);

	e = tsx_nth(C, HWPC_TENSIX_EVENT, 1); /* 64-bit: high bits from the 128-bit event */
	assert_int_equal(e->size, 64);
	assert_int_equal(e->offset, 16);
	assert_int_equal(e->ts, 0x200002000ull);
	assert_int_equal(e->time, HWPC_TENSIX_TIME_UNWRAPPED);

	const struct hwpc_tensix_item *p = tsx_nth(C, HWPC_TENSIX_PADDING, 0);
	assert_non_null(p);
	assert_int_equal(p->offset, 24);
	assert_int_equal(p->count, 8);

	e = tsx_nth(C, HWPC_TENSIX_EVENT, 3);
	assert_int_equal(e->size, 32);
	assert_int_equal(e->token, 1);
	assert_int_equal(e->res, 32);
	assert_int_equal(e->ts, 0x200003020ull);
	assert_int_equal(e->offset, 48);
	assert_int_equal(tsx_nth(C, HWPC_TENSIX_EVENT, 6)->ts, 0x200003080ull);
}

static void test_96_straddles_units(void **state)
{
	const uint32_t w[] = {
		0x0c, 10, 1, 0x14, /* h0 lo0 hi0 | h1 */
		20, 1, 0x1c, 30,   /* lo1 hi1 | h2 lo2 */
		1, 0x24, 40, 1,    /* hi2 | h3 lo3 hi3 */
	};
	decode_words(w, 12, NULL, 0);
	assert_int_equal(C->n, 4);
	for (unsigned i = 0; i < 4; i++) {
		const struct hwpc_tensix_item *e = &C->it[i];
		assert_int_equal(e->kind, HWPC_TENSIX_EVENT);
		assert_int_equal(e->size, 96);
		assert_int_equal(e->offset, 12 * i);
		assert_int_equal(e->token, 1 + i);
		assert_int_equal(e->ts, (1ull << 32) + 10 * (i + 1));
	}
	/* A 64-bit event after a straddle tail shares the unit legally:
	 * the automatic flush cleared the accumulator's size. */
	const uint32_t w2[] = {0x0c, 10, 1, 0x14, 20, 1, 0x21, 30};
	decode_words(w2, 8, NULL, 0);
	assert_int_equal(C->sum.events, 3);
	assert_false(C->sum.lost);
	assert_int_equal(tsx_nth(C, HWPC_TENSIX_EVENT, 2)->ts, (1ull << 32) + 30);
}

static void test_zero_token_128_vs_padding(void **state)
{
	const uint32_t w[] = {
		0, 0, 0, 0,          /* empty flush: padding */
		0, 0x500, 0x7, 0,    /* 128-bit event, header 0 */
		0x21, 0x600, 0, 0,   /* 64-bit + padding */
		0, 0, 0, 0,
	};
	decode_words(w, 16, NULL, 0);
	assert_int_equal(C->sum.events, 2);
	const struct hwpc_tensix_item *e = tsx_nth(C, HWPC_TENSIX_EVENT, 0);
	assert_int_equal(e->offset, 16);
	assert_int_equal(e->header, 0);
	assert_int_equal(e->ts, 0x700000500ull);
	assert_int_equal(tsx_count(C, HWPC_TENSIX_PADDING), 2);
	assert_int_equal(tsx_nth(C, HWPC_TENSIX_PADDING, 0)->count, 16);
	/* the padding after the 64-bit event and the empty unit coalesce */
	assert_int_equal(tsx_nth(C, HWPC_TENSIX_PADDING, 1)->offset, 40);
	assert_int_equal(tsx_nth(C, HWPC_TENSIX_PADDING, 1)->count, 24);
	assert_false(C->sum.lost);
}

static void test_undecodable_words(void **state)
{
	const uint32_t w[] = {0x21, 5, 0x3, 0x7, 0x5, 0x6, 0x29, 6, 0xdead0001, 0x0e, 0, 0};
	decode_words(w, 12, NULL, 0);
	const struct hwpc_tensix_item *u = tsx_nth(C, HWPC_TENSIX_UNDECODABLE, 0);
	assert_non_null(u);
	assert_int_equal(u->offset, 8);
	assert_int_equal(u->count, 4);
	assert_int_equal(u->value, 3);
	assert_true(C->sum.lost);
	/* 0xdead0001 is a 64-bit header whose lo word is 0x0e; decoding goes on */
	assert_int_equal(C->sum.events, 3);
	assert_int_equal(C->n, 5); /* 3 events, 1 undecodable run, 1 padding */
}

/* Quiet: the same items, counted and placed the same, without messages. */
static void test_quiet(void **state)
{
	const uint32_t w[] = {0x21, 5, 0x3, 0x7, 0x5, 0x6, 0x29, 6, 0xdead0001, 0x0e, 0, 0,
			      0x21, 3, 0, 0, ev32(0x2a, 0x40), 0x09, 0x12, 0x34};
	uint8_t b[sizeof w];
	tsx_words_le(b, w, sizeof w / 4);
	tsx_decode(C, NULL, b, sizeof b, 0);
	struct tsx_items *loud = malloc(sizeof *loud);
	assert_non_null(loud);
	*loud = *C;
	C->n = 0;
	struct hwpc_tensix_dec *d = hwpc_tensix_dec_new(NULL, tsx_collect_cb, C);
	hwpc_tensix_dec_set_quiet(d, true);
	hwpc_tensix_dec_feed(d, b, sizeof b);
	hwpc_tensix_dec_finish(d);
	C->sum = *hwpc_tensix_dec_summary(d);
	hwpc_tensix_dec_free(d);
	assert_true(loud->n >= 5);
	assert_int_equal(C->n, loud->n);
	assert_memory_equal(&C->sum, &loud->sum, sizeof C->sum);
	for (size_t i = 0; i < C->n; i++) {
		assert_int_equal(C->it[i].kind, loud->it[i].kind);
		assert_int_equal(C->it[i].offset, loud->it[i].offset);
		assert_int_equal(C->it[i].count, loud->it[i].count);
		if (C->it[i].kind != HWPC_TENSIX_EVENT && C->it[i].kind != HWPC_TENSIX_PADDING)
			assert_string_equal(C->it[i].msg, "");
	}
	free(loud);
}

static void test_size_mixed(void **state)
{
	const uint32_t w[] = {0x21, 5, ev32(0x2a, 0x40), ev32(0x32, 0x60)};
	decode_words(w, 4, NULL, 0);
	const struct hwpc_tensix_item *m = tsx_nth(C, HWPC_TENSIX_SIZE_MIXED, 0);
	assert_non_null(m);
	assert_int_equal(m->offset, 8);
	assert_int_equal(m->value, 64);
	assert_int_equal(C->sum.kinds[HWPC_TENSIX_SIZE_MIXED], 1);
	assert_int_equal(C->sum.events, 3);

	/* flush padding after 32-bit events: no such flush exists */
	const uint32_t w2[] = {ev32(0x2a, 0x40), 0, 0, 0};
	decode_words(w2, 4, NULL, 0);
	assert_int_equal(C->sum.kinds[HWPC_TENSIX_SIZE_MIXED], 1);
}

static void test_truncated_and_trailing(void **state)
{
	const uint32_t w[] = {0x0c, 10, 1, 0x14, 20};
	decode_words(w, 5, NULL, 0);
	const struct hwpc_tensix_item *t = tsx_nth(C, HWPC_TENSIX_TRUNCATED, 0);
	assert_non_null(t);
	assert_int_equal(t->offset, 12);
	assert_int_equal(t->count, 2);
	assert_int_equal(t->value, 96);

	uint8_t b[10];
	tsx_words_le(b, (const uint32_t[]){0x21, 5}, 2);
	b[8] = 1;
	b[9] = 2;
	tsx_decode(C, NULL, b, sizeof b, 0);
	t = tsx_nth(C, HWPC_TENSIX_TRAILING, 0);
	assert_non_null(t);
	assert_int_equal(t->offset, 8);
	assert_int_equal(t->count, 2);
	assert_int_equal(C->sum.events, 1);
}

static void test_32bit_wrap(void **state)
{
	/* A full timestamp just below a 2^21 boundary, then 32-bit events
	 * past it: the lost bits 21.. come from the full one, plus a wrap. */
	uint64_t t0 = 0x5001fffc0ull;
	const uint32_t w[] = {
		0x0c, (uint32_t)t0, (uint32_t)(t0 >> 32), 0,
		ev32(0x0a, t0 + 0x20), ev32(0x0a, t0 + 0x40), ev32(0x0a, t0 + 0x45), ev32(0x0a, t0 + 0x200000),
	};
	decode_words(w, 8, NULL, 0);
	assert_int_equal(C->sum.events, 5);
	assert_int_equal(tsx_nth(C, HWPC_TENSIX_EVENT, 1)->ts, t0 + 0x20);
	assert_int_equal(tsx_nth(C, HWPC_TENSIX_EVENT, 2)->ts, 0x500200000ull);
	assert_int_equal(tsx_nth(C, HWPC_TENSIX_EVENT, 3)->ts, (t0 + 0x45) & ~31ull);
	assert_int_equal(tsx_nth(C, HWPC_TENSIX_EVENT, 4)->ts, t0 + 0x200000);
	assert_int_equal(tsx_nth(C, HWPC_TENSIX_EVENT, 4)->time, HWPC_TENSIX_TIME_UNWRAPPED);
}

static void test_relative_before_full(void **state)
{
	const uint32_t w[] = {
		0x21, 0xfffffff0, 0x29, 0x10, /* 64-bit events, lo wraps */
		0x0c, 0x20, 0x3, 0,           /* 96-bit full: 0x3_00000020 */
	};
	decode_words(w, 8, NULL, 0);
	assert_int_equal(tsx_nth(C, HWPC_TENSIX_EVENT, 0)->ts, 0xfffffff0ull);
	assert_int_equal(tsx_nth(C, HWPC_TENSIX_EVENT, 0)->time, HWPC_TENSIX_TIME_RELATIVE);
	assert_int_equal(tsx_nth(C, HWPC_TENSIX_EVENT, 1)->ts, 0x100000010ull);
	assert_int_equal(tsx_nth(C, HWPC_TENSIX_EVENT, 1)->time, HWPC_TENSIX_TIME_RELATIVE);
	assert_int_equal(tsx_nth(C, HWPC_TENSIX_EVENT, 2)->time, HWPC_TENSIX_TIME_FULL);
	assert_int_equal(C->sum.kinds[HWPC_TENSIX_BACKWARDS], 0);
}

static void test_backwards(void **state)
{
	const uint32_t w[] = {0x0c, 0x100, 1, 0x14, 0x50, 1, 0, 0};
	decode_words(w, 8, NULL, 0);
	const struct hwpc_tensix_item *b = tsx_nth(C, HWPC_TENSIX_BACKWARDS, 0);
	assert_non_null(b);
	assert_int_equal(b->offset, 12);
	assert_int_equal(b->ts, 0x100000050ull);
	assert_true(C->sum.lost);
}

static void test_layout_status(void **state)
{
	/* buffer 0 = units 4..5, buffer 1 = units 10..10; STATUS says
	 * buffer 0 full, buffer 1 full, both overflowed, position 2. */
	struct hwpc_tensix_layout lay = {
		.have_bufs = true,
		.start = {4, 10},
		.end = {5, 10},
		.valid = {true, true},
		.have_status = true,
		.status = { .full = {true, true}, .overflow = {true, true}, .bufs0_position = 2 },
	};
	const uint32_t w[] = {
		0x0c, 100, 0, 0x14, 200, 0, 0x1c, 300,
		0, 0x24, 400, 0, /* buffer 1 */
	};
	decode_words(w, 12, &lay, 0);
	assert_int_equal(C->sum.events, 4);
	const struct hwpc_tensix_item *e = tsx_nth(C, HWPC_TENSIX_EVENT, 3);
	assert_int_equal(e->buffer, 1);
	assert_int_equal(e->addr, 10 * 16 + 4);
	assert_int_equal(tsx_nth(C, HWPC_TENSIX_EVENT, 2)->buffer, 0);
	assert_int_equal(tsx_nth(C, HWPC_TENSIX_EVENT, 2)->addr, 4 * 16 + 24);
	assert_int_equal(tsx_count(C, HWPC_TENSIX_FULL), 2);
	assert_int_equal(tsx_nth(C, HWPC_TENSIX_FULL, 0)->offset, 32);
	assert_int_equal(tsx_count(C, HWPC_TENSIX_OVERFLOW), 2);
	const struct hwpc_tensix_item *o = tsx_nth(C, HWPC_TENSIX_OVERFLOW, 0);
	assert_int_equal(o->ts, 400);
	assert_non_null(strstr(o->msg, "after ts 400"));
	assert_true(C->sum.lost);

	/* position 1 of 2, not full: the rest of buffer 0 and all of buffer
	 * 1 are stale; one 64-bit event is still in the accumulator */
	lay.status = (struct hwpc_tensix_status){ .bufs0_position = 1, .accum_pos_64b = 1 };
	const uint32_t w2[] = {0x21, 7, 0x29, 8, 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff,
			       0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff};
	decode_words(w2, 12, &lay, 0);
	assert_int_equal(C->sum.events, 2);
	assert_int_equal(tsx_count(C, HWPC_TENSIX_STALE), 2);
	assert_int_equal(tsx_nth(C, HWPC_TENSIX_STALE, 0)->offset, 16);
	assert_int_equal(tsx_nth(C, HWPC_TENSIX_STALE, 1)->buffer, 1);
	assert_int_equal(tsx_count(C, HWPC_TENSIX_UNDECODABLE), 0);
	assert_int_equal(tsx_nth(C, HWPC_TENSIX_PENDING, 0)->count, 2);
	assert_false(C->sum.lost);
}

static void test_layout_short_extra_range(void **state)
{
	struct hwpc_tensix_layout lay = {
		.have_bufs = true, .start = {0, 9}, .end = {1, 3}, .valid = {true, true}};
	const uint32_t w[] = {0x21, 1, 0, 0};
	decode_words(w, 4, &lay, 0);
	const struct hwpc_tensix_item *s = tsx_nth(C, HWPC_TENSIX_SHORT, 0);
	assert_non_null(s);
	assert_int_equal(s->offset, 16);
	assert_int_equal(s->count, 16);
	const struct hwpc_tensix_item *r = tsx_nth(C, HWPC_TENSIX_BAD_RANGE, 0);
	assert_non_null(r);
	assert_int_equal(r->buffer, 1);

	const uint32_t w2[] = {0x21, 1, 0, 0, 0x29, 2, 0, 0, 0x31, 3, 0, 0};
	decode_words(w2, 12, &lay, 0);
	assert_int_equal(C->sum.events, 2);
	assert_int_equal(tsx_nth(C, HWPC_TENSIX_EXTRA, 0)->count, 16);

	uint8_t b[20] = {0};
	tsx_decode(C, &lay, b, sizeof b, 0); /* 20: multiple of 4 but not 16 */
	assert_int_equal(tsx_nth(C, HWPC_TENSIX_TRAILING, 0)->count, 4);
}

static void test_chunking_is_invisible(void **state)
{
	const uint32_t w[] = {0x0c, 10, 1, 0x14, 20, 1, 0x1c, 30, 1, 0x24, 40, 1,
			      0, 0, 0, 0, 0x3, 0x21, 5, 0, ev32(2, 99), ev32(10, 130), 0, 0};
	decode_words(w, 24, NULL, 0);
	static struct tsx_items whole;
	whole = *C;
	for (size_t chunk = 1; chunk <= 17; chunk++) {
		decode_words(w, 24, NULL, chunk);
		assert_int_equal(C->n, whole.n);
		for (size_t i = 0; i < C->n; i++) {
			assert_int_equal(C->it[i].kind, whole.it[i].kind);
			assert_int_equal(C->it[i].offset, whole.it[i].offset);
			assert_int_equal(C->it[i].ts, whole.it[i].ts);
			assert_int_equal(C->it[i].count, whole.it[i].count);
		}
	}
}

static int stop_after_two(void *ctx, const struct hwpc_tensix_item *item)
{
	int *n = ctx;
	return ++*n == 2 ? 42 : 0;
}

static void test_callback_stops(void **state)
{
	uint8_t b[32];
	tsx_words_le(b, (const uint32_t[]){0x21, 1, 0x29, 2, 0x31, 3, 0x39, 4}, 8);
	int n = 0;
	struct hwpc_tensix_dec *d = hwpc_tensix_dec_new(NULL, stop_after_two, &n);
	assert_int_equal(hwpc_tensix_dec_feed(d, b, sizeof b), 42);
	assert_int_equal(n, 2);
	hwpc_tensix_dec_free(d);
}

static void test_names_and_status(void **state)
{
	assert_string_equal(hwpc_tensix_kind_name(HWPC_TENSIX_SIZE_MIXED), "size-mixed");
	assert_string_equal(hwpc_tensix_time_name(HWPC_TENSIX_TIME_RELATIVE), "relative");
	assert_true(hwpc_tensix_kind_is_loss(HWPC_TENSIX_OVERFLOW));
	assert_false(hwpc_tensix_kind_is_loss(HWPC_TENSIX_FULL));
	/* the compiled-in regdb has the seed's StatusBits */
	struct hwpc_tensix_fields f;
	assert_int_equal(hwpc_tensix_fields_load(db, NULL, &f, NULL), 0);
	struct hwpc_tensix_status s;
	hwpc_tensix_status_decode(&f, 0x3 | 0x30 | (1u << 11) | (0x3ffffu << 14), &s);
	assert_true(s.full[0] && s.full[1] && s.overflow[0] && s.overflow[1]);
	assert_int_equal(s.bufs0_position, 0x3ffff);
	assert_int_equal(hwpc_tensix_status_pending_words(&s), 3); /* 96-bit: (4-1)&3 */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_each_size_with_flush),
		cmocka_unit_test(test_96_straddles_units),
		cmocka_unit_test(test_zero_token_128_vs_padding),
		cmocka_unit_test(test_undecodable_words),
		cmocka_unit_test(test_quiet),
		cmocka_unit_test(test_size_mixed),
		cmocka_unit_test(test_truncated_and_trailing),
		cmocka_unit_test(test_32bit_wrap),
		cmocka_unit_test(test_relative_before_full),
		cmocka_unit_test(test_backwards),
		cmocka_unit_test(test_layout_status),
		cmocka_unit_test(test_layout_short_extra_range),
		cmocka_unit_test(test_chunking_is_invisible),
		cmocka_unit_test(test_callback_stops),
		cmocka_unit_test(test_names_and_status),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
