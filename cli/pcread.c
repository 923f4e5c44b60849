/* SPDX-License-Identifier: MIT */
/* pcread: read PCOUNTER domains: counters, states, flag and ratio; quad
 * sets with their ack; signal status and activity scans; any register by
 * name; interval sampling with 64-bit totals.  See pcread(1).  The modes
 * are rows of a table (pcread_mode.h), each in its file. */
#include "pcread_mode.h"
#include "common/scan.h"
#include "common/opt.h"
#include "common/setup_opts.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *const usage[] = {
	"pcread [-d SPEC|all]... [-D DOMAIN|all]... [--profile NAME] [--ack] [--expr]",
	"       [-i INTERVAL [-n COUNT]] [--strict] [--format text|json|csv|openmetrics|prometheus|trace] [-o FILE] [-v]",
	"pcread [-d SPEC]... [-D DOMAIN]... --signals | --scan DURATION",
	"pcread [-d SPEC]... --reg NAME[IDX][.FIELD]|GLOB|ADDR[.b|.w]|ADDR:LEN... | --list-regs [PATTERN]",
	"pcread --chip CHIPSET --list-regs [PATTERN] | --decode REG=VALUE...",
	"pcread [-d SPEC]... [-D DOMAIN] -f SETFILE -i INTERVAL [-n COUNT]",
	"pcread [-d SPEC] --snapshot [-o FILE] | --diff A [B] [--all] [--ignore GLOB]... [--format FMT]",
	"pcread [-d SPEC]... [-D DOMAIN]... [SETUP OPTIONS | -f FILE [--set NAME]] [--force] [-i INTERVAL]",
	"       [-o FILE] -- COMMAND [ARG...]",
	"pcread [-d SPEC]... [-D DOMAIN]... --clocks [--window DURATION] [--dry-run]",
	"pcread [-d SPEC|all]... [-D DOMAIN]... --serve [ADDR:]PORT [--ack [--trigger]] [-i DUR] [--timeout DUR] [--timestamps]",
	NULL,
};

/* The modes, the first the options ask for (and the device fits) wins. */
static const struct pcread_mode *const modes[] = {
	&pcread_serve,	     &pcread_decode_word, &pcread_decode_chip, &pcread_decode_dev, &pcread_snapshot,
	&pcread_diff_files,  &pcread_diff_dev,	  &pcread_list_chip,   &pcread_list_regs,  &pcread_read_regs,
	&pcread_watch,	     &pcread_clocks,	  &pcread_r10k,	       &pcread_command,	   &pcread_signals,
	&pcread_scan,
	&pcread_rotate,	     &pcread_counters,
};

/* A setup option for -- CMD (cli_setup_table), kept as given: what it
 * means depends on the device. */
static int setup_option(const struct cli_opt *opt, const char *v, void *ctx)
{
	struct pcread_opts *o = ctx;
	if (o->nsopt == PCREAD_MAX_ARGS)
		return cli_fail(HWPC_EINPUT, "more than %d setup options", PCREAD_MAX_ARGS);
	o->sopt[o->nsopt].name = opt->lname;
	o->sopt[o->nsopt++].value = v;
	return 0;
}

/* -- COMMAND [ARG...]: the command (what cannot go with it is in the
 * relations, "--"). */
static int command_args(struct pcread_opts *o, char **args, int n)
{
	if (n <= 0)
		return cli_fail(HWPC_EINPUT, "-- needs a command after it (pcread [SETUP] -- COMMAND [ARG...])");
	o->cmd = args;
	if (o->fmt == HWPC_FMT_TRACE)
		return cli_fail(HWPC_EINPUT, "--format trace and -- COMMAND cannot be combined");
	if (o->setfile && o->nsopt)
		return cli_fail(HWPC_EINPUT, "give setup options either on the command line or in %s, not both",
				o->setfile);
	return 0;
}

