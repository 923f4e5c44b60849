/* SPDX-License-Identifier: MIT */
/* Every way an expression can be refused: HWPC_EINPUT, a first line that
 * says what is wrong, then the expression and a caret line under the
 * offending token. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

#include <cmocka.h>

#include "lop_fixture.h"

struct bad {
	enum fx_gen gen;
	enum hwpc_lop_input in;
	const char *expr;
	const char *first;  /* the whole first line */
	int col, len;       /* caret position and width, -1: no echo */
};

static const struct bad bads[] = {
	/* unknown names, with close names suggested */
	{FX_G84, HWPC_LOP_EVENT, "pc01_gr_idel & a",
	 "EVENT: unknown name 'pc01_gr_idel' (did you mean pc01_gr_idle?)", 0, 12},
	{FX_G84, HWPC_LOP_EVENT, "a | gr_idle",
	 "EVENT: unknown name 'gr_idle' (did you mean pc01_gr_idle?)", 4, 7},
	{FX_G84, HWPC_LOP_EVENT, "pc01_vfetch_02",
	 "EVENT: unknown name 'pc01_vfetch_02' (did you mean pc01_vfetch_00, pc01_vfetch_01?)", 0,
	 14},
	{FX_G84, HWPC_LOP_EVENT, "a & prevv(b)",
	 "EVENT: unknown name 'prevv' (did you mean prev?)", 4, 5},
	{FX_G84, HWPC_LOP_EVENT, "zzzzqqq", "EVENT: unknown name 'zzzzqqq'", 0, 7},
	/* names valid only elsewhere */
	{FX_G84, HWPC_LOP_START, "a & pc02_crop_00",
	 "START: 'pc02_crop_00' is not available here: only in domain 2", 4, 12},
	{FX_G92, HWPC_LOP_EVENT, "USER0", "EVENT: 'USER0' is not available here: only on GT215 and later",
	 0, 5},
	{FX_NV30, HWPC_LOP_EVENT, "!periodic",
	 "EVENT: 'periodic' is not available here: only on G84 and later", 1, 8},
	/* too many leaves, listed; the caret is under the fifth */
	{FX_G84, HWPC_LOP_EVENT, "a & b & c & d & e",
	 "EVENT: 5 distinct leaves, but a logic op has 4 arguments: a, b, c, d, e", 16, 1},
	{FX_G92, HWPC_LOP_EVENT, "rise(a) & rise(b) & c",
	 "EVENT: 5 distinct leaves, but a logic op has 4 arguments: a, prev(a), b, prev(b), c", 20,
	 1},
	{FX_G84, HWPC_LOP_STOP, "setflag & a & b & c & d",
	 "STOP: 5 distinct leaves, but a logic op has 4 arguments: setflag, a, b, c, d", 22, 1},
	/* delays the generation cannot express */
	{FX_NV10, HWPC_LOP_EVENT, "prev(a) & prev(b) & prev(c)",
	 "EVENT: 3 delayed leaves (prev(a), prev(b), prev(c)), but only the signals in SRC slots 0 "
	 "and 1 can be read one cycle late, by ARG0 and ARG1 only",
	 25, 1},
	{FX_G92, HWPC_LOP_EVENT, "prev(a) | prev(b) | prev(c)",
	 "EVENT: 3 delayed leaves (prev(a), prev(b), prev(c)), but only the signals in SRC slots 0 "
	 "and 1 can be read one cycle late",
	 25, 1},
	{FX_G84, HWPC_LOP_EVENT, "prev(prev(a))",
	 "EVENT: a delay of two cycles ('prev' inside 'prev'): the hardware delays a signal by one "
	 "cycle at most",
	 5, 4},
	{FX_G84, HWPC_LOP_EVENT, "rise(a & Prev(b))",
	 "EVENT: a delay of two cycles ('prev' inside 'rise'): the hardware delays a signal by one "
	 "cycle at most",
	 9, 4},
	{FX_G84, HWPC_LOP_EVENT, "prev(edge(a))",
	 "EVENT: a delay of two cycles ('edge' inside 'prev'): the hardware delays a signal by one "
	 "cycle at most",
	 5, 4},
	{FX_G84, HWPC_LOP_EVENT, "prev a", "EVENT: 'prev' needs an argument in parentheses: prev(x)",
	 0, 4},
	/* setflag where it is not allowed */
	{FX_NV10, HWPC_LOP_EVENT, "a & setflag",
	 "EVENT: 'setflag': this chipset's EVENT and STOP cannot take the SETFLAG input as an "
	 "argument",
	 4, 7},
	{FX_G84, HWPC_LOP_PRE, "setflag", "PRE: 'setflag' can only be used in EVENT and STOP "
					  "expressions (it replaces their ARG3)",
	 0, 7},
	{FX_G84, HWPC_LOP_SETFLAG, "a | sf", "SETFLAG: 'sf' can only be used in EVENT and STOP "
					     "expressions (it replaces their ARG3)",
	 4, 2},
	{FX_G84, HWPC_LOP_EVENT, "prev(setflag)",
	 "EVENT: 'setflag' cannot be delayed: SETFLAG replaces ARG3 in the same cycle", 5, 7},
	/* parentheses */
	{FX_G84, HWPC_LOP_EVENT, "(a & b",
	 "EVENT: unbalanced parentheses: this '(' is never closed", 0, 1},
	{FX_G84, HWPC_LOP_EVENT, "a & (b | (c)",
	 "EVENT: unbalanced parentheses: this '(' is never closed", 4, 1},
	{FX_G84, HWPC_LOP_EVENT, "rise(a",
	 "EVENT: unbalanced parentheses: this '(' is never closed", 4, 1},
	{FX_G84, HWPC_LOP_EVENT, "a & b)",
	 "EVENT: unbalanced parentheses: ')' without a matching '('", 5, 1},
	{FX_G84, HWPC_LOP_EVENT, "(a b)", "EVENT: expected an operator or ')' before 'b'", 3, 1},
	{FX_G84, HWPC_LOP_EVENT, "()", "EVENT: expected an operand before ')'", 1, 1},
	/* empty, missing operands, trailing garbage */
	{FX_G84, HWPC_LOP_EVENT, "", "EVENT: empty expression", 0, 1},
	{FX_G84, HWPC_LOP_EVENT, "   \t ", "EVENT: empty expression", 5, 1},
	{FX_G84, HWPC_LOP_EVENT, "a &", "EVENT: expected an operand at the end of the expression", 3,
	 1},
	{FX_G84, HWPC_LOP_EVENT, "a & | b", "EVENT: expected an operand before '|'", 4, 1},
	{FX_G84, HWPC_LOP_EVENT, "not", "EVENT: expected an operand at the end of the expression", 3,
	 1},
	{FX_G84, HWPC_LOP_EVENT, "a b",
	 "EVENT: unexpected 'b' after a complete expression; an operator is missing", 2, 1},
	{FX_G84, HWPC_LOP_EVENT, "a & b c",
	 "EVENT: unexpected 'c' after a complete expression; an operator is missing", 6, 1},
	{FX_G84, HWPC_LOP_EVENT, "a $ b", "EVENT: unexpected character '$'", 2, 1},
	{FX_G84, HWPC_LOP_EVENT, "a & #", "EVENT: unexpected character '#'", 4, 1},
	/* numbers */
	{FX_G84, HWPC_LOP_EVENT, "0x", "EVENT: malformed number '0x'", 0, 2},
	{FX_G84, HWPC_LOP_EVENT, "a | 12ab", "EVENT: malformed number '12ab'", 4, 4},
	{FX_G84, HWPC_LOP_EVENT, "0x100",
	 "EVENT: signal '0x100' is out of range: this domain has 256 signals (0x00-0xff)", 0, 5},
	{FX_G84, HWPC_LOP_EVENT, "a & 999999999999",
	 "EVENT: signal '999999999999' is out of range: this domain has 256 signals (0x00-0xff)", 4,
	 12},
};

