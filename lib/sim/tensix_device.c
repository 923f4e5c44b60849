/* SPDX-License-Identifier: MIT */
/* sim:tensix: the Tensix debug timestamper (the Debug Timestamper documentation) as simulated
 * hardware.  The functional model is tensix_model.c; this file gives it a
 * home in the state file (the model's state, then L1), a clock (the 64-bit
 * counter counts TENSIX.WALL_CLOCK_SOURCE cycles, the tclk= option) and
 * MMIO at the addresses regdb gives RISCV_DEBUG_REG and L1.  The model
 * takes the bits of STATUS and CNTL from regdb's fields too
 * (hwpc_tensix_fields_load), each process its own copy, like the addresses.
 *
 * Writes the document calls undefined (TIMESTAMP size codes 5 and 6, a size
 * change without a flush) are refused: the write fails with the model's
 * message and nothing changes. */
#include "sim/sim.h"
#include "sim/tensix_model.h"
#include "hwpc/tensix.h"

#include <stdlib.h>
#include <string.h>

struct tensix_state {
	struct tsx_model m; /* m.l1 and m.bits are set to this process's on each use */
	uint64_t refused;   /* writes refused as undefined */
	uint8_t l1[];       /* regdb space L1, from its base */
};

struct tensix_priv {
	uint32_t addr[TSX_REG_COUNT];
	struct hwpc_tensix_fields bits; /* STATUS and CNTL fields */
	uint32_t l1_base, l1_size;
	int clock; /* enum hwpc_clock the counter counts */
};

/* enum tsx_reg -> the register regdb knows it by. */
static const char *const reg_names[TSX_REG_COUNT] = {
	[TSX_WALL_CLOCK_L] = "RISCV_DEBUG_REG.WALL_CLOCK_L",
	[TSX_WALL_CLOCK_L4] = "RISCV_DEBUG_REG.WALL_CLOCK_L4",
	[TSX_WALL_CLOCK_H] = "RISCV_DEBUG_REG.WALL_CLOCK_H",
	[TSX_TIMESTAMP] = "RISCV_DEBUG_REG.TIMESTAMP",
	[TSX_TIMESTAMP_CNTL] = "RISCV_DEBUG_REG.TIMESTAMP_CNTL",
	[TSX_TIMESTAMP_STATUS] = "RISCV_DEBUG_REG.TIMESTAMP_STATUS",
	[TSX_BUF0_START] = "RISCV_DEBUG_REG.TIMESTAMP_BUF_START[0]",
	[TSX_BUF0_END] = "RISCV_DEBUG_REG.TIMESTAMP_BUF_END[0]",
	[TSX_BUF1_START] = "RISCV_DEBUG_REG.TIMESTAMP_BUF_START[1]",
	[TSX_BUF1_END] = "RISCV_DEBUG_REG.TIMESTAMP_BUF_END[1]",
};

static bool tensix_present(struct sim *s)
{
	return sim_space(s, "RISCV_DEBUG_REG") != NULL;
}

static uint32_t l1_size(struct sim *s)
{
	const struct hwpc_space *sp = sim_space(s, "L1");
	return sp ? sp->size : 0;
}

static size_t tensix_size(struct sim *s, const struct sim_opts *opts)
{
	return sizeof(struct tensix_state) + l1_size(s);
}

/* Point the model at L1 as this process maps it, and at its fields. */
static struct tsx_model *model(struct tensix_state *st, const struct tensix_priv *p)
{
	st->m.bits = &p->bits;
	st->m.l1 = p->l1_size ? st->l1 : NULL;
	st->m.l1_size = p->l1_size;
	return &st->m;
}

static int tensix_init(struct sim *s, void *state, const struct sim_opts *opts, struct hwpc_err *err)
{
	struct tensix_state *st = state;
	struct hwpc_tensix_fields bits; /* for the power-on CNTL; attach keeps its own */
	uint32_t n = l1_size(s);
	int rc = hwpc_tensix_fields_load(s->dev.db, s->dev.chip, &bits, err);
	if (rc)
		return rc;
	tsx_model_init(&st->m, &bits, NULL, 0);
	st->m.bits = NULL;
	st->refused = 0;
	memset(st->l1, 0, n); /* L1's power-on contents: the document says nothing; zeros */
	return 0;
}

static int tensix_attach(struct sim *s, void *state, void **privp, struct hwpc_err *err)
{
	struct tensix_priv *p = calloc(1, sizeof *p);
	if (!p)
		return hwpc_err_set(err, HWPC_EOP, "out of memory");
	*privp = p;
	for (int r = 0; r < TSX_REG_COUNT; r++) {
		bool ok;
		p->addr[r] = sim_reg_addr(s, reg_names[r], &ok);
		if (!ok)
			return hwpc_err_set(err, HWPC_EINPUT, "regdb lacks %s for %s", reg_names[r],
					    s->dev.chip->name);
	}
	/* The model's size codes and 32-bit event word are compiled in:
	 * a regdb with another event layout is refused, not followed. */
	int rc = hwpc_tensix_fields_load(s->dev.db, s->dev.chip, &p->bits, err);
	if (rc || (rc = hwpc_tensix_layout_check(s->dev.db, s->dev.chip, err)))
		return rc;
	const struct hwpc_space *l1 = sim_space(s, "L1");
	if (l1) {
		p->l1_base = l1->base;
		p->l1_size = l1->size;
	}
	const char *clk = hwpc_param_str(s->dev.db, s->dev.chip, "TENSIX.WALL_CLOCK_SOURCE", NULL);
	p->clock = clk ? hwpc_clock_by_name(clk) : -1;
	if (p->clock < 0)
		return hwpc_err_set(err, HWPC_EINPUT, "regdb: TENSIX.WALL_CLOCK_SOURCE names no clock for %s",
				    s->dev.chip->name);
	return 0;
}

