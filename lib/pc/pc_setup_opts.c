/* SPDX-License-Identifier: MIT */
/* Setup options as users write them (pcsetup's options and the lines of a
 * setup file share this table), checked for form only: what the generation
 * can do is hwpc_pc_setup_plan's job. */
#include "core/err_local.h"
#include "core/strdist.h"
#include "pc/pc_cmd.h"
#include "hwpc/dev.h"
#include "hwpc/pc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

void hwpc_pc_setup_init(struct hwpc_pc_setup *s)
{
	memset(s, 0, sizeof *s);
	s->mode = HWPC_PC_SINGLE;
	s->pre_count = 1;
	s->periods = 1;
}

static int word(char *dst, size_t len, const char *opt, const char *v, struct hwpc_err *err)
{
	if (!*v)
		return hwpc_err_set(err, HWPC_EINPUT, "--%s: empty value", opt);
	if (strlen(v) >= len)
		return hwpc_err_set(err, HWPC_EINPUT, "--%s: '%.40s...' is too long (at most %zu characters)", opt, v,
				    len - 1);
	snprintf(dst, len, "%s", v);
	return 0;
}

static int num(uint64_t *dst, const char *opt, const char *v, struct hwpc_err *err)
{
	char what[40];
	snprintf(what, sizeof what, "--%s", opt);
	return hwpc_parse_u64(v, UINT64_MAX, what, dst, err);
}

static int opt_mode(struct hwpc_pc_setup *s, const char *o, const char *v, struct hwpc_err *err)
{
	static const char *const names[] = { "single", "quad", "record" };
	for (unsigned i = 0; i < 3; i++)
		if (!strcasecmp(v, names[i])) {
			s->mode = (enum hwpc_pc_mode)i;
			return 0;
		}
	struct hwpc_near n;
	hwpc_near_init(&n, v);
	for (unsigned i = 0; i < 3; i++)
		hwpc_near_add(&n, names[i]);
	const char *near = hwpc_near_best(&n);
	return hwpc_err_set(err, HWPC_EINPUT, "--%s: expected single, quad or record, got '%s'%s%s%s", o, v,
			    near ? " (did you mean " : "", near ? near : "", near ? "?)" : "");
}

static int opt_expr(struct hwpc_pc_setup *s, enum hwpc_lop_input in, const char *o, const char *v,
		    struct hwpc_err *err)
{
	if (word(s->expr[in], sizeof s->expr[in], o, v, err))
		return err->status;
	s->have_expr[in] = true;
	return 0;
}

/* VALUE[:PULSE], bit i of each for USER_i. */
static int opt_user(struct hwpc_pc_setup *s, const char *o, const char *v, struct hwpc_err *err)
{
	char buf[64], what[48];
	uint64_t val, pulse = 0;
	const char *colon = strchr(v, ':');
	size_t n = colon ? (size_t)(colon - v) : strlen(v);
	if (n >= sizeof buf)
		return hwpc_err_set(err, HWPC_EINPUT, "--%s: '%s' is too long", o, v);
	memcpy(buf, v, n);
	buf[n] = 0;
	snprintf(what, sizeof what, "--%s VALUE", o);
	if (hwpc_parse_u64(buf, 0xff, what, &val, err))
		return err->status;
	snprintf(what, sizeof what, "--%s VALUE:PULSE", o);
	if (colon && hwpc_parse_u64(colon + 1, 0xff, what, &pulse, err))
		return err->status;
	s->user_value = (uint32_t)val;
	s->user_pulse = (uint32_t)pulse;
	return 0;
}

/* record, periodic, or both separated by commas; repeats add. */
static int opt_reset(struct hwpc_pc_setup *s, const char *o, const char *v, struct hwpc_err *err)
{
	char buf[64];
	if (strlen(v) >= sizeof buf || !*v)
		return hwpc_err_set(err, HWPC_EINPUT, "--%s: expected record, periodic or record,periodic", o);
	snprintf(buf, sizeof buf, "%s", v);
	for (char *save = NULL, *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
		if (!strcasecmp(t, "record"))
			s->resets |= HWPC_PC_RESET_RECORD;
		else if (!strcasecmp(t, "periodic"))
			s->resets |= HWPC_PC_RESET_PERIODIC;
		else
			return hwpc_err_set(err, HWPC_EINPUT, "--%s: expected record or periodic, got '%s'", o, t);
	}
	return 0;
}

static int opt_reg(struct hwpc_pc_setup *s, const char *o, const char *v, struct hwpc_err *err)
{
	if (!strchr(v, '='))
		return hwpc_err_set(err, HWPC_EINPUT, "--%s: expected NAME[IDX][.FIELD]=VALUE[:MASK], got '%s'", o, v);
	if (s->nregs >= HWPC_PC_SETUP_MAX_REGS)
		return hwpc_err_set(err, HWPC_EINPUT, "--%s: more than %d raw writes", o, HWPC_PC_SETUP_MAX_REGS);
	if (word(s->regs[s->nregs], sizeof s->regs[0], o, v, err))
		return err->status;
	s->nregs++;
	return 0;
}

enum kind { K_MODE, K_EXPR, K_WORD, K_NUM, K_USER, K_RESET, K_REG };

