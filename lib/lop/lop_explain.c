/* SPDX-License-Identifier: MIT */
/* The explain view (pcsetup --explain): for each input, the expression,
 * the register values with their set OP bits spelled out, where each
 * argument comes from, and the truth table as a 4x4 map whose rows are the
 * hex digits of the table. */
#include "core/err_local.h"
#include "lop/lop_internal.h"
#include "hwpc/output.h"

#include <stdarg.h>
#include <stdio.h>

/* Like snprintf into buf: counts what it would have written. */
struct sbuf {
	char *buf;
	size_t size, len;
};

static void say(struct sbuf *b, const char *fmt, ...) HWPC_PRINTF(2, 3);
static void say(struct sbuf *b, const char *fmt, ...)
{
	va_list ap;
	size_t room = b->len < b->size ? b->size - b->len : 0;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(room ? b->buf + b->len : NULL, room, fmt, ap);
	va_end(ap);
	if (n > 0)
		b->len += (size_t)n;
}

static void signal_text(const struct hwpc_lop_symtab *syms, unsigned sig, char *buf, size_t size)
{
	const char *name = lop_signal_name(syms, sig);

	if (name)
		snprintf(buf, size, "%s (0x%02x)", name, sig);
	else
		snprintf(buf, size, "0x%02x", sig);
}

/* The OP bits besides the table that are set: " (bit 16: ARG0 delayed,
 * ...)" in b, or nothing. */
static void op_bits_text(struct sbuf *b, const struct hwpc_lop_caps *caps, uint32_t op,
			 enum hwpc_lop_input in)
{
	const struct hwpc_lop_op_layout *l = &caps->op[in];
	const struct {
		unsigned b;
		int pos;
		const char *what;
	} bits[] = {
		{LOP_B_D0, l->delay[0], "ARG0 delayed"},
		{LOP_B_D1, l->delay[1], "ARG1 delayed"},
		{LOP_B_R2, l->arg2_src0_prev, "ARG2 = SRC0 delayed"},
		{LOP_B_R3, l->arg3_src1_prev, "ARG3 = SRC1 delayed"},
		{LOP_B_SF, l->arg3_setflag, "ARG3 = SETFLAG"},
	};
	bool any = false;

	for (unsigned i = 0; i < sizeof bits / sizeof bits[0]; i++)
		if (bits[i].pos >= 0 && ((op >> bits[i].pos) & 1) && lop_bit_usable(caps, in, bits[i].b)) {
			say(b, "%sbit %d: %s", any ? ", " : " (", bits[i].pos, bits[i].what);
			any = true;
		}
	say(b, "%s", any ? ")" : "");
}

/* Where argument a comes from, as the text view says it (no "(unused)"). */
static void arg_text(struct sbuf *b, const struct hwpc_lop_symtab *syms, const struct hwpc_lop_arg *a)
{
	char sig[96];
	if (a->setflag) {
		say(b, "the SETFLAG input");
		return;
	}
	signal_text(syms, a->signal, sig, sizeof sig);
	say(b, "%s_SRC[%u]%s = %s", hwpc_lop_input_name(a->reg), a->slot, a->prev ? " one cycle late" : "", sig);
}

static void explain_input(struct sbuf *b, const struct hwpc_lop_caps *caps,
			  const struct hwpc_lop_symtab *syms, const struct hwpc_lop_regs *regs,
			  enum hwpc_lop_input in, const char *expr)
{
	const char *name = hwpc_lop_input_name(in);
	struct hwpc_lop_arg args[HWPC_LOP_NARGS];
	char text[HWPC_LOP_MAX_EXPR];
	uint16_t func = lop_func_of(caps, regs, in);

	hwpc_lop_decode(caps, regs, in, args, NULL);
	if (!expr && hwpc_lop_decompile(caps, syms, regs, in, text, sizeof text, NULL) == HWPC_OK)
		expr = text;
	say(b, "%s = %s\n", name, expr ? expr : "?");
	if (in < HWPC_LOP_SETFLAG || caps->own_flag_srcs)
		say(b, "  %s_SRC = 0x%08x\n", name, regs->src[in]);
	say(b, "  %s_OP  = 0x%08x", name, regs->op[in]);
	op_bits_text(b, caps, regs->op[in], in);
	say(b, "\n");
	for (unsigned j = 0; j < HWPC_LOP_NARGS; j++) {
		say(b, "  ARG%u = ", j);
		arg_text(b, syms, &args[j]);
		say(b, "%s\n", args[j].used ? "" : "  (unused)");
	}
	say(b, "  table: row ARG3 ARG2, column ARG1 ARG0\n         00 01 10 11\n");
	for (unsigned r = 0; r < 4; r++) {
		unsigned nib = (func >> (4 * r)) & 0xf;
		say(b, "    %u%u    %u  %u  %u  %u   = 0x%x\n", r >> 1, r & 1, nib & 1, (nib >> 1) & 1,
		    (nib >> 2) & 1, nib >> 3, nib);
	}
}

