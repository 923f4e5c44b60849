/* pcsetup: configure PCOUNTER domains - mode, counter mode, input
 * expressions, counts, record buffer, triggers, raw writes - in the order
 * the hardware needs, and remember what was set for pcread.  See
 * pcsetup(1). */
#include "pcsetup.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char usage[] =
	"usage: pcsetup [-d SPEC] [-D DOMAIN] [--profile NAME] [SETUP OPTIONS] [--dry-run] [--explain]\n"
	"               [--force] [--format text|json|csv] [-v]\n"
	"       pcsetup [-d SPEC] [-D DOMAIN] -f FILE [--set NAME] [--dry-run] [--explain] ...\n"
	"Configure a PCOUNTER domain.\n"
	"  -d, --device SPEC        0, 01:00.0 or sim:CHIP[,key=value...] (default $HWPC_DEVICE)\n"
	"  -D, --domain NAME|N      the domain: core_a, 1, hub.2, gpc1.0, part3.1\n"
	"      --profile NAME       the chip's domain layout (real hardware; default: the chip's)\n"
	"  -f, --file FILE          setup options from FILE, one a line, by domain and set\n"
	"      --set NAME           the set of FILE to apply (default: each domain's first)\n"
	"Setup options:\n"
	"      --mode M             single (default), quad or record\n"
	"      --counter-mode M     SIMPLE, EVENT_B4, EVENT_B6, EXTRA_B4, EXTRA_B6_EVENT_B2\n"
	"      --bits LIST          the signals of the counter mode's integer(s), low bit first\n"
	"      --pre/--start/--event/--stop/--setflag/--clrflag EXPR\n"
	"                           input expressions (hwpc-expr(7))\n"
	"      --swap SIGNAL        quad-mode SWAP signal (G84+; default pm_trigger)\n"
	"      --threshold N        CTR_START counts periods with CTR_EVENT >= N\n"
	"      --pre-count N        PRE pulses before START counts (default 1)\n"
	"      --periods N          counting periods (default 1)\n"
	"      --event-ctr-period one|all\n"
	"      --event-import continuous|pulse, --flag-import continuous|pulse\n"
	"      --periodic off|1K|2K|4K|8K|16K|32K|64K\n"
	"      --record-start ADDR, --record-limit ADDR, --record-high N, --record-format long|short\n"
	"      --record-signals LIST  the record counters' signals, in packet order\n"
	"      --user VALUE[:PULSE] set the USER signals (bit i: USER_i)\n"
	"      --reset record|periodic  pulse the domain set's reset bit around the setup\n"
	"      --reg NAME[IDX][.FIELD]=VALUE[:MASK]  a raw write (repeatable)\n"
	"R10000/R12000 (sim:r10000, sim:r12000):\n"
	"      --counter N          the counter, 0 or 1 (default: the event's)\n"
	"      --event NAME|NUM     the event, by name or IRIX number\n"
	"      --modes LIST         user,kernel,exl[,supervisor] or all (default user)\n"
	"      --ie                 interrupt when bit 31 becomes set\n"
	"      --threshold N        with --ie: interrupt after N events\n"
	"Other options:\n"
	"      --dry-run            print every planned write; write nothing\n"
	"      --explain            print the compiled slots and truth tables; write nothing\n"
	"      --force              allow writes regdb does not know or marks read-only\n"
	"      --format FMT         text (default), json or csv\n"
	"  -v, --verbose            print the writes made\n"
	"  -h, --help, -V, --version\n";

enum { OPT_PROFILE = 256, OPT_SET, OPT_DRY, OPT_EXPLAIN, OPT_FORCE, OPT_FORMAT, OPT_SETUP, OPT_COUNTER, OPT_MODES,
       OPT_IE };

#define MAX_SETUP_OPTS 64

