/* SPDX-License-Identifier: MIT */
/* Logic-op compiler: expressions and the SRC/OP values expected on each
 * generation class, derived by hand from envytools' PCOUNTER documentation "Input selection".
 *
 * Conventions used in the derivations:
 *   FUNC bit i = f(ARG0 = i&1, ARG1 = i>>1&1, ARG2 = i>>2&1, ARG3 = i>>3&1),
 *   so A = ARG0 = 0xaaaa, B = ARG1 = 0xcccc, C = ARG2 = 0xf0f0, D = ARG3 = 0xff00.
 *   OP bits: 16 = ARG0 delayed, 17 = ARG1 delayed (all classes); EVENT/STOP
 *   18 = ARG3 is SETFLAG (NV30+), 19 = ARG2 is SRC0 delayed, 20 = ARG3 is
 *   SRC1 delayed (G92); PRE/START 18 = ARG2 is SRC0 delayed, 19 = ARG3 is
 *   SRC1 delayed (G92).
 *   Fixture signals: a..e = 0x10..0x14, pc01_gr_idle = 0xbd, flag = 0xfe,
 *   pm_trigger = 0xef, periodic = 0xed (G84+), dom0.flag = 0xff,
 *   dom1.event = 0xf6.
 *   The allocator's documented preference (hwpc-expr(7)): leaves in order
 *   of first appearance (rise(x) is x, then prev(x)), leaves the table does
 *   not depend on are dropped; cheapest placement first: fewest SRC slots,
 *   then fewest OP bits, then bit 16 < 17 < arg2-replace < arg3-replace <
 *   SETFLAG, then each leaf on the lowest argument that can read it.
 *   NV30 and G84 have the same logic ops; they differ here only in the
 *   G84 trailer names (periodic, zero, wrcache_flush). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

#include <cmocka.h>

#include "lop_fixture.h"

struct want {
	uint32_t src, op;
};
#define ERR {0xffffffffu, 0xffffffffu}
#define ALL(s, o) {{s, o}, {s, o}, {s, o}, {s, o}}

struct row {
	const char *expr;
	enum hwpc_lop_input in;
	struct want want[FX_NGENS]; /* NV10, NV30, G84, G92 */
};