/* What only goes with -- COMMAND or --clocks. */
static int workflow_args(const struct pcread_opts *o)
{
	bool setup = o->nsopt || (o->cmd && o->setfile);
	if (o->nsopt && !o->cmd)
		return cli_fail(HWPC_EINPUT, "--%s is a setup option: pcread takes it before -- COMMAND (pcsetup sets "
				"a domain up)", o->sopt[0].name);
	if (o->force && !o->cmd && !o->setfile)
		return cli_fail(HWPC_EINPUT, "--force applies to -- COMMAND and -f rotation");
	if (o->dry_run && !setup && !o->clocks)
		return cli_fail(HWPC_EINPUT, "--dry-run applies to --clocks and to a setup for -- COMMAND");
	return 0;
}

static int parse_args(int argc, char **argv, struct pcread_opts *o)
{
	enum { MAX_TABLE = 100 };
	const struct cli_opt head[] = {
		{ .kind = CLI_LIST, .sname = 'd', .lname = "device", .arg = "SPEC", .dest = o->devices,
		  .count = &o->ndevices, .max = CLI_MAX_DEVICE_ARGS, .noun = "device spec",
		  .help = "device: 0, 01:00.0, sim:CHIP[,key=value...] or all; repeatable (counter reads)" },
		{ .kind = CLI_LIST, .sname = 'D', .lname = "domain", .arg = "DOM", .dest = o->domains,
		  .count = &o->ndomains, .max = HWPC_PC_MAX_DOMAINS, .noun = "domain",
		  .help = "a domain by name or number, or all (default: all; repeatable)" },
		{ .kind = CLI_STR, .lname = "profile", .arg = "NAME", .dest = &o->profile, .noun = "profile",
		  .help = "the chip's PCOUNTER profile (default: regdb's default)" },
		{ .kind = CLI_FLAG, .lname = "ack", .dest = &o->ack,
		  .help = "quad mode: ack the set read (opens the device for writing)" },
		{ .kind = CLI_FLAG, .lname = "expr", .dest = &o->expr, .help = "show what each input counts (SRC/OP decompiled)" },
		CLI_OPT_INTERVAL(&o->interval_ns, &o->have_interval),
		CLI_OPT_COUNT(&o->count, &o->have_count),
		{ .kind = CLI_FLAG, .lname = "totals", .dest = &o->totals,
		  .help = "-i text: the 64-bit totals too (json, csv: always)" },
		{ .kind = CLI_FLAG, .lname = "signals", .dest = &o->signals,
		  .help = "the current value of every signal of the domains" },
		{ .kind = CLI_DURATION, .lname = "scan", .arg = "DUR", .dest = &o->scan_ns, .noun = "duration",
		  .help = "sample the signals at random instants over DUR: each one's share, with its 95 % interval" },
		{ .kind = CLI_COUNT, .lname = "scan-samples", .arg = "N", .dest = &o->scan_samples, .noun = "count",
		  .help = "--scan: samples per domain (default 10000)" },
		{ .kind = CLI_COUNT, .lname = "seed", .arg = "N", .dest = &o->seed, .noun = "seed",
		  .help = "--scan: the seed of the random instants (default: a new one, reported)" },
		{ .kind = CLI_LIST, .lname = "reg", .arg = "REF", .dest = o->regs, .count = &o->nregs,
		  .max = PCREAD_MAX_ARGS, .noun = "register",
		  .help = "read a register, field, glob, address or ADDR:LEN range (repeatable)" },
		{ .kind = CLI_FLAG, .lname = "list-regs", .dest = &o->list_regs,
		  .help = "list the chip's registers (optionally matching PATTERN)" },
		{ .kind = CLI_STR, .sname = 'f', .lname = "file", .arg = "SETFILE", .dest = &o->setfile, .noun = "file name",
		  .help = "rotate SETFILE's counter sets, one per interval (quad mode; writes): scaled estimates" },
		{ .kind = CLI_FLAG, .lname = "strict", .dest = &o->strict,
		  .help = "exit 3 when the setup changed, sets were lost or a counter saturated" },
		CLI_OPT_FORMAT(&o->fmt, CLI_FMT_ALL | CLI_FMT(HWPC_FMT_OPENMETRICS) | CLI_FMT(HWPC_FMT_PROMETHEUS),
			       "text (default), json (JSON Lines), csv, openmetrics, prometheus (text format 0.0.4) "
			       "or trace (Chrome trace JSON)"),
		CLI_OPT_OUTPUT(&o->output, "write to FILE"),
		CLI_OPT_VERBOSE(&o->verbose, "MMIO reads per sample, the setup note, ignored simulator accesses"),
		{ .kind = CLI_GROUP,
		  .help = "R10000/R12000 (sim:r10000, sim:r12000): both counters, 64-bit with -i; -i, -n, --strict, --format" },
		{ .kind = CLI_STR, .lname = "events", .arg = "LIST", .dest = &o->events, .noun = "event list",
		  .help = "multiplex these events over the counters, one turn per -i interval" },
		{ .kind = CLI_STR, .lname = "modes", .arg = "LIST", .dest = &o->modes, .noun = "mode list",
		  .help = "their counting modes: user,kernel,exl[,supervisor] (default user)" },
		{ .kind = CLI_GROUP, .help = "Registers of any device (with --reg, --list-regs):" },
		{ .kind = CLI_LIST, .lname = "watch", .arg = "REG", .dest = o->watch, .count = &o->nwatch,
		  .max = PCREAD_MAX_ARGS, .noun = "register",
		  .help = "print every change of a register, field or address (repeatable), timed" },
		{ .kind = CLI_STR, .lname = "until", .arg = "COND", .dest = &o->until, .noun = "condition",
		  .help = "watch until 'REG[.FIELD] [& MASK] OP VALUE' holds (== != < <= > >=)" },
		{ .kind = CLI_DURATION, .lname = "timeout", .arg = "DUR", .dest = &o->timeout_ns, .noun = "duration",
		  .help = "stop watching after DUR of device time (--until: exit 4); --serve: wait for a device (2s)" },
		{ .kind = CLI_LIST, .lname = "decode", .arg = "REG=VALUE", .dest = o->decode, .count = &o->ndecode,
		  .max = PCREAD_MAX_ARGS, .noun = "value",
		  .help = "decode a value with --chip or -d, no register read (R10000: CPU[:COUNTER]:WORD)" },
		{ .kind = CLI_STR, .lname = "chip", .arg = "CHIPSET", .dest = &o->chip, .noun = "chipset",
		  .help = "the chipset --decode and --list-regs are for, without a device (G84, NV84, GT200, ...)" },
		{ .kind = CLI_GROUP,
		  .help = "Prometheus exporter (see pcread(1), SERVING): -d, -D, --ack, --trigger, -i, --timeout" },
		{ .kind = CLI_STR, .lname = "serve", .arg = "[ADDR:]PORT", .dest = &o->serve, .noun = "address",
		  .help = "serve /metrics on ADDR (default 127.0.0.1) until SIGTERM; -i: read between scrapes too (1s)" },
		{ .kind = CLI_FLAG, .lname = "timestamps", .dest = &o->timestamps,
		  .help = "--serve: each counter sample carries the time of the device read that gave it" },
		{ .kind = CLI_GROUP, .help = "Snapshots (JSON; see pcread(1)): -o, -d; --diff takes --format" },
		{ .kind = CLI_FLAG, .lname = "snapshot", .dest = &o->snapshot,
		  .help = "save every readable register of the chip with the chip's identity" },
		{ .kind = CLI_STR, .lname = "diff", .arg = "A [B]", .dest = &o->diff, .noun = "snapshot file",
		  .help = "compare snapshot A with snapshot B or the device: exit 0 equal, 1 different" },
		{ .kind = CLI_FLAG, .lname = "all", .dest = &o->diff_all,
		  .help = "--diff: keep volatile registers and fields (counters, timers, status)" },
		{ .kind = CLI_LIST, .lname = "ignore", .arg = "GLOB", .dest = o->ignore, .count = &o->nignore,
		  .max = PCREAD_MAX_ARGS, .noun = "register",
		  .help = "--diff: leave out registers or REG.FIELD fields matching GLOB (repeatable)" },
		{ .kind = CLI_GROUP, .help = "Triggers and clocks (these write; --clocks puts back what it found):" },
		{ .kind = CLI_FLAG, .lname = "trigger", .dest = &o->trigger,
		  .help = "fire PM_TRIGGER before each read: quad-mode domains latch a set" },
		{ .kind = CLI_FLAG, .lname = "clocks", .dest = &o->clocks,
		  .help = "measure every domain's clock at once, with its uncertainty" },
		{ .kind = CLI_DURATION, .lname = "window", .arg = "DUR", .dest = &o->window_ns, .seen = &o->have_window,
		  .noun = "duration", .help = "how long --clocks counts (default 100ms)" },
		{ .kind = CLI_FLAG, .lname = "dry-run", .dest = &o->dry_run,
		  .help = "print the writes --clocks or a setup for -- COMMAND would make; write nothing" },
		{ .kind = CLI_GROUP, .help = "Counting around a command (pcread [SETUP] -- COMMAND), setup as pcsetup(1):" },
		{ .kind = CLI_STR, .lname = "set", .arg = "NAME", .dest = &o->set, .noun = "set name",
		  .help = "the set of -f FILE to set up (default: each domain's first)" },
		{ .kind = CLI_FLAG, .lname = "force", .dest = &o->force,
		  .help = "reprogram a domain set up by someone else; swap other domains' quad sets by PM_TRIGGER" },
	};
	const struct cli_opt tail[] = { CLI_OPT_HELP, CLI_OPT_VERSION };
	static const char *const not_setup[] = { "reg", NULL }; /* pcread --reg reads */
	struct cli_opt opts[MAX_TABLE];
	cli_setup_table(opts, MAX_TABLE, head, sizeof head / sizeof head[0], tail, sizeof tail / sizeof tail[0],
			setup_option, not_setup);
	static const struct cli_rel rels[] = {
		{ CLI_CONFLICT, "--signals", "--scan --reg --list-regs", NULL },
		{ CLI_CONFLICT, "--scan", "--reg --list-regs", NULL },
		{ CLI_CONFLICT, "--reg", "--list-regs", NULL },
		{ CLI_CONFLICT, "-i", "--signals --scan --reg --list-regs", "-i applies to counter reads" },
		{ CLI_CONFLICT, "--ack", "--signals --scan --reg --list-regs", "--ack applies to counter reads" },
		{ CLI_CONFLICT, "--expr", "--signals --scan --reg --list-regs -f", "--expr applies to counter reads" },
		{ CLI_CONFLICT, "-D", "--reg --list-regs", "name the index" },
		{ CLI_NEEDS, "-n", "-i --watch --until", NULL },
		{ CLI_NEEDS, "--totals", "-i", NULL },
		{ CLI_CONFLICT, "--watch --until", "--reg --list-regs --signals --scan -f --ack --expr -D --decode", NULL },
		{ CLI_NEEDS, "--timeout", "--watch --until --serve", NULL },
		{ CLI_NEEDS, "--timestamps", "--serve", NULL },
		{ CLI_CONFLICT, "--serve",
		  "-o --format -n --strict --expr --signals --scan --reg --list-regs -f --watch --until --decode --chip "
		  "--snapshot --diff --events --modes --clocks --dry-run --force",
		  "--serve answers scrapes in the format they ask for" },
		{ CLI_NEEDS, "--chip", "--decode --list-regs", NULL },
		{ CLI_CONFLICT, "-f", "--signals --scan --reg --list-regs", "-f rotates counter sets" },
		{ CLI_NEEDS, "--set", "-f", "it selects a set of a setup file" },
		{ CLI_NEEDS, "--window", "--clocks", NULL },
		{ CLI_NEEDS, "--scan-samples --seed", "--scan", NULL },
		{ CLI_NEEDS, "--all --ignore", "--diff", NULL },
		{ CLI_CONFLICT, "--clocks", "--signals --scan --reg --list-regs --watch --until --decode --snapshot --diff "
					    "-f -i --ack --expr --events --trigger", NULL },
		{ CLI_CONFLICT, "--trigger", "--signals --scan --reg --list-regs --watch --until --decode --snapshot "
					     "--diff -f", "it fires before a counter read" },
		{ CLI_CONFLICT, "--snapshot --diff", "-D -i --reg --list-regs --signals --scan -f --ack --expr --profile --events",
		  NULL },
		{ CLI_CONFLICT, "--snapshot", "--diff", NULL },
		{ CLI_CONFLICT, "--signals --scan --reg --list-regs --watch --until --decode --snapshot --diff --clocks --serve",
		  "--", NULL },
		{ CLI_CONFLICT, "-n --ack --trigger --expr", "--",
		  "the command's end ends the run, and quad-mode sets are swapped and acked as it needs" },
		{ 0 },
	};
	int first, nargs, rc, dd;
	const struct cli_cmd cmd = {
		.name = "pcread", .usage = usage, .opts = opts, .rels = rels, .max_args = -1, .dashdash_at = &dd,
		.about = "Read PCOUNTER domains: counters, mode and state, flag, EVENT/CYCLES.",
	};

	if ((rc = cli_parse(&cmd, argc, argv, 1, o, &first, &nargs)))
		return rc;
	if (dd >= 0 && (rc = command_args(o, argv + first + dd, nargs - dd)))
		return rc;
	nargs = dd >= 0 ? dd : nargs;
	if (nargs > 1)
		return cli_fail(HWPC_EINPUT, "unexpected argument '%s' (pcread --help)", argv[first + 1]);
	if ((rc = workflow_args(o)))
		return rc;
	if (o->scan_ns && !o->seed)
		o->seed = cli_scan_seed(); /* reported in every record: --seed repeats the scan */
	if (o->setfile && !o->cmd && !o->have_interval)
		return cli_fail(HWPC_EINPUT, "-f needs -i: how long each counter set counts in its turn");
	if (o->setfile && !o->cmd && o->set)
		return cli_fail(HWPC_EINPUT, "--set cannot be combined with -f rotation, which takes every set of %s in "
				"turn: leave --set out, or set one set up with pcsetup -f %s --set %s", o->setfile, o->setfile,
				o->set);
	if (nargs && o->diff)
		o->diff_b = argv[first];
	else if (nargs && !o->list_regs)
		return cli_fail(HWPC_EINPUT, "unexpected argument '%s' (pcread --help)", argv[first]);
	if (nargs)
		o->pattern = argv[first];
	/* Value-dependent: which format, not whether --format was given. */
	bool records = o->signals || o->scan_ns || o->nregs || o->list_regs || o->nwatch || o->until || o->ndecode;
	if (records && o->fmt == HWPC_FMT_TRACE)
		return cli_fail(HWPC_EINPUT, "--format trace is for counter samples (text, json or csv here)");
	if (o->setfile && o->fmt == HWPC_FMT_TRACE)
		return cli_fail(HWPC_EINPUT, "-f rotates counter sets; it cannot be combined with --format trace");
	/* Each device parses the setup file for its chip: one that cannot be
	 * read is said once, before a device is looked for. */
	struct hwpc_err err;
	int fd = o->setfile && strcmp(o->setfile, "-") ? hwpc_input_open(o->setfile, NULL, &err) : -2;
	if (fd == -1)
		return cli_fail_err(&err);
	if (fd >= 0)
		close(fd);
	return 0;
}

