/* SPDX-License-Identifier: MIT */
/* The PTIMER model (envytools' PTIMER documentation): a 56-bit tick counter fed by a clock source
 * through a counter-based MUL/DIV converter; TIME_LOW/TIME_HIGH reads and
 * writes; ALARM compared with TIME_LOW bits 5-31 setting INTR.ALARM; INTR
 * write-1-to-clear; INTR_ENABLE; NV41+ CLOCK_SOURCE and MMIO_FAULT_*.
 *
 * Every register address and bit position comes from regdb. */
#include "sim/ptimer_model.h"
#include "sim/sim.h"

#include <stdlib.h>
#include <string.h>

struct ptimer_state {
	uint64_t counter;   /* the 56-bit tick counter */
	uint64_t acc;       /* the converter's accumulator */
	sim_ps anchor_ps;   /* source cycles are counted from here... */
	uint64_t anchor_cycles_done; /* ...and this many were consumed since */
	uint32_t clock_div, clock_mul, clock_source;
	uint32_t alarm, intr, intr_enable;
	uint32_t fault_addr, fault_data;
};

struct ptimer_priv {
	uint32_t a_intr, a_intr_en, a_div, a_mul, a_src, a_lo, a_hi, a_alarm, a_faddr, a_fdata;
	bool has_src, has_fault;
	const struct hwpc_field *lo_time, *hi_time, *alarm_time, *intr_alarm;
	const struct hwpc_field *div, *mul, *src_mul, *src_div, *src_select;
	const struct hwpc_field *fault_access, *fault_address;
	uint64_t internal_enum; /* CLOCK_SOURCE.SELECT value meaning INTERNAL */
	int external;           /* enum hwpc_clock PTIMER counts without CLOCK_SOURCE */
	unsigned counter_bits;
};

static size_t ptimer_size(struct sim *s, const struct sim_opts *opts)
{
	return sizeof(struct ptimer_state);
}

static const struct hwpc_field *field(struct sim *s, const char *reg, const char *name)
{
	const struct hwpc_reg *r = hwpc_reg_find(s->dev.db, s->dev.chip, reg, NULL);
	return r ? hwpc_field_find(r, s->dev.chip, name) : NULL;
}

static uint64_t mask_bits(unsigned n)
{
	return n >= 64 ? ~0ULL : (1ULL << n) - 1;
}

/* The source clock as a fraction num/den Hz. */
static void source_hz(struct sim *s, const struct ptimer_state *st, const struct ptimer_priv *p,
		      uint64_t *num, uint64_t *den)
{
	uint64_t ext = p->external >= 0 ? s->clock_hz[p->external] : 0;
	*num = ext;
	*den = 1;
	if (p->has_src && hwpc_field_get(p->src_select, st->clock_source) == p->internal_enum) {
		uint64_t m = hwpc_field_get(p->src_mul, st->clock_source) + 1;
		uint64_t d = hwpc_field_get(p->src_div, st->clock_source) + 1;
		uint64_t crystal = s->clock_hz[HWPC_CLOCK_CRYSTAL];
		/* A counter, not a PLL: never faster than the external clock. */
		if ((unsigned __int128)crystal * m <= (unsigned __int128)ext * d) {
			*num = crystal * m;
			*den = d;
		}
	}
}

static uint64_t source_cycles(struct sim *s, const struct ptimer_state *st, const struct ptimer_priv *p, sim_ps t)
{
	uint64_t num, den;
	if (t <= st->anchor_ps)
		return 0;
	source_hz(s, st, p, &num, &den);
	/* (t - anchor) < 2^74 ps, num < 2^48 (crystal * (MUL + 1)) */
	return (uint64_t)((t - st->anchor_ps) * num / ((sim_ps)den * SIM_PS_PER_S));
}

/* Ticks the converter emits for n source cycles starting from acc.  It is
 * a counter: acc += MUL each cycle, a tick when acc >= DIV.  MUL 0 stops
 * it; with DIV 0 or MUL >= DIV it ticks every cycle, never faster (the document
 * calls these ratios invalid; pcsim(1) documents this choice). */
