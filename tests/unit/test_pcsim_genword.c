/* SPDX-License-Identifier: MIT */
/* The signal generators 64 cycles at a time (pc_gen_word, what the
 * word-parallel engine reads) against one cycle at a time (pc_gen_value,
 * what the reference reads): every bit the same, for periods below, at and
 * above a word, phases where n + phase wraps, and probabilities at their
 * ends. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "sim/pcm.h"

static uint64_t rng_state = 7;

static uint64_t next(void)
{
	return pc_splitmix64(rng_state++);
}

static void same_bits(const struct pc_gen *g, uint64_t W)
{
	uint64_t w = pc_gen_word(NULL, NULL, NULL, g, W);
	for (unsigned b = 0; b < 64; b++) {
		int v = pc_gen_value(NULL, NULL, NULL, g, W * 64 + b);
		if (((w >> b) & 1) != (uint64_t)v)
			fail_msg("kind %u W %llu bit %u: word says %llu, cycle says %d", g->kind, (unsigned long long)W,
				 b, (unsigned long long)((w >> b) & 1), v);
	}
}

static void test_periodic(void **unused)
{
	static const uint64_t periods[] = { 1, 2, 3, 7, 63, 64, 65, 100, 1000, 4294967295ULL };
	for (unsigned i = 0; i < sizeof periods / sizeof periods[0]; i++)
		for (unsigned k = 0; k < 40; k++) {
			struct pc_gen g = { .kind = PC_GEN_PERIODIC, .period = periods[i] };
			g.duty = next() % (g.period + 1);
			g.phase = k < 4 ? (uint64_t)k * 0x7fffffffULL : next() % 0x100000000ULL;
			same_bits(&g, next() % 1000000);
			same_bits(&g, (UINT64_MAX >> 6) - k % 3);
			/* n + phase wraps inside the word */
			g.phase = 1 + next() % 63;
			same_bits(&g, UINT64_MAX >> 6);
		}
}

static void test_random(void **unused)
{
	/* 0x...: prob32's last 1 at bit 31 - 6, - 7, - 8: the bits a word draws
	 * before it looks at the lanes (pc_random_word) are 8 */
	static const uint64_t probs[] = { 0, 1, 0x4ccccccdULL, 0x80000000ULL, 0xffffffffULL, 0x100000000ULL,
					  0x56000000ULL, 0xa7000000ULL, 0x33800000ULL };
	for (unsigned i = 0; i < sizeof probs / sizeof probs[0] + 20; i++) {
		struct pc_gen g = { .kind = PC_GEN_RANDOM, .seed = next() };
		g.prob32 = i < sizeof probs / sizeof probs[0] ? probs[i] : next() % 0x100000001ULL;
		for (unsigned k = 0; k < 50; k++)
			same_bits(&g, k < 2 ? k * (UINT64_MAX >> 6) : next() >> 6);
	}
}

/* p = 0.3 over 64 K cycles: the count is near 0.3 of them, and seeds
 * differ. */
static void test_random_rate(void **unused)
{
	struct pc_gen a = { .kind = PC_GEN_RANDOM, .seed = 1, .prob32 = 0x4ccccccdULL }, b = a;
	b.seed = 2;
	uint64_t na = 0, same = 0;
	for (uint64_t W = 1; W <= 1024; W++) {
		uint64_t wa = pc_gen_word(NULL, NULL, NULL, &a, W), wb = pc_gen_word(NULL, NULL, NULL, &b, W);
		na += (uint64_t)__builtin_popcountll(wa);
		same += wa == wb;
	}
	assert_in_range(na, 65536 * 3 / 10 - 600, 65536 * 3 / 10 + 600);
	assert_true(same < 4);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_periodic),
		cmocka_unit_test(test_random),
		cmocka_unit_test(test_random_rate),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
