/* SPDX-License-Identifier: MIT */
/* The fast PCOUNTER engine against the per-cycle reference: a few hundred
 * random configurations over every generation and feature (pcdiff.h);
 * make difftest runs many more. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "pcdiff.h"
#include "test_cases.h"

#define CONFIGS HWPC_TEST_CASES(300)

static void test_engines_agree(void **unused)
{
	struct pcd t;
	assert_int_equal(pcd_init(&t), 0);
	unsigned failed = 0;
	for (uint64_t seed = 1; seed <= CONFIGS; seed++)
		if (pcd_run(&t, seed)) {
			print_message("%s\n", t.why);
			failed++;
		}
	/* every configuration checked something, and the fast engine
	 * skipped, evaluated words and stepped */
	struct pc_fast_stats fs;
	pc_fast_stats_get(&fs);
	print_message("%u checkpoints; fast engine: %llu cycles skipped, %llu evaluated 64 at a time, %llu stepped, "
		      "%llu advances delegated, %llu skips cut at a counter limit\n",
		      t.checkpoints, (unsigned long long)fs.skipped, (unsigned long long)fs.parallel,
		      (unsigned long long)fs.stepped,
		      (unsigned long long)fs.delegated, (unsigned long long)fs.limited);
	print_message("%u configurations at GHz clocks\n", t.ghz_configs);
	assert_true(t.checkpoints >= CONFIGS);
	assert_true(t.ghz_configs * 10 > CONFIGS); /* a tenth of them at GHz clocks, or more */
	assert_true(fs.skipped > 0 && fs.parallel > 0 && fs.stepped > 0 && fs.delegated > 0);
	pcd_fini(&t);
	assert_int_equal(failed, 0);
}

/* The harness itself must see a difference when there is one. */
static void test_harness_sees_differences(void **unused)
{
	struct pcd t;
	assert_int_equal(pcd_init(&t), 0);
	assert_int_equal(pcd_open_side(&t, 0, "g84", ",pchz=1M"), 0);
	assert_int_equal(pcd_open_side(&t, 1, "g84", ",pchz=1M"), 0);
	assert_int_equal(pcd_compare(&t, 0), 0);
	t.side[1].st->dom[3].shadow[PC_CSTOP] = 1;
	assert_int_not_equal(pcd_compare(&t, 1), 0);
	pcd_close(&t);
	pcd_fini(&t);
}

/* Long runs evaluated 64 cycles a word: SETFLAG and CLRFLAG rare (the
 * flag must carry across words without events), SWAP rarer (a swap splits
 * a word and a batch), EVENT and STOP taking SETFLAG and delayed
 * arguments; both engines compared after every advance. */
static void words_case(const char *chip, bool last_lane)
{
	struct pcd t;
	struct hwpc_err err;
	struct pc_fast_stats before, after;
	assert_int_equal(pcd_init(&t), 0);
	assert_int_equal(pcd_open_side(&t, 0, chip, ",pchz=1M"), 0);
	assert_int_equal(pcd_open_side(&t, 1, chip, ",pchz=1M"), 0);
	static const struct {
		unsigned sig;
		double p;
	} gens[] = { { 0x10, 0.0004 }, { 0x11, 0.0004 }, { 0x12, 0.3 }, { 0x13, 0.00005 } };
	static const struct {
		const char *name;
		uint32_t value;
	} regs[] = {
		/* SETFLAG: START_SRC[2] (0x10); CLRFLAG: PRE_SRC[2] (0x11) */
		{ "PRE_SRC[1]", 0x13111012 }, { "START_SRC[1]", 0x11101212 }, { "EVENT_SRC[1]", 0x10111212 },
		{ "STOP_SRC[1]", 0x12101112 }, { "SETFLAG_OP[1]", 0xaaaa }, { "CLRFLAG_OP[1]", 0xaaaa },
		{ "START_OP[1]", 0x6996 | 1u << 16 }, { "EVENT_OP[1]", 0x8ee8 | 1u << 18 },
		{ "STOP_OP[1]", 0x1ee1 | 1u << 17 }, { "SPEC_SRC[1]", 0x13 }, { "CTRL[1]", 1 }, { "PRE_OP[1]", 0x7777 },
	};
	for (unsigned i = 0; i < 2; i++) {
		for (unsigned k = 0; k < sizeof gens / sizeof gens[0]; k++) {
			struct hwpc_sim_gen g = { .kind = HWPC_SIM_GEN_RANDOM, .probability = gens[k].p, .seed = 11 + k };
			if (last_lane && k < 2) {
				/* SETFLAG and CLRFLAG only in a word's last cycle
				 * (n = 63 mod 64): periods of 37 and 53 words */
				uint64_t period = 64 * (k ? 53 : 37);
				g = (struct hwpc_sim_gen){ .kind = HWPC_SIM_GEN_PERIODIC, .period = period, .duty = 1,
							   .phase = period - 63 };
			}
			assert_int_equal(hwpc_sim_pc_set_gen(t.side[i].dev, 1, gens[k].sig, &g, &err), 0);
		}
		for (unsigned k = 0; k < sizeof regs / sizeof regs[0]; k++)
			if (hwpc_reg_write(t.side[i].dev, regs[k].name, regs[k].value, &err))
				fail_msg("%s: %s", regs[k].name, err.msg);
	}
	pc_fast_stats_get(&before);
	/* twelve advances of 100 ms at 1 MHz (a quarter under the sanitizers:
	 * test_cases.h) */
	const unsigned ops = HWPC_TEST_CASES(12);
	for (unsigned op = 0; op < ops; op++) {
		for (unsigned i = 0; i < 2; i++)
			assert_int_equal(hwpc_sim_advance_ns(t.side[i].dev, 100000000 + op * 7919, &err), 0);
		if (pcd_compare(&t, op))
			fail_msg("%s: %s", chip, t.why);
	}
	pc_fast_stats_get(&after);
	/* the fast side took the word path for nearly all of core_a's cycles
	 * (five sixths of the 100,000 an advance) */
	assert_true(after.parallel - before.parallel > ops * 83333);
	pcd_close(&t);
	pcd_fini(&t);
}