static void check_message(const char *msg, const struct bad *b)
{
	char want[256];
	const char *nl = strchr(msg, '\n');

	if (!nl || strncmp(msg, b->first, (size_t)(nl - msg)) || strlen(b->first) != (size_t)(nl - msg)) {
		print_error("'%s': got\n%s\nwanted first line\n%s\n", b->expr, msg, b->first);
		fail();
	}
	/* The echo: the expression, tabs shown as spaces. */
	snprintf(want, sizeof want, "  %s\n", b->expr);
	for (char *c = want; *c; c++)
		if (*c == '\t')
			*c = ' ';
	assert_memory_equal(nl + 1, want, strlen(want));
	/* The caret line. */
	int n = snprintf(want, sizeof want, "  %*s^", b->col, "");
	for (int i = 1; i < b->len; i++)
		want[n++] = '~';
	want[n] = 0;
	assert_string_equal(nl + 1 + strlen(b->expr) + 3, want);
}

static void test_bad(void **state)
{
	for (size_t i = 0; i < sizeof bads / sizeof bads[0]; i++) {
		const struct bad *b = &bads[i];
		struct hwpc_lop_caps caps = fx_caps(b->gen);
		struct hwpc_err err = {0, ""};

		(void)state;
		assert_int_equal(fx_compile1(&caps, fx_symtab(b->gen), b->in, b->expr, NULL, &err),
				 HWPC_EINPUT);
		assert_int_equal(err.status, HWPC_EINPUT);
		check_message(err.msg, b);
	}
}

