/* SPDX-License-Identifier: MIT */
/* The compiler's driver: parse each input's expression, reduce it to the
 * leaves it really depends on, place them (lop_alloc.c), encode the
 * SRC and OP registers, and verify every produced table against its
 * expression before handing it out. */
#include "lop/lop_internal.h"

#include <string.h>

static int too_many_leaves(const struct lop_expr *ex, struct hwpc_err *err)
{
	char list[320], one[80];
	size_t used = 0, pos = 0, len = 1;
	unsigned count = 0;

	for (unsigned v = 0; v < ex->nvars; v++) {
		if (!(ex->support & (1u << v)))
			continue;
		lop_var_text(ex, v, one, sizeof one);
		lop_append(list, sizeof list, &used, "%s%s", count ? ", " : "", one);
		if (count++ == HWPC_LOP_NARGS) {
			pos = ex->var[v].pos;
			len = ex->var[v].len;
		}
	}
	return lop_error_at(err, ex->input, ex->text, pos, len,
			    "%u distinct leaves, but a logic op has %d arguments: %s", count,
			    HWPC_LOP_NARGS, list);
}

static uint32_t encode_op(const struct hwpc_lop_op_layout *l, uint16_t func, unsigned bits)
{
	const int pos[5] = {l->delay[0], l->delay[1], l->arg2_src0_prev, l->arg3_src1_prev,
			    l->arg3_setflag};
	uint32_t op = (uint32_t)func << l->func;

	for (unsigned b = 0; b < 5; b++)
		if (bits & (1u << b))
			op |= 1u << pos[b];
	return op;
}

static void fill_args(const struct hwpc_lop_caps *caps, const struct hwpc_lop_regs *regs,
		      enum hwpc_lop_input in, struct hwpc_lop_arg args[HWPC_LOP_NARGS])
{
	unsigned support = lop_func_support(lop_func_of(caps, regs, in));

	lop_decode_args(caps, regs, in, args);
	for (unsigned j = 0; j < HWPC_LOP_NARGS; j++)
		args[j].used = (support >> j) & 1;
}

int hwpc_lop_decode(const struct hwpc_lop_caps *caps, const struct hwpc_lop_regs *regs,
		    enum hwpc_lop_input in, struct hwpc_lop_arg args[HWPC_LOP_NARGS],
		    struct hwpc_err *err)
{
	if (!lop_caps_valid(caps, err))
		return HWPC_EINPUT;
	if ((unsigned)in >= HWPC_LOP_NINPUTS)
		return hwpc_err_set(err, HWPC_EINPUT, "no logic-op input %d", (int)in);
	fill_args(caps, regs, in, args);
	return HWPC_OK;
}

int hwpc_lop_compile(const struct hwpc_lop_caps *caps, const struct hwpc_lop_symtab *syms,
		     const struct hwpc_lop_request *req, struct hwpc_lop_setup *out,
		     struct hwpc_err *err)
{
	struct lop_expr ex[HWPC_LOP_NINPUTS];
	struct lop_alloc al;
	int rc;

	memset(out, 0, sizeof *out);
	if (!lop_caps_valid(caps, err))
		return HWPC_EINPUT;
	if (!req)
		return hwpc_err_set(err, HWPC_EINPUT, "no logic-op request");
	memset(&al, 0, sizeof al);
	al.caps = caps;
	al.req = req;
	for (unsigned in = 0; in < HWPC_LOP_NINPUTS; in++) {
		if (!req->expr[in])
			continue;
		rc = lop_parse(&ex[in], caps, syms, (enum hwpc_lop_input)in, req->expr[in], err);
		if (rc)
			return rc;
		lop_analyse(&ex[in]);
		if (ex[in].ness > HWPC_LOP_NARGS)
			return too_many_leaves(&ex[in], err);
		al.ex[in] = &ex[in];
	}
	if ((rc = lop_allocate(&al, err)))
		return rc;

	for (unsigned p = 0; p < LOP_NPHYS; p++)
		if (al.slot[p] >= 0)
			out->regs.src[p / HWPC_LOP_NARGS] |=
				(uint32_t)al.slot[p] << caps->src_slot[p % HWPC_LOP_NARGS];
	for (unsigned in = 0; in < HWPC_LOP_NINPUTS; in++) {
		uint16_t func = al.ex[in] ? lop_func(al.ex[in], &al.choice[in]) : 0;
		out->regs.op[in] = encode_op(&caps->op[in], func, al.choice[in].bits);
		out->has_src[in] = in < HWPC_LOP_SETFLAG || caps->own_flag_srcs;
	}
	/* The verifier reads the encoded registers back the way the hardware
	 * does, so it checks the encoding as well as the table. */
	for (unsigned in = 0; in < HWPC_LOP_NINPUTS; in++) {
		if (al.ex[in] && !lop_verify(al.ex[in], caps, &out->regs))
			return hwpc_err_set(err, HWPC_EOP,
					    "%s: internal error: the computed table (OP 0x%08x) does "
					    "not match the expression '%s'",
					    hwpc_lop_input_name(in), out->regs.op[in], al.ex[in]->text);
		fill_args(caps, &out->regs, (enum hwpc_lop_input)in, out->args[in]);
	}
	return HWPC_OK;
}
