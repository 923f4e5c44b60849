/* SPDX-License-Identifier: MIT */
/* The fast PCOUNTER engine: the same state, the same result as the
 * per-cycle reference (pc_run), without paying one step per cycle where
 * the outcome is known.
 *
 * Domains whose inputs do not include another domain's FLAG or EVENT
 * ("free" domains) evolve independently: each is advanced on its own.  Of
 * the cross-domain state only the synchronizers (fhist/ehist) and the
 * imported values depend on other domains, and they never feed back into a
 * free domain; they are rebuilt afterwards by replaying the last few ticks
 * of each domain against the other domains' FLAG and EVENT at those
 * instants, captured on the way.  If any domain imports another's FLAG or
 * EVENT, the whole advance is left to the reference.
 *
 * Skipping.  While every signal a domain selects is constant, periodic or a
 * trace (a period L in its cycles, the PERIODIC pulse included), the domain
 * is a finite machine driven by an L-periodic input plus counters; the
 * counters affect it only through comparisons with a few values (0, the
 * threshold, the saturation and wrap points).  The engine steps two whole
 * periods with the reference and compares: if the state apart from the
 * counters is the same at the three period boundaries and the counters
 * moved by the same amount Delta in both, every further period repeats
 * with the same Delta as long as no counter value can meet one of those
 * comparison points: the skip of K periods is taken only when the range
 * the moving counters cover (from the first probe to the end of the skip,
 * widened by what one period can add or take within it) contains none of
 * them.  The map of one period is affine (counters add, reset, or copy:
 * quad swaps); equal deltas in two consecutive periods of one map stay
 * equal in all of them.  Near a comparison point the engine steps cycle by
 * cycle, then probes again.  A domain with a random input is evaluated 64
 * cycles a word where its mode allows (pc_block.c); record mode with
 * packets in flight, PTIMER signals and the rest are stepped with the
 * reference, one cycle at a time. */
#include "sim/pcm.h"

#include <stdlib.h>
#include <string.h>

/* A period longer than this is not worth probing (2 periods are stepped). */
#define FAST_MAX_PERIOD (1u << 16)
/* Probes per domain and advance before it is stepped to the end. */
#define FAST_PROBES 8
/* Replayed ticks: every bit of the 8-bit synchronizers, and the value of
 * the tick before for PULSE imports. */
#define FAST_REPLAY 9
#define FAST_NCTR (2 * PC_NCTRS)

struct fast_query {
	uint64_t m; /* cycle of the source domain */
	uint8_t flag, event;
};

struct fast_dom {
	uint64_t c0, target;
	uint8_t flag0, event0, sync_flag_prev, sync_event_prev, imp_flag, imp_event;
	bool eligible;
	uint64_t L; /* input period, in cycles */
	unsigned probes;
	/* steady: nc state at boundaries nb + jL, counters moving by delta */
	bool steady;
	uint64_t Lp, nb;
	int64_t delta[FAST_NCTR];
	uint64_t base[FAST_NCTR]; /* counters at the first probed boundary */
	unsigned char snap[sizeof(struct pc_dom_state)];
	struct fast_query q[PC_SET_DOMAINS * FAST_REPLAY];
	unsigned nq;
};

/* Process-wide tallies, for tests and benchmarks: cycles skipped, cycles
 * stepped one at a time, advances left to the reference, skips cut short
 * by a counter limit. */
static struct pc_fast_stats stats;

void pc_fast_stats_get(struct pc_fast_stats *out)
{
	*out = stats;
}

static uint64_t *ctr_at(struct pc_dom_state *ds, unsigned i)
{
	return i < PC_NCTRS ? &ds->ctr[i] : &ds->shadow[i - PC_NCTRS];
}

/* The state apart from cycle count, counters, the last swap's cycle (moved
 * with the skip) and what other domains feed (the synchronizers and
 * imported values, rebuilt by the replay). */
