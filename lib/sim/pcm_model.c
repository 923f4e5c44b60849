/* SPDX-License-Identifier: MIT */
/* The PCOUNTER model as the simulator sees it (struct sim_model):
 * create-time options, attach-time checks, advancing with the engine the
 * state chose (the reference one, pcm_step.c, or the fast one,
 * pcm_fast.c), the time hooks, show. */
#include "sim/pcm.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define PC_MAGIC "HWPCPC1"
#define PC_DEFAULT_RECLAT 4

static bool pc_present(struct sim *s)
{
	return hwpc_param_find(s->dev.db, s->dev.chip, "PCOUNTER.CLASS") != NULL;
}

static size_t pc_size(struct sim *s, const struct sim_opts *opts)
{
	return sizeof(struct pc_state);
}

/* SPEC_SRC's power-on SWAP selection (PCOUNTER.SWAP_POWER_ON, a model
 * choice): the domain's own signal of that name, so drivers that only fire
 * PM_TRIGGER swap on G84:GF100 as they do on NV40:G84. */
static void swap_power_on(struct sim *s, struct pc_state *st, const struct pc_priv *p)
{
	/* regdb-names: PCOUNTER.SWAP_POWER_ON PCOUNTER.SPEC_SRC G84:GF100 */
	const char *name = hwpc_param_str(s->dev.db, s->dev.chip, "PCOUNTER.SWAP_POWER_ON", NULL);
	const struct hwpc_reg *r = hwpc_reg_find(s->dev.db, s->dev.chip, "PCOUNTER.SPEC_SRC", NULL);
	const struct hwpc_field *f = r ? hwpc_field_find(r, s->dev.chip, "SWAP") : NULL;
	if (!name || !f)
		return;
	for (unsigned d = 0; d < p->ndomains; d++) {
		int sig = pc_signal_by_name(s, p, d, name);
		if (sig >= 0)
			hwpc_field_put(f, &st->dom[d].swap_src, (uint64_t)sig);
	}
}

static int pc_init(struct sim *s, void *state, const struct sim_opts *opts, struct hwpc_err *err)
{
	struct pc_state *st = state;
	struct pc_priv *p = calloc(1, sizeof *p);
	int rc = 0;
	if (!p)
		return hwpc_err_set(err, HWPC_EOP, "out of memory");
	memset(st, 0, sizeof *st);
	memcpy(st->magic, PC_MAGIC, sizeof PC_MAGIC);
	if (opts->has_profile)
		snprintf(st->profile, sizeof st->profile, "%s", opts->profile);
	else if ((rc = pc_profile_default(s, st->profile, sizeof st->profile, err)))
		goto out;
	p->chip = s->dev.chip;
	if ((rc = pc_profile_load(s, st->profile, p, err)))
		goto out;
	st->ndomains = p->ndomains;
	for (unsigned d = 0; d < p->ndomains; d++) {
		bool own = d < SIM_OPT_PC_DOMAINS && opts->has_pchz_dom[d];
		st->dom[d].hz = own ? opts->pchz_dom[d] : opts->has_pchz ? opts->pchz : p->dom[d].default_hz;
	}
	for (unsigned d = p->ndomains; d < SIM_OPT_PC_DOMAINS; d++)
		if (opts->has_pchz_dom[d]) {
			rc = hwpc_err_set(err, HWPC_EINPUT, "sim option pchz%u: profile %s has only %u domains", d,
					  st->profile, p->ndomains);
			goto out;
		}
	st->reclat = opts->has_reclat ? (uint32_t)opts->reclat : PC_DEFAULT_RECLAT;
	st->engine = opts->reference_engine ? PC_ENGINE_REFERENCE : PC_ENGINE_FAST;
	pc_init_generators(s, st, p);
	swap_power_on(s, st, p);
out:
	free(p);
	return rc;
}

/* Domain-cycles one step may cost: about 10 s of CPU for the reference
 * model (0.4-0.7 us per domain-cycle, bench/RESULTS.md). */
#define PC_MAX_STEP_CYCLES 20000000ULL
#define PC_FAST_MAX_AHEAD_PS ((sim_ps)86400 * SIM_PS_PER_S)

static int corrupt(const char *why, struct hwpc_err *err)
{
	return hwpc_err_set(err, HWPC_EOP, "PCOUNTER state is corrupt (%s)", why);
}

/* Everything later code indexes with must be in range: a damaged file is an
 * error, never a crash. */
static int check_domains(struct pc_state *st, unsigned ndomains, struct hwpc_err *err);

/* What can be checked from the state alone, at open (the attach, which
 * builds the register decode, waits until PCOUNTER is used). */
