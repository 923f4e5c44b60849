/* SPDX-License-Identifier: MIT */
/* Signals, trailer signals, input selection and the flag (envytools' PCOUNTER documentation, "The
 * PCOUNTER signals", "Trailer signals", "The EVENT and FLAG signals", "The
 * USER signals", "The PERIODIC signal", "Input selection", "The flag"), in
 * virtual time with exact values. */
#include "pcsim_test.h"

/* "On NV10:NV20, there's only one domain. On NV20:NV40 there are 2 domains.
 * On NV40+ there can be up to 8 domains per domain set"; GF100+: hub,
 * per-GPC and per-partition domain sets */
static void test_domain_counts(void **unused)
{
	static const struct {
		const char *chip;
		unsigned n;
	} want[] = { { "nv10", 1 }, { "nv15", 1 }, { "nv20", 2 }, { "nv30", 2 }, { "nv40", 5 },
		     { "g84", 8 },  { "g92", 8 },  { "gt215", 8 }, { "mcp77", 7 }, { "gf100", 8 + 4 + 12 } };
	for (unsigned i = 0; i < sizeof want / sizeof want[0]; i++) {
		struct pt t;
		pt_open(&t, want[i].chip, NULL);
		assert_int_equal(hwpc_sim_pc_domain_count(t.dev), want[i].n);
		pt_close(&t);
	}
}

/* "Each PCOUNTER domain can potentially run on a different source clock";
 * domains with different clocks interleave by time */
static void test_domain_clocks(void **unused)
{
	struct pt t;
	pt_open(&t, "g84", "pchz=1M,pchz2=250k,pchz5=3M");
	ADV(&t, 1, 1000); /* 1 ms */
	assert_int_equal(STATE(&t)->dom[2].ncycles, 250);
	assert_int_equal(STATE(&t)->dom[5].ncycles, 3000);
	assert_int_equal(STATE(&t)->dom[0].ncycles, 1000);
	pt_close(&t);
}

/* "Reading register #i gives current value of signals i*32..i*32+31";
 * "On NV10:NV40, this array is split into two parts - the full index is
 * computed like this: i == hi * 4 + lo" */
static void test_sig_status_split(void **unused)
{
	struct pt t;
	uint32_t a, b;
	struct hwpc_err err;
	pt_open(&t, "nv30", NULL);
	G(&t, 0, 0xa3, "const 1");
	G(&t, 0, 0x45, "const 1");
	assert_int_equal(hwpc_reg_lookup(t.dev, "SIG_STATUS[0][5]", &a, &err), 0);
	assert_int_equal(hwpc_reg_lookup(t.dev, "SIG_STATUS[0][1][1]", &b, &err), 0);
	assert_int_equal(a, 0xa634); /* 0xa430 + hi * 0x200 + lo * 4 */
	assert_int_equal(a, b);
	assert_int_equal(R(&t, "SIG_STATUS[0][5]"), 1u << 3);
	assert_int_equal(R(&t, "SIG_STATUS[0][2]"), 1u << 5);
	pt_close(&t);
}

/* SRC_STATUS: "bits 0-3: current state of PRE_SRC signals 0-3 - bits 4-7:
 * START_SRC - bits 8-11: EVENT_SRC - bits 12-15: STOP_SRC" (NV40+) */
static void test_src_status(void **unused)
{
	struct pt t;
	pt_open(&t, "g84", NULL);
	G(&t, 1, 0x10, "const 1");
	W(&t, "PRE_SRC[1]", 0x00100000);   /* PRE_SRC[2] */
	W(&t, "START_SRC[1]", 0x00000010); /* START_SRC[0] */
	W(&t, "EVENT_SRC[1]", 0x00001000); /* EVENT_SRC[1] */
	W(&t, "STOP_SRC[1]", 0x10000000);  /* STOP_SRC[3] */
	assert_int_equal(R(&t, "SRC_STATUS[1]"), 0x8214);
	pt_close(&t);
}

/* "if the SETFLAG input becomes 1 on cycle X, the FLAG signal will become 1
 * on cycle X+2"; other domains see it through "a simple synchronizer - the
 * state of DOM[x].FLAG signal in domain y will be the same as the state of
 * FLAG in domain x as of two domain y clocks ago" ("the synchronization
 * applies even between domains that do share a clock") */
