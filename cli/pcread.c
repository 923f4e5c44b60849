/* pcread: read PCOUNTER domains: counters, states, flag and ratio; quad
 * sets with their ack; signal status and activity scans; any register by
 * name; interval sampling with 64-bit totals.  See pcread(1). */
#include "pcread.h"

#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const char usage[] =
	"usage: pcread [-d SPEC] [-D DOMAIN|all]... [--profile NAME] [--ack] [--expr]\n"
	"              [-i INTERVAL [-n COUNT]] [--strict] [--format text|json|csv|trace] [-o FILE] [-v]\n"
	"       pcread [-d SPEC] [-D DOMAIN]... --signals | --scan DURATION\n"
	"       pcread [-d SPEC] --reg NAME[IDX][.FIELD]... | --list-regs [PATTERN]\n"
	"       pcread [-d SPEC] [-D DOMAIN] -f SETFILE -i INTERVAL [-n COUNT]\n"
	"Read PCOUNTER domains: counters, mode and state, flag, EVENT/CYCLES.\n"
	"  -d, --device SPEC     0, 01:00.0 or sim:CHIP[,key=value...] (default $HWPC_DEVICE)\n"
	"  -D, --domain DOM      a domain by name or number, or all (default: all; repeatable)\n"
	"      --profile NAME    the chip's PCOUNTER profile (default: regdb's default)\n"
	"      --ack             quad mode: ack the set read (opens the device for writing)\n"
	"      --expr            show what each input counts (SRC/OP decompiled)\n"
	"  -i, --interval DUR    sample every DUR (bare number: milliseconds; 50us works)\n"
	"  -n, --count N         number of samples with -i (default: until interrupted)\n"
	"      --signals         the current value of every signal of the domains\n"
	"      --scan DUR        sample the signals for DUR: percentage of samples each was 1\n"
	"      --reg REF         read a register (repeatable), fields decoded\n"
	"      --list-regs       list the chip's registers (optionally matching PATTERN)\n"
	"  -f, --file SETFILE    rotate the counter sets of SETFILE, one per interval (quad mode;\n"
	"                        writes), and print perf-style scaled estimates\n"
	"      --strict          exit 3 when the setup changed, sets were lost or a counter saturated\n"
	"      --format FMT      text (default), json (JSON Lines), csv or trace (Chrome trace JSON)\n"
	"  -o, --output FILE     write to FILE\n"
	"  -v, --verbose         MMIO reads per sample, the setup record, ignored simulator accesses\n"
	"R10000/R12000 (sim:r10000, sim:r12000): both counters, 64-bit with -i; -i, -n, --strict, --format\n"
	"      --events LIST     multiplex these events over the counters, one turn per -i interval\n"
	"      --modes LIST      their counting modes: user,kernel,exl[,supervisor] (default user)\n"
	"      --decode CPU[:COUNTER]:WORD  a control word's fields and event (r10000:0x138); no device\n"
	"  -h, --help, -V, --version\n";

enum { OPT_PROFILE = 256, OPT_ACK, OPT_EXPR, OPT_SIGNALS, OPT_SCAN, OPT_REG, OPT_LIST, OPT_STRICT,
       OPT_FORMAT, OPT_EVENTS, OPT_MODES, OPT_DECODE };

#define MAX_REGS 64

struct opts {
	const char *device, *profile, *output, *pattern, *setfile, *decode;
	struct cli_r10k_read r10k;
	const char *domains[HWPC_PC_MAX_DOMAINS];
	unsigned ndomains;
	bool ack, expr, signals, list_regs, strict, verbose, have_interval, have_count;
	uint64_t interval_ns, count, scan_ns;
	const char *regs[MAX_REGS];
	unsigned nregs;
	enum hwpc_format fmt;
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
	static const struct option longopts[] = {
		{ "device", required_argument, NULL, 'd' },   { "domain", required_argument, NULL, 'D' },
		{ "profile", required_argument, NULL, OPT_PROFILE }, { "ack", no_argument, NULL, OPT_ACK },
		{ "expr", no_argument, NULL, OPT_EXPR },       { "signals", no_argument, NULL, OPT_SIGNALS },
		{ "scan", required_argument, NULL, OPT_SCAN }, { "reg", required_argument, NULL, OPT_REG },
		{ "list-regs", no_argument, NULL, OPT_LIST },  { "strict", no_argument, NULL, OPT_STRICT },
		{ "interval", required_argument, NULL, 'i' },  { "count", required_argument, NULL, 'n' },
		{ "format", required_argument, NULL, OPT_FORMAT }, { "output", required_argument, NULL, 'o' },
		{ "verbose", no_argument, NULL, 'v' },         { "help", no_argument, NULL, 'h' },
		{ "file", required_argument, NULL, 'f' },
		{ "events", required_argument, NULL, OPT_EVENTS }, { "modes", required_argument, NULL, OPT_MODES },
		{ "decode", required_argument, NULL, OPT_DECODE },
		{ "version", no_argument, NULL, 'V' },         { NULL, 0, NULL, 0 },
	};
	struct hwpc_err err;
	int c;

