/* SPDX-License-Identifier: MIT */
/* pcread --watch and --until (nvawatch -t): poll registers or fields and
 * print every change with the PTIMER time (the device's clock where the
 * chip has no PTIMER) and the time since the previous change, until -n
 * changes, --timeout, or the --until condition holds. */
#include "pcread.h"
#include "common/regarg.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#define MAX_WATCH 64

struct item {
	struct regarg arg;
	const struct hwpc_reg *reg; /* regdb's register there, or NULL */
	const struct hwpc_field *field;
	char name[160];
	uint64_t value;
};

enum op { OP_EQ, OP_NE, OP_LT, OP_LE, OP_GT, OP_GE };

struct cond {
	unsigned item;
	uint64_t mask, value;
	enum op op;
};

static int add_item(struct hwpc_dev *dev, struct item *items, unsigned *n, const char *text, unsigned *at,
		    const char *opt)
{
	struct hwpc_err err;
	struct item it = { 0 };
	if (regarg_parse(dev->db, dev->chip, dev->size, text, false, false, &it.arg, &err))
		return cli_fail(HWPC_EINPUT, "%s %s: %s", opt, text, err.msg);
	if (it.arg.by_addr)
		it.reg = regarg_name_at(dev->db, dev->chip, it.arg.addr, it.name, sizeof it.name);
	else {
		it.reg = it.arg.ref.reg;
		it.field = it.arg.ref.field;
		hwpc_regref_format(&it.arg.ref, it.name, sizeof it.name);
		if (it.reg->access == HWPC_ACCESS_WO)
			return cli_fail(HWPC_EINPUT, "%s %s: %s is write-only", opt, text, it.reg->name);
	}
	/* The same register or field twice is watched once. */
	for (unsigned i = 0; i < *n; i++)
		if (items[i].arg.addr == it.arg.addr && items[i].field == it.field) {
			*at = i;
			return 0;
		}
	if (*n == MAX_WATCH)
		return cli_fail(HWPC_EINPUT, "%s: more than %d registers", opt, MAX_WATCH);
	*at = (*n)++;
	items[*at] = it;
	return 0;
}

/* 'REG[.FIELD] [& MASK] OP VALUE', spaces optional. */
static int parse_until(struct hwpc_dev *dev, const char *text, struct item *items, unsigned *n, struct cond *c)
{
	static const struct {
		const char *s;
		enum op op;
	} ops[] = { { "==", OP_EQ }, { "!=", OP_NE }, { "<=", OP_LE }, { ">=", OP_GE }, { "<", OP_LT }, { ">", OP_GT } };
	char lhs[160], opbuf[8];
	const char *p = text, *end;
	struct hwpc_err err;
	while (isspace((unsigned char)*p))
		p++;
	end = p + strcspn(p, " \t&=!<>~");
	if (end == p || (size_t)(end - p) >= sizeof lhs)
		return cli_fail(HWPC_EINPUT, "--until '%s': expected REG[.FIELD] [& MASK] OP VALUE", text);
	snprintf(lhs, sizeof lhs, "%.*s", (int)(end - p), p);
	if (add_item(dev, items, n, lhs, &c->item, "--until"))
		return HWPC_EINPUT;
	const struct item *it = &items[c->item];
	c->mask = it->field ? (it->field->width >= 64 ? UINT64_MAX : (1ULL << it->field->width) - 1) : UINT32_MAX;
	for (p = end; isspace((unsigned char)*p); p++)
		;
	if (*p == '&' && p[1] != '&') {
		char mbuf[40];
		p++;
		p += strspn(p, " \t");
		size_t k = strcspn(p, " \t=!<>~");
		snprintf(mbuf, sizeof mbuf, "%.*s", (int)(k < sizeof mbuf ? k : sizeof mbuf - 1), p);
		if (hwpc_parse_u64(mbuf, c->mask, "--until MASK", &c->mask, &err))
			return cli_fail(HWPC_EINPUT, "--until '%s': %s", text, err.msg);
		for (p += k; isspace((unsigned char)*p); p++)
			;
	}
	size_t k = strspn(p, "=!<>~&|");
	snprintf(opbuf, sizeof opbuf, "%.*s", (int)(k < sizeof opbuf ? k : sizeof opbuf - 1), p);
	size_t i = 0;
	while (i < sizeof ops / sizeof ops[0] && strcmp(ops[i].s, opbuf))
		i++;
	if (i == sizeof ops / sizeof ops[0])
		return cli_fail(HWPC_EINPUT, "--until '%s': %s operator%s%s%s (expected == != < <= > >=)", text,
				k ? "unknown" : "no", k ? " '" : "", opbuf, k ? "'" : "");
	c->op = ops[i].op;
	for (p += k; isspace((unsigned char)*p); p++)
		;
	char vbuf[96];
	snprintf(vbuf, sizeof vbuf, "%s", p);
	for (size_t e = strlen(vbuf); e && isspace((unsigned char)vbuf[e - 1]);)
		vbuf[--e] = 0;
	if (!*vbuf)
		return cli_fail(HWPC_EINPUT, "--until '%s': no value after the operator", text);
	if (regarg_value(dev->chip, it->field, vbuf, &c->value, &err))
		return cli_fail(HWPC_EINPUT, "--until '%s': %s", text, err.msg);
	return 0;
}

