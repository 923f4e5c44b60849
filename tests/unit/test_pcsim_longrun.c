/* SPDX-License-Identifier: MIT */
/* What the per-cycle model could never reach, on the fast engine: NV10's
 * 40-bit counters past 2^39 cycles ("the low 39 bits will wrap normally,
 * but bit 39 is sticky", envytools hardware documentation, PCOUNTER) at
 * the chip's core clock, and NV30+ counters saturating at 0xffffffff. */
#include "pcsim_test.h"

#include <time.h>

static double cpu_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void adv(struct pt *t, unsigned dom, uint64_t n)
{
	struct hwpc_err err;
	if (hwpc_sim_pc_advance_cycles(t->dev, dom, n, &err))
		fail_msg("advance %llu cycles: %s", (unsigned long long)n, err.msg);
}

/* Domain `dom` counting every cycle in single mode (PRE, START, EVENT
 * always 1, STOP never). */
static void count_every_cycle(struct pt *t, unsigned dom)
{
	G(t, dom, 0x10, "const 1");
	WN(t, 0x10101010, "PRE_SRC[%u]", dom);
	WN(t, 0x10101010, "START_SRC[%u]", dom);
	WN(t, 0x10101010, "EVENT_SRC[%u]", dom);
	WN(t, 0x10101010, "STOP_SRC[%u]", dom);
	WN(t, 0xffff, "START_OP[%u]", dom);
	WN(t, 0xffff, "EVENT_OP[%u]", dom);
	WN(t, 0x0000, "STOP_OP[%u]", dom);
	WN(t, 0xffff, "PRE_OP[%u]", dom);
	adv(t, dom, 10);
}

static uint64_t ctr40(struct pt *t, const char *name)
{
	char lo[64], hi[64];
	snprintf(lo, sizeof lo, "%s[0]", name);
	snprintf(hi, sizeof hi, "%s_HI[0]", name);
	return (uint64_t)R(t, hi) << 32 | R(t, lo);
}

static void test_nv10_bit39_sticky(void **unused)
{
	struct pt t;
	double t0 = cpu_s();
	/* 120 MHz: GeForce 256's core clock; 2^39 cycles are 76 minutes */
	pt_open(&t, "nv10", "pchz=120M");
	count_every_cycle(&t, 0);
	uint64_t v0 = ctr40(&t, "CTR_CYCLES");
	assert_true(v0 > 0 && v0 < 10);
	adv(&t, 0, (1ULL << 39) - v0 + 1000);
	assert_int_equal(ctr40(&t, "CTR_CYCLES"), (1ULL << 39) + 1000);
	assert_int_equal(R(&t, "CTR_CYCLES_HI[0]"), 0x80);
	/* past 2^40: the low 39 bits wrap, bit 39 stays */
	adv(&t, 0, (1ULL << 39) - 995);
	assert_int_equal(ctr40(&t, "CTR_CYCLES"), (1ULL << 39) | 5);
	assert_int_equal(ctr40(&t, "CTR_CYCLES_ALT"), (1ULL << 39) | 5);
	uint64_t ev = ctr40(&t, "CTR_EVENT");
	assert_true(ev >> 39 == 1 && (ev & ((1ULL << 39) - 1)) < 16);
	pt_close(&t);
	double spent = cpu_s() - t0;
	print_message("2^40 NV10 cycles in %.3f s of CPU\n", spent);
	assert_true(spent < 60);
}

static void test_nv34_saturates(void **unused)
{
	struct pt t;
	/* 250 MHz: GeForce FX 5200's core clock; 2^32 cycles are 17 s */
	pt_open(&t, "nv34", "pchz=250M");
	count_every_cycle(&t, 0);
	adv(&t, 0, 0xffffffffULL);
	assert_int_equal(R(&t, "CTR_CYCLES[0]"), 0xffffffffu);
	assert_int_equal(R(&t, "CTR_EVENT[0]"), 0xffffffffu);
	adv(&t, 0, 250000000ULL * 3600); /* an hour more: still saturated */
	assert_int_equal(R(&t, "CTR_CYCLES[0]"), 0xffffffffu);
	assert_int_equal(R(&t, "CTR_EVENT[0]"), 0xffffffffu);
	pt_close(&t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_nv10_bit39_sticky),
		cmocka_unit_test(test_nv34_saturates),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
