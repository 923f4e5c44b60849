/* ptime: read a device's timer (PTIMER on NVIDIA chips, the wall clock of a
 * Tensix tile), measure its rate, set PTIMER's alarm and clock, and time a
 * command in device time.  See ptime(1). */
#include "common/opt.h"

#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static const char *const usage[] = {
	"ptime [-d SPEC] [-v] [--format text|json|csv] [-o FILE] [--source-hz HZ]",
	"      [--measure DURATION | -i INTERVAL [-n COUNT]]",
	"      [--alarm +DURATION|+Nt|@TICKS] [--wait-alarm [--timeout DURATION]]",
	"      [--set-ratio MUL/DIV] [--set-source internal[=MUL/DIV]|external]",
	"      [--dry-run] [--force] [-- COMMAND [ARGS...]]",
	NULL,
};

struct opts {
	const char *device, *output;
	bool verbose, dry_run, force, wait_alarm;
	enum hwpc_format fmt;
	double source_hz;
	uint64_t measure_ns, interval_ns, count, timeout_ns;
	bool have_interval, have_count;
	const char *alarm, *ratio, *source;
	char **cmd;
};

static struct hwpc_timer tm;
static struct hwpc_timer_rate rate;
static struct hwpc_ptimer *const pt = &tm.pt;          /* PTIMER only */
static const struct hwpc_ptimer_config *const cfg = &rate.ptimer; /* PTIMER only */
static FILE *out;

static uint64_t mono_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static void sleep_ns(uint64_t ns)
{
	struct timespec ts = { (time_t)(ns / 1000000000u), (long)(ns % 1000000000u) };
	while (nanosleep(&ts, &ts) && errno == EINTR)
		;
}

/* ticks -> ns at the configured rate; NAN when the rate is unknown. */
static double ticks_ns(uint64_t ticks)
{
	return rate.tick_hz > 0 ? (double)((long double)ticks * 1e9L / (long double)rate.tick_hz) : NAN;
}

static void put_ns(struct hwpc_out *o, const char *key, double ns)
{
	if (isnan(ns))
		hwpc_out_null(o, key);
	else
		hwpc_out_u64(o, key, (uint64_t)llroundl((long double)ns));
}

static int set_source_hz(const struct cli_opt *opt, const char *v, void *ctx)
{
	struct opts *o = ctx;
	char *end;
	o->source_hz = strtod(v, &end);
	if (*end == 'k' || *end == 'M' || *end == 'G')
		o->source_hz *= *end == 'k' ? 1e3 : *end == 'M' ? 1e6 : 1e9, end++;
	if (*end || !(o->source_hz > 0) || !isfinite(o->source_hz))
		return cli_fail(HWPC_EINPUT, "--source-hz: bad frequency '%s' (e.g. 27M or 100000000)", v);
	return 0;
}