static int pc_validate(struct sim *s, void *state, struct hwpc_err *err)
{
	struct pc_state *st = state;
	if (memcmp(st->magic, PC_MAGIC, sizeof PC_MAGIC) || !memchr(st->profile, 0, sizeof st->profile))
		return corrupt("bad magic", err);
	if (st->ndomains > PC_MAX_DOMAINS)
		return corrupt("domain count differs from the profile", err);
	if (st->engine > PC_ENGINE_REFERENCE)
		return corrupt("unknown engine", err);
	if (check_domains(st, st->ndomains, err))
		return err->status;
	/* Each domain has run to the simulated time, and at most one step
	 * beyond it (an advance killed half way): catching up from anywhere
	 * else would run without bound. */
	for (unsigned d = 0; d < st->ndomains; d++) {
		uint64_t due = sim_cycles(s->hdr->now_ps, st->dom[d].hz);
		/* the fast engine's step is as long as the skipped time: it
		 * may have left a domain up to a day ahead */
		uint64_t ahead = st->engine == PC_ENGINE_FAST ? sim_cycles(PC_FAST_MAX_AHEAD_PS, st->dom[d].hz)
							       : PC_MAX_STEP_CYCLES;
		if (st->dom[d].ncycles < due || st->dom[d].ncycles - due > ahead)
			return corrupt("domain cycle count differs from the simulated time", err);
	}
	return 0;
}

static int check_state(const struct pc_priv *p, struct pc_state *st, struct hwpc_err *err)
{
	if (st->ndomains != p->ndomains)
		return corrupt("domain count differs from the profile", err);
	return check_domains(st, p->ndomains, err);
}

static int check_domains(struct pc_state *st, unsigned ndomains, struct hwpc_err *err)
{
	if (st->reclat == 0 || st->reclat > 1000000 || st->trace_used > PC_TRACE_BYTES * 8)
		return corrupt("bad record latency or trace pool", err);
	for (unsigned d = 0; d < ndomains; d++) {
		const struct pc_dom_state *ds = &st->dom[d];
		if (!ds->hz || ds->hz > SIM_MAX_HZ || ds->single_state > PC_COUNTING || ds->quad_state > PC_OVERFLOW)
			return corrupt("bad domain clock or state", err);
		for (unsigned g = 0; g < PC_MAX_SIGNALS; g++)
			if (st->gen[d][g].kind > PC_GEN_TRACE || st->gen[d][g].bit > 63)
				return corrupt("bad signal generator", err);
	}
	return 0;
}

/* The profile, its domains' clocks, the packet latency and the engine:
 * fixed at create (pchz=, reclat=, engine=). */
static uint32_t pc_settings_crc(const void *state)
{
	const struct pc_state *st = state;
	uint32_t c = sim_crc32(0, st->magic, sizeof st->magic);
	c = sim_crc32(c, st->profile, sizeof st->profile);
	c = sim_crc32(c, &st->ndomains, sizeof st->ndomains);
	c = sim_crc32(c, &st->reclat, sizeof st->reclat);
	c = sim_crc32(c, &st->engine, sizeof st->engine);
	for (unsigned d = 0; d < PC_MAX_DOMAINS; d++)
		c = sim_crc32(c, &st->dom[d].hz, sizeof st->dom[d].hz);
	return c;
}

static int pc_attach(struct sim *s, void *state, void **privp, struct hwpc_err *err)
{
	struct pc_state *st = state;
	struct pc_priv *p = calloc(1, sizeof *p);
	if (!p)
		return hwpc_err_set(err, HWPC_EOP, "out of memory");
	*privp = p;
	p->chip = s->dev.chip;
	if (memcmp(st->magic, PC_MAGIC, sizeof PC_MAGIC) || !memchr(st->profile, 0, sizeof st->profile))
		return corrupt("bad magic", err);
	if (pc_profile_load(s, st->profile, p, err) || pc_regs_attach(s, p, err))
		return err->status;
	return check_state(p, st, err);
}

static void pc_detach(void *priv)
{
	struct pc_priv *p = priv;
	if (p)
		free(p->decode);
	free(p);
}

static void pc_advance(struct sim *s, void *state, void *priv, sim_ps from, sim_ps to)
{
	struct pc_state *st = state;
	if (st->engine == PC_ENGINE_REFERENCE)
		pc_run(s, priv, state, to);
	else
		pc_fast_run(s, priv, state, to);
}


