/* pcread: read PCOUNTER domains: counters, states, flag and ratio; quad
 * sets with their ack; signal status and activity scans; any register by
 * name; interval sampling with 64-bit totals.  See pcread(1). */
#include "common/opt.h"
#include "common/r10k.h"

#include <ctype.h>
#include <errno.h>
#include <fnmatch.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/prctl.h>
#include <time.h>

static const char *const usage[] = {
	"pcread [-d SPEC] [-D DOMAIN|all]... [--profile NAME] [--ack] [--expr]",
	"       [-i INTERVAL [-n COUNT]] [--strict] [--format text|json|csv|trace] [-o FILE] [-v]",
	"pcread [-d SPEC] [-D DOMAIN]... --signals | --scan DURATION",
	"pcread [-d SPEC] --reg NAME[IDX][.FIELD]... | --list-regs [PATTERN]",
	"pcread [-d SPEC] [-D DOMAIN] -f SETFILE -i INTERVAL [-n COUNT]",
	NULL,
};

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

/* A domain being read, and what has gone wrong with it so far. */
struct dom {
	struct hwpc_pcr r;
	struct hwpc_pcr_acc acc;
	char expr[HWPC_LOP_NINPUTS][HWPC_PCR_EXPR_LEN];
	bool warned_lost, warned_sat, warned_noack, warned_setup;
};

static struct hwpc_pc_layout layout;
static struct dom doms[HWPC_PC_MAX_DOMAINS];
static unsigned ndoms;
static bool suspect; /* --strict: exit 3 */
static volatile sig_atomic_t stop;

static void on_signal(int sig)
{
	(void)sig;
	stop = 1;
}

static uint64_t mono_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static void sleep_until(uint64_t t)
{
	struct timespec ts = { (time_t)(t / 1000000000u), (long)(t % 1000000000u) };
	while (!stop && clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) == EINTR)
		;
}

