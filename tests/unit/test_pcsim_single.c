/* SPDX-License-Identifier: MIT */
/* Single event mode scenarios (envytools' PCOUNTER documentation, "Single event mode", "Counters",
 * "Special counter modes"), in virtual time with exact counts.  Each test
 * names the sentence it checks. */
#include "pcsim_test.h"

/* Signals of the trace: PRE, START, EVENT, STOP as signals 0x20-0x23. */
static const char single_trace[] = "signals 0x20 0x21 0x22 0x23\n"
				   "0 0 0 0\n" /* 1: PRE_OP written: init, WAIT_PRE */
				   "1 0 0 0\n" /* 2: PRE, CTR_PRE 1 -> 0 */
				   "0 1 0 0\n" /* 3: START ignored in WAIT_PRE */
				   "1 0 0 0\n" /* 4: PRE with CTR_PRE 0 -> WAIT_START */
				   "0 1 0 0\n" /* 5: START -> COUNTING */
				   "0 0 1 0\n" /* 6 */
				   "0 0 1 0\n" /* 7 */
				   "0 0 1 1\n" /* 8: STOP: EVENT 3 >= 2, CTR_STOP 1 -> 0, WAIT_START */
				   "0 0 1 0\n" /* 9: outside a period: not counted */
				   "0 1 0 0\n" /* 10: START */
				   "0 0 1 0\n" /* 11 */
				   "0 0 0 1\n" /* 12: STOP with CTR_STOP 0 -> INACTIVE */
				   "0 0 0 0 *100\n";

/* SRC slot 0 of each input on its own signal, OP = ARG0. */
static void setup_inputs(struct pt *t, unsigned d)
{
	WN(t, 0x20, "PRE_SRC[%u]", d);
	WN(t, 0x21, "START_SRC[%u]", d);
	WN(t, 0x22, "EVENT_SRC[%u]", d);
	WN(t, 0x23, "STOP_SRC[%u]", d);
	WN(t, 0xaaaa, "START_OP[%u]", d);
	WN(t, 0xaaaa, "EVENT_OP[%u]", d);
	WN(t, 0xaaaa, "STOP_OP[%u]", d);
}

static void run_periods(struct pt *t, unsigned d, uint32_t ctrl_all, const char *ctrl)
{
	setup_inputs(t, d);
	WN(t, 1, "CTR_PRE[%u]", d);
	WN(t, 1, "CTR_STOP[%u]", d);
	WN(t, 2, "THRESHOLD[%u]", d);
	if (ctrl)
		W(t, ctrl, ctrl_all);
	TRACE(t, d, single_trace);
	WN(t, 0xaaaa, "PRE_OP[%u]", d); /* "Writing PRE_OP will start the counting process" */
}

/* "before actual counting, (CTR_PRE+1) 1s must happen on PRE input"; "a
 * counting process consists of (CTR_STOP+1) counting periods"; "CTR_START
 * will contain the number of counting periods that ended with CTR_EVENT >=
 * THRESHOLD"; "if EVENT_CTR_PERIOD is ONE, CTR_EVENT effectively applies to
 * a counting period" */
static void test_single_periods_one(void **unused)
{
	struct pt t;
	pt_open(&t, "g84", NULL);
	run_periods(&t, 1, 0, NULL);
	ADV(&t, 1, 4);
	assert_int_equal(FIELD(&t, "CTRL[1]", "SINGLE_STATE"), 2); /* WAIT_START */
	assert_int_equal(R(&t, "CTR_PRE[1]"), 0);
	ADV(&t, 1, 10);
	assert_int_equal(FIELD(&t, "CTRL[1]", "SINGLE_STATE"), 0); /* INACTIVE */
	assert_int_equal(R(&t, "CTR_EVENT[1]"), 1);
	assert_int_equal(R(&t, "CTR_CYCLES[1]"), 2);
	assert_int_equal(R(&t, "CTR_CYCLES_ALT[1]"), 2);
	assert_int_equal(R(&t, "CTR_START[1]"), 1);
	assert_int_equal(R(&t, "CTR_STOP[1]"), 0);
	pt_close(&t);
}

