/* SPDX-License-Identifier: MIT */
/* Bit-parallel stepping of a quad-mode domain: 64 cycles a machine word,
 * exact against pc_step.
 *
 * Every signal a domain selects becomes a 64-bit word, bit b its value at
 * cycle 64*W + b; a logic op is its 4-input truth table applied bitwise (a
 * tree of 15 selects); delayed arguments are the word shifted by one with
 * the last cycle's value carried in; a counter gains popcounts; SWAP is
 * found with count-trailing-zeros and splits the word.  Quad mode fits:
 * its state apart from the counters (the flag, QUAD_STATE) never changes
 * which inputs a cycle sees, as long as no selected signal is a FLAG or
 * EVENT trailer (those feed the domain's own past back in; such domains
 * are stepped one cycle at a time).  Counter arithmetic composes: adding k
 * once saturates, wraps and sets NV10's sticky bit 39 exactly as adding 1
 * k times does (pc_ctr_add), so a word adds its sums.
 *
 * Words are aligned on the generators' 64-cycle blocks (pc_gen_word); the
 * cycles before the first and after the last whole word, and the first
 * cycle after a register write or an external pulse, are stepped with the
 * reference.  The synchronizers of imported FLAG/EVENT are not touched:
 * the fast engine rebuilds them afterwards (pc_fast.c, replay). */
#include "sim/pcm.h"

#include <string.h>

#define WORD_ALL (~0ULL)
/* What a word's step calls: inlined into each copy of run_words_body
 * (a call per input and word is a good part of the cost otherwise). */
#define WORD_STEP static inline __attribute__((always_inline))

/* The signal positions domain d selects, and whether each can be given a
 * word at a time (no trailer of the domain's own past, no PTIMER). */
static bool wordable(const struct pc_priv *p, const struct pc_state *st, unsigned d, unsigned sig)
{
	const struct pc_domain_info *di = &p->dom[d];
	if (sig >= di->nsignals)
		return true; /* reads as 0 */
	switch (di->wire[sig]) {
	case PC_W_GEN: return st->gen[d][sig].kind != PC_GEN_PTIMER;
	case PC_W_FLAG:
	case PC_W_EVENT: return false;
	default: return true;
	}
}

/* Whether domain d can be evaluated a word at a time. */
static bool block_ok(const struct pc_priv *p, const struct pc_state *st, unsigned d)
{
	if (!p->enabled || p->cache[d].mode != PC_MODE_QUAD)
		return false;
	unsigned sel[PC_SELECTED_MAX], n = pc_selected_signals(p, st, d, sel);
	for (unsigned k = 0; k < n; k++)
		if (!wordable(p, st, d, sel[k]))
			return false;
	return true;
}

/* How a selected signal is produced a word at a time: SIG_FIXED keeps one
 * value over an advance in a quiet quad-mode domain (a constant, USER,
 * ZERO, and PM_TRIGGER, WRCACHE and PAUSED, none of which pulses then). */
enum sig_how { SIG_FIXED, SIG_REPEAT, SIG_PERIODIC_PULSE, SIG_RANDOM, SIG_GEN };

static enum sig_how signal_how(const struct pc_priv *p, const struct pc_state *st, unsigned d, unsigned sig)
{
	const struct pc_domain_info *di = &p->dom[d];
	if (sig >= di->nsignals)
		return SIG_FIXED;
	switch (di->wire[sig]) {
	case PC_W_PERIODIC: return SIG_PERIODIC_PULSE;
	case PC_W_GEN: {
		const struct pc_gen *g = &st->gen[d][sig];
		switch (g->kind) {
		case PC_GEN_RANDOM: return SIG_RANDOM;
		case PC_GEN_CONST: return SIG_FIXED;
		case PC_GEN_PERIODIC:
			/* one period repeated fits a 128-bit pattern */
			return g->period && g->period <= 64 && g->phase <= UINT32_MAX ? SIG_REPEAT : SIG_GEN;
		default: return SIG_GEN;
		}
	}
	default: return SIG_FIXED;
	}
}