static int parse_args(int argc, char **argv, struct opts *o)
{
	const struct cli_opt opts[] = {
		CLI_OPT_DEVICE(&o->device),
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
		  .noun = "register", .help = "read a register (repeatable), fields decoded" },
		{ .kind = CLI_FLAG, .lname = "list-regs", .dest = &o->list_regs,
		  .help = "list the chip's registers (optionally matching PATTERN)" },
		{ .kind = CLI_STR, .sname = 'f', .lname = "file", .arg = "SETFILE", .dest = &o->setfile, .noun = "file name",
		  .help = "rotate SETFILE's counter sets, one per interval (quad mode; writes): scaled estimates" },
		{ .kind = CLI_FLAG, .lname = "strict", .dest = &o->strict,
		  .help = "exit 3 when the setup changed, sets were lost or a counter saturated" },
		CLI_OPT_FORMAT(&o->fmt, CLI_FMT_ALL, "text (default), json (JSON Lines), csv or trace (Chrome trace JSON)"),
		CLI_OPT_OUTPUT(&o->output, "write to FILE"),
		CLI_OPT_VERBOSE(&o->verbose, "MMIO reads per sample, the setup record, ignored simulator accesses"),
		{ .kind = CLI_GROUP,
		  .help = "R10000/R12000 (sim:r10000, sim:r12000): both counters, 64-bit with -i; -i, -n, --strict, --format" },
		{ .kind = CLI_STR, .lname = "events", .arg = "LIST", .dest = &o->r10k.events, .noun = "event list",
		  .help = "multiplex these events over the counters, one turn per -i interval" },
		{ .kind = CLI_STR, .lname = "modes", .arg = "LIST", .dest = &o->r10k.modes, .noun = "mode list",
		  .help = "their counting modes: user,kernel,exl[,supervisor] (default user)" },
		{ .kind = CLI_STR, .lname = "decode", .arg = "CPU[:COUNTER]:WORD", .dest = &o->decode, .noun = "control word",
		  .help = "a control word's fields and event (r10000:0x138); no device" },
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
		{ CLI_NEEDS, "-n", "-i", NULL },
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
	if (nargs && !o->list_regs)
		return cli_fail(HWPC_EINPUT, "unexpected argument '%s' (pcread --help)", argv[first]);
	if (nargs)
		o->pattern = argv[first];
	/* Value-dependent: which format, not whether --format was given. */
	bool modes = o->signals || o->scan_ns || o->nregs || o->list_regs;
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

/* --- registers by name --------------------------------------------------- */

static int list_regs(struct hwpc_out *o, const struct opts *op, struct hwpc_dev *dev)
{
	struct hwpc_err err;
	const struct hwpc_regdb *db = dev->db;
	bool glob = op->pattern && strpbrk(op->pattern, "*?[");
	unsigned n = 0;
	for (unsigned i = 0; i < hwpc_regdb_reg_count(db); i++) {
		const struct hwpc_reg *r = hwpc_regdb_reg(db, i);
		if (!hwpc_gens_has(&r->gens, dev->chip))
			continue;
		if (op->pattern && (glob ? fnmatch(op->pattern, r->name, FNM_CASEFOLD) &&
						   fnmatch(op->pattern, r->short_name, FNM_CASEFOLD)
					 : !strcasestr(r->name, op->pattern)))
			continue;
		char dims[96] = "";
		size_t k = 0;
		for (unsigned d = 0; d < r->ndims && k < sizeof dims; d++)
			k += (size_t)snprintf(dims + k, sizeof dims - k, "[%s:%u]", r->dims[d].name, r->dims[d].count);
		static const char *const access[] = { "rw", "ro", "wo", "w1c" };
		hwpc_out_begin(o);
		hwpc_out_str(o, "reg", r->name);
		hwpc_out_str(o, "dims", dims);
		hwpc_out_hex(o, "addr", r->space->base + r->offset, 6);
		hwpc_out_str(o, "access", access[r->access]);
		hwpc_out_str(o, "doc", r->doc ? r->doc : "");
		if (hwpc_out_end(o, &err))
			return cli_fail_err(&err);
		n++;
	}
	if (!n && op->pattern)
		return cli_fail(HWPC_EINPUT, "--list-regs: no register of %s matches '%s'", dev->chip->name,
				op->pattern);
	return 0;
}

static int read_regs(struct hwpc_out *o, const struct opts *op, struct hwpc_dev *dev)
{
	struct hwpc_err err;
	struct hwpc_regref refs[MAX_REGS];
	/* Every name first: a typo reads nothing. */
	for (unsigned i = 0; i < op->nregs; i++) {
		if (hwpc_regref_parse(dev->db, dev->chip, op->regs[i], &refs[i], &err))
			return cli_fail(HWPC_EINPUT, "--reg %s: %s", op->regs[i], err.msg);
		if (refs[i].reg->access == HWPC_ACCESS_WO)
			return cli_fail(HWPC_EINPUT, "--reg %s: %s is write-only", op->regs[i], refs[i].reg->name);
	}
	for (unsigned i = 0; i < op->nregs; i++) {
		const struct hwpc_regref *ref = &refs[i];
		char name[160], fields[512];
		uint32_t v;
		if (hwpc_rd32(dev, ref->addr, &v))
			return cli_fail(dev->err.status, "reading %s: %s", op->regs[i], dev->err.msg);
		hwpc_regref_format(ref, name, sizeof name);
		hwpc_out_begin(o);
		hwpc_out_str(o, "reg", name);
		hwpc_out_hex(o, "addr", ref->addr, 6);
		if (ref->field) {
			/* A field: its value, and its enum name when it has one. */
			uint64_t fv = hwpc_field_get(ref->field, v);
			const struct hwpc_enum *e = hwpc_enum_find_value(ref->field, dev->chip, fv);
			hwpc_out_hex(o, "value", fv, 0);
			hwpc_out_str(o, "fields", e ? e->name : "");
		} else {
			hwpc_reg_decode(ref->reg, dev->chip, v, fields, sizeof fields);
			hwpc_out_hex32(o, "value", v);
			hwpc_out_str(o, "fields", fields);
		}
		if (hwpc_out_end(o, &err))
			return cli_fail_err(&err);
	}
	return 0;
}

/* --- domains ---------------------------------------------------------------- */

static int pick_domains(const struct opts *op, struct hwpc_dev *dev)
{
	struct hwpc_err err;
	bool all = !op->ndomains;
	for (unsigned i = 0; i < op->ndomains; i++)
		all |= !strcasecmp(op->domains[i], "all");
	for (unsigned d = 0; d < layout.ndomains && all; d++)
		if (hwpc_pcr_init(&doms[ndoms++].r, dev, &layout, d, &err))
			return cli_fail_err(&err);
	for (unsigned i = 0; i < op->ndomains && !all; i++) {
		unsigned d;
		if (hwpc_pc_domain_find(&layout, op->domains[i], &d, &err))
			return cli_fail(HWPC_EINPUT, "-D: %s", err.msg);
		if (hwpc_pcr_init(&doms[ndoms++].r, dev, &layout, d, &err))
			return cli_fail_err(&err);
	}
	return 0;
}

/* Warn (and mark the run suspect) when the domain's registers no longer
 * hold what pcsetup recorded. */
static int check_setup(struct dom *d, const struct opts *op)
{
	struct hwpc_err err;
	struct hwpc_pc_record rec;
	bool found, changed;
	char diff[256];
	if (hwpc_pc_record_load(d->r.dev, d->r.di->name, &rec, &found, &err))
		return cli_fail_err(&err);
	if (!found) {
		if (op->verbose)
			cli_warn("%s: no pcsetup record (nothing to check the setup against)", d->r.di->name);
		return 0;
	}
	if (hwpc_pc_record_check(d->r.dev, &rec, &changed, diff, sizeof diff, &err))
		return cli_fail_err(&err);
	if (changed && !d->warned_setup) {
		d->warned_setup = true;
		cli_warn("%s: setup changed since pcsetup (generation %llu): %s", d->r.di->name,
			 (unsigned long long)rec.generation, diff);
		suspect = true;
	} else if (!changed && op->verbose) {
		cli_warn("%s: setup as pcsetup left it (generation %llu: %s)", d->r.di->name,
			 (unsigned long long)rec.generation, rec.what);
	}
	return 0;
}

static void note_sample(struct dom *d, const struct hwpc_pcr_sample *s, const struct opts *op)
{
	if (s->lost && !d->warned_lost) {
		cli_warn("%s: counter sets were lost (quad OVERFLOW: swapped again before being read%s)",
			 d->r.di->name, op->ack ? "" : "; --ack frees the hardware for the next set");
		d->warned_lost = suspect = true;
	}
	if (s->saturated && !d->warned_sat) {
		char which[64] = "";
		size_t k = 0;
		for (int c = 0; c < HWPC_PCR_NCTRS; c++)
			if (s->saturated >> c & 1)
				k += (size_t)snprintf(which + k, k < sizeof which ? sizeof which - k : 0, "%s%s",
						      k ? ", " : "", hwpc_pcr_ctr_key((enum hwpc_pcr_ctr)c));
		cli_warn("%s: saturated: %s (%s)", d->r.di->name, which,
			 d->r.ctr[HWPC_PCR_CYCLES].sticky ? "the 40-bit counter passed 2^39: its low bits wrapped"
							  : "stopped at 0xffffffff: the count is a lower bound");
		d->warned_sat = suspect = true;
	}
	if (s->mode == HWPC_PCR_MODE_QUAD && op->have_interval && !op->ack && !d->warned_noack) {
		cli_warn("%s: quad mode without --ack: every sample reads the same set until it is acked",
			 d->r.di->name);
		d->warned_noack = true;
	}
}

/* --- counter records ----------------------------------------------------- */

/* Which optional columns the records carry, fixed before the first one. */
struct layout_cols {
	bool sample, quad, record, totals, expr, verbose;
};

/* "event_expr": the key of input i's expression. */
static const char *expr_key(int i)
{
	static char keys[HWPC_LOP_NINPUTS][24];
	if (!keys[i][0]) {
		snprintf(keys[i], sizeof keys[i], "%s_expr", hwpc_lop_input_name((enum hwpc_lop_input)i));
		for (char *p = keys[i]; *p; p++)
			*p = (char)tolower((unsigned char)*p);
	}
	return keys[i];
}

static void add_col(struct hwpc_col *cols, size_t *n, const char *name)
{
	cols[(*n)++] = (struct hwpc_col){ name, 0 };
}

static size_t columns(const struct layout_cols *lc, struct hwpc_col *cols)
{
	static char total_keys[HWPC_PCR_NCTRS][24];
	size_t n = 0;
	if (lc->sample) {
		add_col(cols, &n, "sample");
		add_col(cols, &n, "time_ns");
	}
	add_col(cols, &n, "domain");
	add_col(cols, &n, "mode");
	add_col(cols, &n, "state");
	for (int c = 0; c < HWPC_PCR_NCTRS; c++)
		add_col(cols, &n, hwpc_pcr_ctr_key((enum hwpc_pcr_ctr)c));
	add_col(cols, &n, "flag");
	add_col(cols, &n, "event_pct");
	add_col(cols, &n, "saturated");
	if (lc->quad) {
		add_col(cols, &n, "lost");
		add_col(cols, &n, "acks");
	}
	if (lc->record) {
		add_col(cols, &n, "record_pos");
		add_col(cols, &n, "record_packets");
	}
	if (lc->totals) {
		for (int c = 0; c < HWPC_PCR_NCTRS; c++) {
			snprintf(total_keys[c], sizeof total_keys[c], "%s_total", hwpc_pcr_ctr_key((enum hwpc_pcr_ctr)c));
			add_col(cols, &n, total_keys[c]);
		}
		add_col(cols, &n, "total_saturated");
	}
	if (lc->expr)
		for (int i = 0; i < HWPC_LOP_NINPUTS; i++)
			add_col(cols, &n, expr_key(i));
	if (lc->verbose)
		add_col(cols, &n, "mmio_reads");
	return n;
}

static void put_ctr(struct hwpc_out *o, const char *key, bool present, bool saturated, uint64_t v,
		    enum hwpc_format fmt)
{
	if (!present)
		hwpc_out_null(o, key);
	else if (saturated)
		/* Never a wrapped or clamped number: the word in text, nothing
		 * (with the "saturated" list) in machine formats. */
		fmt == HWPC_FMT_TEXT ? hwpc_out_str(o, key, "saturated") : hwpc_out_null(o, key);
	else
		hwpc_out_u64(o, key, v);
}

static void saturated_list(unsigned mask, char *buf, size_t len)
{
	size_t k = 0;
	buf[0] = 0;
	for (int c = 0; c < HWPC_PCR_NCTRS; c++)
		if (mask >> c & 1)
			k += (size_t)snprintf(buf + k, k < len ? len - k : 0, "%s%s", k ? "+" : "",
					      hwpc_pcr_ctr_key((enum hwpc_pcr_ctr)c));
}

static int put_record(struct hwpc_out *o, const struct layout_cols *lc, const struct opts *op, struct dom *d,
		      const struct hwpc_pcr_sample *s, uint64_t sample, uint64_t t_ns)
{
	struct hwpc_err err;
	char sat[64];
	hwpc_out_begin(o);
	if (lc->sample) {
		hwpc_out_u64(o, "sample", sample);
		hwpc_out_u64(o, "time_ns", t_ns);
	}
	hwpc_out_str(o, "domain", d->r.di->name);
	hwpc_out_str(o, "mode", s->mode_name);
	hwpc_out_str(o, "state", s->state_name);
	for (int c = 0; c < HWPC_PCR_NCTRS; c++)
		put_ctr(o, hwpc_pcr_ctr_key((enum hwpc_pcr_ctr)c), s->present >> c & 1, s->saturated >> c & 1,
			s->ctr[c], op->fmt);
	if (s->flag < 0)
		hwpc_out_null(o, "flag");
	else
		hwpc_out_u64(o, "flag", (uint64_t)s->flag);
	double pct = hwpc_pcr_event_pct(s);
	if (isnan(pct))
		hwpc_out_null(o, "event_pct");
	else
		hwpc_out_double(o, "event_pct", pct, 2);
	saturated_list(s->saturated, sat, sizeof sat);
	hwpc_out_str(o, "saturated", sat);
	if (lc->quad) {
		if (s->mode == HWPC_PCR_MODE_QUAD) {
			hwpc_out_bool(o, "lost", s->lost);
			hwpc_out_u64(o, "acks", s->acks);
		} else {
			hwpc_out_null(o, "lost");
			hwpc_out_null(o, "acks");
		}
	}
	if (lc->record) {
		if (s->mode == HWPC_PCR_MODE_RECORD) {
			hwpc_out_hex(o, "record_pos", s->rec_pos, 8);
			hwpc_out_u64(o, "record_packets", s->rec_packets);
		} else {
			hwpc_out_null(o, "record_pos");
			hwpc_out_null(o, "record_packets");
		}
	}
	if (lc->totals) {
		char key[32];
		for (int c = 0; c < HWPC_PCR_NCTRS; c++) {
			snprintf(key, sizeof key, "%s_total", hwpc_pcr_ctr_key((enum hwpc_pcr_ctr)c));
			if (s->present >> c & 1)
				hwpc_out_u64(o, key, d->acc.total[c]);
			else
				hwpc_out_null(o, key);
		}
		saturated_list(d->acc.saturated, sat, sizeof sat);
		hwpc_out_str(o, "total_saturated", sat);
	}
	if (lc->expr)
		for (int i = 0; i < HWPC_LOP_NINPUTS; i++) {
			if (d->expr[i][0])
				hwpc_out_str(o, expr_key(i), d->expr[i]);
			else
				hwpc_out_null(o, expr_key(i));
		}
	if (lc->verbose)
		hwpc_out_u64(o, "mmio_reads", s->mmio_reads);
	return hwpc_out_end(o, &err) ? cli_fail_err(&err) : 0;
}

/* Chrome trace: a counter track per domain, its counters as series, and
 * the EVENT/CYCLES percentage on a track of its own. */
static void put_trace(struct hwpc_trace *t, struct dom *d, const struct hwpc_pcr_sample *s, uint64_t t_ns)
{
	struct hwpc_trace_arg series[HWPC_PCR_NCTRS];
	size_t n = 0;
	double us = (double)t_ns / 1000.0;
	for (int c = 0; c < HWPC_PCR_NCTRS; c++)
		if ((s->present >> c & 1) && !(s->saturated >> c & 1))
			series[n++] = (struct hwpc_trace_arg){ hwpc_pcr_ctr_key((enum hwpc_pcr_ctr)c), NULL,
							       (double)s->ctr[c] };
	if (n)
		hwpc_trace_counter(t, 1, us, d->r.di->name, series, n);
	double pct = hwpc_pcr_event_pct(s);
	if (!isnan(pct)) {
		char name[48];
		struct hwpc_trace_arg a = { "event_pct", NULL, pct };
		snprintf(name, sizeof name, "%s event%%", d->r.di->name);
		hwpc_trace_counter(t, 1, us, name, &a, 1);
	}
}

static int read_counters(FILE *out, const struct opts *op)
{
	struct hwpc_err err;
	struct hwpc_pcr_sample first[HWPC_PC_MAX_DOMAINS], s;
	struct hwpc_out *o = NULL;
	struct hwpc_trace *t = NULL;
	struct layout_cols lc = { .sample = op->have_interval, .totals = op->have_interval,
				  .expr = op->expr, .verbose = op->verbose };
	int rc = 0;

	if (op->expr)
		for (unsigned i = 0; i < ndoms; i++) {
			struct hwpc_pc_names names;
			if (hwpc_pc_names_build(&layout, doms[i].r.dom, &names, &err))
				return cli_fail_err(&err);
			rc = hwpc_pcr_exprs(&doms[i].r, &names, doms[i].expr, &err);
			hwpc_pc_names_free(&names);
			if (rc)
				return cli_fail_err(&err);
		}
	uint64_t start = mono_ns();
	/* The first sample decides the optional columns. */
	for (unsigned i = 0; i < ndoms; i++) {
		if (hwpc_pcr_read(&doms[i].r, op->ack, &first[i], &err))
			return cli_fail_err(&err);
		lc.quad |= first[i].mode == HWPC_PCR_MODE_QUAD;
		lc.record |= first[i].mode == HWPC_PCR_MODE_RECORD;
	}
	uint64_t t0 = mono_ns() - start;
	if (op->fmt == HWPC_FMT_TRACE) {
		char name[64];
		if (!(t = hwpc_trace_new(out, &err)))
			return cli_fail_err(&err);
		snprintf(name, sizeof name, "pcread %s", layout.chip->name);
		hwpc_trace_process_name(t, 1, name);
	} else {
		struct hwpc_col cols[64];
		size_t n = columns(&lc, cols);
		if (!(o = hwpc_out_new(out, op->fmt, &err)) || hwpc_out_table(o, cols, n, &err)) {
			hwpc_out_free(o);
			return cli_fail_err(&err);
		}
	}
	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);
	if (op->have_interval && op->interval_ns < 1000000)
		prctl(PR_SET_TIMERSLACK, 1UL); /* sub-millisecond deadlines need fine wakeups */
	for (uint64_t k = 0; !rc && !stop && (!op->have_interval || !op->have_count || k < op->count); k++) {
		uint64_t tk = t0;
		if (k) {
			if (!op->have_interval)
				break;
			sleep_until(start + k * op->interval_ns);
			if (stop)
				break;
			tk = mono_ns() - start;
		}
		for (unsigned i = 0; i < ndoms && !rc; i++) {
			struct dom *d = &doms[i];
			if (k)
				rc = hwpc_pcr_read(&d->r, op->ack, &s, &err) ? cli_fail_err(&err) : 0;
			else
				s = first[i];
			if (rc)
				break;
			hwpc_pcr_acc_add(&d->acc, &d->r, &s);
			note_sample(d, &s, op);
			if (t)
				put_trace(t, d, &s, tk);
			else
				rc = put_record(o, &lc, op, d, &s, k, tk);
		}
		if (op->have_interval && op->interval_ns >= 1000000)
			fflush(out);
	}
	if (t) {
		if (hwpc_trace_finish(t, &err) && !rc)
			rc = cli_fail_err(&err);
		hwpc_trace_free(t);
	} else {
		if (hwpc_out_finish(o, &err) && !rc)
			rc = cli_fail_err(&err);
		hwpc_out_free(o);
	}
	return rc;
}