static sim_ps pc_max_step(struct sim *s, void *state, void *priv)
{
	struct pc_state *st = state;
	uint64_t hz = 0;
	if (st->engine == PC_ENGINE_FAST) {
		/* only the domains it steps one cycle at a time cost time */
		if (!(hz = pc_fast_stepped_hz(s, priv, st)))
			return 0;
		if (hz > UINT64_MAX / 2)
			hz = UINT64_MAX / 2;
	} else {
		for (unsigned d = 0; d < st->ndomains; d++)
			hz += st->dom[d].hz;
	}
	return hz ? (sim_ps)PC_MAX_STEP_CYCLES * SIM_PS_PER_S / hz : 0;
}

/* Writes take effect on a domain's next cycle ("written this cycle" in
 * the document's pseudocode): PRE_OP and the other configuration writes,
 * PM_TRIGGER and WRCACHE_FLUSH pulses, USER_TRIGGER.  The instant the
 * last of the domains with such an effect pending runs that cycle. */
static sim_ps pc_pending(struct sim *s, void *state, void *priv)
{
	struct pc_state *st = state;
	struct pc_priv *p = priv;
	sim_ps t = 0;
	if (!sim_pmc_unit_enabled(s, "PCOUNTER"))
		return 0; /* nothing lands on a unit that is off */
	for (unsigned d = 0; d < p->ndomains; d++) {
		const struct pc_dom_state *ds = &st->dom[d];
		if (ds->cfg_written || ds->preop_written || ds->preop_swap || ds->pm_pending || ds->wrcache_pending ||
		    ds->user_written) {
			sim_ps at = sim_cycle_ps(ds->ncycles + 1, ds->hz);
			if (at > t)
				t = at;
		}
	}
	return t;
}

/* Record packets are the memory an advance writes: a domain in record
 * mode sends at most one every reclat cycles (its outgoing packet keeps it
 * busy that long), plus one at once.  The longest step whose packets
 * surely fit the memory log's room. */
static sim_ps pc_logged_step(struct sim *s, void *state, void *priv, uint64_t room)
{
	struct pc_state *st = state;
	struct pc_priv *p = priv;
	unsigned n = 0;
	for (unsigned d = 0; d < p->ndomains; d++)
		n += pc_dom_mode(p, st, d) == PC_MODE_RECORD && !st->dom[d].rec_wedged;
	if (!n)
		return SIM_END_PS;
	uint64_t per = 16 + ((p->rec_long + 7) & ~7u), packets = room / per;
	if (packets < 2 * n)
		return 0;
	/* each domain's share, less its packet at once; a window of L ps
	 * holds at most ceil(L * hz / 1e12) of its cycles */
	uint64_t cycles = (packets / n - 1) * st->reclat;
	sim_ps step = SIM_END_PS;
	for (unsigned d = 0; d < p->ndomains; d++)
		if (pc_dom_mode(p, st, d) == PC_MODE_RECORD && !st->dom[d].rec_wedged) {
			sim_ps t = (sim_ps)(cycles - 1) * SIM_PS_PER_S / st->dom[d].hz;
			if (t < step)
				step = t;
		}
	return step ? step : 0;
}

static void pc_show(struct sim *s, void *state, void *priv, struct hwpc_out *o)
{
	struct pc_state *st = state;
	hwpc_out_str(o, "pcounter_profile", st->profile);
	hwpc_out_u64(o, "pcounter_domains", st->ndomains);
	hwpc_out_str(o, "pcounter_engine", st->engine == PC_ENGINE_REFERENCE ? "reference" : "fast");
}

/* regdb-names: PCOUNTER.HUB PCOUNTER.GPC PCOUNTER.PART GF100- */
/* regdb-names: PCOUNTER.HUB_DSET PCOUNTER.GPC_DSET PCOUNTER.PART_DSET GF100- */
static const char *const pc_spaces[] = { "PCOUNTER",	  "PCOUNTER.HUB",      "PCOUNTER.GPC",	    "PCOUNTER.PART",
					 "PCOUNTER.HUB_DSET", "PCOUNTER.GPC_DSET", "PCOUNTER.PART_DSET", NULL };

const struct sim_model sim_model_pcounter = {
	.name = "pcounter",
	.id = SIM_MODEL_PCOUNTER,
	.version = 1,
	.hot_bytes = offsetof(struct pc_state, gen), /* generators and traces change only between advances */
	.logged_step = pc_logged_step,
	.pending = pc_pending,
	.spaces = pc_spaces,
	.present = pc_present,
	.state_size = pc_size,
	.lazy_attach = true,
	.validate = pc_validate,
	.settings_crc = pc_settings_crc,
	.init = pc_init,
	.attach = pc_attach,
	.detach = pc_detach,
	.max_step = pc_max_step,
	.advance = pc_advance,
	.rd32 = pc_rd32,
	.wr32 = pc_wr32,
	.show = pc_show,
};
