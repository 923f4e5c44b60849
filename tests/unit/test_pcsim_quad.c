/* SPDX-License-Identifier: MIT */
/* Quad event mode scenarios (envytools' PCOUNTER documentation, "Quad event mode", "Special counter
 * modes", "Input selection" on SWAP), in virtual time with exact counts. */
#include "pcsim_test.h"

static void quad_inputs(struct pt *t, unsigned d)
{
	G(t, d, 0x20, "const 1");
	G(t, d, 0x21, "periodic period=2 duty=1");
	G(t, d, 0x22, "periodic period=4 duty=1");
	WN(t, 0x20, "PRE_SRC[%u]", d);
	WN(t, 0x21, "START_SRC[%u]", d);
	WN(t, 0x22, "EVENT_SRC[%u]", d);
	WN(t, 0x23, "STOP_SRC[%u]", d);
	WN(t, 0xaaaa, "START_OP[%u]", d);
	WN(t, 0xaaaa, "EVENT_OP[%u]", d);
	WN(t, 0xaaaa, "STOP_OP[%u]", d);
}

/* "The events are counted in invisible shadow registers, while the visible
 * registers contain the final values of counters from previous counting
 * period"; "On G84:GF100, the counter swap is also triggered on every write
 * to the PRE_OP register"; CTR_PRE/START/EVENT/STOP count their inputs and
 * CTR_CYCLES every cycle. */
static void test_quad_shadow_preop_swap(void **unused)
{
	struct pt t;
	pt_open(&t, "g84", NULL);
	quad_inputs(&t, 1);
	W(&t, "CTRL[1]", 1); /* QUAD */
	W(&t, "PRE_OP[1]", 0xaaaa);
	ADV(&t, 1, 20);
	assert_int_equal(R(&t, "CTR_CYCLES[1]"), 0); /* the shadow is invisible */
	assert_int_equal(FIELD(&t, "CTRL[1]", "QUAD_STATE"), 1);
	W(&t, "PRE_OP[1]", 0xaaaa);
	ADV(&t, 1, 1); /* the swap happens on the next cycle, before counting */
	assert_int_equal(R(&t, "CTR_CYCLES[1]"), 20);
	assert_int_equal(R(&t, "CTR_CYCLES_ALT[1]"), 20);
	assert_int_equal(R(&t, "CTR_PRE[1]"), 20);
	assert_int_equal(R(&t, "CTR_START[1]"), 10);
	assert_int_equal(R(&t, "CTR_EVENT[1]"), 5);
	assert_int_equal(R(&t, "CTR_STOP[1]"), 0);
	assert_int_equal(FIELD(&t, "CTRL[1]", "QUAD_STATE"), 3); /* OVERFLOW */
	pt_close(&t);
}

/* SPEC_SRC: "bits 0-7: the SWAP signal" (G84:GF100); "the swap is performed
 * before updating the counters for a given cycle - thus if SWAP and one of
 * the event inputs are active on the same cycle, the events will be counted
 * for the next period" */
static void test_quad_spec_src_swap(void **unused)
{
	struct pt t;
	pt_open(&t, "g84", NULL);
	quad_inputs(&t, 1);
	G(&t, 1, 0x22, "const 1");
	W(&t, "SPEC_SRC[1]", 0x30);
	TRACE(&t, 1, "signals 0x30\n0 *4\n1\n0 *6\n1\n0 *100\n"); /* SWAP on cycles 5 and 12 */
	W(&t, "CTRL[1]", 1);
	ADV(&t, 1, 5);
	assert_int_equal(R(&t, "CTR_EVENT[1]"), 4); /* cycles 1-4 */
	ADV(&t, 1, 7);
	assert_int_equal(R(&t, "CTR_EVENT[1]"), 7); /* cycles 5-11 */
	assert_int_equal(R(&t, "CTR_CYCLES[1]"), 7);
	pt_close(&t);
}

/* "A swap bumps the state up one unit - EMPTY goes to VALID, VALID goes to
 * OVERFLOW, and OVERFLOW is unchanged"; QUAD_ACK_TRIGGER (NV40+): "bit 0:
 * Like NV30's DOM0/DOM1 bits, affects the domain the register is in" */
static void test_quad_states_ack_nv40(void **unused)
{
	struct pt t;
	pt_open(&t, "nv40", NULL);
	W(&t, "CTRL[3]", 1);
	assert_int_equal(FIELD(&t, "CTRL[3]", "QUAD_STATE"), 0);
	for (int i = 0; i < 3; i++) {
		PULSE(&t, "pm_trigger"); /* SWAP is PGRAPH.PM_TRIGGER on NV30:G84 */
		ADV(&t, 3, 2);
	}
	assert_int_equal(FIELD(&t, "CTRL[3]", "QUAD_STATE"), 3);
	assert_int_equal(FIELD(&t, "CTRL[2]", "QUAD_STATE"), 0); /* domain 2 is in single mode */
	W(&t, "QUAD_ACK_TRIGGER[3]", 1);
	assert_int_equal(FIELD(&t, "CTRL[3]", "QUAD_STATE"), 1);
	W(&t, "QUAD_ACK_TRIGGER[3]", 1);
	assert_int_equal(FIELD(&t, "CTRL[3]", "QUAD_STATE"), 0);
	W(&t, "QUAD_ACK_TRIGGER[3]", 1);
	assert_int_equal(FIELD(&t, "CTRL[3]", "QUAD_STATE"), 0);
	/* NV40:G84 has no PRE_OP swap */
	W(&t, "PRE_OP[3]", 0);
	ADV(&t, 3, 2);
	assert_int_equal(FIELD(&t, "CTRL[3]", "QUAD_STATE"), 0);
	pt_close(&t);
}

