/* SPDX-License-Identifier: MIT */
/* The simulator as a device: the adapter between the device layer's
 * backend table (dev/backend.h) and the simulator's core (state file,
 * clock, models).  It uses the core alone; the simulator's own API
 * (hwpc/sim.h, sim_api.c), what pcsim drives, is a unit of its own. */
#include "core/err_local.h"
#include "sim/pcm.h"
#include "sim/sim.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

static int sim_rd32(struct hwpc_dev *dev, uint32_t off, uint32_t *val)
{
	return sim_mmio_rd32((struct sim *)dev, off, val);
}

static int sim_wr32(struct hwpc_dev *dev, uint32_t off, uint32_t val)
{
	return sim_mmio_wr32((struct sim *)dev, off, val);
}

static void sim_close(struct hwpc_dev *dev)
{
	sim_destroy((struct sim *)dev);
}

static void sim_describe(struct hwpc_dev *dev, char *buf, size_t len)
{
	struct sim *s = (struct sim *)dev;
	char id[40] = "";
	if (sim_space(s, "PMC"))
		snprintf(id, sizeof id, "PMC.BOOT_0 0x%08x, ", dev->boot0);
	snprintf(buf, len, "sim:%s %s %s (%s%s clock, state %s)", dev->chip->name, dev->chip->family,
		 dev->chip->name, id, s->clock_mode == SIM_CLOCK_VIRTUAL ? "virtual" : "realtime",
		 s->path);
}

/* A chip clock, or a PCOUNTER domain's own clock by the domain's name. */
static uint64_t sim_clock_hz(struct hwpc_dev *dev, const char *clock)
{
	struct sim *s = (struct sim *)dev;
	int c = hwpc_clock_by_name(clock);
	void *priv;
	if (c >= 0)
		return s->clock_hz[c];
	const struct pc_state *st = sim_model_state(s, SIM_MODEL_PCOUNTER, &priv);
	const struct pc_priv *p = priv;
	for (unsigned d = 0; st && d < p->ndomains; d++)
		if (!strcasecmp(p->dom[d].name, clock))
			return st->dom[d].hz;
	return 0;
}

/* "profile": the PCOUNTER profile the machine was created with. */
static int sim_setting(struct hwpc_dev *dev, const char *key, char *buf, size_t len, struct hwpc_err *err)
{
	struct sim *s = (struct sim *)dev;
	void *priv;
	if (len)
		buf[0] = 0;
	if (strcmp(key, "profile"))
		return 0;
	if (sim_lock_fresh(s, err))
		return err->status;
	const struct pc_state *st = sim_model_state(s, SIM_MODEL_PCOUNTER, &priv);
	if (st)
		snprintf(buf, len, "%s", st->profile);
	sim_unlock(s);
	return st ? 0 : hwpc_err_set(err, HWPC_EINPUT, "%s has no PCOUNTER", dev->chip->name);
}

/* Quad mode: the time since the swap that latched the domain's visible
 * set (at the start of its cycle latch_cycle), exact on the simulated
 * clock. */
static bool sim_set_age(struct hwpc_dev *dev, const char *domain, uint64_t *age)
{
	struct sim *s = (struct sim *)dev;
	void *priv;
	bool known = false;
	if (sim_lock_fresh(s, NULL))
		return false;
	sim_sync(s);
	const struct pc_state *st = sim_model_state(s, SIM_MODEL_PCOUNTER, &priv);
	const struct pc_priv *p = priv;
	for (unsigned d = 0; st && d < p->ndomains; d++) {
		const struct pc_dom_state *ds = &st->dom[d];
		if (strcasecmp(p->dom[d].name, domain) || !ds->latch_cycle || !ds->hz ||
		    pc_dom_mode(p, st, d) != PC_MODE_QUAD)
			continue;
		sim_ps at = sim_cycle_ps(ds->latch_cycle, ds->hz);
		*age = s->hdr->now_ps > at ? sim_ns_of(s->hdr->now_ps - at) : 0;
		known = true;
	}
	sim_unlock(s);
	return known;
}

