/* SPDX-License-Identifier: MIT */
/* Signal generators.  Each is a pure function of the domain's cycle number
 * n, so a signal has the same value however simulated time is sliced into
 * advances, and STATUS reads never disturb it. */
#include "pc.h"

/* splitmix64 (a public-domain mixing function): the same bits on every
 * machine, unlike rand(). */
uint64_t pc_splitmix64(uint64_t x)
{
	x += 0x9e3779b97f4a7c15ULL;
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
	return x ^ (x >> 31);
}

/* The first nanosecond at which cycle n of a clock of hz has happened
 * (sim_cycles(ns, hz) >= n). */
uint64_t pc_cycle_ns(uint64_t n, uint64_t hz)
{
	return (uint64_t)(((unsigned __int128)n * 1000000000u + hz - 1) / hz);
}

/* The random generator, counter-based and bit-sliced: cycle n belongs to
 * block W = n / 64, lane n % 64.  The block's words are
 * R_j = splitmix64(splitmix64(seed) + 32 W + j), j = 0 ... 31, and lane b's
 * 32-bit number U has bit 31 - j equal to bit b of R_j; the signal is 1
 * when U < prob32.  Lanes are compared most significant bit first and a
 * lane is decided at the first bit where U and prob32 differ, so a single
 * cycle needs about two words and 64 cycles about eight; the bits past
 * prob32's last 1 can only make U larger and are never drawn.  The value
 * is the same however many lanes are asked at once. */
/* wyrand (Wang Yi's public-domain generator): output number c of the
 * stream that starts at key.  One 64x64->128-bit multiply a word. */
static uint64_t wyrand_at(uint64_t key, uint64_t c)
{
	uint64_t x = key + c * 0xa0761d6478bd642fULL;
	unsigned __int128 m = (unsigned __int128)x * (x ^ 0xe7037ed1a0b428dbULL);
	return (uint64_t)(m >> 64) ^ (uint64_t)m;
}

uint64_t pc_random_key(const struct pc_gen *g)
{
	return pc_splitmix64(g->seed);
}

uint64_t pc_random_lanes(const struct pc_gen *g, uint64_t key, uint64_t W, uint64_t lanes)
{
	if (g->prob32 >= 1ULL << 32)
		return lanes;
	uint32_t pr = (uint32_t)g->prob32;
	/* bits of prob32 worth drawing: up to and including its last 1 */
	unsigned nbits = pr ? 32 - (unsigned)__builtin_ctz(pr) : 0;
	uint64_t base = 32 * W + 1, below = 0, tie = lanes;
	unsigned j = 0;
	/* 64 lanes are all decided after about 8 bits: draw those without
	 * branching on the lanes, then go on while any lane is tied */
	unsigned first = lanes == ~0ULL ? (nbits < 10 ? nbits : 10) : 0;
	uint64_t r[10];
	for (unsigned k = 0; k < first; k++)
		r[k] = wyrand_at(key, base + k);
	for (; j < first; j++) {
		uint64_t pbit = 0 - (uint64_t)(pr >> (31 - j) & 1);
		below |= tie & ~r[j] & pbit;
		tie &= ~(r[j] ^ pbit);
	}
	for (; j < nbits && tie; j++) {
		uint64_t rj = wyrand_at(key, base + j), pbit = 0 - (uint64_t)(pr >> (31 - j) & 1);
		below |= tie & ~rj & pbit;
		tie &= ~(rj ^ pbit);
	}
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
	case PC_GEN_RANDOM: return pc_random_lanes(g, pc_random_key(g), W, ~0ULL);
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
		return pc_random_lanes(g, pc_random_key(g), n / 64, 1ULL << (n % 64)) != 0;
	case PC_GEN_PTIMER: {
		uint64_t ns = pc_cycle_ns(n, ds->hz);
		/* during an advance PTIMER is still at the advance's start;
		 * between advances it is already at "now" */
		if (ns < s->hdr->now_ns)
			ns = s->hdr->now_ns;
		return (int)((sim_ptimer_ticks_at(s, ns) >> g->bit) & 1);
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