static void tensix_detach(void *priv)
{
	free(priv);
}

static void tensix_advance(struct sim *s, void *state, void *privp, sim_ps from, sim_ps to)
{
	struct tensix_priv *p = privp;
	tsx_model_advance(model(state, p),
			  sim_cycles_between(from, to, s->clock_hz[p->clock]));
}

static int reg_at(const struct tensix_priv *p, uint32_t addr)
{
	for (int r = 0; r < TSX_REG_COUNT; r++)
		if (p->addr[r] == addr)
			return r;
	return -1;
}

static bool in_l1(const struct tensix_priv *p, uint32_t addr)
{
	return addr >= p->l1_base && addr - p->l1_base < p->l1_size;
}

static int tensix_rd32(struct sim *s, void *state, void *privp, uint32_t addr, uint32_t *val)
{
	struct tensix_state *st = state;
	struct tensix_priv *p = privp;
	if (in_l1(p, addr)) {
		const uint8_t *b = st->l1 + (addr - p->l1_base);
		*val = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
		return 0;
	}
	int r = reg_at(p, addr);
	if (r < 0)
		return 1;
	return tsx_model_read(model(st, p), (enum tsx_reg)r, val, &s->dev.err) ? -1 : 0;
}

static int tensix_wr32(struct sim *s, void *state, void *privp, uint32_t addr, uint32_t val)
{
	struct tensix_state *st = state;
	struct tensix_priv *p = privp;
	if (in_l1(p, addr)) {
		uint8_t *b = st->l1 + (addr - p->l1_base);
		for (int k = 0; k < 4; k++)
			b[k] = (uint8_t)(val >> (8 * k)); /* L1 is little-endian */
		return 0;
	}
	int r = reg_at(p, addr);
	if (r < 0)
		return 1;
	if (tsx_model_write(model(st, p), (enum tsx_reg)r, val, &s->dev.err)) {
		st->refused++;
		return -1;
	}
	return 0;
}

static uint8_t *tensix_memory(struct sim *s, void *state, void *privp, unsigned index, uint64_t *base,
			      uint64_t *size, const char **name)
{
	struct tensix_state *st = state;
	struct tensix_priv *p = privp;
	if (index > 0 || !p->l1_size)
		return NULL;
	*base = p->l1_base;
	*size = p->l1_size;
	*name = "L1";
	return st->l1;
}

static void tensix_show(struct sim *s, void *state, void *privp, struct hwpc_out *o)
{
	struct tensix_state *st = state;
	struct tensix_priv *p = privp;
	struct tsx_model *m = model(st, p);
	struct hwpc_err err;
	uint32_t status = 0;
	char key[32];

	tsx_model_read(m, TSX_TIMESTAMP_STATUS, &status, &err);
	hwpc_out_u64(o, "tensix_counter", m->counter);
	hwpc_out_hex32(o, "tensix_counter_high_at", m->counter_high_at);
	hwpc_out_hex32(o, "tensix_cntl", m->cntl_raw);
	hwpc_out_hex32(o, "tensix_status", status);
	for (int b = 0; b < 2; b++) {
		const struct tsx_buf *bf = &m->bufs[b];
		snprintf(key, sizeof key, "tensix_buf%d_start", b);
		hwpc_out_hex32(o, key, bf->start);
		snprintf(key, sizeof key, "tensix_buf%d_end", b);
		hwpc_out_hex32(o, key, bf->end);
		snprintf(key, sizeof key, "tensix_buf%d_position", b);
		hwpc_out_u64(o, key, bf->position);
		snprintf(key, sizeof key, "tensix_buf%d_full", b);
		hwpc_out_bool(o, key, bf->full);
		snprintf(key, sizeof key, "tensix_buf%d_overflow", b);
		hwpc_out_bool(o, key, bf->overflow);
	}
	hwpc_out_u64(o, "tensix_accum_words", m->accum.position);
	hwpc_out_u64(o, "tensix_accum_event_size", m->accum.event_size);
	hwpc_out_u64(o, "tensix_l1_bytes", p->l1_size);
	hwpc_out_u64(o, "tensix_l1_writes_dropped", m->l1_writes_dropped);
	hwpc_out_u64(o, "tensix_writes_refused", st->refused);
}

static const char *const tensix_spaces[] = { "RISCV_DEBUG_REG", "L1", NULL };

const struct sim_model sim_model_tensix = {
	.name = "tensix",
	.id = SIM_MODEL_TENSIX,
	.version = 1,
	.hot_bytes = offsetof(struct tensix_state, l1), /* L1 changes only on register writes */
	.spaces = tensix_spaces,
	.present = tensix_present,
	.state_size = tensix_size,
	.init = tensix_init,
	.attach = tensix_attach,
	.detach = tensix_detach,
	.advance = tensix_advance,
	.rd32 = tensix_rd32,
	.wr32 = tensix_wr32,
	.memory = tensix_memory,
	.show = tensix_show,
};