/* What a cycle evaluated 64 at a time costs, as a fraction 1/share of one
 * stepped by the reference, for the catch-up budget.  The cost is mostly
 * the random words (about eight 128-bit multiplies a word per random
 * signal), a trace signal (read a cycle at a time) and a SWAP that pulses
 * (each swap flushes the sums).  Measured (bench/RESULTS.md): about 1/490
 * with one random signal counted (bench/catchup_random.sh simple), 1/300
 * with a random and a periodic signal on four inputs (bench_pcsim (b)),
 * 1/185 with two random signals on six 4-argument inputs (bench_pcsim
 * (c')), about 1/20 with a random SWAP and 1/30 with a trace signal; the
 * share, 512 / (1 + random signals + 32 for a SWAP that can pulse + 24 a
 * trace signal), is below each. */
unsigned pc_block_share(const struct pc_priv *p, const struct pc_state *st, unsigned d)
{
	if (!block_ok(p, st, d))
		return 0;
	unsigned sel[PC_SELECTED_MAX], n = pc_selected_signals(p, st, d, sel), units = 1;
	int swap = p->cache[d].swap_sig;
	if (swap >= 0 && signal_how(p, st, d, (unsigned)swap) != SIG_FIXED)
		units += 32;
	/* each distinct signal once */
	uint64_t seen[PC_MAX_SIGNALS / 64 + 1] = { 0 };
	for (unsigned k = 0; k < n; k++) {
		unsigned sig = sel[k];
		if (seen[sig / 64] >> (sig % 64) & 1)
			continue;
		seen[sig / 64] |= 1ULL << (sig % 64);
		enum sig_how how = signal_how(p, st, d, sig);
		if (how == SIG_RANDOM)
			units += 1;
		else if (how == SIG_GEN && st->gen[d][sig].kind == PC_GEN_TRACE)
			units += 24; /* read a cycle at a time */
	}
	return 512 / units ? 512 / units : 1;
}

/* Whether the next cycle is like every later one: nothing written, no
 * pulse pending. */
static bool quiet(const struct pc_dom_state *ds)
{
	return !ds->cfg_written && !ds->preop_written && !ds->preop_swap && !ds->pm_pending && !ds->wrcache_pending &&
	       !ds->user_pulse;
}

/* A logic op reduced to the arguments its function depends on (one the
 * table ignores is never evaluated), each with where its value comes from
 * once steps 3-7 of "Input selection" have replaced it, and the reduced
 * truth table as all-0 or all-1 words. */
enum arg_from { FROM_CUR0, FROM_CUR1, FROM_CUR2, FROM_CUR3, FROM_PREV0, FROM_PREV1, FROM_SETFLAG };

struct reduced_op {
	uint8_t nargs, from[4];
	bool delayed; /* an argument is FROM_PREV0 or FROM_PREV1 */
	uint64_t tm[16];
};

static struct reduced_op reduce(uint16_t func, unsigned opbits)
{
	struct reduced_op r;
	unsigned n = 4;
	uint16_t t = func;
	uint8_t args[4] = { 0, 1, 2, 3 };
	for (unsigned k = 0; k < n;) {
		/* the entries with argument k at 0 and at 1 */
		uint16_t lo = 0, hi = 0;
		unsigned stride = 1u << k;
		for (unsigned i = 0, o = 0; i < (1u << n); i++)
			if (!(i & stride)) {
				lo |= (uint16_t)(((t >> i) & 1) << o);
				hi |= (uint16_t)(((t >> (i | stride)) & 1) << o);
				o++;
			}
		if (lo != hi) {
			k++;
			continue;
		}
		t = lo; /* the table without argument k */
		for (unsigned j = k; j + 1 < n; j++)
			args[j] = args[j + 1];
		n--;
	}
	/* steps 3-7: delayed, replaced (G92+) and SETFLAG arguments */
	uint8_t src[4] = { FROM_CUR0, FROM_CUR1, FROM_CUR2, FROM_CUR3 };
	if (opbits & 1)
		src[0] = FROM_PREV0;
	if (opbits & 2)
		src[1] = FROM_PREV1;
	if (opbits & 4)
		src[2] = FROM_PREV0;
	if (opbits & 8)
		src[3] = FROM_PREV1;
	if (opbits & 16)
		src[3] = FROM_SETFLAG;
	r.nargs = (uint8_t)n;
	r.delayed = false;
	for (unsigned j = 0; j < 4; j++) {
		r.from[j] = src[args[j]];
		if (j < n && (r.from[j] == FROM_PREV0 || r.from[j] == FROM_PREV1))
			r.delayed = true;
	}
	for (unsigned i = 0; i < 16; i++)
		r.tm[i] = i < (1u << n) && (t >> i) & 1 ? WORD_ALL : 0;
	return r;
}