/* NV30:NV40: "QUAD_ACK_TRIGGER ... is shared for all domains on NV30:NV40"
 * (bit 0: DOM0, bit 8: DOM1); "SWAP [NV30-]: hardwired to PGRAPH.PM_TRIGGER
 * on NV30:G84"; DOMn_MODE and DOMn_QUAD_STATE in the global CTRL */
static void test_quad_nv30_global(void **unused)
{
	struct pt t;
	pt_open(&t, "nv30", NULL);
	G(&t, 0, 0x10, "const 1");
	G(&t, 1, 0x10, "const 1");
	W(&t, "EVENT_SRC[0]", 0x10);
	W(&t, "EVENT_OP[0]", 0xaaaa);
	W(&t, "EVENT_SRC[1]", 0x10);
	W(&t, "EVENT_OP[1]", 0xaaaa);
	W(&t, "CTRL", 1u << 16 | 1u << 18);
	ADV(&t, 0, 9);
	PULSE(&t, "pm_trigger");
	ADV(&t, 0, 1);
	assert_int_equal(R(&t, "CTR_EVENT[0]"), 9);
	assert_int_equal(R(&t, "CTR_EVENT[1]"), 9);
	assert_int_equal(FIELD(&t, "CTRL", "DOM0_QUAD_STATE"), 1);
	assert_int_equal(FIELD(&t, "CTRL", "DOM1_QUAD_STATE"), 1);
	W(&t, "QUAD_ACK_TRIGGER", 1u << 8);
	assert_int_equal(FIELD(&t, "CTRL", "DOM0_QUAD_STATE"), 1);
	assert_int_equal(FIELD(&t, "CTRL", "DOM1_QUAD_STATE"), 0);
	W(&t, "QUAD_ACK_TRIGGER", 1);
	assert_int_equal(FIELD(&t, "CTRL", "DOM0_QUAD_STATE"), 0);
	pt_close(&t);
}

/* GF100: "SWAP_SRC ... bits 0-7: the SWAP signal"; CTRL.MODE QUAD (rnndb
 * layout); PRE_OP writes do not swap (the seed gives that for G84:GF100) */
static void test_quad_gf100_swap_src(void **unused)
{
	struct pt t;
	pt_open(&t, "gf100", NULL);
	G(&t, 2, 0x10, "const 1");
	W(&t, "PCOUNTER.HUB.EVENT_SRC[2]", 0x10);
	W(&t, "PCOUNTER.HUB.EVENT_OP[2]", 0xaaaa);
	W(&t, "PCOUNTER.HUB.SWAP_SRC[2]", 0x11);
	TRACE(&t, 2, "signals 0x11\n0 *9\n1\n0 *100\n");
	W(&t, "PCOUNTER.HUB.CTRL[2]", 2);
	W(&t, "PCOUNTER.HUB.PRE_OP[2]", 0);
	ADV(&t, 2, 10);
	assert_int_equal(R(&t, "PCOUNTER.HUB.CTR_EVENT[2]"), 9);
	assert_int_equal(FIELD(&t, "PCOUNTER.HUB.CTRL[2]", "QUAD_STATE"), 1);
	W(&t, "PCOUNTER.HUB.QUAD_ACK_TRIGGER[2]", 1);
	assert_int_equal(FIELD(&t, "PCOUNTER.HUB.CTRL[2]", "QUAD_STATE"), 0);
	pt_close(&t);
}

/* Quad mode with the special counter modes: "EXTRA_B4 ... quad event mode:
 * CTR_START, instead of being controlled by START input, is increased by B4
 * on every clock cycle"; EXTRA_B6_EVENT_B2 likewise with B6, and CTR_EVENT
 * by B2; EVENT_B4/EVENT_B6 add B4/B6 to CTR_EVENT when EVENT is 1. */
static void test_quad_counter_modes(void **unused)
{
	static const struct {
		unsigned mode;
		uint32_t event, start;
	} want[] = {
		{ 0, 10, 0 }, { 1, 50, 0 }, { 2, 210, 0 }, { 3, 10, 50 }, { 4, 10, 210 },
	};
	for (unsigned i = 0; i < sizeof want / sizeof want[0]; i++) {
		struct pt t;
		pt_open(&t, "g92", NULL);
		G(&t, 1, 0x50, "const 1");
		W(&t, "START_SRC[1]", 0x00500050); /* B4 = 5 */
		W(&t, "START_OP[1]", 0);	   /* START input 0 */
		W(&t, "EVENT_SRC[1]", 0x00500050); /* B6 = 21, B2 = 1 */
		W(&t, "EVENT_OP[1]", 0xaaaa);
		W(&t, "CTRL[1]", 1 | want[i].mode << 4);
		W(&t, "PRE_OP[1]", 0);
		ADV(&t, 1, 10);
		W(&t, "PRE_OP[1]", 0);
		ADV(&t, 1, 1);
		assert_int_equal(R(&t, "CTR_EVENT[1]"), want[i].event);
		assert_int_equal(R(&t, "CTR_START[1]"), want[i].start);
		pt_close(&t);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_quad_shadow_preop_swap), cmocka_unit_test(test_quad_spec_src_swap),
		cmocka_unit_test(test_quad_states_ack_nv40),   cmocka_unit_test(test_quad_nv30_global),
		cmocka_unit_test(test_quad_gf100_swap_src),    cmocka_unit_test(test_quad_counter_modes),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