static const struct row rows[] = {
	/* Single leaves: slot 0, table A. */
	{"a", HWPC_LOP_EVENT, ALL(0x10, 0xaaaa)},
	{"0x2a", HWPC_LOP_EVENT, ALL(0x2a, 0xaaaa)},
	{"42", HWPC_LOP_EVENT, ALL(0x2a, 0xaaaa)},
	{"PC01_GR_IDLE", HWPC_LOP_EVENT, ALL(0xbd, 0xaaaa)},
	{"!a", HWPC_LOP_EVENT, ALL(0x10, 0x5555)},
	{"~a", HWPC_LOP_EVENT, ALL(0x10, 0x5555)},
	{"not a", HWPC_LOP_EVENT, ALL(0x10, 0x5555)},
	{"!!a", HWPC_LOP_EVENT, ALL(0x10, 0xaaaa)},
	{"(((a)))", HWPC_LOP_EVENT, ALL(0x10, 0xaaaa)},
	/* Two leaves: slots 0 and 1. */
	{"a & b", HWPC_LOP_EVENT, ALL(0x1110, 0x8888)},
	{"a && b", HWPC_LOP_EVENT, ALL(0x1110, 0x8888)},
	{"  a  AND\tb ", HWPC_LOP_EVENT, ALL(0x1110, 0x8888)},
	{"a | b", HWPC_LOP_EVENT, ALL(0x1110, 0xeeee)},
	{"a || b", HWPC_LOP_EVENT, ALL(0x1110, 0xeeee)},
	{"A Or B", HWPC_LOP_EVENT, ALL(0x1110, 0xeeee)},
	{"a ^ b", HWPC_LOP_EVENT, ALL(0x1110, 0x6666)},
	{"a xor b", HWPC_LOP_EVENT, ALL(0x1110, 0x6666)},
	{"!a & b", HWPC_LOP_EVENT, ALL(0x1110, 0x4444)},       /* 0x5555 & 0xcccc */
	{"!(a & b)", HWPC_LOP_EVENT, ALL(0x1110, 0x7777)},
	{"0x00 | 0x01", HWPC_LOP_EVENT, ALL(0x0100, 0xeeee)},  /* hex: signals, not constants */
	{"flag & !pm_trigger", HWPC_LOP_EVENT, ALL(0xeffe, 0x2222)},
	{"dom0.flag | dom1.event", HWPC_LOP_EVENT, ALL(0xf6ff, 0xeeee)},
	/* Precedence: not > and > xor > or. */
	{"a & b | c", HWPC_LOP_EVENT, ALL(0x121110, 0xf8f8)},  /* 0x8888 | 0xf0f0 */
	{"a | b & c", HWPC_LOP_EVENT, ALL(0x121110, 0xeaea)},  /* 0xaaaa | 0xc0c0 */
	{"a ^ b & c", HWPC_LOP_EVENT, ALL(0x121110, 0x6a6a)},  /* 0xaaaa ^ 0xc0c0 */
	{"a | b ^ c", HWPC_LOP_EVENT, ALL(0x121110, 0xbebe)},  /* 0xaaaa | 0x3c3c */
	{"a xor b or c and d", HWPC_LOP_EVENT,                 /* 0x6666 | 0xf000 */
	 ALL(0x13121110, 0xf666)},
	{"(a | b) & (c | d)", HWPC_LOP_EVENT, ALL(0x13121110, 0xeee0)}, /* 0xeeee & 0xfff0 */
	{"a & b & c & d", HWPC_LOP_EVENT, ALL(0x13121110, 0x8000)},
	{"a ^ b ^ c ^ d", HWPC_LOP_EVENT, ALL(0x13121110, 0x6996)},
	/* Constants and leaves the table does not depend on: no slot. */
	{"true", HWPC_LOP_EVENT, ALL(0, 0xffff)},
	{"1", HWPC_LOP_EVENT, ALL(0, 0xffff)},
	{"false", HWPC_LOP_EVENT, ALL(0, 0)},
	{"0", HWPC_LOP_EVENT, ALL(0, 0)},
	{"a & !a", HWPC_LOP_EVENT, ALL(0, 0)},
	{"a | !a", HWPC_LOP_EVENT, ALL(0, 0xffff)},
	{"a & 1", HWPC_LOP_EVENT, ALL(0x10, 0xaaaa)},
	{"a ^ true", HWPC_LOP_EVENT, ALL(0x10, 0x5555)},
	{"a & b | a & !b", HWPC_LOP_EVENT, ALL(0x10, 0xaaaa)}, /* = a */
	/* Five leaves, one irrelevant: four slots. */
	{"a & b & c & d & (e | !e)", HWPC_LOP_EVENT, ALL(0x13121110, 0x8000)},
	/* prev alone: bit 16 (ARG0 delayed) is the cheapest one-bit choice. */
	{"prev(a)", HWPC_LOP_EVENT, ALL(0x10, 0x1aaaa)},
	/* Two delayed leaves: bits 16+17, both SRC slots 0 and 1. */
	{"prev(a) & prev(b)", HWPC_LOP_EVENT, ALL(0x1110, 0x38888)},
	{"prev(a & b)", HWPC_LOP_EVENT, ALL(0x1110, 0x38888)},  /* distributed */
	{"prev(!a | b)", HWPC_LOP_EVENT, ALL(0x1110, 0x3dddd)}, /* !A | B */
	/* prev(a) ^ b: prev(a) -> ARG0 (bit 16), b -> ARG1; on G92 the
	 * replace bits would need b elsewhere too, no cheaper. */
	{"prev(a) ^ b", HWPC_LOP_EVENT, ALL(0x1110, 0x16666)},
	/* rise(a) = a & !prev(a).  Before G92 a needs two slots: bit 16 makes
	 * ARG0 = SRC0 (a) delayed, a itself lands on ARG1: B & !A = 0x4444.
	 * G92: one slot, bit 19 makes ARG2 = SRC0 delayed: A & !C = 0x0a0a. */
	{"rise(a)", HWPC_LOP_EVENT,
	 {{0x1010, 0x14444}, {0x1010, 0x14444}, {0x1010, 0x14444}, {0x10, 0x80a0a}}},
	{"a & !prev(a)", HWPC_LOP_EVENT,
	 {{0x1010, 0x14444}, {0x1010, 0x14444}, {0x1010, 0x14444}, {0x10, 0x80a0a}}},
	{"pc01_gr_idle & !prev(pc01_gr_idle)", HWPC_LOP_EVENT,
	 {{0xbdbd, 0x14444}, {0xbdbd, 0x14444}, {0xbdbd, 0x14444}, {0xbd, 0x80a0a}}},
	/* fall(a) = !a & prev(a): !B & A = 0x2222; G92 !A & C = 0x5050. */
	{"fall(a)", HWPC_LOP_EVENT,
	 {{0x1010, 0x12222}, {0x1010, 0x12222}, {0x1010, 0x12222}, {0x10, 0x85050}}},
	/* edge(a) = a ^ prev(a): B ^ A = 0x6666; G92 A ^ C = 0x5a5a. */
	{"edge(a)", HWPC_LOP_EVENT,
	 {{0x1010, 0x16666}, {0x1010, 0x16666}, {0x1010, 0x16666}, {0x10, 0x85a5a}}},
	/* The same on PRE: the G92 replace bit is 18 there. */
	{"rise(a)", HWPC_LOP_PRE,
	 {{0x1010, 0x14444}, {0x1010, 0x14444}, {0x1010, 0x14444}, {0x10, 0x40a0a}}},
	{"prev(a) & !b", HWPC_LOP_START, ALL(0x1110, 0x12222)},
	/* rise(a) & b: before G92 SRC = a, a, b (ARG0 = prev a, ARG1 = a,
	 * ARG2 = b): B & !A & C = 0x4040.  G92: a, b in slots 0, 1 and
	 * ARG2 = SRC0 delayed: A & !C & B = 0x0808. */
	{"rise(a) & b", HWPC_LOP_EVENT,
	 {{0x111010, 0x14040}, {0x111010, 0x14040}, {0x111010, 0x14040}, {0x1110, 0x80808}}},
	/* rise(a) | rise(b): before G92 SRC = a, b, a, b with bits 16+17:
	 * C&!A | D&!B = 0x5050 | 0x3300.  G92: SRC = a, b with bits 19+20:
	 * A&!C | B&!D = 0x0a0a | 0x00cc. */
	{"rise(a) | rise(b)", HWPC_LOP_EVENT,
	 {{0x11101110, 0x37350}, {0x11101110, 0x37350}, {0x11101110, 0x37350},
	  {0x1110, 0x180ace}}},
	/* rise(a & b) = a & b & !(prev(a) & prev(b)): C & D & !(A & B) =
	 * 0xf000 & 0x7777; G92 A & B & !(C & D) = 0x8888 & 0x0fff. */
	{"rise(a & b)", HWPC_LOP_EVENT,
	 {{0x11101110, 0x37000}, {0x11101110, 0x37000}, {0x11101110, 0x37000},
	  {0x1110, 0x180888}}},
	/* edge(a) & b & c: before G92 SRC = a, a, b, c, bit 16:
	 * (B ^ A) & C & D = 0x6000.  G92: SRC = a, b, -, c with bit 19:
	 * (A ^ C) & B & D = 0x4800 (three slots beat four). */
	{"edge(a) & b & c", HWPC_LOP_EVENT,
	 {{0x12111010, 0x16000}, {0x12111010, 0x16000}, {0x12111010, 0x16000},
	  {0x12001110, 0x84800}}},
	/* Two delayed signals and two plain ones: the delayed ones must be
	 * SRC0/SRC1 on every class (G92's replace bits would need a and c
	 * in SRC0/SRC1 as well).  SRC = b, d, a, c; C&A | D&B = 0xa0a0|0xcc00. */
	{"a & prev(b) | c & prev(d)", HWPC_LOP_EVENT, ALL(0x12101311, 0x3eca0)},
	/* SETFLAG as ARG3 (bit 18, NV30+). */
	{"a & setflag", HWPC_LOP_EVENT, {ERR, {0x10, 0x4aa00}, {0x10, 0x4aa00}, {0x10, 0x4aa00}}},
	{"setflag", HWPC_LOP_STOP, {ERR, {0, 0x4ff00}, {0, 0x4ff00}, {0, 0x4ff00}}},
	/* "sf" is a SETFLAG alias in the symbol table; D & !A = 0x5500. */
	{"sf & !a", HWPC_LOP_EVENT, {ERR, {0x10, 0x45500}, {0x10, 0x45500}, {0x10, 0x45500}}},
	/* fall(b) | setflag on STOP.  NV30: bits 16+18, SRC = b, b:
	 * (!B & A) | D = 0xff22.  G92: bits 18+19, SRC = b: (!A & C) | D = 0xff50. */
	{"fall(b) | setflag", HWPC_LOP_STOP,
	 {ERR, {0x1111, 0x5ff22}, {0x1111, 0x5ff22}, {0x11, 0xcff50}}},
	/* Trailer names that appeared on G84. */
	{"periodic", HWPC_LOP_EVENT, {ERR, ERR, {0xed, 0xaaaa}, {0xed, 0xaaaa}}},
	{"a & !zero", HWPC_LOP_EVENT, {ERR, ERR, {0xec10, 0x2222}, {0xec10, 0x2222}}},
	/* Errors on every class. */
	{"prev(a) & prev(b) & prev(c)", HWPC_LOP_EVENT, {ERR, ERR, ERR, ERR}},
	{"a & b & c & d & e", HWPC_LOP_EVENT, {ERR, ERR, ERR, ERR}},
	{"rise(a) & rise(b) & c", HWPC_LOP_EVENT, {ERR, ERR, ERR, ERR}},
	{"prev(prev(a))", HWPC_LOP_EVENT, {ERR, ERR, ERR, ERR}},
	{"prev(setflag)", HWPC_LOP_EVENT, {ERR, ERR, ERR, ERR}},
	{"setflag", HWPC_LOP_PRE, {ERR, ERR, ERR, ERR}},
	{"0x100", HWPC_LOP_EVENT, {ERR, ERR, ERR, ERR}},
	{"pc02_crop_00", HWPC_LOP_EVENT, {ERR, ERR, ERR, ERR}},
};