/* Argument k of an input: word sw[idx[k]]; a delayed one is that word
 * shifted by a cycle, the last cycle's value (carry) shifted in. */
WORD_STEP uint64_t arg_word(uint8_t from, const uint64_t *sw, const uint8_t idx[4], uint8_t carry, uint64_t setflag)
{
	switch (from) {
	case FROM_PREV0: return sw[idx[0]] << 1 | (carry & 1);
	case FROM_PREV1: return sw[idx[1]] << 1 | (carry >> 1 & 1);
	case FROM_SETFLAG: return setflag;
	default: return sw[idx[from]];
	}
}

WORD_STEP uint64_t select_word(uint64_t if0, uint64_t if1, uint64_t x)
{
	return (if0 & ~x) | (if1 & x);
}

/* The op for every bit: the table's entries selected by the first
 * argument, then the next.  setflag is this word's SETFLAG input (step
 * 7; 0 for SETFLAG and CLRFLAG themselves). */
WORD_STEP uint64_t logic_word(const struct reduced_op *r, const uint64_t *sw, const uint8_t idx[4], uint8_t carry,
			   uint64_t setflag)
{
	const uint64_t *t = r->tm;
	switch (r->nargs) {
	case 0: return t[0];
	case 1: return select_word(t[0], t[1], arg_word(r->from[0], sw, idx, carry, setflag));
	case 2: {
		uint64_t x0 = arg_word(r->from[0], sw, idx, carry, setflag);
		uint64_t x1 = arg_word(r->from[1], sw, idx, carry, setflag);
		return select_word(select_word(t[0], t[1], x0), select_word(t[2], t[3], x0), x1);
	}
	case 3: {
		uint64_t x0 = arg_word(r->from[0], sw, idx, carry, setflag);
		uint64_t x1 = arg_word(r->from[1], sw, idx, carry, setflag);
		uint64_t x2 = arg_word(r->from[2], sw, idx, carry, setflag);
		uint64_t lo = select_word(select_word(t[0], t[1], x0), select_word(t[2], t[3], x0), x1);
		uint64_t hi = select_word(select_word(t[4], t[5], x0), select_word(t[6], t[7], x0), x1);
		return select_word(lo, hi, x2);
	}
	default: {
		uint64_t x0 = arg_word(r->from[0], sw, idx, carry, setflag);
		uint64_t x1 = arg_word(r->from[1], sw, idx, carry, setflag);
		uint64_t x2 = arg_word(r->from[2], sw, idx, carry, setflag);
		uint64_t x3 = arg_word(r->from[3], sw, idx, carry, setflag);
		uint64_t q[4];
		for (unsigned i = 0; i < 4; i++)
			q[i] = select_word(select_word(t[4 * i], t[4 * i + 1], x0),
					   select_word(t[4 * i + 2], t[4 * i + 3], x0), x1);
		return select_word(select_word(q[0], q[1], x2), select_word(q[2], q[3], x2), x3);
	}
	}
}

/* What each selected signal position is, decided once per advance: the
 * distinct positions the SRC registers and SWAP select (at most 25), how
 * each is produced, and which of them each argument reads. */

struct plan_sig {
	uint8_t how; /* enum sig_how */
	uint8_t period, r; /* SIG_REPEAT: its period, and word next_w's place in it */
	uint8_t step;      /* SIG_REPEAT: how far a word moves in the period */
	uint16_t sig;
	uint64_t next_w;
	uint64_t fixed;              /* SIG_FIXED */
	struct pc_random_stream random; /* SIG_RANDOM */
	unsigned __int128 pattern;   /* SIG_REPEAT: the period's values, repeated */
	const struct pc_gen *gen;    /* SIG_REPEAT, SIG_GEN */
};

