/* SPDX-License-Identifier: MIT */
/* Signal generators.  Each is a pure function of the domain's cycle number
 * n, so a signal has the same value however simulated time is sliced into
 * advances, and STATUS reads never disturb it. */
#include "core/hash.h"
#include "sim/pcm.h"
#include "sim/ptimer_model.h"

/* splitmix64 (a public-domain mixing function): the same bits on every
 * machine, unlike rand(). */
uint64_t pc_splitmix64(uint64_t x)
{
	return hwpc_splitmix64(x);
}

/* The random generator, counter-based and bit-sliced: cycle n belongs to
 * block W = n / 64, lane n % 64.  The block's words are
 * R_j = wyrand(splitmix64(seed), 32 W + j + 1), j = 0 ... 31, and lane b's
 * 32-bit number U has bit 31 - j equal to bit b of R_j; the signal is 1
 * when U < prob32.  Lanes are compared most significant bit first and a
 * lane is decided at the first bit where U and prob32 differ, so a single
 * cycle needs about two words and 64 cycles about eight; the bits past
 * prob32's last 1 can only make U larger and are never drawn.  The value
 * is the same however many lanes are asked at once (pcsim(1) documents the
 * sequence; tests/unit/test_pcsim_genword.c checks the two ways of
 * drawing it against each other). */
/* wyrand (Wang Yi's public-domain generator): output number c of the
 * stream that starts at key is wyrand_mix(key + c * WYRAND_STEP).  One
 * 64x64->128-bit multiply a word. */
#define WYRAND_STEP 0xa0761d6478bd642fULL

static inline uint64_t wyrand_mix(uint64_t x)
{
	unsigned __int128 m = (unsigned __int128)x * (x ^ 0xe7037ed1a0b428dbULL);
	return (uint64_t)(m >> 64) ^ (uint64_t)m;
}

static inline uint64_t wyrand_at(uint64_t key, uint64_t c)
{
	return wyrand_mix(key + c * WYRAND_STEP);
}

/* The stream key: splitmix64 of the seed. */
static uint64_t random_key(const struct pc_gen *g)
{
	return pc_splitmix64(g->seed);
}

/* One bit of the comparison for every lane still tied: pbit is bit j of
 * prob32 as a word of all zeros or all ones.  (A branch, not a mask: at
 * each of pc_random_word's unrolled bits it goes the same way for a
 * stream, so it is predicted, and it saves the masking.) */
static inline void compare_bit(uint64_t r, uint64_t pbit, uint64_t *below, uint64_t *tie)
{
	if (pbit) {
		*below |= *tie & ~r;
		*tie &= r;
	} else {
		*tie &= ~r;
	}
}

/* The bits of prob32 worth drawing: up to and including its last 1. */
static unsigned prob_bits(uint32_t pr)
{
	return pr ? 32 - (unsigned)__builtin_ctz(pr) : 0;
}

void pc_random_stream_init(struct pc_random_stream *rs, const struct pc_gen *g)
{
	rs->key = random_key(g);
	rs->always = g->prob32 >= 1ULL << 32;
	uint32_t pr = rs->always ? 0 : (uint32_t)g->prob32;
	rs->nbits = prob_bits(pr);
	for (unsigned j = 0; j < 32; j++)
		rs->pbit[j] = 0 - (uint64_t)(pr >> (31 - j) & 1);
}

/* The lanes of `lanes` (the reference asks one at a time, so nothing is
 * worked out ahead). */
static uint64_t random_lanes(const struct pc_gen *g, uint64_t W, uint64_t lanes)
{
	if (g->prob32 >= 1ULL << 32)
		return lanes;
	uint32_t pr = (uint32_t)g->prob32;
	uint64_t key = random_key(g), below = 0, tie = lanes;
	for (unsigned j = 0, n = prob_bits(pr); j < n && tie; j++)
		compare_bit(wyrand_at(key, 32 * W + 1 + j), 0 - (uint64_t)(pr >> (31 - j) & 1), &below, &tie);
	return below;
}

/* All 64 lanes, the same bits as random_lanes: 64 lanes are all decided
 * after about eight bits, so the first eight words are drawn without
 * looking at the lanes, written out so that their multiplies overlap. */
