/* SPDX-License-Identifier: MIT */
/* The expressions of a setup, compiled for one domain: the names of its
 * signals, the slots special counter modes and record mode pin (which
 * regdb's B4_BITS/B6_BITS/B2_BITS and RECORD_SIGNALS params say), and the
 * defaults that make a bare single-mode setup count. */
#include "core/err_local.h"
#include "pc/pc_names.h"
#include "pc/pc_setup_internal.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

int pc_setup_signal(struct pc_setup *c, const char *opt, const char *text, unsigned *sig)
{
	if (isdigit((unsigned char)text[0])) {
		char *end;
		unsigned long v = strtoul(text, &end, 0);
		if (*end || v >= c->di->nsignals)
			return hwpc_err_set(c->err, HWPC_EINPUT, "--%s: '%s' is not a signal of domain %s (0..0x%x)", opt,
					    text, c->di->name, c->di->nsignals - 1);
		*sig = (unsigned)v;
		return 0;
	}
	for (size_t i = 0; i < c->names.tab.nsyms; i++) {
		const struct hwpc_lop_sym *s = &c->names.tab.syms[i];
		if (strcasecmp(s->name, text))
			continue;
		if (s->kind == HWPC_LOP_SYM_SIGNAL) {
			*sig = s->signal;
			return 0;
		}
		if (s->kind == HWPC_LOP_SYM_ELSEWHERE)
			return hwpc_err_set(c->err, HWPC_EINPUT, "--%s: signal '%s' is %s", opt, text, s->where);
		break;
	}
	const char *near = hwpc_pc_names_near(&c->names, text);
	return hwpc_err_set(c->err, HWPC_EINPUT, "--%s: unknown signal '%s' in domain %s on %s%s%s%s", opt, text,
			    c->di->name, c->chip->name, near ? " (did you mean " : "", near ? near : "", near ? "?)" : "");
}

/* "START.2" -> PRE_SRC/START_SRC/... and slot. */
static bool slot_of(const char *t, struct hwpc_lop_pin *p)
{
	const char *dot = strchr(t, '.');
	if (!dot || !isdigit((unsigned char)dot[1]) || dot[2])
		return false;
	for (int in = 0; in < HWPC_LOP_NINPUTS; in++)
		if (strlen(hwpc_lop_input_name((enum hwpc_lop_input)in)) == (size_t)(dot - t) &&
		    !strncasecmp(t, hwpc_lop_input_name((enum hwpc_lop_input)in), (size_t)(dot - t))) {
			p->reg = (enum hwpc_lop_input)in;
			p->slot = (unsigned)(dot[1] - '0');
			return p->slot < HWPC_LOP_NARGS;
		}
	return false;
}

/* Pin the signals of list (names or numbers, separated by commas or
 * spaces) to the slots of the space-separated slot list `slots`, in order. */
static int pin_list(struct pc_setup *c, const char *opt, const char *list, const char *slots, unsigned max,
		    unsigned need)
{
	char sigs[512], pos[256];
	char *ss = NULL, *ps = NULL;
	unsigned k = 0;
	snprintf(sigs, sizeof sigs, "%s", list);
	snprintf(pos, sizeof pos, "%s", slots);
	char *p = strtok_r(pos, " ", &ps);
	for (char *t = strtok_r(sigs, ", \t", &ss); t; t = strtok_r(NULL, ", \t", &ss), k++) {
		struct hwpc_lop_pin pin;
		if (k >= max || !p)
			return hwpc_err_set(c->err, HWPC_EINPUT, "--%s: more than %u signals", opt, max);
		if (!slot_of(p, &pin) || c->npins >= PC_SETUP_MAX_PINS)
			return hwpc_err_set(c->err, HWPC_EINPUT, "regdb: bad slot '%s' for --%s on %s", p, opt,
					    c->chip->name);
		if (pc_setup_signal(c, opt, t, &pin.signal))
			return c->err->status;
		c->pins[c->npins++] = pin;
		p = strtok_r(NULL, " ", &ps);
	}
	if (need && k != need)
		return hwpc_err_set(c->err, HWPC_EINPUT, "--%s: expected %u signals, got %u", opt, need, k);
	return 0;
}