struct plan {
	unsigned nsig;
	struct plan_sig sig[PC_SELECTED_MAX];
	uint8_t arg[PC_NINPUTS][4]; /* index in sig[] */
	int swap;                   /* index in sig[], -1: none */
	struct reduced_op ops[PC_NINPUTS];
	/* inputs whose every argument is a fixed signal: from the second
	 * word on (the first may still see the delayed arguments' past)
	 * their words and carries repeat, so they are not evaluated again */
	bool steady[PC_NINPUTS];
	unsigned nvarying;          /* planned signals that are not SIG_FIXED */
	uint8_t varying[PC_SELECTED_MAX];
	unsigned nvin;              /* the inputs that are not steady, in order */
	uint8_t vin[PC_NINPUTS];
};

/* The order inputs are evaluated in: SETFLAG and CLRFLAG first, as the
 * others may read SETFLAG. */
static const uint8_t input_order[PC_NINPUTS] = { PC_SETFLAG, PC_CLRFLAG, PC_PRE, PC_START, PC_EVENT, PC_STOP };

static unsigned plan_signal(struct plan *pl, const struct pc_priv *p, const struct pc_state *st, unsigned d,
			    unsigned sig)
{
	const struct pc_domain_info *di = &p->dom[d];
	const struct pc_dom_state *ds = &st->dom[d];
	for (unsigned i = 0; i < pl->nsig; i++)
		if (pl->sig[i].sig == sig)
			return i;
	struct plan_sig *ps = &pl->sig[pl->nsig];
	memset(ps, 0, sizeof *ps);
	ps->sig = (uint16_t)sig;
	ps->next_w = UINT64_MAX;
	ps->how = (uint8_t)signal_how(p, st, d, sig);
	bool gen = sig < di->nsignals && di->wire[sig] == PC_W_GEN;
	const struct pc_gen *g = gen ? &st->gen[d][sig] : NULL;
	ps->gen = g;
	switch (ps->how) {
	case SIG_FIXED:
		if (gen)
			ps->fixed = g->value ? WORD_ALL : 0;
		else if (sig < di->nsignals && di->wire[sig] == PC_W_USER)
			ps->fixed = (ds->user_val >> di->warg[sig]) & 1 ? WORD_ALL : 0;
		break; /* the others are 0 */
	case SIG_RANDOM: pc_random_stream_init(&ps->random, g); break;
	case SIG_REPEAT: {
		/* (n + phase) % period < duty: the values of one period,
		 * repeated over 128 bits; a word is 64 of them from its first
		 * cycle's place in the period */
		uint64_t one = 0;
		for (uint64_t j = 0; j < g->period; j++)
			one |= (uint64_t)(j < g->duty) << j;
		for (unsigned j = 0; j < 128; j += (unsigned)g->period)
			ps->pattern |= (unsigned __int128)one << j;
		ps->period = (uint8_t)g->period;
		ps->step = (uint8_t)(64 % g->period);
		break;
	}
	default: break; /* SIG_PERIODIC_PULSE, SIG_GEN */
	}
	return pl->nsig++;
}

/* Whether input i reads only fixed signals (logic_word's arguments). */
static bool op_steady(const struct plan *pl, int i)
{
	const struct reduced_op *r = &pl->ops[i];
	for (unsigned k = 0; k < r->nargs; k++) {
		unsigned a;
		switch (r->from[k]) {
		case FROM_PREV0: a = 0; break;
		case FROM_PREV1: a = 1; break;
		case FROM_SETFLAG:
			/* SETFLAG and CLRFLAG see 0 there */
			if (i < PC_SETFLAG && !pl->steady[PC_SETFLAG])
				return false;
			continue;
		default: a = r->from[k]; break;
		}
		if (pl->sig[pl->arg[i][a]].how != SIG_FIXED)
			return false;
	}
	return true;
}

