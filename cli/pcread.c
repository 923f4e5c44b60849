/* SPDX-License-Identifier: MIT */
/* pcread: read PCOUNTER domains: counters, states, flag and ratio; quad
 * sets with their ack; signal status and activity scans; any register by
 * name; interval sampling with 64-bit totals.  See pcread(1). */
#include "pcread.h"
#include "common/devices.h"
#include "common/opt.h"
#include "common/outfile.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const char *const usage[] = {
	"pcread [-d SPEC|all]... [-D DOMAIN|all]... [--profile NAME] [--ack] [--expr]",
	"       [-i INTERVAL [-n COUNT]] [--strict] [--format text|json|csv|openmetrics|trace] [-o FILE] [-v]",
	"pcread [-d SPEC]... [-D DOMAIN]... --signals | --scan DURATION",
	"pcread [-d SPEC]... --reg NAME[IDX][.FIELD]|GLOB|ADDR[:LEN]... | --list-regs [PATTERN]",
	"pcread [-d SPEC]... [-D DOMAIN] -f SETFILE -i INTERVAL [-n COUNT]",
	"pcread [-d SPEC] --snapshot [-o FILE] | --diff A [B] [--format FMT]",
	NULL,
};

#define MAX_REGS 64

struct opts {
	const char *device; /* the one device of modes that take one */
	const char *devices[CLI_MAX_DEVICE_ARGS];
	unsigned ndevices;
	const char *profile, *output, *pattern, *setfile;
	struct cli_r10k_read r10k;
	const char *domains[HWPC_PC_MAX_DOMAINS];
	unsigned ndomains;
	bool ack, expr, signals, list_regs, strict, verbose, have_interval, have_count;
	uint64_t interval_ns, count, scan_ns;
	const char *diff, *diff_b; /* --diff A [B] */
	bool snapshot;
	const char *regs[MAX_REGS];
	unsigned nregs;
	enum hwpc_format fmt;
	/* --watch, --until, --timeout; --decode, --chip */
	const char *watch[MAX_REGS], *until, *chip;
	unsigned nwatch;
	uint64_t timeout_ns;
	const char *decode[MAX_REGS];
	unsigned ndecode;
};

volatile sig_atomic_t pcread_stop;

static void on_signal(int sig)
{
	(void)sig;
	pcread_stop = 1;
}

void pcread_catch_signals(void)
{
	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);
}

