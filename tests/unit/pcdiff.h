/* SPDX-License-Identifier: MIT */
/* Differential testing of the PCOUNTER engines: a random configuration,
 * run by the fast engine and by the per-cycle reference, must leave every
 * register, the whole model state and all simulated memory identical at
 * every checkpoint.
 *
 * A configuration is a seed: the chip (every PCOUNTER generation), the
 * domain clocks, and a sequence of operations: generators of every kind
 * (const, periodic, random, PTIMER, trace) on random signals, register
 * writes (SRC bytes that pick generators and trailers: FLAG/EVENT of the
 * domain and of others, PERIODIC, USER, PM_TRIGGER, WRCACHE_FLUSH; OP
 * functions with delay, replacement and SETFLAG bits; CTRL in every mode;
 * thresholds, PRE/STOP initial values, record buffers inside and outside
 * memory with limits; writes in the middle of a run abort it), PGRAPH
 * pulses, the PCOUNTER enable on GF100+, advances short and long, and
 * counters placed near their saturation and wrap points.
 *
 * Used by tests/unit/test_pcsim_diff.c (make check) and
 * tests/helpers/pcsim_difftest.c (make difftest). */
#ifndef PCDIFF_H
#define PCDIFF_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hwpc.h"
#include "sim/pcm.h"

struct pcd_rng {
	uint64_t s;
};

static inline uint64_t pcd_next(struct pcd_rng *r)
{
	return pc_splitmix64(r->s++ * 0x9e3779b97f4a7c15ULL);
}

static inline uint64_t pcd_below(struct pcd_rng *r, uint64_t n)
{
	return n ? pcd_next(r) % n : 0;
}

static const char *const pcd_chips[] = { "nv10", "nv15", "nv20", "nv34", "nv40", "g80", "g84", "g92", "gt215", "gf100" };
#define PCD_NCHIPS (sizeof pcd_chips / sizeof pcd_chips[0])

struct pcd_side {
	struct hwpc_dev *dev;
	struct sim *s;
	struct pc_state *st;
	struct pc_priv *p;
	char state[160];
};

struct pcd {
	struct hwpc_regdb *db;
	char dir[64];
	struct pcd_side side[2]; /* 0: fast, 1: reference */
	char why[512];           /* the first difference */
	unsigned checkpoints;
	unsigned ghz_configs;    /* configurations with GHz domain clocks */
};

static inline int pcd_open_side(struct pcd *t, unsigned i, const char *chip, const char *clocks)
{
	char spec[512];
	struct hwpc_err err;
	struct pcd_side *sd = &t->side[i];
	snprintf(sd->state, sizeof sd->state, "%s/%s.state", t->dir, i ? "ref" : "fast");
	snprintf(spec, sizeof spec, "sim:%s,clock=virtual,state=%s,mem=64K,engine=%s%s", chip, sd->state,
		 i ? "reference" : "fast", clocks);
	if (hwpc_sim_create(spec, true, t->db, &err) || hwpc_dev_open(spec, HWPC_OPEN_WRITE, t->db, &sd->dev, &err)) {
		snprintf(t->why, sizeof t->why, "open %s: %s", spec, err.msg);
		return -1;
	}
	sd->s = (struct sim *)sd->dev;
	void *priv;
	sd->st = sim_model_state(sd->s, SIM_MODEL_PCOUNTER, &priv);
	sd->p = priv;
	if (!sd->st) {
		snprintf(t->why, sizeof t->why, "%s: no PCOUNTER", chip);
		return -1;
	}
	return 0;
}

static inline void pcd_close(struct pcd *t)
{
	for (unsigned i = 0; i < 2; i++)
		if (t->side[i].dev) {
			hwpc_dev_close(t->side[i].dev);
			t->side[i].dev = NULL;
			unlink(t->side[i].state);
		}
	char path[128];
	snprintf(path, sizeof path, "%s/trace.txt", t->dir);
	unlink(path);
}