/* "if it's ALL, it contains a sum over all counting periods" */
static void test_single_periods_all(void **unused)
{
	struct pt t;
	pt_open(&t, "g84", NULL);
	run_periods(&t, 1, 1u << 8, "CTRL[1]"); /* EVENT_CTR_PERIOD = ALL */
	ADV(&t, 1, 14);
	assert_int_equal(R(&t, "CTR_EVENT[1]"), 4);
	assert_int_equal(R(&t, "CTR_START[1]"), 2);
	pt_close(&t);
}

/* "NV10:NV15 cards don't have this submode bit and always behave as if it
 * was ONE" - while NV15 has it */
static void test_single_period_nv10_nv15(void **unused)
{
	struct pt t;
	pt_open(&t, "nv10", NULL);
	run_periods(&t, 0, 1u << 8, "CTRL");
	ADV(&t, 0, 14);
	assert_int_equal(R(&t, "CTR_EVENT[0]"), 1);
	assert_int_equal(R(&t, "CTR_START[0]"), 1);
	pt_close(&t);
	pt_open(&t, "nv15", NULL);
	run_periods(&t, 0, 1u << 8, "CTRL");
	ADV(&t, 0, 14);
	assert_int_equal(R(&t, "CTR_EVENT[0]"), 4);
	assert_int_equal(R(&t, "CTR_START[0]"), 2);
	pt_close(&t);
}

/* "The CTR_PRE and CTR_STOP counters have two values: the visible current
 * value, and the hidden initial value.  Reading the corresponding register
 * reads the current value, while writing sets the initial value." */
static void test_single_initial_values(void **unused)
{
	struct pt t;
	pt_open(&t, "nv40", NULL);
	setup_inputs(&t, 2);
	W(&t, "CTR_PRE[2]", 5);
	W(&t, "CTR_STOP[2]", 7);
	assert_int_equal(R(&t, "CTR_PRE[2]"), 0); /* current, not yet loaded */
	W(&t, "PRE_OP[2]", 0xffff);               /* PRE every cycle */
	ADV(&t, 2, 1);                            /* init: CTR_PRE = 5 */
	assert_int_equal(R(&t, "CTR_PRE[2]"), 5);
	assert_int_equal(R(&t, "CTR_STOP[2]"), 7);
	ADV(&t, 2, 3);
	assert_int_equal(R(&t, "CTR_PRE[2]"), 2);
	assert_int_equal(FIELD(&t, "CTRL[2]", "SINGLE_STATE"), 1); /* WAIT_PRE */
	pt_close(&t);
}

/* "writing any *_OP register except PRE_OP, any *_SRC register, any CTR
 * register, THRESHOLD register, and CTRL register will abort the counting
 * process" */
static void test_single_abort(void **unused)
{
	static const char *const regs[] = { "START_OP[1]", "EVENT_SRC[1]", "CTR_STOP[1]", "THRESHOLD[1]",
					    "CTRL[1]",	   "SPEC_SRC[1]",  "SETFLAG_OP[1]" };
	for (unsigned i = 0; i < sizeof regs / sizeof regs[0]; i++) {
		struct pt t;
		pt_open(&t, "g84", NULL);
		setup_inputs(&t, 1);
		G(&t, 1, 0x21, "const 1");
		W(&t, "PRE_OP[1]", 0xffff);
		ADV(&t, 1, 5);
		assert_int_equal(FIELD(&t, "CTRL[1]", "SINGLE_STATE"), 3); /* COUNTING */
		uint32_t v = R(&t, regs[i]);
		W(&t, regs[i], v); /* the same value: any write aborts */
		ADV(&t, 1, 1);
		assert_int_equal(FIELD(&t, "CTRL[1]", "SINGLE_STATE"), 0);
		/* and PRE_OP starts it again, re-initialising the counters */
		W(&t, "PRE_OP[1]", 0xffff);
		ADV(&t, 1, 1);
		assert_int_equal(FIELD(&t, "CTRL[1]", "SINGLE_STATE"), 1);
		assert_int_equal(R(&t, "CTR_CYCLES[1]"), 0);
		pt_close(&t);
	}
	/* QUAD_ACK_TRIGGER, RECORD_* and GCTRL are not among them */
	struct pt t;
	pt_open(&t, "g84", NULL);
	setup_inputs(&t, 1);
	G(&t, 1, 0x21, "const 1");
	W(&t, "PRE_OP[1]", 0xffff);
	ADV(&t, 1, 5);
	W(&t, "QUAD_ACK_TRIGGER[1]", 1);
	W(&t, "RECORD_LIMIT[1]", 0x100);
	W(&t, "GCTRL", 0);
	ADV(&t, 1, 1);
	assert_int_equal(FIELD(&t, "CTRL[1]", "SINGLE_STATE"), 3);
	pt_close(&t);
}