static void check_row(const struct row *r, enum fx_gen gen)
{
	struct hwpc_lop_caps caps = fx_caps(gen);
	struct hwpc_lop_request req = {{NULL}, NULL, 0};
	struct hwpc_lop_setup out;
	struct hwpc_err err = {0, ""};
	const struct want *w = &r->want[gen];
	int rc;

	req.expr[r->in] = r->expr;
	rc = hwpc_lop_compile(&caps, fx_symtab(gen), &req, &out, &err);
	if (w->op == 0xffffffffu) {
		if (rc != HWPC_EINPUT)
			print_error("%s %s '%s': expected an error, got SRC 0x%08x OP 0x%08x\n",
				    fx_gen_names[gen], hwpc_lop_input_name(r->in), r->expr,
				    out.regs.src[r->in], out.regs.op[r->in]);
		assert_int_equal(rc, HWPC_EINPUT);
		return;
	}
	if (rc)
		print_error("%s %s '%s': %s\n", fx_gen_names[gen], hwpc_lop_input_name(r->in),
			    r->expr, err.msg);
	assert_int_equal(rc, HWPC_OK);
	if (out.regs.src[r->in] != w->src || out.regs.op[r->in] != w->op)
		print_error("%s %s '%s': SRC 0x%08x OP 0x%08x, expected SRC 0x%08x OP 0x%08x\n",
			    fx_gen_names[gen], hwpc_lop_input_name(r->in), r->expr,
			    out.regs.src[r->in], out.regs.op[r->in], w->src, w->op);
	assert_int_equal(out.regs.src[r->in], w->src);
	assert_int_equal(out.regs.op[r->in], w->op);
	/* Nothing else is touched. */
	for (int in = 0; in < HWPC_LOP_NINPUTS; in++)
		if (in != (int)r->in)
			assert_int_equal(out.regs.op[in], 0);
}

