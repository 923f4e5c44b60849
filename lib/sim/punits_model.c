/* SPDX-License-Identifier: MIT */
/* PUNITS (GF100+): the GPC and partition counts drivers read before they
 * program the per-GPC and per-partition PCOUNTER domain sets (regdb
 * punits.regdb).  The counts are the domain sets of the simulated PCOUNTER
 * profile, so a driver finds exactly the domains the simulator has; no unit
 * is fused off (HW masks read 0); the SW masks are stored and disable
 * nothing in the simulator. */
#include "sim/pcm.h"

#include <stdlib.h>

struct punits_state {
	uint32_t sw_gpc_disable, sw_part_disable;
};

struct punits_priv {
	uint32_t gpc_count, part_count, hw_gpc, hw_part, sw_gpc, sw_part;
	bool has_masks;
};

static size_t punits_size(struct sim *s, const struct sim_opts *opts)
{
	return sizeof(struct punits_state);
}

static int punits_init(struct sim *s, void *state, const struct sim_opts *opts, struct hwpc_err *err)
{
	struct punits_state *st = state;
	st->sw_gpc_disable = st->sw_part_disable = 0;
	return 0;
}

static int punits_attach(struct sim *s, void *state, void **privp, struct hwpc_err *err)
{
	struct punits_priv *pp = calloc(1, sizeof *pp);
	bool ok1, ok2, m1, m2, m3, m4;
	if (!pp)
		return hwpc_err_set(err, HWPC_EOP, "out of memory");
	*privp = pp;
	pp->gpc_count = sim_reg_addr(s, "PUNITS.DESIGN_GPC_COUNT", &ok1);
	pp->part_count = sim_reg_addr(s, "PUNITS.DESIGN_PART_COUNT", &ok2);
	if (!ok1 || !ok2)
		return hwpc_err_set(err, HWPC_EOP, "regdb has no PUNITS unit counts for %s", s->dev.chip->name);
	/* regdb-names: PUNITS.HW_GPC_DISABLE_MASK PUNITS.HW_PART_DISABLE_MASK GF100:GM107 */
	/* regdb-names: PUNITS.SW_GPC_DISABLE_MASK PUNITS.SW_PART_DISABLE_MASK GF100:GM107 */
	pp->hw_gpc = sim_reg_addr(s, "PUNITS.HW_GPC_DISABLE_MASK", &m1);
	pp->hw_part = sim_reg_addr(s, "PUNITS.HW_PART_DISABLE_MASK", &m2);
	pp->sw_gpc = sim_reg_addr(s, "PUNITS.SW_GPC_DISABLE_MASK", &m3);
	pp->sw_part = sim_reg_addr(s, "PUNITS.SW_PART_DISABLE_MASK", &m4);
	pp->has_masks = m1 && m2 && m3 && m4;
	return 0;
}

static int punits_rd32(struct sim *s, void *state, void *privp, uint32_t addr, uint32_t *val)
{
	struct punits_state *st = state;
	struct punits_priv *pp = privp;
	if (addr == pp->gpc_count)
		*val = pc_set_instances(s, "gpc");
	else if (addr == pp->part_count)
		*val = pc_set_instances(s, "part");
	else if (pp->has_masks && (addr == pp->hw_gpc || addr == pp->hw_part))
		*val = 0;
	else if (pp->has_masks && addr == pp->sw_gpc)
		*val = st->sw_gpc_disable;
	else if (pp->has_masks && addr == pp->sw_part)
		*val = st->sw_part_disable;
	else
		return 1;
	return 0;
}

static int punits_wr32(struct sim *s, void *state, void *privp, uint32_t addr, uint32_t val)
{
	struct punits_state *st = state;
	struct punits_priv *pp = privp;
	if (pp->has_masks && addr == pp->sw_gpc)
		st->sw_gpc_disable = val;
	else if (pp->has_masks && addr == pp->sw_part)
		st->sw_part_disable = val;
	else
		return 1; /* the counts and HW masks are read-only */
	return 0;
}

static void punits_show(struct sim *s, void *state, void *privp, struct hwpc_out *o)
{
	hwpc_out_u64(o, "punits_gpcs", pc_set_instances(s, "gpc"));
	hwpc_out_u64(o, "punits_parts", pc_set_instances(s, "part"));
}

static const char *const punits_spaces[] = { "PUNITS", NULL };

static bool punits_present(struct sim *s)
{
	return sim_space(s, "PUNITS") != NULL;
}

const struct sim_model sim_model_punits = {
	.name = "punits",
	.id = SIM_MODEL_PUNITS,
	.version = 1,
	.spaces = punits_spaces,
	.present = punits_present,
	.state_size = punits_size,
	.init = punits_init,
	.attach = punits_attach,
	.detach = sim_priv_free,
	.rd32 = punits_rd32,
	.wr32 = punits_wr32,
	.show = punits_show,
};