/* --- signals -------------------------------------------------------------- */

static int signal_table(struct hwpc_out *o, bool scan)
{
	static const struct hwpc_col sig_cols[] = { { "domain", 0 }, { "signal", 0 }, { "name", 0 }, { "value", 0 } };
	static const struct hwpc_col scan_cols[] = { { "domain", 0 }, { "signal", 0 }, { "name", 0 },
						     { "active_pct", 0 }, { "ones", 0 }, { "samples", 0 } };
	struct hwpc_err err;
	if (hwpc_out_table(o, scan ? scan_cols : sig_cols, scan ? 6 : 4, &err))
		return cli_fail_err(&err);
	return 0;
}

static int put_signal(struct hwpc_out *o, struct dom *d, const struct hwpc_pc_names *names, unsigned sig,
		      const struct hwpc_pcr_scan *sc, unsigned value)
{
	struct hwpc_err err;
	const char *name = hwpc_pc_signal_name(names, sig);
	hwpc_out_begin(o);
	hwpc_out_str(o, "domain", d->r.di->name);
	hwpc_out_hex(o, "signal", sig, 2);
	hwpc_out_str(o, "name", name ? name : "");
	if (sc) {
		hwpc_out_double(o, "active_pct", hwpc_pcr_scan_pct(sc, sig), 2);
		hwpc_out_u64(o, "ones", sc->ones[sig]);
		hwpc_out_u64(o, "samples", sc->samples);
	} else {
		hwpc_out_u64(o, "value", value);
	}
	return hwpc_out_end(o, &err) ? cli_fail_err(&err) : 0;
}

