/* SPDX-License-Identifier: MIT */
/* PCOUNTER record-buffer decoder on packets built by hand from the seed's
 * layout ("A packet in long format is made of 16 16-bit little endian
 * words ..."; "A packet in short format is simply the first 16 bytes"). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "hwpc.h"

#define MAXI 256

struct items {
	struct hwpc_rec_item it[MAXI];
	char msg[MAXI][192];
	size_t n;
	struct hwpc_rec_summary sum;
	int rc;
	struct hwpc_err err;
};

static struct items *C;

static int setup(void **state)
{
	C = calloc(1, sizeof *C);
	return C ? 0 : -1;
}

static int teardown(void **state)
{
	free(C);
	return 0;
}

static int collect(void *ctx, const struct hwpc_rec_item *item)
{
	struct items *c = ctx;
	if (c->n < MAXI) {
		c->it[c->n] = *item;
		strcpy(c->msg[c->n], item->msg ? item->msg : "");
		c->it[c->n].msg = c->msg[c->n];
		c->n++;
	}
	return 0;
}

static void put16(uint8_t *p, unsigned v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
}

/* The packet layout, from the compiled-in register database. */
static struct hwpc_rec_layout LAY;

static void load_layout(void)
{
	struct hwpc_regdb *rdb;
	struct hwpc_err err;
	unsetenv("HWPC_REGDB");
	if (hwpc_regdb_load(&rdb, &err) || hwpc_rec_layout_load(rdb, &LAY, &err)) {
		fprintf(stderr, "test_stream_record: %s\n", err.msg);
		exit(1);
	}
	hwpc_regdb_free(rdb);
}

/* One packet: cycles (48 bits), STOP (word 3), counters in order. */
static void pkt(uint8_t *p, enum hwpc_rec_format fmt, uint64_t cycles, unsigned w3,
		const unsigned *ctr)
{
	put16(p, (unsigned)(cycles & 0xffff));
	put16(p + 2, (unsigned)(cycles >> 16 & 0xffff));
	put16(p + 4, (unsigned)(cycles >> 32 & 0xffff));
	put16(p + 6, w3);
	for (unsigned i = 0; i < hwpc_rec_counter_count(&LAY, fmt); i++)
		put16(p + 8 + 2 * i, ctr ? ctr[i] : 0);
}

static void decode(enum hwpc_rec_format fmt, const uint8_t *b, size_t len, size_t chunk)
{
	C->n = 0;
	hwpc_err_clear(&C->err);
	struct hwpc_recdec *d = hwpc_recdec_new(fmt, &LAY, collect, C);
	assert_non_null(d);
	if (!chunk)
		chunk = len ? len : 1;
	for (size_t i = 0; i < len; i += chunk)
		hwpc_recdec_feed(d, b + i, len - i < chunk ? len - i : chunk);
	C->rc = hwpc_recdec_finish(d, &C->err);
	C->sum = *hwpc_recdec_summary(d);
	hwpc_recdec_free(d);
}

static const struct hwpc_rec_item *nth(enum hwpc_rec_kind k, size_t i)
{
	for (size_t j = 0; j < C->n; j++)
		if (C->it[j].kind == k && i-- == 0)
			return &C->it[j];
	return NULL;
}

static void test_long_packets_deltas_rates(void **state)
{
	uint8_t b[3 * 32];
	unsigned c0[12] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
	unsigned c1[12] = {100, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 50};
	pkt(b, HWPC_REC_LONG, 1000, 1, c0);
	pkt(b + 32, HWPC_REC_LONG, 1400, 1, c1);
	pkt(b + 64, HWPC_REC_LONG, 0x123456789abcull, 1, c0);
	for (size_t chunk = 0; chunk <= 33; chunk += 11) {
		decode(HWPC_REC_LONG, b, sizeof b, chunk);
		assert_int_equal(C->rc, HWPC_OK);
		assert_int_equal(C->n, 3);
		assert_int_equal(C->sum.packets, 3);
		const struct hwpc_rec_item *p = nth(HWPC_REC_PACKET, 0);
		assert_int_equal(p->cycles, 1000);
		assert_int_equal(p->delta, 1000); /* from RECORD_START */
		assert_int_equal(p->stop, 1);
		assert_int_equal(p->ncounters, 12);
		assert_int_equal(p->counters[11], 12);
		p = nth(HWPC_REC_PACKET, 1);
		assert_int_equal(p->offset, 32);
		assert_int_equal(p->delta, 400);
		assert_int_equal(p->time, 1400);
		assert_true(p->rate[0] == 0.25);
		assert_true(p->rate[11] == 0.125);
		assert_int_equal(nth(HWPC_REC_PACKET, 2)->time, 0x123456789abcull);
		assert_int_equal(C->sum.totals[0], 102);
		assert_false(C->sum.lost);
	}
}