static void nc_state(const struct pc_dom_state *ds, unsigned char *out)
{
	struct pc_dom_state t;
	memcpy(&t, ds, sizeof(struct pc_dom_state));
	t.ncycles = t.latch_cycle = 0;
	memset(t.ctr, 0, sizeof t.ctr);
	memset(t.shadow, 0, sizeof t.shadow);
	memset(t.fhist, 0, sizeof t.fhist);
	memset(t.ehist, 0, sizeof t.ehist);
	t.imp_flag = t.imp_event = t.sync_flag_prev = t.sync_event_prev = 0;
	memcpy(out, &t, sizeof(struct pc_dom_state));
}

static uint64_t gcd64(uint64_t a, uint64_t b)
{
	while (b) {
		uint64_t t = a % b;
		a = b;
		b = t;
	}
	return a;
}

/* Least common multiple, or 0 once it passes FAST_MAX_PERIOD. */
static uint64_t lcm_cap(uint64_t a, uint64_t b)
{
	if (!a || !b)
		return 0;
	uint64_t l = a / gcd64(a, b) * b;
	return l > FAST_MAX_PERIOD ? 0 : l;
}

/* Whether domain d takes another domain's FLAG or EVENT. */
static bool imports(const struct pc_priv *p, const struct pc_state *st, unsigned d)
{
	unsigned sig[PC_SELECTED_MAX], n = pc_selected_signals(p, st, d, sig);
	const struct pc_domain_info *di = &p->dom[d];
	for (unsigned k = 0; k < n; k++)
		if (sig[k] < di->nsignals && (di->wire[sig[k]] == PC_W_FLAG || di->wire[sig[k]] == PC_W_EVENT) &&
		    di->warg[sig[k]] != di->local)
			return true;
	return false;
}

/* The period of everything outside domain d's state that drives it, from
 * cycle `from` on; 0 if some input is not periodic (random, PTIMER). */
static uint64_t input_period(const struct pc_priv *p, const struct pc_state *st, unsigned d, uint64_t from)
{
	const struct pc_dom_state *ds = &st->dom[d];
	const struct pc_dom_cache *c = &p->cache[d];
	if (c->mode == PC_MODE_RECORD && !ds->rec_wedged && !c->record_reset)
		return 0; /* packets: every one is a memory write */
	unsigned sig[PC_SELECTED_MAX], n = pc_selected_signals(p, st, d, sig);
	uint64_t L = 1;
	if (c->periodic_x && !c->periodic_reset)
		L = lcm_cap(L, c->periodic_x);
	for (unsigned k = 0; k < n && L; k++) {
		if (sig[k] >= p->dom[d].nsignals || p->dom[d].wire[sig[k]] != PC_W_GEN)
			continue;
		const struct pc_gen *g = &st->gen[d][sig[k]];
		switch (g->kind) {
		case PC_GEN_CONST: break;
		case PC_GEN_PERIODIC: L = g->period ? lcm_cap(L, g->period) : L; break;
		case PC_GEN_TRACE:
			if (g->trace_len && from + 1 < g->trace_start)
				return 0;
			L = g->trace_len ? lcm_cap(L, g->trace_len) : L;
			break;
		default: return 0;
		}
	}
	return L;
}

/* Values that change how a counter is treated: zero (single mode's
 * PRE/STOP countdowns), the threshold, saturation (NV30+), the 32-bit wrap
 * of NV10's PRE/STOP counters and the 40-bit counters' bit 39 and wrap. */
static bool range_clear(const struct pc_dom_state *ds, __int128 lo, __int128 hi)
{
	const __int128 pts[] = { 0, (__int128)ds->threshold, 0xffffffffLL, 1LL << 32, 1LL << 39, 1LL << 40 };
	for (unsigned i = 0; i < sizeof pts / sizeof pts[0]; i++)
		if (pts[i] >= lo && pts[i] <= hi)
			return false;
	return true;
}