	opterr = 0;
	while ((c = getopt_long(argc, argv, ":d:D:i:n:o:f:vhV", longopts, NULL)) != -1) {
		switch (c) {
		case 'd': o->device = optarg; break;
		case 'D':
			if (o->ndomains == HWPC_PC_MAX_DOMAINS)
				return cli_fail(HWPC_EINPUT, "-D: more than %d domains", HWPC_PC_MAX_DOMAINS);
			o->domains[o->ndomains++] = optarg;
			break;
		case OPT_PROFILE: o->profile = optarg; break;
		case OPT_ACK: o->ack = true; break;
		case OPT_EXPR: o->expr = true; break;
		case OPT_SIGNALS: o->signals = true; break;
		case OPT_SCAN:
			if (hwpc_parse_duration_ns(optarg, 1000000, 0, "--scan", &o->scan_ns, &err))
				return cli_fail_err(&err);
			break;
		case OPT_REG:
			if (o->nregs == MAX_REGS)
				return cli_fail(HWPC_EINPUT, "--reg: more than %d registers", MAX_REGS);
			o->regs[o->nregs++] = optarg;
			break;
		case OPT_LIST: o->list_regs = true; break;
		case OPT_STRICT: o->strict = true; break;
		case 'i':
			if (hwpc_parse_duration_ns(optarg, 1000000, 0, "-i", &o->interval_ns, &err))
				return cli_fail_err(&err);
			o->have_interval = true;
			break;
		case 'n':
			if (hwpc_parse_u64(optarg, UINT32_MAX, "-n", &o->count, &err))
				return cli_fail_err(&err);
			if (!o->count)
				return cli_fail(HWPC_EINPUT, "-n: count must be at least 1");
			o->have_count = true;
			break;
		case OPT_FORMAT:
			if (hwpc_format_parse(optarg, &o->fmt, &err))
				return cli_fail_err(&err);
			break;
		case 'o': o->output = optarg; break;
		case 'f': o->setfile = optarg; break;
		case OPT_EVENTS: o->r10k.events = optarg; break;
		case OPT_MODES: o->r10k.modes = optarg; break;
		case OPT_DECODE: o->decode = optarg; break;
		case 'v': o->verbose = true; break;
		case 'h': fputs(usage, stdout); exit(0);
		case 'V': cli_version(); exit(0);
		default: return cli_bad_option(c, argv);
		}
	}
	if (o->list_regs && optind < argc)
		o->pattern = argv[optind++];
	if (optind < argc)
		return cli_fail(HWPC_EINPUT, "unexpected argument '%s' (pcread --help)", argv[optind]);
	int modes = (o->signals) + (o->scan_ns > 0) + (o->nregs > 0) + o->list_regs;
	if (modes > 1)
		return cli_fail(HWPC_EINPUT, "--signals, --scan, --reg and --list-regs cannot be combined");
	if (modes && (o->have_interval || o->ack || o->expr))
		return cli_fail(HWPC_EINPUT, "-i, --ack and --expr apply to counter reads, not to --signals, "
			       "--scan, --reg or --list-regs");
	if (modes && o->fmt == HWPC_FMT_TRACE)
		return cli_fail(HWPC_EINPUT, "--format trace is for counter samples (text, json or csv here)");
	if ((o->nregs || o->list_regs) && o->ndomains)
		return cli_fail(HWPC_EINPUT, "-D does not apply to --reg and --list-regs (name the index)");
	if (o->have_count && !o->have_interval)
		return cli_fail(HWPC_EINPUT, "-n needs -i");
	if (o->setfile && (modes || o->expr || o->fmt == HWPC_FMT_TRACE))
		return cli_fail(HWPC_EINPUT, "-f rotates counter sets; it cannot be combined with --signals, "
			       "--scan, --reg, --list-regs, --expr or --format trace");
	if (o->setfile && !o->have_interval)
		return cli_fail(HWPC_EINPUT, "-f needs -i: how long each counter set counts in its turn");
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
		if (hwpc_pcr_init(&p->doms[p->ndoms++].r, dev, &p->layout, d, &err))
			return cli_fail_err(&err);
	for (unsigned i = 0; i < op->ndomains && !all; i++) {
		unsigned d;
		if (hwpc_pc_domain_find(&p->layout, op->domains[i], &d, &err))
			return cli_fail(HWPC_EINPUT, "-D: %s", err.msg);
		if (hwpc_pcr_init(&p->doms[p->ndoms++].r, dev, &p->layout, d, &err))
			return cli_fail_err(&err);
	}
	return 0;
}