static void test_flag_delay_and_sync(void **unused)
{
	struct pt t;
	pt_open(&t, "g84", NULL);
	/* domain 1 (core_a, trailer 0xe0): SETFLAG = ARG0 = START_SRC[2] */
	W(&t, "START_SRC[1]", 0x00300000);
	W(&t, "SETFLAG_OP[1]", 0xaaaa);
	W(&t, "CTRL[1]", 1); /* quad: the flag always follows SETFLAG/CLRFLAG */
	TRACE(&t, 1, "signals 0x30\n0\n0\n1\n0 *100\n"); /* SETFLAG on cycle 3 */
	ADV(&t, 1, 4);
	assert_int_equal(SIG(&t, "SIG_STATUS", 1, 0xfe), 0); /* DOM1.FLAG, own */
	ADV(&t, 1, 1);
	assert_int_equal(SIG(&t, "SIG_STATUS", 1, 0xfe), 1); /* cycle 5 = 3 + 2 */
	/* domain 2 (core_b, trailer 0x80): DOM1.FLAG at 0x9e */
	assert_int_equal(SIG(&t, "SIG_STATUS", 2, 0x9e), 0);
	ADV(&t, 1, 1);
	assert_int_equal(SIG(&t, "SIG_STATUS", 2, 0x9e), 0);
	ADV(&t, 1, 1);
	assert_int_equal(SIG(&t, "SIG_STATUS", 2, 0x9e), 1); /* cycle 7: FLAG as of cycle 5 */
	pt_close(&t);
}

/* NV40+: "PULSE: mode converts all 0-to-1 transitions in source domain into
 * single-clock pulses in destination domain"; "There are two
 * synchronization mode switches per domain" (EVENT and FLAG) */
static void test_import_pulse(void **unused)
{
	struct pt t;
	pt_open(&t, "g84", NULL);
	W(&t, "START_SRC[1]", 0x00300000);
	W(&t, "SETFLAG_OP[1]", 0xaaaa);
	W(&t, "CTRL[1]", 1);
	W(&t, "CTRL[2]", 1u << 13); /* FLAG_IMPORT_MODE = PULSE */
	W(&t, "CTRL[3]", 1u << 11); /* EVENT_IMPORT_MODE = PULSE: flags stay continuous */
	TRACE(&t, 1, "signals 0x30\n0\n0\n1\n0 *100\n"); /* SETFLAG on cycle 3 */
	ADV(&t, 1, 7);
	assert_int_equal(SIG(&t, "SIG_STATUS", 2, 0x9e), 1);
	assert_int_equal(SIG(&t, "SIG_STATUS", 3, 0x3e), 1); /* shader: trailer 0x20 */
	ADV(&t, 1, 1);
	assert_int_equal(SIG(&t, "SIG_STATUS", 2, 0x9e), 0); /* one-cycle pulse */
	assert_int_equal(SIG(&t, "SIG_STATUS", 3, 0x3e), 1);
	pt_close(&t);
}

/* "The EVENT signal is simply the output of the EVENT logic operation in a
 * given domain"; own EVENT is taken from the previous cycle (model note),
 * other domains' through the synchronizer */
static void test_event_trailer(void **unused)
{
	struct pt t;
	pt_open(&t, "g84", NULL);
	W(&t, "EVENT_SRC[1]", 0x31);
	W(&t, "EVENT_OP[1]", 0xaaaa);
	TRACE(&t, 1, "signals 0x31\n0\n0\n1\n0 *100\n"); /* EVENT on cycle 3 */
	ADV(&t, 1, 3);
	assert_int_equal(SIG(&t, "SIG_STATUS", 1, 0xf6), 0); /* DOM1.EVENT = base + 0x16 */
	ADV(&t, 1, 1);
	assert_int_equal(SIG(&t, "SIG_STATUS", 1, 0xf6), 1);
	assert_int_equal(SIG(&t, "SIG_STATUS", 2, 0x96), 0);
	ADV(&t, 1, 1);
	assert_int_equal(SIG(&t, "SIG_STATUS", 1, 0xf6), 0);
	assert_int_equal(SIG(&t, "SIG_STATUS", 2, 0x96), 1); /* cycle 5: EVENT as of cycle 3 */
	pt_close(&t);
}

