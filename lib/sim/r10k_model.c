/* SPDX-License-Identifier: MIT */
/* The MIPS R10000/R12000 event counter model (IRIX r10k_evcntrs(5), "THE COUNTERS",
 * "THE CONTROL REGISTERS"): two 32-bit counters, each counting the event
 * its control register selects while the CPU is in a mode the control
 * register enables; an interrupt flag when a counter's bit 31 becomes set
 * with IE on; counting goes on after overflow.
 *
 * Events come from a synthetic workload: a rate per IRIX event number, in
 * events per second or per CPU cycle (pcsim rate); the CPU's mode is set
 * with pcsim cpu-mode.  Registers sit at regdb's addresses (space R10K). */
#include "sim/r10k_model.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The simulated CPU's clock unless cpuclk= says otherwise (hwpc-r10k(7)). */
#define DEFAULT_CPU_HZ 200000000ull

const char *const sim_r10k_mode_names[R10K_MODE_COUNT] = { "user", "kernel", "exl", "supervisor", "erl" };

unsigned sim_r10k_mode_bit(enum r10k_cpu_mode m)
{
	static const unsigned bits[R10K_MODE_COUNT] = { HWPC_R10K_USER, HWPC_R10K_KERNEL, HWPC_R10K_EXL,
							HWPC_R10K_SUPERVISOR, 0 };
	return (unsigned)m < R10K_MODE_COUNT ? bits[m] : 0;
}

static bool r10k_present(struct sim *s)
{
	return sim_space(s, "R10K") != NULL;
}

static size_t r10k_size(struct sim *s, const struct sim_opts *opts)
{
	return sizeof(struct r10k_state);
}

/* The clock and the processor ID (cpuclk=, cpurev=): fixed at create. */
static uint32_t r10k_settings_crc(const void *state)
{
	const struct r10k_state *st = state;
	uint32_t c = sim_crc32(0, &st->cpu_hz, sizeof st->cpu_hz);
	return sim_crc32(c, &st->prid, sizeof st->prid);
}

static int r10k_init(struct sim *s, void *state, const struct sim_opts *opts, struct hwpc_err *err)
{
	struct r10k_state *st = state;
	struct hwpc_r10k_cpu cpu;
	unsigned major = opts->has_cpurev ? opts->cpurev_major : 3, minor = opts->has_cpurev ? opts->cpurev_minor : 0;

	memset(st, 0, sizeof *st);
	st->cpu_hz = opts->has_cpuclk ? opts->cpuclk : DEFAULT_CPU_HZ;
	/* Checks the revision against regdb's R10K.REVISIONS. */
	if (hwpc_r10k_cpu_init(&cpu, s->dev.db, s->dev.chip->name, (int)major, err))
		return err->status;
	const struct hwpc_field *f_imp = hwpc_field_find(cpu.prid, s->dev.chip, "IMP");
	const struct hwpc_field *f_maj = hwpc_field_find(cpu.prid, s->dev.chip, "REV_MAJOR");
	const struct hwpc_field *f_min = hwpc_field_find(cpu.prid, s->dev.chip, "REV_MINOR");
	const struct hwpc_enum *imp = f_imp ? hwpc_enum_find_name(f_imp, s->dev.chip, s->dev.chip->name) : NULL;
	if (!imp || !f_maj || !f_min)
		return hwpc_err_set(err, HWPC_EINPUT, "regdb lacks R10K.PRID fields for %s", s->dev.chip->name);
	hwpc_field_put(f_imp, &st->prid, imp->value);
	hwpc_field_put(f_maj, &st->prid, major);
	hwpc_field_put(f_min, &st->prid, minor);
	st->mode = R10K_MODE_USER;
	/* The default workload: the events that count every cycle (regdb
	 * per_cycle=), nothing else. */
	for (unsigned i = 0; i < cpu.nevents; i++)
		if (cpu.events[i].per_cycle) {
			struct r10k_rate *r = &st->rate[cpu.events[i].num];
			r->num = cpu.events[i].per_cycle;
			r->den = 1;
			r->per_cycle = 1;
		}
	return 0;
}

