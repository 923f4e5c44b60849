/* SPDX-License-Identifier: MIT */
/* A setup as a write plan, in the order the hardware needs (see
 * hwpc/pc_setup.h), and the record of what it sets. */
#include "dev/dev_cmd.h"
#include "pc/pc_cmd.h"
#include "core/err_local.h"
#include "pc/pc_setup_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const char *const mode_enum[] = { "SINGLE", "QUAD", "RECORD" };
static const char *const mode_word[] = { "single", "quad", "record" };

static int need(struct pc_setup *c, const char *reg, uint32_t *addr)
{
	if (pc_setup_reg(c, reg, addr))
		return 0;
	return hwpc_err_set(c->err, HWPC_EINPUT, "regdb: no PCOUNTER %s for domain %s on %s", reg, c->di->name,
			    c->chip->name);
}

/* An option that means nothing in the chosen mode is a mistake worth naming. */
static int mode_only(struct pc_setup *c, unsigned bits, enum hwpc_pc_mode mode, const char *what)
{
	if (!(c->s->given & bits) || c->s->mode == mode)
		return 0;
	return hwpc_err_set(c->err, HWPC_EINPUT, "%s needs --mode %s (the mode is %s)", what, mode_word[mode],
			    mode_word[c->s->mode]);
}

static int check_modes(struct pc_setup *c)
{
	if (mode_only(c, HWPC_PC_SETUP_THRESHOLD, HWPC_PC_SINGLE, "--threshold") ||
	    mode_only(c, HWPC_PC_SETUP_PRE_COUNT, HWPC_PC_SINGLE, "--pre-count") ||
	    mode_only(c, HWPC_PC_SETUP_PERIODS, HWPC_PC_SINGLE, "--periods") ||
	    mode_only(c, HWPC_PC_SETUP_EVENT_CTR_PERIOD, HWPC_PC_SINGLE, "--event-ctr-period") ||
	    mode_only(c, HWPC_PC_SETUP_SWAP, HWPC_PC_QUAD, "--swap") ||
	    mode_only(c, HWPC_PC_SETUP_RECORD_START | HWPC_PC_SETUP_RECORD_LIMIT, HWPC_PC_RECORD, "--record-start/--record-limit") ||
	    mode_only(c, HWPC_PC_SETUP_RECORD_HIGH, HWPC_PC_RECORD, "--record-high") ||
	    mode_only(c, HWPC_PC_SETUP_RECORD_FORMAT, HWPC_PC_RECORD, "--record-format"))
		return c->err->status;
	return 0;
}

/* CTRL's field for an option: the given word, else the field's default
 * (when the generation has the field at all). */
static int ctrl_opt(struct pc_setup *c, unsigned bit, const char *opt, const char *field, const char *given,
		    const char *def, uint32_t *v, uint32_t *own)
{
	if (c->s->given & bit)
		return pc_setup_put_enum(c, opt, "CTRL", field, given, v, own);
	if (pc_setup_field(c, "CTRL", field))
		return pc_setup_put_enum(c, opt, "CTRL", field, def, v, own);
	return 0;
}