static int parse_args(int argc, char **argv, struct opts *o)
{
	const struct cli_opt opts[] = {
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
		{ .kind = CLI_FLAG, .lname = "signals", .dest = &o->signals,
		  .help = "the current value of every signal of the domains" },
		{ .kind = CLI_DURATION, .lname = "scan", .arg = "DUR", .dest = &o->scan_ns, .noun = "duration",
		  .help = "sample the signals for DUR: percentage of samples each was 1" },
		{ .kind = CLI_LIST, .lname = "reg", .arg = "REF", .dest = o->regs, .count = &o->nregs, .max = MAX_REGS,
		  .noun = "register", .help = "read a register, field, glob, address or ADDR:LEN range (repeatable)" },
		{ .kind = CLI_FLAG, .lname = "list-regs", .dest = &o->list_regs,
		  .help = "list the chip's registers (optionally matching PATTERN)" },
		{ .kind = CLI_STR, .sname = 'f', .lname = "file", .arg = "SETFILE", .dest = &o->setfile, .noun = "file name",
		  .help = "rotate SETFILE's counter sets, one per interval (quad mode; writes): scaled estimates" },
		{ .kind = CLI_FLAG, .lname = "strict", .dest = &o->strict,
		  .help = "exit 3 when the setup changed, sets were lost or a counter saturated" },
		CLI_OPT_FORMAT(&o->fmt, CLI_FMT_ALL | CLI_FMT(HWPC_FMT_OPENMETRICS),
			       "text (default), json (JSON Lines), csv, openmetrics or trace (Chrome trace JSON)"),
		CLI_OPT_OUTPUT(&o->output, "write to FILE"),
		CLI_OPT_VERBOSE(&o->verbose, "MMIO reads per sample, the setup note, ignored simulator accesses"),
		{ .kind = CLI_GROUP,
		  .help = "R10000/R12000 (sim:r10000, sim:r12000): both counters, 64-bit with -i; -i, -n, --strict, --format" },
		{ .kind = CLI_STR, .lname = "events", .arg = "LIST", .dest = &o->r10k.events, .noun = "event list",
		  .help = "multiplex these events over the counters, one turn per -i interval" },
		{ .kind = CLI_STR, .lname = "modes", .arg = "LIST", .dest = &o->r10k.modes, .noun = "mode list",
		  .help = "their counting modes: user,kernel,exl[,supervisor] (default user)" },
		{ .kind = CLI_GROUP, .help = "Registers of any device (with --reg, --list-regs):" },
		{ .kind = CLI_LIST, .lname = "watch", .arg = "REG", .dest = o->watch, .count = &o->nwatch, .max = MAX_REGS,
		  .noun = "register", .help = "print every change of a register, field or address (repeatable), timed" },
		{ .kind = CLI_STR, .lname = "until", .arg = "COND", .dest = &o->until, .noun = "condition",
		  .help = "watch until 'REG[.FIELD] [& MASK] OP VALUE' holds (== != < <= > >=)" },
		{ .kind = CLI_DURATION, .lname = "timeout", .arg = "DUR", .dest = &o->timeout_ns, .noun = "duration",
		  .help = "stop watching after DUR of device time (--until: exit 4)" },
		{ .kind = CLI_LIST, .lname = "decode", .arg = "REG=VALUE", .dest = o->decode, .count = &o->ndecode,
		  .max = MAX_REGS, .noun = "value",
		  .help = "decode a value with --chip or -d, no register read (R10000: CPU[:COUNTER]:WORD)" },
		{ .kind = CLI_STR, .lname = "chip", .arg = "CHIPSET", .dest = &o->chip, .noun = "chipset",
		  .help = "the chipset --decode decodes for (G84, NV40, ...), without a device" },
		{ .kind = CLI_GROUP, .help = "Snapshots (JSON; see pcread(1)): -o, -d; --diff takes --format" },
		{ .kind = CLI_FLAG, .lname = "snapshot", .dest = &o->snapshot,
		  .help = "save every readable register of the chip with the chip's identity" },
		{ .kind = CLI_STR, .lname = "diff", .arg = "A [B]", .dest = &o->diff, .noun = "snapshot file",
		  .help = "compare snapshot A with snapshot B or the device: exit 0 equal, 1 different" },
		CLI_OPT_HELP,
		CLI_OPT_VERSION,
		CLI_OPT_END,
	};
	static const struct cli_rel rels[] = {
		{ CLI_CONFLICT, "--signals", "--scan --reg --list-regs", NULL },
		{ CLI_CONFLICT, "--scan", "--reg --list-regs", NULL },
		{ CLI_CONFLICT, "--reg", "--list-regs", NULL },
		{ CLI_CONFLICT, "-i", "--signals --scan --reg --list-regs", "-i applies to counter reads" },
		{ CLI_CONFLICT, "--ack", "--signals --scan --reg --list-regs", "--ack applies to counter reads" },
		{ CLI_CONFLICT, "--expr", "--signals --scan --reg --list-regs -f", "--expr applies to counter reads" },
		{ CLI_CONFLICT, "-D", "--reg --list-regs", "name the index" },
		{ CLI_NEEDS, "-n", "-i --watch --until", NULL },
		{ CLI_CONFLICT, "--watch", "--reg --list-regs --signals --scan -f --ack --expr -D --decode", NULL },
		{ CLI_CONFLICT, "--until", "--reg --list-regs --signals --scan -f --ack --expr -D --decode", NULL },
		{ CLI_NEEDS, "--timeout", "--watch --until", NULL },
		{ CLI_NEEDS, "--chip", "--decode", NULL },
		{ CLI_CONFLICT, "-f", "--signals --scan --reg --list-regs", "-f rotates counter sets" },
		{ CLI_NEEDS, "-f", "-i", "how long each counter set counts in its turn" },
		{ 0 },
	};
	const struct cli_cmd cmd = {
		.name = "pcread", .usage = usage, .opts = opts, .rels = rels, .max_args = 1,
		.about = "Read PCOUNTER domains: counters, mode and state, flag, EVENT/CYCLES.",
	};
	int first, nargs, rc;

	if ((rc = cli_parse(&cmd, argc, argv, 1, o, &first, &nargs)))
		return rc;
	if (nargs && o->diff)
		o->diff_b = argv[first];
	else if (nargs && !o->list_regs)
		return cli_fail(HWPC_EINPUT, "unexpected argument '%s' (pcread --help)", argv[first]);
	if (nargs)
		o->pattern = argv[first];
	/* Value-dependent: which format, not whether --format was given. */
	bool modes = o->signals || o->scan_ns || o->nregs || o->list_regs || o->nwatch || o->until || o->ndecode;
	if (modes && o->fmt == HWPC_FMT_TRACE)
		return cli_fail(HWPC_EINPUT, "--format trace is for counter samples (text, json or csv here)");
	if (o->setfile && o->fmt == HWPC_FMT_TRACE)
		return cli_fail(HWPC_EINPUT, "-f rotates counter sets; it cannot be combined with --format trace");
	return 0;
}