/* --list-regs and --reg: any chip, no domains. */
static int registers(FILE *out, const struct opts *op, struct hwpc_dev *dev)
{
	struct hwpc_err err;
	struct hwpc_out *o = hwpc_out_new(out, op->fmt, &err);
	int rc = !o ? cli_fail_err(&err)
		 : op->list_regs ? pcread_list_regs(o, dev, op->pattern)
				 : pcread_read_regs(o, dev, op->regs, op->nregs);
	if (o && hwpc_out_finish(o, &err) && !rc)
		rc = cli_fail_err(&err);
	hwpc_out_free(o);
	return rc;
}

/* PCOUNTER: rotation, or the domains' signals or counters, checked against
 * what pcsetup recorded before (and, sampling, after). */
static int pcounter(FILE *out, const struct opts *op, struct hwpc_dev *dev)
{
	static struct pcread p;
	struct hwpc_err err;
	int rc;
	p = (struct pcread){ .ack = op->ack, .expr = op->expr, .verbose = op->verbose,
			     .have_interval = op->have_interval, .have_count = op->have_count,
			     .interval_ns = op->interval_ns, .count = op->count, .scan_ns = op->scan_ns, .fmt = op->fmt };
	if (op->r10k.events || op->r10k.modes)
		return cli_fail(HWPC_EINPUT, "%s is an R10000/R12000 option; the %s has PCOUNTER domains (pcread --help)",
				op->r10k.events ? "--events" : "--modes", dev->chip ? dev->chip->name : "device");
	if (hwpc_pc_layout_dev(dev, op->profile, &p.layout, &err))
		return cli_fail_err(&err);
	if (op->setfile)
		rc = pcread_rotate(&p, out, dev, op->setfile, op->ndomains ? op->domains[0] : NULL);
	else if (!(rc = pick_domains(&p, op, dev))) {
		for (unsigned i = 0; i < p.ndoms && !rc; i++)
			rc = pcread_check_setup(&p, &p.doms[i]);
		if (!rc)
			rc = op->signals || op->scan_ns ? pcread_signals(&p, out) : pcread_counters(&p, out);
		/* A long run ends with a second look: was the domain
		 * reprogrammed while it was being read? */
		for (unsigned i = 0; i < p.ndoms && !rc && op->have_interval; i++)
			rc = pcread_check_setup(&p, &p.doms[i]);
	}
	if (!rc && op->strict && p.suspect)
		rc = HWPC_ELOST;
	return rc;
}

int main(int argc, char **argv)
{
	struct opts op = { 0 };
	struct hwpc_regdb *db;
	struct hwpc_dev *dev;
	struct hwpc_err err;
	int rc;

	cli_init("pcread");
	if ((rc = parse_args(argc, argv, &op)))
		return rc;
	if (op.decode) {
		if (op.device || op.ndomains || op.have_interval || op.r10k.events || op.nregs || op.list_regs)
			return cli_fail(HWPC_EINPUT, "--decode takes no device and no other reading option");
		if (op.fmt == HWPC_FMT_TRACE)
			return cli_fail(HWPC_EINPUT, "--format trace is for counter samples (text, json or csv here)");
		return cli_r10k_decode(op.decode, stdout, op.fmt);
	}
	/* Read-only, except that acking quad data, rotating sets and
	 * multiplexing R10000 events write. */
	unsigned flags = (op.ack || op.setfile || op.r10k.events ? HWPC_OPEN_WRITE : HWPC_OPEN_READ) |
			 (op.verbose ? HWPC_OPEN_VERBOSE : 0);
	if ((rc = cli_open(op.device, flags, &db, &dev)))
		return rc;
	FILE *out = stdout;
	struct hwpc_r10k_cpu *cpu = calloc(1, sizeof *cpu);
	bool r10k = cpu && !hwpc_r10k_cpu_from_dev(cpu, dev, &err);
	free(cpu);
	if (op.output && !(out = fopen(op.output, "w")))
		rc = cli_fail(HWPC_EOP, "cannot write %s: %s", op.output, strerror(errno));
	else if (op.list_regs || op.nregs)
		rc = registers(out, &op, dev);
	else if (r10k)
		rc = r10k_read(out, &op, dev);
	else
		rc = pcounter(out, &op, dev);
	if (out && out != stdout && fclose(out) && !rc)
		rc = cli_fail(HWPC_EOP, "cannot write %s: %s", op.output, strerror(errno));
	cli_close(db, dev);
	return rc;
}