static bool holds(const struct cond *c, const struct item *items)
{
	uint64_t v = items[c->item].value & c->mask;
	switch (c->op) {
	case OP_EQ: return v == c->value;
	case OP_NE: return v != c->value;
	case OP_LT: return v < c->value;
	case OP_LE: return v <= c->value;
	case OP_GT: return v > c->value;
	case OP_GE: return v >= c->value;
	}
	return false;
}

static int read_item(struct hwpc_dev *dev, struct item *it, uint32_t *word)
{
	if (hwpc_rd32(dev, it->arg.addr, word))
		return cli_fail(dev->err.status, "reading %s: %s", it->name, dev->err.msg);
	it->value = it->field ? hwpc_field_get(it->field, *word) : *word;
	return 0;
}

static int row(struct hwpc_out *o, FILE *out, struct hwpc_dev *dev, const struct item *it, uint32_t word, uint64_t t,
	       const uint64_t *raw, const uint64_t *delta)
{
	struct hwpc_err err;
	char text[512] = "";
	if (it->field) {
		const struct hwpc_enum *e = hwpc_enum_find_value(it->field, dev->chip, it->value);
		snprintf(text, sizeof text, "%s", e ? e->name : "");
	} else if (it->reg)
		hwpc_reg_decode(it->reg, dev->chip, word, text, sizeof text);
	hwpc_out_record(o, "reg_change");
	hwpc_out_u64(o, "device_ns", t);
	if (delta)
		hwpc_out_u64(o, "delta_ns", *delta);
	else
		hwpc_out_null(o, "delta_ns");
	if (raw)
		hwpc_out_hex(o, "ptimer", *raw, 16);
	else
		hwpc_out_null(o, "ptimer");
	hwpc_out_str(o, "reg", it->name);
	hwpc_out_hex(o, "addr", it->arg.addr, 6);
	if (it->field)
		hwpc_out_hex(o, "value", it->value, 0);
	else
		hwpc_out_hex32(o, "value", (uint32_t)it->value);
	hwpc_out_str(o, "fields", text);
	if (hwpc_out_end(o, &err))
		return cli_fail_err(&err);
	fflush(out);
	return 0;
}

/* The time stamp of a change: PTIMER's 64-bit time (ns) where the chip has
 * one, else the device's clock. */
struct clock {
	struct hwpc_ptimer pt;
	bool ptimer;
	double tick_hz; /* 0: unknown, the raw time is taken as ns */
};

static void clock_init(struct clock *c, struct hwpc_dev *dev)
{
	struct hwpc_err err;
	struct hwpc_ptimer_config cfg;
	c->ptimer = !hwpc_ptimer_init(&c->pt, dev, &err);
	c->tick_hz = c->ptimer && !hwpc_ptimer_config(&c->pt, 0, &cfg, &err) ? cfg.tick_hz : 0;
}

/* The time in ns, and PTIMER's raw 64-bit time (nvawatch -t's). */
static int now(struct clock *c, struct hwpc_dev *dev, uint64_t *t, uint64_t *raw)
{
	struct hwpc_err err;
	if (!c->ptimer) {
		*t = *raw = hwpc_dev_now_ns(dev);
		return 0;
	}
	if (hwpc_ptimer_read(&c->pt, raw, NULL, &err))
		return cli_fail_err(&err);
	*t = c->tick_hz ? (uint64_t)((double)hwpc_ptimer_ticks(&c->pt, *raw) * 1e9 / c->tick_hz) : *raw;
	return 0;
}

