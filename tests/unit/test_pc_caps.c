/* SPDX-License-Identifier: MIT */
/* Logic-op capabilities read from regdb equal the ones written by hand from
 * the seed for each generation class (tests/unit/lop_fixture.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "hwpc.h"
#include "lop_fixture.h"

static void expect_caps(struct hwpc_regdb *db, const char *chip, const char *space, enum fx_gen gen)
{
	struct hwpc_lop_caps got, want = fx_caps(gen);
	struct hwpc_err err;
	if (hwpc_pc_lop_caps(db, hwpc_chipset_by_name(db, chip), space, want.nsignals, &got, &err))
		fail_msg("%s: %s", chip, err.msg);
	assert_int_equal(got.own_flag_srcs, want.own_flag_srcs);
	assert_int_equal(got.setflag_arg3, want.setflag_arg3);
	assert_int_equal(got.delay_replace, want.delay_replace);
	for (int k = 0; k < HWPC_LOP_NARGS; k++)
		assert_int_equal(got.src_slot[k], want.src_slot[k]);
	for (int in = 0; in < HWPC_LOP_NINPUTS; in++) {
		const struct hwpc_lop_op_layout *g = &got.op[in], *w = &want.op[in];
		assert_int_equal(g->func, w->func);
		assert_int_equal(g->delay[0], w->delay[0]);
		assert_int_equal(g->delay[1], w->delay[1]);
		/* The fixture marks absent features by flag; regdb by -1. */
		if (want.delay_replace) {
			assert_int_equal(g->arg2_src0_prev, w->arg2_src0_prev);
			assert_int_equal(g->arg3_src1_prev, w->arg3_src1_prev);
		} else {
			assert_int_equal(g->arg2_src0_prev, -1);
		}
		if (want.setflag_arg3 && (in == HWPC_LOP_EVENT || in == HWPC_LOP_STOP))
			assert_int_equal(g->arg3_setflag, w->arg3_setflag);
		else
			assert_int_equal(g->arg3_setflag, -1);
	}
}

static void test_caps_from_regdb(void **state)
{
	(void)state;
	struct hwpc_regdb *db;
	struct hwpc_err err;
	unsetenv("HWPC_REGDB");
	assert_int_equal(hwpc_regdb_load(&db, &err), 0);
	expect_caps(db, "NV10", "PCOUNTER", FX_NV10);
	expect_caps(db, "NV28", "PCOUNTER", FX_NV10);
	expect_caps(db, "NV34", "PCOUNTER", FX_NV30);
	expect_caps(db, "NV40", "PCOUNTER", FX_NV30);
	expect_caps(db, "G84", "PCOUNTER", FX_G84);
	expect_caps(db, "G92", "PCOUNTER", FX_G92);
	expect_caps(db, "GT215", "PCOUNTER", FX_G92);
	expect_caps(db, "GF100", "PCOUNTER.GPC", FX_G92);
	struct hwpc_lop_caps c;
	assert_int_equal(hwpc_pc_lop_caps(db, hwpc_chipset_by_name(db, "NV17"), "PCOUNTER", 256, &c, &err),
			 HWPC_EINPUT);
	assert_non_null(strstr(err.msg, "no PCOUNTER"));
	hwpc_regdb_free(db);
}

int main(void)
{
	const struct CMUnitTest tests[] = { cmocka_unit_test(test_caps_from_regdb) };
	return cmocka_run_group_tests(tests, NULL, NULL);
}
