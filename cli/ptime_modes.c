/* SPDX-License-Identifier: MIT */
/* ptime's reading modes: one read, sampling every interval, the tick rate
 * measured, a command timed, waiting for the alarm.  Waits go through the
 * device's clock (hwpc/sampler.h): a virtual simulator clock is advanced by
 * -i and --measure as any other sampling advances it. */
#include "ptime.h"
#include "common/runcmd.h"

#include <stdlib.h>
#include <math.h>
#include <signal.h>
#include <string.h>

double ptime_ticks_ns(const struct ptime_dev *t, uint64_t ticks)
{
	return t->rate.tick_hz > 0 ? (double)((long double)ticks * 1e9L / (long double)t->rate.tick_hz) : NAN;
}

void ptime_put_ns(struct hwpc_out *o, const char *key, double ns)
{
	if (isnan(ns))
		hwpc_out_null(o, key);
	else
		hwpc_out_u64(o, key, (uint64_t)llroundl((long double)ns));
}

static void put_hz(struct hwpc_out *o, const char *key, double hz)
{
	if (hz > 0)
		hwpc_out_double(o, key, hz, 3);
	else
		hwpc_out_null(o, key);
}

void ptime_report_config(const struct ptime *p, const struct ptime_dev *t, struct hwpc_out *o)
{
	const struct hwpc_ptimer_config *cfg = &t->rate.ptimer;
	bool ptimer = t->tm.kind == HWPC_TIMER_PTIMER;
	if (!p->verbose)
		return;
	hwpc_out_str(o, "source", t->rate.source_name);
	if (ptimer && cfg->internal) {
		hwpc_out_double(o, "crystal_hz", (double)t->tm.pt.crystal_hz, 0);
		hwpc_out_u64(o, "internal_mul", cfg->internal_mul);
		hwpc_out_u64(o, "internal_div", cfg->internal_div);
	}
	put_hz(o, "source_hz", t->rate.source_hz);
	hwpc_out_str(o, "source_from", t->rate.source_from);
	if (ptimer) {
		hwpc_out_u64(o, "clock_mul", cfg->clock_mul);
		hwpc_out_u64(o, "clock_div", cfg->clock_div);
	}
}

/* Every record ends here: an error is the writer's (the report cannot be
 * written), which ends the run whatever the devices do. */
int ptime_end_record(struct ptime *p)
{
	struct hwpc_err err;
	p->records++;
	return hwpc_out_end(p->o, &err) ? cli_fail_err(&err) : 0;
}

int ptime_read_once(struct ptime *p)
{
	struct hwpc_err err;
	struct hwpc_out *o = p->o;
	uint64_t raw;
	unsigned retries;
	char desc[256];

	for (size_t i = 0; i < p->n; i++) {
		struct ptime_dev *t = &p->d[i];
		if (t->failed)
			continue;
		if (hwpc_timer_read(&t->tm, &raw, &retries, &err)) {
			ptime_dev_fail(p, i, &err);
			continue;
		}
		uint64_t ticks = hwpc_timer_ticks(&t->tm, raw);
		ptime_tag(p, i);
		hwpc_out_record(o, "timer");
		hwpc_out_hex(o, "raw", raw, 16);
		hwpc_out_u64(o, "ticks", ticks);
		ptime_put_ns(o, "ns", ptime_ticks_ns(t, ticks));
		put_hz(o, "tick_hz", t->rate.tick_hz);
		if (t->have_alarm) {
			hwpc_out_u64(o, "alarm_ticks", t->alarm_ticks);
			ptime_put_ns(o, "alarm_in_ns", ptime_ticks_ns(t, t->alarm_in_ticks));
		}
		if (p->verbose) {
			hwpc_dev_describe(t->tm.dev, desc, sizeof desc);
			hwpc_out_str(o, "description", desc);
		}
		ptime_report_config(p, t, o);
		if (p->verbose) {
			hwpc_out_u64(o, "retries", retries);
			hwpc_out_str(o, "timer", t->tm.name);
		}
		int rc = ptime_end_record(p);
		if (rc)
			return rc;
	}
	return 0;
}

static volatile sig_atomic_t stop;
static void on_signal(int sig)
{
	(void)sig;
	stop = 1;
}