static void test_table(void **state)
{
	enum fx_gen gen = (enum fx_gen)(intptr_t)*state;

	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
		check_row(&rows[i], gen);
}

static void test_table_size(void **state)
{
	size_t ok = 0;

	(void)state;
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
		ok += rows[i].want[FX_G92].op != 0xffffffffu;
	assert_true(ok >= 40);
}

/* The setup reports where each argument comes from. */
static void test_args(void **state)
{
	struct hwpc_lop_caps caps = fx_caps(FX_G92);
	struct hwpc_lop_request req = {{NULL}, NULL, 0};
	struct hwpc_lop_setup out;
	struct hwpc_err err;
	const struct hwpc_lop_arg *a = out.args[HWPC_LOP_EVENT];

	(void)state;
	req.expr[HWPC_LOP_EVENT] = "rise(a) & setflag";
	assert_int_equal(hwpc_lop_compile(&caps, &fx_syms, &req, &out, &err), HWPC_OK);
	/* a -> ARG0, prev(a) -> ARG2 (SRC0 delayed), SETFLAG -> ARG3 */
	assert_true(a[0].used && !a[0].prev && a[0].signal == 0x10 && a[0].slot == 0);
	assert_true(!a[1].used);
	assert_true(a[2].used && a[2].prev && a[2].slot == 0 && a[2].reg == HWPC_LOP_EVENT);
	assert_true(a[3].used && a[3].setflag);
	assert_int_equal(out.regs.op[HWPC_LOP_EVENT], 0x000c0a00); /* A & !C & D */
	assert_true(out.has_src[HWPC_LOP_EVENT] && !out.has_src[HWPC_LOP_SETFLAG]);
}