static int plan_ctrl(struct pc_setup *c)
{
	const struct hwpc_pc_setup *s = c->s;
	uint32_t addr, v, own = 0;
	char where[128], note[96];
	if (need(c, "CTRL", &addr) || pc_setup_read(c, addr, &v))
		return c->err->status;
	/* Fields this setup does not decide keep their value (the other
	 * domain's half of NV10's shared CTRL, unknown bits). */
	v = pc_setup_writable_bits(c, addr, v);
	const struct hwpc_field *mf = pc_setup_field(c, "CTRL", "MODE");
	uint32_t probe;
	bool has_mode = mf && hwpc_enum_find_name(mf, c->chip, mode_enum[s->mode]);
	if (s->mode == HWPC_PC_RECORD && has_mode)
		has_mode = pc_setup_reg(c, "RECORD_START", &probe);
	if (!has_mode && (mf || s->mode != HWPC_PC_SINGLE)) {
		pc_setup_where(c, "CTRL", "MODE", mode_enum[s->mode], where, sizeof where);
		return hwpc_err_set(c->err, HWPC_EINPUT, "--mode %s: %s has no %s mode (%s mode: %s)",
				    mode_word[s->mode], c->chip->name, mode_word[s->mode], mode_word[s->mode],
				    *where ? where : "none");
	}
	if (mf && pc_setup_put_enum(c, "mode", "CTRL", "MODE", mode_enum[s->mode], &v, &own))
		return c->err->status;
	const char *periodic = !strcasecmp(s->periodic, "off") ? "DISABLED" : s->periodic;
	if (ctrl_opt(c, HWPC_PC_SETUP_CTR_MODE, "counter-mode", "CTR_MODE", s->ctr_mode, "SIMPLE", &v, &own) ||
	    ctrl_opt(c, HWPC_PC_SETUP_EVENT_CTR_PERIOD, "event-ctr-period", "EVENT_CTR_PERIOD", s->event_ctr_period,
		     "ONE", &v, &own) ||
	    ctrl_opt(c, HWPC_PC_SETUP_EVENT_IMPORT, "event-import", "EVENT_IMPORT_MODE", s->event_import, "CONTINUOUS",
		     &v, &own) ||
	    ctrl_opt(c, HWPC_PC_SETUP_FLAG_IMPORT, "flag-import", "FLAG_IMPORT_MODE", s->flag_import, "CONTINUOUS", &v,
		     &own) ||
	    ctrl_opt(c, HWPC_PC_SETUP_RECORD_FORMAT, "record-format", "RECORD_FORMAT", s->record_format, "LONG", &v,
		     &own) ||
	    ctrl_opt(c, HWPC_PC_SETUP_PERIODIC, "periodic", "PERIODIC_PERIOD", periodic, "DISABLED", &v, &own))
		return c->err->status;
	snprintf(note, sizeof note, "%s mode%s", mode_word[s->mode],
		 pc_setup_field(c, "CTRL", "MODE") ? "" : " (the only one)");
	return pc_setup_stage(c, addr, v, own, note);
}

static int plan_inputs(struct pc_setup *c)
{
	char name[32], note[96];
	uint32_t addr;
	for (int in = 0; in < HWPC_LOP_NINPUTS; in++) {
		if (!c->lop.has_src[in])
			continue;
		snprintf(name, sizeof name, "%s_SRC", hwpc_lop_input_name((enum hwpc_lop_input)in));
		if (need(c, name, &addr) || pc_setup_stage(c, addr, c->lop.regs.src[in], ~0u, NULL))
			return c->err->status;
	}
	/* PRE_OP is the tail's. */
	for (int in = HWPC_LOP_START; in < HWPC_LOP_NINPUTS; in++) {
		const char *iname = hwpc_lop_input_name((enum hwpc_lop_input)in);
		snprintf(name, sizeof name, "%s_OP", iname);
		snprintf(note, sizeof note, "%s = %s", iname, c->exprs[in] ? c->exprs[in] : "0");
		if (need(c, name, &addr) || pc_setup_stage(c, addr, c->lop.regs.op[in], ~0u, note))
			return c->err->status;
	}
	return 0;
}

/* An initial count: n (1..2^width) events/periods, written as n - 1. */
static int plan_count(struct pc_setup *c, const char *opt, const char *reg, uint64_t n, const char *what)
{
	uint32_t addr, idx[HWPC_MAX_DIMS];
	char note[96];
	if (need(c, reg, &addr))
		return c->err->status;
	const struct hwpc_reg *r = hwpc_reg_at(c->db, c->chip, addr, idx);
	unsigned width = r ? r->width : 32;
	uint64_t max = width >= 64 ? UINT64_MAX : 1ULL << width;
	if (n < 1 || n > max)
		return hwpc_err_set(c->err, HWPC_EINPUT, "--%s %llu: out of range on %s (1..%llu: %s is %u-bit)", opt,
				    (unsigned long long)n, c->chip->name, (unsigned long long)max, reg, width);
	snprintf(note, sizeof note, "%llu %s", (unsigned long long)n, what);
	return pc_setup_stage(c, addr, (uint32_t)(n - 1), ~0u, note);
}

