/* SPDX-License-Identifier: MIT */
/* Logic-op compiler benchmark: time per hwpc_lop_compile() (parse,
 * allocate, encode, verify) for typical expressions, a joint NV30 domain
 * setup, and per hwpc_lop_decompile() over all 65536 tables.
 *
 *   make bench && build/bench/bench_lop [ITERATIONS]
 *
 * Prints one line per case: microseconds per call (best of 5 runs). */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "../tests/unit/lop_fixture.h"

static double now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

struct bcase {
	const char *what;
	enum fx_gen gen;
	const char *expr[HWPC_LOP_NINPUTS];
};

static const struct bcase cases[] = {
	{"G92 EVENT rise, 1 leaf", FX_G92,
	 {[HWPC_LOP_EVENT] = "pc01_gr_idle & !prev(pc01_gr_idle)"}},
	{"NV30 EVENT, 4 leaves", FX_NV30,
	 {[HWPC_LOP_EVENT] = "(pc01_vfetch_00 | pc01_vfetch_01) & !pc01_gr_idle ^ setflag"}},
	{"NV10 EVENT, 4 leaves with delays", FX_NV10,
	 {[HWPC_LOP_EVENT] = "rise(pc01_trast_00) | fall(pc01_trast_01)"}},
	{"NV30 joint PRE+START+SETFLAG+CLRFLAG", FX_NV30,
	 {[HWPC_LOP_PRE] = "a & b & c & d", [HWPC_LOP_START] = "e & f",
	  [HWPC_LOP_SETFLAG] = "c | f", [HWPC_LOP_CLRFLAG] = "!a & e"}},
	{"NV30 joint, no assignment exists (error path)", FX_NV30,
	 {[HWPC_LOP_PRE] = "a & b & c & d", [HWPC_LOP_START] = "e & f & 0x20 & 0x21",
	  [HWPC_LOP_SETFLAG] = "0x22 & 0x23", [HWPC_LOP_CLRFLAG] = "0x24"}},
};

static double time_compile(const struct bcase *c, long iters)
{
	struct hwpc_lop_caps caps = fx_caps(c->gen);
	struct hwpc_lop_request req = {{NULL}, NULL, 0};
	struct hwpc_lop_setup out;
	struct hwpc_err err;
	double best = 1e9;
	uint32_t sink = 0;

	memcpy(req.expr, c->expr, sizeof req.expr);
	for (int run = 0; run < 5; run++) {
		double t0 = now();
		for (long i = 0; i < iters; i++) {
			hwpc_lop_compile(&caps, fx_symtab(c->gen), &req, &out, &err);
			sink += out.regs.op[HWPC_LOP_EVENT];
		}
		double t = (now() - t0) / (double)iters;
		best = t < best ? t : best;
	}
	if (sink == 1)
		puts("");
	return best * 1e6;
}

static double time_decompile(void)
{
	struct hwpc_lop_caps caps = fx_caps(FX_G92);
	struct hwpc_lop_regs regs = {{0}, {0}};
	char buf[HWPC_LOP_MAX_EXPR];
	double best = 1e9;
	size_t sink = 0;

	regs.src[HWPC_LOP_EVENT] = 0x5e67bd66;
	for (int run = 0; run < 5; run++) {
		double t0 = now();
		for (uint32_t f = 0; f < 0x10000; f++) {
			regs.op[HWPC_LOP_EVENT] = f | 1u << 17;
			hwpc_lop_decompile(&caps, &fx_syms, &regs, HWPC_LOP_EVENT, buf, sizeof buf, NULL);
			sink += buf[0];
		}
		double t = (now() - t0) / 65536.0;
		best = t < best ? t : best;
	}
	if (sink == 1)
		puts("");
	return best * 1e6;
}

int main(int argc, char **argv)
{
	long iters = argc > 1 ? atol(argv[1]) : 20000;

	if (iters < 1)
		iters = 1;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		printf("compile+verify  %-46s %7.2f us\n", cases[i].what,
		       time_compile(&cases[i], iters));
	printf("decompile       %-46s %7.2f us\n", "G92 EVENT, all 65536 tables (mean)",
	       time_decompile());
	return 0;
}
