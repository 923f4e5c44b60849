/* SPDX-License-Identifier: MIT */
/* MMIO on the simulated chip: bring time up to date, then let the model
 * whose regdb spaces hold the address answer. */
#include "core/err_local.h"
#include "sim/sim.h"

#include <stdio.h>
#include <string.h>

/* An access no model answered: models that record bus faults do (NV41+
 * PTIMER's MMIO_FAULT_*), and -v says so. */
static void note(struct sim *s, const char *what, uint32_t addr, bool write, uint32_t val)
{
	if (sim_find_range(s, addr) < 0)
		sim_bus_fault(s, addr, write, val);
	if (s->verbose)
		fprintf(stderr, "hwpc-sim: %s 0x%06x (0x%08x): no such register on %s, ignored\n", what,
			addr, val, s->dev.chip->name);
}

/* Lock, bring time up to date and find the model answering off (-1: none).
 * Fails if the state went stale or the model could not attach; then the
 * lock is already released. */
static int access_begin(struct sim *s, uint32_t off, int *m, void **mp)
{
	if (sim_lock_fresh(s, &s->dev.err))
		return s->dev.err.status;
	sim_sync(s);
	*m = sim_find_range(s, off);
	*mp = *m < 0 ? NULL : sim_model_priv(s, (unsigned)*m);
	if (*m >= 0 && s->attach_failed[*m]) {
		sim_unlock(s);
		return hwpc_err_set(&s->dev.err, s->attach_err.status, "%s", s->attach_err.msg);
	}
	return 0;
}

/* On a card a read reaches the chip after every write posted before it,
 * and hundreds of nanoseconds after it was issued: what the writes
 * scheduled for the domains' next cycles (a PM_TRIGGER swap, a PRE_OP
 * start) has happened.  So before a read, time moves on to where every
 * such effect has happened: at most a cycle of the slowest domain they
 * touch, and nothing when none is pending (pcsim(1), "Time"). */
static void land_writes(struct sim *s)
{
	sim_run_to(s, sim_models_time(s, SIM_HOOK_PENDING));
}

int sim_mmio_rd32(struct sim *s, uint32_t off, uint32_t *val)
{
	int m;
	void *mp;
	if (access_begin(s, off, &m, &mp))
		return s->dev.err.status;
	land_writes(s);
	int rc = m < 0 || !s->models[m]->rd32 ? 1 : s->models[m]->rd32(s, s->state[m], mp, off, val);
	if (rc > 0)
		note(s, "read of", off, false, 0);
	if (rc)
		*val = 0;
	sim_unlock(s);
	return rc < 0 ? (s->dev.err.status ? s->dev.err.status : HWPC_EINPUT) : 0;
}

int sim_mmio_wr32(struct sim *s, uint32_t off, uint32_t val)
{
	int m;
	void *mp;
	if (access_begin(s, off, &m, &mp))
		return s->dev.err.status;
	int rc = m < 0 || !s->models[m]->wr32 ? 1 : s->models[m]->wr32(s, s->state[m], mp, off, val);
	if (rc > 0)
		note(s, "write to", off, true, val);
	sim_unlock(s);
	/* A refused write (rc < 0) fails with the model's message. */
	return rc < 0 ? (s->dev.err.status ? s->dev.err.status : HWPC_EINPUT) : 0;
}

/* The models' memories, in model order: bulk reads of simulated memory
 * (Tensix L1, record buffers) under the lock, as MMIO is. */
uint8_t *sim_memory(struct sim *s, unsigned index, struct hwpc_sim_mem *out)
{
	for (unsigned i = 0; i < s->nmodels; i++) {
		const struct sim_model *m = s->models[i];
		for (unsigned k = 0; m->memory; k++) {
			void *mp = sim_model_priv(s, i);
			if (s->attach_failed[i])
				break;
			uint8_t *p = m->memory(s, s->state[i], mp, k, &out->base, &out->size, &out->name);
			if (!p)
				break;
			if (index-- == 0)
				return p;
		}
	}
	return NULL;
}

int sim_mem_copy(struct sim *s, uint64_t addr, void *buf, size_t len, struct hwpc_err *err)
{
	struct hwpc_sim_mem m;
	sim_lock(s);
	sim_sync(s);
	for (unsigned i = 0;; i++) {
		const uint8_t *p = sim_memory(s, i, &m);
		if (!p)
			break;
		if (addr >= m.base && addr - m.base <= m.size && len <= m.size - (addr - m.base)) {
			memcpy(buf, p + (addr - m.base), len);
			sim_unlock(s);
			return 0;
		}
	}
	sim_unlock(s);
	return hwpc_err_set(err, HWPC_EINPUT,
			    "0x%llx..0x%llx is not in the memory %s simulates (pcsim -d sim:%s show "
			    "lists it)",
			    (unsigned long long)addr, (unsigned long long)(addr + len), s->dev.chip->name,
			    s->dev.chip->name);
}