/* NV20:NV40 trailer: "base+0x1d: PGRAPH.PM_TRIGGER, base+0x1e: DOM[1].FLAG,
 * base+0x1f: DOM[0].FLAG"; NV10:NV30 SETFLAG has its own SETFLAG_SRC; "the
 * FLAG is frozen [will not respond to CLRFLAG/SETFLAG] when in INACTIVE
 * state, and will be cleared to 0 when going to WAIT_FOR_PRE state" */
static void test_flag_nv20_single(void **unused)
{
	struct pt t;
	pt_open(&t, "nv20", NULL);
	W(&t, "SETFLAG_SRC[0]", 0x30);
	W(&t, "SETFLAG_OP[0]", 0xaaaa);
	W(&t, "CLRFLAG_SRC[0]", 0x31);
	W(&t, "CLRFLAG_OP[0]", 0xaaaa);
	TRACE(&t, 0, "signals 0x30 0x31\n0 0\n0 0\n1 0\n0 0 *100\n");
	W(&t, "PRE_OP[0]", 0); /* WAIT_PRE forever: the flag is live */
	ADV(&t, 0, 4);
	assert_int_equal(SIG(&t, "SIG_STATUS", 0, 0xbf), 0);
	ADV(&t, 0, 1);
	assert_int_equal(SIG(&t, "SIG_STATUS", 0, 0xbf), 1);
	/* domain 1 (trailer 0x20) sees DOM0.FLAG two of its cycles later */
	ADV(&t, 0, 2);
	assert_int_equal(SIG(&t, "SIG_STATUS", 1, 0x3f), 1);
	/* abort: INACTIVE freezes the flag, even with CLRFLAG asserted */
	W(&t, "THRESHOLD[0]", 0);
	G(&t, 0, 0x31, "const 1");
	ADV(&t, 0, 5);
	assert_int_equal(FIELD(&t, "CTRL", "DOM0_SINGLE_STATE"), 0);
	assert_int_equal(SIG(&t, "SIG_STATUS", 0, 0xbf), 1);
	/* starting again clears it (seen 2 cycles later) */
	G(&t, 0, 0x31, "const 0");
	W(&t, "PRE_OP[0]", 0);
	ADV(&t, 0, 2);
	assert_int_equal(SIG(&t, "SIG_STATUS", 0, 0xbf), 1);
	ADV(&t, 0, 1);
	assert_int_equal(SIG(&t, "SIG_STATUS", 0, 0xbf), 0);
	pt_close(&t);
}

/* "if CLRFLAG is 1, the FLAG is set to 0 - if SETFLAG is 1 and CLRFLAG is
 * 0, the FLAG is set to 1"; NV30+: "SETFLAG: START_SRC[2], START_SRC[3],
 * PRE_SRC[0], PRE_SRC[1] - CLRFLAG: PRE_SRC[2], PRE_SRC[3], START_SRC[0],
 * START_SRC[1]" */
static void test_flag_shared_sources_nv30(void **unused)
{
	struct pt t;
	pt_open(&t, "nv30", NULL);
	W(&t, "PRE_SRC[0]", 0x00310030);   /* PRE_SRC[0] = 0x30 (SETFLAG ARG2), [2] = 0x31 (CLRFLAG ARG0) */
	W(&t, "SETFLAG_OP[0]", 0xf0f0);    /* ARG2 */
	W(&t, "CLRFLAG_OP[0]", 0xaaaa);    /* ARG0 */
	TRACE(&t, 0, "signals 0x30 0x31\n1 0\n0 0\n1 1\n0 0 *100\n");
	W(&t, "PRE_OP[0]", 0);
	ADV(&t, 0, 2); /* cycle 1 is the init: SETFLAG there is not seen */
	assert_int_equal(SIG(&t, "SIG_STATUS", 0, 0xff), 0);
	ADV(&t, 0, 3);
	/* cycle 3: both: CLRFLAG wins; nothing ever set it */
	assert_int_equal(SIG(&t, "SIG_STATUS", 0, 0xff), 0);
	assert_int_equal(STATE(&t)->dom[0].flag, 0);
	TRACE(&t, 0, "signals 0x30 0x31\n1 0\n0 0 *100\n");
	ADV(&t, 0, 3);
	assert_int_equal(SIG(&t, "SIG_STATUS", 0, 0xff), 1);
	pt_close(&t);
}