static int plan_single(struct pc_setup *c)
{
	const struct hwpc_pc_setup *s = c->s;
	uint32_t addr, hi_addr;
	unsigned bits = (unsigned)hwpc_param_num(c->db, c->chip, "PCOUNTER.COUNTER_BITS", 32);
	uint64_t max = bits >= 64 ? UINT64_MAX : (1ULL << bits) - 1;
	if (s->threshold > max)
		return hwpc_err_set(c->err, HWPC_EINPUT,
				    "--threshold 0x%llx: out of range on %s (%u-bit counters: at most 0x%llx)",
				    (unsigned long long)s->threshold, c->chip->name, bits, (unsigned long long)max);
	if (need(c, "THRESHOLD", &addr) || pc_setup_stage(c, addr, (uint32_t)s->threshold, ~0u, "CTR_START counts periods with CTR_EVENT >= this"))
		return c->err->status;
	/* NV10:NV30: the high 8 bits of the 40-bit threshold. */
	if (pc_setup_reg(c, "THRESHOLD_HI", &hi_addr)) {
		uint32_t v = 0, own = 0;
		if (pc_setup_put_num(c, "threshold", "THRESHOLD_HI", "HI", s->threshold >> 32, &v, &own) ||
		    pc_setup_stage(c, hi_addr, v, own, NULL))
			return c->err->status;
	}
	if (plan_count(c, "pre-count", "CTR_PRE", s->pre_count, "PRE pulse(s) before START counts") ||
	    plan_count(c, "periods", "CTR_STOP", s->periods, "counting period(s)"))
		return c->err->status;
	return 0;
}

static int plan_swap(struct pc_setup *c)
{
	const struct hwpc_pc_setup *s = c->s;
	/* regdb-names: PCOUNTER.SWAP_SIGNAL NV30:G84 */
	const char *hard = hwpc_param_str(c->db, c->chip, "PCOUNTER.SWAP_SIGNAL", NULL);
	uint32_t addr, v, own = 0;
	const char *reg = pc_setup_reg(c, "SPEC_SRC", &addr) ? "SPEC_SRC" : pc_setup_reg(c, "SWAP_SRC", &addr) ? "SWAP_SRC" : NULL;
	if (hard || !reg) {
		if (s->given & HWPC_PC_SETUP_SWAP)
			return hwpc_err_set(c->err, HWPC_EINPUT, "--swap: %s's SWAP input is hardwired to %s",
					    c->chip->name, hard ? hard : "a fixed signal");
		return 0;
	}
	/* Without --swap, PGRAPH's PM_TRIGGER: the signal NV30:G84 wire to it. */
	const char *sig = s->given & HWPC_PC_SETUP_SWAP ? s->swap : "pm_trigger";
	unsigned n;
	if (pc_setup_signal(c, "swap", sig, &n)) {
		if (!(s->given & HWPC_PC_SETUP_SWAP))
			return hwpc_err_set(c->err, HWPC_EINPUT,
					    "--mode quad on %s needs --swap SIGNAL (domain %s has no pm_trigger to default to)",
					    c->chip->name, c->di->name);
		return c->err->status;
	}
	char note[96];
	snprintf(note, sizeof note, "SWAP = %s", sig);
	if (pc_setup_read(c, addr, &v))
		return c->err->status;
	v = pc_setup_writable_bits(c, addr, v);
	if (pc_setup_put_num(c, "swap", reg, "SWAP", n, &v, &own))
		return c->err->status;
	return pc_setup_stage(c, addr, v, own, note);
}