struct opts {
	const char *device, *domain, *profile, *file, *set;
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

static int parse_args(int argc, char **argv, struct opts *o)
{
	static const struct option fixed[] = {
		{ "device", required_argument, NULL, 'd' },   { "domain", required_argument, NULL, 'D' },
		{ "profile", required_argument, NULL, OPT_PROFILE }, { "file", required_argument, NULL, 'f' },
		{ "set", required_argument, NULL, OPT_SET },  { "dry-run", no_argument, NULL, OPT_DRY },
		{ "explain", no_argument, NULL, OPT_EXPLAIN }, { "force", no_argument, NULL, OPT_FORCE },
		{ "format", required_argument, NULL, OPT_FORMAT }, { "verbose", no_argument, NULL, 'v' },
		{ "help", no_argument, NULL, 'h' },           { "version", no_argument, NULL, 'V' },
		{ "counter", required_argument, NULL, OPT_COUNTER }, { "modes", required_argument, NULL, OPT_MODES },
		{ "ie", no_argument, NULL, OPT_IE },
	};
	const size_t nfixed = sizeof fixed / sizeof fixed[0];
	struct option longopts[64];
	const char *const *names = hwpc_pc_setup_option_names();
	size_t n = 0;
	for (; n < nfixed; n++)
		longopts[n] = fixed[n];
	/* Every setup option of the library, by its own name. */
	for (size_t i = 0; names[i] && n + 1 < sizeof longopts / sizeof longopts[0]; i++)
		longopts[n++] = (struct option){ names[i], required_argument, NULL, OPT_SETUP };
	longopts[n] = (struct option){ NULL, 0, NULL, 0 };

	struct hwpc_err err;
	int c, idx;
	uint64_t v;
	o->r10k.counter = -1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":d:D:f:vhV", longopts, &idx)) != -1) {
		switch (c) {
		case 'd': o->device = optarg; break;
		case 'D': o->domain = optarg; break;
		case 'f': o->file = optarg; break;
		case 'v': o->verbose = true; break;
		case OPT_PROFILE: o->profile = optarg; break;
		case OPT_SET: o->set = optarg; break;
		case OPT_DRY: o->dry_run = true; break;
		case OPT_EXPLAIN: o->explain = true; break;
		case OPT_FORCE: o->force = true; break;
		case OPT_FORMAT:
			if (hwpc_format_parse(optarg, &o->fmt, &err))
				return cli_fail_err(&err);
			if (o->fmt == HWPC_FMT_TRACE)
				return cli_fail(HWPC_EINPUT, "--format trace is not supported by pcsetup (text, json or csv)");
			break;
		case OPT_SETUP:
			if (o->nsopt == MAX_SETUP_OPTS)
				return cli_fail(HWPC_EINPUT, "more than %d setup options", MAX_SETUP_OPTS);
			o->sopt[o->nsopt].name = longopts[idx].name;
			o->sopt[o->nsopt++].value = optarg;
			o->any_setup = true;
			break;
		case OPT_COUNTER:
			if (hwpc_parse_u64(optarg, 255, "--counter", &v, &err))
				return cli_fail_err(&err);
			o->r10k.counter = (int)v;
			o->r10k_opt = o->r10k_opt ? o->r10k_opt : "--counter";
			o->any_setup = true;
			break;
		case OPT_MODES:
			o->r10k.modes = optarg;
			o->r10k_opt = o->r10k_opt ? o->r10k_opt : "--modes";
			o->any_setup = true;
			break;
		case OPT_IE:
			o->r10k.ie = true;
			o->r10k_opt = o->r10k_opt ? o->r10k_opt : "--ie";
			o->any_setup = true;
			break;
		case 'h': fputs(usage, stdout); exit(0);
		case 'V': cli_version(); exit(0);
		default: return cli_bad_option(c, argv);
		}
	}
	if (optind < argc)
		return cli_fail(HWPC_EINPUT, "unexpected argument '%s' (pcsetup --help)", argv[optind]);
	if (o->file && o->any_setup)
		return cli_fail(HWPC_EINPUT, "give setup options either on the command line or in %s, not both", o->file);
	if (o->set && !o->file)
		return cli_fail(HWPC_EINPUT, "--set selects a set of a setup file: it needs -f FILE");
	if (!o->file && !o->any_setup)
		return cli_fail(HWPC_EINPUT, "nothing to set up: give setup options or -f FILE (pcsetup --help)");
	return 0;
}

#define MAX_JOBS HWPC_PC_MAX_DOMAINS

struct job_set {
	size_t n;
	struct hwpc_pc_job job[MAX_JOBS];
	struct hwpc_pc_record rec[MAX_JOBS];
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

static int explain(const struct hwpc_pc_layout *l, const struct job_set *js)
{
	struct hwpc_err err;
	for (size_t j = 0; j < js->n; j++) {
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
		hwpc_out_begin(o);
		hwpc_out_str(o, "domain", l->dom[jb->dom].name);
		hwpc_out_str(o, "mode", jb->setup->given & ~HWPC_PCS_TRIGGERS ? mode[jb->setup->mode] : "unchanged");
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
		rc = explain(&l, js);
	if (!rc && hwpc_pc_setup_plan_many(dev, &l, js->job, js->n, &plan, &err))
		rc = cli_fail_err(&err);
	if (!rc && op->dry_run)
		rc = hwpc_wplan_print(&plan, o, &err) ? cli_fail_err(&err) : 0;
	if (!rc && !op->dry_run && !op->explain) {
		if (hwpc_wplan_apply(&plan, &err))
			rc = cli_fail_err(&err);
		for (size_t j = 0; !rc && j < js->n; j++)
			if (js->rec[j].n && hwpc_pc_record_save(dev, l.dom[js->job[j].dom].name, &js->rec[j], &err))
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

int main(int argc, char **argv)
{
	struct opts *op = calloc(1, sizeof *op);
	struct hwpc_regdb *db;
	struct hwpc_dev *dev;
	struct hwpc_err err;
	int rc;

	cli_init("pcsetup");
	if (!op)
		return cli_fail(HWPC_EOP, "out of memory");
	if ((rc = parse_args(argc, argv, op))) {
		free(op);
		return rc;
	}
	bool writes = !op->dry_run && !op->explain;
	unsigned flags = (writes ? HWPC_OPEN_WRITE : HWPC_OPEN_READ) | (op->force ? HWPC_OPEN_FORCE : 0) |
			 (op->verbose ? HWPC_OPEN_VERBOSE : 0);
	if ((rc = cli_open(op->device, flags, &db, &dev))) {
		free(op);
		return rc;
	}
	struct hwpc_r10k_cpu *cpu = calloc(1, sizeof *cpu);
	bool r10k = cpu && !hwpc_r10k_cpu_from_dev(cpu, dev, &err);
	struct hwpc_out *o = hwpc_out_new(stdout, op->fmt, &err);
	if (!o || !cpu)
		rc = o ? cli_fail(HWPC_EOP, "out of memory") : cli_fail_err(&err);
	else if (!(rc = r10k ? r10k_options(op) : pcounter_options(op, dev)))
		rc = r10k ? cli_r10k_setup(dev, cpu, &op->r10k, o) : run(op, dev, o);
	free(cpu);
	if (o && hwpc_out_finish(o, &err) && !rc)
		rc = cli_fail_err(&err);
	hwpc_out_free(o);
	cli_close(db, dev);
	free(op);
	return rc;
}