static int parse_args(int argc, char **argv, struct opts *o)
{
	bool have_measure = false;
	const struct cli_opt opts[] = {
		CLI_OPT_DEVICE(&o->device),
		CLI_OPT_VERBOSE(&o->verbose, "show how the tick rate is derived"),
		CLI_OPT_FORMAT(&o->fmt, CLI_FMT_RECORDS, "text (default), json (JSON Lines) or csv"),
		CLI_OPT_OUTPUT(&o->output, "write the report to FILE"),
		{ .kind = CLI_CALL, .lname = "source-hz", .arg = "HZ", .call = set_source_hz, .noun = "frequency",
		  .help = "frequency of the clock PTIMER counts, when hwpc cannot know it" },
		{ .kind = CLI_DURATION, .lname = "measure", .arg = "DUR", .dest = &o->measure_ns, .seen = &have_measure,
		  .noun = "duration", .help = "measure the tick rate against CLOCK_MONOTONIC for DUR (error in ppm)" },
		CLI_OPT_INTERVAL(&o->interval_ns, &o->have_interval),
		CLI_OPT_COUNT(&o->count, &o->have_count),
		{ .kind = CLI_STR, .lname = "alarm", .arg = "WHEN", .dest = &o->alarm, .noun = "alarm time",
		  .help = "set the alarm: +DURATION from now, +Nt ticks from now, @TICKS" },
		{ .kind = CLI_FLAG, .lname = "wait-alarm", .dest = &o->wait_alarm, .help = "wait until INTR.ALARM is set" },
		{ .kind = CLI_DURATION, .lname = "timeout", .arg = "DUR", .dest = &o->timeout_ns, .noun = "duration",
		  .help = "give up waiting after DUR (default 60s)" },
		{ .kind = CLI_STR, .lname = "set-ratio", .arg = "M/D", .dest = &o->ratio, .noun = "ratio",
		  .help = "set CLOCK_MUL/CLOCK_DIV (tick = source * M / D)" },
		{ .kind = CLI_STR, .lname = "set-source", .arg = "SRC", .dest = &o->source, .noun = "clock source",
		  .help = "NV41+: internal[=MUL/DIV] (crystal * MUL / DIV) or external" },
		{ .kind = CLI_FLAG, .lname = "dry-run", .dest = &o->dry_run, .help = "print the planned writes, write nothing" },
		{ .kind = CLI_FLAG, .lname = "force", .dest = &o->force,
		  .help = "allow MUL 0 (stops the counter) and unknown registers" },
		CLI_OPT_HELP,
		CLI_OPT_VERSION,
		CLI_OPT_END,
	};
	static const struct cli_rel rels[] = {
		{ CLI_CONFLICT, "--measure", "-i", NULL },
		{ CLI_NEEDS, "-n", "-i", NULL },
		{ CLI_NEEDS, "--dry-run", "--set-ratio --set-source --alarm", NULL },
		{ CLI_CONFLICT, "--dry-run", "--wait-alarm --measure -i", "it only plans writes" },
		{ 0 },
	};
	const struct cli_cmd cmd = {
		.name = "ptime", .usage = usage, .opts = opts, .rels = rels, .args_after_dashdash = true,
		.max_args = -1, .about = "Read the GPU timer: raw 64-bit value, ticks and nanoseconds.",
		.footer = "  -- COMMAND...           run COMMAND; report GPU time beside host time\n",
	};
	int first, nargs, rc;

	o->timeout_ns = 60000000000ULL;
	if ((rc = cli_parse(&cmd, argc, argv, 1, o, &first, &nargs)))
		return rc;
	if (nargs)
		o->cmd = argv + first;
	/* A command is neither an option nor a value: checked here. */
	if (o->cmd && (o->measure_ns || o->have_interval || o->wait_alarm))
		return cli_fail(HWPC_EINPUT, "-- COMMAND cannot be combined with --measure, -i or --wait-alarm");
	if (o->cmd && o->dry_run)
		return cli_fail(HWPC_EINPUT, "--dry-run and -- COMMAND cannot be combined: it only plans writes");
	return 0;
}

/* "M/D" with 16-bit-range checks left to the library. */
static int parse_ratio(const char *s, const char *what, uint64_t *mul, uint64_t *div)
{
	struct hwpc_err err;
	char buf[64];
	const char *slash = strchr(s, '/');
	if (!slash || (size_t)(slash - s) >= sizeof buf)
		return cli_fail(HWPC_EINPUT, "%s: expected MUL/DIV, got '%s'", what, s);
	memcpy(buf, s, (size_t)(slash - s));
	buf[slash - s] = 0;
	if (hwpc_parse_u64(buf, UINT32_MAX, what, mul, &err) ||
	    hwpc_parse_u64(slash + 1, UINT32_MAX, what, div, &err))
		return cli_fail_err(&err);
	return 0;
}

