/* SPDX-License-Identifier: MIT */
/* Slot allocation across inputs: NV30+ SETFLAG/CLRFLAG borrowing PRE_SRC and
 * START_SRC slots, pinned slots of the special counter modes, and the
 * reports when no assignment exists.
 *
 * Seed step 1: on NV30+ SETFLAG's ARG0..3 read START_SRC[2], START_SRC[3],
 * PRE_SRC[0], PRE_SRC[1]; CLRFLAG's read PRE_SRC[2], PRE_SRC[3],
 * START_SRC[0], START_SRC[1].  Special counter modes read B4 =
 * START_SRC[0..3], B6 = B4 + EVENT_SRC[2..3], B2 = EVENT_SRC[0..1].
 * Fixture signals: a..f = 0x10..0x15. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

#include <cmocka.h>

#include "lop_fixture.h"

#define PRE HWPC_LOP_PRE
#define START HWPC_LOP_START
#define EVENT HWPC_LOP_EVENT
#define STOP HWPC_LOP_STOP
#define SETFLAG HWPC_LOP_SETFLAG
#define CLRFLAG HWPC_LOP_CLRFLAG

#define assert_prefix(s, p) assert_memory_equal(s, p, strlen(p))

static int compile(enum fx_gen gen, const char *const expr[6], const struct hwpc_lop_pin *pins,
		   size_t npins, struct hwpc_lop_setup *out, struct hwpc_err *err)
{
	struct hwpc_lop_caps caps = fx_caps(gen);
	struct hwpc_lop_request req = {{NULL}, pins, npins};

	memcpy(req.expr, expr, sizeof req.expr);
	return hwpc_lop_compile(&caps, fx_symtab(gen), &req, out, err);
}

/* Each input of a joint result computes the same function as the input
 * compiled on its own (NV10 class: every input has its own SRC). */
static void check_each_alone(enum fx_gen gen, const char *const expr[6],
			     const struct hwpc_lop_setup *joint)
{
	struct hwpc_lop_caps caps = fx_caps(gen);

	for (int in = 0; in < HWPC_LOP_NINPUTS; in++) {
		const char *one[6] = {NULL};
		struct hwpc_lop_setup alone;
		struct hwpc_err err;
		if (!expr[in])
			continue;
		one[in] = expr[in];
		assert_int_equal(compile(gen, one, NULL, 0, &alone, &err), HWPC_OK);
		if (!fx_same_function(&caps, &joint->regs, in, &alone.regs, in))
			print_error("%s: '%s' placed jointly computes something else\n",
				    hwpc_lop_input_name(in), expr[in]);
		assert_true(fx_same_function(&caps, &joint->regs, in, &alone.regs, in));
	}
}

static void test_one_leaf_each(void **state)
{
	/* Inputs are placed most constrained first, ties in PRE..CLRFLAG
	 * order, each on its cheapest free option: PRE a -> PRE_SRC[0],
	 * START b -> START_SRC[0], SETFLAG c -> ARG0 = START_SRC[2],
	 * CLRFLAG d -> ARG0 = PRE_SRC[2]. */
	const char *expr[6] = {"a", "b", NULL, NULL, "c", "d"};
	struct hwpc_lop_setup out;
	struct hwpc_err err;

	(void)state;
	assert_int_equal(compile(FX_NV30, expr, NULL, 0, &out, &err), HWPC_OK);
	assert_int_equal(out.regs.src[PRE], 0x00130010);
	assert_int_equal(out.regs.src[START], 0x00120011);
	for (int in = 0; in < 6; in++)
		assert_int_equal(out.regs.op[in], in == EVENT || in == STOP ? 0 : 0xaaaa);
	assert_false(out.has_src[SETFLAG] || out.has_src[CLRFLAG]);
	check_each_alone(FX_NV30, expr, &out);

	/* NV10: the same expressions use their own SRC registers. */
	assert_int_equal(compile(FX_NV10, expr, NULL, 0, &out, &err), HWPC_OK);
	assert_int_equal(out.regs.src[PRE], 0x10);
	assert_int_equal(out.regs.src[START], 0x11);
	assert_int_equal(out.regs.src[SETFLAG], 0x12);
	assert_int_equal(out.regs.src[CLRFLAG], 0x13);
	assert_true(out.has_src[SETFLAG] && out.has_src[CLRFLAG]);
}