/* Everything both must agree on. */
static inline int pcd_compare(struct pcd *t, unsigned op)
{
	struct pcd_side *a = &t->side[0], *b = &t->side[1];
	t->checkpoints++;
	/* registers, through MMIO (which first brings each model to now) */
	for (unsigned k = 0; k < a->p->ndecode; k++) {
		uint32_t va = 0, vb = 0, addr = a->p->decode[k].addr;
		int ra = sim_mmio_rd32(a->s, addr, &va), rb = sim_mmio_rd32(b->s, addr, &vb);
		if (ra != rb || va != vb) {
			snprintf(t->why, sizeof t->why, "op %u: register %s (0x%06x) dom %d: fast 0x%08x, reference 0x%08x",
				 op, a->p->decode[k].reg ? a->p->decode[k].reg->name : "?", addr, a->p->decode[k].dom, va,
				 vb);
			return -1;
		}
	}
	/* the whole model state, field by field where it differs */
	for (unsigned d = 0; d < a->st->ndomains; d++) {
		const struct pc_dom_state *x = &a->st->dom[d], *y = &b->st->dom[d];
		if (!memcmp(x, y, sizeof *x))
			continue;
		const unsigned char *px = (const void *)x, *py = (const void *)y;
		size_t off = 0;
		while (px[off] == py[off])
			off++;
		snprintf(t->why, sizeof t->why,
			 "op %u: domain %u state differs at byte %zu (ncycles %llu/%llu, ctr_event %llu/%llu, "
			 "shadow_event %llu/%llu, flag %u/%u, fhist0 %02x/%02x, imp_flag %02x/%02x)",
			 op, d, off, (unsigned long long)x->ncycles, (unsigned long long)y->ncycles,
			 (unsigned long long)x->ctr[PC_CEVENT], (unsigned long long)y->ctr[PC_CEVENT],
			 (unsigned long long)x->shadow[PC_CEVENT], (unsigned long long)y->shadow[PC_CEVENT], x->flag,
			 y->flag, x->fhist[0], y->fhist[0], x->imp_flag, y->imp_flag);
		return -1;
	}
	uint64_t n = sim_mem_size(a->s), base = sim_mem_base(a->s);
	static uint8_t ma[65536], mb[65536];
	if (n > sizeof ma)
		n = sizeof ma;
	sim_mem_read(a->s, base, ma, n);
	sim_mem_read(b->s, base, mb, n);
	if (memcmp(ma, mb, n)) {
		snprintf(t->why, sizeof t->why, "op %u: simulated memory differs", op);
		return -1;
	}
	return 0;
}

/* A signal of domain d: a generator position, or a wired one (trailers). */
static bool pcd_steady_style; /* this configuration favours skipping */

static inline unsigned pcd_signal(struct pcd_rng *r, const struct pc_priv *p, unsigned d, const unsigned gens[4])
{
	const struct pc_domain_info *di = &p->dom[d];
	if (pcd_below(r, 100) < (pcd_steady_style ? 98 : 60) || di->nsignals <= di->trailer)
		return gens[pcd_below(r, 4)];
	return di->trailer + (unsigned)pcd_below(r, di->nsignals - di->trailer);
}

static inline uint32_t pcd_value(struct pcd_rng *r, const struct pc_priv *p, const struct pc_decode *e,
				 const unsigned gens[PC_MAX_DOMAINS][4], uint64_t membase)
{
	unsigned d = e->dom >= 0 ? (unsigned)e->dom : 0;
	switch (e->kind) {
	case PR_SRC: {
		uint32_t v = 0;
		for (unsigned b = 0; b < 4; b++)
			v |= pcd_signal(r, p, d, gens[d]) << (8 * b);
		return v;
	}
	case PR_OP: return (uint32_t)(pcd_next(r) & (pcd_below(r, 3) ? 0x1fffff : 0xffff));
	case PR_THRESHOLD: return (uint32_t)pcd_below(r, pcd_below(r, 2) ? 8 : 400);
	case PR_CTR: return (uint32_t)pcd_below(r, 6);
	case PR_REC_START:
		return pcd_below(r, 8) ? (uint32_t)(membase + (pcd_below(r, 2048) & ~31u)) : (uint32_t)pcd_next(r);
	case PR_REC_LIMIT: return (uint32_t)(pcd_below(r, 2) ? membase + pcd_below(r, 4096) : pcd_next(r));
	case PR_CTRL:
		/* mostly small: the mode and counter-mode fields are low */
		return (uint32_t)(pcd_below(r, 3) ? pcd_below(r, 64) | (pcd_below(r, 2) ? pcd_next(r) & 0xfff000 : 0)
						 : pcd_next(r));
	default: return (uint32_t)pcd_next(r);
	}
}

