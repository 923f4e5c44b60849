/* SPDX-License-Identifier: MIT */
/* Signals and inputs: what each signal position carries, the SRC
 * selections, the logic operations with their delayed and replaced
 * arguments ("Input selection", steps 1-8), trailer signals with their
 * synchronizers, and the flag. */
#include "sim/pcm.h"

int pc_signal(struct sim *s, const struct pc_priv *p, const struct pc_state *st, unsigned d, unsigned sig,
	      uint64_t n)
{
	const struct pc_domain_info *di = &p->dom[d];
	const struct pc_dom_state *ds = &st->dom[d];
	if (sig >= di->nsignals)
		return 0;
	unsigned a = di->warg[sig];
	switch (di->wire[sig]) {
	case PC_W_GEN: return pc_gen_value(s, st, ds, &st->gen[d][sig], n);
	case PC_W_ZERO: return 0;
	/* "In a given domain, its own FLAG and EVENT signals are connected
	 * directly to the relevant sources" */
	case PC_W_FLAG: return a == di->local ? ds->flag_sig : (ds->imp_flag >> a) & 1;
	case PC_W_EVENT: return a == di->local ? ds->event_trailer : (ds->imp_event >> a) & 1;
	case PC_W_PM_TRIGGER: return ds->pm_now;
	case PC_W_WRCACHE: return ds->wrcache_now;
	case PC_W_PERIODIC: return ds->periodic_now;
	case PC_W_USER: return (ds->user_now >> a) & 1;
	case PC_W_PAUSED: return pc_dom_mode(p, st, d) == PC_MODE_HALTED;
	}
	return 0;
}

/* The signal positions that drive domain d: those the SRC registers select
 * (SETFLAG's and CLRFLAG's own only where they have them), then SWAP's;
 * returns how many.  Uses the cached SWAP selection (pc_run_setup). */
unsigned pc_selected_signals(const struct pc_priv *p, const struct pc_state *st, unsigned d,
			     unsigned sel[PC_SELECTED_MAX])
{
	const struct pc_dom_state *ds = &st->dom[d];
	unsigned n = 0;
	for (int i = 0; i < PC_NINPUTS; i++) {
		if (i >= PC_SETFLAG && !p->own_flag_src)
			break;
		for (unsigned b = 0; b < 4; b++)
			sel[n++] = (ds->src[i] >> (8 * b)) & 0xff;
	}
	if (p->cache[d].swap_sig >= 0)
		sel[n++] = (unsigned)p->cache[d].swap_sig;
	return n;
}

/* The 4 signals a SRC register selects, as bits 0-3. */
unsigned pc_mux(struct sim *s, const struct pc_priv *p, const struct pc_state *st, unsigned d, uint32_t src,
		uint64_t n)
{
	unsigned v = 0;
	for (unsigned i = 0; i < 4; i++)
		v |= (unsigned)pc_signal(s, p, st, d, (src >> (8 * i)) & 0xff, n) << i;
	return v;
}

/* Another domain's FLAG and EVENT pass through a synchronizer clocked by
 * this domain: it sees them as of sync_delay of its own cycles ago.  All
 * domains due at one instant sample before any of them steps. */
void pc_sample(const struct pc_priv *p, struct pc_state *st, unsigned d)
{
	const struct pc_domain_info *di = &p->dom[d];
	struct pc_dom_state *ds = &st->dom[d];
	for (unsigned x = 0; x < PC_SET_DOMAINS; x++) {
		int src = p->set_dom[di->set][x];
		if (src < 0 || (unsigned)src == d)
			continue;
		ds->fhist[x] = (uint8_t)(ds->fhist[x] << 1 | st->dom[src].flag_sig);
		ds->ehist[x] = (uint8_t)(ds->ehist[x] << 1 | st->dom[src].event_out);
	}
}

/* The imported DOMx.FLAG / DOMx.EVENT values of this cycle, from the
 * synchronizers (the fast engine replays this alone, pc_fast.c). */
void pc_import_step(const struct pc_priv *p, struct pc_dom_state *ds, const struct pc_dom_cache *c)
{
	/* imported FLAG/EVENT of the other domains of the set */
	uint8_t f = 0, e = 0;
	for (unsigned k = 0; k < PC_SET_DOMAINS; k++) {
		/* bit 0 was sampled at this cycle's tick: the other domain's
		 * value one of our cycles ago */
		f |= (uint8_t)(((ds->fhist[k] >> (p->sync_delay - 1)) & 1) << k);
		e |= (uint8_t)(((ds->ehist[k] >> (p->sync_delay - 1)) & 1) << k);
	}
	/* PULSE: every 0-to-1 transition becomes a one-cycle pulse */
	uint8_t fi = f, ei = e;
	if (c->pulse_flag)
		fi = (uint8_t)(f & ~ds->sync_flag_prev);
	if (c->pulse_event)
		ei = (uint8_t)(e & ~ds->sync_event_prev);
	ds->sync_flag_prev = f;
	ds->sync_event_prev = e;
	ds->imp_flag = fi;
	ds->imp_event = ei;
}

