/* SPDX-License-Identifier: MIT */
/* Logic-op test fixture, shared by tests/unit/test_lop*.c and
 * bench/bench_lop.c: capabilities of four generation classes and a
 * symbol table, filled by hand from envytools' PCOUNTER documentation ("Input selection"), and an
 * independent model of the hardware's input calculation used as an oracle.
 *
 * Header-only on purpose: each test is its own program. */
#ifndef HWPC_TEST_LOP_FIXTURE_H
#define HWPC_TEST_LOP_FIXTURE_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "hwpc/lop.h"

enum fx_gen { FX_NV10, FX_NV30, FX_G84, FX_G92, FX_NGENS };

static const char *const fx_gen_names[FX_NGENS] = {"NV10", "NV30", "G84", "G92"};

/* Seed, PRE_OP..CLRFLAG_OP: bits 0-15 the table, 16/17 ARG0/ARG1 delayed on
 * every generation; PRE/START/SETFLAG/CLRFLAG: 18 = ARG2 is SRC0 delayed,
 * 19 = ARG3 is SRC1 delayed [G92-]; EVENT/STOP: 18 = ARG3 is SETFLAG
 * [NV30-], 19 = ARG2 is SRC0 delayed, 20 = ARG3 is SRC1 delayed [G92-].
 * NV10:NV30 have SETFLAG_SRC and CLRFLAG_SRC.  SRC slot k is bits 8k..8k+7. */
static inline struct hwpc_lop_caps fx_caps(enum fx_gen gen)
{
	struct hwpc_lop_caps c;
	bool nv30 = gen >= FX_NV30, g92 = gen == FX_G92;

	memset(&c, 0, sizeof c);
	c.own_flag_srcs = !nv30;
	c.setflag_arg3 = nv30;
	c.delay_replace = g92;
	c.nsignals = 256;
	for (int k = 0; k < HWPC_LOP_NARGS; k++)
		c.src_slot[k] = 8 * k;
	for (int in = 0; in < HWPC_LOP_NINPUTS; in++) {
		bool es = in == HWPC_LOP_EVENT || in == HWPC_LOP_STOP;
		struct hwpc_lop_op_layout *l = &c.op[in];
		l->func = 0;
		l->delay[0] = 16;
		l->delay[1] = 17;
		l->arg3_setflag = es && nv30 ? 18 : -1;
		l->arg2_src0_prev = g92 ? (es ? 19 : 18) : -1;
		l->arg3_src1_prev = g92 ? (es ? 20 : 19) : -1;
	}
	return c;
}

/* Domain 1 of a G84-like chipset: signal numbers from nouveau's g84 table,
 * trailer at 0xe0 (envytools: TRAILER ec-ff on G84 domain 1).  The same
 * names serve every generation class, except the trailer signals that
 * appeared on G84 (ZERO, PERIODIC, WRCACHE_FLUSH at base+0x0c..0x0e), which
 * older classes list as valid elsewhere. */