/* On an R10000/R12000: the PCOUNTER options have no meaning. */
static int r10k_read(FILE *out, struct opts *op, struct hwpc_dev *dev)
{
	const char *bad = op->ndomains ? "-D" : op->profile ? "--profile" : op->ack ? "--ack" : op->expr ? "--expr"
			  : op->signals ? "--signals" : op->scan_ns ? "--scan" : op->setfile ? "-f"
			  : op->fmt == HWPC_FMT_TRACE ? "--format trace" : NULL;
	if (bad)
		return cli_fail(HWPC_EINPUT, "%s is for PCOUNTER domains; an R10000/R12000 takes -i, -n, --events, "
				"--modes, --strict and --format text|json|csv", bad);
	op->r10k.have_interval = op->have_interval;
	op->r10k.interval_ns = op->interval_ns;
	op->r10k.have_count = op->have_count;
	op->r10k.count = op->count;
	op->r10k.strict = op->strict;
	op->r10k.verbose = op->verbose;
	op->r10k.fmt = op->fmt;
	return cli_r10k_read(dev, out, &op->r10k);
}

static int pick_domains(struct pcread *p, const struct opts *op, struct hwpc_dev *dev)
{
	struct hwpc_err err;
	bool all = !op->ndomains;
	for (unsigned i = 0; i < op->ndomains; i++)
		all |= !strcasecmp(op->domains[i], "all");
	for (unsigned d = 0; d < p->layout.ndomains && all; d++)
		if (hwpc_pc_read_init(&p->doms[p->ndoms++].r, dev, &p->layout, d, &err))
			return cli_fail_err(&err);
	for (unsigned i = 0; i < op->ndomains && !all; i++) {
		unsigned d;
		if (hwpc_pc_domain_find(&p->layout, op->domains[i], &d, &err))
			return cli_fail(HWPC_EINPUT, "-D: %s", err.msg);
		if (hwpc_pc_read_init(&p->doms[p->ndoms++].r, dev, &p->layout, d, &err))
			return cli_fail_err(&err);
	}
	return 0;
}

