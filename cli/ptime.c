/* ptime: read a device's timer (PTIMER on NVIDIA chips, the wall clock of a
 * Tensix tile), measure its rate, set PTIMER's alarm and clock, and time a
 * command in device time.  See ptime(1). */
#include "ptime.h"

#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char usage[] =
	"usage: ptime [-d SPEC] [-v] [--format text|json|csv] [-o FILE] [--source-hz HZ]\n"
	"             [--measure SECONDS | -i INTERVAL [-n COUNT]]\n"
	"             [--alarm +DURATION|+Nt|@TICKS] [--wait-alarm [--timeout DURATION]]\n"
	"             [--set-ratio MUL/DIV] [--set-source internal[=MUL/DIV]|external]\n"
	"             [--dry-run] [--force] [-- COMMAND [ARGS...]]\n"
	"Read the GPU timer: raw 64-bit value, ticks and nanoseconds.\n"
	"  -d, --device SPEC     0, 01:00.0 or sim:CHIP[,key=value...] (default $HWPC_DEVICE)\n"
	"  -v, --verbose         show how the tick rate is derived\n"
	"      --format FMT      text (default), json (JSON Lines) or csv\n"
	"  -o, --output FILE     write the report to FILE\n"
	"      --source-hz HZ    frequency of the clock PTIMER counts, when hwpc cannot know it\n"
	"      --measure SECONDS measure the tick rate against CLOCK_MONOTONIC (error in ppm)\n"
	"  -i, --interval DUR    sample every DUR (bare number: milliseconds)\n"
	"  -n, --count N         number of samples with -i (default: until interrupted)\n"
	"      --alarm WHEN      set the alarm: +DURATION from now, +Nt ticks from now, @TICKS\n"
	"      --wait-alarm      wait until INTR.ALARM is set\n"
	"      --timeout DUR     give up waiting after DUR (default 60s)\n"
	"      --set-ratio M/D   set CLOCK_MUL/CLOCK_DIV (tick = source * M / D)\n"
	"      --set-source SRC  NV41+: internal[=MUL/DIV] (crystal * MUL / DIV) or external\n"
	"      --dry-run         print the planned writes, write nothing\n"
	"      --force           allow MUL 0 (stops the counter) and unknown registers\n"
	"  -- COMMAND...         run COMMAND; report GPU time beside host time\n"
	"  -h, --help, -V, --version\n";

enum { OPT_FORMAT = 256, OPT_SOURCE_HZ, OPT_MEASURE, OPT_ALARM, OPT_WAIT, OPT_TIMEOUT, OPT_RATIO,
       OPT_SOURCE, OPT_DRY, OPT_FORCE };

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

