/* SPDX-License-Identifier: MIT */
/* envytools nva/nvatiming.c, "-p pcounter": each domain's clock measured by
 * counting its cycles over sleep(1).  The register accesses of
 * time_pcounter_nv10, _nv40, _nv84 and _nvc0, in their order, on the
 * chipsets each one runs on; a real card prints each domain's clock in Hz,
 * so every value must equal the domain's frequency times one second. */
#include "driver_test.h"

#define SECOND 1000000000ULL

/* Slow clocks keep a simulated second cheap; two domains differ so that a
 * value read from the wrong domain shows. */
#define CLOCKS "pchz=20k,pchz1=30k"

/* Single event mode starts counting three cycles after the PRE_OP write:
 * INACTIVE -> WAIT_FOR_PRE, a PRE -> WAIT_FOR_START, a START -> COUNTING,
 * which zeroes CTR_CYCLES (envytools hardware documentation, "PCOUNTER:
 * performance counter engine", single event mode). */
#define SINGLE_START_CYCLES 3

/* time_pcounter_nv10: single event mode, PRE/START/EVENT always true, STOP
 * never; CYCLES_ALT counts the second.  NV20 and later also program and
 * read domain 1. */
static void nvatiming_nv10(const char *chip, bool card_type_20)
{
	struct pt t;
	dt_open(&t, chip, card_type_20 ? CLOCKS : "pchz=20k");
	wr(&t, 0xa73c, 0);
	wr(&t, 0xa404, 0);
	wr(&t, 0xa40c, 0xffff);
	wr(&t, 0xa414, 0xffff);
	wr(&t, 0xa41c, 0);
	wr(&t, 0xa620, 0);
	wr(&t, 0xa624, 0);
	wr(&t, 0xa628, 0);
	wr(&t, 0xa62c, 0);
	if (card_type_20) {
		wr(&t, 0xa504, 0);
		wr(&t, 0xa50c, 0xffff);
		wr(&t, 0xa514, 0xffff);
		wr(&t, 0xa51c, 0);
		wr(&t, 0xa720, 0);
		wr(&t, 0xa724, 0);
		wr(&t, 0xa728, 0);
		wr(&t, 0xa72c, 0);
		wr(&t, 0xa504, 0xffff);
	}
	wr(&t, 0xa404, 0xffff);
	sleep_ns(&t, SECOND);
	assert_int_equal(rd(&t, 0xa608), hz_of(&t, 0) - SINGLE_START_CYCLES);
	if (card_type_20)
		assert_int_equal(rd(&t, 0xa708), hz_of(&t, 1) - SINGLE_START_CYCLES);
	pt_close(&t);
}

static void test_nv10(void **state) { nvatiming_nv10("nv10", false); }
static void test_nv20(void **state) { nvatiming_nv10("nv20", true); }
static void test_nv30(void **state) { nvatiming_nv10("nv30", true); }

/* time_pcounter_nv40 (NV40 <= chipset < G84, so G80 too): quad mode, PRE
 * always true, PGRAPH DEBUG_1 | 0x20 written before and after the second:
 * each write fires PM_TRIGGER, which swaps the counter sets. */
static void nvatiming_nv40(const char *chip)
{
	struct pt t;
	dt_open(&t, chip, CLOCKS);
	unsigned ndom = hwpc_sim_pc_domain_count(t.dev);
	uint32_t debug1 = rd(&t, 0x400084);
	for (uint32_t i = 0; i < 8; i++) {
		wr(&t, 0xa7c0 + i * 4, 0x1);
		wr(&t, 0xa460 + i * 4, 0);
		wr(&t, 0xa4a0 + i * 4, 0);
		wr(&t, 0xa4e0 + i * 4, 0);
		wr(&t, 0xa500 + i * 4, 0);
		wr(&t, 0xa520 + i * 4, 0);
		wr(&t, 0xa420 + i * 4, 0xffff);
		wr(&t, 0x400084, debug1 | 0x20);
		sleep_ns(&t, SECOND);
		wr(&t, 0x400084, debug1 | 0x20);
		/* read at once, as nvatiming does: the swap has happened */
		uint32_t hz = rd(&t, 0xa600 + i * 4);
		if (i < ndom)
			assert_int_equal(hz, hz_of(&t, i));
	}
	pt_close(&t);
}

