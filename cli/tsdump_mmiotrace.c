/* SPDX-License-Identifier: MIT */
/* tsdump --mmiotrace: a kernel mmiotrace of a driver, every NVIDIA BAR0
 * access named and decoded, PCOUNTER logic ops as expressions; or, with
 * --format setup, a pcsetup setup file of the last PCOUNTER configuration
 * the trace wrote.  Two passes over the text, streamed (cli_lines): the
 * BAR0 and the chipset first, the accesses second. */
#include "tsdump_mmiotrace.h"

#include "common/lines.h"
#include "stream/mmiotrace.h"
#include "common/outfile.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

int tsdump_mmiotrace_args(const struct tsdump_opts *o, const char *arg)
{
	if (!o->mmiotrace)
		return cli_fail(HWPC_EINPUT, "%s needs --mmiotrace FILE",
				o->chip ? "--chip" : o->have_bar0 ? "--bar0" : "--format setup");
	if (arg)
		return cli_fail(HWPC_EINPUT, "unexpected argument '%s': --mmiotrace takes the trace as its value", arg);
	const char *bad = o->device ? "-d" : o->record ? "--record" : o->map ? "--token-map" : o->summary ? "--summary"
			  : o->lay.valid[0] ? "--buf0" : o->lay.valid[1] ? "--buf1" : o->lay.have_status ? "--status"
			  : o->have_cntl ? "--cntl" : o->l1_base ? "--l1-base" : o->threads ? "--threads"
			  : o->hz > 0 ? "--hz" : o->domain ? "-D" : NULL;
	if (bad)
		return cli_fail(HWPC_EINPUT, "--mmiotrace and %s cannot be combined", bad);
	if (o->fmt == HWPC_FMT_TRACE && !o->setup_fmt)
		return cli_fail(HWPC_EINPUT, "--mmiotrace writes text, csv, json or setup, not a Chrome trace");
	return 0;
}

/* One pass over the trace, and what it found. */
struct pass {
	const char *what;
	unsigned malformed;
	struct hwpc_mmt *m;
	struct hwpc_out *o;
	bool setup, text;
	int rc;
	/* the first pass's widest values: text streams its table in these */
	unsigned long last_line;
	unsigned ts_w, value_w, lost_w;
};

static unsigned ndigits(uint64_t v, unsigned base)
{
	unsigned n = 1;
	for (; v >= base; v /= base)
		n++;
	return n;
}

/* A string key: text leaves an empty one blank, as before; the machine
 * formats write null (hwpc-output(7): no "" for a missing value). */
static void str_or_null(const struct pass *p, const char *key, const char *s)
{
	if (s && (*s || p->text))
		hwpc_out_str(p->o, key, s);
	else
		hwpc_out_null(p->o, key);
}

static void first_pass(struct pass *p, const char *line, unsigned lineno)
{
	struct hwpc_mmt_rec r;
	struct hwpc_err err;
	if (hwpc_mmt_parse_line(line, &r, &err)) {
		cli_warn("%s:%u: %s", p->what, lineno, err.msg);
		p->malformed++;
		return;
	}
	unsigned ts = (unsigned)strlen(r.ts), value = r.kind == HWPC_MMT_MAP ? 2 + ndigits(r.len, 16)
						   : r.kind == HWPC_MMT_READ || r.kind == HWPC_MMT_WRITE ? 2 + 2 * r.width : 0;
	p->last_line = lineno;
	p->ts_w = ts > p->ts_w ? ts : p->ts_w;
	p->value_w = value > p->value_w ? value : p->value_w;
	if (r.kind == HWPC_MMT_LOST && ndigits(r.value, 10) > p->lost_w)
		p->lost_w = ndigits(r.value, 10);
	if (r.kind == HWPC_MMT_VERSION && strcmp(r.text, "20070824"))
		cli_warn("%s:%u: mmiotrace version %s: read as 20070824, the one documented", p->what, lineno, r.text);
	hwpc_mmt_scan(p->m, &r);
}