static int record_addr(struct pc_setup *c, const char *opt, const char *reg, uint64_t a, const char *note)
{
	uint32_t addr, v = 0, own = 0;
	const struct hwpc_field *f = pc_setup_field(c, reg, "ADDRESS");
	if (need(c, reg, &addr))
		return c->err->status;
	if (!f || f->nranges != 1)
		return hwpc_err_set(c->err, HWPC_EINPUT, "regdb: %s.ADDRESS is not one bit range on %s", reg,
				    c->chip->name);
	unsigned lo = f->ranges[0].lo, hi = f->ranges[0].hi;
	uint64_t align = 1ULL << lo;
	if (a % align)
		return hwpc_err_set(c->err, HWPC_EINPUT, "--%s 0x%llx: not %llu-byte aligned (%s.ADDRESS is bits %u-%u)",
				    opt, (unsigned long long)a, (unsigned long long)align, reg, lo, hi);
	if (a >> (hi + 1))
		return hwpc_err_set(c->err, HWPC_EINPUT,
				    "--%s 0x%llx: above the %u-bit record address (the high bits go in --record-high)",
				    opt, (unsigned long long)a, hi + 1);
	if (pc_setup_put_num(c, opt, reg, "ADDRESS", a >> lo, &v, &own))
		return c->err->status;
	return pc_setup_stage(c, addr, v, ~0u, note);
}

/* "write RECORD_START after entering record mode": CTRL is already planned. */
static int plan_record(struct pc_setup *c)
{
	const struct hwpc_pc_setup *s = c->s;
	uint32_t addr;
	if ((s->given & (HWPC_PC_SETUP_RECORD_START | HWPC_PC_SETUP_RECORD_LIMIT)) !=
	    (HWPC_PC_SETUP_RECORD_START | HWPC_PC_SETUP_RECORD_LIMIT))
		return hwpc_err_set(c->err, HWPC_EINPUT, "--mode record needs the buffer: --record-start and --record-limit");
	if (s->record_limit < s->record_start)
		return hwpc_err_set(c->err, HWPC_EINPUT, "--record-limit 0x%llx is below --record-start 0x%llx",
				    (unsigned long long)s->record_limit, (unsigned long long)s->record_start);
	if (pc_setup_reg(c, "RECORD_ADDRESS_HIGH", &addr)) {
		uint32_t v = 0, own = 0;
		if (pc_setup_put_num(c, "record-high", "RECORD_ADDRESS_HIGH", "ADDRESS_HIGH", s->record_high, &v, &own) ||
		    pc_setup_stage(c, addr, v, ~0u, "bits 32-39 of the buffer address"))
			return c->err->status;
	} else if (s->given & HWPC_PC_SETUP_RECORD_HIGH) {
		char where[64];
		pc_setup_where(c, "RECORD_ADDRESS_HIGH", NULL, NULL, where, sizeof where);
		return hwpc_err_set(c->err, HWPC_EINPUT, "--record-high: %s has no RECORD_ADDRESS_HIGH (%s)",
				    c->chip->name, where);
	}
	if (record_addr(c, "record-limit", "RECORD_LIMIT", s->record_limit, "last valid packet address") ||
	    record_addr(c, "record-start", "RECORD_START", s->record_start, "buffer valid; counters reset"))
		return c->err->status;
	return 0;
}