/* Names are found case-insensitively; the decompiler prints the first
 * printable name of a signal and hex otherwise. */
static void test_decompile_names(void **state)
{
	struct hwpc_lop_caps caps = fx_caps(FX_G84);
	struct hwpc_lop_regs regs = {{0}, {0}};
	char buf[128];
	struct hwpc_err err;

	(void)state;
	regs.src[HWPC_LOP_EVENT] = 0x30fe;
	regs.op[HWPC_LOP_EVENT] = 0x8888;
	assert_int_equal(hwpc_lop_decompile(&caps, &fx_syms, &regs, HWPC_LOP_EVENT, buf,
					    sizeof buf, &err),
			 HWPC_OK);
	assert_string_equal(buf, "flag & 0x30");
	regs.src[HWPC_LOP_EVENT] = 0xbd;
	regs.op[HWPC_LOP_EVENT] = 0x80a0a;
	assert_int_equal(hwpc_lop_decompile(&caps, &fx_syms, &regs, HWPC_LOP_EVENT, buf,
					    sizeof buf, &err),
			 HWPC_OK); /* G84 ignores bit 19: ARG2 is SRC[2] = 0x00 */
	assert_string_equal(buf, "pc01_gr_idle & !0x00");
	caps = fx_caps(FX_G92);
	assert_int_equal(hwpc_lop_decompile(&caps, &fx_syms, &regs, HWPC_LOP_EVENT, buf,
					    sizeof buf, &err),
			 HWPC_OK);
	assert_string_equal(buf, "rise(pc01_gr_idle)");
	/* Too small a buffer is an error, not a silent cut. */
	assert_int_equal(hwpc_lop_decompile(&caps, &fx_syms, &regs, HWPC_LOP_EVENT, buf, 8, &err),
			 HWPC_EINPUT);
}

/* Symbol table rules: a usable name beats the same name listed as valid
 * elsewhere; no table at all leaves numbers, and hex on the way back. */
static void test_symtab_rules(void **state)
{
	static const struct hwpc_lop_sym entries[] = {
		{"X", HWPC_LOP_SYM_ELSEWHERE, 0, "only in domain 3"},
		{"x", HWPC_LOP_SYM_SIGNAL, 0x40, NULL},
		{"and", HWPC_LOP_SYM_SIGNAL, 0x41, NULL}, /* a keyword: unusable, printed as hex */
		{"y", HWPC_LOP_SYM_SIGNAL, 0x41, NULL},
	};
	const struct hwpc_lop_symtab syms = {entries, 4};
	struct hwpc_lop_caps caps = fx_caps(FX_G84);
	struct hwpc_lop_setup out;
	struct hwpc_err err;
	char buf[64];

	(void)state;
	assert_int_equal(fx_compile1(&caps, &syms, HWPC_LOP_EVENT, "x & y", &out, &err), HWPC_OK);
	assert_int_equal(out.regs.src[HWPC_LOP_EVENT], 0x4140);
	assert_int_equal(hwpc_lop_decompile(&caps, &syms, &out.regs, HWPC_LOP_EVENT, buf,
					    sizeof buf, &err),
			 HWPC_OK);
	assert_string_equal(buf, "x & y");
	assert_int_equal(hwpc_lop_decompile(&caps, NULL, &out.regs, HWPC_LOP_EVENT, buf, sizeof buf,
					    &err),
			 HWPC_OK);
	assert_string_equal(buf, "0x40 & 0x41");
	assert_int_equal(fx_compile1(&caps, NULL, HWPC_LOP_EVENT, "0x40 & 0x41", &out, &err),
			 HWPC_OK);
	assert_int_equal(fx_compile1(&caps, NULL, HWPC_LOP_EVENT, "x", &out, &err), HWPC_EINPUT);
}

