/* SPDX-License-Identifier: MIT */
/* ptime: read a device's timer (PTIMER on NVIDIA chips, the wall clock of a
 * Tensix tile), measure its rate, set PTIMER's alarm and clock, and time a
 * command in device time.  See ptime(1). */
#include "ptime_mode.h"
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

/* The modes, the first the options ask for wins. */
static const struct ptime_mode *const modes[] = {
	&ptime_wait_alarm, &ptime_measure, &ptime_sample, &ptime_command, &ptime_read,
};

static int set_source_hz(const struct cli_opt *opt, const char *v, void *ctx)
{
	struct ptime_opts *o = ctx;
	char *end;
	o->source_hz = strtod(v, &end);
	if (*end == 'k' || *end == 'M' || *end == 'G')
		o->source_hz *= *end == 'k' ? 1e3 : *end == 'M' ? 1e6 : 1e9, end++;
	if (*end || !(o->source_hz > 0) || !isfinite(o->source_hz))
		return cli_fail(HWPC_EINPUT, "--source-hz: bad frequency '%s' (e.g. 27M or 100000000)", v);
	return 0;
}

static int parse_args(int argc, char **argv, struct ptime_opts *o)
{
	int dd;
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
		.name = "ptime", .usage = usage, .opts = opts, .rels = rels, .args_after_dashdash = true, .dashdash_at = &dd,
		.max_args = -1, .about = "Read the GPU timer: raw 64-bit value, ticks and nanoseconds.",
		.footer = "  -- COMMAND...           run COMMAND; report device time beside host time on stderr\n",
	};
	int first, nargs, rc;

	o->timeout_ns = 60000000000ULL;
	if ((rc = cli_parse(&cmd, argc, argv, 1, o, &first, &nargs)))
		return rc;
	/* "--" and nothing after it is a command forgotten, not a plain read */
	if (dd >= 0 && !nargs)
		return cli_fail(HWPC_EINPUT, "-- needs a command after it (ptime [-d SPEC]... -- COMMAND [ARGS...])");
	if (nargs)
		o->cmd = argv + first;
	/* A command is neither an option nor a value: checked here. */
	if (o->cmd && (o->measure_ns || o->have_interval || o->wait_alarm))
		return cli_fail(HWPC_EINPUT, "-- COMMAND cannot be combined with --measure, -i or --wait-alarm");
	if (o->cmd && o->dry_run)
		return cli_fail(HWPC_EINPUT, "--dry-run and -- COMMAND cannot be combined: it only plans writes");
	return 0;
}

/* Every device's timer and its rate; a device that fails is reported and
 * left out. */
static void open_timers(struct ptime *p)
{
	struct hwpc_err err;
	for (size_t i = 0; i < p->n; i++) {
		struct ptime_dev *t = &p->d[i];
		t->name = p->devs.v[i].name;
		if (hwpc_timer_open(&t->tm, p->devs.v[i].dev, &err) ||
		    hwpc_timer_rate(&t->tm, p->op->source_hz, &t->rate, &err) || ptime_only_ptimer(t, p->op, &err))
			ptime_dev_fail(p, i, &err);
		else
			ptime_warn_config(p, t);
	}
}

/* The writes asked for, then the mode, on one report. */
static int run(struct ptime *p)
{
	const struct ptime_opts *op = p->op;
	int rc = ptime_out_open(p);
	if (rc)
		return rc;
	if (op->alarm || op->ratio || op->source)
		ptime_config(p);
	if (!op->dry_run && (op->measure_ns || op->have_interval || op->cmd))
		ptime_say_alarms(p);
	const struct ptime_mode *m = modes[0];
	for (size_t i = 0; !m->asked(op); i++)
		m = modes[i + 1];
	if (p->failures < p->n && !op->dry_run)
		rc = m->run(p);
	/* -o FILE is replaced when some device's report is in it (a command
	 * that could not be started has none). */
	int crc = ptime_out_close(p, p->failures < p->n && rc != CLI_CMD_CANNOT_RUN);
	return rc ? rc : crc;
}

int main(int argc, char **argv)
{
	static struct ptime p;
	struct ptime_opts op = { 0 };
	int rc;

	cli_init("ptime");
	if ((rc = parse_args(argc, argv, &op)))
		return rc;
	bool writes = op.alarm || op.ratio || op.source;
	unsigned flags = (writes && !op.dry_run ? HWPC_OPEN_WRITE : HWPC_OPEN_READ) |
			 (op.force ? HWPC_OPEN_FORCE : 0) | (op.verbose ? HWPC_OPEN_VERBOSE : 0);
	if ((rc = cli_devices_open(op.devices, op.ndevices, flags, &p.devs)))
		return rc;
	p.op = &op;
	p.n = p.devs.n;
	if (!(p.d = calloc(p.n, sizeof *p.d))) {
		cli_devices_close(&p.devs);
		return cli_fail(HWPC_EOP, "out of memory");
	}
	/* A command's report never mixes with its output (perf stat does the
	 * same). */
	p.fallback = op.cmd ? stderr : stdout;
	open_timers(&p);
	rc = p.failures < p.n ? run(&p) : 0;
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