static void plan_make(struct plan *pl, const struct pc_priv *p, const struct pc_state *st, unsigned d)
{
	const struct pc_dom_state *ds = &st->dom[d];
	pl->nsig = 0;
	for (int i = 0; i < PC_NINPUTS; i++) {
		pl->ops[i] = reduce(p->cache[d].func[i], p->cache[d].opbits[i]);
		for (unsigned k = 0; k < 4; k++)
			pl->arg[i][k] = i < PC_SETFLAG || p->own_flag_src
						? (uint8_t)plan_signal(pl, p, st, d, (ds->src[i] >> (8 * k)) & 0xff)
						/* NV30+: SETFLAG is START_SRC[2], START_SRC[3],
						 * PRE_SRC[0], PRE_SRC[1]; CLRFLAG alike */
						: pl->arg[p->flag_args[i - PC_SETFLAG][k][0]][p->flag_args[i - PC_SETFLAG][k][1]];
	}
	int sw = p->cache[d].swap_sig;
	pl->swap = sw >= 0 ? (int)plan_signal(pl, p, st, d, (unsigned)sw) : -1;
	pl->nvarying = 0;
	for (unsigned i = 0; i < pl->nsig; i++)
		if (pl->sig[i].how != SIG_FIXED)
			pl->varying[pl->nvarying++] = (uint8_t)i;
	pl->nvin = 0;
	for (unsigned k = 0; k < PC_NINPUTS; k++) {
		unsigned i = input_order[k];
		pl->steady[i] = op_steady(pl, (int)i);
		if (!pl->steady[i])
			pl->vin[pl->nvin++] = (uint8_t)i;
	}
}

/* The planned signals' values over cycles 64 W ... 64 W + 63; with
 * !all, only those that are not fixed (out[] holds the rest). */
WORD_STEP void signal_words(struct sim *s, struct plan *pl, const struct pc_state *st,
			 const struct pc_dom_state *ds, uint64_t W, uint64_t periodic, bool all, uint64_t *out)
{
	unsigned n = all ? pl->nsig : pl->nvarying;
	for (unsigned k = 0; k < n; k++) {
		unsigned i = all ? k : pl->varying[k];
		struct plan_sig *ps = &pl->sig[i];
		switch (ps->how) {
		case SIG_FIXED: out[i] = ps->fixed; break;
		case SIG_PERIODIC_PULSE: out[i] = periodic; break;
		case SIG_RANDOM: out[i] = pc_random_word(&ps->random, W); break;
		case SIG_REPEAT: {
			if (W > UINT64_MAX >> 7) /* n + phase would wrap */
				goto generic;
			/* the word's first cycle's place in the period: one
			 * division per advance, then 64 further each word */
			if (W != ps->next_w)
				ps->r = (uint8_t)((W * 64 + ps->gen->phase) % ps->period);
			out[i] = (uint64_t)(ps->pattern >> ps->r);
			ps->r = (uint8_t)(ps->r + ps->step);
			if (ps->r >= ps->period)
				ps->r = (uint8_t)(ps->r - ps->period);
			ps->next_w = W + 1;
			break;
		}
		default:
		generic:
			out[i] = pc_gen_word(s, st, ds, ps->gen, W);
			break;
		}
	}
}

/* The PERIODIC pulse of the word and the counter after it, as
 * pc_trailers_begin counts it cycle by cycle. */
WORD_STEP uint64_t periodic_word(const struct pc_dom_cache *c, struct pc_dom_state *ds)
{
	if (!c->periodic_x || c->periodic_reset) {
		ds->periodic_cnt = 0;
		ds->periodic_now = 0;
		return 0;
	}
	uint64_t x = c->periodic_x, cnt = ds->periodic_cnt, w = 0;
	/* the pulse comes at the cycle where the count reaches x */
	uint64_t b = cnt + 1 >= x ? 0 : x - cnt - 1;
	int last = -1;
	for (; b < 64; b += x) {
		w |= 1ULL << b;
		last = (int)b;
	}
	ds->periodic_cnt = last < 0 ? (uint32_t)(cnt + 64) : (uint32_t)(63 - last);
	ds->periodic_now = last == 63;
	return w;
}

