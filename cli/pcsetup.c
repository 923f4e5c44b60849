/* SPDX-License-Identifier: MIT */
/* pcsetup: configure PCOUNTER domains - mode, counter mode, input
 * expressions, counts, record buffer, triggers, raw writes - in the order
 * the hardware needs, and remember what was set for pcread.  See
 * pcsetup(1). */
#include "pcsetup_opts.h"
#include "pcsetup_pc.h"
#include "pcsetup_r10k.h"
#include "pcsetup_regs.h"
#include "pcsetup_scan.h"
#include "common/devices.h"
#include "common/opt.h"
#include "common/setup_opts.h"
#include "regs/regs_cmd.h"
#include "pc/pc_cmd.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const usage[] = {
	"pcsetup [-d SPEC|all]... [-D DOMAIN] [--profile NAME] [SETUP OPTIONS] [--dry-run] [--explain]",
	"        [--force] [--format text|json|csv] [-v]",
	"pcsetup [-d SPEC|all]... [-D DOMAIN] -f FILE [--set NAME] [--dry-run] [--explain] ...",
	"pcsetup [-d SPEC|all]... [-D DOMAIN] --scan DURATION [--dry-run] [--force] [--format text|json|csv]",
	"pcsetup [-d SPEC|all]... --reg NAME|ADDR[.b|.w]=VALUE[:MASK]... [--dry-run] [--force [--no-verify]]",
	"        [--format text|json|csv]",
	NULL,
};

static int setup_option(const struct cli_opt *opt, const char *v, void *ctx)
{
	struct pcsetup_opts *o = ctx;
	if (o->nsopt == MAX_SETUP_OPTS)
		return cli_fail(HWPC_EINPUT, "more than %d setup options", MAX_SETUP_OPTS);
	o->sopt[o->nsopt].name = opt->lname;
	o->sopt[o->nsopt++].value = v;
	o->any_setup = true;
	return 0;
}

static int r10k_option(const struct cli_opt *opt, const char *v, void *ctx)
{
	struct pcsetup_opts *o = ctx;
	struct hwpc_err err;
	uint64_t n;
	if (!strcmp(opt->lname, "counter")) {
		if (hwpc_parse_u64(v, 255, "--counter", &n, &err))
			return cli_fail_err(&err);
		o->r10k.counter = (int)n;
		o->r10k_opt = o->r10k_opt ? o->r10k_opt : "--counter";
	} else if (!strcmp(opt->lname, "modes")) {
		o->r10k.modes = v;
		o->r10k_opt = o->r10k_opt ? o->r10k_opt : "--modes";
	} else {
		o->r10k.ie = true;
		o->r10k_opt = o->r10k_opt ? o->r10k_opt : "--ie";
	}
	o->any_setup = true;
	return 0;
}