static void report_config(struct hwpc_out *o, bool verbose)
{
	if (!verbose)
		return;
	bool ptimer = tm.kind == HWPC_TIMER_PTIMER;
	hwpc_out_str(o, "source", rate.source_name);
	if (ptimer && cfg->internal) {
		hwpc_out_u64(o, "crystal_hz", pt->crystal_hz);
		hwpc_out_u64(o, "internal_mul", cfg->internal_mul);
		hwpc_out_u64(o, "internal_div", cfg->internal_div);
	}
	if (rate.source_hz > 0)
		hwpc_out_double(o, "source_hz", rate.source_hz, 3);
	else
		hwpc_out_null(o, "source_hz");
	hwpc_out_str(o, "source_from", rate.source_from);
	if (ptimer) {
		hwpc_out_u64(o, "clock_mul", cfg->clock_mul);
		hwpc_out_u64(o, "clock_div", cfg->clock_div);
	}
}

static int read_once(struct hwpc_out *o, const struct opts *op, struct hwpc_dev *dev)
{
	struct hwpc_err err;
	uint64_t raw;
	unsigned retries;
	char desc[256];

	if (hwpc_timer_read(&tm, &raw, &retries, &err))
		return cli_fail_err(&err);
	hwpc_out_begin(o);
	if (op->verbose) {
		hwpc_dev_describe(dev, desc, sizeof desc);
		hwpc_out_str(o, "device", desc);
	}
	hwpc_out_hex(o, "raw", raw, 16);
	hwpc_out_u64(o, "ticks", hwpc_timer_ticks(&tm, raw));
	put_ns(o, "ns", ticks_ns(hwpc_timer_ticks(&tm, raw)));
	if (rate.tick_hz > 0)
		hwpc_out_double(o, "tick_hz", rate.tick_hz, 3);
	else
		hwpc_out_null(o, "tick_hz");
	report_config(o, op->verbose);
	if (op->verbose) {
		hwpc_out_u64(o, "retries", retries);
		hwpc_out_str(o, "timer", tm.name);
	}
	return hwpc_out_end(o, &err) ? cli_fail_err(&err) : 0;
}

static volatile sig_atomic_t stop;
static void on_signal(int sig)
{
	(void)sig;
	stop = 1;
}

static int sample(struct hwpc_out *o, const struct opts *op)
{
	static const struct hwpc_col cols[] = { { "sample", 6 }, { "host_ns", 12 }, { "raw", 18 },
						{ "ticks", 14 }, { "ns", 14 }, { "delta_ticks", 11 } };
	struct hwpc_err err;
	uint64_t start = mono_ns(), prev = 0;

	if (hwpc_out_table(o, cols, sizeof cols / sizeof cols[0], &err))
		return cli_fail_err(&err);
	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);
	for (uint64_t i = 0; !stop && (!op->have_count || i < op->count); i++) {
		uint64_t raw;
		if (i)
			sleep_ns(op->interval_ns - (mono_ns() - start) % op->interval_ns);
		if (stop)
			break;
		uint64_t t = mono_ns() - start;
		if (hwpc_timer_read(&tm, &raw, NULL, &err))
			return cli_fail_err(&err);
		uint64_t ticks = hwpc_timer_ticks(&tm, raw);
		hwpc_out_begin(o);
		hwpc_out_u64(o, "sample", i);
		hwpc_out_u64(o, "host_ns", t);
		hwpc_out_hex(o, "raw", raw, 16);
		hwpc_out_u64(o, "ticks", ticks);
		put_ns(o, "ns", ticks_ns(ticks));
		if (i)
			hwpc_out_u64(o, "delta_ticks", (ticks - prev) & hwpc_timer_mask(&tm));
		else
			hwpc_out_null(o, "delta_ticks");
		prev = ticks;
		if (hwpc_out_end(o, &err))
			return cli_fail_err(&err);
		fflush(out);
	}
	return 0;
}

/* Read the timer, with the host time it corresponds to. */
static int stamp(uint64_t *ticks, uint64_t *host, struct hwpc_err *err)
{
	/* A first read, thrown away, lets the simulator catch its models up
	 * (milliseconds of CPU after a sleep); the timed read that follows is
	 * then as quick as on hardware, and the midpoint of the host times
	 * around it is the moment it sampled. */
	uint64_t raw;
	if (hwpc_timer_read(&tm, &raw, NULL, err))
		return err->status;
	uint64_t a = mono_ns();
	if (hwpc_timer_read(&tm, &raw, NULL, err))
		return err->status;
	uint64_t b = mono_ns();
	*host = a + (b - a) / 2;
	*ticks = hwpc_timer_ticks(&tm, raw);
	return 0;
}

