/* SPDX-License-Identifier: MIT */
/* Truth tables: evaluating an expression, finding which leaves matter,
 * building the 16-bit FUNC for a slot assignment, decoding what the
 * hardware feeds each argument, and the verifier that checks a produced
 * register pair against its expression.
 *
 * All evaluation is bit-parallel: a 64-bit word holds 64 rows of a table,
 * row x giving variable k the value (x >> k) & 1. */
#include "lop/lop_internal.h"

#include <string.h>

/* Row patterns of the first six variables inside one word. */
static const uint64_t low_patterns[6] = {
	0xaaaaaaaaaaaaaaaaull, 0xccccccccccccccccull, 0xf0f0f0f0f0f0f0f0ull,
	0xff00ff00ff00ff00ull, 0xffff0000ffff0000ull, 0xffffffff00000000ull,
};

uint64_t lop_var_pattern(unsigned k, unsigned word)
{
	if (k < 6)
		return low_patterns[k];
	return (word >> (k - 6)) & 1 ? ~0ull : 0;
}

static uint64_t row_mask(unsigned n)
{
	return n >= 6 ? ~0ull : (1ull << (1u << n)) - 1;
}

static unsigned words_for(unsigned n)
{
	return n <= 6 ? 1 : 1u << (n - 6);
}

void lop_eval(const struct lop_expr *ex, const uint8_t *map, unsigned n, uint64_t *out)
{
	uint64_t val[LOP_MAX_INSNS];

	for (unsigned w = 0; w < words_for(n); w++) {
		for (unsigned i = 0; i < ex->nprog; i++) {
			const struct lop_insn *in = &ex->prog[i];
			switch (in->op) {
			case LOP_CONST: val[i] = in->a ? ~0ull : 0; break;
			case LOP_VAR: val[i] = lop_var_pattern(map[in->a], w); break;
			case LOP_NOT: val[i] = ~val[in->a]; break;
			case LOP_AND: val[i] = val[in->a] & val[in->b]; break;
			case LOP_OR: val[i] = val[in->a] | val[in->b]; break;
			default: val[i] = val[in->a] ^ val[in->b]; break;
			}
		}
		out[w] = val[ex->nprog - 1] & row_mask(n);
	}
}

void lop_analyse(struct lop_expr *ex)
{
	uint8_t ident[LOP_MAX_VARS];
	unsigned n = ex->nvars, words = words_for(n);

	for (unsigned k = 0; k < LOP_MAX_VARS; k++)
		ident[k] = (uint8_t)k;
	memset(ex->tt, 0, sizeof ex->tt);
	lop_eval(ex, ident, n, ex->tt);
	ex->ness = 0;
	ex->support = 0;
	for (unsigned k = 0; k < n; k++) {
		uint64_t diff = 0;
		for (unsigned w = 0; w < words; w++) {
			if (k < 6)
				diff |= ((ex->tt[w] >> (1u << k)) ^ ex->tt[w]) & ~low_patterns[k];
			else
				diff |= ex->tt[w] ^ ex->tt[w ^ (1u << (k - 6))];
		}
		if (diff & row_mask(n)) {
			ex->support |= 1u << k;
			if (ex->ness < HWPC_LOP_NARGS)
				ex->ess[ex->ness] = (uint8_t)k;
			ex->ness++;
		}
	}
}

uint16_t lop_func(const struct lop_expr *ex, const struct lop_option *o)
{
	uint16_t func = 0;

	for (unsigned i = 0; i < 16; i++) {
		unsigned x = 0;
		for (unsigned j = 0; j < HWPC_LOP_NARGS; j++)
			if (o->argvar[j] >= 0)
				x |= ((i >> j) & 1u) << ex->ess[o->argvar[j]];
		func |= (uint16_t)(((ex->tt[x >> 6] >> (x & 63)) & 1) << i);
	}
	return func;
}

static bool bit_ok(int pos)
{
	return pos >= -1 && pos <= 31;
}