static int plan_user(struct pc_setup *c)
{
	const struct hwpc_pc_setup *s = c->s;
	uint32_t addr, v = 0, own = 0;
	char where[64], f[16];
	if (!pc_setup_reg(c, "USER_TRIGGER", &addr)) {
		pc_setup_where(c, "USER_TRIGGER", NULL, NULL, where, sizeof where);
		return hwpc_err_set(c->err, HWPC_EINPUT, "--user: %s has no USER signals (USER_TRIGGER: %s)",
				    c->chip->name, where);
	}
	for (unsigned i = 0; i < 8; i++) {
		if (!((s->user_value | s->user_pulse) >> i & 1))
			continue;
		snprintf(f, sizeof f, "VAL_%u", i);
		if (!pc_setup_field(c, "USER_TRIGGER", f))
			return hwpc_err_set(c->err, HWPC_EINPUT, "--user 0x%x:0x%x: %s has no USER_%u signal",
					    s->user_value, s->user_pulse, c->chip->name, i);
		if (pc_setup_put_num(c, "user", "USER_TRIGGER", f, s->user_value >> i & 1, &v, &own))
			return c->err->status;
		snprintf(f, sizeof f, "PULSE_%u", i);
		if (pc_setup_put_num(c, "user", "USER_TRIGGER", f, s->user_pulse >> i & 1, &v, &own))
			return c->err->status;
	}
	return pc_setup_stage(c, addr, v, 0, "USER signals");
}

/* The domain set's control (G84's GCTRL; GF100's PCOUNTER.<SET>_DSET.CTRL,
 * one per hub, GPC or partition). */
static const struct hwpc_reg *set_ctrl(struct pc_setup *c, uint32_t *addr)
{
	char name[96];
	struct hwpc_regref ref;
	if (!hwpc_pc_reg_name(c->l, c->dom, "GCTRL", name, sizeof name)) {
		const struct hwpc_space *sp = NULL;
		snprintf(name, sizeof name, "%s_DSET", c->di->space);
		for (unsigned i = 0; i < hwpc_regdb_space_count(c->db) && !sp; i++)
			if (!strcmp(hwpc_regdb_space(c->db, i)->name, name))
				sp = hwpc_regdb_space(c->db, i);
		if (!sp)
			return NULL;
		snprintf(name, sizeof name, "%s_DSET.CTRL", c->di->space);
		if (sp->ndims)
			snprintf(name + strlen(name), sizeof name - strlen(name), "[%u]", c->di->inst);
	}
	if (hwpc_regref_parse(c->db, c->chip, name, &ref, NULL))
		return NULL;
	*addr = ref.addr;
	return ref.reg;
}

static int plan_resets(struct pc_setup *c, uint32_t *addr, uint32_t *base, uint32_t *bits)
{
	static const char *const fields[] = { "RECORD_RESET", "PERIODIC_RESET" };
	const struct hwpc_reg *r = set_ctrl(c, addr);
	char where[64];
	*bits = 0;
	if (!r) {
		pc_setup_where(c, "GCTRL", NULL, NULL, where, sizeof where);
		return hwpc_err_set(c->err, HWPC_EINPUT, "--reset: %s has no PCOUNTER global control (GCTRL: %s)",
				    c->chip->name, where);
	}
	for (unsigned i = 0; i < 2; i++) {
		if (!(c->s->resets >> i & 1))
			continue;
		const struct hwpc_field *f = hwpc_field_find(r, c->chip, fields[i]);
		if (!f)
			return hwpc_err_set(c->err, HWPC_EINPUT, "--reset: %s has no %s.%s", c->chip->name, r->name,
					    fields[i]);
		*bits |= hwpc_field_mask(f);
	}
	if (pc_setup_read(c, *addr, base))
		return c->err->status;
	*base = pc_setup_writable_bits(c, *addr, *base);
	return pc_setup_stage(c, *addr, *base | *bits, 0, "reset asserted");
}

static void tail(struct pc_setup *c, uint32_t addr, uint32_t value, uint32_t own, const char *note)
{
	struct pc_setup_write *w = &c->w[c->n++];
	w->addr = addr;
	w->value = value;
	w->own = own;
	snprintf(w->note, sizeof w->note, "%s", note);
}

/* The mode raw writes leave the domain in: CTRL.MODE as the plan writes
 * it, else as the device holds it (single where the generation has no
 * MODE field: the only mode). */