static inline int pcd_gen(struct pcd *t, struct pcd_rng *r, unsigned d, unsigned sig)
{
	struct hwpc_sim_gen g;
	struct hwpc_err err;
	memset(&g, 0, sizeof g);
	switch (pcd_steady_style && pcd_below(r, 2) ? 2 : pcd_below(r, 9)) {
	case 0:
	case 1: g.kind = HWPC_SIM_GEN_CONST, g.value = (unsigned)pcd_below(r, 2); break;
	case 2:
	case 3:
	case 4:
	case 5:
		g.kind = HWPC_SIM_GEN_PERIODIC;
		g.period = 1 + pcd_below(r, 12);
		g.duty = pcd_below(r, g.period + 1);
		g.phase = pcd_below(r, 20);
		break;
	case 6:
		g.kind = HWPC_SIM_GEN_RANDOM;
		g.probability = (double)(1 + pcd_below(r, 7)) / 8;
		g.seed = pcd_next(r);
		break;
	case 7: g.kind = HWPC_SIM_GEN_PTIMER, g.bit = (unsigned)pcd_below(r, 10); break;
	default: {
		char path[128];
		snprintf(path, sizeof path, "%s/trace.txt", t->dir);
		FILE *f = fopen(path, "w");
		if (!f)
			return -1;
		fprintf(f, "signals %u\n", sig);
		unsigned rows = 1 + (unsigned)pcd_below(r, 9);
		for (unsigned k = 0; k < rows; k++)
			fprintf(f, "%u *%u\n", (unsigned)pcd_below(r, 2), 1 + (unsigned)pcd_below(r, 4));
		fclose(f);
		for (unsigned i = 0; i < 2; i++)
			if (hwpc_sim_pc_load_trace(t->side[i].dev, d, path, &err)) {
				snprintf(t->why, sizeof t->why, "trace: %s", err.msg);
				return -1;
			}
		return 0;
	}
	}
	for (unsigned i = 0; i < 2; i++)
		if (hwpc_sim_pc_set_gen(t->side[i].dev, d, sig, &g, &err)) {
			snprintf(t->why, sizeof t->why, "generator: %s", err.msg);
			return -1;
		}
	return 0;
}