static const struct opt {
	const char *name;
	enum kind kind;
	unsigned given;
	size_t off;  /* K_WORD, K_NUM: member of struct hwpc_pc_setup */
	size_t size; /* K_WORD */
	enum hwpc_lop_input in;
} opts[] = {
#define W(n, g, m) { n, K_WORD, g, offsetof(struct hwpc_pc_setup, m), sizeof(((struct hwpc_pc_setup *)0)->m), 0 }
#define N(n, g, m) { n, K_NUM, g, offsetof(struct hwpc_pc_setup, m), 0, 0 }
#define E(n, in) { n, K_EXPR, HWPC_PC_SETUP_EXPR, 0, 0, in }
	{ "mode", K_MODE, HWPC_PC_SETUP_MODE, 0, 0, 0 },
	W("counter-mode", HWPC_PC_SETUP_CTR_MODE, ctr_mode),
	E("pre", HWPC_LOP_PRE),
	E("start", HWPC_LOP_START),
	E("event", HWPC_LOP_EVENT),
	E("stop", HWPC_LOP_STOP),
	E("setflag", HWPC_LOP_SETFLAG),
	E("clrflag", HWPC_LOP_CLRFLAG),
	W("swap", HWPC_PC_SETUP_SWAP, swap),
	W("bits", HWPC_PC_SETUP_BITS, bits),
	W("record-signals", HWPC_PC_SETUP_RECORD_SIGNALS, record_signals),
	N("threshold", HWPC_PC_SETUP_THRESHOLD, threshold),
	N("pre-count", HWPC_PC_SETUP_PRE_COUNT, pre_count),
	N("periods", HWPC_PC_SETUP_PERIODS, periods),
	W("event-ctr-period", HWPC_PC_SETUP_EVENT_CTR_PERIOD, event_ctr_period),
	W("event-import", HWPC_PC_SETUP_EVENT_IMPORT, event_import),
	W("flag-import", HWPC_PC_SETUP_FLAG_IMPORT, flag_import),
	W("periodic", HWPC_PC_SETUP_PERIODIC, periodic),
	N("record-start", HWPC_PC_SETUP_RECORD_START, record_start),
	N("record-limit", HWPC_PC_SETUP_RECORD_LIMIT, record_limit),
	N("record-high", HWPC_PC_SETUP_RECORD_HIGH, record_high),
	W("record-format", HWPC_PC_SETUP_RECORD_FORMAT, record_format),
	{ "user", K_USER, HWPC_PC_SETUP_USER, 0, 0, 0 },
	{ "reset", K_RESET, HWPC_PC_SETUP_RESET, 0, 0, 0 },
	{ "reg", K_REG, HWPC_PC_SETUP_REG, 0, 0, 0 },
#undef W
#undef N
#undef E
};
#define NOPTS (sizeof opts / sizeof opts[0])

bool hwpc_pc_setup_option_adds(const char *name)
{
	const char *n = name[0] == '-' && name[1] == '-' ? name + 2 : name;
	for (size_t i = 0; i < NOPTS; i++)
		if (!strcmp(opts[i].name, n))
			return opts[i].kind == K_RESET || opts[i].kind == K_REG;
	return false;
}

const char *const *hwpc_pc_setup_option_names(void)
{
	static const char *names[NOPTS + 1];
	for (size_t i = 0; i < NOPTS; i++)
		names[i] = opts[i].name;
	return names;
}

int hwpc_pc_setup_option(struct hwpc_pc_setup *s, const char *name, const char *value, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	const char *n = name[0] == '-' && name[1] == '-' ? name + 2 : name;
	const struct opt *o = NULL;
	for (size_t i = 0; i < NOPTS && !o; i++)
		if (!strcmp(opts[i].name, n))
			o = &opts[i];
	if (!o) {
		struct hwpc_near near;
		hwpc_near_init(&near, n);
		for (size_t i = 0; i < NOPTS; i++)
			hwpc_near_add(&near, opts[i].name);
		const char *best = hwpc_near_best(&near);
		return hwpc_err_set(err, HWPC_EINPUT, "unknown setup option '%s'%s%s%s", name,
				    best ? " (did you mean " : "", best ? best : "", best ? "?)" : "");
	}
	if (!value)
		return hwpc_err_set(err, HWPC_EINPUT, "--%s needs a value", o->name);
	int rc = 0;
	switch (o->kind) {
	case K_MODE: rc = opt_mode(s, o->name, value, err); break;
	case K_EXPR: rc = opt_expr(s, o->in, o->name, value, err); break;
	case K_WORD: rc = word((char *)s + o->off, o->size, o->name, value, err); break;
	case K_NUM: rc = num((uint64_t *)(void *)((char *)s + o->off), o->name, value, err); break;
	case K_USER: rc = opt_user(s, o->name, value, err); break;
	case K_RESET: rc = opt_reset(s, o->name, value, err); break;
	case K_REG: rc = opt_reg(s, o->name, value, err); break;
	}
	if (!rc)
		s->given |= o->given;
	return rc;
}

_Static_assert(NOPTS <= HWPC_PC_SETUP_NOPTS, "struct hwpc_pc_setup.opt_line has a slot per option");

/* The plan's messages start with the option they are about: "--NAME ..."
 * or, for an expression, its input in capitals ("EVENT: ..."). */
unsigned hwpc_pc_setup_line(const struct hwpc_pc_setup *s, const char *msg)
{
	const char *m = msg[0] == '-' && msg[1] == '-' ? msg + 2 : msg;
	size_t n = strcspn(m, " :/=");
	for (size_t i = 0; i < NOPTS; i++)
		if (strlen(opts[i].name) == n && !strncasecmp(opts[i].name, m, n) &&
		    (m != msg || opts[i].kind == K_EXPR) && s->opt_line[i])
			return s->opt_line[i];
	return s->line;
}