static int raw_mode(struct pc_setup *c, enum hwpc_pc_mode *mode)
{
	uint32_t addr, v = 0;
	bool planned = false;
	const struct hwpc_field *mf = pc_setup_field(c, "CTRL", "MODE");
	*mode = HWPC_PC_SINGLE;
	if (!mf || !pc_setup_reg(c, "CTRL", &addr))
		return 0;
	for (size_t i = c->n; i-- > 0 && !planned;)
		if (c->w[i].addr == addr) {
			v = c->w[i].value;
			planned = true;
		}
	if (!planned && pc_setup_read(c, addr, &v))
		return c->err->status;
	const struct hwpc_enum *e = hwpc_enum_find_value(mf, c->chip, hwpc_field_get(mf, v));
	for (int m = HWPC_PC_SINGLE; e && m <= HWPC_PC_RECORD; m++)
		if (!strcmp(e->name, mode_enum[m]))
			*mode = (enum hwpc_pc_mode)m;
	return 0;
}

static void describe(struct pc_setup *c, struct hwpc_pc_note *rec, enum hwpc_pc_mode mode, bool raw)
{
	size_t used = (size_t)snprintf(rec->what, sizeof rec->what, "%s%s", mode_word[mode],
				       raw ? " (raw registers)" : "");
	for (int in = 0; in < HWPC_LOP_NINPUTS && used < sizeof rec->what; in++)
		if (c->s->have_expr[in])
			used += (size_t)snprintf(rec->what + used, sizeof rec->what - used, " %s=%s",
						 hwpc_lop_input_name((enum hwpc_lop_input)in), c->s->expr[in]);
}

static int fill_record(struct pc_setup *c, struct hwpc_pc_note *rec, bool configure)
{
	enum hwpc_pc_mode mode = c->s->mode;
	if (!configure && raw_mode(c, &mode))
		return c->err->status;
	for (size_t i = 0; i < c->n; i++) {
		if (!c->w[i].own)
			continue;
		if (!hwpc_pc_note_add(rec, c->db, c->chip, c->w[i].addr, c->w[i].value))
			return hwpc_err_set(c->err, HWPC_EINPUT, "more than %d registers to record", HWPC_PC_NOTE_MAX);
		for (unsigned k = 0; k < rec->n; k++)
			if (rec->reg[k].addr == c->w[i].addr)
				rec->reg[k].mask &= c->w[i].own;
	}
	describe(c, rec, mode, !configure);
	return 0;
}

static int build(struct pc_setup *c, struct hwpc_pc_note *rec)
{
	const struct hwpc_pc_setup *s = c->s;
	bool configure = (s->given & ~HWPC_PC_SETUP_TRIGGERS) != 0;
	uint32_t rst_addr = 0, rst_base = 0, rst_bits = 0, pre_addr = 0;
	if (s->resets && plan_resets(c, &rst_addr, &rst_base, &rst_bits))
		return c->err->status;
	if (configure) {
		if (check_modes(c) || plan_ctrl(c) || pc_setup_compile(c) || plan_inputs(c) ||
		    (s->mode == HWPC_PC_SINGLE && plan_single(c)) || (s->mode == HWPC_PC_QUAD && plan_swap(c)) ||
		    (s->mode == HWPC_PC_RECORD && plan_record(c)) || need(c, "PRE_OP", &pre_addr))
			return c->err->status;
	}
	if ((s->given & HWPC_PC_SETUP_USER) && plan_user(c))
		return c->err->status;
	/* The tail: resets released, then PRE_OP, which starts counting (and
	 * swaps in quad mode on G84:GF100): last, once. */
	c->tail = c->n;
	if (s->resets)
		tail(c, rst_addr, rst_base & ~rst_bits, 0, "reset released");
	if (configure) {
		char note[96];
		/* regdb-names: PCOUNTER.PRE_OP_SWAPS G84:GF100 */
		bool swaps = hwpc_param_num(c->db, c->chip, "PCOUNTER.PRE_OP_SWAPS", 0) != 0;
		snprintf(note, sizeof note, "PRE = %s; %s", c->exprs[HWPC_LOP_PRE] ? c->exprs[HWPC_LOP_PRE] : "0",
			 s->mode == HWPC_PC_SINGLE ? "starts counting"
			 : s->mode == HWPC_PC_QUAD && swaps ? "swaps counter sets"
							     : "last");
		tail(c, pre_addr, c->lop.regs.op[HWPC_LOP_PRE], ~0u, note);
	}
	for (unsigned i = 0; i < s->nregs; i++)
		if (pc_setup_raw(c, s->regs[i]))
			return c->err->status;
	if (rec) {
		memset(rec, 0, sizeof *rec);
		/* Raw writes to the domain's own registers (a setup replayed
		 * from a trace) are recorded as a setup is. */
		if ((configure || c->raw_own) && fill_record(c, rec, configure))
			return c->err->status;
	}
	return 0;
}