/* A virtual simulator clock moves only when told: a scan then steps it
 * itself, a cycle (or more) of the domain per sample, so its percentages
 * are exact. */
static int scan(struct dom *d, const struct opts *op, struct hwpc_pcr_scan *sc)
{
	struct hwpc_err err;
	struct hwpc_dev *dev = d->r.dev;
	hwpc_pcr_scan_init(sc);
	if (hwpc_sim_is_virtual(dev)) {
		uint64_t hz = hwpc_sim_pc_domain_hz(dev, d->r.dom);
		uint64_t cycles = (uint64_t)((long double)op->scan_ns * (long double)hz / 1e9L);
		uint64_t step = cycles > 100000 ? cycles / 100000 : 1;
		for (uint64_t c = 0; c < cycles && !stop; c += step)
			if (hwpc_pcr_scan_sample(&d->r, sc, &err) ||
			    hwpc_sim_pc_advance_cycles(dev, d->r.dom, step, &err))
				return cli_fail_err(&err);
		return 0;
	}
	uint64_t end = mono_ns() + op->scan_ns;
	do {
		if (hwpc_pcr_scan_sample(&d->r, sc, &err))
			return cli_fail_err(&err);
	} while (mono_ns() < end && !stop);
	return 0;
}

static int read_signals(FILE *out, const struct opts *op)
{
	struct hwpc_err err;
	struct hwpc_out *o = hwpc_out_new(out, op->fmt, &err);
	int rc = o ? signal_table(o, op->scan_ns > 0) : cli_fail_err(&err);
	signal(SIGINT, on_signal);
	for (unsigned i = 0; i < ndoms && !rc; i++) {
		struct dom *d = &doms[i];
		struct hwpc_pc_names names;
		static struct hwpc_pcr_scan sc;
		uint32_t w[HWPC_LOP_MAX_SIGNALS / 32];
		if (hwpc_pc_names_build(&layout, d->r.dom, &names, &err)) {
			rc = cli_fail_err(&err);
			break;
		}
		if (op->scan_ns)
			rc = scan(d, op, &sc);
		else if (hwpc_pcr_signals(&d->r, w, sizeof w / sizeof w[0], &err))
			rc = cli_fail_err(&err);
		for (unsigned sig = 0; sig < d->r.di->nsignals && !rc; sig++)
			rc = put_signal(o, d, &names, sig, op->scan_ns ? &sc : NULL, w[sig / 32] >> (sig % 32) & 1);
		hwpc_pc_names_free(&names);
	}
	if (o && hwpc_out_finish(o, &err) && !rc)
		rc = cli_fail_err(&err);
	hwpc_out_free(o);
	return rc;
}