static int r10k_attach(struct sim *s, void *state, void **privp, struct hwpc_err *err)
{
	struct r10k_state *st = state;
	struct r10k_priv *p = calloc(1, sizeof *p);
	if (!p)
		return hwpc_err_set(err, HWPC_EOP, "out of memory");
	*privp = p;
	if (hwpc_r10k_cpu_init(&p->cpu, s->dev.db, s->dev.chip->name, 0, err))
		return err->status;
	const struct hwpc_field *maj = hwpc_field_find(p->cpu.prid, s->dev.chip, "REV_MAJOR");
	int rev = maj ? (int)hwpc_field_get(maj, st->prid) : 0;
	if (rev && hwpc_r10k_cpu_init(&p->cpu, s->dev.db, s->dev.chip->name, rev, err))
		return err->status;
	if (st->mode >= R10K_MODE_COUNT || st->cpu_hz == 0)
		return hwpc_err_set(err, HWPC_EOP, "R10K state out of range");
	for (unsigned c = 0; c < p->cpu.ncounters; c++) {
		char name[8];
		uint32_t idx = c;
		if (hwpc_reg_addr(p->cpu.ctrl, &idx, 1, &p->a_ctrl[c], err) ||
		    hwpc_reg_addr(p->cpu.count, &idx, 1, &p->a_count[c], err))
			return err->status;
		snprintf(name, sizeof name, "CTR%u", c);
		const struct hwpc_field *f = hwpc_field_find(p->cpu.intr, s->dev.chip, name);
		if (!f)
			return hwpc_err_set(err, HWPC_EINPUT, "regdb lacks R10K.INTR.%s", name);
		p->intr_bit[c] = hwpc_field_mask(f);
	}
	if (hwpc_reg_addr(p->cpu.intr, NULL, 0, &p->a_intr, err) ||
	    hwpc_reg_addr(p->cpu.prid, NULL, 0, &p->a_prid, err))
		return err->status;
	return 0;
}

/* The IRIX event number a counter's control word selects (-1: none). */
static int event_num(const struct hwpc_r10k_cpu *cpu, unsigned c, uint32_t ctrl)
{
	unsigned sel = (unsigned)hwpc_field_get(cpu->event, ctrl);
	for (unsigned i = 0; i < cpu->nevents; i++)
		if (cpu->events[i].select == sel && hwpc_r10k_event_on(&cpu->events[i], c))
			return (int)cpu->events[i].num;
	return -1;
}

/* Whether the counter counts in the CPU's current mode. */
static bool counting(const struct hwpc_r10k_cpu *cpu, const struct r10k_state *st, uint32_t ctrl)
{
	unsigned bit = sim_r10k_mode_bit((enum r10k_cpu_mode)st->mode);
	if (!bit || (bit == HWPC_R10K_SUPERVISOR && !cpu->supervisor))
		return false;
	for (unsigned i = 0; i < HWPC_R10K_NMODES; i++)
		if (bit == 1u << i)
			return hwpc_field_get(cpu->mode_field[i], ctrl) != 0;
	return false;
}

static void r10k_advance(struct sim *s, void *state, void *privp, sim_ps from, sim_ps to)
{
	struct r10k_state *st = state;
	struct r10k_priv *p = privp;
	const struct hwpc_r10k_cpu *cpu = &p->cpu;
	uint64_t delta[HWPC_R10K_MAX_NUMS];
	uint64_t cycles = sim_cycles_between(from, to, st->cpu_hz);

	/* Every event happens whether or not a counter watches it. */
	for (unsigned n = 0; n < cpu->nnums; n++)
		delta[n] = sim_r10k_rate_events(&st->rate[n], (uint64_t)(to - from), cycles);
	unsigned __int128 period = (unsigned __int128)1 << (cpu->overflow_bit + 1);
	unsigned __int128 half = (unsigned __int128)1 << cpu->overflow_bit;
	uint64_t mask = (1ull << cpu->counter_bits) - 1;
	for (unsigned c = 0; c < cpu->ncounters; c++) {
		int num = event_num(cpu, c, st->ctrl[c]);
		if (num < 0 || !counting(cpu, st, st->ctrl[c]) || !delta[num])
			continue;
		/* Bit 31 becomes set each time the count passes k * 2^32 + 2^31. */
		unsigned __int128 old = st->count[c], now = old + delta[num];
		uint64_t crossings = (uint64_t)((now + half) / period - (old + half) / period);
		st->overflows[c] += crossings;
		if (crossings && hwpc_field_get(cpu->ie, st->ctrl[c]))
			st->intr |= p->intr_bit[c];
		st->count[c] = (uint32_t)(now & mask);
	}
}