static int parse_args(int argc, char **argv, struct pcsetup_opts *o)
{
	enum { MAX_TABLE = 80 };
	const struct cli_opt fixed[] = {
		{ .kind = CLI_LIST, .sname = 'd', .lname = "device", .arg = "SPEC", .dest = o->devices,
		  .count = &o->ndevices, .max = CLI_MAX_DEVICE_ARGS, .noun = "device spec",
		  .help = "device: 0, 01:00.0, sim:CHIP[,key=value...] or all; repeatable (default $HWPC_DEVICE)" },
		{ .kind = CLI_STR, .sname = 'D', .lname = "domain", .arg = "NAME|N", .dest = &o->domain, .noun = "domain",
		  .help = "the domain: core_a, 1, hub.2, gpc1.0, part3.1" },
		{ .kind = CLI_STR, .lname = "profile", .arg = "NAME", .dest = &o->profile, .noun = "profile",
		  .help = "the chip's domain layout (real hardware; default: the chip's)" },
		{ .kind = CLI_STR, .sname = 'f', .lname = "file", .arg = "FILE", .dest = &o->file, .noun = "file name",
		  .help = "setup options from FILE, one a line, by domain and set" },
		{ .kind = CLI_STR, .lname = "set", .arg = "NAME", .dest = &o->set, .noun = "set name",
		  .help = "the set of FILE to apply (default: each domain's first)" },
		{ .kind = CLI_GROUP, .help = "Setup options:" },
	};
	const struct cli_opt tail[] = {
		{ .kind = CLI_GROUP, .help = "R10000/R12000 (sim:r10000, sim:r12000), with --event and --threshold:" },
		{ .kind = CLI_CALL, .lname = "counter", .arg = "N", .call = r10k_option, .noun = "counter",
		  .help = "the counter, 0 or 1 (default: the event's)" },
		{ .kind = CLI_CALL, .lname = "modes", .arg = "LIST", .call = r10k_option, .noun = "mode list",
		  .help = "user,kernel,exl[,supervisor] or all (default user)" },
		{ .kind = CLI_CALL, .lname = "ie", .call = r10k_option, .help = "interrupt when bit 31 becomes set" },
		{ .kind = CLI_GROUP, .help = "Other options:" },
		{ .kind = CLI_FLAG, .lname = "trigger", .dest = &o->trigger,
		  .help = "fire PM_TRIGGER after the setup, if any (quad mode: latch a set)" },
		{ .kind = CLI_DURATION, .lname = "scan", .arg = "DUR", .dest = &o->scan_ns, .noun = "duration",
		  .help = "count every signal over windows of DUR (exact shares); the setup found is put back" },
		{ .kind = CLI_FLAG, .lname = "dry-run", .dest = &o->dry_run, .help = "print every planned write; write nothing" },
		{ .kind = CLI_FLAG, .lname = "explain", .dest = &o->explain,
		  .help = "print the compiled slots and truth tables; write nothing" },
		{ .kind = CLI_STR, .lname = "chip", .arg = "CHIPSET", .dest = &o->chip, .noun = "chipset",
		  .help = "--explain for CHIPSET (G84, NV40, ...), without a device" },
		{ .kind = CLI_FLAG, .lname = "force", .dest = &o->force,
		  .help = "reprogram a domain set up by someone else; write registers regdb does not know or marks read-only; "
			  "--scan: swap other domains' quad sets by PM_TRIGGER" },
		{ .kind = CLI_FLAG, .lname = "no-verify", .dest = &o->no_verify,
		  .help = "--reg: do not read back what was written (a register regdb does not describe)" },
		CLI_OPT_FORMAT(&o->fmt, CLI_FMT_RECORDS, "text (default), json or csv"),
		CLI_OPT_VERBOSE(&o->verbose, "print the writes made"),
		CLI_OPT_HELP,
		CLI_OPT_VERSION,
	};
	struct cli_opt table[MAX_TABLE];
	/* Every setup option of the library, by its own name. */
	cli_setup_table(table, MAX_TABLE, fixed, sizeof fixed / sizeof fixed[0], tail, sizeof tail / sizeof tail[0],
			setup_option, NULL);

	static const struct cli_rel rels[] = {
		{ CLI_NEEDS, "--set", "-f", "it selects a set of a setup file" },
		{ CLI_CONFLICT, "--trigger", "--explain", "--explain writes nothing" },
		{ CLI_NEEDS, "--chip", "--explain", "it names the chipset to explain for" },
		{ CLI_CONFLICT, "--chip", "-d", "--chip explains for a chipset, -d for a device" },
		{ CLI_NEEDS, "--no-verify", "--reg", "it is about --reg's read-back" },
		{ CLI_CONFLICT, "--scan", "-f --set --trigger --explain", "--scan sets the domains up itself" },
		{ 0 },
	};
	const struct cli_cmd cmd = {
		.name = "pcsetup", .usage = usage, .opts = table, .rels = rels, .max_args = 0,
		.about = "Configure a PCOUNTER domain.",
	};
	int first, nargs, rc;

	o->r10k.counter = -1;
	if ((rc = cli_parse(&cmd, argc, argv, 1, o, &first, &nargs)))
		return rc;
	if (o->file && o->any_setup)
		return cli_fail(HWPC_EINPUT, "give setup options either on the command line or in %s, not both", o->file);
	if (o->scan_ns && o->any_setup)
		return cli_fail(HWPC_EINPUT, "--scan sets the domains up itself: it takes no setup options");
	if (!o->file && !o->any_setup && !o->trigger && !o->scan_ns)
		return cli_fail(HWPC_EINPUT, "nothing to set up: give setup options, -f FILE or --trigger (pcsetup --help)");
	return 0;
}