struct hwpc_out *pcread_sink_writer(const struct pcread_sink *k, enum hwpc_format fmt, const struct hwpc_col *cols,
				    size_t ncols, struct hwpc_err *err)
{
	struct hwpc_out *o = hwpc_out_new(k->of->fp, fmt, err);
	if (!o)
		return NULL;
	hwpc_out_set_command(o, "pcread");
	cli_devices_writer(k->devs, o);
	if (k->devs->n)
		cli_devices_tag(k->devs, 0, o);
	if (hwpc_out_table(o, cols, ncols, err)) {
		hwpc_out_free(o);
		return NULL;
	}
	return o;
}

/* --list-regs and --reg: any chip, no domains; each device in turn. */
static int registers(FILE *out, const struct opts *op, const struct cli_devices *devs)
{
	struct hwpc_err err;
	struct hwpc_out *o = hwpc_out_new(out, op->fmt, &err);
	unsigned failures = 0;
	int rc = 0, last = 0;
	if (!o)
		return cli_fail_err(&err);
	hwpc_out_set_command(o, "pcread");
	cli_devices_writer(devs, o);
	for (size_t j = 0; j < devs->n; j++) {
		cli_devices_tag(devs, j, o);
		int drc = op->list_regs ? pcread_list_regs(o, devs->v[j].dev, op->pattern)
					: pcread_read_regs(o, devs->v[j].dev, op->regs, op->nregs);
		if (drc) {
			failures++;
			last = drc;
		}
	}
	if (hwpc_out_finish(o, &err))
		rc = cli_fail_err(&err);
	hwpc_out_free(o);
	return rc ? rc : cli_devices_status(devs, failures, last);
}

/* One device's PCOUNTER run set up: its layout, domains, and the setup
 * check before reading. */
static int pcounter_prepare(struct pcread *p, const struct opts *op, const struct cli_device *cd)
{
	struct hwpc_err err;
	struct hwpc_dev *dev = cd->dev;
	*p = (struct pcread){ .ack = op->ack, .expr = op->expr, .verbose = op->verbose,
			      .have_interval = op->have_interval, .have_count = op->have_count,
			      .interval_ns = op->interval_ns, .count = op->count, .scan_ns = op->scan_ns,
			      .fmt = op->fmt, .name = cd->name, .chipset = cd->chipset };
	if (op->r10k.events || op->r10k.modes)
		return cli_fail(HWPC_EINPUT, "%s is an R10000/R12000 option; the %s has PCOUNTER domains (pcread --help)",
				op->r10k.events ? "--events" : "--modes", dev->chip ? dev->chip->name : "device");
	if (hwpc_pc_layout_dev(dev, op->profile, &p->layout, &err))
		return cli_fail_err(&err);
	/* The device's lag counts from its open, the first access's catch-up
	 * included: what that catch-up skipped is missing from the counts. */
	uint64_t lag;
	p->can_lag = hwpc_dev_lag_ns(dev, &lag);
	if (op->setfile)
		return 0;
	int rc = pick_domains(p, op, dev);
	for (unsigned i = 0; i < p->ndoms && !rc; i++)
		rc = pcread_check_setup(p, &p->doms[i]);
	return rc;
}

/* After the run: was a domain reprogrammed while it was read, did the
 * device lag?  Either makes --strict exit 3. */
static int pcounter_finish(struct pcread *p, const struct opts *op, struct hwpc_dev *dev)
{
	int rc = 0;
	for (unsigned i = 0; i < p->ndoms && !rc && op->have_interval && !op->setfile; i++)
		rc = pcread_check_setup(p, &p->doms[i]);
	uint64_t lag;
	hwpc_dev_lag_ns(dev, &lag);
	if (!rc && lag) {
		cli_warn("%s: the device's time lagged %.6f s behind realtime since pcread opened it (the catch-up of "
			 "the time before included): the counts cover that much less time (pcsim(1), \"PCOUNTER engines\")",
			 p->name, (double)lag / 1e9);
		p->suspect = true;
	}
	if (!rc && op->strict && p->suspect)
		rc = HWPC_ELOST;
	return rc;
}

