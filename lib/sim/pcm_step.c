/* SPDX-License-Identifier: MIT */
/* The reference engine: one cycle of one domain (pc_step), domains with
 * different clocks interleaved by time (pc_run), and the decoded
 * configuration either engine starts an advance from (pc_run_setup).  The
 * fast engine (pcm_fast.c, pcm_block.c) is exact against it and steps
 * with it where it cannot skip; the model (pcm_model.c) chooses between
 * them. */
#include "sim/pcm.h"

#include <string.h>

void pc_step(struct sim *s, const struct pc_priv *p, struct pc_state *st, unsigned d)
{
	struct pc_dom_state *ds = &st->dom[d];
	uint64_t n = ++ds->ncycles;
	uint8_t mux[PC_NINPUTS];
	bool in[PC_NINPUTS];

	const struct pc_dom_cache *c = &p->cache[d];

	/* GF100+: PMC.ENABLE bit 28 gates the whole unit */
	if (!p->enabled)
		return;
	pc_trailers_begin(p, st, d);
	pc_inputs(s, p, st, d, n, mux, in);
	/* SWAP: PGRAPH.PM_TRIGGER on NV30:G84, a selected signal on G84+, and
	 * on G84:GF100 a PRE_OP write in quad mode */
	bool swap = ds->preop_swap;
	if (c->swap_sig >= 0)
		swap |= pc_signal(s, p, st, d, (unsigned)c->swap_sig, n) != 0;
	else if (c->swap_sig == -2)
		swap |= ds->pm_now;
	enum pc_mode mode = (enum pc_mode)c->mode;
	if (ds->cfg_written && mode != PC_MODE_SINGLE)
		ds->single_state = PC_INACTIVE;
	switch (mode) {
	case PC_MODE_SINGLE: pc_single_cycle(p, st, d, in, mux); break;
	case PC_MODE_QUAD: pc_quad_cycle(p, st, d, in, mux, swap); break;
	case PC_MODE_RECORD: pc_record_cycle(s, p, st, d, in, mux); break;
	case PC_MODE_HALTED: pc_flag_update(ds, in[PC_SETFLAG], in[PC_CLRFLAG]); break;
	}
	ds->event_out = in[PC_EVENT];
	ds->flag_hist = (uint8_t)(ds->flag_hist << 1 | ds->flag);
	memcpy(ds->prev_mux, mux, sizeof ds->prev_mux);
	ds->in_last = (uint8_t)(swap << 6);
	for (int i = 0; i < PC_NINPUTS; i++)
		ds->in_last |= (uint8_t)(in[i] << i);
	ds->cfg_written = ds->preop_written = ds->preop_swap = 0;
}

/* Is cycle a of a clock of ha earlier than cycle b of hb?  (a/ha < b/hb) */
static int cmp_tick(uint64_t a, uint64_t ha, uint64_t b, uint64_t hb)
{
	unsigned __int128 x = (unsigned __int128)a * hb, y = (unsigned __int128)b * ha;
	return x < y ? -1 : x > y;
}

/* Domain d's configuration, decoded from its registers once per advance:
 * what every step reads. */
void pc_cache(const struct pc_priv *p, const struct pc_state *st, unsigned d, struct pc_dom_cache *c)
{
	const struct pc_dom_state *ds = &st->dom[d];
	memset(c, 0, sizeof *c);
	c->mode = (uint8_t)pc_dom_mode(p, st, d);
	c->ctr_mode = (uint8_t)pc_dom_ctr_mode(p, st, d);
	c->reset_event_at_start = !p->has_period || pc_ctrl_get(p, st, d, PC_CF(p, d, period)) == p->period_one;
	if (p->has_import_modes) {
		c->pulse_flag = pc_ctrl_get(p, st, d, PC_CF(p, d, flag_import)) != 0;
		c->pulse_event = pc_ctrl_get(p, st, d, PC_CF(p, d, event_import)) != 0;
	}
	c->record_reset = pc_record_reset(p, st, d);
	c->periodic_reset = pc_periodic_reset(p, st, d);
	c->record_short = pc_ctrl_get(p, st, d, PC_CF(p, d, rec_format)) != 0;
	const struct hwpc_field *pf = *PC_CF(p, d, periodic);
	if (pf) {
		const struct hwpc_enum *e = hwpc_enum_find_value(pf, p->chip, pc_ctrl_get(p, st, d, PC_CF(p, d, periodic)));
		int64_t clocks;
		if (e && hwpc_enum_attr_num(e, "clocks", &clocks) && clocks > 0)
			c->periodic_x = (uint32_t)clocks;
	}
	c->swap_sig = p->swap_field ? (int)hwpc_field_get(p->swap_field, ds->swap_src) : p->swap_is_pm_trigger ? -2 : -1;
	for (int i = 0; i < PC_NINPUTS; i++) {
		uint32_t op = ds->op[i];
		const struct hwpc_field *const f[5] = { p->op_d0[i], p->op_d1[i], p->op_r2[i], p->op_r3[i],
							p->op_setflag[i] };
		c->func[i] = p->op_func[i] ? (uint16_t)hwpc_field_get(p->op_func[i], op) : 0;
		for (int k = 0; k < 5; k++)
			if (f[k] && hwpc_field_get(f[k], op))
				c->opbits[i] |= (uint8_t)(1u << k);
	}
}

/* What an advance to to_ns needs, for either engine: each domain's target
 * cycle and decoded configuration. */
void pc_run_setup(struct sim *s, struct pc_priv *p, struct pc_state *st, sim_ps to)
{
	p->enabled = sim_pmc_unit_enabled(s, "PCOUNTER");
	for (unsigned d = 0; d < p->ndomains; d++) {
		p->target[d] = sim_cycles(to, st->dom[d].hz);
		pc_cache(p, st, d, &p->cache[d]);
	}
}

/* Every domain ticks at k / hz seconds.  Ticks are taken in time order;
 * domains due at the same instant first all sample each other's FLAG and
 * EVENT, then step, so their order does not matter.  Cost: one step per
 * domain cycle. */
void pc_run(struct sim *s, struct pc_priv *p, struct pc_state *st, sim_ps to)
{
	unsigned nd = p->ndomains, group[PC_MAX_DOMAINS];
	pc_run_setup(s, p, st, to);
	for (;;) {
		int best = -1;
		for (unsigned d = 0; d < nd; d++)
			if (st->dom[d].ncycles < p->target[d] &&
			    (best < 0 || cmp_tick(st->dom[d].ncycles + 1, st->dom[d].hz, st->dom[best].ncycles + 1,
						  st->dom[best].hz) < 0))
				best = (int)d;
		if (best < 0)
			break;
		unsigned ng = 0;
		uint64_t bk = st->dom[best].ncycles + 1, bh = st->dom[best].hz;
		for (unsigned d = 0; d < nd; d++)
			if (st->dom[d].ncycles < p->target[d] && !cmp_tick(st->dom[d].ncycles + 1, st->dom[d].hz, bk, bh))
				group[ng++] = d;
		for (unsigned g = 0; g < ng; g++)
			pc_sample(p, st, group[g]);
		for (unsigned g = 0; g < ng; g++)
			pc_step(s, p, st, group[g]);
	}
}
