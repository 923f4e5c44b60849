/* SPDX-License-Identifier: MIT */
/* ptime: read a device's timer (PTIMER on NVIDIA chips, the wall clock of a
 * Tensix tile), measure its rate, set PTIMER's alarm and clock, and time a
 * command in device time.  See ptime(1). */
#include "ptime.h"
#include "common/opt.h"
#include "common/runcmd.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const usage[] = {
	"ptime [-d SPEC]... [-v] [--format text|json|csv|openmetrics] [-o FILE] [--source-hz HZ]",
	"      [--measure DURATION | -i INTERVAL [-n COUNT]] [--strict]",
	"      [--alarm +DURATION|+Nt|@TICKS] [--wait-alarm [--timeout DURATION]]",
	"      [--set-ratio MUL/DIV] [--set-source internal[=MUL/DIV]|external]",
	"      [--dry-run] [--force] [-- COMMAND [ARGS...]]",
	NULL,
};

struct opts {
	const char *devices[CLI_MAX_DEVICE_ARGS];
	unsigned ndevices;
	const char *output;
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
		{ .kind = CLI_LIST, .sname = 'd', .lname = "device", .arg = "SPEC", .dest = o->devices,
		  .count = &o->ndevices, .max = CLI_MAX_DEVICE_ARGS, .noun = "device spec",
		  .help = "device: 0, 01:00.0, sim:CHIP[,key=value...] or all; repeatable" },
		CLI_OPT_VERBOSE(&o->verbose, "show how the tick rate is derived"),
		CLI_OPT_FORMAT(&o->fmt, CLI_FMT_RECORDS | CLI_FMT(HWPC_FMT_OPENMETRICS),
			       "text (default), json (JSON Lines), csv or openmetrics"),
		CLI_OPT_OUTPUT(&o->output, "write the report to FILE (replaced whole, when complete)"),
		{ .kind = CLI_CALL, .lname = "source-hz", .arg = "HZ", .call = set_source_hz, .noun = "frequency",
		  .help = "frequency of the clock PTIMER counts, when hwpc cannot know it" },
		{ .kind = CLI_DURATION, .lname = "measure", .arg = "DUR", .dest = &o->measure_ns, .seen = &have_measure,
		  .noun = "duration", .help = "measure the tick rate against CLOCK_MONOTONIC for DUR (error, uncertainty in ppm)" },
		{ .kind = CLI_FLAG, .lname = "strict", .dest = &o->strict,
		  .help = "exit 3 when --measure is uncertain past 1000 ppm or lagged, or -i fell behind" },
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
		{ CLI_NEEDS, "--strict", "--measure -i", NULL },
		{ CLI_NEEDS, "--dry-run", "--set-ratio --set-source --alarm", NULL },
		{ CLI_CONFLICT, "--dry-run", "--wait-alarm --measure -i", "it only plans writes" },
		{ 0 },
	};
	const struct cli_cmd cmd = {
		.name = "ptime", .usage = usage, .opts = opts, .rels = rels, .args_after_dashdash = true,
		.max_args = -1, .about = "Read the GPU timer: raw 64-bit value, ticks and nanoseconds.",
		.footer = "  -- COMMAND...           run COMMAND; report device time beside host time on stderr\n",
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

static int plan_writes(struct ptime_dev *t, struct hwpc_wplan *plan, const struct opts *op, struct hwpc_err *err)
{
	struct hwpc_ptimer *pt = &t->tm.pt;
	if (op->source) {
		bool internal;
		unsigned m, d;
		if (hwpc_ptimer_parse_source(pt, op->source, &internal, &m, &d, err) ||
		    hwpc_ptimer_plan_source(pt, internal, m, d, plan, err))
			return err->status;
	}
	if (op->ratio) {
		uint64_t m, d;
		if (hwpc_ptimer_parse_ratio(op->ratio, "--set-ratio", &m, &d, err) ||
		    hwpc_ptimer_plan_ratio(pt, m, d, op->force, plan, err))
			return err->status;
	}
	if (op->alarm) {
		uint64_t raw, target;
		if (hwpc_ptimer_read(pt, &raw, NULL, err) ||
		    hwpc_ptimer_parse_alarm(pt, op->alarm, hwpc_ptimer_ticks(pt, raw), t->rate.tick_hz, &target, err) ||
		    hwpc_ptimer_plan_alarm(pt, target, plan, err))
			return err->status;
		/* The comparison is modulo the alarm period, so a target behind
		 * the counter fires after it wraps. */
		uint64_t period = hwpc_ptimer_alarm_period(pt);
		t->have_alarm = true;
		t->alarm_ticks = target;
		t->alarm_in_ticks = (target - hwpc_ptimer_ticks(pt, raw)) % period;
	}
	return 0;
}

/* Options that program PTIMER have no meaning on other timers. */
static int ptimer_only(const struct ptime_dev *t, const struct opts *op, struct hwpc_err *err)
{
	const char *opt = op->ratio ? "--set-ratio" : op->source ? "--set-source" : op->alarm ? "--alarm"
			  : op->wait_alarm ? "--wait-alarm" : NULL;
	if (!opt || t->tm.kind == HWPC_TIMER_PTIMER)
		return 0;
	return hwpc_err_set(err, HWPC_EINPUT, "%s: %s has no PTIMER; its %s has no clock ratio, source or alarm",
			    opt, t->tm.dev->chip->name, t->tm.name);
}

static void warn_config(const struct ptime *p, const struct ptime_dev *t)
{
	if (t->rate.ptimer.warn) {
		char w[512];
		hwpc_ptimer_warn_text(t->rate.ptimer.warn, w, sizeof w);
		if (p->n + p->devs.failed > 1)
			cli_warn("%s: %s", t->name, w);
		else
			cli_warn("%s", w);
	}
}

/* --set-ratio, --set-source, --alarm on device i: planned, printed
 * (--dry-run) or written; then the clock as it now is. */
static int write_config(struct ptime *p, size_t i, const struct opts *op)
{
	struct ptime_dev *t = &p->d[i];
	struct hwpc_err err;
	struct hwpc_wplan plan;
	hwpc_wplan_init(&plan, t->tm.dev);
	ptime_tag(p, i);
	int rc = plan_writes(t, &plan, op, &err);
	if (!rc && op->dry_run)
		rc = hwpc_wplan_print(&plan, p->o, &err);
	else if (!rc)
		rc = hwpc_wplan_apply(&plan, &err);
	hwpc_wplan_free(&plan);
	if (!rc && !op->dry_run)
		rc = hwpc_timer_rate(&t->tm, op->source_hz, &t->rate, &err);
	if (rc)
		return ptime_dev_fail(p, i, &err);
	if (!op->dry_run && (op->ratio || op->source))
		warn_config(p, t);
	return 0;
}

/* Where the modes' records have no place for the alarm (a read shows it,
 * --wait-alarm when it fired): say it on stderr, where it does not
 * disturb a table. */
static void say_alarm(const struct ptime *p, const struct ptime_dev *t)
{
	char who[300] = "";
	if (p->n + p->devs.failed > 1)
		snprintf(who, sizeof who, "%s: ", t->name);
	double in_ns = ptime_ticks_ns(t, t->alarm_in_ticks);
	if (isnan(in_ns))
		fprintf(stderr, "ptime: %salarm set at tick %llu (the tick rate is unknown)\n", who,
			(unsigned long long)t->alarm_ticks);
	else
		fprintf(stderr, "ptime: %salarm set at tick %llu, %.0f ns from now\n", who,
			(unsigned long long)t->alarm_ticks, in_ns);
}

int ptime_out_open(struct ptime *p)
{
	struct hwpc_err err;
	int rc = cli_outfile_open(&p->of, p->output);
	if (rc)
		return rc;
	if (!p->output)
		p->of.fp = p->fallback; /* stdout, or stderr beside a command */
	if (!(p->o = hwpc_out_new(p->of.fp, p->fmt, &err))) {
		cli_outfile_close(&p->of, false);
		return cli_fail_err(&err);
	}
	hwpc_out_set_command(p->o, "ptime");
	cli_devices_writer(&p->devs, p->o);
	p->records = 0;
	return 0;
}

int ptime_out_close(struct ptime *p, bool ok)
{
	struct hwpc_err err;
	int rc = 0;
	if (!p->o)
		return 0;
	/* -i with OpenMetrics to a file: a writer reopened for a sample that
	 * never came leaves the last sample's file in place. */
	if (p->rotated && !p->records)
		ok = false;
	if (hwpc_out_finish(p->o, &err)) {
		rc = cli_fail_err(&err);
		ok = false;
	}
	hwpc_out_free(p->o);
	p->o = NULL;
	if (p->of.fp == p->fallback && !p->output)
		p->of.fp = stdout; /* what cli_outfile_close flushes */
	int crc = cli_outfile_close(&p->of, ok);
	return rc ? rc : crc;
}

void ptime_tag(struct ptime *p, size_t i)
{
	cli_devices_tag(&p->devs, i, p->o);
}

int ptime_dev_fail(struct ptime *p, size_t i, const struct hwpc_err *err)
{
	if (!p->d[i].failed) {
		p->d[i].failed = true;
		p->failures++;
	}
	p->last_fail = err->status;
	if (p->n + p->devs.failed > 1)
		return cli_fail(err->status, "%s: %s", p->d[i].name, err->msg);
	return cli_fail_err(err);
}

int main(int argc, char **argv)
{
	static struct ptime p;
	struct opts op = { 0 };
	struct hwpc_err err;
	int rc;

	cli_init("ptime");
	if ((rc = parse_args(argc, argv, &op)))
		return rc;
	bool writes = op.alarm || op.ratio || op.source;
	unsigned flags = (writes && !op.dry_run ? HWPC_OPEN_WRITE : HWPC_OPEN_READ) |
			 (op.force ? HWPC_OPEN_FORCE : 0) | (op.verbose ? HWPC_OPEN_VERBOSE : 0);
	if ((rc = cli_devices_open(op.devices, op.ndevices, flags, &p.devs)))
		return rc;
	p.n = p.devs.n;
	if (!(p.d = calloc(p.n, sizeof *p.d))) {
		cli_devices_close(&p.devs);
		return cli_fail(HWPC_EOP, "out of memory");
	}
	p.verbose = op.verbose;
	p.strict = op.strict;
	p.fmt = op.fmt;
	p.output = op.output;
	/* A command's report never mixes with its output (perf stat does the
	 * same). */
	p.fallback = op.cmd ? stderr : stdout;
	for (size_t i = 0; i < p.n; i++) {
		struct ptime_dev *t = &p.d[i];
		t->name = p.devs.v[i].name;
		if (hwpc_timer_open(&t->tm, p.devs.v[i].dev, &err) ||
		    hwpc_timer_rate(&t->tm, op.source_hz, &t->rate, &err) || ptimer_only(t, &op, &err))
			ptime_dev_fail(&p, i, &err);
		else
			warn_config(&p, t);
	}
	if (p.failures < p.n && !(rc = ptime_out_open(&p))) {
		for (size_t i = 0; writes && i < p.n; i++)
			if (!p.d[i].failed)
				write_config(&p, i, &op);
		bool table = op.measure_ns || op.have_interval || op.cmd;
		for (size_t i = 0; !op.dry_run && table && i < p.n; i++)
			if (!p.d[i].failed && p.d[i].have_alarm)
				say_alarm(&p, &p.d[i]);
		if (p.failures < p.n && !op.dry_run) {
			if (op.wait_alarm)
				rc = ptime_wait_alarm(&p, op.timeout_ns);
			else if (op.measure_ns)
				rc = ptime_measure(&p, op.measure_ns);
			else if (op.have_interval)
				rc = ptime_sample(&p, op.interval_ns, op.have_count, op.count);
			else if (op.cmd)
				rc = ptime_run_command(&p, op.cmd);
			else
				rc = ptime_read_once(&p);
		}
		/* -o FILE is replaced when some device's report is in it (a
		 * command that could not be started has none). */
		int crc = ptime_out_close(&p, p.failures < p.n && rc != CLI_CMD_CANNOT_RUN);
		if (crc && !rc)
			rc = crc;
	}
	/* rc: a failure of the whole run (the report could not be written);
	 * a device's failure is counted, and the others go on. */
	int status;
	if (rc)
		status = rc;
	else if (op.cmd && !p.failures && !p.devs.failed)
		status = p.cmd_status;
	else
		status = cli_devices_status(&p.devs, p.failures, p.last_fail);
	free(p.d);
	cli_devices_close(&p.devs);
	return status;
}
