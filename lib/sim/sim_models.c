/* SPDX-License-Identifier: MIT */
/* A simulator's models, as the core and the models reach them: by id, by
 * address, attaching them when first needed, and their hooks called in
 * turn (time, bus faults, interrupts).  Everything goes through the hooks
 * of struct sim_model: nothing here names a model, so the models can use
 * it without reaching back into the core (the table of every model is
 * sim_model_table.c). */
#include "core/err_local.h"
#include "sim/sim.h"

#include <stdlib.h>

void *sim_model_priv(struct sim *s, unsigned i)
{
	if (!s->attached[i]) {
		const struct sim_model *m = s->models[i];
		s->attached[i] = true;
		if (m->attach && m->attach(s, s->state[i], &s->priv[i], &s->attach_err)) {
			const char *dir = getenv("HWPC_REGDB");
			if (dir && *dir)
				hwpc_err_prefix(&s->attach_err, "HWPC_REGDB=%s does not describe the %s simulator state %s "
						"was made with (%s model)", dir, s->dev.chip->name, s->path, m->name);
			else
				hwpc_err_prefix(&s->attach_err, "simulator state %s, %s model", s->path, m->name);
			if (m->detach && s->priv[i]) /* what the attach allocated before it failed */
				m->detach(s->priv[i]);
			s->priv[i] = NULL;
			s->attach_failed[i] = true;
		}
	}
	return s->priv[i];
}

void *sim_model_state(struct sim *s, uint32_t id, void **priv)
{
	for (unsigned i = 0; i < s->nmodels; i++)
		if (s->models[i]->id == id) {
			void *p = sim_model_priv(s, i);
			if (s->attach_failed[i])
				return NULL; /* its attach failed: treat it as absent */
			if (priv)
				*priv = p;
			return s->state[i];
		}
	return NULL;
}

sim_ps sim_models_time(struct sim *s, enum sim_time_hook which)
{
	bool least = which == SIM_HOOK_MAX_STEP;
	sim_ps r = least ? SIM_END_PS : 0;
	for (unsigned i = 0; i < s->nmodels; i++) {
		const struct sim_model *m = s->models[i];
		sim_ps (*hook)(struct sim *, void *, void *) = least ? m->max_step : m->pending;
		if (!hook)
			continue;
		void *p = sim_model_priv(s, i);
		if (s->attach_failed[i])
			continue;
		sim_ps v = hook(s, s->state[i], p);
		if (least ? v && v < r : v > r)
			r = v;
	}
	return r;
}

uint32_t sim_reg_addr(struct sim *s, const char *name, bool *ok)
{
	struct hwpc_regref ref;
	*ok = hwpc_regref_parse(s->dev.db, s->dev.chip, name, &ref, NULL) == 0;
	return *ok ? ref.addr : 0;
}

int sim_find_range(const struct sim *s, uint32_t addr)
{
	for (unsigned i = 0; i < s->nranges; i++)
		if (addr >= s->ranges[i].lo && addr < s->ranges[i].hi)
			return (int)s->ranges[i].model;
	return -1;
}

void sim_bus_fault(struct sim *s, uint32_t addr, bool write, uint32_t val)
{
	for (unsigned i = 0; i < s->nmodels; i++)
		if (s->models[i]->bus_fault) {
			void *p = sim_model_priv(s, i);
			if (!s->attach_failed[i])
				s->models[i]->bus_fault(s, s->state[i], p, addr, write, val);
		}
}

uint32_t sim_models_intr(struct sim *s, const struct hwpc_reg *intr)
{
	uint32_t v = 0;
	for (unsigned i = 0; i < s->nmodels; i++) {
		const struct sim_model *m = s->models[i];
		const struct hwpc_field *f = m->intr ? hwpc_field_find(intr, s->dev.chip, m->intr_field) : NULL;
		if (!f)
			continue; /* the chip's PMC.INTR has no bit for the unit */
		void *p = sim_model_priv(s, i);
		if (!s->attach_failed[i] && m->intr(s, s->state[i], p))
			hwpc_field_put(f, &v, 1);
	}
	return v;
}