/* Signals, scans or set rotations: each device in turn on one writer. */
static int per_device(struct pcread *const *ps, size_t np, const struct opts *op, const struct pcread_sink *k,
		      const struct cli_devices *devs)
{
	struct hwpc_err err;
#define NCOLS(a) (sizeof(a) / sizeof((a)[0]))
	const struct hwpc_col *cols = op->setfile ? pcread_rotate_cols : op->scan_ns ? pcread_scan_cols
						  : pcread_signal_cols;
	size_t n = op->setfile ? NCOLS(pcread_rotate_cols) : op->scan_ns ? NCOLS(pcread_scan_cols)
						: NCOLS(pcread_signal_cols);
#undef NCOLS
	struct hwpc_out *o = pcread_sink_writer(k, op->fmt, cols, n, &err);
	int rc = 0;
	if (!o)
		return cli_fail_err(&err);
	for (size_t j = 0; j < np && !pcread_stop; j++) {
		struct pcread *p = ps[j];
		cli_devices_tag(devs, p->dev_index, o);
		int drc = op->setfile ? pcread_rotate(p, o, devs->v[p->dev_index].dev, op->setfile,
						      op->ndomains ? op->domains[0] : NULL)
				      : pcread_signals(p, o);
		if (drc && np == 1)
			rc = drc;
		else if (drc)
			p->failed = true;
	}
	if (hwpc_out_finish(o, &err) && !rc)
		rc = cli_fail_err(&err);
	hwpc_out_free(o);
	return rc;
}

/* PCOUNTER: rotation, or the domains' signals or counters, checked against
 * what pcsetup recorded before (and, sampling, after).  Several devices:
 * one that cannot be set up or read is reported and left out, and the
 * run exits 5 when others worked. */
static int pcounter(const struct pcread_sink *k, const struct opts *op, const struct cli_devices *devs)
{
	struct pcread **ps = calloc(devs->n, sizeof *ps);
	struct pcread *pv = calloc(devs->n, sizeof *pv);
	size_t np = 0;
	unsigned failures = 0;
	int rc = 0, last = 0;
	if (!ps || !pv) {
		free(ps);
		free(pv);
		return cli_fail(HWPC_EOP, "out of memory");
	}
	for (size_t j = 0; j < devs->n; j++) {
		if ((rc = pcounter_prepare(&pv[j], op, &devs->v[j]))) {
			failures++;
			last = rc;
			continue;
		}
		pv[j].dev_index = j;
		ps[np++] = &pv[j];
	}
	rc = 0;
	if (np && (op->setfile || op->signals || op->scan_ns))
		rc = per_device(ps, np, op, k, devs);
	else if (np)
		rc = pcread_counters(ps, np, k);
	for (size_t j = 0; j < np && !rc; j++) {
		if (ps[j]->failed) {
			failures++;
			last = HWPC_EOP;
			continue;
		}
		int frc = pcounter_finish(ps[j], op, devs->v[ps[j]->dev_index].dev);
		if (frc && devs->n > 1 && frc != HWPC_ELOST) {
			failures++;
			last = frc;
		} else if (frc) {
			rc = frc;
		}
	}
	free(ps);
	free(pv);
	if (!rc && np == 0)
		rc = last;
	return cli_devices_status(devs, failures, rc ? rc : last);
}

const char *pcread_device_name, *pcread_chipset;

struct hwpc_out *pcread_out_new(FILE *out, enum hwpc_format fmt, struct hwpc_err *err)
{
	struct hwpc_out *o = hwpc_out_new(out, fmt, err);
	if (o) {
		hwpc_out_set_command(o, "pcread");
		hwpc_out_set_device(o, pcread_device_name, pcread_chipset);
	}
	return o;
}