/* Steps 3-4: "If argument 0 delay bit is set, set ARG[0] to SRC[0] as of
 * previous clock cycle instead" - a rising-edge counter, ARG0 & !ARG1 with
 * ARG1 the same signal delayed */
static void test_delay_bits(void **unused)
{
	struct pt t;
	pt_open(&t, "g84", NULL);
	G(&t, 1, 0x40, "periodic period=5 duty=2");
	W(&t, "EVENT_SRC[1]", 0x4040);
	W(&t, "EVENT_OP[1]", 0x2222 | 1u << 17);
	W(&t, "CTRL[1]", 1);
	W(&t, "PRE_OP[1]", 0);
	ADV(&t, 1, 20);
	W(&t, "PRE_OP[1]", 0);
	ADV(&t, 1, 1);
	assert_int_equal(R(&t, "CTR_EVENT[1]"), 5); /* rises at cycles 1, 5, 10, 15, 20 */
	pt_close(&t);
}

/* Steps 5-6: "If on G92+ and argument 2 SRC[0] delay replace bit is set,
 * set ARG[2] to SRC[0] as of previous clock cycle instead" - on G84 the bit
 * does not exist and ARG2 stays EVENT_SRC[2] (signal 0, constant 0) */
static void test_g92_replacement(void **unused)
{
	static const struct {
		const char *chip;
		uint32_t want;
	} w[] = { { "g92", 5 }, { "g84", 8 } };
	for (unsigned i = 0; i < 2; i++) {
		struct pt t;
		pt_open(&t, w[i].chip, NULL);
		G(&t, 1, 0x40, "periodic period=5 duty=2");
		W(&t, "EVENT_SRC[1]", 0x40);
		W(&t, "EVENT_OP[1]", 0x0a0a | 1u << 19); /* ARG0 & !ARG2 */
		W(&t, "CTRL[1]", 1);
		W(&t, "PRE_OP[1]", 0);
		ADV(&t, 1, 20);
		W(&t, "PRE_OP[1]", 0);
		ADV(&t, 1, 1);
		assert_int_equal(R(&t, "CTR_EVENT[1]"), w[i].want);
		pt_close(&t);
	}
}

/* Step 7: "If on NV30+, the input being calculated is EVENT or STOP, and
 * argument 3 SETFLAG replace bit is set, set ARG[3] to the value of SETFLAG
 * input [computed in the same clock cycle - *not* delayed]" */
static void test_setflag_arg3(void **unused)
{
	struct pt t;
	pt_open(&t, "nv30", NULL);
	W(&t, "START_SRC[0]", 0x00300000); /* SETFLAG ARG0 = START_SRC[2] */
	W(&t, "SETFLAG_OP[0]", 0xaaaa);
	W(&t, "EVENT_OP[0]", 0xff00 | 1u << 18); /* ARG3 = SETFLAG */
	W(&t, "CTRL", 1u << 16);
	TRACE(&t, 0, "signals 0x30\n0 *2\n1 *2\n0 *2\n1\n0 *100\n"); /* cycles 3, 4, 7 */
	ADV(&t, 0, 10);
	PULSE(&t, "pm_trigger");
	ADV(&t, 0, 1);
	assert_int_equal(R(&t, "CTR_EVENT[0]"), 3);
	pt_close(&t);
}

/* "base+0x0f: PGRAPH.PM_TRIGGER", "base+0x0e: PGRAPH.WRCACHE_FLUSH
 * [G84:GF100]", "base+0x0c: ZERO - always 0 [G84:GF100]"; NV10: PM_TRIGGER
 * is signal 0x70 (envytools list) */
