/* SPDX-License-Identifier: MIT */
/* ptime's reading modes: one read, sampling every interval, the tick rate
 * measured, a command timed, waiting for the alarm.  Waits go through the
 * device's clock (hwpc/sampler.h): a virtual simulator clock is advanced by
 * -i and --measure as any other sampling advances it. */
#include "ptime.h"

#include <errno.h>
#include <math.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

double ptime_ticks_ns(const struct ptime *p, uint64_t ticks)
{
	return p->rate.tick_hz > 0 ? (double)((long double)ticks * 1e9L / (long double)p->rate.tick_hz) : NAN;
}

void ptime_put_ns(struct hwpc_out *o, const char *key, double ns)
{
	if (isnan(ns))
		hwpc_out_null(o, key);
	else
		hwpc_out_u64(o, key, (uint64_t)llroundl((long double)ns));
}

void ptime_report_config(const struct ptime *p, struct hwpc_out *o)
{
	const struct hwpc_ptimer_config *cfg = &p->rate.ptimer;
	bool ptimer = p->tm.kind == HWPC_TIMER_PTIMER;
	if (!p->verbose)
		return;
	hwpc_out_str(o, "source", p->rate.source_name);
	if (ptimer && cfg->internal) {
		hwpc_out_u64(o, "crystal_hz", p->tm.pt.crystal_hz);
		hwpc_out_u64(o, "internal_mul", cfg->internal_mul);
		hwpc_out_u64(o, "internal_div", cfg->internal_div);
	}
	if (p->rate.source_hz > 0)
		hwpc_out_double(o, "source_hz", p->rate.source_hz, 3);
	else
		hwpc_out_null(o, "source_hz");
	hwpc_out_str(o, "source_from", p->rate.source_from);
	if (ptimer) {
		hwpc_out_u64(o, "clock_mul", cfg->clock_mul);
		hwpc_out_u64(o, "clock_div", cfg->clock_div);
	}
}

int ptime_read_once(struct ptime *p, struct hwpc_out *o)
{
	struct hwpc_err err;
	uint64_t raw;
	unsigned retries;
	char desc[256];

	if (hwpc_timer_read(&p->tm, &raw, &retries, &err))
		return cli_fail_err(&err);
	hwpc_out_begin(o);
	if (p->verbose) {
		hwpc_dev_describe(p->tm.dev, desc, sizeof desc);
		hwpc_out_str(o, "device", desc);
	}
	hwpc_out_hex(o, "raw", raw, 16);
	hwpc_out_u64(o, "ticks", hwpc_timer_ticks(&p->tm, raw));
	ptime_put_ns(o, "ns", ptime_ticks_ns(p, hwpc_timer_ticks(&p->tm, raw)));
	if (p->rate.tick_hz > 0)
		hwpc_out_double(o, "tick_hz", p->rate.tick_hz, 3);
	else
		hwpc_out_null(o, "tick_hz");
	if (p->have_alarm) {
		hwpc_out_u64(o, "alarm_ticks", p->alarm_ticks);
		ptime_put_ns(o, "alarm_in_ns", ptime_ticks_ns(p, p->alarm_in_ticks));
	}
	ptime_report_config(p, o);
	if (p->verbose) {
		hwpc_out_u64(o, "retries", retries);
		hwpc_out_str(o, "timer", p->tm.name);
	}
	return hwpc_out_end(o, &err) ? cli_fail_err(&err) : 0;
}

static volatile sig_atomic_t stop;
static void on_signal(int sig)
{
	(void)sig;
	stop = 1;
}