static void second_pass(struct pass *p, const char *line, unsigned lineno)
{
	static const char *const ops[] = {
		[HWPC_MMT_MAP] = "MAP", [HWPC_MMT_UNMAP] = "UNMAP", [HWPC_MMT_READ] = "R",
		[HWPC_MMT_WRITE] = "W", [HWPC_MMT_MARK] = "MARK",   [HWPC_MMT_LOST] = "LOST",
	};
	struct hwpc_mmt_rec r;
	struct hwpc_mmt_access a;
	struct hwpc_err err;
	if (hwpc_mmt_parse_line(line, &r, NULL))
		return; /* said in the first pass */
	hwpc_mmt_decode(p->m, &r, &a);
	bool mark = r.kind == HWPC_MMT_MARK || r.kind == HWPC_MMT_LOST;
	if (p->setup || p->rc || (!a.bar0 && !mark) || (unsigned)r.kind >= sizeof ops / sizeof ops[0] || !ops[r.kind])
		return;
	hwpc_out_record(p->o, "mmio_access");
	hwpc_out_u64(p->o, "line", lineno);
	hwpc_out_str(p->o, "trace_time", r.ts);
	hwpc_out_str(p->o, "op", ops[r.kind]);
	if (mark) {
		hwpc_out_null(p->o, "addr");
		hwpc_out_null(p->o, "value");
		if (r.kind == HWPC_MMT_LOST)
			hwpc_out_u64(p->o, "lost_count", r.value);
		else if (!p->text)
			hwpc_out_null(p->o, "lost_count");
		str_or_null(p, "reg", "");
		str_or_null(p, "fields", r.text);
	} else if (r.kind == HWPC_MMT_MAP || r.kind == HWPC_MMT_UNMAP) {
		hwpc_out_hex(p->o, "addr", a.off, 6);
		if (r.kind == HWPC_MMT_MAP)
			hwpc_out_hex(p->o, "value", r.len, 0);
		else
			hwpc_out_null(p->o, "value");
		hwpc_out_str(p->o, "reg", "BAR0");
		char what[64];
		snprintf(what, sizeof what, "map %d", r.map_id);
		hwpc_out_str(p->o, "fields", what);
	} else {
		hwpc_out_hex(p->o, "addr", a.off, 6);
		hwpc_out_hex(p->o, "value", r.value, (int)r.width * 2);
		str_or_null(p, "reg", a.reg);
		/* text: the expression after the fields, in the last column,
		 * whose width no layout can know */
		char both[sizeof a.fields + sizeof a.expr + 2];
		if (p->text && a.expr[0])
			snprintf(both, sizeof both, "%s%s%s", a.fields, a.fields[0] ? "; " : "", a.expr);
		str_or_null(p, "fields", p->text && a.expr[0] ? both : a.fields);
	}
	if (!p->text)
		str_or_null(p, "expr", a.expr);
	if (hwpc_out_end(p->o, &err))
		p->rc = cli_fail_err(&err);
}

/* The longest line read: longer ones are malformed (no record comes near). */
#define MMT_LINE_MAX 1023

/* Calls fn on each line of the input. */
static int each_line(struct cli_lines *in, struct pass *p, void (*fn)(struct pass *, const char *, unsigned))
{
	bool too_long;
	for (char *s; (s = cli_lines_next(in, &too_long));) {
		if (!too_long) {
			fn(p, s, (unsigned)in->lineno);
		} else if (fn == first_pass) {
			cli_warn("%s:%lu: line longer than %d characters", p->what, in->lineno, MMT_LINE_MAX);
			p->malformed++;
		}
	}
	return cli_lines_end(in);
}