static void test_words_long_runs(void **unused)
{
	words_case("g84", false);
	words_case("g84", true);
#ifndef HWPC_TEST_SANITIZED
	/* the same paths with the other variants' layouts (test_cases.h) */
	words_case("g92", false);
	words_case("gt215", false);
#endif
}

/* Inputs the word path works out once per batch ("steady": every argument
 * a constant signal) next to ones that vary: EVENT reads only constant
 * sources but takes SETFLAG as its argument 3, and SETFLAG is a random
 * START_SRC[2], so EVENT varies; START, a constant signal delayed by a
 * cycle, is steady.  A periodic SWAP lands in every word of a batch over
 * many short advances (word 1 included); long advances make batches of
 * more than 4096 words; then START's signal changes between advances at
 * every cycle of a word, so that a batch's word 0 sees the old value in
 * its first cycle and word 1 the new one throughout. */
static void steady_case(const char *chip)
{
	struct pcd t;
	struct hwpc_err err;
	assert_int_equal(pcd_init(&t), 0);
	assert_int_equal(pcd_open_side(&t, 0, chip, ",pchz=1M"), 0);
	assert_int_equal(pcd_open_side(&t, 1, chip, ",pchz=1M"), 0);
	static const struct {
		const char *name;
		uint32_t value;
	} regs[] = {
		{ "START_SRC[1]", 0x14121415 }, { "EVENT_SRC[1]", 0x14141414 }, { "PRE_SRC[1]", 0x14141414 },
		{ "SETFLAG_OP[1]", 0xaaaa },    { "START_OP[1]", 0xaaaa | 1u << 16 },
		{ "EVENT_OP[1]", 0xff00 | 1u << 18 },
		{ "SPEC_SRC[1]", 0x13 },        { "CTRL[1]", 1 },               { "PRE_OP[1]", 0xaaaa },
	};
	for (unsigned i = 0; i < 2; i++) {
		struct hwpc_sim_gen rnd = { .kind = HWPC_SIM_GEN_RANDOM, .probability = 0.3, .seed = 5 };
		struct hwpc_sim_gen one = { .kind = HWPC_SIM_GEN_CONST, .value = 1 };
		struct hwpc_sim_gen swap = { .kind = HWPC_SIM_GEN_PERIODIC, .period = 64 * 7 + 3, .duty = 1 };
		assert_int_equal(hwpc_sim_pc_set_gen(t.side[i].dev, 1, 0x12, &rnd, &err), 0);
		assert_int_equal(hwpc_sim_pc_set_gen(t.side[i].dev, 1, 0x14, &one, &err), 0);
		assert_int_equal(hwpc_sim_pc_set_gen(t.side[i].dev, 1, 0x13, &swap, &err), 0);
		for (unsigned k = 0; k < sizeof regs / sizeof regs[0]; k++)
			if (hwpc_reg_write(t.side[i].dev, regs[k].name, regs[k].value, &err))
				fail_msg("%s: %s", regs[k].name, err.msg);
	}
	for (unsigned op = 0; op < 300; op++) {
		/* 300 short advances (8 to 12 words), then 4 of 300 ms at
		 * 1 MHz (4687 words: a batch of 4096 and a rest) */
		uint64_t ns = op < 296 ? 517000 + op % 5 * 64000 : 300000000;
		for (unsigned i = 0; i < 2; i++)
			assert_int_equal(hwpc_sim_advance_ns(t.side[i].dev, ns, &err), 0);
		if (pcd_compare(&t, op))
			fail_msg("%s: %s", chip, t.why);
	}
	for (unsigned op = 0; op < 140; op++) {
		struct hwpc_sim_gen v = { .kind = HWPC_SIM_GEN_CONST, .value = op & 1 };
		for (unsigned i = 0; i < 2; i++) {
			assert_int_equal(hwpc_sim_pc_set_gen(t.side[i].dev, 1, 0x15, &v, &err), 0);
			assert_int_equal(hwpc_sim_advance_ns(t.side[i].dev, (64 * 20 + op % 67) * 1000, &err), 0);
		}
		/* after every advance: a SWAP soon hands the sums over */
		if (pcd_compare(&t, 300 + op))
			fail_msg("%s: %s", chip, t.why);
	}
	pcd_close(&t);
	pcd_fini(&t);
}