/* "EXTRA_B4: CTR_EVENT behaves as in SIMPLE mode, but: single event mode:
 * CTR_PRE ... is used as a counter, and is increased by B4 on every clock
 * cycle"; EVENT_B4/EVENT_B6/EXTRA_B6_EVENT_B2 likewise, with "B4: START_SRC
 * [0..3]", "B6: START_SRC[0..3], EVENT_SRC[2], EVENT_SRC[3]", "B2:
 * EVENT_SRC[0], EVENT_SRC[1]" */
static void test_single_counter_modes(void **unused)
{
	static const struct {
		unsigned mode;
		uint32_t event, pre;
	} want[] = {
		{ 0, 7, 0 },	    /* SIMPLE */
		{ 1, 7 * 5, 0 },    /* EVENT_B4: B4 = 0b0101 */
		{ 2, 7 * 21, 0 },   /* EVENT_B6: B6 = 0b010101 */
		{ 3, 7, 7 * 5 },    /* EXTRA_B4 */
		{ 4, 7 * 1, 7 * 21 }, /* EXTRA_B6_EVENT_B2: B2 = 0b01 */
	};
	for (unsigned i = 0; i < sizeof want / sizeof want[0]; i++) {
		struct pt t;
		pt_open(&t, "g84", NULL);
		G(&t, 1, 0x50, "const 1");
		G(&t, 1, 0x54, "const 1");
		W(&t, "START_SRC[1]", 0x00500050); /* START_SRC[0] = [2] = 1: B4 = 5 */
		W(&t, "START_OP[1]", 0xffff);
		W(&t, "EVENT_SRC[1]", 0x00540054); /* EVENT_SRC[0] = [2] = 1 */
		W(&t, "EVENT_OP[1]", 0xaaaa);
		W(&t, "CTRL[1]", want[i].mode << 4);
		W(&t, "PRE_OP[1]", 0xffff);
		ADV(&t, 1, 10); /* 1 init, 2 PRE, 3 START, 4-10 counting */
		assert_int_equal(R(&t, "CTR_CYCLES[1]"), 7);
		assert_int_equal(R(&t, "CTR_EVENT[1]"), want[i].event);
		assert_int_equal(R(&t, "CTR_PRE[1]"), want[i].pre);
		pt_close(&t);
	}
}

/* NV10's "bit 2: CTR_MODE - selects counter mode [see above], affects both
 * domains": EVENT_B4 on NV20 in both domains */
static void test_single_nv10_ctr_mode(void **unused)
{
	struct pt t;
	pt_open(&t, "nv20", NULL);
	for (unsigned d = 0; d < 2; d++) {
		G(&t, d, 0x10, "const 1");
		WN(&t, 0x10101010, "START_SRC[%u]", d); /* B4 = 15 */
		WN(&t, 0xffff, "START_OP[%u]", d);
		WN(&t, 0x10, "EVENT_SRC[%u]", d);
		WN(&t, 0xaaaa, "EVENT_OP[%u]", d);
	}
	W(&t, "CTRL", 1u << 2);
	W(&t, "PRE_OP[0]", 0xffff);
	W(&t, "PRE_OP[1]", 0xffff);
	ADV(&t, 0, 5);
	assert_int_equal(R(&t, "CTR_EVENT[0]"), 2 * 15);
	assert_int_equal(R(&t, "CTR_EVENT[1]"), 2 * 15);
	assert_int_equal(FIELD(&t, "CTRL", "DOM0_SINGLE_STATE"), 3);
	assert_int_equal(FIELD(&t, "CTRL", "DOM1_SINGLE_STATE"), 3);
	pt_close(&t);
}