static uint64_t convert(uint32_t mul, uint32_t div, uint64_t n, uint64_t *acc)
{
	if (mul == 0 || n == 0)
		return 0;
	if (div == 0 || mul >= div)
		return n;
	unsigned __int128 total = (unsigned __int128)*acc + (unsigned __int128)n * mul;
	*acc = (uint64_t)(total % div);
	return (uint64_t)(total / div);
}

static void ptimer_advance(struct sim *s, void *state, void *privp, sim_ps from, sim_ps to)
{
	struct ptimer_state *st = state;
	struct ptimer_priv *p = privp;
	uint64_t done = source_cycles(s, st, p, to);
	uint64_t n = done - st->anchor_cycles_done;
	st->anchor_cycles_done = done;
	if (!sim_pmc_unit_enabled(s, "PTIMER"))
		return; /* disabled: the counter holds (pcsim(1), model notes) */
	uint64_t ticks = convert(st->clock_mul, st->clock_div, n, &st->acc);
	if (!ticks)
		return;
	/* The alarm fires when the low bits pass the ALARM value. */
	unsigned lw = p->lo_time->width;
	uint64_t lmask = mask_bits(lw);
	uint64_t target = hwpc_field_get(p->alarm_time, st->alarm);
	uint64_t first = (st->counter + 1) & lmask;
	uint64_t dist = (target - first) & lmask;
	if (dist < ticks)
		st->intr |= (uint32_t)hwpc_field_mask(p->intr_alarm);
	st->counter = (st->counter + ticks) & mask_bits(p->counter_bits);
}

/* Re-anchor the source clock at the current time: its frequency is about
 * to change, and cycles already consumed must stay consumed. */
static void reanchor(struct sim *s, struct ptimer_state *st)
{
	st->anchor_ps = s->hdr->now_ps;
	st->anchor_cycles_done = 0;
}

uint64_t sim_ptimer_ticks_at(struct sim *s, sim_ps t)
{
	void *privp;
	struct ptimer_state *st = sim_model_state(s, SIM_MODEL_PTIMER, &privp), tmp;
	if (!st)
		return 0;
	tmp = *st;
	ptimer_advance(s, &tmp, privp, s->hdr->now_ps, t);
	return tmp.counter;
}

/* INTR & INTR_ENABLE: what PMC.INTR's PTIMER bit shows. */
static bool ptimer_intr(struct sim *s, void *state, void *privp)
{
	const struct ptimer_state *st = state;
	return (st->intr & st->intr_enable) != 0;
}

/* NV41+: a failed host access is recorded in MMIO_FAULT_*. */
static void ptimer_bus_fault(struct sim *s, void *state, void *privp, uint32_t addr, bool write, uint32_t val)
{
	struct ptimer_state *st = state;
	struct ptimer_priv *p = privp;
	if (!p->has_fault)
		return;
	st->fault_addr = 0;
	hwpc_field_put(p->fault_address, &st->fault_addr, addr >> p->fault_address->ranges[0].lo);
	hwpc_field_put(p->fault_access, &st->fault_addr, write);
	if (write)
		st->fault_data = val;
}

static int ptimer_init(struct sim *s, void *state, const struct sim_opts *opts, struct hwpc_err *err)
{
	struct ptimer_state *st = state;
	memset(st, 0, sizeof *st);
	/* Power-on choice (pcsim(1)): ratio 1/1, internal source at the
	 * crystal frequency where CLOCK_SOURCE exists. */
	st->clock_div = 1;
	st->clock_mul = 1;
	/* regdb-names: PTIMER.CLOCK_SOURCE NV41- */
	const struct hwpc_field *sel = field(s, "PTIMER.CLOCK_SOURCE", "SELECT");
	if (sel) {
		const struct hwpc_enum *e = hwpc_enum_find_name(sel, s->dev.chip, "INTERNAL");
		if (e)
			hwpc_field_put(sel, &st->clock_source, e->value);
	}
	return 0;
}