static int r10k_rd32(struct sim *s, void *state, void *privp, uint32_t addr, uint32_t *val)
{
	struct r10k_state *st = state;
	struct r10k_priv *p = privp;
	for (unsigned c = 0; c < p->cpu.ncounters; c++) {
		if (addr == p->a_ctrl[c]) {
			*val = st->ctrl[c];
			return 0;
		}
		if (addr == p->a_count[c]) {
			*val = st->count[c];
			return 0;
		}
	}
	if (addr == p->a_intr)
		*val = st->intr;
	else if (addr == p->a_prid)
		*val = st->prid;
	else
		return 1;
	return 0;
}

static int r10k_wr32(struct sim *s, void *state, void *privp, uint32_t addr, uint32_t val)
{
	struct r10k_state *st = state;
	struct r10k_priv *p = privp;
	for (unsigned c = 0; c < p->cpu.ncounters; c++) {
		if (addr == p->a_ctrl[c]) {
			st->ctrl[c] = val & p->cpu.defined; /* reserved bits read as 0 */
			return 0;
		}
		if (addr == p->a_count[c]) {
			st->count[c] = val;
			return 0;
		}
	}
	if (addr != p->a_intr)
		return 1; /* PRID is read-only */
	uint32_t all = 0;
	for (unsigned c = 0; c < p->cpu.ncounters; c++)
		all |= p->intr_bit[c];
	st->intr &= ~(val & all);
	return 0;
}

static void r10k_show(struct sim *s, void *state, void *privp, struct hwpc_out *o)
{
	struct r10k_state *st = state;
	struct r10k_priv *p = privp;
	char key[32], rates[1024] = "";
	size_t used = 0;

	hwpc_out_u64(o, "r10k_cpu_hz", st->cpu_hz);
	hwpc_out_hex32(o, "r10k_prid", st->prid);
	hwpc_out_str(o, "r10k_mode", sim_r10k_mode_names[st->mode]);
	for (unsigned c = 0; c < p->cpu.ncounters; c++) {
		int num = event_num(&p->cpu, c, st->ctrl[c]);
		const char *name = "-";
		for (unsigned i = 0; num >= 0 && i < p->cpu.nevents; i++)
			if (p->cpu.events[i].num == (unsigned)num)
				name = p->cpu.events[i].name;
		snprintf(key, sizeof key, "r10k_ctrl%u", c);
		hwpc_out_hex32(o, key, st->ctrl[c]);
		snprintf(key, sizeof key, "r10k_event%u", c);
		hwpc_out_str(o, key, name);
		snprintf(key, sizeof key, "r10k_count%u", c);
		hwpc_out_u64(o, key, st->count[c]);
		snprintf(key, sizeof key, "r10k_overflows%u", c);
		hwpc_out_u64(o, key, st->overflows[c]);
	}
	hwpc_out_hex32(o, "r10k_intr", st->intr);
	for (unsigned n = 0; n < p->cpu.nnums; n++) {
		char r[48];
		if (!st->rate[n].num)
			continue;
		sim_r10k_rate_format(&st->rate[n], r, sizeof r);
		int w = snprintf(rates + used, used < sizeof rates ? sizeof rates - used : 0, "%s%u=%s",
				 used ? " " : "", n, r);
		used += (size_t)(w > 0 ? w : 0);
	}
	hwpc_out_str(o, "r10k_rates", rates);
}

static const char *const r10k_spaces[] = { "R10K", NULL };

const struct sim_model sim_model_r10k = {
	.name = "r10k",
	.id = SIM_MODEL_R10K,
	.version = 1,
	.hot_bytes = SIM_HOT_ALL,
	.spaces = r10k_spaces,
	.present = r10k_present,
	.state_size = r10k_size,
	.init = r10k_init,
	.settings_crc = r10k_settings_crc,
	.attach = r10k_attach,
	.detach = sim_priv_free,
	.advance = r10k_advance,
	.rd32 = r10k_rd32,
	.wr32 = r10k_wr32,
	.show = r10k_show,
};