/* Bits set, without a POPCNT instruction the build may not target. */
static uint64_t pop(uint64_t x)
{
	x -= (x >> 1) & 0x5555555555555555ULL;
	x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
	x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
	return (x * 0x0101010101010101ULL) >> 56;
}

/* sum over the cycles of m of the integer whose bit k is in v[k] */
static uint64_t weighted(uint64_t m, const uint64_t *v, unsigned nbits)
{
	uint64_t sum = 0;
	for (unsigned k = 0; k < nbits; k++)
		sum += pop(m & v[k]) << k;
	return sum;
}

/* What the counters gain over the cycles of `lanes` (pc_quad_cycle),
 * added to acc: sums compose with pc_ctr_add as single cycles do.
 * pin[i] is pop(in[i]), for a whole word. */
WORD_STEP void count(enum pc_ctr_mode m, const uint64_t in[PC_NINPUTS], const uint64_t pin[PC_NINPUTS],
		  const uint64_t *sw, const struct plan *pl, uint64_t lanes, uint64_t acc[PC_NCTRS])
{
	bool whole = lanes == ~0ULL;
	uint64_t n = whole ? 64 : pop(lanes);
	if (!n)
		return;
	acc[PC_CYCLES] += n;
	acc[PC_CYCLES_ALT] += n;
	acc[PC_CPRE] += whole ? pin[PC_PRE] : pop(lanes & in[PC_PRE]);
	acc[PC_CSTOP] += whole ? pin[PC_STOP] : pop(lanes & in[PC_STOP]);
	if (m == PC_SIMPLE || m == PC_CTR_UNKNOWN) {
		acc[PC_CEVENT] += whole ? pin[PC_EVENT] : pop(lanes & in[PC_EVENT]);
		acc[PC_CSTART] += whole ? pin[PC_START] : pop(lanes & in[PC_START]);
		return;
	}
	/* B4: START_SRC[0..3]; B6: and EVENT_SRC[2..3]; B2: EVENT_SRC[0..1] */
	const uint8_t *st = pl->arg[PC_START], *ev = pl->arg[PC_EVENT];
	const uint64_t b6[6] = { sw[st[0]], sw[st[1]], sw[st[2]], sw[st[3]], sw[ev[2]], sw[ev[3]] };
	const uint64_t b2[2] = { sw[ev[0]], sw[ev[1]] };
	switch (m) {
	case PC_EVENT_B4: acc[PC_CEVENT] += weighted(lanes & in[PC_EVENT], b6, 4); break;
	case PC_EVENT_B6: acc[PC_CEVENT] += weighted(lanes & in[PC_EVENT], b6, 6); break;
	case PC_EXTRA_B6_EVENT_B2: acc[PC_CEVENT] += weighted(lanes, b2, 2); break;
	default: acc[PC_CEVENT] += pop(lanes & in[PC_EVENT]); break; /* EXTRA_B4: as SIMPLE */
	}
	if (m == PC_EXTRA_B4)
		acc[PC_CSTART] += weighted(lanes, b6, 4);
	else if (m == PC_EXTRA_B6_EVENT_B2)
		acc[PC_CSTART] += weighted(lanes, b6, 6);
	else
		acc[PC_CSTART] += pop(lanes & in[PC_START]);
}

static void flush(const struct pc_priv *p, struct pc_dom_state *ds, uint64_t acc[PC_NCTRS])
{
	for (unsigned i = 0; i < PC_NCTRS; i++) {
		pc_ctr_add(p, &ds->shadow[i], i, acc[i]);
		acc[i] = 0;
	}
}

/* The counter each input adds to in SIMPLE mode (pc_quad_cycle). */
static const uint8_t simple_counter[PC_SETFLAG] = {
	[PC_PRE] = PC_CPRE, [PC_START] = PC_CSTART, [PC_EVENT] = PC_CEVENT, [PC_STOP] = PC_CSTOP
};

/* The steady inputs' sums over the n fast words since the last flush. */
WORD_STEP void add_steady(uint64_t acc[PC_NCTRS], const uint64_t steady_add[PC_NCTRS], uint64_t *n)
{
	for (unsigned c = 0; c < PC_NCTRS; c++)
		acc[c] += steady_add[c] * *n;
	*n = 0;
}

