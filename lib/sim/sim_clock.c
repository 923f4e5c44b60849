/* SPDX-License-Identifier: MIT */
/* The simulator's clock: realtime (CLOCK_MONOTONIC plus an offset kept in
 * the state file) or virtual (moves only when advanced), and bringing the
 * models up to it. */
#include "core/err_local.h"
#include "sim/sim.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

sim_ps sim_mono_ps(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ((sim_ps)ts.tv_sec * 1000000000u + (sim_ps)ts.tv_nsec) * SIM_PS_PER_NS;
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

/* The realtime offset comes from a file and may be anything: it is kept
 * within +-2^100 ps, where sums with times cannot overflow. */
#define OFFSET_MAX ((__int128)1 << 100)

static __int128 offset_of(const struct sim_header *h)
{
	__int128 v = h->rt_offset_ps;
	return v > OFFSET_MAX ? OFFSET_MAX : v < -OFFSET_MAX ? -OFFSET_MAX : v;
}

static void set_offset(struct sim_header *h, __int128 v)
{
	h->rt_offset_ps = v > OFFSET_MAX ? OFFSET_MAX : v < -OFFSET_MAX ? -OFFSET_MAX : v;
}

sim_ps sim_clock_now(struct sim *s)
{
	struct sim_header *h = s->hdr;
	if (h->clock_mode == SIM_CLOCK_VIRTUAL)
		return h->virt_ps;
	__int128 t = (__int128)sim_mono_ps() + offset_of(h);
	if (t > (__int128)SIM_END_PS)
		t = (__int128)SIM_END_PS;
	/* Simulated time never runs backwards, even across a reboot. */
	return t > (__int128)h->now_ps ? (sim_ps)t : h->now_ps;
}

sim_ps sim_max_step(struct sim *s)
{
	return sim_models_time(s, SIM_HOOK_MAX_STEP);
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
		set_offset(h, (__int128)h->now_ps - (__int128)sim_mono_ps());
	}
}

/* The longest step the memory log's room allows (SIM_END_PS: any). */
static sim_ps logged_step(struct sim *s)
{
	sim_ps limit = SIM_END_PS;
	uint64_t room = sim_journal_room(s);
	for (unsigned i = 0; i < s->nmodels; i++)
		if (s->models[i]->logged_step && !s->attach_failed[i]) {
			sim_ps m = s->models[i]->logged_step(s, s->state[i], s->priv[i], room);
			if (m < limit)
				limit = m;
		}
	return limit;
}

/* Every model from now_ps to `to`, then the clock, inside the caller's
 * transaction (sim_journal.c): a process killed half way leaves the state
 * as it was before.  Where the memory log has no room for the rest, what
 * is done is committed and another transaction begins. */
static void run_models(struct sim *s, sim_ps to)
{
	struct sim_header *h = s->hdr;
	/* A model that cannot attach (HWPC_REGDB lacks what it needs) cannot
	 * catch up: then nothing moves, or the state would be left behind the
	 * clock and be unusable with the regdb it was made with. */
	for (unsigned i = 0; i < s->nmodels; i++)
		if (s->models[i]->advance && (sim_model_priv(s, i), s->attach_failed[i]))
			return;
	bool fresh = true;
	while (h->now_ps < to) {
		sim_ps next = to - h->now_ps > SIM_MAX_CALL_PS ? h->now_ps + SIM_MAX_CALL_PS : to;
		sim_ps room = logged_step(s);
		if (!room && !fresh) {
			sim_journal_commit(s);
			sim_journal_begin(s);
			fresh = true;
			continue;
		}
		if (room && next - h->now_ps > room)
			next = h->now_ps + room;
		for (unsigned i = 0; i < s->nmodels; i++)
			if (s->models[i]->advance)
				s->models[i]->advance(s, s->state[i], s->priv[i], h->now_ps, next);
		h->now_ps = next;
		fresh = false;
	}
}

static double seconds(sim_ps t)
{
	return (double)t / 1e12;
}

/* A realtime catch-up longer than the short budget goes in this many
 * pieces (none shorter than the short budget), so that it can stop when
 * another process comes to wait for the lock. */
#define CATCHUP_PIECES 64

int sim_catchup_limit(uint64_t *ns, struct hwpc_err *err)
{
	const uint64_t most = SIM_STEP_CPU_NS / SIM_CATCHUP_DIV;
	const char *v = getenv("HWPC_SIM_CATCHUP_MS");
	char *end;
	*ns = most;
	if (!v || !*v)
		return 0;
	errno = 0;
	unsigned long long ms = strtoull(v, &end, 10);
	if (*v < '0' || *v > '9' || *end || errno || !ms || ms > most / 1000000)
		return hwpc_err_set(err, HWPC_EINPUT, "HWPC_SIM_CATCHUP_MS=%s: not a whole number of ms from 1 to %llu",
				    v, (unsigned long long)(most / 1000000));
	*ns = ms * 1000000;
	return 0;
}