int ptime_sample(struct ptime *p, struct hwpc_out *o, uint64_t interval_ns, bool have_count, uint64_t count)
{
	static const struct hwpc_col cols[] = { { "sample", 6 }, { "host_ns", 12 }, { "raw", 18 },
						{ "ticks", 14 }, { "ns", 14 }, { "delta_ticks", 11 } };
	struct hwpc_err err;
	struct hwpc_sampler smp;
	uint64_t prev = 0;

	if (hwpc_out_table(o, cols, sizeof cols / sizeof cols[0], &err))
		return cli_fail_err(&err);
	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);
	hwpc_sampler_start(&smp, p->tm.dev, interval_ns);
	for (uint64_t i = 0; !stop && (!have_count || i < count); i++) {
		uint64_t raw;
		if (i && hwpc_sampler_wait(&smp, i, &err))
			return cli_fail_err(&err);
		if (stop)
			break;
		uint64_t t = hwpc_sampler_elapsed_ns(&smp);
		if (hwpc_timer_read(&p->tm, &raw, NULL, &err))
			return cli_fail_err(&err);
		uint64_t ticks = hwpc_timer_ticks(&p->tm, raw);
		hwpc_out_begin(o);
		hwpc_out_u64(o, "sample", i);
		hwpc_out_u64(o, "host_ns", t);
		hwpc_out_hex(o, "raw", raw, 16);
		hwpc_out_u64(o, "ticks", ticks);
		ptime_put_ns(o, "ns", ptime_ticks_ns(p, ticks));
		if (i)
			hwpc_out_u64(o, "delta_ticks", (ticks - prev) & hwpc_timer_mask(&p->tm));
		else
			hwpc_out_null(o, "delta_ticks");
		prev = ticks;
		if (hwpc_out_end(o, &err))
			return cli_fail_err(&err);
		fflush(p->out);
	}
	return 0;
}

/* Read the timer, with the time it corresponds to: the device's, or with
 * host the host's. */
static int stamp(struct ptime *p, bool host, uint64_t *ticks, uint64_t *t, struct hwpc_err *err)
{
	/* A first read, thrown away, lets the simulator catch its models up
	 * (milliseconds of CPU after a sleep); the timed read that follows is
	 * then as quick as on hardware, and the midpoint of the times around
	 * it is the moment it sampled. */
	uint64_t raw;
	if (hwpc_timer_read(&p->tm, &raw, NULL, err))
		return err->status;
	uint64_t a = host ? hwpc_host_now_ns() : hwpc_dev_now_ns(p->tm.dev);
	if (hwpc_timer_read(&p->tm, &raw, NULL, err))
		return err->status;
	uint64_t b = host ? hwpc_host_now_ns() : hwpc_dev_now_ns(p->tm.dev);
	*t = a + (b - a) / 2;
	*ticks = hwpc_timer_ticks(&p->tm, raw);
	return 0;
}

int ptime_measure(struct ptime *p, struct hwpc_out *o, uint64_t measure_ns)
{
	struct hwpc_err err;
	uint64_t t0, h0, t1, h1;
	/* The lag is read after the first stamp has caught the device up:
	 * what lagged before the measurement does not count against it. */
	uint64_t lag0 = 0, lag1 = 0;
	if (stamp(p, false, &t0, &h0, &err))
		return cli_fail_err(&err);
	bool can_lag = hwpc_dev_lag_ns(p->tm.dev, &lag0);
	if (hwpc_dev_wait_ns(p->tm.dev, measure_ns, &err) || stamp(p, false, &t1, &h1, &err))
		return cli_fail_err(&err);
	hwpc_dev_lag_ns(p->tm.dev, &lag1);
	uint64_t lag = lag1 - lag0;
	uint64_t dt = (t1 - t0) & hwpc_timer_mask(&p->tm);
	if (dt == 0 || h1 == h0)
		return cli_fail(HWPC_EOP, "the timer did not advance in %.3f s%s", (double)(h1 - h0) / 1e9,
				p->tm.kind == HWPC_TIMER_PTIMER && p->rate.ptimer.clock_mul == 0 ? " (CLOCK_MUL is 0)"
												 : "");
	double hz = (double)dt * 1e9 / (double)(h1 - h0);
	hwpc_out_begin(o);
	hwpc_out_double(o, "seconds", (double)(h1 - h0) / 1e9, 6);
	hwpc_out_u64(o, "ticks", dt);
	hwpc_out_double(o, "measured_hz", hz, 3);
	if (p->rate.tick_hz > 0) {
		hwpc_out_double(o, "configured_hz", p->rate.tick_hz, 3);
		hwpc_out_double(o, "error_ppm", (hz - p->rate.tick_hz) / p->rate.tick_hz * 1e6, 3);
	} else {
		hwpc_out_null(o, "configured_hz");
		hwpc_out_null(o, "error_ppm");
	}
	if (can_lag) /* a realtime simulator: how much of the run it skipped */
		hwpc_out_u64(o, "lag_ns", lag);
	ptime_report_config(p, o);
	if (hwpc_out_end(o, &err))
		return cli_fail_err(&err);
	if (!lag)
		return 0;
	/* The device skipped time it could not simulate fast enough: the
	 * measurement covers less of the run than asked (pcsim(1), "Realtime"). */
	if (p->strict)
		return cli_fail(HWPC_ELOST, "the device's time lagged %.6f s behind realtime during the measurement "
					    "(--strict)", (double)lag / 1e9);
	cli_warn("the device's time lagged %.6f s behind realtime during the measurement; the rate covers "
		 "%.6f s of the %.6f s asked", (double)lag / 1e9, (double)(h1 - h0) / 1e9, (double)measure_ns / 1e9);
	return 0;
}