/* The flag after cycle b of the word: the last SETFLAG or CLRFLAG at or
 * before b decides (CLRFLAG first), else it is as before the word. */
WORD_STEP uint8_t flag_after(uint64_t any, uint64_t value, unsigned b, uint8_t before)
{
	uint64_t m = any & (b == 63 ? WORD_ALL : (2ULL << b) - 1);
	return m ? (uint8_t)(value >> (63 - __builtin_clzll(m)) & 1) : before;
}

/* Cycles 64*W ... 64*W + 63 of domain d, which is at cycle 64*W - 1. */
/* Words of cycles: domain d is at cycle 64 W - 1 and runs to 64 (W + n) - 1.
 * The state the next cycle depends on (the flag, the delayed arguments)
 * is carried word to word; the rest of the last cycle's state is written
 * once, at the end. */
static inline __attribute__((always_inline)) void run_words_body(struct sim *s, const struct pc_priv *p,
								 struct pc_state *st, unsigned d, struct plan *pl,
								 uint64_t n, bool hw_popcnt)
{
	struct pc_dom_state *ds = &st->dom[d];
	const struct pc_dom_cache *c = &p->cache[d];
	enum pc_ctr_mode m = (enum pc_ctr_mode)c->ctr_mode;
	uint64_t W = (ds->ncycles + 1) / 64, sw[PC_SELECTED_MAX], in[PC_NINPUTS], pin[PC_NINPUTS];
	uint64_t acc[PC_NCTRS] = { 0 }, any = 0, value = 0, swap = 0;
	uint8_t carry[PC_NINPUTS], flag = ds->flag, before = flag;
	/* SIMPLE counting of a whole word without a swap, from the third word
	 * on: each counted input that varies adds its bits to its counter as
	 * it is worked out, and the steady ones' bits (steady_add, taken from
	 * word 1) are added for all such words at once when the sums are
	 * flushed (nsteady words), so no array is read back right after it
	 * was written, which stalls the CPU. */
	bool simple = m == PC_SIMPLE || m == PC_CTR_UNKNOWN;
	uint64_t steady_add[PC_NCTRS] = { 0 }, nsteady = 0;
	memcpy(carry, ds->prev_mux, sizeof carry);
	for (uint64_t w = 0; w < n; w++, W++) {
		/* words 0 and 1 evaluate everything; then steady inputs keep
		 * the word 1 values */
		bool all = w < 2;
		signal_words(s, pl, st, ds, W, periodic_word(c, ds), all, sw);
		swap = pl->swap >= 0 ? sw[pl->swap] : 0;
		bool fast = simple && !all && !swap;
		unsigned nev = all ? PC_NINPUTS : pl->nvin;
		const uint8_t *ev = all ? input_order : pl->vin;
		for (unsigned k = 0; k < nev; k++) {
			unsigned i = ev[k];
			in[i] = logic_word(&pl->ops[i], sw, pl->arg[i], carry[i], i < PC_SETFLAG ? in[PC_SETFLAG] : 0);
			uint64_t bits = hw_popcnt ? (uint64_t)__builtin_popcountll(in[i]) : pop(in[i]);
			if (!fast)
				pin[i] = bits;
			else if (i < PC_SETFLAG)
				acc[simple_counter[i]] += bits;
			/* what the delayed arguments take next */
			if (pl->ops[i].delayed)
				carry[i] = (uint8_t)(sw[pl->arg[i][0]] >> 63 | (sw[pl->arg[i][1]] >> 63) << 1);
		}
		if (w == 1 && simple) {
			steady_add[PC_CYCLES] = steady_add[PC_CYCLES_ALT] = 64;
			for (int i = PC_PRE; i <= PC_STOP; i++)
				if (pl->steady[i])
					steady_add[simple_counter[i]] = pin[i];
		}
		if (fast) {
			nsteady++;
		} else {
			/* "the swap is performed before updating the counters for
			 * a given cycle": the cycles before each swap count into
			 * the set it hands over */
			uint64_t counted = 0, rest = swap;
			while (rest) {
				unsigned b = (unsigned)__builtin_ctzll(rest);
				uint64_t below = (1ULL << b) - 1;
				rest &= rest - 1;
				count(m, in, pin, sw, pl, below & ~counted, acc);
				add_steady(acc, steady_add, &nsteady);
				flush(p, ds, acc);
				pc_quad_swap(ds, W * 64 + b);
				counted = below;
			}
			count(m, in, pin, sw, pl, ~counted, acc);
		}
		any = in[PC_SETFLAG] | in[PC_CLRFLAG];
		value = in[PC_SETFLAG] & ~in[PC_CLRFLAG];
		before = flag;
		flag = flag_after(any, value, 63, flag);
	}
	add_steady(acc, steady_add, &nsteady);
	flush(p, ds, acc);

	/* the flag's history over the last word, and the trailer values of
	 * its last cycle */
	uint8_t f[9], hist = ds->flag_hist; /* after cycles 55 ... 63 */
	for (unsigned k = 0; k < 9; k++)
		f[k] = flag_after(any, value, 55 + k, before);
	ds->flag = f[8];
	for (unsigned k = 0; k < 8; k++)
		hist = (uint8_t)(hist << 1 | f[1 + k]);
	ds->flag_hist = hist;
	/* during cycle 63 the FLAG signal showed the flag after cycle 63 - D */
	ds->flag_sig = f[8 - p->flag_delay];
	ds->event_trailer = (uint8_t)(in[PC_EVENT] >> 62 & 1);
	ds->event_out = (uint8_t)(in[PC_EVENT] >> 63);
	ds->in_last = (uint8_t)((swap >> 63) << 6);
	for (int i = 0; i < PC_NINPUTS; i++) {
		uint8_t v = 0;
		for (int a = 0; a < 4; a++)
			v |= (uint8_t)((sw[pl->arg[i][a]] >> 63) << a);
		ds->prev_mux[i] = v;
		ds->in_last |= (uint8_t)((in[i] >> 63) << i);
	}
	ds->pm_now = ds->wrcache_now = 0;
	ds->user_now = ds->user_val;
	ds->user_written = 0;
	ds->ncycles += 64 * n;
}