static void test_all_six_nv10(void **state)
{
	const char *expr[6] = {"a & b & c & d", "b | c | d | e", "a ^ b ^ c ^ d",
			       "prev(a) & prev(b) & c & d", "rise(a) | rise(b)", "c & !d"};
	struct hwpc_lop_setup out;
	struct hwpc_err err;

	(void)state;
	assert_int_equal(compile(FX_NV10, expr, NULL, 0, &out, &err), HWPC_OK);
	assert_int_equal(out.regs.src[PRE], 0x13121110);
	assert_int_equal(out.regs.src[START], 0x14131211);
	/* rise(a) | rise(b): a, b delayed in SRC0/1, again in SRC2/3 */
	assert_int_equal(out.regs.src[SETFLAG], 0x11101110);
	assert_int_equal(out.regs.op[SETFLAG], 0x37350);
	assert_int_equal(out.regs.src[CLRFLAG], 0x1312);
	check_each_alone(FX_NV10, expr, &out);
}

/* PRE full, START full, and a SETFLAG made of their signals: SETFLAG can
 * only read c and f where PRE and START put them. */
static void test_shared_signals(void **state)
{
	const char *expr[6] = {"a & b & c & d", "e & f & 0x20 & 0x21", NULL, NULL, "c | f", NULL};
	struct hwpc_lop_caps caps = fx_caps(FX_NV30);
	struct hwpc_lop_setup out;
	struct hwpc_lop_arg args[4];
	struct hwpc_err err;

	(void)state;
	assert_int_equal(compile(FX_NV30, expr, NULL, 0, &out, &err), HWPC_OK);
	check_each_alone(FX_NV30, expr, &out);
	assert_int_equal(hwpc_lop_decode(&caps, &out.regs, SETFLAG, args, &err), HWPC_OK);
	/* c comes from PRE_SRC[0] or [1] (SETFLAG's ARG2/ARG3), f from
	 * START_SRC[2] or [3] (ARG0/ARG1). */
	for (int j = 0; j < 4; j++) {
		if (!args[j].used)
			continue;
		if (args[j].signal == 0x12)
			assert_true(args[j].reg == HWPC_LOP_PRE && args[j].slot < 2 && j >= 2);
		else
			assert_true(args[j].signal == 0x15 && args[j].reg == HWPC_LOP_START &&
				    args[j].slot >= 2 && j < 2);
	}
	/* Found first: SETFLAG c -> ARG2, f -> ARG0 (c | f = C | A); PRE
	 * keeps c in PRE_SRC[0]; START keeps f in START_SRC[2]. */
	assert_int_equal(out.regs.op[SETFLAG], 0xfafa);
	assert_int_equal(out.regs.src[PRE], 0x13111012);
	assert_int_equal(out.regs.src[START], 0x21152014);

	/* The four inputs together, with CLRFLAG reading PRE_SRC[2..3] and
	 * START_SRC[0..1]. */
	const char *four[6] = {"a & b & c & d", "e & f & 0x20 & 0x21", NULL, NULL, "c | f",
			       "!(a ^ 0x20)"};
	assert_int_equal(compile(FX_NV30, four, NULL, 0, &out, &err), HWPC_OK);
	check_each_alone(FX_NV30, four, &out);
}

/* G92: SETFLAG_OP/CLRFLAG_OP bit 18 makes ARG2 = their SRC0 delayed,
 * i.e. START_SRC[2] / PRE_SRC[2] one cycle late. */
