/* SPDX-License-Identifier: MIT */
/* pcsetup: configure PCOUNTER domains - mode, counter mode, input
 * expressions, counts, record buffer, triggers, raw writes - in the order
 * the hardware needs, and remember what was set for pcread.  See
 * pcsetup(1). */
#include "pcsetup.h"
#include "common/devices.h"
#include "common/opt.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const usage[] = {
	"pcsetup [-d SPEC|all]... [-D DOMAIN] [--profile NAME] [SETUP OPTIONS] [--dry-run] [--explain]",
	"        [--force] [--format text|json|csv] [-v]",
	"pcsetup [-d SPEC|all]... [-D DOMAIN] -f FILE [--set NAME] [--dry-run] [--explain] ...",
	"pcsetup [-d SPEC|all]... --reg NAME|ADDR=VALUE[:MASK]... [--dry-run] [--force] [--format text|json|csv]",
	NULL,
};

/* --help's words for the library's setup options (hwpc_pc_setup_option_names
 * says which there are; one missing here is listed with a pointer to the
 * manual). */
static const struct {
	const char *name, *arg, *help;
	unsigned flags;
} setup_help[] = {
	{ "mode", "M", "single (default), quad or record", 0 },
	{ "counter-mode", "M", "SIMPLE, EVENT_B4, EVENT_B6, EXTRA_B4, EXTRA_B6_EVENT_B2", 0 },
	{ "bits", "LIST", "the signals of the counter mode's integer(s), low bit first", 0 },
	{ "pre", "EXPR", "the PRE input expression (hwpc-expr(7))", 0 },
	{ "start", "EXPR", "the START input expression", 0 },
	{ "event", "EXPR", "the EVENT input expression (R10000/R12000: the event, NAME|NUM)", 0 },
	{ "stop", "EXPR", "the STOP input expression", 0 },
	{ "setflag", "EXPR", "the SETFLAG input expression", 0 },
	{ "clrflag", "EXPR", "the CLRFLAG input expression", 0 },
	{ "swap", "SIGNAL", "quad-mode SWAP signal (G84+; default pm_trigger)", 0 },
	{ "threshold", "N", "CTR_START counts periods with CTR_EVENT >= N (R10000: with --ie, after N)", 0 },
	{ "pre-count", "N", "PRE pulses before START counts (default 1)", 0 },
	{ "periods", "N", "counting periods (default 1)", 0 },
	{ "event-ctr-period", "one|all", "CTR_EVENT counts the last period or all (default one)", 0 },
	{ "event-import", "continuous|pulse", "how other domains' EVENT signals are synchronised", 0 },
	{ "flag-import", "continuous|pulse", "how other domains' FLAG signals are synchronised", 0 },
	{ "periodic", "off|1K|...|64K", "the PERIODIC signal's period in clocks (G84+)", 0 },
	{ "record-start", "ADDR", "record mode: the buffer's first address", 0 },
	{ "record-limit", "ADDR", "record mode: the address of its last packet", 0 },
	{ "record-high", "N", "record mode: bits 32-39 of the buffer address (G92+)", 0 },
	{ "record-format", "long|short", "record mode: 32-byte (default) or 16-byte packets", 0 },
	{ "record-signals", "LIST", "the record counters' signals, in packet order", 0 },
	{ "user", "VALUE[:PULSE]", "set the USER signals (bit i: USER_i)", 0 },
	{ "reset", "record|periodic", "pulse the domain set's reset bit around the setup (repeatable)", CLI_REPEAT },
	{ "reg", "NAME|ADDR=VALUE[:MASK]", "a raw write, read back (repeatable; without -D: any register)", CLI_REPEAT },
};

#define MAX_SETUP_OPTS 64

struct opts {
	const char *devices[CLI_MAX_DEVICE_ARGS];
	unsigned ndevices;
	const char *domain, *profile, *file, *set;
	bool dry_run, explain, force, verbose, any_setup;
	enum hwpc_format fmt;
	struct hwpc_pc_setup setup;
	/* Setup options as given: what they mean depends on the device. */
	struct {
		const char *name, *value;
	} sopt[MAX_SETUP_OPTS];
	unsigned nsopt;
	const char *r10k_opt; /* the first R10000/R12000-only option given */
	struct cli_r10k_setup r10k;
};

static int setup_option(const struct cli_opt *opt, const char *v, void *ctx)
{
	struct opts *o = ctx;
	if (o->nsopt == MAX_SETUP_OPTS)
		return cli_fail(HWPC_EINPUT, "more than %d setup options", MAX_SETUP_OPTS);
	o->sopt[o->nsopt].name = opt->lname;
	o->sopt[o->nsopt++].value = v;
	o->any_setup = true;
	return 0;
}