static unsigned count_words(const char *s)
{
	unsigned n = 0;
	for (bool in = false; *s; s++) {
		if (*s != ' ' && !in)
			n++;
		in = *s != ' ';
	}
	return n;
}

/* --bits: the integers of the counter mode (its enum's ints= attribute). */
static int pin_bits(struct pc_setup *c)
{
	const struct hwpc_pc_setup *s = c->s;
	const char *cm = s->given & HWPC_PC_SETUP_CTR_MODE ? s->ctr_mode : "SIMPLE";
	const struct hwpc_field *f = pc_setup_field(c, "CTRL", "CTR_MODE");
	const struct hwpc_enum *e = NULL;
	char want[32];
	snprintf(want, sizeof want, "%s", cm);
	for (char *p = want; *p; p++)
		*p = *p == '-' ? '_' : *p;
	if (f)
		e = hwpc_enum_find_name(f, c->chip, want);
	if (!e)
		return 0; /* the CTRL plan reports the bad counter mode */
	const char *ints = NULL;
	for (const char *a = e->attrs; a && *a; a += strcspn(a, " "), a += *a == ' ')
		if (!strncmp(a, "ints=", 5))
			ints = a + 5;
	if (!ints) {
		if (s->given & HWPC_PC_SETUP_BITS)
			return hwpc_err_set(c->err, HWPC_EINPUT, "--bits: counter mode %s adds no integer of signals",
					    e->name);
		return 0;
	}
	/* "B6,B2" -> the slots of B6_BITS, then of B2_BITS. */
	char slots[256] = "", names[32];
	size_t used = 0;
	size_t ilen = strcspn(ints, " ");
	snprintf(names, sizeof names, "%.*s", (int)ilen, ints);
	for (char *ss = NULL, *t = strtok_r(names, ",", &ss); t; t = strtok_r(NULL, ",", &ss)) {
		char param[48];
		snprintf(param, sizeof param, "PCOUNTER.%s_BITS", t);
		const char *v = hwpc_param_str(c->db, c->chip, param, NULL);
		if (!v)
			return hwpc_err_set(c->err, HWPC_EINPUT, "regdb: no %s on %s", param, c->chip->name);
		used += (size_t)snprintf(slots + used, used < sizeof slots ? sizeof slots - used : 0, "%s%s",
					 used ? " " : "", v);
	}
	unsigned n = count_words(slots);
	if (!(s->given & HWPC_PC_SETUP_BITS))
		return hwpc_err_set(c->err, HWPC_EINPUT,
				    "counter mode %s needs --bits with %u signals (the integer's bits, low first: %s)",
				    e->name, n, slots);
	return pin_list(c, "bits", s->bits, slots, n, n);
}

/* --record-signals: as many as the packet format holds. */
static int pin_record(struct pc_setup *c)
{
	/* regdb-names: PCOUNTER.RECORD_SIGNALS PCOUNTER.RECORD_EVENT_WORD G84:GF100 */
	/* regdb-names: PCOUNTER.RECORD_SHORT_BYTES PCOUNTER.RECORD_LONG_BYTES G84:GF100 */
	const char *slots = hwpc_param_str(c->db, c->chip, "PCOUNTER.RECORD_SIGNALS", "");
	bool shrt = (c->s->given & HWPC_PC_SETUP_RECORD_FORMAT) && !strcasecmp(c->s->record_format, "short");
	int64_t bytes = hwpc_param_num(c->db, c->chip, shrt ? "PCOUNTER.RECORD_SHORT_BYTES" : "PCOUNTER.RECORD_LONG_BYTES", 0);
	int64_t first = hwpc_param_num(c->db, c->chip, "PCOUNTER.RECORD_EVENT_WORD", 0);
	unsigned max = (unsigned)(bytes / 2 - first);
	if (max > count_words(slots))
		max = count_words(slots);
	return pin_list(c, "record-signals", c->s->record_signals, slots, max, 0);
}