/* Run configuration `seed`; 0 if both engines agree throughout. */
static inline int pcd_run(struct pcd *t, uint64_t seed)
{
	struct pcd_rng r = { seed * 1000003 + 17 };
	const char *chip = pcd_chips[pcd_below(&r, PCD_NCHIPS)];
	pcd_steady_style = pcd_below(&r, 2) != 0;
	/* MHz clocks, or a quarter of the time the real chips' GHz ones
	 * (simulated time resolves them: picoseconds) */
	static const uint64_t mhz[] = { 1000000, 2000000, 3000000, 1500000, 999983, 500000, 7000000, 1000000 };
	static const uint64_t ghz[] = { 1450000000, 1000000000, 2500000000, 999999937,
					1600000000, 700000000,  1450000000, 3000000000 };
	bool use_ghz = pcd_below(&r, 4) == 0;
	const uint64_t *hz = use_ghz ? ghz : mhz;
	const char *clocks = use_ghz ? ",pchz=1G" : ",pchz=1M";
	t->ghz_configs += use_ghz;
	t->why[0] = 0;
	for (unsigned i = 0; i < 2; i++)
		if (pcd_open_side(t, i, chip, clocks)) {
			pcd_close(t);
			return -1;
		}
	/* domain clocks: all alike, or each its own (set at time 0, as
	 * pchzN= would) */
	bool each = pcd_below(&r, 3) != 0;
	uint64_t one = hz[pcd_below(&r, 8)];
	for (unsigned d = 0; d < t->side[0].st->ndomains; d++) {
		uint64_t h = each ? hz[pcd_below(&r, 8)] : one;
		t->side[0].st->dom[d].hz = t->side[1].st->dom[d].hz = h;
	}
	struct pc_priv *p = t->side[0].p;
	unsigned nd = p->ndomains, gens[PC_MAX_DOMAINS][4];
	uint64_t maxhz = 0, membase = sim_mem_base(t->side[0].s);
	for (unsigned d = 0; d < nd; d++) {
		if (t->side[0].st->dom[d].hz > maxhz)
			maxhz = t->side[0].st->dom[d].hz;
		unsigned n = 0;
		for (unsigned sig = 1; sig < p->dom[d].nsignals && n < 4; sig += 1 + (unsigned)pcd_below(&r, 9))
			if (p->dom[d].wire[sig] == PC_W_GEN)
				gens[d][n++] = sig;
		while (n < 4)
			gens[d][n] = n ? gens[d][n - 1] : 0, n++;
		for (unsigned k = 0; k < 4; k++)
			if (pcd_gen(t, &r, d, gens[d][k]))
				goto fail;
	}
	bool ok;
	uint32_t enable = sim_reg_addr(t->side[0].s, "PMC.ENABLE", &ok);
	if (ok)
		for (unsigned i = 0; i < 2; i++)
			sim_mmio_wr32(t->side[i].s, enable, 0xffffffffu);
	unsigned nops = 20 + (unsigned)pcd_below(&r, 30), longs = 0;
	bool poked = false;
	unsigned lastdom = 0;
	for (unsigned op = 0; op < nops; op++) {
		uint64_t what = pcd_below(&r, 100);
		if (what < 25) { /* a register write, mostly of one domain's set-up */
			const struct pc_decode *e = &p->decode[pcd_below(&r, p->ndecode)];
			if (pcd_below(&r, 3)) {
				static const uint8_t kinds[] = { PR_SRC, PR_OP, PR_CTRL, PR_SRC, PR_OP };
				uint8_t want = kinds[pcd_below(&r, sizeof kinds)];
				for (unsigned tries = 0; tries < 64 && e->kind != want; tries++)
					e = &p->decode[pcd_below(&r, p->ndecode)];
			}
			if (e->kind == PR_REC_CHAN || e->kind == PR_REC_DMA)
				continue;
			uint32_t v = pcd_value(&r, p, e, (const unsigned(*)[4])gens, membase);
			for (unsigned i = 0; i < 2; i++)
				sim_mmio_wr32(t->side[i].s, e->addr, v);
		} else if (what < 50) {
			/* a whole set-up of one domain: sources, functions, a mode
			 * (quad or single most often), then PRE_OP to start */
			unsigned d = (unsigned)pcd_below(&r, nd);
			lastdom = d;
			for (unsigned k = 0; k < p->ndecode; k++) {
				const struct pc_decode *e = &p->decode[k];
				if (e->dom != (int)d || (e->kind != PR_SRC && (e->kind != PR_OP || e->arg == PC_PRE)))
					continue;
				uint32_t v = pcd_value(&r, p, e, (const unsigned(*)[4])gens, membase);
				for (unsigned i = 0; i < 2; i++)
					sim_mmio_wr32(t->side[i].s, e->addr, v);
			}
			const struct hwpc_field *mf = *PC_CF(p, d, mode), *cm = *PC_CF(p, d, ctr_mode);
			static const enum pc_mode modes[] = { PC_MODE_QUAD, PC_MODE_QUAD, PC_MODE_SINGLE, PC_MODE_RECORD };
			int mv = p->mode_val[modes[pcd_below(&r, 4)]];
			for (unsigned k = 0; k < p->ndecode && mf && mv >= 0; k++) {
				const struct pc_decode *e = &p->decode[k];
				if (e->kind != PR_CTRL || !(e->dom == (int)d || (e->dom < 0 && p->ctrl_global)))
					continue;
				/* read on both sides: a read lands pending writes,
				 * which moves time (the values agree) */
				uint32_t v = 0, v1 = 0;
				sim_mmio_rd32(t->side[0].s, e->addr, &v);
				sim_mmio_rd32(t->side[1].s, e->addr, &v1);
				hwpc_field_put(mf, &v, (uint64_t)mv);
				if (cm)
					hwpc_field_put(cm, &v, pcd_below(&r, 4) ? 0 : pcd_below(&r, 8));
				for (unsigned i = 0; i < 2; i++)
					sim_mmio_wr32(t->side[i].s, e->addr, v);
				break;
			}
			for (unsigned k = 0; k < p->ndecode; k++) {
				const struct pc_decode *e = &p->decode[k];
				if (e->dom == (int)d && e->kind == PR_OP && e->arg == PC_PRE) {
					uint32_t v = (uint32_t)pcd_next(&r) & 0xffff;
					for (unsigned i = 0; i < 2; i++)
						sim_mmio_wr32(t->side[i].s, e->addr, v);
				}
			}
		} else if (what < 52) {
			unsigned d = (unsigned)pcd_below(&r, nd);
			if (pcd_gen(t, &r, d, gens[d][pcd_below(&r, 4)]))
				goto fail;
		} else if (what < 56) {
			struct hwpc_err err;
			const char *pulse = pcd_below(&r, 2) ? "pm_trigger" : "wrcache_flush";
			for (unsigned i = 0; i < 2; i++)
				(void)hwpc_sim_pc_pulse(t->side[i].dev, pulse, &err);
		} else if (what < 60) {
			/* counters near a point where they saturate or wrap */
			unsigned d = pcd_below(&r, 4) ? lastdom : (unsigned)pcd_below(&r, nd);
			unsigned c = pcd_below(&r, 2) ? PC_CYCLES : (unsigned)pcd_below(&r, PC_NCTRS);
			static const uint64_t near[] = { 0xffffffffULL, 1ULL << 32, 1ULL << 39, 1ULL << 40 };
			uint64_t v = near[pcd_below(&r, 4)] - 1 - pcd_below(&r, 400);
			bool sh = pcd_below(&r, 2) != 0;
			for (unsigned i = 0; i < 2; i++) {
				struct pc_state *st = t->side[i].st;
				sim_lock(t->side[i].s);
				sim_sync(t->side[i].s);
				if (sh)
					st->dom[d].shadow[c] = v;
				else
					st->dom[d].ctr[c] = v;
				sim_unlock(t->side[i].s);
			}
			poked = true;
#ifdef PCD_DEBUG
			fprintf(stderr, "poke seed %llu dom %u mode %u single %u quad %u\n", (unsigned long long)seed, d,
				pc_dom_mode(p, t->side[0].st, d), t->side[0].st->dom[d].single_state, t->side[0].st->dom[d].quad_state);
#endif
		} else if (what < 66) {
			if (pcd_compare(t, op))
				goto fail;
		} else {
			/* advance: mostly a few cycles, sometimes thousands */
			/* (after counters were placed near a limit, a long one to
			 * pass it) */
			bool is_long = poked || (longs < 2 && pcd_below(&r, 4) == 0);
			uint64_t cycles = is_long ? (longs++, 1000 + pcd_below(&r, 8000)) : 1 + pcd_below(&r, 40);
			poked = false;
			sim_ps ps = (sim_ps)cycles * SIM_PS_PER_S / maxhz + 1;
			struct hwpc_err err;
			for (unsigned i = 0; i < 2; i++)
				if (sim_advance(t->side[i].s, ps, &err)) {
					snprintf(t->why, sizeof t->why, "advance: %s", err.msg);
					goto fail;
				}
		}
	}
	if (pcd_compare(t, nops))
		goto fail;
	pcd_close(t);
	return 0;
fail: {
	char why[sizeof t->why];
	snprintf(why, sizeof why, "seed %llu (%s%s): %s", (unsigned long long)seed, chip, clocks, t->why);
	snprintf(t->why, sizeof t->why, "%s", why);
}
	pcd_close(t);
	return -1;
}

static inline int pcd_init(struct pcd *t)
{
	struct hwpc_err err;
	memset(t, 0, sizeof *t);
	snprintf(t->dir, sizeof t->dir, "/tmp/hwpc-pcdiff-XXXXXX");
	if (!mkdtemp(t->dir) || hwpc_regdb_load(&t->db, &err))
		return -1;
	return 0;
}

static inline void pcd_fini(struct pcd *t)
{
	hwpc_regdb_free(t->db);
	rmdir(t->dir);
}

#endif