#define FX_COMMON_SYMS                                                          \
	{"pc01_gr_idle", HWPC_LOP_SYM_SIGNAL, 0xbd, NULL},                      \
	{"pc01_strmout_00", HWPC_LOP_SYM_SIGNAL, 0x5e, NULL},                   \
	{"pc01_strmout_01", HWPC_LOP_SYM_SIGNAL, 0x5f, NULL},                   \
	{"pc01_trast_00", HWPC_LOP_SYM_SIGNAL, 0xd2, NULL},                     \
	{"pc01_trast_01", HWPC_LOP_SYM_SIGNAL, 0xd3, NULL},                     \
	{"pc01_vattr_00", HWPC_LOP_SYM_SIGNAL, 0x5c, NULL},                     \
	{"pc01_vfetch_00", HWPC_LOP_SYM_SIGNAL, 0x66, NULL},                    \
	{"pc01_vfetch_01", HWPC_LOP_SYM_SIGNAL, 0x67, NULL},                    \
	{"pc01_zcull_00", HWPC_LOP_SYM_SIGNAL, 0x07, NULL},                     \
	{"a", HWPC_LOP_SYM_SIGNAL, 0x10, NULL},                                 \
	{"b", HWPC_LOP_SYM_SIGNAL, 0x11, NULL},                                 \
	{"c", HWPC_LOP_SYM_SIGNAL, 0x12, NULL},                                 \
	{"d", HWPC_LOP_SYM_SIGNAL, 0x13, NULL},                                 \
	{"e", HWPC_LOP_SYM_SIGNAL, 0x14, NULL},                                 \
	{"f", HWPC_LOP_SYM_SIGNAL, 0x15, NULL},                                 \
	{"pm_trigger", HWPC_LOP_SYM_SIGNAL, 0xef, NULL},                        \
	{"dom1.event", HWPC_LOP_SYM_SIGNAL, 0xf6, NULL},                        \
	{"dom0.event", HWPC_LOP_SYM_SIGNAL, 0xf7, NULL},                        \
	{"flag", HWPC_LOP_SYM_SIGNAL, 0xfe, NULL}, /* this domain's own */      \
	{"dom1.flag", HWPC_LOP_SYM_SIGNAL, 0xfe, NULL},                         \
	{"dom0.flag", HWPC_LOP_SYM_SIGNAL, 0xff, NULL},                         \
	{"pc02_crop_00", HWPC_LOP_SYM_ELSEWHERE, 0, "only in domain 2"},        \
	{"user0", HWPC_LOP_SYM_ELSEWHERE, 0, "only on GT215 and later"},        \
	{"dom7.flag", HWPC_LOP_SYM_ELSEWHERE, 0, "only with 8 domains"},        \
	{"sf", HWPC_LOP_SYM_SETFLAG, 0, NULL},                                  \
	{"bad-name", HWPC_LOP_SYM_SIGNAL, 0x30, NULL} /* unprintable: 0x30 */

static const struct hwpc_lop_sym fx_sym_entries[] = {
	FX_COMMON_SYMS,
	{"zero", HWPC_LOP_SYM_SIGNAL, 0xec, NULL},
	{"periodic", HWPC_LOP_SYM_SIGNAL, 0xed, NULL},
	{"wrcache_flush", HWPC_LOP_SYM_SIGNAL, 0xee, NULL},
};

static const struct hwpc_lop_sym fx_old_sym_entries[] = {
	FX_COMMON_SYMS,
	{"zero", HWPC_LOP_SYM_ELSEWHERE, 0, "only on G84 and later"},
	{"periodic", HWPC_LOP_SYM_ELSEWHERE, 0, "only on G84 and later"},
	{"wrcache_flush", HWPC_LOP_SYM_ELSEWHERE, 0, "only on G84 and later"},
};

/* The G84+ table. */
static const struct hwpc_lop_symtab fx_syms = {
	fx_sym_entries, sizeof fx_sym_entries / sizeof fx_sym_entries[0]};
static const struct hwpc_lop_symtab fx_old_syms = {
	fx_old_sym_entries, sizeof fx_old_sym_entries / sizeof fx_old_sym_entries[0]};

static inline const struct hwpc_lop_symtab *fx_symtab(enum fx_gen gen)
{
	return gen >= FX_G84 ? &fx_syms : &fx_old_syms;
}

/* Compile expr as input in, the other inputs unused; out may be NULL. */
static inline int fx_compile1(const struct hwpc_lop_caps *caps, const struct hwpc_lop_symtab *syms,
			      enum hwpc_lop_input in, const char *expr, struct hwpc_lop_setup *out,
			      struct hwpc_err *err)
{
	struct hwpc_lop_request req = {{NULL}, NULL, 0};
	struct hwpc_lop_setup scratch;

	req.expr[in] = expr;
	return hwpc_lop_compile(caps, syms, &req, out ? out : &scratch, err);
}

/* The oracle: seed steps 1-8 with signal values now[] and before[] (the
 * previous cycle) and the SETFLAG input's value. */
