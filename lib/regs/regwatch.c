/* SPDX-License-Identifier: MIT */
/* Watching registers (see regs_cmd.h): poll registers or fields and report
 * every change with the PTIMER time (the device's clock where the chip has
 * no PTIMER), until a condition holds, a number of changes or a timeout. */
#include "dev/backend.h"
#include "core/core_cmd.h"
#include "core/err_local.h"
#include "regs/regs_cmd.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

enum op { OP_EQ, OP_NE, OP_LT, OP_LE, OP_GT, OP_GE };

void hwpc_watch_init(struct hwpc_watch *w, struct hwpc_dev *dev, const struct hwpc_watch_limits *lim)
{
	struct hwpc_err err;
	struct hwpc_ptimer_config cfg;
	memset(w, 0, sizeof *w);
	w->dev = dev;
	w->lim = *lim;
	w->ptimer = !hwpc_ptimer_init(&w->pt, dev, &err);
	w->tick_hz = w->ptimer && !hwpc_ptimer_config(&w->pt, 0, &cfg, &err) ? cfg.tick_hz : 0;
}

static int add(struct hwpc_watch *w, const char *text, const char *what, unsigned *at, struct hwpc_err *err)
{
	struct hwpc_dev *dev = w->dev;
	struct hwpc_watch_item it = { 0 };
	if (!hwpc_dev_regview(dev))
		return hwpc_err_set(err, HWPC_EINPUT, "%s %s: the device's chipset is not known", what, text);
	if (hwpc_regarg_parse(hwpc_dev_regview(dev), hwpc_dev_bar_size(dev), text, false, false, &it.arg, err)) {
		err->status = HWPC_EINPUT;
		return hwpc_err_prefix(err, "%s %s", what, text);
	}
	if (it.arg.by_addr) {
		bool whole;
		it.reg = hwpc_regarg_name_at(hwpc_dev_regview(dev), it.arg.addr, it.arg.bytes, it.name, sizeof it.name,
					     &whole, NULL);
		it.reg = whole ? it.reg : NULL; /* part of a register: its fields do not apply */
	} else {
		it.reg = it.arg.ref.reg;
		it.field = it.arg.ref.field;
		hwpc_regref_format(&it.arg.ref, it.name, sizeof it.name);
		if (it.reg->access == HWPC_ACCESS_WO)
			return hwpc_err_set(err, HWPC_EINPUT, "%s %s: %s is write-only", what, text, it.reg->name);
	}
	/* The same register or field twice is watched once. */
	for (unsigned i = 0; i < w->n; i++)
		if (w->item[i].arg.addr == it.arg.addr && w->item[i].field == it.field) {
			*at = i;
			return 0;
		}
	if (w->n == HWPC_WATCH_MAX)
		return hwpc_err_set(err, HWPC_EINPUT, "%s: more than %d registers", what, HWPC_WATCH_MAX);
	*at = w->n++;
	w->item[*at] = it;
	return 0;
}

int hwpc_watch_add(struct hwpc_watch *w, const char *text, const char *what, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	unsigned at;
	return add(w, text, what, &at, err);
}

int hwpc_watch_until(struct hwpc_watch *w, const char *text, const char *what, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	static const struct {
		const char *s;
		enum op op;
	} ops[] = { { "==", OP_EQ }, { "!=", OP_NE }, { "<=", OP_LE }, { ">=", OP_GE }, { "<", OP_LT }, { ">", OP_GT } };
	char lhs[160], opbuf[8];
	const char *p = text, *end;
	while (isspace((unsigned char)*p))
		p++;
	end = p + strcspn(p, " \t&=!<>~");
	if (end == p || (size_t)(end - p) >= sizeof lhs)
		return hwpc_err_set(err, HWPC_EINPUT, "%s '%s': expected REG[.FIELD] [& MASK] OP VALUE", what, text);
	snprintf(lhs, sizeof lhs, "%.*s", (int)(end - p), p);
	if (add(w, lhs, what, &w->cond_item, err))
		return err->status;
	const struct hwpc_watch_item *it = &w->item[w->cond_item];
	w->cond_mask = it->field ? (it->field->width >= 64 ? UINT64_MAX : (1ULL << it->field->width) - 1) : UINT32_MAX;
	for (p = end; isspace((unsigned char)*p); p++)
		;
	if (*p == '&' && p[1] != '&') {
		char mbuf[40], label[64];
		p++;
		p += strspn(p, " \t");
		size_t k = strcspn(p, " \t=!<>~");
		snprintf(mbuf, sizeof mbuf, "%.*s", (int)(k < sizeof mbuf ? k : sizeof mbuf - 1), p);
		snprintf(label, sizeof label, "%s MASK", what);
		if (hwpc_parse_u64(mbuf, w->cond_mask, label, &w->cond_mask, err)) {
			err->status = HWPC_EINPUT;
			return hwpc_err_prefix(err, "%s '%s'", what, text);
		}
		for (p += k; isspace((unsigned char)*p); p++)
			;
	}
	size_t k = strspn(p, "=!<>~&|");
	snprintf(opbuf, sizeof opbuf, "%.*s", (int)(k < sizeof opbuf ? k : sizeof opbuf - 1), p);
	size_t i = 0;
	while (i < sizeof ops / sizeof ops[0] && strcmp(ops[i].s, opbuf))
		i++;
	if (i == sizeof ops / sizeof ops[0])
		return hwpc_err_set(err, HWPC_EINPUT, "%s '%s': %s operator%s%s%s (expected == != < <= > >=)", what, text,
				    k ? "unknown" : "no", k ? " '" : "", opbuf, k ? "'" : "");
	w->cond_op = ops[i].op;
	for (p += k; isspace((unsigned char)*p); p++)
		;
	char vbuf[96];
	snprintf(vbuf, sizeof vbuf, "%s", p);
	for (size_t e = strlen(vbuf); e && isspace((unsigned char)vbuf[e - 1]);)
		vbuf[--e] = 0;
	if (!*vbuf)
		return hwpc_err_set(err, HWPC_EINPUT, "%s '%s': no value after the operator", what, text);
	if (hwpc_regarg_value(hwpc_dev_chip(w->dev), it->field, vbuf, &w->cond_value, err)) {
		err->status = HWPC_EINPUT;
		return hwpc_err_prefix(err, "%s '%s'", what, text);
	}
	w->until = true;
	w->cond_what = what;
	w->cond_text = text;
	return 0;
}