/* "48-bit cycles counter ... This counter wraps on overflow." */
static void test_cycle_wrap(void **state)
{
	uint8_t b[3 * 16];
	pkt(b, HWPC_REC_SHORT, 0xfffffffff000ull, 1, NULL);
	pkt(b + 16, HWPC_REC_SHORT, 0x000000000100ull, 1, NULL);
	pkt(b + 32, HWPC_REC_SHORT, 0x000000000200ull, 1, NULL);
	decode(HWPC_REC_SHORT, b, sizeof b, 0);
	assert_int_equal(nth(HWPC_REC_PACKET, 1)->delta, 0x1100);
	assert_int_equal(nth(HWPC_REC_PACKET, 1)->time, 0x1000000000100ull);
	assert_int_equal(nth(HWPC_REC_PACKET, 2)->time, 0x1000000000200ull);
	assert_int_equal(nth(HWPC_REC_PACKET, 2)->ncounters, 4);
}

/* "a packet write will also be triggered whenever any event counter is >=
 * 0xf000. The STOP counter in the memory packet will be equal to 0 in this
 * case." and "If a counter reaches 0xffff, it stops incrementing". */
static void test_forced_and_saturated(void **state)
{
	uint8_t b[2 * 32];
	unsigned c0[12] = {0, 0, 0xf000, 0, 0, 0, 0, 0, 0, 0, 0, 0};
	unsigned c1[12] = {0xffff, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xffff, 3};
	pkt(b, HWPC_REC_LONG, 5000, 0, c0);
	pkt(b + 32, HWPC_REC_LONG, 9000, 1, c1);
	decode(HWPC_REC_LONG, b, sizeof b, 0);
	assert_non_null(nth(HWPC_REC_FORCED, 0));
	assert_int_equal(nth(HWPC_REC_FORCED, 0)->index, 0);
	const struct hwpc_rec_item *s = nth(HWPC_REC_SATURATED, 0);
	assert_non_null(s);
	assert_int_equal(s->index, 1);
	assert_int_equal(s->value, 0x401);
	assert_int_equal(s->count, 2);
	assert_non_null(strstr(s->msg, "pre0,event2 saturated"));
	assert_int_equal(nth(HWPC_REC_PACKET, 1)->saturated, 0x401);
	assert_true(C->sum.lost);
	assert_int_equal(C->sum.kinds[HWPC_REC_BOGUS], 0);
}

/* "STOP counter values greater than 1 are possible when STOP input is
 * asserted too often for the memory interface to keep up" and "If this
 * counter reaches 0xfff, it stops incrementing further." */
static void test_missed_stops(void **state)
{
	uint8_t b[3 * 16];
	pkt(b, HWPC_REC_SHORT, 10, 1, NULL);
	pkt(b + 16, HWPC_REC_SHORT, 20, 3, NULL);
	pkt(b + 32, HWPC_REC_SHORT, 30, 0xfff, NULL);
	decode(HWPC_REC_SHORT, b, sizeof b, 0);
	assert_int_equal(nth(HWPC_REC_MISSED, 0)->count, 2);
	assert_int_equal(nth(HWPC_REC_MISSED, 0)->offset, 16);
	assert_int_equal(nth(HWPC_REC_MISSED, 1)->count, 0xffe);
	assert_non_null(strstr(nth(HWPC_REC_MISSED, 1)->msg, "saturated"));
	assert_int_equal(C->sum.missed, 2 + 0xffe);
	assert_true(C->sum.lost);
}

/* SHORT packets hide eight counters: STOP = 0 with small visible counters
 * is still a forced packet; LONG ones show all twelve, so it is bogus.
 * "bits 12-15: always 0". */