static int measure(struct hwpc_out *o, const struct opts *op)
{
	struct hwpc_err err;
	uint64_t t0, h0, t1, h1;
	if (stamp(&t0, &h0, &err))
		return cli_fail_err(&err);
	sleep_ns(op->measure_ns);
	if (stamp(&t1, &h1, &err))
		return cli_fail_err(&err);
	uint64_t dt = (t1 - t0) & hwpc_timer_mask(&tm);
	if (dt == 0)
		return cli_fail(HWPC_EOP, "the timer did not advance in %.3f s%s", (double)(h1 - h0) / 1e9,
				tm.kind == HWPC_TIMER_PTIMER && cfg->clock_mul == 0 ? " (CLOCK_MUL is 0)"
				: hwpc_sim_is_virtual(tm.dev) ? " (the simulator's virtual clock only moves with "
								  "pcsim advance)"
							      : "");
	double hz = (double)dt * 1e9 / (double)(h1 - h0);
	hwpc_out_begin(o);
	hwpc_out_double(o, "seconds", (double)(h1 - h0) / 1e9, 6);
	hwpc_out_u64(o, "ticks", dt);
	hwpc_out_double(o, "measured_hz", hz, 3);
	if (rate.tick_hz > 0) {
		hwpc_out_double(o, "configured_hz", rate.tick_hz, 3);
		hwpc_out_double(o, "error_ppm", (hz - rate.tick_hz) / rate.tick_hz * 1e6, 3);
	} else {
		hwpc_out_null(o, "configured_hz");
		hwpc_out_null(o, "error_ppm");
	}
	report_config(o, op->verbose);
	return hwpc_out_end(o, &err) ? cli_fail_err(&err) : 0;
}

static int run_command(struct hwpc_out *o, const struct opts *op)
{
	struct hwpc_err err;
	uint64_t t0, h0, t1, h1;
	int status = 0, rc;

	fflush(NULL);
	if (stamp(&t0, &h0, &err))
		return cli_fail_err(&err);
	pid_t pid = fork();
	if (pid < 0)
		return cli_fail(HWPC_EOP, "cannot run %s: %s", op->cmd[0], strerror(errno));
	if (pid == 0) {
		execvp(op->cmd[0], op->cmd);
		fprintf(stderr, "%s: cannot run %s: %s\n", cli_prog, op->cmd[0], strerror(errno));
		_exit(errno == ENOENT ? 127 : 126);
	}
	signal(SIGINT, SIG_IGN); /* the command gets ^C; we report after it */
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	if (stamp(&t1, &h1, &err))
		return cli_fail_err(&err);
	rc = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
	uint64_t dt = (t1 - t0) & hwpc_timer_mask(&tm);
	hwpc_out_begin(o);
	hwpc_out_str(o, "command", op->cmd[0]);
	hwpc_out_i64(o, "status", rc);
	hwpc_out_u64(o, "gpu_ticks", dt);
	put_ns(o, "gpu_ns", ticks_ns(dt));
	hwpc_out_u64(o, "host_ns", h1 - h0);
	if (rate.tick_hz > 0)
		hwpc_out_double(o, "gpu_host_ratio", ticks_ns(dt) / (double)(h1 - h0), 6);
	else
		hwpc_out_null(o, "gpu_host_ratio");
	if (hwpc_out_end(o, &err))
		return cli_fail_err(&err);
	return rc;
}