/* "5ms": the --timeout in the unit it was most likely given in. */
static void duration_text(uint64_t ns, char *buf, size_t len)
{
	static const struct {
		uint64_t ns;
		const char *unit;
	} units[] = { { 1000000000, "s" }, { 1000000, "ms" }, { 1000, "us" }, { 1, "ns" } };
	size_t i = 0;
	while (ns % units[i].ns)
		i++;
	snprintf(buf, len, "%llu%s", (unsigned long long)(ns / units[i].ns), units[i].unit);
}

int pcread_watch(FILE *out, struct hwpc_dev *dev, const struct pcread_watch *w)
{
	static struct item items[MAX_WATCH + 1];
	struct cond cond;
	struct clock clk = { 0 };
	struct hwpc_err err;
	unsigned n = 0, at;
	uint32_t word;
	int rc = 0;

	for (unsigned i = 0; i < w->nregs; i++)
		if (add_item(dev, items, &n, w->regs[i], &at, "--watch"))
			return HWPC_EINPUT;
	if (w->until && parse_until(dev, w->until, items, &n, &cond))
		return HWPC_EINPUT;
	clock_init(&clk, dev);

	static const struct hwpc_col cols[] = { { "device_ns", 0 }, { "delta_ns", 0 }, { "ptimer", 0 }, { "reg", 0 },
						{ "addr", 0 },    { "value", 0 },    { "fields", 0 } };
	struct hwpc_out *o = pcread_out_new(out, w->fmt, &err);
	if (!o || hwpc_out_table(o, cols, sizeof cols / sizeof cols[0], &err))
		return o ? (hwpc_out_free(o), cli_fail_err(&err)) : cli_fail_err(&err);
	pcread_catch_signals();

	/* The values to start from, then every change. */
	uint64_t t, raw, last, start = hwpc_dev_now_ns(dev), changes = 0;
	rc = now(&clk, dev, &t, &raw);
	for (unsigned i = 0; i < n && !rc; i++)
		if (!(rc = read_item(dev, &items[i], &word)))
			rc = row(o, out, dev, &items[i], word, t, clk.ptimer ? &raw : NULL, NULL);
	last = t;
	bool done = w->until && holds(&cond, items);
	uint64_t next = start;
	while (!rc && !done && !pcread_stop) {
		uint64_t dnow = hwpc_dev_now_ns(dev);
		if (w->timeout_ns && dnow - start >= w->timeout_ns)
			break;
		/* -i paces the polls.  Without it, a clock that runs by itself
		 * (real hardware) is polled as fast as the bus allows; a
		 * virtual one only moves when waited on, by 1us a poll. */
		if (w->interval_ns) {
			next += w->interval_ns;
			rc = hwpc_dev_wait_until_ns(dev, next, &err) ? cli_fail_err(&err) : 0;
		} else if (hwpc_dev_now_ns(dev) == dnow)
			rc = hwpc_dev_wait_until_ns(dev, dnow + 1000, &err) ? cli_fail_err(&err) : 0;
		for (unsigned i = 0; i < n && !rc && !done; i++) {
			uint64_t before = items[i].value;
			if ((rc = read_item(dev, &items[i], &word)) || items[i].value == before)
				continue;
			if ((rc = now(&clk, dev, &t, &raw)))
				break;
			uint64_t delta = t - last;
			last = t;
			rc = row(o, out, dev, &items[i], word, t, clk.ptimer ? &raw : NULL, &delta);
			done = (w->until && holds(&cond, items)) || (w->have_count && ++changes >= w->count);
		}
	}
	if (hwpc_out_finish(o, &err) && !rc)
		rc = cli_fail_err(&err);
	hwpc_out_free(o);
	if (!rc && w->until && !done && !pcread_stop) {
		char tt[32];
		duration_text(w->timeout_ns, tt, sizeof tt);
		rc = cli_fail(PCREAD_TIMEOUT, "--until '%s': still false after --timeout %s", w->until, tt);
	}
	return rc;
}