static void test_steady_inputs(void **unused)
{
	steady_case("g84");
#ifndef HWPC_TEST_SANITIZED
	steady_case("gt215");
#endif
}

/* Counters placed just below where they saturate (NV30+) or wrap (NV10's
 * 40-bit counters, bit 39 sticky; the 32-bit PRE/STOP), then a long run
 * across that point: the fast engine must stop skipping in time. */
static void limit_case(const char *chip, unsigned dom, const char *mode_reg, uint32_t mode, uint64_t limit)
{
	struct pcd t;
	struct hwpc_err err;
	char name[64];
	assert_int_equal(pcd_init(&t), 0);
	assert_int_equal(pcd_open_side(&t, 0, chip, ",pchz=1M"), 0);
	assert_int_equal(pcd_open_side(&t, 1, chip, ",pchz=1M"), 0);
	struct hwpc_sim_gen g = { .kind = HWPC_SIM_GEN_PERIODIC, .period = 3, .duty = 2 };
	static const char *const regs[] = { "PRE_SRC", "START_SRC", "EVENT_SRC", "STOP_SRC" };
	for (unsigned i = 0; i < 2; i++) {
		struct hwpc_dev *dev = t.side[i].dev;
		assert_int_equal(hwpc_sim_pc_set_gen(dev, dom, 0x10, &g, &err), 0);
		for (unsigned k = 0; k < 4; k++) {
			snprintf(name, sizeof name, "%s[%u]", regs[k], dom);
			assert_int_equal(hwpc_reg_write(dev, name, 0x10101010, &err), 0);
		}
		snprintf(name, sizeof name, "EVENT_OP[%u]", dom);
		assert_int_equal(hwpc_reg_write(dev, name, 0xaaaa, &err), 0);
		snprintf(name, sizeof name, "START_OP[%u]", dom);
		assert_int_equal(hwpc_reg_write(dev, name, 0xffff, &err), 0);
		assert_int_equal(hwpc_reg_write(dev, mode_reg, mode, &err), 0);
		snprintf(name, sizeof name, "PRE_OP[%u]", dom);
		assert_int_equal(hwpc_reg_write(dev, name, 0xffff, &err), 0);
		assert_int_equal(hwpc_sim_advance_ns(dev, 10000, &err), 0);
	}
	for (unsigned c = 0; c < PC_NCTRS; c++)
		for (unsigned i = 0; i < 2; i++) {
			t.side[i].st->dom[dom].ctr[c] = limit - 500 - c;
			t.side[i].st->dom[dom].shadow[c] = limit - 700 - c;
		}
	for (unsigned step = 0; step < 4; step++) {
		for (unsigned i = 0; i < 2; i++)
			assert_int_equal(hwpc_sim_advance_ns(t.side[i].dev, 1000000, &err), 0);
		if (pcd_compare(&t, step))
			fail_msg("%s: %s", chip, t.why);
	}
	pcd_close(&t);
	pcd_fini(&t);
}

static void test_limits(void **unused)
{
	limit_case("g84", 1, "CTRL[1]", 1, 0xffffffffULL);     /* quad: saturation */
	limit_case("nv34", 0, "CTRL", 0, 0xffffffffULL);       /* single: saturation */
	limit_case("nv10", 0, "CTRL", 0, 1ULL << 40);          /* 40-bit wrap, bit 39 sticky */
	limit_case("nv10", 0, "CTRL", 0, 1ULL << 39);
	limit_case("nv20", 0, "CTRL", 0, 1ULL << 32);          /* PRE/STOP: 32-bit */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_harness_sees_differences),
		cmocka_unit_test(test_words_long_runs),
		cmocka_unit_test(test_steady_inputs),
		cmocka_unit_test(test_limits),
		cmocka_unit_test(test_engines_agree),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