static int plan_writes(struct hwpc_wplan *plan, const struct opts *op, uint64_t *alarm_at)
{
	struct hwpc_err err;
	if (op->source) {
		bool internal = !strncmp(op->source, "internal", 8);
		uint64_t m = 0, d = 0;
		if (internal && op->source[8] == '=') {
			if (parse_ratio(op->source + 9, "--set-source internal=", &m, &d))
				return HWPC_EINPUT;
			if (!m || !d || m > 256 || d > 16)
				return cli_fail(HWPC_EINPUT, "--set-source internal=%s: MUL must be 1..256 and DIV 1..16",
						op->source + 9);
		} else if (!(internal && !op->source[8]) && strcmp(op->source, "external")) {
			return cli_fail(HWPC_EINPUT, "--set-source: expected internal, internal=MUL/DIV or external, got '%s'",
					op->source);
		}
		if (hwpc_ptimer_plan_source(pt, internal, (unsigned)m, (unsigned)d, plan, &err))
			return cli_fail_err(&err);
	}
	if (op->ratio) {
		uint64_t m, d;
		if (parse_ratio(op->ratio, "--set-ratio", &m, &d))
			return HWPC_EINPUT;
		if (hwpc_ptimer_plan_ratio(pt, m, d, op->force, plan, &err))
			return cli_fail_err(&err);
	}
	if (op->alarm) {
		uint64_t raw, now, target;
		if (hwpc_ptimer_read(pt, &raw, NULL, &err))
			return cli_fail_err(&err);
		now = hwpc_ptimer_ticks(pt, raw);
		const char *a = op->alarm;
		size_t n = strlen(a);
		if (a[0] == '@') {
			if (hwpc_parse_u64(a + 1, (1ULL << pt->counter_bits) - 1, "--alarm @TICKS", &target, &err))
				return cli_fail_err(&err);
		} else if (a[0] == '+' && n > 2 && a[n - 1] == 't') {
			char buf[32];
			uint64_t d;
			if (n - 2 >= sizeof buf)
				return cli_fail(HWPC_EINPUT, "--alarm: '%s' is too long", a);
			memcpy(buf, a + 1, n - 2);
			buf[n - 2] = 0;
			if (hwpc_parse_u64(buf, hwpc_ptimer_alarm_period(pt) - 1, "--alarm +Nt", &d, &err))
				return cli_fail_err(&err);
			target = now + d;
		} else if (a[0] == '+') {
			uint64_t ns;
			if (hwpc_parse_duration_ns(a + 1, 0, "--alarm", &ns, &err))
				return cli_fail_err(&err);
			if (!(rate.tick_hz > 0))
				return cli_fail(HWPC_EINPUT, "--alarm %s: the tick rate is unknown (give --source-hz, "
						"or ticks as +Nt)", a);
			long double d = (long double)ns * rate.tick_hz / 1e9L;
			if (d >= (long double)hwpc_ptimer_alarm_period(pt))
				return cli_fail(HWPC_EINPUT, "--alarm %s: more than the alarm's range of %llu ticks", a,
						(unsigned long long)hwpc_ptimer_alarm_period(pt) - 1);
			target = now + (uint64_t)llroundl(d);
		} else {
			return cli_fail(HWPC_EINPUT, "--alarm: expected +DURATION, +Nt or @TICKS, got '%s'", a);
		}
		*alarm_at = target;
		if (hwpc_ptimer_plan_alarm(pt, target, plan, &err))
			return cli_fail_err(&err);
	}
	return 0;
}

/* Options that program PTIMER have no meaning on other timers. */
static int ptimer_only(const struct opts *op, struct hwpc_dev *dev)
{
	const char *opt = op->ratio ? "--set-ratio" : op->source ? "--set-source" : op->alarm ? "--alarm"
			  : op->wait_alarm ? "--wait-alarm" : NULL;
	if (!opt)
		return 0;
	return cli_fail(HWPC_EINPUT, "%s: %s has no PTIMER; its %s has no clock ratio, source or alarm",
			opt, dev->chip->name, tm.name);
}

