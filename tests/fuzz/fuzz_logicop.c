/* SPDX-License-Identifier: MIT */
/* Fuzz the logic-op expression compiler (hwpc-expr(7)).
 *
 * Input: one control byte, then up to six expressions separated by
 * newlines (PRE, START, EVENT, STOP, SETFLAG, CLRFLAG; an empty line
 * leaves the input unused).  Control bits 0-1 choose the generation class
 * of the test fixture (NV10, NV30, G84, G92), bit 2 pins EVENT_SRC[2] to a
 * signal as B6 mode does.
 *
 * Besides "no crash": whatever compiles must decompile, the decompiled
 * text must compile again to the same function of the signals (the
 * fixture's independent model of the hardware decides), and the
 * explanation must fit the length it reports. */
#include "fuzz_common.h"
#include "lop_fixture.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	enum fx_gen gen = (enum fx_gen)(data[0] & 3);
	struct hwpc_lop_caps caps = fx_caps(gen);
	const struct hwpc_lop_symtab *syms = fx_symtab(gen);
	struct hwpc_lop_pin pin = {HWPC_LOP_EVENT, 2, 0x12};
	struct hwpc_lop_request req = {{NULL}, NULL, 0};
	if (data[0] & 4) {
		req.pins = &pin;
		req.npins = 1;
	}

	char *text = fuzz_str(data + 1, size - 1);
	char *line = text;
	for (int in = 0; in < HWPC_LOP_NINPUTS && line; in++) {
		char *nl = strchr(line, '\n');
		if (nl)
			*nl = 0;
		if (*line)
			req.expr[in] = line;
		line = nl ? nl + 1 : NULL;
	}

	struct hwpc_lop_setup out;
	struct hwpc_err err = {0, ""};
	if (hwpc_lop_compile(&caps, syms, &req, &out, &err) == HWPC_OK) {
		for (int in = 0; in < HWPC_LOP_NINPUTS; in++) {
			char back[HWPC_LOP_MAX_EXPR];
			struct hwpc_err e2 = {0, ""};
			if (!req.expr[in])
				continue;
			FUZZ_CHECK(!hwpc_lop_decompile(&caps, syms, &out.regs, (enum hwpc_lop_input)in, back,
						       sizeof back, &e2),
				   "'%s' compiled but does not decompile: %s", req.expr[in], e2.msg);
			struct hwpc_lop_setup again;
			FUZZ_CHECK(!fx_compile1(&caps, syms, (enum hwpc_lop_input)in, back, &again, &e2),
				   "'%s' decompiled to '%s', which does not compile: %s", req.expr[in], back,
				   e2.msg);
			FUZZ_CHECK(fx_same_function(&caps, &out.regs, (enum hwpc_lop_input)in, &again.regs,
						    (enum hwpc_lop_input)in),
				   "'%s' -> '%s' is another function", req.expr[in], back);
		}
		size_t need = hwpc_lop_explain(&caps, syms, &out.regs, req.expr, NULL, 0);
		char *buf = malloc(need + 1);
		FUZZ_CHECK(buf != NULL, "out of memory");
		FUZZ_CHECK(hwpc_lop_explain(&caps, syms, &out.regs, req.expr, buf, need + 1) == need &&
				   strlen(buf) == need,
			   "explain's length changed between calls");
		free(buf);
	} else {
		FUZZ_CHECK(err.status == HWPC_EINPUT && err.msg[0], "a refusal without a message (status %d)",
			   err.status);
	}
	free(text);
	return 0;
}