static void test_explain(void **state)
{
	struct hwpc_lop_caps caps = fx_caps(FX_G92);
	struct hwpc_lop_request req = {{NULL}, NULL, 0};
	struct hwpc_lop_setup out;
	struct hwpc_err err;
	char buf[4096], small[16];
	size_t n;

	(void)state;
	req.expr[HWPC_LOP_EVENT] = "pc01_gr_idle & !prev(pc01_gr_idle)";
	req.expr[HWPC_LOP_SETFLAG] = "a";
	assert_int_equal(hwpc_lop_compile(&caps, &fx_syms, &req, &out, &err), HWPC_OK);
	n = hwpc_lop_explain(&caps, &fx_syms, &out.regs, req.expr, buf, sizeof buf);
	assert_int_equal(n, strlen(buf));
	assert_non_null(strstr(buf, "EVENT = pc01_gr_idle & !prev(pc01_gr_idle)\n"));
	assert_non_null(strstr(buf, "  EVENT_SRC = 0x000000bd\n"));
	assert_non_null(strstr(buf, "  EVENT_OP  = 0x00080a0a (bit 19: ARG2 = SRC0 delayed)\n"));
	assert_non_null(strstr(buf, "  ARG2 = EVENT_SRC[0] one cycle late = pc01_gr_idle (0xbd)\n"));
	assert_non_null(strstr(buf, "  ARG1 = EVENT_SRC[1] = 0x00  (unused)\n"));
	assert_non_null(strstr(buf, "    01    0  0  0  0   = 0x0\n"));
	/* SETFLAG reads START_SRC[2] first on NV30+, and has no SRC line. */
	assert_non_null(strstr(buf, "SETFLAG = a\n  SETFLAG_OP  = 0x0000aaaa\n"));
	assert_non_null(strstr(buf, "  ARG0 = START_SRC[2] = a (0x10)\n"));
	assert_null(strstr(buf, "PRE ="));
	/* Without expressions, the decompiler fills them in. */
	hwpc_lop_explain(&caps, &fx_syms, &out.regs, NULL, buf, sizeof buf);
	assert_non_null(strstr(buf, "EVENT = rise(pc01_gr_idle)\n"));
	/* snprintf-like: the full length whatever the buffer. */
	assert_int_equal(hwpc_lop_explain(&caps, &fx_syms, &out.regs, req.expr, small, sizeof small),
			 n);
	assert_int_equal(strlen(small), sizeof small - 1);
	assert_int_equal(hwpc_lop_explain(&caps, &fx_syms, &out.regs, req.expr, NULL, 0), n);

	/* NV10: SETFLAG has its own SRC register. */
	caps = fx_caps(FX_NV10);
	assert_int_equal(hwpc_lop_compile(&caps, &fx_syms, &req, &out, &err), HWPC_OK);
	hwpc_lop_explain(&caps, &fx_syms, &out.regs, req.expr, buf, sizeof buf);
	assert_non_null(strstr(buf, "SETFLAG = a\n  SETFLAG_SRC = 0x00000010\n"));
	assert_non_null(strstr(buf, "  ARG0 = SETFLAG_SRC[0] = a (0x10)\n"));
	assert_non_null(strstr(buf, "  EVENT_OP  = 0x00014444 (bit 16: ARG0 delayed)\n"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_table_size),
		{"table NV10", test_table, NULL, NULL, (void *)(intptr_t)FX_NV10},
		{"table NV30", test_table, NULL, NULL, (void *)(intptr_t)FX_NV30},
		{"table G84", test_table, NULL, NULL, (void *)(intptr_t)FX_G84},
		{"table G92", test_table, NULL, NULL, (void *)(intptr_t)FX_G92},
		cmocka_unit_test(test_args),
		cmocka_unit_test(test_decompile_names),
		cmocka_unit_test(test_symtab_rules),
		cmocka_unit_test(test_explain),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