void sim_sync(struct sim *s)
{
	struct sim_header *h = s->hdr;
	sim_ps now = sim_clock_now(s);
	if (now <= h->now_ps)
		return;
	/* A realtime simulator left alone for long catches up at most its
	 * budget; the rest is skipped, as if it had been paused, and added to
	 * the lag (pcsim(1)).  A virtual clock moves only with sim_advance,
	 * which runs the models first, so it never is ahead of them: if it is
	 * (a file changed under a running process), nothing runs rather than
	 * an unbounded run. */
	sim_ps budget = sim_max_step(s), piece = budget;
	bool realtime = h->clock_mode == SIM_CLOCK_REALTIME;
	if (realtime) {
		sim_ps step = budget, least = step / SIM_CATCHUP_DIV_SHORT ? step / SIM_CATCHUP_DIV_SHORT : 1;
		/* its own work since its previous catch-up: not the catch-ups
		 * (they would feed themselves), nor its wait for the lock */
		uint64_t since = s->lk.asked_at > s->synced_at ? s->lk.asked_at - s->synced_at : 0;
		if (sim_lock_waiting(&s->lk))
			budget = least;
		else if (!s->lagged || since >= 2 * s->catchup_ns)
			budget = step * s->catchup_ns / SIM_STEP_CPU_NS;
		else /* half the time since this process's previous catch-up */
			budget = step * since / (2 * SIM_STEP_CPU_NS);
		if (budget < least)
			budget = least;
		/* in pieces: it stops when another comes to wait */
		piece = budget / CATCHUP_PIECES > least ? budget / CATCHUP_PIECES : least;
	}
	if (now - h->now_ps > budget && !realtime)
		return;
	sim_journal_begin(s);
	sim_ps target = now - h->now_ps > budget ? h->now_ps + budget : now;
	while (h->now_ps < target) {
		run_models(s, target - h->now_ps > piece ? h->now_ps + piece : target);
		/* a long catch-up makes way for a process that came to wait */
		if (realtime && h->now_ps < target && sim_lock_waiting(&s->lk))
			break;
	}
	if (realtime && now > h->now_ps) {
		sim_ps skip = now - h->now_ps;
		s->lagged = true;
		if (s->verbose)
			fprintf(stderr, "hwpc-sim: %.3f s of simulated time skipped (catch-up limit %.3f s)\n",
				seconds(skip), seconds(budget));
		set_offset(h, offset_of(h) - (__int128)skip);
		/* Kept, not hidden: a rate measured across the skip is wrong by
		 * it, and the commands that measure report it (hwpc_dev_lag_ns). */
		h->lag_ps = h->lag_ps + skip > SIM_END_PS ? SIM_END_PS : h->lag_ps + skip;
	}
	sim_journal_commit(s);
	if (realtime)
		s->synced_at = (uint64_t)(sim_mono_ps() / SIM_PS_PER_NS);
}

void sim_run_to(struct sim *s, sim_ps t)
{
	if (t <= s->hdr->now_ps)
		return;
	sim_journal_begin(s);
	run_models(s, t);
	sim_journal_commit(s);
}

int sim_advance(struct sim *s, sim_ps by, struct hwpc_err *err)
{
	if (sim_lock_fresh(s, err))
		return err->status;
	sim_sync(s);
	struct sim_header *h = s->hdr;
	if (by > SIM_END_PS - h->now_ps) {
		sim_unlock(s);
		return hwpc_err_set(err, HWPC_EINPUT, "advancing by %.6g s overflows simulated time", seconds(by));
	}
	sim_ps step = sim_max_step(s);
	if (by > step) {
		sim_unlock(s);
		return hwpc_err_set(err, HWPC_EINPUT,
				    "advancing by %.6g s at once is more than the per-cycle models simulate in "
				    "reasonable time (at most %.6g s per step on this chip; advance in steps, "
				    "or lower the domain clocks)",
				    seconds(by), seconds(step));
	}
	/* all or nothing: the clock moves in the transaction the models do */
	sim_journal_begin(s);
	if (h->clock_mode == SIM_CLOCK_REALTIME)
		set_offset(h, offset_of(h) + (__int128)by);
	run_models(s, h->now_ps + by);
	sim_journal_commit(s);
	sim_unlock(s);
	return 0;
}

int sim_wait_until_ns(struct sim *s, uint64_t t_ns, struct hwpc_err *err)
{
	sim_ps t = (sim_ps)t_ns * SIM_PS_PER_NS;
	if (sim_lock_fresh(s, err))
		return err->status;
	sim_sync(s);
	sim_ps now = s->hdr->now_ps;
	int rc = 0;
	/* A wait is not one step: a virtual clock is advanced in steps the
	 * models take in reasonable time (pcsim advance refuses a longer one;
	 * a command that waits has not asked for one step). */
	for (sim_ps at = now; !rc && t > at && s->clock_mode == SIM_CLOCK_VIRTUAL;) {
		sim_ps step = sim_max_step(s), by = t - at < step ? t - at : step;
		rc = sim_advance(s, by, err);
		at += by;
	}
	sim_unlock(s);
	if (t <= now || s->clock_mode == SIM_CLOCK_VIRTUAL)
		return rc;
	sim_ps d = t - now;
	struct timespec ts = { (time_t)(d / SIM_PS_PER_S), (long)(d % SIM_PS_PER_S / SIM_PS_PER_NS) };
	nanosleep(&ts, NULL); /* EINTR returns: the caller may be asked to stop */
	return 0;
}