static void test_g92_flag_delays(void **state)
{
	const char *expr[6] = {NULL, NULL, NULL, NULL, "rise(a)", "fall(b)"};
	struct hwpc_lop_setup out;
	struct hwpc_err err;

	(void)state;
	assert_int_equal(compile(FX_G92, expr, NULL, 0, &out, &err), HWPC_OK);
	assert_int_equal(out.regs.src[START], 0x00100000); /* START_SRC[2] = a */
	assert_int_equal(out.regs.src[PRE], 0x00110000);   /* PRE_SRC[2] = b */
	assert_int_equal(out.regs.op[SETFLAG], 0x40a0a);   /* A & !C, bit 18 */
	assert_int_equal(out.regs.op[CLRFLAG], 0x45050);   /* !A & C, bit 18 */
	assert_true(out.args[SETFLAG][2].prev && out.args[SETFLAG][2].reg == HWPC_LOP_START &&
		    out.args[SETFLAG][2].slot == 2);
	check_each_alone(FX_G92, expr, &out);
	/* On NV30 the delay bits of SETFLAG_OP apply to its ARG0/ARG1, so
	 * rise(a) needs START_SRC[2] and START_SRC[3]. */
	assert_int_equal(compile(FX_NV30, expr, NULL, 0, &out, &err), HWPC_OK);
	assert_int_equal(out.regs.src[START], 0x10100000);
	assert_int_equal(out.regs.op[SETFLAG], 0x14444);
	check_each_alone(FX_NV30, expr, &out);
}

static void test_conflicts(void **state)
{
	struct hwpc_lop_setup out;
	struct hwpc_err err;

	(void)state;
	/* A pair: PRE fills PRE_SRC, SETFLAG needs two of its slots. */
	const char *pair[6] = {"a & b & c & d", NULL, NULL, NULL, "e | f | 0x20 | 0x21", NULL};
	assert_int_equal(compile(FX_NV30, pair, NULL, 0, &out, &err), HWPC_EINPUT);
	assert_string_equal(err.msg,
			    "PRE and SETFLAG cannot share PRE_SRC[0], PRE_SRC[1]: PRE needs a, b, "
			    "c, d; SETFLAG needs e, f, 0x20, 0x21\n"
			    "  PRE      a & b & c & d\n"
			    "  SETFLAG  e | f | 0x20 | 0x21");
	/* Fine when SETFLAG's extra signals are PRE's. */
	const char *ok[6] = {"a & b & c & d", NULL, NULL, NULL, "e | f | a | b", NULL};
	assert_int_equal(compile(FX_NV30, ok, NULL, 0, &out, &err), HWPC_OK);
	check_each_alone(FX_NV30, ok, &out);
	/* And always fine where SETFLAG has its own SRC. */
	assert_int_equal(compile(FX_NV10, pair, NULL, 0, &out, &err), HWPC_OK);

	/* Three inputs: each pair fits, the three do not. */
	const char *three[6] = {"a & b & c & d", "e & f & 0x20 & 0x21", NULL, NULL, "0x22", NULL};
	assert_int_equal(compile(FX_NV30, three, NULL, 0, &out, &err), HWPC_EINPUT);
	assert_string_equal(err.msg,
			    "PRE, START and SETFLAG cannot share PRE_SRC[0], PRE_SRC[1], "
			    "START_SRC[2], START_SRC[3]: PRE needs a, b, c, d; START needs e, f, "
			    "0x20, 0x21; SETFLAG needs 0x22\n"
			    "  PRE      a & b & c & d\n"
			    "  START    e & f & 0x20 & 0x21\n"
			    "  SETFLAG  0x22");
	/* The smallest conflicting group is named, not all inputs. */
	const char *more[6] = {"a & b & c & d", "b", "c", "d", "e | f | 0x20 | 0x21", "a"};
	assert_int_equal(compile(FX_NV30, more, NULL, 0, &out, &err), HWPC_EINPUT);
	assert_prefix(err.msg, "PRE and SETFLAG cannot share PRE_SRC[0], PRE_SRC[1]:");
	/* Four inputs, each with four leaves and nothing in common. */
	const char *full[6] = {"a & b & c & d", "e & f & 0x20 & 0x21", NULL, NULL,
			       "0x22 & 0x23 & 0x24 & 0x25", "0x26 & 0x27 & 0x28 & 0x29"};
	assert_int_equal(compile(FX_NV30, full, NULL, 0, &out, &err), HWPC_EINPUT);
	assert_prefix(err.msg, "PRE and SETFLAG cannot share PRE_SRC[0], PRE_SRC[1]:");
}