/* Compile expr as EVENT with the G84+ names. */
#define EVENT1(caps, expr, err) fx_compile1(caps, &fx_syms, HWPC_LOP_EVENT, expr, NULL, err)

/* A smaller domain: numbers and names beyond it are refused. */
static void test_small_domain(void **state)
{
	struct hwpc_lop_caps caps = fx_caps(FX_G84);
	struct hwpc_err err;

	(void)state;
	caps.nsignals = 0x80;
	assert_int_equal(EVENT1(&caps, "0x80", &err), HWPC_EINPUT);
	assert_non_null(strstr(err.msg, "has 128 signals (0x00-0x7f)"));
	assert_int_equal(EVENT1(&caps, "a | flag", &err), HWPC_EINPUT);
	assert_non_null(
		strstr(err.msg, "EVENT: 'flag' is signal 0xfe, beyond this domain's 128 signals\n"));
	assert_int_equal(EVENT1(&caps, "0x7f", &err), HWPC_OK);
}

/* A generation whose OP has no delay bits at all. */
static void test_no_delay_bits(void **state)
{
	struct hwpc_lop_caps caps = fx_caps(FX_NV10);
	struct hwpc_err err;

	(void)state;
	caps.op[HWPC_LOP_STOP].delay[0] = caps.op[HWPC_LOP_STOP].delay[1] = -1;
	assert_int_equal(fx_compile1(&caps, &fx_syms, HWPC_LOP_STOP, "a & rise(b)", NULL, &err),
			 HWPC_EINPUT);
	assert_string_equal(err.msg, "STOP: this chipset cannot delay STOP's arguments (prev(b))\n"
				     "  a & rise(b)\n"
				     "           ^");
	/* EVENT still can. */
	assert_int_equal(EVENT1(&caps, "a & rise(b)", &err), HWPC_OK);
}

/* Limits: length, nesting, size; long expressions echo a window. */
static void test_limits(void **state)
{
	struct hwpc_lop_caps caps = fx_caps(FX_G84);
	struct hwpc_err err;
	char text[2048];

	(void)state;
	memset(text, 'a', 1100);
	text[1100] = 0;
	assert_int_equal(EVENT1(&caps, text, &err), HWPC_EINPUT);
	assert_string_equal(err.msg, "EVENT: expression too long (1100 bytes, at most 1024)");

	for (int i = 0; i < 70; i++)
		text[i] = '(', text[71 + i] = ')';
	text[70] = 'a';
	text[141] = 0;
	assert_int_equal(EVENT1(&caps, text, &err), HWPC_EINPUT);
	assert_non_null(strstr(err.msg, "EVENT: expression nested deeper than 64 levels\n"));

	for (int i = 0; i < 511; i++)
		text[2 * i] = 'a', text[2 * i + 1] = '&';
	text[1022] = 'b';
	text[1023] = 0;
	assert_int_equal(EVENT1(&caps, text, &err), HWPC_EINPUT);
	assert_non_null(strstr(err.msg, "EVENT: expression too complex (more than 512 operations)\n"));

	/* The echo of a long expression is a window with the caret in it. */
	memset(text, 0, sizeof text);
	for (int i = 0; i < 60; i++)
		memcpy(text + 5 * i, "a | ", 4), text[5 * i + 4] = ' ';
	strcat(text, "nosuch | a");
	assert_int_equal(EVENT1(&caps, text, &err), HWPC_EINPUT);
	const char *echo = strchr(err.msg, '\n') + 1, *caret = strchr(echo, '\n') + 1;
	assert_memory_equal(echo, "  ...", 5);
	assert_true(strlen(caret) < 110);
	assert_memory_equal(echo + (strchr(caret, '^') - caret), "nosuch", 6);

	/* A long first line leaves less room: the caret line still ends the
	 * message, under the right token. */
	memset(text, 0, sizeof text);
	for (int i = 0; i < 8; i++)
		strcat(text, "pc01_strmout_00 & pc01_strmout_01 & pc01_trast_00 | ");
	strcat(text, "pc01_trast_01 & pc01_vattr_00 & pc01_vfetch_00 & pc01_vfetch_01 & a");
	assert_int_equal(EVENT1(&caps, text, &err), HWPC_EINPUT);
	echo = strchr(err.msg, '\n') + 1;
	caret = strchr(echo, '\n') + 1;
	assert_null(strchr(caret, '\n'));
	assert_true(strlen(err.msg) < sizeof err.msg - 1);
	assert_memory_equal(echo + (strchr(caret, '^') - caret), "pc01_vattr_00", 13);
}

