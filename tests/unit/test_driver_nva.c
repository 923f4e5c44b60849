/* SPDX-License-Identifier: MIT */
/* envytools nva/nvacounter.c and nva/nvawatch.c on the simulator, access
 * by access.  nvacounter finds PTIMER_TIME_B12 by stopping PTIMER and
 * setting TIME_LOW bit 17 (the counter's bit 12) between two polls of every
 * SIG_STATUS word; nvawatch timestamps every change of a register with
 * PTIMER.  A real card's answers: the signal the envytools signal tables
 * place (PTIMER_TIME_B12 is host signal 0x2c on G84, 0xa3 on GT215:
 * envytools docs/hw/pcounter/tesla.rst), and a bit 12 that toggles every
 * 2^12 PTIMER ticks. */
#include "driver_test.h"

#define NSTATUS 0x100 /* bytes of SIG_STATUS nvacounter polls: 8 sets */

/* poll_signals: 100 reads of every SIG_STATUS word, counting each bit.
 * The 6400 reads take milliseconds on a card; settle() stands for the
 * first of them, after which the signals no longer change here. */
static void poll_signals(struct pt *t, uint8_t sig[NSTATUS * 8])
{
	memset(sig, 0, NSTATUS * 8);
	settle(t);
	for (int i = 0; i < 100; i++)
		for (uint32_t j = 0; j < NSTATUS; j += 4) {
			uint32_t v = rd(t, 0xa800 + j);
			for (int b = 0; b < 32; b++)
				if (v & 1u << b)
					sig[j * 8 + (uint32_t)b]++;
		}
}

static int normalise(uint8_t v) { return v < 10 ? 0 : v > 90 ? 1 : -1; }

/* find_ptimer_b12: the differences between the two polls must be exactly
 * one, set 0's PTIMER_TIME_B12 going from 0 to 1 */
static void nvacounter_b12(const char *chip, unsigned want)
{
	struct pt t;
	static uint8_t ref[NSTATUS * 8], tmp[NSTATUS * 8];
	dt_open(&t, chip, "pchz=100k");
	wr(&t, 0x200, 0xffffffff); /* nvacounter's init: every unit on */
	uint32_t r9210 = rd(&t, 0x9210), r9400 = rd(&t, 0x9400);
	wr(&t, 0x9210, 0);
	wr(&t, 0x9400, 0);
	poll_signals(&t, ref);
	wr(&t, 0x9400, 0x20000);
	poll_signals(&t, tmp);
	wr(&t, 0x9400, r9400);
	wr(&t, 0x9210, r9210);
	unsigned ndiff = 0;
	for (unsigned i = 0; i < NSTATUS * 8; i++)
		if (normalise(ref[i]) != normalise(tmp[i])) {
			ndiff++;
			assert_int_equal(i / 0x100, 0); /* set */
			assert_int_equal(i % 0x100, want);
			assert_int_equal(normalise(ref[i]), 0);
			assert_int_equal(normalise(tmp[i]), 1);
		}
	assert_int_equal(ndiff, 1);
	pt_close(&t);
}

static void test_b12_g84(void **state) { nvacounter_b12("g84", 0x2c); }
static void test_b12_gt215(void **state) { nvacounter_b12("gt215", 0xa3); }

/* nvawatch's get_time: TIME_HIGH, then TIME_LOW and TIME_HIGH until the
 * two highs agree */
static uint64_t get_time(struct pt *t)
{
	uint64_t high2 = rd(t, 0x9410), high1, low;
	do {
		high1 = high2;
		low = rd(t, 0x9400);
		high2 = rd(t, 0x9410);
	} while (high1 != high2);
	return high2 << 32 | low;
}

/* "nvawatch -t -t a804" on G84 after nouveau's nv41 timer init (27 MHz
 * crystal, 27000 kHz: multiplier m = 3, NUMERATOR 324, DENOMINATOR 125;
 * PTIMER at 81 MHz * 125 / 324 = 31.25 MHz, so TIME counts ns).  SIG_STATUS word 0xa804 holds host signals
 * 0x20-0x3f, PTIMER_TIME_B12 (0x2c) in bit 12: each change comes with a
 * timestamp whose bit 17 is that bit's new value, one 2^17 ns step after
 * the previous change. */
static void test_watch_b12_g84(void **state)
{
	struct pt t;
	dt_open(&t, "g84", "pchz=1M,crystal=27M");
	wr(&t, 0x009220, 3 - 1);
	wr(&t, 0x009200, 324);
	wr(&t, 0x009210, 125);
	uint32_t val = rd(&t, 0xa804);
	uint64_t first = get_time(&t), prev = first;
	unsigned changes = 0;
	/* the watch loop; each pass takes about a microsecond on a card */
	for (int i = 0; i < 1000; i++) {
		sleep_ns(&t, 1000);
		uint32_t nval = rd(&t, 0xa804);
		if (nval != val) {
			uint64_t ts = get_time(&t);
			assert_int_equal((nval >> 12) & 1, (ts >> 17) & 1);
			assert_int_equal(ts >> 17, (prev >> 17) + 1);
			prev = ts;
			changes++;
		}
		val = nval;
	}
	/* 1 ms of 131.072 us half-periods */
	assert_int_equal(changes, (prev >> 17) - (first >> 17));
	assert_int_equal(changes, 1000000 >> 17);
	pt_close(&t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_b12_g84),
		cmocka_unit_test(test_b12_gt215),
		cmocka_unit_test(test_watch_b12_g84),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
