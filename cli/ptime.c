/* SPDX-License-Identifier: MIT */
/* ptime: read a device's timer (PTIMER on NVIDIA chips, the wall clock of a
 * Tensix tile), measure its rate, set PTIMER's alarm and clock, and time a
 * command in device time.  See ptime(1). */
#include "ptime.h"
#include "common/opt.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const usage[] = {
	"ptime [-d SPEC] [-v] [--format text|json|csv] [-o FILE] [--source-hz HZ]",
	"      [--measure DURATION [--strict] | -i INTERVAL [-n COUNT]]",
	"      [--alarm +DURATION|+Nt|@TICKS] [--wait-alarm [--timeout DURATION]]",
	"      [--set-ratio MUL/DIV] [--set-source internal[=MUL/DIV]|external]",
	"      [--dry-run] [--force] [-- COMMAND [ARGS...]]",
	NULL,
};

struct opts {
	const char *device, *output;
	bool verbose, dry_run, force, wait_alarm, strict;
	enum hwpc_format fmt;
	double source_hz;
	uint64_t measure_ns, interval_ns, count, timeout_ns;
	bool have_interval, have_count;
	const char *alarm, *ratio, *source;
	char **cmd;
};

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
		{ .kind = CLI_FLAG, .lname = "strict", .dest = &o->strict,
		  .help = "with --measure: exit 3 when the device's time lagged (a simulator that could not keep up)" },
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
		{ CLI_NEEDS, "--strict", "--measure", NULL },
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

static int plan_writes(struct ptime *p, struct hwpc_wplan *plan, const struct opts *op)
{
	struct hwpc_err err;
	struct hwpc_ptimer *pt = &p->tm.pt;
	if (op->source) {
		bool internal;
		unsigned m, d;
		if (hwpc_ptimer_parse_source(pt, op->source, &internal, &m, &d, &err) ||
		    hwpc_ptimer_plan_source(pt, internal, m, d, plan, &err))
			return cli_fail_err(&err);
	}
	if (op->ratio) {
		uint64_t m, d;
		if (hwpc_ptimer_parse_ratio(op->ratio, "--set-ratio", &m, &d, &err) ||
		    hwpc_ptimer_plan_ratio(pt, m, d, op->force, plan, &err))
			return cli_fail_err(&err);
	}
	if (op->alarm) {
		uint64_t raw, target;
		if (hwpc_ptimer_read(pt, &raw, NULL, &err) ||
		    hwpc_ptimer_parse_alarm(pt, op->alarm, hwpc_ptimer_ticks(pt, raw), p->rate.tick_hz, &target, &err) ||
		    hwpc_ptimer_plan_alarm(pt, target, plan, &err))
			return cli_fail_err(&err);
		/* The comparison is modulo the alarm period, so a target behind
		 * the counter fires after it wraps. */
		uint64_t period = hwpc_ptimer_alarm_period(pt);
		p->have_alarm = true;
		p->alarm_ticks = target;
		p->alarm_in_ticks = (target - hwpc_ptimer_ticks(pt, raw)) % period;
	}
	return 0;
}

/* Options that program PTIMER have no meaning on other timers. */
static int ptimer_only(const struct ptime *p, const struct opts *op, struct hwpc_dev *dev)
{
	const char *opt = op->ratio ? "--set-ratio" : op->source ? "--set-source" : op->alarm ? "--alarm"
			  : op->wait_alarm ? "--wait-alarm" : NULL;
	if (!opt)
		return 0;
	return cli_fail(HWPC_EINPUT, "%s: %s has no PTIMER; its %s has no clock ratio, source or alarm",
			opt, dev->chip->name, p->tm.name);
}

static void warn_config(const struct ptime *p)
{
	if (p->rate.ptimer.warn) {
		char w[512];
		hwpc_ptimer_warn_text(p->rate.ptimer.warn, w, sizeof w);
		cli_warn("%s", w);
	}
}

/* --set-ratio, --set-source, --alarm: planned, printed (--dry-run) or
 * written; then the clock as it now is. */
static int write_config(struct ptime *p, struct hwpc_out *o, const struct opts *op, struct hwpc_dev *dev)
{
	struct hwpc_err err;
	struct hwpc_wplan plan;
	hwpc_wplan_init(&plan, dev);
	int rc = plan_writes(p, &plan, op);
	if (!rc && op->dry_run)
		rc = hwpc_wplan_print(&plan, o, &err) ? cli_fail_err(&err) : 0;
	else if (!rc && hwpc_wplan_apply(&plan, &err))
		rc = cli_fail_err(&err);
	hwpc_wplan_free(&plan);
	if (!rc && !op->dry_run && hwpc_timer_rate(&p->tm, op->source_hz, &p->rate, &err))
		rc = cli_fail_err(&err);
	if (!rc && !op->dry_run && (op->ratio || op->source))
		warn_config(p);
	return rc;
}

int main(int argc, char **argv)
{
	static struct ptime p;
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
			 (op.force ? HWPC_OPEN_FORCE : 0) | (op.verbose ? HWPC_OPEN_VERBOSE : 0);
	if ((rc = cli_open(op.device, flags, &db, &dev)))
		return rc;
	p.verbose = op.verbose;
	p.out = stdout;
	if (op.output && !(p.out = fopen(op.output, "w"))) {
		rc = cli_fail(HWPC_EOP, "cannot write %s: %s", op.output, strerror(errno));
		goto done;
	}
	struct hwpc_out *o = hwpc_out_new(p.out, op.fmt, &err);
	if (!o || hwpc_timer_open(&p.tm, dev, &err) || hwpc_timer_rate(&p.tm, op.source_hz, &p.rate, &err)) {
		rc = cli_fail_err(&err);
	} else if (p.tm.kind == HWPC_TIMER_PTIMER || !(rc = ptimer_only(&p, &op, dev))) {
		warn_config(&p);
		if (writes)
			rc = write_config(&p, o, &op, dev);
		bool table = op.measure_ns || op.have_interval || op.cmd;
		if (!rc && !op.dry_run && p.have_alarm && table) {
			/* These modes' records have no place for it (a read shows
			 * it, --wait-alarm when it fired): say it on stderr,
			 * where it does not disturb a table. */
			double in_ns = ptime_ticks_ns(&p, p.alarm_in_ticks);
			if (isnan(in_ns))
				fprintf(stderr, "ptime: alarm set at tick %llu (the tick rate is unknown)\n",
					(unsigned long long)p.alarm_ticks);
			else
				fprintf(stderr, "ptime: alarm set at tick %llu, %.0f ns from now\n",
					(unsigned long long)p.alarm_ticks, in_ns);
		}
		if (!rc && !op.dry_run) {
			if (op.wait_alarm)
				rc = ptime_wait_alarm(&p, o, op.timeout_ns);
			else if (op.measure_ns) {
				p.strict = op.strict;
				rc = ptime_measure(&p, o, op.measure_ns);
			}
			else if (op.have_interval)
				rc = ptime_sample(&p, o, op.interval_ns, op.have_count, op.count);
			else if (op.cmd)
				rc = ptime_run_command(&p, o, op.cmd);
			else
				rc = ptime_read_once(&p, o);
		}
		if (hwpc_out_finish(o, &err) && !rc)
			rc = cli_fail_err(&err);
	}
	hwpc_out_free(o);
done:
	if (p.out && p.out != stdout)
		fclose(p.out);
	cli_close(db, dev);
	return rc;
}
