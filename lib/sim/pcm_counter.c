/* SPDX-License-Identifier: MIT */
/* Counter arithmetic ("Counters") and the integers of the special counter
 * modes ("Special counter modes"). */
#include "sim/pcm.h"

/* NV10:NV30: CYCLES, CYCLES_ALT, EVENT and START are 40-bit; "the low 39
 * bits will wrap normally, but bit 39 is sticky".  NV30+: every counter is
 * 32-bit and "once they reach the largest possible value [0xffffffff], they
 * stop incrementing". */
void pc_ctr_add(const struct pc_priv *p, uint64_t *c, unsigned which, uint64_t k)
{
	if (!k)
		return;
	if (p->counter_bits == 40) {
		if (which == PC_CPRE || which == PC_CSTOP) {
			*c = (*c + k) & 0xffffffffULL; /* 32-bit on NV10:NV30 */
			return;
		}
		const uint64_t mask = (1ULL << 40) - 1, sticky = 1ULL << 39;
		*c = ((*c + k) & mask) | (*c & sticky);
		return;
	}
	*c = *c + k > 0xffffffffULL ? 0xffffffffULL : *c + k;
}

/* B2: EVENT_SRC[0], EVENT_SRC[1] */
unsigned pc_b2(const uint8_t mux[PC_NINPUTS])
{
	return mux[PC_EVENT] & 3;
}

/* B4: START_SRC[0..3] */
unsigned pc_b4(const uint8_t mux[PC_NINPUTS])
{
	return mux[PC_START] & 15;
}

/* B6: START_SRC[0..3], EVENT_SRC[2], EVENT_SRC[3] */
unsigned pc_b6(const uint8_t mux[PC_NINPUTS])
{
	return pc_b4(mux) | (unsigned)((mux[PC_EVENT] >> 2) & 3) << 4;
}

/* What CTR_EVENT gains this cycle. */
uint64_t pc_event_increment(enum pc_ctr_mode m, bool event, const uint8_t mux[PC_NINPUTS])
{
	switch (m) {
	case PC_EVENT_B4: return event ? pc_b4(mux) : 0;
	case PC_EVENT_B6: return event ? pc_b6(mux) : 0;
	/* "CTR_EVENT is increased by B2 on every clock cycle" */
	case PC_EXTRA_B6_EVENT_B2: return pc_b2(mux);
	default: return event; /* SIMPLE, EXTRA_B4 ("as in SIMPLE mode"); unknown modes too */
	}
}

/* What the EXTRA_* modes add to CTR_PRE (single) or CTR_START (quad); 0
 * and false for the other modes. */
uint64_t pc_extra_increment(enum pc_ctr_mode m, const uint8_t mux[PC_NINPUTS])
{
	if (m == PC_EXTRA_B4)
		return pc_b4(mux);
	if (m == PC_EXTRA_B6_EVENT_B2)
		return pc_b6(mux);
	return 0;
}
