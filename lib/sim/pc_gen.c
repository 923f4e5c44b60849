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

int pc_gen_value(struct sim *s, const struct pc_state *st, const struct pc_dom_state *ds,
		 const struct pc_gen *g, uint64_t n)
{
	switch (g->kind) {
	case PC_GEN_CONST:
		return g->value;
	case PC_GEN_PERIODIC:
		return g->period && (n + g->phase) % g->period < g->duty;
	case PC_GEN_RANDOM:
		/* counter-based: value at cycle n = hash(seed, n) below P */
		return (pc_splitmix64(g->seed ^ pc_splitmix64(n)) >> 32) < g->prob32;
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