/* The command runs in host time: GPU time is reported beside it. */
int ptime_run_command(struct ptime *p, struct hwpc_out *o, char **cmd)
{
	struct hwpc_err err;
	uint64_t t0, h0, t1, h1;
	int status = 0, rc;

	fflush(NULL);
	if (stamp(p, true, &t0, &h0, &err))
		return cli_fail_err(&err);
	pid_t pid = fork();
	if (pid < 0)
		return cli_fail(HWPC_EOP, "cannot run %s: %s", cmd[0], strerror(errno));
	if (pid == 0) {
		execvp(cmd[0], cmd);
		fprintf(stderr, "%s: cannot run %s: %s\n", cli_prog, cmd[0], strerror(errno));
		_exit(errno == ENOENT ? 127 : 126);
	}
	signal(SIGINT, SIG_IGN); /* the command gets ^C; we report after it */
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	if (stamp(p, true, &t1, &h1, &err))
		return cli_fail_err(&err);
	rc = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
	uint64_t dt = (t1 - t0) & hwpc_timer_mask(&p->tm);
	hwpc_out_begin(o);
	hwpc_out_str(o, "command", cmd[0]);
	hwpc_out_i64(o, "status", rc);
	hwpc_out_u64(o, "gpu_ticks", dt);
	ptime_put_ns(o, "gpu_ns", ptime_ticks_ns(p, dt));
	hwpc_out_u64(o, "host_ns", h1 - h0);
	if (p->rate.tick_hz > 0)
		hwpc_out_double(o, "gpu_host_ratio", ptime_ticks_ns(p, dt) / (double)(h1 - h0), 6);
	else
		hwpc_out_null(o, "gpu_host_ratio");
	if (hwpc_out_end(o, &err))
		return cli_fail_err(&err);
	return rc;
}

/* The alarm is set by an earlier ptime: wait for it in host time, leaving
 * the device's clock alone - one that does not move by itself (a virtual
 * simulator clock) will never fire it. */
int ptime_wait_alarm(struct ptime *p, struct hwpc_out *o, uint64_t timeout_ns)
{
	struct hwpc_err err;
	struct hwpc_ptimer *pt = &p->tm.pt;
	uint64_t start = hwpc_host_now_ns();
	bool pending = false, moved;
	for (;;) {
		if (hwpc_ptimer_alarm_pending(pt, &pending, &err))
			return cli_fail_err(&err);
		if (pending)
			break;
		if (hwpc_host_now_ns() - start >= timeout_ns)
			return cli_fail(HWPC_EOP, "timed out after %.3f s waiting for the alarm",
					(double)timeout_ns / 1e9);
		hwpc_dev_pause_ns(p->tm.dev, 200000, &moved);
		if (!moved)
			return cli_fail(HWPC_EOP, "the alarm has not fired, and the device's clock is not moving (a "
				       "simulator's virtual clock only moves with pcsim advance)");
	}
	uint64_t raw;
	if (hwpc_ptimer_read(pt, &raw, NULL, &err))
		return cli_fail_err(&err);
	hwpc_out_begin(o);
	hwpc_out_str(o, "alarm", "fired");
	hwpc_out_u64(o, "ticks", hwpc_ptimer_ticks(pt, raw));
	ptime_put_ns(o, "ns", ptime_ticks_ns(p, hwpc_ptimer_ticks(pt, raw)));
	hwpc_out_u64(o, "waited_ns", hwpc_host_now_ns() - start);
	return hwpc_out_end(o, &err) ? cli_fail_err(&err) : 0;
}