static int ptimer_attach(struct sim *s, void *state, void **privp, struct hwpc_err *err)
{
	struct ptimer_priv *p = calloc(1, sizeof *p);
	bool ok = true, o;
	if (!p)
		return hwpc_err_set(err, HWPC_EOP, "out of memory");
	*privp = p;
	p->a_intr = sim_reg_addr(s, "PTIMER.INTR", &o), ok &= o;
	p->a_intr_en = sim_reg_addr(s, "PTIMER.INTR_ENABLE", &o), ok &= o;
	p->a_div = sim_reg_addr(s, "PTIMER.CLOCK_DIV", &o), ok &= o;
	p->a_mul = sim_reg_addr(s, "PTIMER.CLOCK_MUL", &o), ok &= o;
	p->a_lo = sim_reg_addr(s, "PTIMER.TIME_LOW", &o), ok &= o;
	p->a_hi = sim_reg_addr(s, "PTIMER.TIME_HIGH", &o), ok &= o;
	p->a_alarm = sim_reg_addr(s, "PTIMER.ALARM", &o), ok &= o;
	p->a_src = sim_reg_addr(s, "PTIMER.CLOCK_SOURCE", &p->has_src);
	/* regdb-names: PTIMER.MMIO_FAULT_ADDR PTIMER.MMIO_FAULT_DATA NV41- */
	p->a_faddr = sim_reg_addr(s, "PTIMER.MMIO_FAULT_ADDR", &p->has_fault);
	p->a_fdata = sim_reg_addr(s, "PTIMER.MMIO_FAULT_DATA", &o);
	p->lo_time = field(s, "PTIMER.TIME_LOW", "TIME");
	p->hi_time = field(s, "PTIMER.TIME_HIGH", "TIME");
	p->alarm_time = field(s, "PTIMER.ALARM", "TIME");
	p->intr_alarm = field(s, "PTIMER.INTR", "ALARM");
	p->div = field(s, "PTIMER.CLOCK_DIV", "DIV");
	p->mul = field(s, "PTIMER.CLOCK_MUL", "MUL");
	if (!ok || !p->lo_time || !p->hi_time || !p->alarm_time || !p->intr_alarm || !p->div || !p->mul)
		return hwpc_err_set(err, HWPC_EINPUT, "regdb lacks PTIMER registers or fields for %s",
				    s->dev.chip->name);
	if (p->has_src) {
		p->src_mul = field(s, "PTIMER.CLOCK_SOURCE", "INTERNAL_MUL");
		p->src_div = field(s, "PTIMER.CLOCK_SOURCE", "INTERNAL_DIV");
		p->src_select = field(s, "PTIMER.CLOCK_SOURCE", "SELECT");
		const struct hwpc_enum *e =
			p->src_select ? hwpc_enum_find_name(p->src_select, s->dev.chip, "INTERNAL") : NULL;
		if (!p->src_mul || !p->src_div || !e)
			return hwpc_err_set(err, HWPC_EINPUT, "regdb lacks PTIMER.CLOCK_SOURCE fields");
		p->internal_enum = e->value;
	}
	if (p->has_fault) {
		p->fault_access = field(s, "PTIMER.MMIO_FAULT_ADDR", "ACCESS");
		p->fault_address = field(s, "PTIMER.MMIO_FAULT_ADDR", "ADDRESS");
		p->has_fault = p->fault_access && p->fault_address;
	}
	const char *ext = hwpc_param_str(s->dev.db, s->dev.chip, "PTIMER.EXTERNAL_CLOCK", NULL);
	p->external = ext ? hwpc_clock_by_name(ext) : -1;
	p->counter_bits = p->lo_time->width + p->hi_time->width;
	const struct ptimer_state *st = state;
	if (st->counter > mask_bits(p->counter_bits))
		return hwpc_err_set(err, HWPC_EOP, "PTIMER counter out of range");
	return 0;
}