/* Set the values every trailer signal has during this cycle. */
void pc_trailers_begin(const struct pc_priv *p, struct pc_state *st, unsigned d)
{
	struct pc_dom_state *ds = &st->dom[d];
	/* PGRAPH pulses last one cycle of each domain */
	ds->pm_now = ds->pm_pending;
	ds->wrcache_now = ds->wrcache_pending;
	ds->pm_pending = ds->wrcache_pending = 0;
	/* "On the next cycle after the signal change, the USER signals for
	 * which the pulse mode bit is set are reset to 0." */
	ds->user_now = ds->user_val;
	ds->user_val &= (uint8_t)~ds->user_pulse;
	ds->user_pulse = ds->user_written = 0;
	/* PERIODIC: a one-cycle pulse every X clocks; held in reset (and
	 * restarting from the beginning) while PERIODIC_RESET is 1 */
	const struct pc_dom_cache *c = &p->cache[d];
	if (!c->periodic_x || c->periodic_reset) {
		ds->periodic_cnt = 0;
		ds->periodic_now = 0;
	} else {
		ds->periodic_cnt++;
		ds->periodic_now = ds->periodic_cnt >= c->periodic_x;
		if (ds->periodic_now)
			ds->periodic_cnt = 0;
	}
	/* own FLAG: "if the SETFLAG input becomes 1 on cycle X, the FLAG
	 * signal will become 1 on cycle X+2" */
	ds->flag_sig = (ds->flag_hist >> (p->flag_delay - 1)) & 1;
	/* own EVENT: registered, the EVENT input of the previous cycle */
	ds->event_trailer = ds->event_out;
	pc_import_step(p, ds, c);
}

/* Steps 2-8 of "Input selection" for one input.  setflag is the SETFLAG
 * input of this cycle (step 7). */
static bool logic_op(const struct pc_dom_cache *c, enum pc_input in, unsigned cur, unsigned prev, bool setflag)
{
	unsigned b = c->opbits[in]; /* the OP register's fields, decoded (pc_cache) */
	unsigned a0 = cur & 1, a1 = cur >> 1 & 1, a2 = cur >> 2 & 1, a3 = cur >> 3 & 1;
	if (b & 1) /* 3 */
		a0 = prev & 1;
	if (b & 2) /* 4 */
		a1 = prev >> 1 & 1;
	if (b & 4) /* 5: G92+ */
		a2 = prev & 1;
	if (b & 8) /* 6: G92+ */
		a3 = prev >> 1 & 1;
	if (b & 16) /* 7: NV30+, EVENT/STOP */
		a3 = setflag;
	unsigned i = a0 | a1 << 1 | a2 << 2 | a3 << 3; /* 8 */
	return (c->func[in] >> i) & 1;
}

void pc_inputs(struct sim *s, const struct pc_priv *p, struct pc_state *st, unsigned d, uint64_t n,
	       uint8_t mux[PC_NINPUTS], bool in[PC_NINPUTS])
{
	struct pc_dom_state *ds = &st->dom[d];
	/* step 1: the signals the SRC registers select */
	for (int i = PC_PRE; i <= PC_STOP; i++)
		mux[i] = (uint8_t)pc_mux(s, p, st, d, ds->src[i], n);
	for (int k = 0; k < 2; k++) {
		if (p->own_flag_src) {
			mux[PC_SETFLAG + k] = (uint8_t)pc_mux(s, p, st, d, ds->src[PC_SETFLAG + k], n);
		} else {
			/* NV30+: SETFLAG is START_SRC[2], START_SRC[3], PRE_SRC[0],
			 * PRE_SRC[1]; CLRFLAG PRE_SRC[2..3], START_SRC[0..1] */
			unsigned v = 0;
			for (int a = 0; a < 4; a++)
				v |= (unsigned)((mux[p->flag_args[k][a][0]] >> p->flag_args[k][a][1]) & 1) << a;
			mux[PC_SETFLAG + k] = (uint8_t)v;
		}
	}
	/* SETFLAG first: EVENT and STOP may take it as argument 3 */
	in[PC_SETFLAG] = logic_op(&p->cache[d], PC_SETFLAG, mux[PC_SETFLAG], ds->prev_mux[PC_SETFLAG], false);
	in[PC_CLRFLAG] = logic_op(&p->cache[d], PC_CLRFLAG, mux[PC_CLRFLAG], ds->prev_mux[PC_CLRFLAG], false);
	for (int i = PC_PRE; i <= PC_STOP; i++)
		in[i] = logic_op(&p->cache[d], (enum pc_input)i, mux[i], ds->prev_mux[i], in[PC_SETFLAG]);
}

/* "if CLRFLAG is 1, the FLAG is set to 0; if SETFLAG is 1 and CLRFLAG is
 * 0, the FLAG is set to 1; if both are 0, the FLAG is unchanged" */
void pc_flag_update(struct pc_dom_state *ds, bool set, bool clr)
{
	if (clr)
		ds->flag = 0;
	else if (set)
		ds->flag = 1;
}

/* PGRAPH fired PM_TRIGGER (its DEBUG_1 register, pgraph.c): a pulse on
 * every domain's next cycle.  Caller holds the lock. */
void pc_pm_trigger(struct sim *s)
{
	struct pc_state *st = sim_model_state(s, SIM_MODEL_PCOUNTER, NULL);
	for (unsigned d = 0; st && d < st->ndomains; d++)
		st->dom[d].pm_pending = 1;
}