static inline int fx_input(const struct hwpc_lop_caps *c, const struct hwpc_lop_regs *r,
			   enum hwpc_lop_input in, const uint8_t *now, const uint8_t *before,
			   int setflag)
{
	const struct hwpc_lop_op_layout *l = &c->op[in];
	uint32_t op = r->op[in];
	unsigned sel[4];
	int arg[4], index = 0;

	/* Step 1 */
	for (int k = 0; k < 4; k++) {
		uint32_t pre = r->src[HWPC_LOP_PRE], start = r->src[HWPC_LOP_START], reg;
		int slot = k;
		if (in == HWPC_LOP_SETFLAG && !c->own_flag_srcs) {
			reg = k < 2 ? start : pre;
			slot = k < 2 ? k + 2 : k - 2;
		} else if (in == HWPC_LOP_CLRFLAG && !c->own_flag_srcs) {
			reg = k < 2 ? pre : start;
			slot = k < 2 ? k + 2 : k - 2;
		} else {
			reg = r->src[in];
		}
		sel[k] = (reg >> c->src_slot[slot]) & 0xff;
	}
#define FX_BIT(pos) ((pos) >= 0 && ((op >> (pos)) & 1))
	for (int k = 0; k < 4; k++) /* step 2 */
		arg[k] = now[sel[k]];
	if (FX_BIT(l->delay[0])) /* step 3 */
		arg[0] = before[sel[0]];
	if (FX_BIT(l->delay[1])) /* step 4 */
		arg[1] = before[sel[1]];
	if (c->delay_replace && FX_BIT(l->arg2_src0_prev)) /* step 5 */
		arg[2] = before[sel[0]];
	if (c->delay_replace && FX_BIT(l->arg3_src1_prev)) /* step 6 */
		arg[3] = before[sel[1]];
	if (c->setflag_arg3 && (in == HWPC_LOP_EVENT || in == HWPC_LOP_STOP) &&
	    FX_BIT(l->arg3_setflag)) /* step 7 */
		arg[3] = setflag;
#undef FX_BIT
	for (int k = 3; k >= 0; k--) /* step 8 */
		index = index * 2 + arg[k];
	return (op >> (l->func + index)) & 1;
}

/* Do two register sets compute the same input function?  Every (signal,
 * delayed) pair either side reads, and SETFLAG, is enumerated; other
 * signals stay 0. */
static inline bool fx_same_function(const struct hwpc_lop_caps *c,
				    const struct hwpc_lop_regs *ra, enum hwpc_lop_input ia,
				    const struct hwpc_lop_regs *rb, enum hwpc_lop_input ib)
{
	struct hwpc_lop_arg args[2][HWPC_LOP_NARGS];
	unsigned sig[8], nsig = 0;
	bool late[8];
	uint8_t now[256], before[256];

	if (hwpc_lop_decode(c, ra, ia, args[0], NULL) || hwpc_lop_decode(c, rb, ib, args[1], NULL))
		return false;
	for (int s = 0; s < 2; s++)
		for (int j = 0; j < HWPC_LOP_NARGS; j++) {
			unsigned v;
			if (args[s][j].setflag)
				continue;
			for (v = 0; v < nsig; v++)
				if (sig[v] == args[s][j].signal && late[v] == args[s][j].prev)
					break;
			if (v == nsig) {
				sig[nsig] = args[s][j].signal;
				late[nsig++] = args[s][j].prev;
			}
		}
	for (unsigned x = 0; x < (2u << nsig); x++) {
		memset(now, 0, sizeof now);
		memset(before, 0, sizeof before);
		for (unsigned v = 0; v < nsig; v++)
			(late[v] ? before : now)[sig[v]] = (x >> v) & 1;
		int sf = (x >> nsig) & 1;
		if (fx_input(c, ra, ia, now, before, sf) != fx_input(c, rb, ib, now, before, sf))
			return false;
	}
	return true;
}

#endif