/* Counting the inputs' bits is a good part of a word's cost: a copy for
 * CPUs with the POPCNT instruction (x86-64 since about 2008), chosen at run
 * time, as the build targets plain x86-64. */
static void run_words_portable(struct sim *s, const struct pc_priv *p, struct pc_state *st, unsigned d,
			       struct plan *pl, uint64_t n)
{
	run_words_body(s, p, st, d, pl, n, false);
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
__attribute__((target("popcnt"))) static void run_words_popcnt(struct sim *s, const struct pc_priv *p,
								 struct pc_state *st, unsigned d, struct plan *pl,
								 uint64_t n)
{
	run_words_body(s, p, st, d, pl, n, true);
}

static void run_words(struct sim *s, const struct pc_priv *p, struct pc_state *st, unsigned d, struct plan *pl,
		      uint64_t n)
{
	__builtin_cpu_init(); /* harmless if done; needed before constructors ran */
	if (__builtin_cpu_supports("popcnt"))
		run_words_popcnt(s, p, st, d, pl, n);
	else
		run_words_portable(s, p, st, d, pl, n);
}
#else
#define run_words run_words_portable
#endif

uint64_t pc_block_to(struct sim *s, const struct pc_priv *p, struct pc_state *st, unsigned d, uint64_t m)
{
	struct pc_dom_state *ds = &st->dom[d];
	uint64_t words = 0;
	if (m - ds->ncycles < 128 || !block_ok(p, st, d))
		return 0;
	while (!quiet(ds) || (ds->ncycles + 1) % 64)
		pc_step(s, p, st, d);
	struct plan pl;
	plan_make(&pl, p, st, d);
	while (m - ds->ncycles >= 64) {
		/* a batch's sums stay far below any counter's wrap */
		uint64_t n = (m - ds->ncycles) / 64 < 4096 ? (m - ds->ncycles) / 64 : 4096;
		run_words(s, p, st, d, &pl, n);
		words += n;
	}
	return words;
}
