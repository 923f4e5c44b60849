/* SPDX-License-Identifier: MIT */
/* Single event mode: the counting process of "Single event mode", one
 * cycle at a time, in the order of the document's pseudo-code. */
#include "sim/pcm.h"

void pc_single_cycle(const struct pc_priv *p, struct pc_state *st, unsigned d, const bool in[PC_NINPUTS],
		     const uint8_t mux[PC_NINPUTS])
{
	struct pc_dom_state *ds = &st->dom[d];
	uint64_t *c = ds->ctr;
	/* "if (PCOUNTER config register other than PRE_OP written this
	 * cycle) SINGLE_STATE = INACTIVE;" */
	if (ds->cfg_written)
		ds->single_state = PC_INACTIVE;
	switch (ds->single_state) {
	case PC_INACTIVE:
		/* the flag is frozen here */
		if (ds->preop_written) {
			c[PC_CEVENT] = c[PC_CSTART] = 0;
			c[PC_CYCLES] = c[PC_CYCLES_ALT] = 0;
			c[PC_CPRE] = ds->pre_init;
			c[PC_CSTOP] = ds->stop_init;
			ds->flag = 0;
			ds->single_state = PC_WAIT_PRE;
		}
		break;
	case PC_WAIT_PRE:
		pc_flag_update(ds, in[PC_SETFLAG], in[PC_CLRFLAG]);
		if (in[PC_PRE]) {
			if (c[PC_CPRE] != 0)
				c[PC_CPRE]--;
			else
				ds->single_state = PC_WAIT_START;
		}
		break;
	case PC_WAIT_START:
		pc_flag_update(ds, in[PC_SETFLAG], in[PC_CLRFLAG]);
		if (in[PC_START]) {
			c[PC_CYCLES] = c[PC_CYCLES_ALT] = 0;
			/* "if (gpu < NV15 || EVENT_CTR_PERIOD == ONE)" */
			if (p->cache[d].reset_event_at_start)
				c[PC_CEVENT] = 0;
			ds->single_state = PC_COUNTING;
		}
		break;
	case PC_COUNTING: {
		pc_flag_update(ds, in[PC_SETFLAG], in[PC_CLRFLAG]);
		enum pc_ctr_mode m = (enum pc_ctr_mode)p->cache[d].ctr_mode;
		/* CTR_CYCLES: the length of the counting period */
		pc_ctr_add(p, &c[PC_CYCLES], PC_CYCLES, 1);
		pc_ctr_add(p, &c[PC_CYCLES_ALT], PC_CYCLES_ALT, 1);
		/* "increase CTR_EVENT and maybe CTR_PRE according to the
		 * counter mode" */
		pc_ctr_add(p, &c[PC_CEVENT], PC_CEVENT, pc_event_increment(m, in[PC_EVENT], mux));
		pc_ctr_add(p, &c[PC_CPRE], PC_CPRE, pc_extra_increment(m, mux));
		if (in[PC_STOP]) {
			if (c[PC_CEVENT] >= ds->threshold)
				pc_ctr_add(p, &c[PC_CSTART], PC_CSTART, 1);
			if (c[PC_CSTOP] != 0) {
				c[PC_CSTOP]--;
				ds->single_state = PC_WAIT_START;
			} else {
				ds->single_state = PC_INACTIVE;
			}
		}
		break;
	}
	}
}
