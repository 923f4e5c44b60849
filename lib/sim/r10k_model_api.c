/* SPDX-License-Identifier: MIT */
/* pcsim's handles on the R10000/R12000 model: workload rates and the CPU
 * mode, changed under the state file's lock after bringing the model up to
 * the current time, so that the change applies from now on. */
#include "core/err_local.h"
#include "hwpc/sim.h"
#include "sim/r10k_model.h"
#include "r10k/r10k_cmd.h"

#include <string.h>
#include <strings.h>

/* The model's state and data, locked and brought up to now (so that a
 * change applies from now on), or an error for anything else. */
static int model(struct hwpc_dev *dev, struct r10k_state **st, struct r10k_priv **p, struct hwpc_err *err)
{
	void *priv = NULL;
	if (!sim_dev_is_sim(dev))
		return hwpc_err_set(err, HWPC_EINPUT, "not a simulated device");
	struct sim *s = (struct sim *)dev;
	if (sim_lock_fresh(s, err))
		return err->status;
	*st = sim_model_state(s, SIM_MODEL_R10K, &priv);
	*p = priv;
	if (!*st) {
		sim_unlock(s);
		return hwpc_err_set(err, HWPC_EINPUT, "sim:%s has no R10000/R12000 event counters (expected "
				    "sim:r10000 or sim:r12000)", dev->chip->name);
	}
	sim_sync(s);
	return 0;
}

int hwpc_sim_r10k_set_rate(struct hwpc_dev *dev, const char *event, const char *rate, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	struct r10k_state *st;
	struct r10k_priv *p;
	struct r10k_rate r;
	const struct hwpc_r10k_event *m[HWPC_R10K_MAX_EVENTS];

	if (sim_r10k_rate_parse(rate, &r, err) || model(dev, &st, &p, err))
		return err->status;
	struct sim *s = (struct sim *)dev;
	unsigned n = hwpc_r10k_event_match(&p->cpu, event, m, HWPC_R10K_MAX_EVENTS, err);
	if (!n) {
		sim_unlock(s);
		return err->status;
	}
	for (unsigned i = 0; i < n; i++) {
		uint64_t total = st->rate[m[i]->num].total;
		st->rate[m[i]->num] = r;
		st->rate[m[i]->num].total = total;
	}
	sim_unlock(s);
	return 0;
}

int hwpc_sim_r10k_set_mode(struct hwpc_dev *dev, const char *mode, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	struct r10k_state *st;
	struct r10k_priv *p;
	int which = -1;

	for (int i = 0; i < R10K_MODE_COUNT; i++)
		if (!strcasecmp(mode, sim_r10k_mode_names[i]))
			which = i;
	if (which < 0)
		return hwpc_err_set(err, HWPC_EINPUT,
				    "unknown CPU mode '%s' (expected user, kernel, exl, supervisor or erl)", mode);
	if (model(dev, &st, &p, err))
		return err->status;
	struct sim *s = (struct sim *)dev;
	if (which == R10K_MODE_SUPERVISOR && !p->cpu.supervisor) {
		sim_unlock(s);
		return hwpc_err_set(err, HWPC_EINPUT, "supervisor mode is not supported on the %s",
				    dev->chip->name);
	}
	st->mode = (uint32_t)which;
	sim_unlock(s);
	return 0;
}
