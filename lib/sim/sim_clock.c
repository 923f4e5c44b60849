/* SPDX-License-Identifier: MIT */
/* The simulator's clock: realtime (CLOCK_MONOTONIC plus an offset kept in
 * the state file) or virtual (moves only when advanced), and bringing the
 * models up to it. */
#include "core/err_local.h"
#include "sim/sim.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

uint64_t sim_mono_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

void sim_boot_id(char *buf, size_t len)
{
	FILE *f = fopen("/proc/sys/kernel/random/boot_id", "r");
	memset(buf, 0, len);
	if (f) {
		if (!fgets(buf, (int)len, f))
			buf[0] = 0;
		buf[strcspn(buf, "\n")] = 0;
		fclose(f);
	}
}

uint64_t sim_clock_now(struct sim *s)
{
	struct sim_header *h = s->hdr;
	if (h->clock_mode == SIM_CLOCK_VIRTUAL)
		return h->virt_ns;
	/* In 128 bits: the offset comes from a file and may be anything. */
	__int128 t = (__int128)sim_mono_ns() + h->rt_offset_ns;
	if (t > (__int128)UINT64_MAX)
		t = UINT64_MAX;
	/* Simulated time never runs backwards, even across a reboot. */
	return t > (__int128)h->now_ns ? (uint64_t)t : h->now_ns;
}

/* The realtime offset comes from a file and may be anything: it saturates
 * instead of overflowing. */
static void set_offset(struct sim_header *h, __int128 v)
{
	h->rt_offset_ns = v > INT64_MAX ? INT64_MAX : v < INT64_MIN ? INT64_MIN : (int64_t)v;
}

uint64_t sim_max_step_ns(struct sim *s)
{
	uint64_t limit = UINT64_MAX;
	for (unsigned i = 0; i < s->nmodels; i++)
		if (s->models[i]->max_step_ns) {
			void *p = sim_model_priv(s, i);
			if (s->attach_failed[i])
				continue;
			uint64_t m = s->models[i]->max_step_ns(s, s->state[i], p);
			if (m && m < limit)
				limit = m;
		}
	return limit;
}

void sim_check_boot(struct sim *s)
{
	struct sim_header *h = s->hdr;
	char boot[40];
	if (h->clock_mode != SIM_CLOCK_REALTIME)
		return;
	sim_boot_id(boot, sizeof boot);
	if (strncmp(boot, h->boot_id, sizeof boot)) {
		memcpy(h->boot_id, boot, sizeof boot);
		set_offset(h, (__int128)h->now_ns - sim_mono_ns());
	}
}

/* Every model from now_ns to `to`, then the clock: a process killed half
 * way leaves the time where the models surely were. */
static void run_models(struct sim *s, uint64_t to)
{
	struct sim_header *h = s->hdr;
	/* A model that cannot attach (HWPC_REGDB lacks what it needs) cannot
	 * catch up: then nothing moves, or the state would be left behind the
	 * clock and be unusable with the regdb it was made with. */
	for (unsigned i = 0; i < s->nmodels; i++)
		if (s->models[i]->advance && (sim_model_priv(s, i), s->attach_failed[i]))
			return;
	for (unsigned i = 0; i < s->nmodels; i++)
		if (s->models[i]->advance)
			s->models[i]->advance(s, s->state[i], s->priv[i], h->now_ns, to);
	h->now_ns = to;
}

void sim_sync(struct sim *s)
{
	struct sim_header *h = s->hdr;
	uint64_t now = sim_clock_now(s);
	if (now <= h->now_ns)
		return;
	/* A realtime simulator left alone for long catches up at most one
	 * step; the rest is skipped, as if it had been paused, and added to
	 * the lag (pcsim(1)).  A
	 * virtual clock moves only with sim_advance, which runs the models
	 * first, so it never is ahead of them: if it is (a file changed under
	 * a running process), nothing runs rather than an unbounded run. */
	uint64_t step = sim_max_step_ns(s);
	if (h->clock_mode == SIM_CLOCK_REALTIME) {
		unsigned div = s->lagged ? SIM_CATCHUP_DIV_LAGGING : SIM_CATCHUP_DIV;
		step = step / div ? step / div : 1;
	}
	if (now - h->now_ns > step) {
		if (h->clock_mode == SIM_CLOCK_VIRTUAL)
			return;
		s->lagged = true;
		if (s->verbose)
			fprintf(stderr, "hwpc-sim: %.3f s of simulated time skipped (catch-up limit %.3f s)\n",
				(double)(now - h->now_ns - step) / 1e9, (double)step / 1e9);
		uint64_t skip = now - h->now_ns - step;
		set_offset(h, (__int128)h->rt_offset_ns - skip);
		/* Kept, not hidden: a rate measured across the skip is wrong by
		 * it, and the commands that measure report it (hwpc_dev_lag_ns). */
		h->lag_ns = h->lag_ns + skip < h->lag_ns ? UINT64_MAX : h->lag_ns + skip;
		now = h->now_ns + step;
	}
	run_models(s, now);
}

int sim_advance(struct sim *s, uint64_t ns, struct hwpc_err *err)
{
	if (sim_lock_fresh(s, err))
		return err->status;
	sim_sync(s);
	struct sim_header *h = s->hdr;
	if (h->now_ns + ns < h->now_ns) {
		sim_unlock(s);
		return hwpc_err_set(err, HWPC_EINPUT, "advancing by %llu ns overflows simulated time",
				    (unsigned long long)ns);
	}
	uint64_t step = sim_max_step_ns(s);
	if (ns > step) {
		sim_unlock(s);
		return hwpc_err_set(err, HWPC_EINPUT,
				    "advancing by %.6g s at once is more than the per-cycle models simulate in "
				    "reasonable time (at most %.6g s per step on this chip; advance in steps, "
				    "or lower the domain clocks)",
				    (double)ns / 1e9, (double)step / 1e9);
	}
	run_models(s, h->now_ns + ns);
	if (h->clock_mode == SIM_CLOCK_VIRTUAL)
		h->virt_ns = h->now_ns;
	else
		set_offset(h, (__int128)h->rt_offset_ns + ns);
	sim_unlock(s);
	return 0;
}