static void test_pgraph_pulses(void **unused)
{
	struct pt t;
	struct hwpc_sim_gen g = { .kind = HWPC_SIM_GEN_CONST, .value = 1 };
	struct hwpc_err err;
	pt_open(&t, "g84", NULL);
	PULSE(&t, "pm_trigger");
	PULSE(&t, "wrcache_flush");
	ADV(&t, 1, 1);
	assert_int_equal(SIG(&t, "SIG_STATUS", 1, 0xef), 1);
	assert_int_equal(SIG(&t, "SIG_STATUS", 1, 0xee), 1);
	assert_int_equal(SIG(&t, "SIG_STATUS", 2, 0x8f), 1); /* every domain */
	ADV(&t, 1, 1);
	assert_int_equal(SIG(&t, "SIG_STATUS", 1, 0xef), 0);
	assert_int_equal(SIG(&t, "SIG_STATUS", 1, 0xee), 0);
	assert_int_not_equal(hwpc_sim_pc_set_gen(t.dev, 1, 0xec, &g, &err), 0); /* ZERO is wired */
	assert_int_equal(SIG(&t, "SIG_STATUS", 1, 0xec), 0);
	pt_close(&t);
	pt_open(&t, "nv40", NULL);
	assert_int_not_equal(hwpc_sim_pc_pulse(t.dev, "wrcache_flush", &err), 0);
	pt_close(&t);
	pt_open(&t, "nv10", NULL);
	PULSE(&t, "pm_trigger");
	ADV(&t, 0, 1);
	assert_int_equal(SIG(&t, "SIG_STATUS", 0, 0x70), 1);
	pt_close(&t);
}

/* "generate a single-clock 1 pulse every X clocks, with X selectable via the
 * CTRL register from powers of two between 0x400 and 0x10000"; "The GCTRL
 * register has a global PERIODIC_RESET bit that keeps the periodic
 * generator in a reset state while it's set to 1 ... can be used to start
 * the PERIODIC signal generators synchronously for all domains" */
static void test_periodic(void **unused)
{
	struct pt t;
	pt_open(&t, "g84", NULL);
	W(&t, "EVENT_SRC[1]", 0xed); /* PERIODIC = base + 0x0d */
	W(&t, "EVENT_OP[1]", 0xaaaa);
	W(&t, "CTRL[1]", 1 | 1u << 21); /* QUAD, 0x400 clocks */
	W(&t, "PRE_OP[1]", 0);
	ADV(&t, 1, 0xc00);
	W(&t, "PRE_OP[1]", 0);
	ADV(&t, 1, 1);
	assert_int_equal(R(&t, "CTR_EVENT[1]"), 3);
	/* held in reset for 0x500 cycles, then 0x400 more to the next pulse */
	W(&t, "GCTRL", 1u << 4);
	W(&t, "PRE_OP[1]", 0);
	ADV(&t, 1, 0x500);
	W(&t, "GCTRL", 0);
	ADV(&t, 1, 0x3ff);
	assert_int_equal(SIG(&t, "SIG_STATUS", 1, 0xed), 0);
	ADV(&t, 1, 1);
	assert_int_equal(SIG(&t, "SIG_STATUS", 1, 0xed), 1);
	W(&t, "PRE_OP[1]", 0);
	ADV(&t, 1, 1);
	assert_int_equal(R(&t, "CTR_EVENT[1]"), 1);
	pt_close(&t);
}

/* GT215: "Whenever this register is written, USER_0 signal is set to the
 * value of bit 0 ... On the next cycle after the signal change, the USER
 * signals for which the pulse mode bit is set are reset to 0. This register
 * is write-only."  USER_0/1 of core_a are signals 0x69/0x6a (envytools). */
static void test_user_gt215(void **unused)
{
	struct pt t;
	pt_open(&t, "gt215", NULL);
	W(&t, "USER_TRIGGER[1]", 1 | 1u << 2 | 1u << 1); /* USER_0 pulse, USER_1 level */
	ADV(&t, 1, 1);
	assert_int_equal(SIG(&t, "SIG_STATUS", 1, 0x69), 1);
	assert_int_equal(SIG(&t, "SIG_STATUS", 1, 0x6a), 1);
	ADV(&t, 1, 1);
	assert_int_equal(SIG(&t, "SIG_STATUS", 1, 0x69), 0);
	assert_int_equal(SIG(&t, "SIG_STATUS", 1, 0x6a), 1);
	assert_int_equal(STATE(&t)->dom[1].user_trigger, 7);
	pt_close(&t);
}

/* GF100: "this number is bumped to 4, the USER_TRIGGER register is
 * read/write, and the signals are now located in the trailer area" (USER_0
 * at base+0x27); "bits 0-3 will be auto-cleared by bits 4-7 after one
 * cycle"; "base+0x2c: PCOUNTER.PAUSED" */