static void pc_setup_free(struct pc_setup *c)
{
	if (c) {
		pc_setup_release(c);
		free(c);
	}
}

int hwpc_pc_setup_plan_many(struct hwpc_dev *dev, const struct hwpc_pc_layout *l, const struct hwpc_pc_job *jobs,
			    size_t n, struct hwpc_wplan *plan, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	struct pc_setup **c = calloc(n ? n : 1, sizeof *c);
	int rc = c ? 0 : hwpc_err_set(err, HWPC_EOP, "out of memory");
	for (size_t j = 0; j < n && !rc; j++) {
		unsigned dom = jobs[j].dom;
		if (dom >= l->ndomains) {
			rc = hwpc_err_set(err, HWPC_EINPUT, "no PCOUNTER domain %u on %s: it has %u", dom, l->chip->name,
					  l->ndomains);
			break;
		}
		for (size_t k = 0; k < j && !rc; k++)
			if (jobs[k].dom == dom)
				rc = hwpc_err_set(err, HWPC_EINPUT, "domain %s is set up twice", l->dom[dom].name);
		if (!rc && !jobs[j].setup->given)
			rc = hwpc_err_set(err, HWPC_EINPUT, "nothing to set up for domain %s", l->dom[dom].name);
		if (rc || !(c[j] = calloc(1, sizeof *c[j]))) {
			rc = rc ? rc : hwpc_err_set(err, HWPC_EOP, "out of memory");
			break;
		}
		*c[j] = (struct pc_setup){ .dev = dev, .l = l, .db = l->db, .chip = l->chip, .dom = dom,
				      .di = &l->dom[dom], .s = jobs[j].setup, .prev = c, .nprev = j, .err = err };
		rc = build(c[j], jobs[j].rec);
		if (rc && jobs[j].file)
			rc = hwpc_err_prefix(err, "%s:%u", jobs[j].file, hwpc_pc_setup_line(jobs[j].setup, err->msg));
	}
	/* Every domain's configuration first, then every tail: a later
	 * domain's write to a shared register (NV10's CTRL) would otherwise
	 * abort the counting an earlier PRE_OP started. */
	for (int part = 0; part < 2 && !rc; part++)
		for (size_t j = 0; j < n && !rc; j++)
			for (size_t i = part ? c[j]->tail : 0; i < (part ? c[j]->n : c[j]->tail) && !rc; i++)
				rc = hwpc_wplan_addr(plan, c[j]->w[i].addr, c[j]->w[i].value, c[j]->w[i].note, err);
	for (size_t j = 0; c && j < n; j++)
		pc_setup_free(c[j]);
	free(c);
	return rc;
}

int hwpc_pc_setup_plan(struct hwpc_dev *dev, const struct hwpc_pc_layout *l, unsigned dom,
		       const struct hwpc_pc_setup *s, struct hwpc_wplan *plan, struct hwpc_pc_note *rec,
		       struct hwpc_err *err)
{
	struct hwpc_pc_job job = { dom, s, rec, NULL };
	return hwpc_pc_setup_plan_many(dev, l, &job, 1, plan, err);
}