static int wait_alarm(struct hwpc_out *o, const struct opts *op)
{
	struct hwpc_err err;
	uint64_t start = mono_ns();
	bool pending = false;
	for (;;) {
		if (hwpc_ptimer_alarm_pending(pt, &pending, &err))
			return cli_fail_err(&err);
		if (pending)
			break;
		if (hwpc_sim_is_virtual(tm.dev))
			return cli_fail(HWPC_EOP, "the alarm has not fired, and the simulator's virtual clock only "
				       "moves with pcsim advance");
		if (mono_ns() - start >= op->timeout_ns)
			return cli_fail(HWPC_EOP, "timed out after %.3f s waiting for the alarm",
					(double)op->timeout_ns / 1e9);
		sleep_ns(200000);
	}
	uint64_t raw;
	if (hwpc_ptimer_read(pt, &raw, NULL, &err))
		return cli_fail_err(&err);
	hwpc_out_begin(o);
	hwpc_out_str(o, "alarm", "fired");
	hwpc_out_u64(o, "ticks", hwpc_ptimer_ticks(pt, raw));
	put_ns(o, "ns", ticks_ns(hwpc_ptimer_ticks(pt, raw)));
	hwpc_out_u64(o, "waited_ns", mono_ns() - start);
	return hwpc_out_end(o, &err) ? cli_fail_err(&err) : 0;
}

int main(int argc, char **argv)
{
	struct opts op = { 0 };
	struct hwpc_regdb *db;
	struct hwpc_dev *dev;
	struct hwpc_err err;
	int rc;

	cli_init("ptime");
	if ((rc = parse_args(argc, argv, &op)))
		return rc;
	bool writes = op.alarm || op.ratio || op.source;
	unsigned flags = (writes && !op.dry_run ? HWPC_OPEN_WRITE : HWPC_OPEN_READ) |
			 (op.force ? HWPC_OPEN_FORCE : 0);
	if ((rc = cli_open(op.device, flags, &db, &dev)))
		return rc;
	hwpc_sim_set_verbose(dev, op.verbose);
	out = stdout;
	if (op.output && !(out = fopen(op.output, "w"))) {
		rc = cli_fail(HWPC_EOP, "cannot write %s: %s", op.output, strerror(errno));
		goto done;
	}
	struct hwpc_out *o = hwpc_out_new(out, op.fmt, &err);
	if (!o || hwpc_timer_open(&tm, dev, &err) || hwpc_timer_rate(&tm, op.source_hz, &rate, &err)) {
		rc = cli_fail_err(&err);
		hwpc_out_free(o);
		goto done;
	}
	if (tm.kind != HWPC_TIMER_PTIMER && (rc = ptimer_only(&op, dev))) {
		hwpc_out_free(o);
		goto done;
	}
	if (cfg->warn) {
		char w[512];
		hwpc_ptimer_warn_text(cfg->warn, w, sizeof w);
		cli_warn("%s", w);
	}
	if (writes) {
		struct hwpc_wplan plan;
		uint64_t alarm_at = 0;
		hwpc_wplan_init(&plan, dev);
		rc = plan_writes(&plan, &op, &alarm_at);
		if (!rc && op.dry_run)
			rc = hwpc_wplan_print(&plan, o, &err) ? cli_fail_err(&err) : 0;
		else if (!rc && hwpc_wplan_apply(&plan, &err))
			rc = cli_fail_err(&err);
		hwpc_wplan_free(&plan);
		/* Report the clock as it now is. */
		if (!rc && !op.dry_run && hwpc_timer_rate(&tm, op.source_hz, &rate, &err))
			rc = cli_fail_err(&err);
		if (!rc && !op.dry_run && (op.ratio || op.source) && cfg->warn) {
			char w[512];
			hwpc_ptimer_warn_text(cfg->warn, w, sizeof w);
			cli_warn("%s", w);
		}
	}
	if (!rc && !op.dry_run) {
		if (op.wait_alarm)
			rc = wait_alarm(o, &op);
		else if (op.measure_ns)
			rc = measure(o, &op);
		else if (op.have_interval)
			rc = sample(o, &op);
		else if (op.cmd)
			rc = run_command(o, &op);
		else
			rc = read_once(o, &op, dev);
	}
	if (hwpc_out_finish(o, &err) && !rc)
		rc = cli_fail_err(&err);
	hwpc_out_free(o);
done:
	if (out && out != stdout)
		fclose(out);
	cli_close(db, dev);
	return rc;
}