enum hwpc_watch_end hwpc_watch_end(const struct hwpc_watch *w, struct hwpc_err *err)
{
	if (!w->until || w->held)
		return HWPC_WATCH_HELD;
	if (w->timed_out) {
		char tt[32];
		hwpc_duration_text(w->lim.timeout_ns, tt, sizeof tt);
		hwpc_err_set(err, HWPC_OK, "%s '%s': still false after --timeout %s", w->cond_what, w->cond_text, tt);
		return HWPC_WATCH_TIMED_OUT;
	}
	if (w->lim.stop && *w->lim.stop) {
		hwpc_err_set(err, HWPC_OK, "%s '%s': interrupted before it held", w->cond_what, w->cond_text);
		return HWPC_WATCH_INTERRUPTED;
	}
	hwpc_err_set(err, HWPC_OK, "%s '%s': still false after -n %llu changes", w->cond_what, w->cond_text,
		     (unsigned long long)w->lim.count);
	return HWPC_WATCH_STILL_FALSE;
}

static bool holds(const struct hwpc_watch *w)
{
	uint64_t v = w->item[w->cond_item].value & w->cond_mask;
	if (!w->until)
		return false;
	switch ((enum op)w->cond_op) {
	case OP_EQ: return v == w->cond_value;
	case OP_NE: return v != w->cond_value;
	case OP_LT: return v < w->cond_value;
	case OP_LE: return v <= w->cond_value;
	case OP_GT: return v > w->cond_value;
	case OP_GE: return v >= w->cond_value;
	}
	return false;
}

static int read_item(struct hwpc_watch *w, struct hwpc_watch_item *it, struct hwpc_err *err)
{
	uint64_t v;
	if (hwpc_rd(w->dev, it->arg.addr, it->arg.bytes, &v))
		return hwpc_err_set(err, hwpc_dev_error(w->dev)->status, "reading %s: %s", it->name, hwpc_dev_error(w->dev)->msg);
	it->word = (uint32_t)v;
	it->value = it->field ? hwpc_field_get(it->field, v) : v;
	return 0;
}

/* The time in ns, and PTIMER's raw 64-bit time (nvawatch -t's). */
static int now(struct hwpc_watch *w, struct hwpc_watch_change *ch, struct hwpc_err *err)
{
	ch->has_ptimer = w->ptimer;
	if (!w->ptimer) {
		ch->t_ns = ch->ptimer = hwpc_dev_now_ns(w->dev);
		return 0;
	}
	if (hwpc_ptimer_read(&w->pt, &ch->ptimer, NULL, err))
		return err->status;
	ch->t_ns = w->tick_hz ? (uint64_t)((double)hwpc_ptimer_ticks(&w->pt, ch->ptimer) * 1e9 / w->tick_hz)
			      : ch->ptimer;
	return 0;
}

/* A start value: every item is read after one look at the clock. */
static int start(struct hwpc_watch *w, struct hwpc_watch_change *ch, struct hwpc_err *err)
{
	if (w->next_item == 0) {
		w->start_ns = w->poll_ns = hwpc_dev_now_ns(w->dev);
		if (now(w, ch, err))
			return err->status;
		w->last_ns = ch->t_ns;
		w->start_raw = ch->ptimer;
	}
	*ch = (struct hwpc_watch_change){ .item = w->next_item, .t_ns = w->last_ns, .ptimer = w->start_raw,
					  .has_ptimer = w->ptimer, .first = true };
	return read_item(w, &w->item[w->next_item++], err);
}