/* Whether K more periods from now keep every moving counter clear. */
static bool skip_ok(const struct fast_dom *f, struct pc_dom_state *ds, uint64_t K)
{
	/* within a period a value derived from a counter moves at most one
	 * down per cycle, at most 63 (B6) up */
	const __int128 below = (__int128)f->Lp + 2, above = (__int128)f->Lp * 64 + 2;
	for (unsigned i = 0; i < FAST_NCTR; i++) {
		if (!f->delta[i])
			continue;
		__int128 a = f->base[i], b = (__int128)*ctr_at(ds, i) + (__int128)f->delta[i] * (__int128)K;
		__int128 lo = a < b ? a : b, hi = a < b ? b : a;
		if (!range_clear(ds, lo - below, hi + above))
			return false;
	}
	return true;
}

/* Domain d to cycle m: 64 cycles a word where the mode allows
 * (pc_block.c), else one at a time. */
static void step_to(struct sim *s, const struct pc_priv *p, struct pc_state *st, unsigned d, uint64_t m)
{
	if (st->dom[d].ncycles >= m)
		return;
	uint64_t n = m - st->dom[d].ncycles, words = pc_block_to(s, p, st, d, m);
	stats.parallel += 64 * words;
	stats.stepped += n - 64 * words;
	while (st->dom[d].ncycles < m)
		pc_step(s, p, st, d);
}

/* Step two periods of Lp and see whether the domain repeats. */
static void probe(struct sim *s, const struct pc_priv *p, struct pc_state *st, unsigned d, struct fast_dom *f,
		  uint64_t Lp)
{
	struct pc_dom_state *ds = &st->dom[d];
	unsigned char n0[sizeof f->snap], n1[sizeof f->snap], n2[sizeof f->snap];
	uint64_t c0[FAST_NCTR], c1[FAST_NCTR];
	nc_state(ds, n0);
	for (unsigned i = 0; i < FAST_NCTR; i++)
		c0[i] = *ctr_at(ds, i);
	step_to(s, p, st, d, ds->ncycles + Lp);
	nc_state(ds, n1);
	for (unsigned i = 0; i < FAST_NCTR; i++)
		c1[i] = *ctr_at(ds, i);
	step_to(s, p, st, d, ds->ncycles + Lp);
	nc_state(ds, n2);
	f->probes++;
	if (memcmp(n0, n1, sizeof n0) || memcmp(n1, n2, sizeof n1))
		return;
	for (unsigned i = 0; i < FAST_NCTR; i++) {
		uint64_t c2 = *ctr_at(ds, i);
		if (c1[i] - c0[i] != c2 - c1[i])
			return;
		f->delta[i] = (int64_t)(c2 - c1[i]);
		f->base[i] = c0[i];
	}
	f->steady = true;
	f->Lp = Lp;
	f->nb = ds->ncycles;
	memcpy(f->snap, n2, sizeof n2);
}