/* OpenMetrics keeps the latest value of each series until the writer
 * finishes: with -o, each sample's exposition replaces the file. */
static int publish_sample(struct ptime *p)
{
	if (p->fmt != HWPC_FMT_OPENMETRICS || !p->output)
		return 0;
	int rc = ptime_out_close(p, true);
	p->rotated = true;
	return rc ? rc : ptime_out_open(p);
}

/* Something suspect about device t's figures (why, said for people): a
 * warning, or with --strict the device's failure (exit 3; its records
 * are out already). */
static void suspect(struct ptime *p, struct ptime_dev *t, const char *why)
{
	struct hwpc_err err;
	const char *name = p->n + p->devs.failed > 1 ? t->name : NULL;
	if (!p->strict) {
		cli_warn("%s%s%s", name ? name : "", name ? ": " : "", why);
		return;
	}
	hwpc_err_set(&err, HWPC_ELOST, "%s%s%s (--strict)", name ? name : "", name ? ": " : "", why);
	t->failed = true;
	p->failures++;
	p->last_fail = cli_fail_err(&err);
}

/* Each sample reads every device in turn.  Each device has its own
 * sampler: a host clock's wait sleeps once for all (the later ones are
 * already due), and each virtual simulator clock is advanced. */
int ptime_sample(struct ptime *p, uint64_t interval_ns, bool have_count, uint64_t count)
{
	static const struct hwpc_col cols[] = { { "sample", 6 }, { "elapsed_ns", 12 }, { "host_ns", 16 },
						{ "raw", 18 }, { "ticks", 14 }, { "ns", 14 },
						{ "delta_ticks", 11 } };
	struct hwpc_err err;
	struct hwpc_sampler *smp = calloc(p->n, sizeof *smp);
	uint64_t *prev = calloc(p->n, sizeof *prev);
	int rc = 0;

	if (!smp || !prev) {
		rc = cli_fail(HWPC_EOP, "out of memory");
		goto done;
	}
	if (hwpc_out_table(p->o, cols, sizeof cols / sizeof cols[0], &err)) {
		rc = cli_fail_err(&err);
		goto done;
	}
	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);
	for (size_t i = 0; i < p->n; i++)
		if (!p->d[i].failed)
			hwpc_sampler_start(&smp[i], p->d[i].tm.dev, interval_ns);
	uint64_t k;
	for (k = 0; !rc && !stop && (!have_count || k < count) && p->failures < p->n; k++) {
		for (size_t i = 0; k && i < p->n && !stop; i++)
			if (!p->d[i].failed && hwpc_sampler_wait(&smp[i], k, &err))
				ptime_dev_fail(p, i, &err);
		if (stop)
			break;
		for (size_t i = 0; !rc && i < p->n; i++) {
			struct ptime_dev *t = &p->d[i];
			uint64_t raw;
			if (t->failed)
				continue;
			uint64_t elapsed = hwpc_sampler_elapsed_ns(&smp[i]);
			if (hwpc_timer_read(&t->tm, &raw, NULL, &err)) {
				ptime_dev_fail(p, i, &err);
				continue;
			}
			uint64_t host = hwpc_host_now_ns();
			uint64_t ticks = hwpc_timer_ticks(&t->tm, raw);
			ptime_tag(p, i);
			hwpc_out_record(p->o, "timer_sample");
			hwpc_out_u64(p->o, "sample", k);
			hwpc_out_u64(p->o, "elapsed_ns", elapsed);
			hwpc_out_u64(p->o, "host_ns", host);
			hwpc_out_hex(p->o, "raw", raw, 16);
			hwpc_out_u64(p->o, "ticks", ticks);
			ptime_put_ns(p->o, "ns", ptime_ticks_ns(t, ticks));
			if (k)
				hwpc_out_u64(p->o, "delta_ticks", (ticks - prev[i]) & hwpc_timer_mask(&t->tm));
			else
				hwpc_out_null(p->o, "delta_ticks");
			prev[i] = ticks;
			rc = ptime_end_record(p);
		}
		if (!rc && (!have_count || k + 1 < count))
			rc = publish_sample(p);
		if (p->o)
			fflush(p->of.fp);
	}
	/* Sampling that fell behind says so (--strict: exit 3). */
	for (size_t i = 0; !rc && k > 1 && i < p->n; i++) {
		char why[256];
		if (!p->d[i].failed && hwpc_sampler_behind(&smp[i], k - 1, hwpc_sampler_elapsed_ns(&smp[i]), why, sizeof why))
			suspect(p, &p->d[i], why);
	}