/* Do the options ask for m (pcread_mode.h: asks, with, also)? */
static bool asked(const struct pcread_mode *m, const struct pcread_opts *op)
{
	return (!m->asks[0] || cli_given(m->asks[0]) || (m->asks[1] && cli_given(m->asks[1]))) &&
	       (!m->with || cli_given(m->with)) && (!m->also || m->also(op));
}

/* The first mode the options ask for that dev fits (NULL: not opened). */
static const struct pcread_mode *pick(const struct pcread_opts *op, struct hwpc_dev *dev)
{
	for (size_t i = 0; i < sizeof modes / sizeof modes[0]; i++)
		if (asked(modes[i], op) && (!dev || !modes[i]->fits || modes[i]->fits(dev)))
			return modes[i];
	return &pcread_counters;
}

/* A mode limited to one device, given more: ndev counts them opened (0:
 * not yet opened). */
static int one_device(const struct pcread_mode *m, const struct pcread_opts *op, size_t ndev)
{
	const char *one = m->one_device ? m->one_device(op) : !m->one ? NULL
			  : cli_given(m->asks[0]) ? m->asks[0] : m->asks[1];
	if (!one || (op->ndevices < 2 && ndev < 2))
		return 0;
	if (op->ndevices > 1)
		return cli_fail(HWPC_EINPUT, "%s takes one device (-d given %u times)", one, op->ndevices);
	return cli_fail(HWPC_EINPUT, "%s takes one device (-d all: %zu devices)", one, ndev);
}