/* Advance domain d (free) to cycle m. */
static void advance_to(struct sim *s, const struct pc_priv *p, struct pc_state *st, unsigned d, struct fast_dom *f,
		       uint64_t m)
{
	struct pc_dom_state *ds = &st->dom[d];
	while (ds->ncycles < m) {
		uint64_t n = ds->ncycles, left = m - n;
		if (f->steady) {
			uint64_t phase = (n - f->nb) % f->Lp;
			if (phase) {
				step_to(s, p, st, d, n + (left < f->Lp - phase ? left : f->Lp - phase));
				continue;
			}
			unsigned char now[sizeof f->snap];
			nc_state(ds, now);
			if (memcmp(now, f->snap, sizeof now)) {
				f->steady = false;
				continue;
			}
			uint64_t kmax = left / f->Lp, lo = 0, hi = kmax;
			if (!kmax) {
				step_to(s, p, st, d, m);
				continue;
			}
			while (lo < hi) { /* the largest K that is clear */
				uint64_t mid = lo + (hi - lo + 1) / 2;
				if (skip_ok(f, ds, mid))
					lo = mid;
				else
					hi = mid - 1;
			}
			if (lo < kmax)
				stats.limited++;
			if (lo) {
				for (unsigned i = 0; i < FAST_NCTR; i++)
					*ctr_at(ds, i) += (uint64_t)f->delta[i] * lo;
				/* a swap in the period just run recurs at the same
				 * phase of every skipped one */
				if (ds->latch_cycle > n - f->Lp)
					ds->latch_cycle += lo * f->Lp;
				ds->ncycles += lo * f->Lp;
				stats.skipped += lo * f->Lp;
				continue;
			}
			/* a counter near a comparison point: step past it, then
			 * probe again from there */
			uint64_t w = f->Lp * 8 + 64;
			step_to(s, p, st, d, n + (left < w ? left : w));
			f->steady = false;
			f->probes = 0;
			continue;
		}
		uint64_t Lp = f->L << (f->probes / 2); /* 1, 1, 2, 2, 4, ... periods */
		if (f->eligible && f->probes < FAST_PROBES && Lp <= FAST_MAX_PERIOD && left >= 2 * Lp) {
			probe(s, p, st, d, f, Lp);
			continue;
		}
		step_to(s, p, st, d, m);
	}
}

/* Cycle of domain `a` whose state domain b sees at b's tick n: the last
 * one strictly before that instant (domains due at one instant sample each
 * other before stepping), and none before a's first in this advance. */
static uint64_t seen_cycle(const struct pc_state *st, const struct fast_dom *fa, unsigned a, unsigned b, uint64_t n)
{
	unsigned __int128 x = (unsigned __int128)n * st->dom[a].hz;
	uint64_t m = x ? (uint64_t)((x - 1) / st->dom[b].hz) : 0;
	if (m < fa->c0)
		m = fa->c0;
	return m > fa->target ? fa->target : m;
}

static void add_query(struct fast_dom *f, uint64_t m)
{
	for (unsigned i = 0; i < f->nq; i++)
		if (f->q[i].m == m)
			return;
	f->q[f->nq++].m = m;
}

static int cmp_query(const void *a, const void *b)
{
	uint64_t x = ((const struct fast_query *)a)->m, y = ((const struct fast_query *)b)->m;
	return x < y ? -1 : x > y;
}

static const struct fast_query *find_query(const struct fast_dom *f, uint64_t m)
{
	for (unsigned i = 0; i < f->nq; i++)
		if (f->q[i].m == m)
			return &f->q[i];
	return NULL;
}

/* The synchronizers and imported values of domain b after its last
 * FAST_REPLAY ticks (all of them if fewer), as pc_sample and
 * pc_trailers_begin leave them. */
static void replay(const struct pc_priv *p, struct pc_state *st, struct fast_dom *fd, unsigned b)
{
	struct pc_dom_state *ds = &st->dom[b];
	struct fast_dom *f = &fd[b];
	uint64_t k = f->target - f->c0 < FAST_REPLAY ? f->target - f->c0 : FAST_REPLAY;
	const struct pc_domain_info *di = &p->dom[b];
	ds->sync_flag_prev = f->sync_flag_prev, ds->sync_event_prev = f->sync_event_prev;
	ds->imp_flag = f->imp_flag, ds->imp_event = f->imp_event;
	for (uint64_t n = f->target - k + 1; n <= f->target; n++) {
		for (unsigned x = 0; x < PC_SET_DOMAINS; x++) {
			int a = p->set_dom[di->set][x];
			if (a < 0 || (unsigned)a == b)
				continue;
			uint64_t m = seen_cycle(st, &fd[a], (unsigned)a, b, n);
			uint8_t fl = fd[a].flag0, ev = fd[a].event0;
			const struct fast_query *q = m > fd[a].c0 ? find_query(&fd[a], m) : NULL;
			if (q)
				fl = q->flag, ev = q->event;
			ds->fhist[x] = (uint8_t)(ds->fhist[x] << 1 | fl);
			ds->ehist[x] = (uint8_t)(ds->ehist[x] << 1 | ev);
		}
		if (p->enabled)
			pc_import_step(p, ds, &p->cache[b]);
	}
}

