/* SPDX-License-Identifier: MIT */
/* ptime --measure: each device's tick rate measured against its own clock
 * over the same time, with the error against the configured rate. */
#include "ptime_mode.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static bool asked(const struct ptime_opts *op)
{
	return op->measure_ns;
}

/* What --measure keeps of a device between its two stamps. */
struct span {
	uint64_t t0, h0, lag0, at0[2];
	bool can_lag;
	struct hwpc_sampler smp;
};

static int report(struct ptime *p, size_t i, const struct span *sp)
{
	struct ptime_dev *t = &p->d[i];
	struct hwpc_out *o = p->o;
	struct hwpc_err err;
	uint64_t t1, h1, lag1 = 0, at1[2];
	if (ptime_stamp(t, false, &t1, &h1, at1, &err)) {
		ptime_dev_fail(p, i, &err);
		return 0;
	}
	hwpc_dev_lag_ns(t->tm.dev, &lag1);
	uint64_t lag = lag1 - sp->lag0;
	uint64_t dt = (t1 - sp->t0) & hwpc_timer_mask(&t->tm);
	uint64_t dh = h1 - sp->h0;
	if (dt == 0 || dh == 0) {
		hwpc_err_set(&err, HWPC_EOP, "the timer did not advance in %.3f s%s", (double)dh / 1e9,
			     t->tm.kind == HWPC_TIMER_PTIMER && t->rate.ptimer.clock_mul == 0 ? " (CLOCK_MUL is 0)" : "");
		ptime_dev_fail(p, i, &err);
		return 0;
	}
	/* The rate over the reads' midpoints, as uncertain as the timestamps
	 * around them, a tick, and the time the device skipped
	 * (hwpc_rate_from). */
	struct hwpc_rate rt;
	hwpc_rate_from(sp->at0, at1, dt, 1, lag, &rt);
	double hz = (double)dt * 1e9 / (double)dh;
	ptime_tag(p, i);
	hwpc_out_record(o, "timer_rate");
	hwpc_out_double(o, "seconds", (double)dh / 1e9, 6);
	hwpc_out_u64(o, "ticks", dt);
	hwpc_out_measured(o, "measured_hz", hz, rt.uncertainty_hz, 3);
	ptime_put_hz(o, "configured_hz", t->rate.tick_hz);
	if (t->rate.tick_hz > 0)
		hwpc_out_double(o, "error_ppm", (hz - t->rate.tick_hz) / t->rate.tick_hz * 1e6, 3);
	else
		hwpc_out_null(o, "error_ppm");
	if (isfinite(rt.uncertainty_ppm))
		hwpc_out_double(o, "uncertainty_ppm", rt.uncertainty_ppm, 3);
	else
		hwpc_out_null(o, "uncertainty_ppm");
	if (sp->can_lag) /* a realtime simulator: how much of the run it skipped */
		hwpc_out_u64(o, "lag_ns", lag);
	else
		hwpc_out_null(o, "lag_ns");
	ptime_report_config(p, t, o);
	int rc = ptime_end_record(p);
	if (rc)
		return rc;
	/* The record says how uncertain the rate is; --strict holds it to a
	 * bound.  A device that skipped time it could not simulate fast
	 * enough measured less of the run than asked (pcsim(1), "PCOUNTER
	 * engines"): that is said first, being the cause. */
	char why[256];
	if (lag) {
		snprintf(why, sizeof why, p->op->strict ? "the device's time lagged %.6f s behind realtime during "
			 "the measurement" : "the device's time lagged %.6f s behind realtime during the "
			 "measurement; the rate covers %.6f s of the %.6f s asked", (double)lag / 1e9,
			 (double)dh / 1e9, (double)p->op->measure_ns / 1e9);
		ptime_suspect(p, t, why);
	} else if (!(rt.uncertainty_ppm <= HWPC_RATE_STRICT_PPM) && p->op->strict) {
		snprintf(why, sizeof why, "the rate is uncertain by %.0f ppm, past %.0f ppm: the reads at the "
			 "window's ends took that long (a loaded machine, or too short a --measure)",
			 rt.uncertainty_ppm, HWPC_RATE_STRICT_PPM);
		ptime_suspect(p, t, why);
	}
	return 0;
}

/* The devices are measured over the same time: each is stamped, then
 * each waits on its own clock (a host clock's later waits are already
 * due; a virtual one is advanced), then each is stamped again. */
static int measure(struct ptime *p)
{
	struct hwpc_err err;
	struct span *sp = calloc(p->n, sizeof *sp);
	int rc = 0;
	if (!sp)
		return cli_fail(HWPC_EOP, "out of memory");
	for (size_t i = 0; i < p->n; i++) {
		struct ptime_dev *t = &p->d[i];
		if (t->failed)
			continue;
		if (ptime_stamp(t, false, &sp[i].t0, &sp[i].h0, sp[i].at0, &err)) {
			ptime_dev_fail(p, i, &err);
			continue;
		}
		/* The lag is read after the first stamp has caught the device
		 * up: what lagged before the measurement does not count. */
		sp[i].can_lag = hwpc_dev_lag_ns(t->tm.dev, &sp[i].lag0);
		hwpc_sampler_start(&sp[i].smp, t->tm.dev, p->op->measure_ns);
	}
	for (size_t i = 0; i < p->n; i++)
		if (!p->d[i].failed && hwpc_sampler_wait(&sp[i].smp, 1, &err))
			ptime_dev_fail(p, i, &err);
	for (size_t i = 0; !rc && i < p->n; i++)
		if (!p->d[i].failed)
			rc = report(p, i, &sp[i]);
	free(sp);
	return rc;
}

const struct ptime_mode ptime_measure = { .asked = asked, .run = measure };