/* Errors name the input, first one in PRE..CLRFLAG order. */
static void test_which_input(void **state)
{
	struct hwpc_lop_caps caps = fx_caps(FX_G84);
	struct hwpc_lop_request req = {{NULL}, NULL, 0};
	struct hwpc_lop_setup out;
	struct hwpc_err err;

	(void)state;
	req.expr[HWPC_LOP_EVENT] = "a";
	req.expr[HWPC_LOP_STOP] = "b &";
	req.expr[HWPC_LOP_CLRFLAG] = "c c";
	assert_int_equal(hwpc_lop_compile(&caps, &fx_syms, &req, &out, &err), HWPC_EINPUT);
	assert_memory_equal(err.msg, "STOP: ", 6);
	/* The output is left zeroed, never half written. */
	assert_int_equal(out.regs.op[HWPC_LOP_EVENT], 0);
}

/* Bad capability descriptions are refused before any parsing. */
static void test_bad_caps(void **state)
{
	struct hwpc_lop_caps caps = fx_caps(FX_G84);
	struct hwpc_lop_regs regs = {{0}, {0}};
	struct hwpc_lop_arg args[4];
	struct hwpc_err err;
	char buf[64];

	(void)state;
	caps.nsignals = 300;
	assert_int_equal(EVENT1(&caps, "a", &err), HWPC_EINPUT);
	assert_non_null(strstr(err.msg, "signal count 300"));
	caps = fx_caps(FX_G84);
	caps.op[HWPC_LOP_STOP].delay[1] = 40;
	assert_int_equal(EVENT1(&caps, "a", &err), HWPC_EINPUT);
	assert_non_null(strstr(err.msg, "bad STOP_OP layout"));
	assert_int_equal(hwpc_lop_decode(&caps, &regs, HWPC_LOP_EVENT, args, &err), HWPC_EINPUT);
	assert_int_equal(hwpc_lop_decompile(&caps, &fx_syms, &regs, HWPC_LOP_EVENT, buf, sizeof buf,
					    &err),
			 HWPC_EINPUT);
	caps = fx_caps(FX_G84);
	caps.src_slot[3] = 25;
	assert_int_equal(EVENT1(&caps, "a", &err), HWPC_EINPUT);
	caps = fx_caps(FX_G84);
	assert_int_equal(hwpc_lop_decode(&caps, &regs, HWPC_LOP_NINPUTS, args, &err), HWPC_EINPUT);
	assert_null(hwpc_lop_input_name(HWPC_LOP_NINPUTS));
	assert_int_equal(hwpc_lop_compile(&caps, &fx_syms, NULL, (struct hwpc_lop_setup[1]){0}, &err),
			 HWPC_EINPUT);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_bad),
		cmocka_unit_test(test_small_domain),
		cmocka_unit_test(test_no_delay_bits),
		cmocka_unit_test(test_limits),
		cmocka_unit_test(test_which_input),
		cmocka_unit_test(test_bad_caps),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