static int r10k_option(const struct cli_opt *opt, const char *v, void *ctx)
{
	struct opts *o = ctx;
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

static int parse_args(int argc, char **argv, struct opts *o)
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
		{ .kind = CLI_FLAG, .lname = "dry-run", .dest = &o->dry_run, .help = "print every planned write; write nothing" },
		{ .kind = CLI_FLAG, .lname = "explain", .dest = &o->explain,
		  .help = "print the compiled slots and truth tables; write nothing" },
		{ .kind = CLI_FLAG, .lname = "force", .dest = &o->force,
		  .help = "allow writes regdb does not know or marks read-only" },
		CLI_OPT_FORMAT(&o->fmt, CLI_FMT_RECORDS, "text (default), json or csv"),
		CLI_OPT_VERBOSE(&o->verbose, "print the writes made"),
		CLI_OPT_HELP,
		CLI_OPT_VERSION,
	};
	struct cli_opt table[MAX_TABLE];
	const char *const *names = hwpc_pc_setup_option_names();
	size_t n = 0;
	for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
		table[n++] = fixed[i];
	/* Every setup option of the library, by its own name. */
	for (size_t i = 0; names[i] && n + 1 + sizeof tail / sizeof tail[0] < MAX_TABLE; i++) {
		struct cli_opt so = { .kind = CLI_CALL, .lname = names[i], .arg = "VALUE", .call = setup_option,
				      .help = "a setup option (pcsetup(1))" };
		for (size_t k = 0; k < sizeof setup_help / sizeof setup_help[0]; k++)
			if (!strcmp(setup_help[k].name, names[i])) {
				so.arg = setup_help[k].arg;
				so.help = setup_help[k].help;
				so.flags = setup_help[k].flags;
			}
		table[n++] = so;
	}
	for (size_t i = 0; i < sizeof tail / sizeof tail[0]; i++)
		table[n++] = tail[i];
	table[n] = (struct cli_opt){ .kind = CLI_END };

	static const struct cli_rel rels[] = {
		{ CLI_NEEDS, "--set", "-f", "it selects a set of a setup file" },
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
	if (!o->file && !o->any_setup)
		return cli_fail(HWPC_EINPUT, "nothing to set up: give setup options or -f FILE (pcsetup --help)");
	return 0;
}

#define MAX_JOBS HWPC_PC_MAX_DOMAINS

struct job_set {
	size_t n;
	struct hwpc_pc_job job[MAX_JOBS];
	struct hwpc_pc_note rec[MAX_JOBS];
};

/* The setup options given, for -D's domain; or a setup file's (the library
 * applies the file's rules, the same as pcread -f's). */
static int select_jobs(struct job_set *js, const struct hwpc_pc_layout *l, const struct hwpc_pc_setfile *f,
		       const struct opts *op)
{
	struct hwpc_err err;
	if (f && hwpc_pc_setfile_jobs(l, f, op->domain, op->set, js->job, js->rec, MAX_JOBS, &js->n, &err))
		return cli_fail_err(&err);
	if (!f) {
		if (hwpc_pc_job_domain(l, op->domain, "", &js->job[0].dom, &err))
			return cli_fail_err(&err);
		js->job[0].setup = &op->setup;
		js->job[0].rec = &js->rec[0];
		js->n = 1;
	}
	return 0;
}

/* Text: the explain view as the library writes it; JSON and CSV: its
 * records (pc_logic_input). */
static int explain(const struct hwpc_pc_layout *l, const struct job_set *js, enum hwpc_format fmt,
		   struct hwpc_out *o)
{
	struct hwpc_err err;
	for (size_t j = 0; fmt != HWPC_FMT_TEXT && j < js->n; j++)
		if (hwpc_pc_setup_explain_out(l, js->job[j].dom, js->job[j].setup, o, &err))
			return cli_fail_err(&err);
	for (size_t j = 0; fmt == HWPC_FMT_TEXT && j < js->n; j++) {
		char *text;
		if (hwpc_pc_setup_explain(l, js->job[j].dom, js->job[j].setup, &text, &err))
			return cli_fail_err(&err);
		printf("%sdomain %s on %s:\n%s", j ? "\n" : "", l->dom[js->job[j].dom].name, l->chip->name, text);
		free(text);
	}
	return 0;
}

/* After the writes: what each domain now is, and the record's generation. */
static int report(struct hwpc_out *o, const struct hwpc_pc_layout *l, const struct job_set *js)
{
	static const char *const mode[] = { "single", "quad", "record" };
	struct hwpc_err err;
	for (size_t j = 0; j < js->n; j++) {
		const struct hwpc_pc_job *jb = &js->job[j];
		hwpc_out_record(o, "pc_setup");
		hwpc_out_str(o, "domain", l->dom[jb->dom].name);
		hwpc_out_str(o, "mode", jb->setup->given & ~HWPC_PC_SETUP_TRIGGERS ? mode[jb->setup->mode] : "unchanged");
		if (jb->rec->n)
			hwpc_out_u64(o, "generation", jb->rec->generation);
		else
			hwpc_out_null(o, "generation");
		if (hwpc_out_end(o, &err))
			return cli_fail_err(&err);
	}
	return 0;
}