bool lop_caps_valid(const struct hwpc_lop_caps *caps, struct hwpc_err *err)
{
	if (!caps || caps->nsignals < 1 || caps->nsignals > HWPC_LOP_MAX_SIGNALS) {
		hwpc_err_set(err, HWPC_EINPUT, "logic-op capabilities: signal count %u not in 1..256",
			     caps ? caps->nsignals : 0);
		return false;
	}
	for (unsigned k = 0; k < HWPC_LOP_NARGS; k++)
		if (caps->src_slot[k] < 0 || caps->src_slot[k] > 24) {
			hwpc_err_set(err, HWPC_EINPUT, "logic-op capabilities: SRC slot %u at bit %d",
				     k, caps->src_slot[k]);
			return false;
		}
	for (unsigned in = 0; in < HWPC_LOP_NINPUTS; in++) {
		const struct hwpc_lop_op_layout *l = &caps->op[in];
		if (l->func < 0 || l->func > 16 || !bit_ok(l->delay[0]) || !bit_ok(l->delay[1]) ||
		    !bit_ok(l->arg2_src0_prev) || !bit_ok(l->arg3_src1_prev) ||
		    !bit_ok(l->arg3_setflag)) {
			hwpc_err_set(err, HWPC_EINPUT, "logic-op capabilities: bad %s_OP layout",
				     hwpc_lop_input_name(in));
			return false;
		}
	}
	return true;
}

bool lop_bit_usable(const struct hwpc_lop_caps *caps, enum hwpc_lop_input in, unsigned b)
{
	const struct hwpc_lop_op_layout *l = &caps->op[in];

	switch (b) {
	case LOP_B_D0: return l->delay[0] >= 0;
	case LOP_B_D1: return l->delay[1] >= 0;
	case LOP_B_R2: return caps->delay_replace && l->arg2_src0_prev >= 0;
	case LOP_B_R3: return caps->delay_replace && l->arg3_src1_prev >= 0;
	case LOP_B_SF:
		return caps->setflag_arg3 && (in == HWPC_LOP_EVENT || in == HWPC_LOP_STOP) &&
		       l->arg3_setflag >= 0;
	default: return false;
	}
}

/* Seed, input calculation step 1: without their own SRC registers, SETFLAG
 * reads START_SRC[2], START_SRC[3], PRE_SRC[0], PRE_SRC[1] and CLRFLAG
 * PRE_SRC[2], PRE_SRC[3], START_SRC[0], START_SRC[1]. */
static const uint8_t shared_window[2][HWPC_LOP_NARGS] = {
	{HWPC_LOP_START * 4 + 2, HWPC_LOP_START * 4 + 3, HWPC_LOP_PRE * 4 + 0, HWPC_LOP_PRE * 4 + 1},
	{HWPC_LOP_PRE * 4 + 2, HWPC_LOP_PRE * 4 + 3, HWPC_LOP_START * 4 + 0, HWPC_LOP_START * 4 + 1},
};

unsigned lop_window(const struct hwpc_lop_caps *caps, enum hwpc_lop_input in, unsigned k)
{
	if (!caps->own_flag_srcs && in >= HWPC_LOP_SETFLAG)
		return shared_window[in - HWPC_LOP_SETFLAG][k];
	return (unsigned)in * HWPC_LOP_NARGS + k;
}

static bool op_bit(uint32_t op, int pos)
{
	return pos >= 0 && ((op >> pos) & 1);
}

void lop_decode_args(const struct hwpc_lop_caps *caps, const struct hwpc_lop_regs *regs,
		     enum hwpc_lop_input in, struct hwpc_lop_arg args[HWPC_LOP_NARGS])
{
	const struct hwpc_lop_op_layout *l = &caps->op[in];
	uint32_t op = regs->op[in];
	/* Steps 2-7 of the document's input calculation: each argument is some
	 * SRC slot k, now or one cycle ago, or SETFLAG. */
	unsigned k[HWPC_LOP_NARGS] = {0, 1, 2, 3};
	bool prev[HWPC_LOP_NARGS] = {op_bit(op, l->delay[0]), op_bit(op, l->delay[1]), false, false};
	bool sf = lop_bit_usable(caps, in, LOP_B_SF) && op_bit(op, l->arg3_setflag);

