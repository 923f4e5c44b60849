/* SPDX-License-Identifier: MIT */
/* The simulator's public interface (hwpc/sim.h): what pcsim drives from
 * outside the chip - create, reset, advance, show, simulated memory. */
#include "core/err_local.h"
#include "hwpc/sim.h"
#include "sim/sim.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

bool sim_dev_is_sim(const struct hwpc_dev *dev)
{
	return dev && dev->ops == &sim_dev_ops;
}

int hwpc_sim_state_path(const struct hwpc_devspec *spec, char *buf, size_t len, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	struct sim_opts o;
	if (sim_opts_parse(spec, &o, err))
		return err->status;
	return sim_opts_state_path(&o, spec->chip, buf, len, err);
}

int hwpc_sim_create(const char *spec, bool reset, const struct hwpc_regdb *db, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	struct hwpc_devspec ds;
	struct sim *s;

	if (hwpc_devspec_parse(spec, &ds, err))
		return err->status;
	if (ds.kind != HWPC_DEV_SIM)
		return hwpc_err_set(err, HWPC_EINPUT, "'%s' is not a simulator spec (expected sim:CHIP)",
				    spec ? spec : "");
	if (sim_open(&ds, HWPC_OPEN_WRITE, db, reset ? SIM_RESET : SIM_CREATE, &s, err))
		return err->status;
	sim_destroy(s);
	return 0;
}

int hwpc_sim_advance_ns(struct hwpc_dev *dev, uint64_t ns, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	if (!sim_dev_is_sim(dev))
		return hwpc_err_set(err, HWPC_EINPUT, "not a simulated device");
	return sim_advance((struct sim *)dev, (sim_ps)ns * SIM_PS_PER_NS, err);
}

int hwpc_sim_advance_cycles(struct hwpc_dev *dev, const char *clock, uint64_t cycles, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	struct sim *s = (struct sim *)dev;
	if (!sim_dev_is_sim(dev))
		return hwpc_err_set(err, HWPC_EINPUT, "not a simulated device");
	int c = hwpc_clock_by_name(clock);
	uint64_t hz = c >= 0 ? s->clock_hz[c] : 0;
	if (c < 0)
		return hwpc_err_set(err, HWPC_EINPUT, "unknown clock '%s' (expected crystal, nvclk, mclk, "
				    "hclk or tclk)", clock);
	if (!hz)
		return hwpc_err_set(err, HWPC_EINPUT, "%s has no %s clock", dev->chip->name, clock);
	if (sim_lock_fresh(s, err))
		return err->status;
	sim_sync(s);
	/* to the instant the clock has ticked `cycles` more times */
	uint64_t done = sim_cycles(s->hdr->now_ps, hz);
	int rc = 0;
	if (cycles > UINT64_MAX - done || sim_cycle_ps(done + cycles, hz) > SIM_END_PS)
		rc = hwpc_err_set(err, HWPC_EINPUT, "%llu %s cycles overflow simulated time",
				  (unsigned long long)cycles, clock);
	else
		rc = sim_advance(s, sim_cycle_ps(done + cycles, hz) - s->hdr->now_ps, err);
	sim_unlock(s);
	return rc;
}

bool hwpc_sim_is_virtual(struct hwpc_dev *dev)
{
	return sim_dev_is_sim(dev) && ((struct sim *)dev)->clock_mode == SIM_CLOCK_VIRTUAL;
}

unsigned hwpc_sim_mem_list(struct hwpc_dev *dev, struct hwpc_sim_mem *out, unsigned max)
{
	struct sim *s = (struct sim *)dev;
	struct hwpc_sim_mem tmp;
	unsigned n = 0;
	if (!sim_dev_is_sim(dev) || sim_lock_fresh(s, NULL))
		return 0;
	while (sim_memory(s, n, n < max ? &out[n] : &tmp))
		n++;
	sim_unlock(s);
	return n;
}

int hwpc_sim_mem_read(struct hwpc_dev *dev, uint64_t addr, void *buf, size_t len, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	if (!sim_dev_is_sim(dev))
		return hwpc_err_set(err, HWPC_EINPUT, "not a simulated device");
	return sim_mem_copy((struct sim *)dev, addr, buf, len, err);
}

void hwpc_sim_set_verbose(struct hwpc_dev *dev, bool on)
{
	if (sim_dev_is_sim(dev))
		((struct sim *)dev)->verbose = on;
}

int hwpc_sim_show(struct hwpc_dev *dev, struct hwpc_out *o, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	struct sim *s = (struct sim *)dev;
	if (!sim_dev_is_sim(dev))
		return hwpc_err_set(err, HWPC_EINPUT, "not a simulated device");
	if (sim_lock_fresh(s, err))
		return err->status;
	sim_sync(s);
	/* type, device and chipset are the writer's (the caller tags the
	 * device): the record kind's keys are in lib/output/schema_pcsim.c. */
	hwpc_out_record(o, "sim_state");
	hwpc_out_str(o, "family", dev->chip->family);
	if (sim_space(s, "PMC"))
		hwpc_out_hex32(o, "boot0", dev->boot0);
	else
		hwpc_out_null(o, "boot0"); /* no PMC: nothing identifies the chip */
	hwpc_out_str(o, "clock_mode", s->clock_mode == SIM_CLOCK_VIRTUAL ? "virtual" : "realtime");
	hwpc_out_u64(o, "device_ns", sim_ns_of(s->hdr->now_ps));
	if (s->clock_mode == SIM_CLOCK_REALTIME)
		hwpc_out_u64(o, "lag_ns", sim_ns_of(s->hdr->lag_ps));
	else
		hwpc_out_null(o, "lag_ns"); /* a virtual clock never skips */
	hwpc_out_str(o, "state", s->path);
	for (int c = 0; c < HWPC_CLOCK_COUNT; c++) {
		char key[32];
		snprintf(key, sizeof key, "%s_hz", hwpc_clock_name((enum hwpc_clock)c));
		if (s->clock_hz[c])
			hwpc_out_double(o, key, (double)s->clock_hz[c], 0);
	}
	for (unsigned i = 0; i < s->nmodels; i++)
		if (s->models[i]->show) {
			void *mp = sim_model_priv(s, i);
			if (!s->attach_failed[i])
				s->models[i]->show(s, s->state[i], mp, o);
		}
	int rc = hwpc_out_end(o, err);
	sim_unlock(s);
	return rc;
}