size_t hwpc_lop_explain(const struct hwpc_lop_caps *caps, const struct hwpc_lop_symtab *syms,
			const struct hwpc_lop_regs *regs, const char *const *exprs, char *buf,
			size_t size)
{
	struct sbuf b = {buf, size, 0};
	bool first = true;

	if (size)
		buf[0] = 0;
	if (!lop_caps_valid(caps, NULL)) {
		say(&b, "(invalid logic-op capabilities)\n");
		return b.len;
	}
	for (unsigned in = 0; in < HWPC_LOP_NINPUTS; in++) {
		const char *expr = exprs ? exprs[in] : NULL;
		if (!expr && regs->op[in] == 0)
			continue;
		if (!first)
			say(&b, "\n");
		first = false;
		explain_input(&b, caps, syms, regs, (enum hwpc_lop_input)in, expr);
	}
	return b.len;
}

/* The same view as records (pcsetup --explain --format json|csv): one
 * pc_logic_input record per input the text shows, keys as in
 * lib/output/schema_pcsetup.c. */
int hwpc_lop_explain_out(const struct hwpc_lop_caps *caps, const struct hwpc_lop_symtab *syms,
			 const struct hwpc_lop_regs *regs, const char *const *exprs, const char *domain,
			 struct hwpc_out *o, struct hwpc_err *err)
{
	static const char *const arg_keys[HWPC_LOP_NARGS][2] = {
		{"arg0", "arg0_used"}, {"arg1", "arg1_used"}, {"arg2", "arg2_used"}, {"arg3", "arg3_used"},
	};
	HWPC_ERR_ENSURE(err);
	if (!lop_caps_valid(caps, err))
		return err->status;
	for (unsigned i = 0; i < HWPC_LOP_NINPUTS; i++) {
		enum hwpc_lop_input in = (enum hwpc_lop_input)i;
		const char *expr = exprs ? exprs[in] : NULL;
		struct hwpc_lop_arg args[HWPC_LOP_NARGS];
		char text[HWPC_LOP_MAX_EXPR], buf[192];
		struct sbuf b = {buf, sizeof buf, 0};
		if (!expr && regs->op[in] == 0)
			continue;
		hwpc_lop_decode(caps, regs, in, args, NULL);
		if (!expr && hwpc_lop_decompile(caps, syms, regs, in, text, sizeof text, NULL) == HWPC_OK)
			expr = text;
		hwpc_out_record(o, "pc_logic_input");
		hwpc_out_str(o, "domain", domain);
		hwpc_out_str(o, "input", hwpc_lop_input_name(in));
		if (expr)
			hwpc_out_str(o, "expression", expr);
		else
			hwpc_out_null(o, "expression");
		if (in < HWPC_LOP_SETFLAG || caps->own_flag_srcs)
			hwpc_out_hex32(o, "src", regs->src[in]);
		else
			hwpc_out_null(o, "src");
		hwpc_out_hex32(o, "op", regs->op[in]);
		buf[0] = 0;
		op_bits_text(&b, caps, regs->op[in], in);
		if (b.len > 2 && b.len < sizeof buf) {
			buf[b.len - 1] = 0; /* the text's " (...)" without the parentheses */
			hwpc_out_str(o, "op_bits", buf + 2);
		} else {
			hwpc_out_null(o, "op_bits");
		}
		for (unsigned j = 0; j < HWPC_LOP_NARGS; j++) {
			b.len = 0;
			buf[0] = 0;
			arg_text(&b, syms, &args[j]);
			hwpc_out_str(o, arg_keys[j][0], buf);
			hwpc_out_bool(o, arg_keys[j][1], args[j].used);
		}
		hwpc_out_hex(o, "table", lop_func_of(caps, regs, in), 4);
		if (hwpc_out_end(o, err))
			return err->status;
	}
	return HWPC_OK;
}
