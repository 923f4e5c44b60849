/* SPDX-License-Identifier: MIT */
/* A domain's control fields as the engines read them from the state: its
 * mode, counter mode and reset bits.  pcm_regs.c resolves the fields at
 * attach and writes the registers; the engines, the inputs, the API and
 * the device backend only read them, so the reading lives below all of
 * them. */
#include "sim/pcm.h"

uint64_t pc_ctrl_get(const struct pc_priv *p, const struct pc_state *st, unsigned d,
		     const struct hwpc_field *const *which)
{
	const struct hwpc_field *f = *which;
	if (!f)
		return 0;
	return hwpc_field_get(f, p->ctrl_global ? st->ctrl : st->dom[d].ctrl);
}

enum pc_mode pc_dom_mode(const struct pc_priv *p, const struct pc_state *st, unsigned d)
{
	const struct hwpc_field *const *f = PC_CF(p, d, mode);
	if (!*f)
		return PC_MODE_SINGLE; /* NV10:NV30: single event mode only */
	uint64_t v = pc_ctrl_get(p, st, d, f);
	for (int m = 0; m < 4; m++)
		if (p->mode_val[m] >= 0 && v == (uint64_t)p->mode_val[m])
			return m == PC_MODE_RECORD && !p->has_record ? PC_MODE_HALTED : (enum pc_mode)m;
	return PC_MODE_HALTED; /* values the document does not give: nothing counts */
}

enum pc_ctr_mode pc_dom_ctr_mode(const struct pc_priv *p, const struct pc_state *st, unsigned d)
{
	uint64_t v = pc_ctrl_get(p, st, d, PC_CF(p, d, ctr_mode));
	return v < 8 ? (enum pc_ctr_mode)p->ctr_mode_of[v] : PC_CTR_UNKNOWN;
}

static uint32_t set_ctrl(const struct pc_priv *p, const struct pc_state *st, unsigned d)
{
	return st->setctrl[p->dom[d].set];
}

bool pc_periodic_reset(const struct pc_priv *p, const struct pc_state *st, unsigned d)
{
	if (p->gctrl_per_reset)
		return hwpc_field_get(p->gctrl_per_reset, st->gctrl) != 0;
	return p->set_per_reset && hwpc_field_get(p->set_per_reset, set_ctrl(p, st, d)) != 0;
}

bool pc_record_reset(const struct pc_priv *p, const struct pc_state *st, unsigned d)
{
	if (p->gctrl_rec_reset)
		return hwpc_field_get(p->gctrl_rec_reset, st->gctrl) != 0;
	return p->set_rec_reset && hwpc_field_get(p->set_rec_reset, set_ctrl(p, st, d)) != 0;
}