done:
	free(smp);
	free(prev);
	return rc;
}

/* Read the timer, with the time it corresponds to: the device's, or with
 * host the host's; at[] are the timestamps just before and after the
 * read (may be NULL). */
static int stamp(struct ptime_dev *t, bool host, uint64_t *ticks, uint64_t *time, uint64_t at[2],
		 struct hwpc_err *err)
{
	/* A first read, thrown away, lets the simulator catch its models up
	 * (milliseconds of CPU after a sleep); the timed read that follows is
	 * then as quick as on hardware, and the midpoint of the times around
	 * it is the moment it sampled. */
	uint64_t raw;
	if (hwpc_timer_read(&t->tm, &raw, NULL, err))
		return err->status;
	uint64_t a = host ? hwpc_host_now_ns() : hwpc_dev_now_ns(t->tm.dev);
	if (hwpc_timer_read(&t->tm, &raw, NULL, err))
		return err->status;
	uint64_t b = host ? hwpc_host_now_ns() : hwpc_dev_now_ns(t->tm.dev);
	*time = a + (b - a) / 2;
	if (at)
		at[0] = a, at[1] = b;
	*ticks = hwpc_timer_ticks(&t->tm, raw);
	return 0;
}

/* What --measure keeps of a device between its two stamps. */
struct span {
	uint64_t t0, h0, lag0, at0[2];
	bool can_lag;
	struct hwpc_sampler smp;
};

/* The devices are measured over the same time: each is stamped, then
 * each waits on its own clock (a host clock's later waits are already
 * due; a virtual one is advanced), then each is stamped again. */
int ptime_measure(struct ptime *p, uint64_t measure_ns)
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
		if (stamp(t, false, &sp[i].t0, &sp[i].h0, sp[i].at0, &err)) {
			ptime_dev_fail(p, i, &err);
			continue;
		}
		/* The lag is read after the first stamp has caught the device
		 * up: what lagged before the measurement does not count. */
		sp[i].can_lag = hwpc_dev_lag_ns(t->tm.dev, &sp[i].lag0);
		hwpc_sampler_start(&sp[i].smp, t->tm.dev, measure_ns);
	}
	for (size_t i = 0; i < p->n; i++)
		if (!p->d[i].failed && hwpc_sampler_wait(&sp[i].smp, 1, &err))
			ptime_dev_fail(p, i, &err);
	for (size_t i = 0; !rc && i < p->n; i++) {
		struct ptime_dev *t = &p->d[i];
		struct hwpc_out *o = p->o;
		uint64_t t1, h1, lag1 = 0, at1[2];
		if (t->failed)
			continue;
		if (stamp(t, false, &t1, &h1, at1, &err)) {
			ptime_dev_fail(p, i, &err);
			continue;
		}
		hwpc_dev_lag_ns(t->tm.dev, &lag1);
		uint64_t lag = lag1 - sp[i].lag0;
		uint64_t dt = (t1 - sp[i].t0) & hwpc_timer_mask(&t->tm);
		uint64_t dh = h1 - sp[i].h0;
		if (dt == 0 || dh == 0) {
			hwpc_err_set(&err, HWPC_EOP, "the timer did not advance in %.3f s%s", (double)dh / 1e9,
				     t->tm.kind == HWPC_TIMER_PTIMER && t->rate.ptimer.clock_mul == 0 ? " (CLOCK_MUL is 0)"
												     : "");
			ptime_dev_fail(p, i, &err);
			continue;
		}
		/* The rate over the reads' midpoints, as uncertain as the
		 * timestamps around them, a tick, and the time the device
		 * skipped (hwpc_rate_from). */
		struct hwpc_rate rt;
		hwpc_rate_from(sp[i].at0, at1, dt, 1, lag, &rt);
		double hz = (double)dt * 1e9 / (double)dh;
		ptime_tag(p, i);
		hwpc_out_record(o, "timer_rate");
		hwpc_out_double(o, "seconds", (double)dh / 1e9, 6);
		hwpc_out_u64(o, "ticks", dt);
		hwpc_out_measured(o, "measured_hz", hz, rt.uncertainty_hz, 3);
		put_hz(o, "configured_hz", t->rate.tick_hz);
		if (t->rate.tick_hz > 0)
			hwpc_out_double(o, "error_ppm", (hz - t->rate.tick_hz) / t->rate.tick_hz * 1e6, 3);
		else
			hwpc_out_null(o, "error_ppm");
		if (isfinite(rt.uncertainty_ppm))
			hwpc_out_double(o, "uncertainty_ppm", rt.uncertainty_ppm, 3);
		else
			hwpc_out_null(o, "uncertainty_ppm");
		if (sp[i].can_lag) /* a realtime simulator: how much of the run it skipped */
			hwpc_out_u64(o, "lag_ns", lag);
		else
			hwpc_out_null(o, "lag_ns");
		ptime_report_config(p, t, o);
		if ((rc = ptime_end_record(p)))
			continue;
		/* The record says how uncertain the rate is; --strict holds it to
		 * a bound.  A device that skipped time it could not simulate fast
		 * enough measured less of the run than asked (pcsim(1),
		 * "PCOUNTER engines"). */
		char why[256];
		if (lag) {
			snprintf(why, sizeof why, p->strict ? "the device's time lagged %.6f s behind realtime during "
				 "the measurement" : "the device's time lagged %.6f s behind realtime during the "
				 "measurement; the rate covers %.6f s of the %.6f s asked", (double)lag / 1e9,
				 (double)dh / 1e9, (double)measure_ns / 1e9);
			suspect(p, t, why);
		} else if (!(rt.uncertainty_ppm <= HWPC_RATE_STRICT_PPM) && p->strict) {
			snprintf(why, sizeof why, "the rate is uncertain by %.0f ppm, past %.0f ppm: the reads at the "
				 "window's ends took that long (a loaded machine, or too short a --measure)",
				 rt.uncertainty_ppm, HWPC_RATE_STRICT_PPM);
			suspect(p, t, why);
		}
	}
	free(sp);
	return rc;
}