/* Wait for the next poll: an interval paces them.  Without one, a clock
 * that runs by itself (real hardware) is polled as fast as the bus allows;
 * a virtual one only moves when waited on, by 1us a poll. */
static int pace(struct hwpc_watch *w, uint64_t dnow, struct hwpc_err *err)
{
	if (w->lim.interval_ns) {
		w->poll_ns += w->lim.interval_ns;
		return hwpc_dev_wait_until_ns(w->dev, w->poll_ns, err);
	}
	if (hwpc_dev_now_ns(w->dev) == dnow)
		return hwpc_dev_wait_until_ns(w->dev, dnow + 1000, err);
	return 0;
}

int hwpc_watch_next(struct hwpc_watch *w, struct hwpc_watch_change *ch, bool *ended, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	*ended = w->ended;
	if (w->ended)
		return 0;
	if (!w->started && w->next_item < w->n)
		return start(w, ch, err);
	if (!w->started) {
		w->started = true;
		if ((w->held = holds(w))) {
			*ended = w->ended = true;
			return 0;
		}
	}
	for (;;) {
		if (w->lim.stop && *w->lim.stop) {
			*ended = w->ended = true;
			return 0;
		}
		if (w->next_item == w->n) {
			uint64_t dnow = hwpc_dev_now_ns(w->dev);
			if (w->lim.timeout_ns && dnow - w->start_ns >= w->lim.timeout_ns) {
				*ended = w->ended = w->timed_out = true;
				return 0;
			}
			if (pace(w, dnow, err))
				return err->status;
			w->next_item = 0;
		}
		while (w->next_item < w->n) {
			struct hwpc_watch_item *it = &w->item[w->next_item];
			uint64_t before = it->value;
			*ch = (struct hwpc_watch_change){ .item = w->next_item++ };
			if (read_item(w, it, err))
				return err->status;
			if (it->value == before)
				continue;
			if (now(w, ch, err))
				return err->status;
			ch->delta_ns = ch->t_ns - w->last_ns;
			w->last_ns = ch->t_ns;
			/* the change is reported; the next call says the watch ended */
			w->held = holds(w);
			w->ended = w->held || (w->lim.count && ++w->changes >= w->lim.count);
			return 0;
		}
	}
}

void hwpc_watch_cols(const struct hwpc_watch *w, struct hwpc_col cols[HWPC_WATCH_COLS])
{
	/* times as wide as 1000 s of device time (a longer watch widens them,
	 * as ptime's samples do); PTIMER's 64 bits and 24-bit offsets in hex;
	 * the fields last, as long as they come */
	const struct hwpc_col fixed[HWPC_WATCH_COLS] = { { "device_ns", 12 }, { "delta_ns", 12 }, { "ptimer", 18 },
							 { "reg", 3 },	       { "addr", 8 },	    { "value", 5 },
							 { "fields", 6 } };
	memcpy(cols, fixed, sizeof fixed);
	for (size_t i = 0; i < sizeof w->item / sizeof *w->item; i++) {
		const struct hwpc_watch_item *it = &w->item[i];
		unsigned name = (unsigned)strlen(it->name), value = it->field ? 2 + (it->field->width + 3) / 4 : 10;
		if (!it->name[0])
			continue;
		cols[3].width = name > cols[3].width ? name : cols[3].width;
		cols[5].width = value > cols[5].width ? value : cols[5].width;
	}
}

int hwpc_watch_change_out(const struct hwpc_watch *w, const struct hwpc_watch_change *ch, struct hwpc_out *o,
			  struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	const struct hwpc_watch_item *it = &w->item[ch->item];
	const struct hwpc_chipset *chip = hwpc_dev_chip(w->dev);
	char text[512] = "";
	if (it->field) {
		const struct hwpc_enum *e = hwpc_enum_find_value(it->field, chip, it->value);
		snprintf(text, sizeof text, "%s", e ? e->name : "");
	} else if (it->reg) {
		hwpc_reg_decode(it->reg, chip, it->word, text, sizeof text);
	}
	hwpc_out_record(o, "reg_change");
	hwpc_out_u64(o, "device_ns", ch->t_ns);
	if (ch->first)
		hwpc_out_null(o, "delta_ns");
	else
		hwpc_out_u64(o, "delta_ns", ch->delta_ns);
	if (ch->has_ptimer)
		hwpc_out_hex(o, "ptimer", ch->ptimer, 16);
	else
		hwpc_out_null(o, "ptimer");
	hwpc_out_str(o, "reg", it->name);
	hwpc_out_hex(o, "addr", it->arg.addr, 6);
	if (it->field)
		hwpc_out_hex(o, "value", it->value, 0);
	else
		hwpc_out_hex32(o, "value", (uint32_t)it->value);
	hwpc_out_str(o, "fields", text);
	return hwpc_out_end(o, err);
}