static void test_bogus(void **state)
{
	uint8_t b[32];
	unsigned c[12] = {1, 2, 3, 4};
	pkt(b, HWPC_REC_SHORT, 10, 0, c);
	pkt(b + 16, HWPC_REC_SHORT, 20, 0x1001, c);
	decode(HWPC_REC_SHORT, b, sizeof b, 0);
	assert_int_equal(C->sum.kinds[HWPC_REC_FORCED], 1);
	assert_int_equal(C->sum.kinds[HWPC_REC_BOGUS], 1);
	assert_int_equal(nth(HWPC_REC_BOGUS, 0)->offset, 16 + 6);
	assert_int_equal(nth(HWPC_REC_PACKET, 1)->stop, 1);

	pkt(b, HWPC_REC_LONG, 10, 0, c);
	decode(HWPC_REC_LONG, b, 32, 0);
	assert_int_equal(C->sum.kinds[HWPC_REC_BOGUS], 1);
	assert_int_equal(C->sum.kinds[HWPC_REC_FORCED], 0);
}

static void test_zero_runs_and_trailing(void **state)
{
	uint8_t b[5 * 16 + 5];
	memset(b, 0, sizeof b);
	pkt(b, HWPC_REC_SHORT, 10, 1, NULL);
	pkt(b + 48, HWPC_REC_SHORT, 40, 1, NULL);
	decode(HWPC_REC_SHORT, b, sizeof b, 7);
	assert_int_equal(C->sum.packets, 2);
	assert_int_equal(nth(HWPC_REC_ZERO, 0)->offset, 16);
	assert_int_equal(nth(HWPC_REC_ZERO, 0)->count, 2);
	assert_int_equal(nth(HWPC_REC_ZERO, 1)->offset, 64);
	assert_int_equal(nth(HWPC_REC_PACKET, 1)->delta, 30);
	assert_int_equal(nth(HWPC_REC_PACKET, 1)->index, 1);
	const struct hwpc_rec_item *t = nth(HWPC_REC_TRAILING, 0);
	assert_non_null(t);
	assert_int_equal(t->offset, 80);
	assert_int_equal(t->count, 5);
}

static void test_shorter_than_a_packet(void **state)
{
	uint8_t b[31] = {1};
	decode(HWPC_REC_LONG, b, sizeof b, 0);
	assert_int_equal(C->rc, HWPC_EINPUT);
	assert_non_null(strstr(C->err.msg, "31 bytes is shorter than one LONG packet (32 bytes)"));
	decode(HWPC_REC_LONG, b, 0, 0);
	assert_int_equal(C->rc, HWPC_EINPUT);
	decode(HWPC_REC_SHORT, b, 16, 0);
	assert_int_equal(C->rc, HWPC_OK);
}

static void test_names(void **state)
{
	enum hwpc_rec_format f;
	struct hwpc_err err = {0};
	assert_int_equal(hwpc_rec_format_parse("short", &f, &err), HWPC_OK);
	assert_int_equal(f, HWPC_REC_SHORT);
	assert_int_equal(hwpc_rec_format_parse("medium", &f, &err), HWPC_EINPUT);
	assert_non_null(strstr(err.msg, "'medium'"));
	assert_string_equal(hwpc_rec_counter_name(4), "start0");
	assert_string_equal(hwpc_rec_counter_name(11), "event3");
	assert_string_equal(hwpc_rec_kind_name(HWPC_REC_MISSED), "missed");
	assert_true(hwpc_rec_kind_is_loss(HWPC_REC_SATURATED));
	assert_false(hwpc_rec_kind_is_loss(HWPC_REC_FORCED));
	assert_int_equal(hwpc_rec_packet_size(&LAY, HWPC_REC_LONG), 32);
	assert_int_equal(hwpc_rec_packet_size(&LAY, HWPC_REC_SHORT), 16);
	assert_int_equal(hwpc_rec_counter_count(&LAY, HWPC_REC_LONG), 12);
	assert_int_equal(hwpc_rec_counter_count(&LAY, HWPC_REC_SHORT), 4);
}

int main(void)
{
	load_layout();
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_long_packets_deltas_rates),
		cmocka_unit_test(test_cycle_wrap),
		cmocka_unit_test(test_forced_and_saturated),
		cmocka_unit_test(test_missed_stops),
		cmocka_unit_test(test_bogus),
		cmocka_unit_test(test_zero_runs_and_trailing),
		cmocka_unit_test(test_shorter_than_a_packet),
		cmocka_unit_test(test_names),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