static int decode(const struct tsdump_opts *o, struct hwpc_regdb *db, struct cli_lines *in, FILE *out)
{
	struct hwpc_err err;
	const char *what = strcmp(o->mmiotrace, "-") ? o->mmiotrace : "standard input";
	const struct hwpc_chipset *chip = NULL;
	if (o->chip && cli_chipset_arg(db, o->chip, "--chip", &chip))
		return HWPC_EINPUT;
	struct pass p = { .what = what, .setup = o->setup_fmt, .text = o->fmt == HWPC_FMT_TEXT };
	if (!(p.m = hwpc_mmt_new(db, &err)))
		return cli_fail_err(&err);
	if (o->have_bar0)
		hwpc_mmt_set_bar0(p.m, o->bar0);
	if ((p.rc = each_line(in, &p, first_pass)) || (p.rc = cli_lines_rewind(in))) {
		hwpc_mmt_free(p.m);
		return p.rc;
	}
	if (hwpc_mmt_start(p.m, chip, &err)) {
		hwpc_mmt_free(p.m);
		return cli_fail(err.status, "%s: %s", what, err.msg);
	}
	/* A trace names no device (null); the chipset is the one its BOOT_0
	 * read identified, or --chip. */
	/* Text streams (a trace can be large) in the widest values the first
	 * pass saw; the decoded fields, with a logic op's expression, last. */
	const struct hwpc_col cols[] = {
		{ "line", ndigits(p.last_line, 10) > 4 ? ndigits(p.last_line, 10) : 4 },
		{ "trace_time", p.ts_w > 10 ? p.ts_w : 10 },
		{ "op", 5 }, /* UNMAP */
		{ "addr", 8 },
		{ "value", p.value_w > 5 ? p.value_w : 5 },
		{ "lost_count", p.lost_w > 10 ? p.lost_w : 10 },
		{ "reg", hwpc_mmt_reg_width(p.m) },
		{ "fields", 6 },
	};
	if (!p.setup && (!(p.o = hwpc_out_new(out, o->fmt, &err)) ||
			 hwpc_out_table(p.o, cols, sizeof cols / sizeof *cols, &err)))
		p.rc = cli_fail_err(&err);
	if (p.o) {
		hwpc_out_set_command(p.o, "tsdump");
		hwpc_out_set_device(p.o, NULL, hwpc_mmt_chip(p.m)->name);
	}
	if (!p.rc) {
		int rc = each_line(in, &p, second_pass);
		p.rc = p.rc ? p.rc : rc;
	}
	if (!p.rc && p.o && hwpc_out_finish(p.o, &err))
		p.rc = cli_fail_err(&err);
	if (!p.rc && p.setup && hwpc_mmt_write_setup(p.m, out, what, &err))
		p.rc = cli_fail_err(&err);
	struct hwpc_mmt_counts c;
	hwpc_mmt_counts(p.m, &c);
	if (c.other_reads || c.other_writes) {
		char r[40] = "", w[40] = "";
		if (c.other_reads)
			snprintf(r, sizeof r, "%llu read%s", (unsigned long long)c.other_reads, c.other_reads == 1 ? "" : "s");
		if (c.other_writes)
			snprintf(w, sizeof w, "%llu write%s", (unsigned long long)c.other_writes,
				 c.other_writes == 1 ? "" : "s");
		cli_warn("%s: skipped %s%s%s outside the NVIDIA BAR0 (other BARs or devices)", what, r,
			 *r && *w ? " and " : "", w);
	}
	if (c.unknown)
		cli_warn("%s: left out %llu UNKNOWN line%s (access%s mmiotrace could not decode: register and value "
			 "not known)", what, (unsigned long long)c.unknown, c.unknown == 1 ? "" : "s",
			 c.unknown == 1 ? "" : "es");
	if (c.lost)
		cli_warn("%s: the kernel lost %llu events: the trace is incomplete", what, (unsigned long long)c.lost);
	if (!p.rc && p.malformed)
		p.rc = cli_fail(HWPC_EINPUT, "%s: %u malformed line%s (the rest was decoded)", what, p.malformed,
				p.malformed == 1 ? "" : "s");
	if (!p.rc && o->strict && c.lost)
		p.rc = cli_fail(HWPC_ELOST, "%s: events were lost (--strict)", what);
	if (!p.rc && o->strict && c.unknown)
		p.rc = cli_fail(HWPC_ELOST, "%s: accesses mmiotrace could not decode were left out (--strict)", what);
	hwpc_out_free(p.o);
	hwpc_mmt_free(p.m);
	return p.rc;
}

int tsdump_mmiotrace(const struct tsdump_opts *o)
{
	struct hwpc_regdb *db;
	struct hwpc_err err;
	struct cli_lines in;
	int rc;
	if (hwpc_regdb_load(&db, &err))
		return cli_fail_err(&err);
	if ((rc = cli_lines_open(&in, o->mmiotrace, MMT_LINE_MAX))) {
		hwpc_regdb_free(db);
		return rc;
	}
	struct cli_outfile of;
	if (!(rc = cli_outfile_open(&of, o->output))) {
		rc = decode(o, db, &in, of.fp);
		/* Malformed lines and lost events still give the whole decode. */
		int r = cli_outfile_close(&of, !rc || rc == HWPC_ELOST || rc == HWPC_EINPUT);
		rc = rc ? rc : r;
	}
	cli_lines_close(&in);
	hwpc_regdb_free(db);
	return rc;
}
