/* SPDX-License-Identifier: MIT */
/* The simulator as a device: the adapter between struct hwpc_dev_ops and
 * the simulator's core (sim/: state file, clock, models). */
#include "core/err_local.h"
#include "core/backend.h"
#include "hwpc/sim.h"
#include "sim/sim.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

static uint64_t sim_clock_hz(struct hwpc_dev *dev, enum hwpc_clock c)
{
	struct sim *s = (struct sim *)dev;
	return (unsigned)c < HWPC_CLOCK_COUNT ? s->clock_hz[c] : 0;
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
	.clock_hz = sim_clock_hz,
	.key = sim_key,
	.instance = sim_instance,
	.now_ns = hwpc_sim_now_ns,
	.wait_until_ns = sim_wait_until,
	.mem_read = hwpc_sim_mem_read,
	.pc_domain_hz = hwpc_sim_pc_domain_hz,
	.pc_profile = hwpc_sim_pc_profile,
	.lag_ns = hwpc_sim_lag_ns,
};

int hwpc_backend_sim_open(const struct hwpc_devspec *spec, unsigned flags, const struct hwpc_regdb *db,
			  struct hwpc_dev **out, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	struct sim *s;
	int rc = sim_open(spec, flags, db, SIM_OPEN, &s, err);
	*out = rc ? NULL : &s->dev;
	return rc;
}
