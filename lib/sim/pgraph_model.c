/* SPDX-License-Identifier: MIT */
/* PGRAPH, as far as PCOUNTER sees it: DEBUG_1, whose PM_TRIGGER bit fires
 * the PGRAPH.PM_TRIGGER pulse into every PCOUNTER domain (regdb
 * pgraph.regdb).  Writing the bit fires on every write, as nvatiming and
 * nvacounter need (they write DEBUG_1 | PM_TRIGGER twice in a row); the
 * bit reads 0.  DEBUG_1's other bits are kept where regdb says they read
 * back (regdb's readback=) and do nothing else here. */
#include "sim/pcm.h"

#include <stdlib.h>

struct pgraph_state {
	uint32_t debug_1;
	uint32_t pad;
};

struct pgraph_priv {
	uint32_t debug_1;                 /* its address */
	uint32_t rw_bits;
	const struct hwpc_field *trigger; /* DEBUG_1.PM_TRIGGER */
};

static size_t pgraph_size(struct sim *s, const struct sim_opts *opts)
{
	return sizeof(struct pgraph_state);
}

static int pgraph_init(struct sim *s, void *state, const struct sim_opts *opts, struct hwpc_err *err)
{
	struct pgraph_state *st = state;
	st->debug_1 = 0;
	return 0;
}

static int pgraph_attach(struct sim *s, void *state, void **privp, struct hwpc_err *err)
{
	struct pgraph_priv *pp = calloc(1, sizeof *pp);
	bool ok;
	if (!pp)
		return hwpc_err_set(err, HWPC_EOP, "out of memory");
	*privp = pp;
	pp->debug_1 = sim_reg_addr(s, "PGRAPH.DEBUG_1", &ok);
	const struct hwpc_reg *r = hwpc_reg_find(s->dev.db, s->dev.chip, "PGRAPH.DEBUG_1", NULL);
	pp->trigger = r ? hwpc_field_find(r, s->dev.chip, "PM_TRIGGER") : NULL;
	if (!ok || !pp->trigger)
		return hwpc_err_set(err, HWPC_EOP, "regdb has no PGRAPH.DEBUG_1.PM_TRIGGER for %s", s->dev.chip->name);
	pp->rw_bits = hwpc_reg_read_bits(r, s->dev.chip, HWPC_READ_WRITTEN);
	return 0;
}

static int pgraph_rd32(struct sim *s, void *state, void *privp, uint32_t addr, uint32_t *val)
{
	struct pgraph_state *st = state;
	struct pgraph_priv *pp = privp;
	if (addr != pp->debug_1)
		return 1;
	*val = st->debug_1 & pp->rw_bits;
	return 0;
}

static int pgraph_wr32(struct sim *s, void *state, void *privp, uint32_t addr, uint32_t val)
{
	struct pgraph_state *st = state;
	struct pgraph_priv *pp = privp;
	if (addr != pp->debug_1)
		return 1;
	st->debug_1 = val & pp->rw_bits;
	if (hwpc_field_get(pp->trigger, val))
		pc_pm_trigger(s);
	return 0;
}

static void pgraph_show(struct sim *s, void *state, void *privp, struct hwpc_out *o)
{
	struct pgraph_priv *pp = privp;
	hwpc_out_hex32(o, "pgraph_debug_1", ((struct pgraph_state *)state)->debug_1 & pp->rw_bits);
}

static const char *const pgraph_spaces[] = { "PGRAPH", NULL };

static bool pgraph_present(struct sim *s)
{
	return sim_space(s, "PGRAPH") != NULL;
}

const struct sim_model sim_model_pgraph = {
	.name = "pgraph",
	.id = SIM_MODEL_PGRAPH,
	.version = 1,
	.spaces = pgraph_spaces,
	.present = pgraph_present,
	.state_size = pgraph_size,
	.init = pgraph_init,
	.attach = pgraph_attach,
	.detach = sim_priv_free,
	.rd32 = pgraph_rd32,
	.wr32 = pgraph_wr32,
	.show = pgraph_show,
};