/* --- rotation ------------------------------------------------------------ */

static void step_cycle(void *arg)
{
	struct dom *d = arg;
	hwpc_sim_pc_advance_cycles(d->r.dev, d->r.dom, 1, NULL);
}

/* Wait out one turn: on a virtual simulator clock, move it by the interval. */
static int turn_wait(struct dom *d, const struct opts *op, uint64_t deadline)
{
	struct hwpc_err err;
	if (hwpc_sim_is_virtual(d->r.dev))
		return hwpc_sim_advance_ns(d->r.dev, op->interval_ns, &err) ? cli_fail_err(&err) : 0;
	sleep_until(deadline);
	return 0;
}

static int rotation_report(FILE *out, const struct opts *op, struct dom *d, const struct hwpc_pc_setfile *sf,
			   const struct hwpc_pcr_rotset *sets)
{
	static const struct hwpc_col cols[] = { { "set", 0 },    { "domain", 0 },  { "counter", 10 },
						{ "count", 0 },  { "scaled", 0 },  { "counted_pct", 0 },
						{ "periods", 0 }, { "saturated", 0 } };
	struct hwpc_err err;
	int rc = 0;
	uint64_t total = hwpc_pcr_rot_total(sets, sf->n);
	struct hwpc_out *o = hwpc_out_new(out, op->fmt, &err);
	if (!o || hwpc_out_table(o, cols, sizeof cols / sizeof cols[0], &err)) {
		hwpc_out_free(o);
		return cli_fail_err(&err);
	}
	for (size_t j = 0; j < sf->n && !rc; j++) {
		if (sets[j].saturated && !d->warned_sat) {
			cli_warn("%s: a counter saturated in set '%s': its count is a lower bound", d->r.di->name,
				 sf->e[j].set);
			d->warned_sat = suspect = true;
		}
		for (int c = 0; c < HWPC_PCR_NCTRS && !rc; c++) {
			if (!d->r.ctr[c].present)
				continue;
			double scaled = hwpc_pcr_rot_scale(sets[j].count[c], sets[j].counted, total);
			hwpc_out_begin(o);
			hwpc_out_str(o, "set", sf->e[j].set);
			hwpc_out_str(o, "domain", d->r.di->name);
			hwpc_out_str(o, "counter", hwpc_pcr_ctr_key((enum hwpc_pcr_ctr)c));
			hwpc_out_u64(o, "count", sets[j].count[c]);
			if (isnan(scaled))
				hwpc_out_null(o, "scaled");
			else
				hwpc_out_u64(o, "scaled", (uint64_t)llround(scaled));
			hwpc_out_double(o, "counted_pct", 100.0 * hwpc_pcr_rot_fraction(sets[j].counted, total), 2);
			hwpc_out_u64(o, "periods", sets[j].periods);
			hwpc_out_bool(o, "saturated", sets[j].saturated >> c & 1);
			rc = hwpc_out_end(o, &err) ? cli_fail_err(&err) : 0;
		}
	}
	if (hwpc_out_finish(o, &err) && !rc)
		rc = cli_fail_err(&err);
	hwpc_out_free(o);
	return rc;
}