	if (lop_bit_usable(caps, in, LOP_B_R2) && op_bit(op, l->arg2_src0_prev)) {
		k[2] = 0;
		prev[2] = true;
	}
	if (lop_bit_usable(caps, in, LOP_B_R3) && op_bit(op, l->arg3_src1_prev)) {
		k[3] = 1;
		prev[3] = true;
	}
	for (unsigned j = 0; j < HWPC_LOP_NARGS; j++) {
		unsigned phys = lop_window(caps, in, k[j]);
		struct hwpc_lop_arg *a = &args[j];
		a->setflag = j == 3 && sf;
		a->reg = (enum hwpc_lop_input)(phys / HWPC_LOP_NARGS);
		a->slot = phys % HWPC_LOP_NARGS;
		a->prev = prev[j] && !a->setflag;
		a->signal = (regs->src[a->reg] >> caps->src_slot[a->slot]) & 0xff;
		a->used = false;
	}
}

unsigned lop_func_support(uint16_t func)
{
	unsigned mask = 0;

	for (unsigned j = 0; j < HWPC_LOP_NARGS; j++)
		if (((func >> (1u << j)) ^ func) & ~low_patterns[j] & 0xffff)
			mask |= 1u << j;
	return mask;
}

uint16_t lop_func_of(const struct hwpc_lop_caps *caps, const struct hwpc_lop_regs *regs,
		     enum hwpc_lop_input in)
{
	return (uint16_t)(regs->op[in] >> caps->op[in].func);
}

static bool same_leaf(const struct lop_leaf *a, const struct lop_leaf *b)
{
	return a->setflag == b->setflag && (a->setflag || (a->prev == b->prev && a->signal == b->signal));
}

bool lop_verify(const struct lop_expr *ex, const struct hwpc_lop_caps *caps,
		const struct hwpc_lop_regs *regs)
{
	struct hwpc_lop_arg args[HWPC_LOP_NARGS];
	struct lop_leaf dom[LOP_MAX_DOM];
	uint8_t argdom[HWPC_LOP_NARGS], ident[LOP_MAX_VARS];
	uint64_t want[1u << (LOP_MAX_DOM - 6)];
	uint16_t func = lop_func_of(caps, regs, ex->input);
	unsigned n = ex->nvars;

	/* The domain: every leaf of the expression, and whatever else the
	 * arguments read (filler slots, another input's signals), so that a
	 * table depending on those is caught. */
	for (unsigned v = 0; v < n; v++) {
		dom[v] = ex->var[v].leaf;
		ident[v] = (uint8_t)v;
	}
	lop_decode_args(caps, regs, ex->input, args);
	for (unsigned j = 0; j < HWPC_LOP_NARGS; j++) {
		struct lop_leaf l = {args[j].setflag, args[j].prev, (uint16_t)args[j].signal};
		unsigned d;
		for (d = 0; d < n && !same_leaf(&dom[d], &l); d++)
			;
		if (d == n)
			dom[n++] = l;
		argdom[j] = (uint8_t)d;
	}
	lop_eval(ex, ident, n, want);
	for (unsigned w = 0; w < words_for(n); w++) {
		uint64_t a[HWPC_LOP_NARGS], got = 0;
		for (unsigned j = 0; j < HWPC_LOP_NARGS; j++)
			a[j] = lop_var_pattern(argdom[j], w);
		for (unsigned i = 0; i < 16; i++) {
			if (!((func >> i) & 1))
				continue;
			uint64_t m = ~0ull;
			for (unsigned j = 0; j < HWPC_LOP_NARGS; j++)
				m &= (i >> j) & 1 ? a[j] : ~a[j];
			got |= m;
		}
		if ((got & row_mask(n)) != want[w])
			return false;
	}
	return true;
}
