/* SPDX-License-Identifier: MIT */
/* nouveau's PTIMER code (nvkm/subdev/timer): the register accesses of
 * nv04/nv40_timer_init (keep the ratio the card has, reduced), nv41's init
 * (crystal-derived 31.25 MHz: TIME counts nanoseconds), nv04_timer_read
 * (high, low, high until the highs agree), and the alarm (ALARM_0, then
 * INTR_EN_0; the interrupt acked by writing 1 to INTR_0), which every
 * generation uses, gk20a included.  NV04_PTIMER_*: INTR_0 0x9100,
 * INTR_EN_0 0x9140, NUMERATOR 0x9200, DENOMINATOR 0x9210, TIME_0 0x9400,
 * TIME_1 0x9410, ALARM_0 0x9420. */
#include "driver_test.h"

#define MS 1000000ULL

static uint64_t nv04_read(struct pt *t)
{
	uint32_t hi, lo;
	do {
		hi = rd(t, 0x9410);
		lo = rd(t, 0x9400);
	} while (hi != rd(t, 0x9410));
	return (uint64_t)hi << 32 | lo;
}

/* TIME units (1/32 tick) the card counts in 1 ms */
static uint64_t per_ms(struct pt *t)
{
	uint64_t a = nv04_read(t);
	sleep_ns(t, MS);
	return nv04_read(t) - a;
}

/* nv04_timer_init / nv40_timer_init: no input frequency known, so the
 * card's own NUMERATOR/DENOMINATOR, reduced by 5s and 2s and to 16 bits,
 * are written back: the timer keeps its rate. */
static void nouveau_nv04_init(const char *chip)
{
	struct pt t;
	dt_open(&t, chip, "pchz=10k");
	uint64_t before = per_ms(&t);
	uint32_t n = rd(&t, 0x9200), d = rd(&t, 0x9210);
	if (!n || !d)
		n = d = 1;
	while (n % 5 == 0 && d % 5 == 0)
		n /= 5, d /= 5;
	while (n % 2 == 0 && d % 2 == 0)
		n /= 2, d /= 2;
	while (n > 0xffff || d > 0xffff)
		n >>= 1, d >>= 1;
	wr(&t, 0x9200, n);
	wr(&t, 0x9210, d);
	assert_true(before > 0);
	assert_int_equal(per_ms(&t), before);
	pt_close(&t);
}

static void test_init_nv10(void **state) { nouveau_nv04_init("nv10"); }
static void test_init_nv20(void **state) { nouveau_nv04_init("nv20"); }
static void test_init_nv40(void **state) { nouveau_nv04_init("nv40"); }

/* nv41_timer_init with a 27 MHz crystal (27000 kHz): m = 3, n = 324,
 * d = 125; 0x9220 = m - 1.  TIME then advances 10^6 per ms. */
static void nouveau_nv41_init(const char *chip)
{
	struct pt t;
	dt_open(&t, chip, "pchz=10k,crystal=27M");
	wr(&t, 0x009220, 3 - 1);
	wr(&t, 0x9200, 324);
	wr(&t, 0x9210, 125);
	assert_int_equal(per_ms(&t), 1000000);
	pt_close(&t);
}

static void test_init_nv41(void **state) { nouveau_nv41_init("nv41"); }
static void test_init_g84(void **state) { nouveau_nv41_init("g84"); }
static void test_init_gt215(void **state) { nouveau_nv41_init("gt215"); }
static void test_init_gf100(void **state) { nouveau_nv41_init("gf100"); }

/* nv04_timer_alarm_init(time) 100 us ahead, then nv04_timer_intr: INTR_0
 * bit 0 is set once TIME_0 reaches ALARM_0 (and PMC.INTR line 20 with it),
 * not before; writing 1 acks it. */
static void nouveau_alarm(const char *chip)
{
	struct pt t;
	dt_open(&t, chip, "pchz=10k");
	uint64_t rate = per_ms(&t); /* TIME units per ms */
	uint32_t now = (uint32_t)nv04_read(&t);
	uint32_t when = now + (uint32_t)(rate / 10);
	wr(&t, 0x9420, when);
	wr(&t, 0x9140, 0x00000001);
	sleep_ns(&t, MS / 20);
	assert_int_equal(rd(&t, 0x9100) & 1, 0);
	assert_int_equal(rd(&t, 0x000100) >> 20 & 1, 0);
	sleep_ns(&t, MS / 20 + MS / 100);
	assert_true((uint32_t)nv04_read(&t) - when < 0x80000000u);
	assert_int_equal(rd(&t, 0x9100) & 1, 1);
	assert_int_equal(rd(&t, 0x000100) >> 20 & 1, 1);
	wr(&t, 0x9100, 0x00000001);
	assert_int_equal(rd(&t, 0x9100) & 1, 0);
	assert_int_equal(rd(&t, 0x000100) >> 20 & 1, 0);
	wr(&t, 0x9140, 0x00000000); /* alarm_fini */
	pt_close(&t);
}

static void test_alarm_nv10(void **state) { nouveau_alarm("nv10"); }
static void test_alarm_nv40(void **state) { nouveau_alarm("nv40"); }
static void test_alarm_g84(void **state) { nouveau_alarm("g84"); }
static void test_alarm_gf100(void **state) { nouveau_alarm("gf100"); }
static void test_alarm_gk20a(void **state) { nouveau_alarm("gk20a"); }

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_init_nv10),  cmocka_unit_test(test_init_nv20),
		cmocka_unit_test(test_init_nv40),  cmocka_unit_test(test_init_nv41),
		cmocka_unit_test(test_init_g84),   cmocka_unit_test(test_init_gt215),
		cmocka_unit_test(test_init_gf100), cmocka_unit_test(test_alarm_nv10),
		cmocka_unit_test(test_alarm_nv40), cmocka_unit_test(test_alarm_g84),
		cmocka_unit_test(test_alarm_gf100), cmocka_unit_test(test_alarm_gk20a),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