static int parse_args(int argc, char **argv, struct opts *o)
{
	static const struct option longopts[] = {
		{ "device", required_argument, NULL, 'd' },  { "verbose", no_argument, NULL, 'v' },
		{ "format", required_argument, NULL, OPT_FORMAT }, { "output", required_argument, NULL, 'o' },
		{ "source-hz", required_argument, NULL, OPT_SOURCE_HZ },
		{ "measure", required_argument, NULL, OPT_MEASURE },
		{ "interval", required_argument, NULL, 'i' }, { "count", required_argument, NULL, 'n' },
		{ "alarm", required_argument, NULL, OPT_ALARM }, { "wait-alarm", no_argument, NULL, OPT_WAIT },
		{ "timeout", required_argument, NULL, OPT_TIMEOUT },
		{ "set-ratio", required_argument, NULL, OPT_RATIO },
		{ "set-source", required_argument, NULL, OPT_SOURCE },
		{ "dry-run", no_argument, NULL, OPT_DRY }, { "force", no_argument, NULL, OPT_FORCE },
		{ "help", no_argument, NULL, 'h' },           { "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	struct hwpc_err err;
	int c;

	o->timeout_ns = 60000000000ULL;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "+:d:vo:i:n:hV", longopts, NULL)) != -1) {
		switch (c) {
		case 'd': o->device = optarg; break;
		case 'v': o->verbose = true; break;
		case 'o': o->output = optarg; break;
		case OPT_FORMAT:
			if (hwpc_format_parse(optarg, &o->fmt, &err) || o->fmt == HWPC_FMT_TRACE)
				return o->fmt == HWPC_FMT_TRACE
					       ? cli_fail(HWPC_EINPUT, "--format trace is not supported by ptime "
								       "(text, json or csv)")
					       : cli_fail_err(&err);
			break;
		case OPT_SOURCE_HZ: {
			char *end;
			o->source_hz = strtod(optarg, &end);
			if (*end == 'k' || *end == 'M' || *end == 'G')
				o->source_hz *= *end == 'k' ? 1e3 : *end == 'M' ? 1e6 : 1e9, end++;
			if (*end || !(o->source_hz > 0) || !isfinite(o->source_hz))
				return cli_fail(HWPC_EINPUT, "--source-hz: bad frequency '%s' (e.g. 27M or 100000000)",
						optarg);
			break;
		}
		case OPT_MEASURE:
			if (hwpc_parse_duration_ns(optarg, 1000000000, 0, "--measure", &o->measure_ns, &err))
				return cli_fail_err(&err);
			break;
		case 'i':
			if (hwpc_parse_duration_ns(optarg, 1000000, 0, "-i", &o->interval_ns, &err))
				return cli_fail_err(&err);
			o->have_interval = true;
			break;
		case 'n':
			if (hwpc_parse_u64(optarg, UINT32_MAX, "-n", &o->count, &err))
				return cli_fail_err(&err);
			if (o->count == 0)
				return cli_fail(HWPC_EINPUT, "-n: count must be at least 1");
			o->have_count = true;
			break;
		case OPT_ALARM: o->alarm = optarg; break;
		case OPT_WAIT: o->wait_alarm = true; break;
		case OPT_TIMEOUT:
			if (hwpc_parse_duration_ns(optarg, 1000000000, 0, "--timeout", &o->timeout_ns, &err))
				return cli_fail_err(&err);
			break;
		case OPT_RATIO: o->ratio = optarg; break;
		case OPT_SOURCE: o->source = optarg; break;
		case OPT_DRY: o->dry_run = true; break;
		case OPT_FORCE: o->force = true; break;
		case 'h': fputs(usage, stdout); exit(0);
		case 'V': cli_version(); exit(0);
		default: return cli_bad_option(c, argv);
		}
	}
	if (optind < argc)
		o->cmd = argv + optind;
	if (o->cmd && strcmp(argv[optind - 1], "--"))
		return cli_fail(HWPC_EINPUT, "unexpected argument '%s' (put a command after --)", argv[optind]);
	/* Modes that cannot be combined. */
	bool writes = o->alarm || o->ratio || o->source;
	if (o->measure_ns && o->have_interval)
		return cli_fail(HWPC_EINPUT, "--measure and -i cannot be combined");
	if (o->have_count && !o->have_interval)
		return cli_fail(HWPC_EINPUT, "-n needs -i");
	if (o->cmd && (o->measure_ns || o->have_interval || o->wait_alarm))
		return cli_fail(HWPC_EINPUT, "-- COMMAND cannot be combined with --measure, -i or --wait-alarm");
	if (o->dry_run && !writes)
		return cli_fail(HWPC_EINPUT, "--dry-run needs a writing option (--set-ratio, --set-source, --alarm)");
	if (o->dry_run && (o->wait_alarm || o->measure_ns || o->have_interval || o->cmd))
		return cli_fail(HWPC_EINPUT, "--dry-run only plans writes; it cannot be combined with waiting, "
			       "measuring, sampling or a command");
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
		if (!rc && !op.dry_run) {
			if (op.wait_alarm)
				rc = ptime_wait_alarm(&p, o, op.timeout_ns);
			else if (op.measure_ns)
				rc = ptime_measure(&p, o, op.measure_ns);
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