/* The command runs in host time: device time is reported beside it, for
 * every device, read just before and just after it. */
int ptime_run_command(struct ptime *p, char **cmd)
{
	struct hwpc_err err;
	uint64_t *t0 = calloc(p->n, sizeof *t0), *h0 = calloc(p->n, sizeof *h0);
	int rc = 0;

	if (!t0 || !h0) {
		rc = cli_fail(HWPC_EOP, "out of memory");
		goto done;
	}
	fflush(NULL);
	for (size_t i = 0; i < p->n; i++)
		if (!p->d[i].failed && stamp(&p->d[i], true, &t0[i], &h0[i], NULL, &err))
			ptime_dev_fail(p, i, &err);
	if (p->failures == p->n)
		goto done; /* nothing to time it with */
	struct cli_cmd_run run;
	if ((rc = cli_cmd_start(&run, cmd)))
		goto done; /* no report: nothing ran */
	cli_cmd_finish(&run);
	p->cmd_status = run.status;
	for (size_t i = 0; !rc && i < p->n; i++) {
		struct ptime_dev *t = &p->d[i];
		struct hwpc_out *o = p->o;
		uint64_t t1, h1;
		if (t->failed)
			continue;
		if (stamp(t, true, &t1, &h1, NULL, &err)) {
			ptime_dev_fail(p, i, &err);
			continue;
		}
		uint64_t dt = (t1 - t0[i]) & hwpc_timer_mask(&t->tm);
		double ns = ptime_ticks_ns(t, dt);
		ptime_tag(p, i);
		hwpc_out_record(o, "timed_command");
		hwpc_out_str(o, "command", cmd[0]);
		hwpc_out_i64(o, "status", p->cmd_status);
		hwpc_out_u64(o, "ticks", dt);
		ptime_put_ns(o, "ns", ns);
		hwpc_out_u64(o, "host_ns", h1 - h0[i]);
		if (!isnan(ns) && h1 > h0[i])
			hwpc_out_double(o, "device_host_ratio", ns / (double)(h1 - h0[i]), 6);
		else
			hwpc_out_null(o, "device_host_ratio");
		rc = ptime_end_record(p);
	}
done:
	free(t0);
	free(h0);
	return rc;
}