/* --snapshot and --diff: no other reading mode goes with them. */
static int snapshots(const struct opts *op)
{
	struct hwpc_regdb *db;
	struct hwpc_dev *dev = NULL;
	struct hwpc_err err;
	const char *other = op->ndomains ? "-D" : op->have_interval ? "-i" : op->nregs ? "--reg"
			    : op->list_regs ? "--list-regs" : op->signals ? "--signals" : op->scan_ns ? "--scan"
			    : op->setfile ? "-f" : op->ack ? "--ack" : op->expr ? "--expr" : op->profile ? "--profile"
			    : op->r10k.events ? "--events" : op->snapshot && op->diff ? "--diff" : NULL;
	if (other)
		return cli_fail(HWPC_EINPUT, "%s and %s cannot be combined", op->snapshot ? "--snapshot" : "--diff", other);
	if (op->snapshot && op->fmt != HWPC_FMT_TEXT && op->fmt != HWPC_FMT_JSON)
		return cli_fail(HWPC_EINPUT, "--snapshot writes JSON; --format %s is for other modes",
				hwpc_format_name(op->fmt));
	if (op->diff && op->fmt == HWPC_FMT_TRACE)
		return cli_fail(HWPC_EINPUT, "--format trace is for counter samples (text, json or csv here)");
	if (op->diff_b && op->device)
		return cli_fail(HWPC_EINPUT, "--diff %s %s compares two snapshots: -d %s has no part in it", op->diff,
				op->diff_b, op->device);
	int rc;
	struct cli_devices devs = { 0 };
	const char *spec[1] = { op->device };
	if (op->diff_b) {
		if (hwpc_regdb_load(&db, &err))
			return cli_fail_err(&err);
	} else if ((rc = cli_devices_open(spec, op->device ? 1 : 0,
					  HWPC_OPEN_READ | (op->verbose ? HWPC_OPEN_VERBOSE : 0), &devs))) {
		return op->diff && rc == HWPC_EOP ? HWPC_EINPUT : rc;
	} else {
		db = devs.db;
		dev = devs.v[0].dev;
		pcread_device_name = devs.v[0].name;
		pcread_chipset = devs.v[0].chipset;
	}
	struct cli_outfile of;
	if ((rc = cli_outfile_open(&of, op->output)))
		rc = op->diff ? HWPC_EINPUT : rc;
	else if (op->snapshot)
		rc = pcread_snapshot(of.fp, dev);
	else
		rc = pcread_diff(of.fp, op->fmt, db, dev, op->diff, op->diff_b);
	/* --diff's 1 ("they differ") is a complete answer */
	int wrc = cli_outfile_close(&of, !rc || (op->diff && rc == 1));
	if (wrc && (!rc || rc == 1))
		rc = op->diff ? HWPC_EINPUT : wrc;
	if (dev)
		cli_devices_close(&devs);
	else
		hwpc_regdb_free(db);
	return rc;
}