/* On an R10000/R12000: --event and --threshold are the counter's, and the
 * PCOUNTER options have no meaning. */
static int r10k_options(struct pcsetup_opts *op)
{
	const char *bad = op->domain ? "-D" : op->profile ? "--profile" : op->file ? "-f" : op->set ? "--set"
			  : op->explain ? "--explain" : NULL;
	for (unsigned i = 0; i < op->nsopt; i++) {
		if (!strcmp(op->sopt[i].name, "event"))
			op->r10k.event = op->sopt[i].value;
		else if (!strcmp(op->sopt[i].name, "threshold"))
			op->r10k.threshold = op->sopt[i].value;
		else if (!bad)
			bad = op->sopt[i].name;
	}
	if (bad)
		return cli_fail(HWPC_EINPUT, "%s%s is a PCOUNTER option; an R10000/R12000 takes --counter, --event, "
				"--modes, --ie and --threshold", *bad == '-' ? "" : "--", bad);
	op->r10k.dry_run = op->dry_run;
	op->r10k.verbose = op->verbose;
	return 0;
}

/* On a GPU: the setup options as PCOUNTER's. */
static int pcounter_options(struct pcsetup_opts *op, struct hwpc_dev *dev)
{
	struct hwpc_err err;
	if (op->r10k_opt)
		return cli_fail(HWPC_EINPUT, "%s is an R10000/R12000 option; the %s has PCOUNTER domains (pcsetup --help)",
				op->r10k_opt, hwpc_dev_chip(dev) ? hwpc_dev_chip(dev)->name : "device");
	hwpc_pc_setup_init(&op->setup);
	for (unsigned i = 0; i < op->nsopt; i++)
		if (hwpc_pc_setup_option(&op->setup, op->sopt[i].name, op->sopt[i].value, &err))
			return cli_fail_err(&err);
	return 0;
}

/* One device's setup: R10000/R12000 or PCOUNTER, or --reg's raw writes. */
static int setup_device(struct pcsetup_opts *op, struct hwpc_dev *dev, const char *const *assigns, unsigned nassign,
			bool regs_only, struct hwpc_out *o)
{
	struct hwpc_err err;
	struct hwpc_r10k_cpu *cpu = calloc(1, sizeof *cpu);
	int rc = 0;
	if (!cpu)
		return cli_fail(HWPC_EOP, "out of memory");
	bool r10k = !hwpc_r10k_cpu_from_dev(cpu, dev, &err);
	if (r10k && (op->trigger || op->scan_ns))
		rc = cli_fail(HWPC_EINPUT, "%s; the %s has none",
			      op->trigger ? "--trigger fires a GPU's PM_TRIGGER" : "--scan counts a GPU's PCOUNTER signals",
			      cpu->chip->name);
	else if (op->scan_ns)
		rc = pcsetup_scan(op, dev, o);
	else if (regs_only)
		rc = pcsetup_regs(dev, assigns, nassign, op->dry_run,
				  (op->force ? HWPC_REGWRITE_FORCE : 0) | (op->no_verify ? HWPC_REGWRITE_NO_VERIFY : 0), o);
	else if ((op->any_setup || op->file) && !(rc = r10k ? r10k_options(op) : pcounter_options(op, dev)))
		rc = r10k ? cli_r10k_setup(dev, cpu, &op->r10k, o) : pcsetup_pc(op, dev, o);
	if (!rc && op->trigger)
		rc = pcsetup_trigger(op, dev, o);
	free(cpu);
	return rc;
}