static void test_user_paused_gf100(void **unused)
{
	struct pt t;
	pt_open(&t, "gf100", NULL);
	W(&t, "PCOUNTER.HUB.USER_TRIGGER[0]", 0x1 | 0x10 | 0x8);
	/* a read comes after the write has taken effect, on the domain's next
	 * cycle: the USER_0 pulse is on, and the value bits it auto-clears
	 * already read 0 */
	assert_int_equal(SIG(&t, "PCOUNTER.HUB.SIG_STATUS", 0, 0xc7), 1);
	assert_int_equal(SIG(&t, "PCOUNTER.HUB.SIG_STATUS", 0, 0xca), 1);
	assert_int_equal(R(&t, "PCOUNTER.HUB.USER_TRIGGER[0]"), 0x18);
	assert_int_equal(STATE(&t)->dom[0].ncycles, 1);
	ADV(&t, 0, 1);
	assert_int_equal(SIG(&t, "PCOUNTER.HUB.SIG_STATUS", 0, 0xc7), 0);
	/* PAUSED: 1 while the domain's CTRL.MODE is HALTED (model note) */
	assert_int_equal(SIG(&t, "PCOUNTER.HUB.SIG_STATUS", 0, 0xcc), 1);
	W(&t, "PCOUNTER.HUB.CTRL[0]", 2);
	assert_int_equal(SIG(&t, "PCOUNTER.HUB.SIG_STATUS", 0, 0xcc), 0);
	pt_close(&t);
}

/* "PTIMER_TIME_B12" at its documented signal number (G84 host: 0x2c): bit 12
 * of the PTIMER counter, which TIME_LOW holds in bits 5-31 */
static void test_ptimer_b12(void **unused)
{
	struct pt t;
	pt_open(&t, "g84", NULL);
	unsigned seen[2] = { 0, 0 };
	for (int i = 0; i < 40; i++) {
		ADV(&t, 0, 7);
		unsigned sig = SIG(&t, "SIG_STATUS", 0, 0x2c);
		assert_int_equal(sig, (R(&t, "PTIMER.TIME_LOW") >> (5 + 12)) & 1);
		seen[sig]++;
	}
	assert_true(seen[0] && seen[1]);
	pt_close(&t);
}

/* Generators: the pseudo-random one is the same on every machine and run */
static void test_random_reproducible(void **unused)
{
	struct pt t;
	pt_open(&t, "g84", NULL);
	G(&t, 1, 0x40, "random p=0.25 seed=42");
	G(&t, 1, 0x41, "random p=1");
	G(&t, 1, 0x42, "random p=0");
	W(&t, "PRE_SRC[1]", 0x40);
	W(&t, "START_SRC[1]", 0x41);
	W(&t, "EVENT_SRC[1]", 0x42);
	W(&t, "PRE_OP[1]", 0xaaaa);
	W(&t, "START_OP[1]", 0xaaaa);
	W(&t, "EVENT_OP[1]", 0xaaaa);
	W(&t, "CTRL[1]", 1);
	ADV(&t, 1, 10000);
	W(&t, "PRE_OP[1]", 0xaaaa);
	ADV(&t, 1, 1);
	/* 2586: also what an independent Python model of the bit-sliced
	 * sequence (pcsim(1), MODEL NOTES) counts over cycles 1 ... 10000 */
	assert_int_equal(R(&t, "CTR_PRE[1]"), 2586);
	assert_int_equal(R(&t, "CTR_START[1]"), 10000);
	assert_int_equal(R(&t, "CTR_EVENT[1]"), 0);
	pt_close(&t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_domain_counts),	     cmocka_unit_test(test_domain_clocks),
		cmocka_unit_test(test_sig_status_split),     cmocka_unit_test(test_src_status),
		cmocka_unit_test(test_flag_delay_and_sync),  cmocka_unit_test(test_import_pulse),
		cmocka_unit_test(test_event_trailer),	     cmocka_unit_test(test_flag_nv20_single),
		cmocka_unit_test(test_flag_shared_sources_nv30), cmocka_unit_test(test_delay_bits),
		cmocka_unit_test(test_g92_replacement),	     cmocka_unit_test(test_setflag_arg3),
		cmocka_unit_test(test_pgraph_pulses),	     cmocka_unit_test(test_periodic),
		cmocka_unit_test(test_user_gt215),	     cmocka_unit_test(test_user_paused_gf100),
		cmocka_unit_test(test_ptimer_b12),	     cmocka_unit_test(test_random_reproducible),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
