/* SPDX-License-Identifier: MIT */
/* Round trip: for every one of the 65536 tables, under several argument
 * layouts (delays, delayed replacements, SETFLAG, repeated signals, shared
 * NV30 slots, unnamed signals), decompile the registers, compile the text
 * again, and check with the fixture's independent model that both register
 * sets compute the same function of the signals. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

#include <cmocka.h>

#include "lop_fixture.h"
#include "test_cases.h"

struct layout {
	const char *what;
	enum fx_gen gen;
	enum hwpc_lop_input in;
	uint32_t src[HWPC_LOP_NINPUTS];
	uint32_t bits; /* OP bits above the table */
};

/* a..d are signals 0x10..0x13 in the fixture's symbol table. */
static const struct layout layouts[] = {
	{"NV30 EVENT, four plain signals", FX_NV30, HWPC_LOP_EVENT,
	 {[HWPC_LOP_EVENT] = 0x13121110}, 0},
	{"G92 EVENT, ARG1 delayed, ARG2 = SRC0 delayed", FX_G92, HWPC_LOP_EVENT,
	 {[HWPC_LOP_EVENT] = 0x13121110}, 1u << 17 | 1u << 19},
	{"G92 PRE, ARG2/ARG3 = SRC0/SRC1 delayed", FX_G92, HWPC_LOP_PRE,
	 {[HWPC_LOP_PRE] = 0x00001110}, 1u << 18 | 1u << 19},
	{"G92 STOP, ARG0 delayed, ARG2 = SRC0 delayed, ARG3 = SETFLAG", FX_G92, HWPC_LOP_STOP,
	 {[HWPC_LOP_STOP] = 0x00121110}, 1u << 16 | 1u << 18 | 1u << 19},
	{"NV30 EVENT, one signal in three slots", FX_NV30, HWPC_LOP_EVENT,
	 {[HWPC_LOP_EVENT] = 0x10111010}, 0},
	{"NV10 EVENT, both delays on one signal", FX_NV10, HWPC_LOP_EVENT,
	 {[HWPC_LOP_EVENT] = 0x11101010}, 1u << 16},
	{"NV30 SETFLAG from START_SRC[2..3], PRE_SRC[0..1], ARG1 delayed", FX_NV30,
	 HWPC_LOP_SETFLAG, {[HWPC_LOP_PRE] = 0x00001312, [HWPC_LOP_START] = 0x11100000},
	 1u << 17},
	{"G92 CLRFLAG from PRE_SRC[2..3], START_SRC[0..1], ARG0 delayed, ARG3 = PRE_SRC[3] "
	 "delayed",
	 FX_G92, HWPC_LOP_CLRFLAG, {[HWPC_LOP_PRE] = 0x11100000, [HWPC_LOP_START] = 0x00001312},
	 1u << 16 | 1u << 19},
	{"NV10 CLRFLAG_SRC, unnamed signals 0x00, 0x01, 0x30, and flag", FX_NV10,
	 HWPC_LOP_CLRFLAG, {[HWPC_LOP_CLRFLAG] = 0xfe300100}, 1u << 17},
};

static void round_trip(void **state)
{
	const struct layout *l = *state;
	struct hwpc_lop_caps caps = fx_caps(l->gen);
	struct hwpc_lop_regs regs;
	unsigned longest = 0;
	char text[HWPC_LOP_MAX_EXPR], worst[HWPC_LOP_MAX_EXPR] = "";

	memcpy(regs.src, l->src, sizeof regs.src);
	memset(regs.op, 0, sizeof regs.op);
	/* every function (under the sanitizers every fourth, from a start
	 * that differs between layouts: test_cases.h) */
	for (uint32_t func = (uint32_t)(l - layouts) % HWPC_TEST_STRIDE; func < 0x10000; func += HWPC_TEST_STRIDE) {
		struct hwpc_lop_request req = {{NULL}, NULL, 0};
		struct hwpc_lop_setup out;
		struct hwpc_err err = {0, ""};

		regs.op[l->in] = func | l->bits;
		if (hwpc_lop_decompile(&caps, fx_symtab(l->gen), &regs, l->in, text, sizeof text, &err)) {
			print_error("%s: table 0x%04x: %s\n", l->what, func, err.msg);
			fail();
		}
		req.expr[l->in] = text;
		if (hwpc_lop_compile(&caps, fx_symtab(l->gen), &req, &out, &err)) {
			print_error("%s: table 0x%04x -> '%s': %s\n", l->what, func, text, err.msg);
			fail();
		}
		if (!fx_same_function(&caps, &regs, l->in, &out.regs, l->in)) {
			print_error("%s: table 0x%04x -> '%s' -> OP 0x%08x: another function\n",
				    l->what, func, text, out.regs.op[l->in]);
			fail();
		}
		if (strlen(text) > longest) {
			longest = (unsigned)strlen(text);
			snprintf(worst, sizeof worst, "0x%04x: %s", func, text);
		}
	}
	printf("# %s: longest %s\n", l->what, worst);
	/* Four leaves written as a minimal formula stay short. */
	assert_true(longest < 160);
}

int main(void)
{
	struct CMUnitTest tests[sizeof layouts / sizeof layouts[0]];

	for (size_t i = 0; i < sizeof layouts / sizeof layouts[0]; i++) {
		tests[i] = (struct CMUnitTest){layouts[i].what, round_trip, NULL, NULL,
					       (void *)&layouts[i]};
	}
	return _cmocka_run_group_tests("logicop_roundtrip", tests, sizeof tests / sizeof tests[0],
				       NULL, NULL);
}