uint64_t pc_random_word(const struct pc_random_stream *rs, uint64_t W)
{
	if (rs->always)
		return ~0ULL;
	const uint64_t *pb = rs->pbit;
	uint64_t x = rs->key + (32 * W + 1) * WYRAND_STEP, below = 0, tie = ~0ULL;
	unsigned j = 0;
	if (rs->nbits >= 8) {
		uint64_t r0 = wyrand_mix(x), r1 = wyrand_mix(x + WYRAND_STEP), r2 = wyrand_mix(x + 2 * WYRAND_STEP);
		uint64_t r3 = wyrand_mix(x + 3 * WYRAND_STEP), r4 = wyrand_mix(x + 4 * WYRAND_STEP);
		uint64_t r5 = wyrand_mix(x + 5 * WYRAND_STEP), r6 = wyrand_mix(x + 6 * WYRAND_STEP);
		uint64_t r7 = wyrand_mix(x + 7 * WYRAND_STEP);
		compare_bit(r0, pb[0], &below, &tie);
		compare_bit(r1, pb[1], &below, &tie);
		compare_bit(r2, pb[2], &below, &tie);
		compare_bit(r3, pb[3], &below, &tie);
		compare_bit(r4, pb[4], &below, &tie);
		compare_bit(r5, pb[5], &below, &tie);
		compare_bit(r6, pb[6], &below, &tie);
		compare_bit(r7, pb[7], &below, &tie);
		j = 8;
	}
	for (; j < rs->nbits && tie; j++)
		compare_bit(wyrand_mix(x + j * WYRAND_STEP), pb[j], &below, &tie);
	return below;
}

/* Bits 0-63: the periodic generator at cycles 64 W ... 64 W + 63. */
static uint64_t periodic_lanes(const struct pc_gen *g, uint64_t W)
{
	if (!g->period || !g->duty)
		return 0;
	if (g->duty >= g->period)
		return ~0ULL;
	uint64_t w = 0, r = (W * 64 + g->phase) % g->period;
	for (uint64_t b = 0; b < 64;) {
		if (r < g->duty) {
			uint64_t len = g->duty - r < 64 - b ? g->duty - r : 64 - b;
			w |= (len == 64 ? ~0ULL : ((1ULL << len) - 1)) << b;
		}
		uint64_t step = g->period - r;
		if (step >= 64 - b)
			break;
		b += step;
		r = 0;
	}
	return w;
}

uint64_t pc_gen_word(struct sim *s, const struct pc_state *st, const struct pc_dom_state *ds, const struct pc_gen *g,
		     uint64_t W)
{
	uint64_t w = 0;
	switch (g->kind) {
	case PC_GEN_CONST: return g->value ? ~0ULL : 0;
	case PC_GEN_PERIODIC:
		/* n + phase wraps as pc_gen_value's does only lane by lane */
		if (W * 64 + g->phase <= UINT64_MAX - 63)
			return periodic_lanes(g, W);
		break;
	case PC_GEN_RANDOM: {
		struct pc_random_stream rs;
		pc_random_stream_init(&rs, g);
		return pc_random_word(&rs, W);
	}
	default: break;
	}
	for (unsigned b = 0; b < 64; b++)
		w |= (uint64_t)(pc_gen_value(s, st, ds, g, W * 64 + b) != 0) << b;
	return w;
}

int pc_gen_value(struct sim *s, const struct pc_state *st, const struct pc_dom_state *ds,
		 const struct pc_gen *g, uint64_t n)
{
	switch (g->kind) {
	case PC_GEN_CONST:
		return g->value;
	case PC_GEN_PERIODIC:
		return g->period && (n + g->phase) % g->period < g->duty;
	case PC_GEN_RANDOM:
		return random_lanes(g, n / 64, 1ULL << (n % 64)) != 0;
	case PC_GEN_PTIMER: {
		sim_ps t = sim_cycle_ps(n, ds->hz);
		/* during an advance PTIMER is still at the advance's start;
		 * between advances it is already at "now" */
		if (t < s->hdr->now_ps)
			t = s->hdr->now_ps;
		return (int)((sim_ptimer_ticks_at(s, t) >> g->bit) & 1);
	}
	case PC_GEN_TRACE: {
		if (!g->trace_len || n < g->trace_start)
			return 0;
		uint64_t row = (n - g->trace_start) % g->trace_len;
		uint64_t bit = g->trace_bit + row * g->trace_cols;
		if (bit / 8 >= PC_TRACE_BYTES)
			return 0;
		return (st->trace_pool[bit / 8] >> (bit % 8)) & 1;
	}
	}
	return 0;
}