/* --explain as text: the device named first, as the record writer does
 * (printed once the setup is known good). */
static void explain_device_line(struct pcsetup_opts *op, const struct cli_device *d, char *buf, size_t len)
{
	snprintf(buf, len, "device: %s%s%s%s", d->name, d->chipset ? " (" : "", d->chipset ? d->chipset : "",
		 d->chipset ? ")" : "");
	op->explain_head = buf;
}

int main(int argc, char **argv)
{
	struct pcsetup_opts *op = calloc(1, sizeof *op);
	struct cli_devices devs;
	struct hwpc_err err;
	int rc;

	cli_init("pcsetup");
	if (!op)
		return cli_fail(HWPC_EOP, "out of memory");
	if ((rc = parse_args(argc, argv, op))) {
		free(op);
		return rc;
	}
	/* Only --reg and no -D: registers of any device, no domain. */
	const char *assigns[MAX_SETUP_OPTS];
	unsigned nassign = 0;
	for (unsigned i = 0; i < op->nsopt && !strcmp(op->sopt[i].name, "reg"); i++)
		assigns[nassign++] = op->sopt[i].value;
	bool regs_only = nassign && nassign == op->nsopt && !op->domain && !op->file && !op->r10k_opt;
	if (regs_only && op->explain) {
		free(op);
		return cli_fail(HWPC_EINPUT, "--explain is for PCOUNTER setups; --reg without -D writes registers");
	}
	if (op->chip) {
		rc = pcsetup_explain_chip(op);
		free(op);
		return rc;
	}
	bool writes = !op->dry_run && !op->explain;
	unsigned flags = (writes ? HWPC_OPEN_WRITE : HWPC_OPEN_READ) | (op->force ? HWPC_OPEN_FORCE : 0) |
			 (op->verbose ? HWPC_OPEN_VERBOSE : 0);
	if ((rc = cli_devices_open(op->devices, op->ndevices, flags, &devs))) {
		free(op);
		return rc;
	}
	/* Several devices: the same setup on each in turn; one that fails is
	 * reported, named, and the others go on (exit 5). */
	bool multi = devs.n + devs.failed > 1;
	unsigned failures = 0;
	struct hwpc_out *o = hwpc_out_new(stdout, op->fmt, &err);
	if (!o) {
		rc = cli_fail_err(&err);
	} else {
		hwpc_out_set_command(o, "pcsetup");
		if (!op->explain)
			cli_devices_writer(&devs, o);
		/* A setup and its trigger: two kinds of record in one table. */
		const char *kinds[] = { regs_only ? "reg_write" : "pc_setup", "pc_trigger" };
		if (op->trigger && (op->any_setup || op->file) && !op->dry_run && !op->verbose &&
		    hwpc_out_kinds(o, kinds, 2, &err))
			rc = cli_fail_err(&err);
		/* --scan: a table of the signals, as pcread --scan prints it. */
		if (op->scan_ns && !op->dry_run && hwpc_out_table(o, hwpc_pc_scan_cols, 10, &err))
			rc = cli_fail_err(&err);
	}
	const char *prog = cli_prog;
	char who[256];
	for (size_t i = 0; o && i < devs.n; i++) {
		cli_devices_tag(&devs, i, o);
		if (multi) {
			snprintf(who, sizeof who, "%s: %s", prog, devs.v[i].name);
			cli_prog = who; /* errors name the device */
		}
		char head[320];
		explain_device_line(op, &devs.v[i], head, sizeof head);
		int r = setup_device(op, devs.v[i].dev, assigns, nassign, regs_only, o);
		cli_prog = prog;
		if (r) {
			failures++;
			rc = r;
		}
		fflush(stdout);
	}
	if (o && hwpc_out_finish(o, &err) && !rc)
		rc = cli_fail_err(&err);
	hwpc_out_free(o);
	rc = cli_devices_status(&devs, failures, rc);
	cli_devices_close(&devs);
	free(op);
	return rc;
}