/* Domain 0 counting an always-1 EVENT from cycle 4 on (1 init, 2 PRE,
 * 3 START); returns after cycle 3. */
static void count_every_cycle(struct pt *t)
{
	G(t, 0, 0x10, "const 1");
	W(t, "START_SRC[0]", 0x10);
	W(t, "START_OP[0]", 0xaaaa);
	W(t, "EVENT_SRC[0]", 0x10);
	W(t, "EVENT_OP[0]", 0xaaaa);
	W(t, "PRE_OP[0]", 0xffff);
	ADV(t, 0, 3);
}

/* "On NV10:NV30, the CTR_CYCLES, CTR_CYCLES_ALT, CTR_EVENT and CTR_START
 * counters are 40-bit ... the low 39 bits will wrap normally, but bit 39 is
 * sticky: that is, 0xffffffffff increments to 0x8000000000"; "_HI ... gives
 * the high 8 bits".  The counter is preloaded: 2^39 cycles cannot be run. */
static void test_counter_40bit_sticky(void **unused)
{
	struct pt t;
	pt_open(&t, "nv20", NULL);
	count_every_cycle(&t);
	STATE(&t)->dom[0].ctr[PC_CEVENT] = 0xfffffffffeULL;
	STATE(&t)->dom[0].ctr[PC_CYCLES] = 0x7fffffffffULL;
	ADV(&t, 0, 1);
	assert_int_equal(R(&t, "CTR_EVENT_HI[0]"), 0xff);
	assert_int_equal(R(&t, "CTR_EVENT[0]"), 0xffffffff);
	assert_int_equal(R(&t, "CTR_CYCLES_HI[0]"), 0x80); /* carry into bit 39 */
	ADV(&t, 0, 2);
	assert_int_equal(R(&t, "CTR_EVENT_HI[0]"), 0x80); /* 0xffffffffff + 1 */
	assert_int_equal(R(&t, "CTR_EVENT[0]"), 1);
	pt_close(&t);
}

/* "On NV30+, The counters are saturated - once they reach the largest
 * possible value [0xffffffff], they stop incrementing." */
static void test_counter_32bit_saturating(void **unused)
{
	struct pt t;
	pt_open(&t, "nv30", NULL);
	count_every_cycle(&t);
	STATE(&t)->dom[0].ctr[PC_CEVENT] = 0xfffffffeULL;
	ADV(&t, 0, 5);
	assert_int_equal(R(&t, "CTR_EVENT[0]"), 0xffffffff);
	assert_int_equal(R(&t, "CTR_CYCLES[0]"), 5);
	pt_close(&t);
}

/* "THRESHOLD_HI: The high 8 bits of THRESHOLD value" (NV10:NV30): a 40-bit
 * THRESHOLD is compared with the 40-bit CTR_EVENT */
static void test_threshold_hi(void **unused)
{
	struct pt t;
	pt_open(&t, "nv10", NULL);
	W(&t, "THRESHOLD_HI[0]", 1);
	W(&t, "THRESHOLD[0]", 0);
	assert_int_equal(R(&t, "THRESHOLD_HI[0]"), 1);
	setup_inputs(&t, 0);
	TRACE(&t, 0, single_trace);
	W(&t, "PRE_OP[0]", 0xaaaa);
	ADV(&t, 0, 14);
	assert_int_equal(R(&t, "CTR_START[0]"), 0); /* 1 < 2^32 */
	pt_close(&t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_single_periods_one),    cmocka_unit_test(test_single_periods_all),
		cmocka_unit_test(test_single_period_nv10_nv15), cmocka_unit_test(test_single_initial_values),
		cmocka_unit_test(test_single_abort),	      cmocka_unit_test(test_single_counter_modes),
		cmocka_unit_test(test_single_nv10_ctr_mode),  cmocka_unit_test(test_counter_40bit_sticky),
		cmocka_unit_test(test_counter_32bit_saturating), cmocka_unit_test(test_threshold_hi),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