/* Counter mode B4: START_SRC[0..3] hold a 4-bit integer. */
static void test_pins_b4(void **state)
{
	const struct hwpc_lop_pin b4[] = {
		{HWPC_LOP_START, 0, 0x20}, {HWPC_LOP_START, 1, 0x21},
		{HWPC_LOP_START, 2, 0x22}, {HWPC_LOP_START, 3, 0x23},
	};
	struct hwpc_lop_setup out;
	struct hwpc_err err;

	(void)state;
	/* START may read the pinned signals: 0x22 is START_SRC[2] = ARG2. */
	const char *reuse[6] = {NULL, "0x22", NULL, NULL, NULL, NULL};
	assert_int_equal(compile(FX_G84, reuse, b4, 4, &out, &err), HWPC_OK);
	assert_int_equal(out.regs.src[START], 0x23222120);
	assert_int_equal(out.regs.op[START], 0xf0f0);
	/* Pinned slots are written even with no expression. */
	const char *none[6] = {NULL, NULL, "a", NULL, NULL, NULL};
	assert_int_equal(compile(FX_G84, none, b4, 4, &out, &err), HWPC_OK);
	assert_int_equal(out.regs.src[START], 0x23222120);
	assert_int_equal(out.regs.op[START], 0);
	/* Anything else does not fit. */
	const char *other[6] = {NULL, "a & 0x21", NULL, NULL, NULL, NULL};
	assert_int_equal(compile(FX_G84, other, b4, 4, &out, &err), HWPC_EINPUT);
	assert_string_equal(err.msg,
			    "START: a, 0x21 does not fit around the pinned slots START_SRC[0]=0x20, "
			    "START_SRC[1]=0x21, START_SRC[2]=0x22, START_SRC[3]=0x23\n"
			    "  a & 0x21\n"
			    "  ^~~~~~~~");
	/* CLRFLAG reads START_SRC[0..1] as its ARG2/ARG3: 0x21 is ARG3,
	 * a goes to PRE_SRC[2] (ARG0): A & D = 0xaa00. */
	const char *clr[6] = {NULL, NULL, NULL, NULL, NULL, "0x21 & a"};
	assert_int_equal(compile(FX_G84, clr, b4, 4, &out, &err), HWPC_OK);
	assert_int_equal(out.regs.op[CLRFLAG], 0xaa00);
	assert_int_equal(out.regs.src[PRE], 0x00100000);
	/* SETFLAG needs START_SRC[2..3] for a delayed leaf before G92. */
	const char *set[6] = {NULL, NULL, NULL, NULL, "prev(a)", NULL};
	assert_int_equal(compile(FX_G84, set, b4, 4, &out, &err), HWPC_EINPUT);
	assert_prefix(err.msg, "SETFLAG: prev(a) does not fit around the pinned slots "
			       "START_SRC[2]=0x22, START_SRC[3]=0x23\n");
	/* ...unless it delays a pinned signal. */
	const char *setp[6] = {NULL, NULL, NULL, NULL, "prev(0x23)", NULL};
	assert_int_equal(compile(FX_G84, setp, b4, 4, &out, &err), HWPC_OK);
	assert_int_equal(out.regs.op[SETFLAG], 0x2cccc); /* ARG1 delayed */
}

/* Counter modes B6 (START_SRC[0..3] + EVENT_SRC[2..3]) and B2
 * (EVENT_SRC[0..1]). */