/* The spec as given, without state= unless detail. */
static int sim_name(struct hwpc_dev *dev, bool detail, char *buf, size_t len, struct hwpc_err *err)
{
	const struct hwpc_devspec *spec = &((struct sim *)dev)->spec;
	size_t n = (size_t)snprintf(buf, len, "sim:%s", spec->chip);
	for (unsigned i = 0; i < spec->nopts && n < len; i++) {
		if (!detail && strcmp(spec->keys[i], "state") == 0)
			continue;
		n += (size_t)snprintf(buf + n, len - n, ",%s=%s", spec->keys[i], spec->values[i]);
	}
	if (n >= len)
		return hwpc_err_set(err, HWPC_EINPUT, "device name longer than %zu bytes", len - 1);
	return 0;
}

static uint64_t sim_now(struct hwpc_dev *dev)
{
	struct sim *s = (struct sim *)dev;
	if (sim_lock_fresh(s, NULL))
		return 0;
	sim_sync(s);
	uint64_t t = sim_ns_of(s->hdr->now_ps);
	sim_unlock(s);
	return t;
}

/* Realtime simulated time skipped since this handle was opened; a
 * virtual clock never skips. */
static bool sim_lag(struct hwpc_dev *dev, uint64_t *lag)
{
	struct sim *s = (struct sim *)dev;
	if (sim_lock_fresh(s, NULL))
		return false;
	bool realtime = s->clock_mode == SIM_CLOCK_REALTIME;
	*lag = sim_ns_of(s->hdr->lag_ps >= s->lag_at_open ? s->hdr->lag_ps - s->lag_at_open : s->hdr->lag_ps);
	sim_unlock(s);
	return realtime;
}

static int sim_mem(struct hwpc_dev *dev, uint64_t addr, void *buf, size_t len, struct hwpc_err *err)
{
	return sim_mem_copy((struct sim *)dev, addr, buf, len, err);
}

/* The same machine under any spelling of its state path. */
static int sim_key(struct hwpc_dev *dev, char *buf, size_t len, struct hwpc_err *err)
{
	struct sim *s = (struct sim *)dev;
	char real[PATH_MAX];
	if (!realpath(s->path, real))
		return hwpc_err_set(err, HWPC_EOP, "cannot resolve simulator state %s: %s", s->path,
				    strerror(errno));
	if ((size_t)snprintf(buf, len, "sim:%s", real) >= len)
		return hwpc_err_set(err, HWPC_EINPUT, "device key buffer too small for %s", real);
	return 0;
}

static uint64_t sim_instance(struct hwpc_dev *dev)
{
	return ((struct sim *)dev)->create_id;
}

/* A virtual clock is advanced to t_ns; a realtime one is waited for. */
static int sim_wait_until(struct hwpc_dev *dev, uint64_t t_ns, struct hwpc_err *err)
{
	return sim_wait_until_ns((struct sim *)dev, t_ns, err);
}

const struct hwpc_dev_ops sim_dev_ops = {
	.name = "sim",
	.rd32 = sim_rd32,
	.wr32 = sim_wr32,
	.close = sim_close,
	.describe = sim_describe,
	.key = sim_key,
	.instance = sim_instance,
	.out_name = sim_name,
	.now_ns = sim_now,
	.wait_until_ns = sim_wait_until,
	.lag_ns = sim_lag,
	.clock_hz = sim_clock_hz,
	.mem_read = sim_mem,
	.setting = sim_setting,
	.set_age_ns = sim_set_age,
};

int hwpc_backend_sim_open(const struct hwpc_devspec *spec, unsigned flags, const struct hwpc_regdb *db,
			  struct hwpc_dev **out, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	struct sim *s;
	int rc = sim_open(spec, flags, db, SIM_OPEN, &s, err);
	*out = rc ? NULL : &s->dev;
	if (!rc) {
		/* the state file's code (sim_state.c) knows no device layer */
		s->dev.ops = &sim_dev_ops;
		s->spec = *spec; /* how output names it */
	}
	return rc;
}