int main(int argc, char **argv)
{
	struct opts op = { 0 };
	struct hwpc_dev *dev;
	struct hwpc_err err;
	int rc;

	cli_init("pcread");
	if ((rc = parse_args(argc, argv, &op)))
		return rc;
	if (op.ndevices == 1)
		op.device = op.devices[0];
	if (op.ndevices > 1 && (op.snapshot || op.diff || op.ndecode || op.chip))
		return cli_fail(HWPC_EINPUT, "%s takes one device (-d names %u)",
				op.snapshot ? "--snapshot" : op.diff ? "--diff" : "--decode", op.ndevices);
	for (unsigned i = 0; i < op.ndecode && (op.chip || op.device || op.ndecode > 1); i++)
		if (!strchr(op.decode[i], '='))
			return cli_fail(HWPC_EINPUT, "--decode %s: expected NAME|ADDR=VALUE", op.decode[i]);
	if (op.ndecode && !strchr(op.decode[0], '=')) {
		if (op.ndecode > 1 || op.chip || op.device || op.ndomains || op.have_interval || op.r10k.events || op.nregs ||
		    op.list_regs)
			return cli_fail(HWPC_EINPUT, "--decode takes no device and no other reading option");
		return cli_r10k_decode(op.decode[0], stdout, op.fmt);
	}
	if (op.ndecode) {
		if (op.chip && op.device)
			return cli_fail(HWPC_EINPUT, "--decode: give --chip or -d, not both");
		if (op.ndomains || op.have_interval || op.r10k.events || op.nregs || op.list_regs)
			return cli_fail(HWPC_EINPUT, "--decode REG=VALUE takes --chip or -d and no reading option");
		if (op.chip)
			return pcread_decode_chip(stdout, op.fmt, op.chip, op.decode, op.ndecode);
	}
	if (op.snapshot || op.diff)
		return snapshots(&op);
	/* Read-only, except that acking quad data, rotating sets and
	 * multiplexing R10000 events write. */
	unsigned flags = (op.ack || op.setfile || op.r10k.events ? HWPC_OPEN_WRITE : HWPC_OPEN_READ) |
			 (op.verbose ? HWPC_OPEN_VERBOSE : 0);
	struct cli_devices devs;
	if ((rc = cli_devices_open(op.devices, op.ndevices, flags, &devs)))
		return rc;
	/* --watch polls one device until a condition holds; --decode decodes
	 * for one chipset; a Chrome trace is one process's timeline. */
	if (devs.n + devs.failed > 1) {
		const char *one = op.ndecode ? "--decode" : op.nwatch ? "--watch" : op.until ? "--until"
				  : op.fmt == HWPC_FMT_TRACE ? "--format trace" : NULL;
		if (one) {
			cli_devices_close(&devs);
			if (op.ndevices > 1)
				return cli_fail(HWPC_EINPUT, "%s takes one device (-d given %u times)", one, op.ndevices);
			return cli_fail(HWPC_EINPUT, "%s takes one device (-d all: %zu devices)", one,
					devs.n + devs.failed);
		}
	}
	dev = devs.v[0].dev;
	pcread_device_name = devs.v[0].name;
	pcread_chipset = devs.v[0].chipset;
	struct cli_outfile of;
	struct hwpc_r10k_cpu *cpu = calloc(1, sizeof *cpu);
	bool r10k = cpu && !hwpc_r10k_cpu_from_dev(cpu, dev, &err);
	free(cpu);
	FILE *out = NULL;
	if ((rc = cli_outfile_open(&of, op.output)))
		;
	else if ((out = of.fp), op.list_regs || op.nregs)
		rc = registers(out, &op, &devs);
	else if (op.ndecode)
		rc = pcread_decode(out, op.fmt, dev->db, dev->chip, op.decode, op.ndecode);
	else if (op.nwatch || op.until) {
		const struct pcread_watch w = { .regs = op.watch, .nregs = op.nwatch, .until = op.until,
						.timeout_ns = op.timeout_ns,
						.interval_ns = op.have_interval ? op.interval_ns : 0,
						.count = op.count, .have_count = op.have_count, .fmt = op.fmt };
		rc = pcread_watch(out, dev, &w);
	}
	else if (r10k && devs.n + devs.failed == 1)
		rc = r10k_read(out, &op, dev);
	else if (r10k)
		rc = cli_fail(HWPC_EINPUT, "an R10000/R12000 is read one device at a time (-d names %u)", op.ndevices);
	else {
		const struct pcread_sink k = { .of = &of, .path = op.output, .devs = &devs };
		rc = pcounter(&k, &op, &devs);
	}
	/* a --strict or --until answer (3, 4) is still a complete output */
	int wrc = cli_outfile_close(&of, !rc || rc == HWPC_ELOST || rc == PCREAD_TIMEOUT);
	if (wrc && !rc)
		rc = wrc;
	cli_devices_close(&devs);
	return rc;
}