/* Open what the mode reads: its devices, or regdb alone. */
static int open_devices(const struct pcread_mode *m, const struct pcread_opts *op, struct cli_devices *devs)
{
	struct hwpc_err err;
	/* Read-only, except that acking quad data, rotating sets,
	 * multiplexing R10000 events, triggers, --clocks and counting around
	 * a command (quad sets swapped and acked, a setup) write. */
	bool writes = op->ack || op->events || op->trigger || ((op->setfile || op->cmd || op->clocks) && !op->dry_run);
	unsigned flags = (writes ? HWPC_OPEN_WRITE : HWPC_OPEN_READ) |
			 (op->verbose ? HWPC_OPEN_VERBOSE : 0);
	memset(devs, 0, sizeof *devs);
	if (m->no_device)
		return hwpc_regdb_load(&devs->db, &err) ? cli_fail_err(&err) : 0;
	int rc = cli_devices_open(op->devices, op->ndevices, flags, devs);
	return rc == HWPC_EOP && m->trouble ? m->trouble : rc;
}

int main(int argc, char **argv)
{
	struct pcread_opts op = { 0 };
	struct cli_devices devs;
	struct cli_outfile of;
	int rc;

	cli_init("pcread");
	if ((rc = parse_args(argc, argv, &op)))
		return rc;
	/* A mode whose device decides is checked once the device is open. */
	const struct pcread_mode *m = pick(&op, NULL);
	if ((!m->fits && (rc = one_device(m, &op, 0))) || (m->check && (rc = m->check(&op))))
		return rc;
	if ((rc = open_devices(m, &op, &devs)))
		return rc;
	if (!m->no_device && ((m = pick(&op, devs.v[0].dev)), (rc = one_device(m, &op, devs.n + devs.failed)))) {
		cli_devices_close(&devs);
		return rc;
	}
	if ((rc = cli_outfile_open(&of, op.output))) {
		cli_devices_close(&devs);
		return m->trouble ? m->trouble : rc;
	}
	bool any_status = false;
	const struct pcread_run run = { .op = &op, .devs = &devs, .of = &of, .whole = &any_status };
	rc = m->run(&run);
	/* 5: some devices failed, the others' records are whole */
	bool whole = !rc || rc == CLI_EXIT_SOME_FAILED || (m->whole && rc == m->whole) || any_status;
	int wrc = cli_outfile_close(&of, whole);
	if (wrc && whole)
		rc = m->trouble ? m->trouble : wrc;
	cli_devices_close(&devs);
	return rc;
}