static void test_nv40(void **state) { nvatiming_nv40("nv40"); }
static void test_g80(void **state) { nvatiming_nv40("g80"); }

/* time_pcounter_nv84 (G84 <= chipset, before Fermi): quad mode; on
 * G84:GF100 a PRE_OP write swaps, so the second set of writes ends it. */
static void nvatiming_nv84(const char *chip)
{
	struct pt t;
	dt_open(&t, chip, CLOCKS);
	for (uint32_t i = 0; i < 8; i++) {
		wr(&t, 0xa7c0 + i * 4, 1);
		wr(&t, 0xa420 + i * 4, 0xffff);
	}
	sleep_ns(&t, SECOND);
	for (uint32_t i = 0; i < 8; i++)
		wr(&t, 0xa420 + i * 4, 0xffff);
	assert_int_equal(hwpc_sim_pc_domain_count(t.dev), 8);
	for (uint32_t i = 0; i < 8; i++)
		assert_int_equal(rd(&t, 0xa600 + i * 4), hz_of(&t, i));
	pt_close(&t);
}

static void test_g84(void **state) { nvatiming_nv84("g84"); }
static void test_gt215(void **state) { nvatiming_nv84("gt215"); }

/* time_pcounter_nvc0: the GPC and partition counts from PUNITS, then for
 * every hub domain, two domains of each partition and one of each GPC:
 * quad mode, PRE always true, the running PRE counter (+0x0a8) zeroed;
 * after the second it holds the domain's cycles. */
static void test_gf100(void **state)
{
	struct pt t;
	dt_open(&t, "gf100", CLOCKS);
	int parts = (int)rd(&t, 0x22438);
	int gpcs = (int)rd(&t, 0x22430);
	assert_true(parts > 0 && parts <= 8);
	assert_true(gpcs > 0 && gpcs <= 32);
	for (uint32_t i = 0; i < 8; i++) {
		wr(&t, 0x1b009c + i * 0x200, 0x40002);
		wr(&t, 0x1b0044 + i * 0x200, 0xffff);
		wr(&t, 0x1b00a8 + i * 0x200, 0);
	}
	for (uint32_t u = 0; u < (uint32_t)parts; u++)
		for (uint32_t i = 0; i < 2; i++) {
			wr(&t, 0x1a009c + i * 0x200 + u * 0x1000, 0x40002);
			wr(&t, 0x1a0044 + i * 0x200 + u * 0x1000, 0xffff);
			wr(&t, 0x1a00a8 + i * 0x200 + u * 0x1000, 0);
		}
	for (uint32_t u = 0; u < (uint32_t)gpcs; u++) {
		wr(&t, 0x18009c + u * 0x1000, 0x40002);
		wr(&t, 0x180044 + u * 0x1000, 0xffff);
		wr(&t, 0x1800a8 + u * 0x1000, 0);
	}
	sleep_ns(&t, SECOND);
	char name[32];
	for (uint32_t i = 0; i < 8; i++) {
		snprintf(name, sizeof name, "hub.%u", i);
		assert_int_equal(rd(&t, 0x1b00a8 + i * 0x200), hz_of(&t, dom_of(&t, name)));
	}
	for (uint32_t u = 0; u < (uint32_t)parts; u++)
		for (uint32_t i = 0; i < 2; i++) {
			snprintf(name, sizeof name, "part%u.%u", u, i);
			assert_int_equal(rd(&t, 0x1a00a8 + i * 0x200 + u * 0x1000), hz_of(&t, dom_of(&t, name)));
		}
	for (uint32_t u = 0; u < (uint32_t)gpcs; u++) {
		snprintf(name, sizeof name, "gpc%u.0", u);
		assert_int_equal(rd(&t, 0x1800a8 + u * 0x1000), hz_of(&t, dom_of(&t, name)));
	}
	pt_close(&t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_nv10),  cmocka_unit_test(test_nv20), cmocka_unit_test(test_nv30),
		cmocka_unit_test(test_nv40),  cmocka_unit_test(test_g80),  cmocka_unit_test(test_g84),
		cmocka_unit_test(test_gt215), cmocka_unit_test(test_gf100),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
