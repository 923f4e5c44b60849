/* SPDX-License-Identifier: MIT */
/* PMC and PSTRAPS: the identity of the simulated chip, its unit enables and
 * interrupt summary (of the units' interrupt lines, the models' intr
 * hooks), and the crystal strap PTIMER's internal clock uses. */
#include "sim/sim.h"

#include <stdlib.h>
#include <string.h>

struct pmc_state {
	uint32_t enable;
};

struct pmc_priv {
	uint32_t boot0, intr, enable, straps;
	bool has_straps;
	uint32_t straps_value;
	const struct hwpc_reg *intr_reg;
};

static size_t pmc_size(struct sim *s, const struct sim_opts *opts)
{
	return sizeof(struct pmc_state);
}

static const struct hwpc_reg *reg(struct sim *s, const char *name)
{
	return hwpc_reg_find(s->dev.db, s->dev.chip, name, NULL);
}

static int pmc_init(struct sim *s, void *state, const struct sim_opts *opts, struct hwpc_err *err)
{
	struct pmc_state *st = state;
	const struct hwpc_reg *r = reg(s, "PMC.ENABLE");
	/* Power-on as a driver leaves it: every unit hwpc knows enabled. */
	st->enable = 0;
	for (unsigned i = 0; r && i < r->nfields; i++)
		if (hwpc_gens_has(&r->fields[i].gens, s->dev.chip))
			st->enable |= hwpc_field_mask(&r->fields[i]);
	return 0;
}

static int pmc_attach(struct sim *s, void *state, void **privp, struct hwpc_err *err)
{
	struct pmc_priv *pp = calloc(1, sizeof *pp);
	bool ok;
	if (!pp)
		return hwpc_err_set(err, HWPC_EOP, "out of memory");
	pp->boot0 = sim_reg_addr(s, "PMC.BOOT_0", &ok);
	pp->intr = sim_reg_addr(s, "PMC.INTR", &ok);
	pp->enable = sim_reg_addr(s, "PMC.ENABLE", &ok);
	pp->intr_reg = reg(s, "PMC.INTR");
	pp->straps = sim_reg_addr(s, "PSTRAPS.STRAPS0_PRIMARY", &pp->has_straps);
	if (pp->has_straps) {
		const struct hwpc_reg *r = reg(s, "PSTRAPS.STRAPS0_PRIMARY");
		const struct hwpc_field *f = hwpc_field_find(r, s->dev.chip, "CRYSTAL");
		uint64_t hz = s->clock_hz[HWPC_CLOCK_CRYSTAL];
		for (unsigned i = 0; f && i < f->nenums; i++) {
			int64_t v;
			if (hwpc_gens_has(&f->enums[i].gens, s->dev.chip) &&
			    hwpc_enum_attr_num(&f->enums[i], "hz", &v) && (uint64_t)v == hz)
				hwpc_field_put(f, &pp->straps_value, f->enums[i].value);
		}
	}
	*privp = pp;
	return 0;
}


static int pmc_rd32(struct sim *s, void *state, void *privp, uint32_t addr, uint32_t *val)
{
	struct pmc_state *st = state;
	struct pmc_priv *p = privp;
	if (addr == p->boot0) {
		*val = s->dev.boot0;
	} else if (addr == p->intr) {
		*val = p->intr_reg ? sim_models_intr(s, p->intr_reg) : 0;
	} else if (addr == p->enable) {
		*val = st->enable;
	} else if (p->has_straps && addr == p->straps) {
		*val = p->straps_value;
	} else {
		return 1;
	}
	return 0;
}

static int pmc_wr32(struct sim *s, void *state, void *privp, uint32_t addr, uint32_t val)
{
	struct pmc_state *st = state;
	struct pmc_priv *p = privp;
	if (addr == p->enable) {
		const struct hwpc_reg *r = reg(s, "PMC.ENABLE");
		uint32_t mask = 0;
		for (unsigned i = 0; i < r->nfields; i++)
			if (hwpc_gens_has(&r->fields[i].gens, s->dev.chip))
				mask |= hwpc_field_mask(&r->fields[i]);
		st->enable = val & mask;
		return 0;
	}
	return 1; /* BOOT_0 and INTR are read-only; straps overrides are not modelled */
}

static void pmc_show(struct sim *s, void *state, void *privp, struct hwpc_out *o)
{
	struct pmc_state *st = state;
	hwpc_out_hex32(o, "pmc_enable", st->enable);
	if (((struct pmc_priv *)privp)->has_straps)
		hwpc_out_hex32(o, "pstraps_straps0", ((struct pmc_priv *)privp)->straps_value);
}

bool sim_pmc_unit_enabled(struct sim *s, const char *unit)
{
	struct pmc_state *st = sim_model_state(s, SIM_MODEL_PMC, NULL);
	const struct hwpc_reg *r = reg(s, "PMC.ENABLE");
	const struct hwpc_field *f = r ? hwpc_field_find(r, s->dev.chip, unit) : NULL;
	return !st || !f || hwpc_field_get(f, st->enable);
}

static const char *const pmc_spaces[] = { "PMC", "PSTRAPS", NULL };

/* NVIDIA chips only: other simulated hardware has no PMC. */
static bool pmc_present(struct sim *s)
{
	return sim_space(s, "PMC") != NULL;
}

const struct sim_model sim_model_pmc = {
	.name = "pmc",
	.id = SIM_MODEL_PMC,
	.version = 1,
	.spaces = pmc_spaces,
	.present = pmc_present,
	.state_size = pmc_size,
	.init = pmc_init,
	.attach = pmc_attach,
	.detach = sim_priv_free,
	.rd32 = pmc_rd32,
	.wr32 = pmc_wr32,
	.show = pmc_show,
};