void pc_fast_run(struct sim *s, struct pc_priv *p, struct pc_state *st, sim_ps to)
{
	unsigned nd = p->ndomains;
	pc_run_setup(s, p, st, to);
	for (unsigned d = 0; d < nd; d++)
		if (p->enabled && imports(p, st, d)) {
			stats.delegated++;
			pc_run(s, p, st, to);
			return;
		}
	struct fast_dom *fd = calloc(nd, sizeof *fd);
	if (!fd) {
		pc_run(s, p, st, to);
		return;
	}
	for (unsigned d = 0; d < nd; d++) {
		struct pc_dom_state *ds = &st->dom[d];
		struct fast_dom *f = &fd[d];
		f->c0 = ds->ncycles;
		f->target = p->target[d] > f->c0 ? p->target[d] : f->c0;
		f->flag0 = ds->flag_sig, f->event0 = ds->event_out;
		f->sync_flag_prev = ds->sync_flag_prev, f->sync_event_prev = ds->sync_event_prev;
		f->imp_flag = ds->imp_flag, f->imp_event = ds->imp_event;
		f->L = input_period(p, st, d, f->c0);
		f->eligible = f->L != 0;
	}
	/* what each domain's last ticks will want to know of the others */
	for (unsigned b = 0; b < nd; b++) {
		uint64_t k = fd[b].target - fd[b].c0 < FAST_REPLAY ? fd[b].target - fd[b].c0 : FAST_REPLAY;
		for (uint64_t n = fd[b].target - k + 1; n <= fd[b].target; n++)
			for (unsigned x = 0; x < PC_SET_DOMAINS; x++) {
				int a = p->set_dom[p->dom[b].set][x];
				if (a < 0 || (unsigned)a == b)
					continue;
				uint64_t m = seen_cycle(st, &fd[a], (unsigned)a, b, n);
				if (m > fd[a].c0)
					add_query(&fd[a], m);
			}
	}
	for (unsigned d = 0; d < nd; d++) {
		struct fast_dom *f = &fd[d];
		struct pc_dom_state *ds = &st->dom[d];
		qsort(f->q, f->nq, sizeof f->q[0], cmp_query);
		if (!p->enabled) {
			/* the unit is off: cycles pass, nothing else moves */
			for (unsigned i = 0; i < f->nq; i++)
				f->q[i].flag = ds->flag_sig, f->q[i].event = ds->event_out;
			ds->ncycles = f->target;
			continue;
		}
		for (unsigned i = 0; i < f->nq; i++) {
			advance_to(s, p, st, d, f, f->q[i].m);
			f->q[i].flag = ds->flag_sig, f->q[i].event = ds->event_out;
		}
		advance_to(s, p, st, d, f, f->target);
	}
	for (unsigned d = 0; d < nd; d++)
		replay(p, st, fd, d);
	free(fd);
}

uint64_t pc_fast_stepped_hz(struct sim *s, struct pc_priv *p, struct pc_state *st)
{
	uint64_t hz = 0, all = 0;
	bool coupled = false;
	p->enabled = sim_pmc_unit_enabled(s, "PCOUNTER");
	for (unsigned d = 0; d < p->ndomains; d++)
		pc_cache(p, st, d, &p->cache[d]);
	for (unsigned d = 0; d < p->ndomains; d++) {
		all += st->dom[d].hz;
		coupled |= imports(p, st, d);
		if (input_period(p, st, d, st->dom[d].ncycles))
			continue;
		/* a cycle evaluated 64 at a time costs a fraction of one stepped */
		unsigned share = pc_block_share(p, st, d);
		hz += share ? st->dom[d].hz / share + 1 : st->dom[d].hz;
	}
	return coupled ? all : hz;
}
