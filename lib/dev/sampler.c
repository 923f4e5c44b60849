/* SPDX-License-Identifier: MIT */
/* Sampling on a device's clock (see hwpc/sampler.h): the one place that
 * turns "the next sample" into a device time and waits for it. */
#include "dev/dev_cmd.h"
#include "core/err_local.h"
#include "hwpc/dev.h"
#include "dev/backend.h"

#include <errno.h>
#include <stdio.h>
#include <sys/prctl.h>
#include <time.h>

/* The first device time at which the domain has made `cycle` cycles: the
 * cycle boundary, rounded up to whole ns (as the simulator counts them). */
static uint64_t cycle_ns(uint64_t cycle, uint64_t hz)
{
	unsigned __int128 t = ((unsigned __int128)cycle * 1000000000u + hz - 1) / hz;
	return t > UINT64_MAX ? UINT64_MAX : (uint64_t)t;
}

/* The cycles the domain has made by device time t. */
static uint64_t cycles_at(uint64_t t_ns, uint64_t hz)
{
	return (uint64_t)((unsigned __int128)t_ns * hz / 1000000000u);
}

void hwpc_sampler_start(struct hwpc_sampler *s, struct hwpc_dev *dev, uint64_t interval_ns)
{
	*s = (struct hwpc_sampler){ .dev = dev, .interval_ns = interval_ns };
	/* Sub-millisecond deadlines need wakeups finer than the default slack. */
	if (interval_ns && interval_ns < 1000000)
		prctl(PR_SET_TIMERSLACK, 1UL);
	s->start_ns = hwpc_dev_now_ns(dev);
}

bool hwpc_sampler_start_cycles(struct hwpc_sampler *s, struct hwpc_dev *dev, uint64_t hz, uint64_t step_cycles)
{
	if (!hz || !step_cycles)
		return false;
	*s = (struct hwpc_sampler){ .dev = dev, .hz = hz, .step_cycles = step_cycles };
	s->start_ns = hwpc_dev_now_ns(dev);
	s->cycle0 = cycles_at(s->start_ns, hz);
	return true;
}

uint64_t hwpc_sampler_due_ns(const struct hwpc_sampler *s, uint64_t k)
{
	if (s->hz)
		return cycle_ns(s->cycle0 + k * s->step_cycles, s->hz);
	return s->start_ns + k * s->interval_ns;
}

int hwpc_sampler_wait(const struct hwpc_sampler *s, uint64_t k, struct hwpc_err *err)
{
	return hwpc_dev_wait_until_ns(s->dev, hwpc_sampler_due_ns(s, k), err);
}

uint64_t hwpc_sampler_elapsed_ns(const struct hwpc_sampler *s)
{
	return hwpc_dev_now_ns(s->dev) - s->start_ns;
}

uint64_t hwpc_sampler_interval_ns(const struct hwpc_sampler *s)
{
	return s->hz ? (uint64_t)((unsigned __int128)s->step_cycles * 1000000000u / s->hz) : s->interval_ns;
}

/* "20us", "1.5ms": a duration as people write it, to three digits. */
static void dur(char *buf, size_t len, double ns)
{
	if (ns >= 1e9)
		snprintf(buf, len, "%.3gs", ns / 1e9);
	else if (ns >= 1e6)
		snprintf(buf, len, "%.3gms", ns / 1e6);
	else if (ns >= 1e3)
		snprintf(buf, len, "%.3gus", ns / 1e3);
	else
		snprintf(buf, len, "%.3gns", ns);
}

bool hwpc_sampler_behind(const struct hwpc_sampler *s, uint64_t k, uint64_t t_ns, char *why, size_t len)
{
	uint64_t asked = hwpc_sampler_interval_ns(s);
	if (!k || !asked)
		return false;
	double achieved = (double)t_ns / (double)k;
	if (achieved <= 1.5 * (double)asked)
		return false;
	if (len) {
		char a[32], b[32];
		dur(a, sizeof a, (double)asked);
		dur(b, sizeof b, achieved);
		snprintf(why, len, "sampling fell behind: an interval of %s asked, %s achieved on average over %llu intervals "
			 "(reading a sample takes longer; elapsed_ns has each sample's time)", a, b,
			 (unsigned long long)k);
	}
	return true;
}

int hwpc_dev_wait_ns(struct hwpc_dev *dev, uint64_t ns, struct hwpc_err *err)
{
	return hwpc_dev_wait_until_ns(dev, hwpc_dev_now_ns(dev) + ns, err);
}

int hwpc_dev_wait_cycles(struct hwpc_dev *dev, uint64_t hz, uint64_t n, uint64_t fallback_ns, struct hwpc_err *err)
{
	if (!hz)
		return hwpc_dev_wait_ns(dev, fallback_ns, err);
	return hwpc_dev_wait_until_ns(dev, cycle_ns(cycles_at(hwpc_dev_now_ns(dev), hz) + n, hz), err);
}

void hwpc_dev_pause_ns(struct hwpc_dev *dev, uint64_t ns, bool *clock_moved)
{
	uint64_t before = hwpc_dev_now_ns(dev);
	struct timespec ts = { (time_t)(ns / 1000000000u), (long)(ns % 1000000000u) };
	while (nanosleep(&ts, &ts) && errno == EINTR)
		;
	*clock_moved = hwpc_dev_now_ns(dev) != before;
}

bool hwpc_sampler_stopped(const volatile sig_atomic_t *stop, uint64_t k)
{
	return k && stop && *stop;
}