/* The sets of a setup file take turns on one domain, an interval each. */
static int rotate(FILE *out, const struct opts *op, struct hwpc_dev *dev)
{
	struct hwpc_err err;
	struct hwpc_pc_setfile sf;
	struct hwpc_pcr_rotation rt;
	struct hwpc_pcr_rotset *sets = NULL;
	struct dom *d = &doms[0];
	unsigned dn;
	int rc = 0;

	if (hwpc_pc_setfile_parse(op->setfile, &sf, &err))
		return cli_fail_err(&err);
	const char *want = op->ndomains ? op->domains[0] : NULL;
	for (size_t j = 0; j < sf.n && !rc; j++) {
		const char *name = sf.e[j].domain[0] ? sf.e[j].domain : want;
		if (!name)
			rc = cli_fail(HWPC_EINPUT, "%s:%u: no domain (give one in the file or with -D)", op->setfile,
				      sf.e[j].line);
		else if (!want)
			want = name;
		else if (strcasecmp(name, want))
			rc = cli_fail(HWPC_EINPUT, "%s:%u: domain %s: one domain rotates at a time (%s)", op->setfile,
				      sf.e[j].line, name, want);
	}
	if (!rc && hwpc_pc_domain_find(&layout, want, &dn, &err))
		rc = cli_fail(HWPC_EINPUT, "%s: %s", op->setfile, err.msg);
	if (!rc && (hwpc_pcr_init(&d->r, dev, &layout, dn, &err) || hwpc_pcr_rot_init(&rt, &d->r, &err)))
		rc = cli_fail_err(&err);
	if (!rc && !(sets = calloc(sf.n, sizeof *sets)))
		rc = cli_fail(HWPC_EOP, "out of memory");
	ndoms = 1;
	if (!rc && hwpc_sim_is_virtual(dev)) {
		rt.step = step_cycle;
		rt.step_arg = d;
	}
	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);
	uint64_t start = mono_ns();
	for (uint64_t k = 0; !rc && !stop && (!op->have_count || k < op->count); k++) {
		size_t j = k % sf.n;
		if (hwpc_pcr_rot_begin(&rt, &sf.e[j].setup, &err))
			rc = cli_fail(err.status, "%s:%u: set %s: %s", op->setfile, sf.e[j].line, sf.e[j].set, err.msg);
		else if (!(rc = turn_wait(d, op, start + (k + 1) * op->interval_ns)) &&
			 hwpc_pcr_rot_end(&rt, &sets[j], &err))
			rc = cli_fail_err(&err);
	}
	if (!rc)
		rc = rotation_report(out, op, d, &sf, sets);
	free(sets);
	hwpc_pc_setfile_free(&sf);
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
	if ((rc = cli_open(op.device, op.ack || op.setfile || op.r10k.events ? HWPC_OPEN_WRITE : HWPC_OPEN_READ,
			   &db, &dev)))
		return rc;
	hwpc_sim_set_verbose(dev, op.verbose);
	FILE *out = stdout;
	if (op.output && !(out = fopen(op.output, "w"))) {
		rc = cli_fail(HWPC_EOP, "cannot write %s: %s", op.output, strerror(errno));
		goto done;
	}
	if (op.list_regs || op.nregs) {
		struct hwpc_out *o = hwpc_out_new(out, op.fmt, &err);
		rc = !o ? cli_fail_err(&err) : op.list_regs ? list_regs(o, &op, dev) : read_regs(o, &op, dev);
		if (o && hwpc_out_finish(o, &err) && !rc)
			rc = cli_fail_err(&err);
		hwpc_out_free(o);
		goto done;
	}
	struct hwpc_r10k_cpu *cpu = calloc(1, sizeof *cpu);
	bool r10k = cpu && !hwpc_r10k_cpu_from_dev(cpu, dev, &err);
	free(cpu);
	if (r10k) {
		rc = r10k_read(out, &op, dev);
		goto done;
	}
	if (op.r10k.events || op.r10k.modes) {
		rc = cli_fail(HWPC_EINPUT, "%s is an R10000/R12000 option; the %s has PCOUNTER domains (pcread --help)",
			      op.r10k.events ? "--events" : "--modes", dev->chip ? dev->chip->name : "device");
		goto done;
	}
	if (hwpc_pc_layout_dev(dev, op.profile, &layout, &err)) {
		rc = cli_fail_err(&err);
		goto done;
	}
	if (op.setfile) {
		rc = rotate(out, &op, dev);
		if (!rc && op.strict && suspect)
			rc = HWPC_ELOST;
		goto done;
	}
	if ((rc = pick_domains(&op, dev)))
		goto done;
	for (unsigned i = 0; i < ndoms && !rc; i++)
		rc = check_setup(&doms[i], &op);
	if (rc)
		goto done;
	if (op.signals || op.scan_ns)
		rc = read_signals(out, &op);
	else
		rc = read_counters(out, &op);
	/* A long run ends with a second look: was the domain reprogrammed
	 * while it was being read? */
	for (unsigned i = 0; i < ndoms && !rc && op.have_interval; i++)
		rc = check_setup(&doms[i], &op);
	if (!rc && op.strict && suspect)
		rc = HWPC_ELOST;
done:
	if (out && out != stdout && fclose(out) && !rc)
		rc = cli_fail(HWPC_EOP, "cannot write %s: %s", op.output, strerror(errno));
	cli_close(db, dev);
	return rc;
}
