/* SPDX-License-Identifier: MIT */
/* Quad event mode: four inputs counted in shadow counters, swapped into the
 * visible registers by SWAP ("Quad event mode"). */
#include "sim/pcm.h"

/* "copies the internal counters to the MMIO registers and resets internal
 * counters to 0"; "A swap bumps the state up one unit" */
void pc_quad_swap(struct pc_dom_state *ds, uint64_t n)
{
	ds->latch_cycle = n;
	for (int i = 0; i < PC_NCTRS; i++) {
		ds->ctr[i] = ds->shadow[i];
		ds->shadow[i] = 0;
	}
	if (ds->quad_state < PC_OVERFLOW)
		ds->quad_state++;
}

void pc_quad_cycle(const struct pc_priv *p, struct pc_state *st, unsigned d, const bool in[PC_NINPUTS],
		   const uint8_t mux[PC_NINPUTS], bool swap)
{
	struct pc_dom_state *ds = &st->dom[d];
	uint64_t *c = ds->shadow;
	pc_flag_update(ds, in[PC_SETFLAG], in[PC_CLRFLAG]);
	/* "the swap is performed before updating the counters for a given
	 * cycle" */
	if (swap)
		pc_quad_swap(ds, ds->ncycles);
	enum pc_ctr_mode m = (enum pc_ctr_mode)p->cache[d].ctr_mode;
	pc_ctr_add(p, &c[PC_CYCLES], PC_CYCLES, 1);
	pc_ctr_add(p, &c[PC_CYCLES_ALT], PC_CYCLES_ALT, 1);
	pc_ctr_add(p, &c[PC_CEVENT], PC_CEVENT, pc_event_increment(m, in[PC_EVENT], mux));
	/* EXTRA_* modes: "CTR_START, instead of being controlled by START
	 * input, is increased by B4 [B6] on every clock cycle" */
	if (m == PC_EXTRA_B4 || m == PC_EXTRA_B6_EVENT_B2)
		pc_ctr_add(p, &c[PC_CSTART], PC_CSTART, pc_extra_increment(m, mux));
	else
		pc_ctr_add(p, &c[PC_CSTART], PC_CSTART, in[PC_START]);
	pc_ctr_add(p, &c[PC_CPRE], PC_CPRE, in[PC_PRE]);
	pc_ctr_add(p, &c[PC_CSTOP], PC_CSTOP, in[PC_STOP]);
}