int pc_setup_compile(struct pc_setup *c)
{
	const struct hwpc_pc_setup *s = c->s;
	if (hwpc_pc_lop_caps(c->db, c->chip, c->di->space, c->di->nsignals, &c->caps, c->err))
		return c->err->status;
	if (hwpc_pc_names_build(c->l, c->dom, &c->names, c->err))
		return c->err->status;
	c->have_names = true;
	c->npins = 0;
	if (s->mode == HWPC_PC_RECORD) {
		if (pin_record(c))
			return c->err->status;
		if (s->given & HWPC_PC_SETUP_BITS)
			return hwpc_err_set(c->err, HWPC_EINPUT, "--bits: record mode has no counter mode integers");
	} else {
		if (s->given & HWPC_PC_SETUP_RECORD_SIGNALS)
			return hwpc_err_set(c->err, HWPC_EINPUT, "--record-signals needs --mode record");
		if (pin_bits(c))
			return c->err->status;
	}
	struct hwpc_lop_request req = { { NULL }, c->pins, c->npins };
	for (int i = 0; i < HWPC_LOP_NINPUTS; i++) {
		req.expr[i] = c->exprs[i] = s->have_expr[i] ? s->expr[i] : NULL;
		/* --explain names a signal's arguments as the user did */
		hwpc_pc_syms_prefer(c->names.syms, c->names.tab.nsyms, req.expr[i]);
	}
	/* Single mode waits for PRE, then START: without them it would never
	 * count, so they default to always. */
	if (s->mode == HWPC_PC_SINGLE) {
		if (!req.expr[HWPC_LOP_PRE])
			req.expr[HWPC_LOP_PRE] = c->exprs[HWPC_LOP_PRE] = "1";
		if (!req.expr[HWPC_LOP_START])
			req.expr[HWPC_LOP_START] = c->exprs[HWPC_LOP_START] = "1";
	}
	if (hwpc_lop_compile(&c->caps, &c->names.tab, &req, &c->lop, c->err))
		return c->err->status;
	return 0;
}

void pc_setup_release(struct pc_setup *c)
{
	if (c->have_names)
		hwpc_pc_names_free(&c->names);
	c->have_names = false;
}

/* Compile s for domain dom into *cp (free it and pc_setup_release it). */
static int explain_compile(const struct hwpc_pc_layout *l, unsigned dom, const struct hwpc_pc_setup *s,
			   struct pc_setup **cp, struct hwpc_err *err)
{
	*cp = NULL;
	if (dom >= l->ndomains)
		return hwpc_err_set(err, HWPC_EINPUT, "no PCOUNTER domain %u on %s", dom, l->chip->name);
	struct pc_setup *c = calloc(1, sizeof *c);
	if (!c)
		return hwpc_err_set(err, HWPC_EOP, "out of memory");
	c->l = l;
	c->db = l->db;
	c->chip = l->chip;
	c->dom = dom;
	c->di = &l->dom[dom];
	c->s = s;
	c->err = err;
	*cp = c;
	return pc_setup_compile(c);
}

int hwpc_pc_setup_explain_out(const struct hwpc_pc_layout *l, unsigned dom, const struct hwpc_pc_setup *s,
			      struct hwpc_out *o, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	struct pc_setup *c;
	int rc = explain_compile(l, dom, s, &c, err);
	if (!rc)
		rc = hwpc_lop_explain_out(&c->caps, &c->names.tab, &c->lop.regs, c->exprs, l->dom[dom].name, o, err);
	if (c)
		pc_setup_release(c);
	free(c);
	return rc;
}

int hwpc_pc_setup_explain(const struct hwpc_pc_layout *l, unsigned dom, const struct hwpc_pc_setup *s,
			  char **text, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	*text = NULL;
	struct pc_setup *c;
	int rc = explain_compile(l, dom, s, &c, err);
	if (!rc) {
		size_t n = hwpc_lop_explain(&c->caps, &c->names.tab, &c->lop.regs, c->exprs, NULL, 0);
		if (!(*text = malloc(n + 1)))
			rc = hwpc_err_set(err, HWPC_EOP, "out of memory");
		else
			hwpc_lop_explain(&c->caps, &c->names.tab, &c->lop.regs, c->exprs, *text, n + 1);
	}
	if (c)
		pc_setup_release(c);
	free(c);
	return rc;
}