static void test_pins_b6_b2(void **state)
{
	const struct hwpc_lop_pin b6[] = {
		{HWPC_LOP_START, 0, 0x20}, {HWPC_LOP_START, 1, 0x21}, {HWPC_LOP_START, 2, 0x22},
		{HWPC_LOP_START, 3, 0x23}, {HWPC_LOP_EVENT, 2, 0x24}, {HWPC_LOP_EVENT, 3, 0x25},
	};
	const struct hwpc_lop_pin b2[] = {{HWPC_LOP_EVENT, 0, 0x26}, {HWPC_LOP_EVENT, 1, 0x27}};
	struct hwpc_lop_setup out;
	struct hwpc_err err;

	(void)state;
	const char *two[6] = {NULL, NULL, "a & !b", NULL, NULL, NULL};
	assert_int_equal(compile(FX_G84, two, b6, 6, &out, &err), HWPC_OK);
	assert_int_equal(out.regs.src[EVENT], 0x25241110);
	assert_int_equal(out.regs.op[EVENT], 0x2222);
	const char *three[6] = {NULL, NULL, "a & b & c", NULL, NULL, NULL};
	assert_int_equal(compile(FX_G84, three, b6, 6, &out, &err), HWPC_EINPUT);
	assert_prefix(err.msg, "EVENT: a, b, c does not fit around the pinned slots "
			       "EVENT_SRC[2]=0x24, EVENT_SRC[3]=0x25\n");
	/* B2 takes SRC0/SRC1, the only delayable ones. */
	const char *late[6] = {NULL, NULL, "prev(a)", NULL, NULL, NULL};
	assert_int_equal(compile(FX_G92, late, b2, 2, &out, &err), HWPC_EINPUT);
	const char *latep[6] = {NULL, NULL, "rise(0x27) & a", NULL, NULL, NULL};
	assert_int_equal(compile(FX_G92, latep, b2, 2, &out, &err), HWPC_OK);
	/* 0x27 -> ARG1, prev -> ARG3 (bit 20), a -> ARG2: B & !D & C */
	assert_int_equal(out.regs.src[EVENT], 0x00102726);
	assert_int_equal(out.regs.op[EVENT], 0x1000c0);
	check_each_alone(FX_G92, latep, &out);
}

static void test_bad_pins(void **state)
{
	const char *expr[6] = {NULL, NULL, "a", NULL, NULL, NULL};
	struct hwpc_lop_setup out;
	struct hwpc_err err;
	struct hwpc_lop_pin p[2] = {{HWPC_LOP_SETFLAG, 0, 0x20}, {HWPC_LOP_SETFLAG, 0, 0x21}};

	(void)state;
	assert_int_equal(compile(FX_NV30, expr, p, 1, &out, &err), HWPC_EINPUT);
	assert_string_equal(err.msg, "pinned slot SETFLAG_SRC[0]: this chipset has no SETFLAG_SRC");
	assert_int_equal(compile(FX_NV10, expr, p, 1, &out, &err), HWPC_OK);
	assert_int_equal(out.regs.src[SETFLAG], 0x20);
	assert_int_equal(compile(FX_NV10, expr, p, 2, &out, &err), HWPC_EINPUT);
	assert_string_equal(err.msg, "SETFLAG_SRC[0] is pinned to both 0x20 and 0x21");
	p[0] = (struct hwpc_lop_pin){HWPC_LOP_EVENT, 4, 0x20};
	assert_int_equal(compile(FX_NV10, expr, p, 1, &out, &err), HWPC_EINPUT);
	assert_string_equal(err.msg, "pinned slot 0: no such SRC slot");
	p[0] = (struct hwpc_lop_pin){HWPC_LOP_EVENT, 3, 0x100};
	assert_int_equal(compile(FX_NV10, expr, p, 1, &out, &err), HWPC_EINPUT);
	assert_string_equal(err.msg, "pinned slot EVENT_SRC[3]: signal 0x100 is out of range");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_one_leaf_each),
		cmocka_unit_test(test_all_six_nv10),
		cmocka_unit_test(test_shared_signals),
		cmocka_unit_test(test_g92_flag_delays),
		cmocka_unit_test(test_conflicts),
		cmocka_unit_test(test_pins_b4),
		cmocka_unit_test(test_pins_b6_b2),
		cmocka_unit_test(test_bad_pins),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