static int ptimer_rd32(struct sim *s, void *state, void *privp, uint32_t addr, uint32_t *val)
{
	struct ptimer_state *st = state;
	struct ptimer_priv *p = privp;
	uint32_t v = 0;
	if (addr == p->a_lo)
		hwpc_field_put(p->lo_time, &v, st->counter & mask_bits(p->lo_time->width));
	else if (addr == p->a_hi)
		hwpc_field_put(p->hi_time, &v, st->counter >> p->lo_time->width);
	else if (addr == p->a_intr)
		v = st->intr;
	else if (addr == p->a_intr_en)
		v = st->intr_enable;
	else if (addr == p->a_div)
		v = st->clock_div;
	else if (addr == p->a_mul)
		v = st->clock_mul;
	else if (addr == p->a_alarm)
		v = st->alarm;
	else if (p->has_src && addr == p->a_src)
		v = st->clock_source;
	else if (p->has_fault && addr == p->a_faddr)
		v = st->fault_addr;
	else if (p->has_fault && addr == p->a_fdata)
		v = st->fault_data;
	else
		return 1;
	*val = v;
	return 0;
}

static uint32_t only(const struct hwpc_field *f, uint32_t v)
{
	return v & hwpc_field_mask(f);
}

static int ptimer_wr32(struct sim *s, void *state, void *privp, uint32_t addr, uint32_t val)
{
	struct ptimer_state *st = state;
	struct ptimer_priv *p = privp;
	unsigned lw = p->lo_time->width;
	if (addr == p->a_lo) {
		st->counter = (st->counter & ~mask_bits(lw)) | hwpc_field_get(p->lo_time, val);
	} else if (addr == p->a_hi) {
		st->counter = (st->counter & mask_bits(lw)) | (hwpc_field_get(p->hi_time, val) << lw);
	} else if (addr == p->a_intr) {
		st->intr &= ~only(p->intr_alarm, val); /* write 1 to clear */
	} else if (addr == p->a_intr_en) {
		st->intr_enable = only(p->intr_alarm, val);
	} else if (addr == p->a_div) {
		st->clock_div = only(p->div, val);
	} else if (addr == p->a_mul) {
		st->clock_mul = only(p->mul, val);
	} else if (addr == p->a_alarm) {
		st->alarm = only(p->alarm_time, val);
	} else if (p->has_src && addr == p->a_src) {
		reanchor(s, st);
		st->clock_source = val & (hwpc_field_mask(p->src_mul) | hwpc_field_mask(p->src_div) |
					  hwpc_field_mask(p->src_select));
	} else if (p->has_fault && addr == p->a_faddr) {
		st->fault_addr = val;
	} else if (p->has_fault && addr == p->a_fdata) {
		st->fault_data = val;
	} else {
		return 1;
	}
	return 0;
}

static void ptimer_show(struct sim *s, void *state, void *privp, struct hwpc_out *o)
{
	struct ptimer_state *st = state;
	struct ptimer_priv *p = privp;
	uint64_t num, den;
	source_hz(s, st, p, &num, &den);
	hwpc_out_u64(o, "ptimer_ticks", st->counter);
	hwpc_out_u64(o, "ptimer_clock_mul", st->clock_mul);
	hwpc_out_u64(o, "ptimer_clock_div", st->clock_div);
	if (p->has_src)
		hwpc_out_hex32(o, "ptimer_clock_source", st->clock_source);
	hwpc_out_double(o, "ptimer_source_hz", (double)num / (double)den, 3);
	hwpc_out_hex32(o, "ptimer_alarm", st->alarm);
	hwpc_out_hex32(o, "ptimer_intr", st->intr);
	hwpc_out_hex32(o, "ptimer_intr_enable", st->intr_enable);
}

static const char *const ptimer_spaces[] = { "PTIMER", NULL };

static bool ptimer_present(struct sim *s)
{
	return sim_space(s, "PTIMER") != NULL;
}

const struct sim_model sim_model_ptimer = {
	.name = "ptimer",
	.id = SIM_MODEL_PTIMER,
	.version = 1,
	.hot_bytes = SIM_HOT_ALL,
	.spaces = ptimer_spaces,
	.present = ptimer_present,
	.state_size = ptimer_size,
	.init = ptimer_init,
	.attach = ptimer_attach,
	.detach = sim_priv_free,
	.advance = ptimer_advance,
	.rd32 = ptimer_rd32,
	.wr32 = ptimer_wr32,
	.show = ptimer_show,
	.bus_fault = ptimer_bus_fault,
	.intr_field = "PTIMER",
	.intr = ptimer_intr,
};