static int run(const struct opts *op, struct hwpc_dev *dev, struct hwpc_out *o)
{
	struct hwpc_err err;
	struct hwpc_pc_layout l;
	struct hwpc_pc_setfile f = { 0 };
	struct hwpc_wplan plan;
	struct job_set *js = calloc(1, sizeof *js);
	int rc = 0;

	if (!js)
		return cli_fail(HWPC_EOP, "out of memory");
	hwpc_wplan_init(&plan, dev);
	if (hwpc_pc_layout_dev(dev, op->profile, &l, &err))
		rc = cli_fail_err(&err);
	else if (op->file && hwpc_pc_setfile_parse(op->file, &f, &err))
		rc = cli_fail_err(&err);
	else
		rc = select_jobs(js, &l, op->file ? &f : NULL, op);
	if (!rc && op->explain)
		rc = explain(&l, js, op->fmt, o);
	if (!rc && hwpc_pc_setup_plan_many(dev, &l, js->job, js->n, &plan, &err))
		rc = cli_fail_err(&err);
	if (!rc && op->dry_run)
		rc = hwpc_wplan_print(&plan, o, &err) ? cli_fail_err(&err) : 0;
	if (!rc && !op->dry_run && !op->explain) {
		if (hwpc_wplan_apply(&plan, &err))
			rc = cli_fail_err(&err);
		for (size_t j = 0; !rc && j < js->n; j++)
			if (js->rec[j].n && hwpc_pc_note_save(dev, l.dom[js->job[j].dom].name, &js->rec[j], &err))
				rc = cli_fail_err(&err);
		if (!rc && op->verbose && hwpc_wplan_print(&plan, o, &err))
			rc = cli_fail_err(&err);
		if (!rc && !op->verbose)
			rc = report(o, &l, js);
	}
	hwpc_wplan_free(&plan);
	hwpc_pc_setfile_free(&f);
	free(js);
	return rc;
}

/* On an R10000/R12000: --event and --threshold are the counter's, and the
 * PCOUNTER options have no meaning. */
static int r10k_options(struct opts *op)
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
static int pcounter_options(struct opts *op, struct hwpc_dev *dev)
{
	struct hwpc_err err;
	if (op->r10k_opt)
		return cli_fail(HWPC_EINPUT, "%s is an R10000/R12000 option; the %s has PCOUNTER domains (pcsetup --help)",
				op->r10k_opt, dev->chip ? dev->chip->name : "device");
	hwpc_pc_setup_init(&op->setup);
	for (unsigned i = 0; i < op->nsopt; i++)
		if (hwpc_pc_setup_option(&op->setup, op->sopt[i].name, op->sopt[i].value, &err))
			return cli_fail_err(&err);
	return 0;
}

/* One device's setup: R10000/R12000 or PCOUNTER, or --reg's raw writes. */
static int setup_device(struct opts *op, struct hwpc_dev *dev, const char *const *assigns, unsigned nassign,
			bool regs_only, struct hwpc_out *o)
{
	struct hwpc_err err;
	struct hwpc_r10k_cpu *cpu = calloc(1, sizeof *cpu);
	int rc;
	if (!cpu)
		return cli_fail(HWPC_EOP, "out of memory");
	bool r10k = !hwpc_r10k_cpu_from_dev(cpu, dev, &err);
	if (regs_only)
		rc = pcsetup_regs(dev, assigns, nassign, op->dry_run, op->force, o);
	else if (!(rc = r10k ? r10k_options(op) : pcounter_options(op, dev)))
		rc = r10k ? cli_r10k_setup(dev, cpu, &op->r10k, o) : run(op, dev, o);
	free(cpu);
	return rc;
}

/* --explain as text: the device named first, as the record writer does. */
static void explain_device_line(const struct opts *op, const struct cli_device *d)
{
	if (op->explain && op->fmt == HWPC_FMT_TEXT)
		printf("device: %s%s%s%s\n\n", d->name, d->chipset ? " (" : "", d->chipset ? d->chipset : "",
		       d->chipset ? ")" : "");
}

int main(int argc, char **argv)
{
	struct opts *op = calloc(1, sizeof *op);
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
	}
	const char *prog = cli_prog;
	char who[256];
	for (size_t i = 0; o && i < devs.n; i++) {
		cli_devices_tag(&devs, i, o);
		if (multi) {
			snprintf(who, sizeof who, "%s: %s", prog, devs.v[i].name);
			cli_prog = who; /* errors name the device */
		}
		explain_device_line(op, &devs.v[i]);
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
