/* SPDX-License-Identifier: MIT */
/* PCOUNTER layout from the regdb profiles: domains, register names per
 * generation, and the names expressions may use (compiled end to end). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "hwpc.h"

#include "regdb_fixture.h"
#include "pc/pc_cmd.h"

static void layout(const char *chip, struct hwpc_pc_layout *l)
{
	struct hwpc_err err;
	if (hwpc_pc_layout_load(db, hwpc_chipset_by_name(db, chip), NULL, l, &err))
		fail_msg("%s: %s", chip, err.msg);
}

static void expect_reg(const struct hwpc_pc_layout *l, const char *dom, const char *reg, const char *want)
{
	unsigned d;
	char buf[96];
	assert_int_equal(hwpc_pc_domain_find(l, dom, &d, NULL), 0);
	assert_true(hwpc_pc_reg_name(l, d, reg, buf, sizeof buf));
	assert_string_equal(buf, want);
}

static void test_domains_and_registers(void **state)
{
	(void)state;
	struct hwpc_pc_layout l;
	struct hwpc_err err;
	unsigned d;

	layout("G84", &l);
	assert_string_equal(l.profile, "tesla");
	assert_int_equal(l.ndomains, 8);
	expect_reg(&l, "core_a", "PRE_SRC", "PCOUNTER.PRE_SRC[1]");
	expect_reg(&l, "3", "CTRL", "PCOUNTER.CTRL[3]");
	expect_reg(&l, "core_a", "GCTRL", "PCOUNTER.GCTRL");
	assert_int_equal(hwpc_pc_domain_find(&l, "core_z", &d, &err), HWPC_EINPUT);
	assert_non_null(strstr(err.msg, "it has 8 ("));

	layout("NV34", &l);
	assert_int_equal(l.ndomains, 2);
	expect_reg(&l, "1", "PRE_SRC", "PCOUNTER.PRE_SRC[1]");
	expect_reg(&l, "1", "CTRL", "PCOUNTER.CTRL"); /* shared by both domains */
	const struct hwpc_field *f;
	char rn[96];
	assert_true(hwpc_pc_field(&l, 1, "CTRL", "MODE", rn, sizeof rn, &f));
	assert_string_equal(f->name, "DOM1_MODE");
	assert_true(hwpc_pc_field(&l, 0, "QUAD_ACK_TRIGGER", "ACK", rn, sizeof rn, &f));
	assert_string_equal(f->name, "DOM0_ACK");
	assert_true(hwpc_pc_field(&l, 1, "CTRL", "CTR_MODE", rn, sizeof rn, &f));
	assert_string_equal(f->name, "CTR_MODE"); /* "affects both domains" */

	layout("GF100", &l);
	assert_int_equal(hwpc_pc_domain_find(&l, "gpc2.0", &d, NULL), 0);
	expect_reg(&l, "gpc2.0", "PRE_SRC", "PCOUNTER.GPC.PRE_SRC[2][0]");
	expect_reg(&l, "hub.3", "CTRL", "PCOUNTER.HUB.CTRL[3]");
	assert_true(hwpc_pc_field(&l, d, "QUAD_ACK_TRIGGER", "ACK", rn, sizeof rn, &f));
	assert_string_equal(rn, "PCOUNTER.GPC.QUAD_ACK_TRIGGER[2][0]");
}

static void test_names_compile(void **state)
{
	(void)state;
	struct hwpc_pc_layout l;
	struct hwpc_pc_names names;
	struct hwpc_lop_caps caps;
	struct hwpc_lop_setup out;
	struct hwpc_err err;
	unsigned d;

	layout("G84", &l);
	assert_int_equal(hwpc_pc_domain_find(&l, "core_a", &d, NULL), 0);
	assert_int_equal(hwpc_pc_names_build(&l, d, &names, &err), 0);
	assert_int_equal(hwpc_pc_lop_caps(db, l.chip, l.dom[d].space, l.dom[d].nsignals, &caps, &err), 0);
	struct hwpc_lop_request req = { .expr = { [HWPC_LOP_EVENT] = "pc01_gr_idle & !prev(pc01_gr_idle)",
						  [HWPC_LOP_START] = "flag | dom2.event" } };
	if (hwpc_lop_compile(&caps, &names.tab, &req, &out, &err))
		fail_msg("%s", err.msg);
	/* pc01_gr_idle is 0xbd on G84 (nouveau), in EVENT_SRC slots 0 and 1;
	 * the compiler delays slot 0 (bit 16): f = ARG1 & !ARG0 = 0x4444. */
	assert_int_equal(out.regs.src[HWPC_LOP_EVENT] & 0xffff, 0xbdbd);
	assert_int_equal(out.regs.op[HWPC_LOP_EVENT], 0x14444);
	/* flag = DOM1.FLAG = trailer 0xe0 + 0x1e; dom2.event = 0xe0 + 0x15 */
	assert_int_equal(out.regs.src[HWPC_LOP_START] & 0xffff, 0xf5fe);
	assert_string_equal(hwpc_pc_signal_name(&names, 0xfe), "dom1.flag");
	/* A name of another chipset or domain says where it is valid. */
	req = (struct hwpc_lop_request){ .expr = { [HWPC_LOP_EVENT] = "pc02_prop_00" } };
	assert_int_equal(hwpc_lop_compile(&caps, &names.tab, &req, &out, &err), HWPC_EINPUT);
	assert_non_null(strstr(err.msg, "only in domain core_b"));
	req = (struct hwpc_lop_request){ .expr = { [HWPC_LOP_EVENT] = "gpc00_l1_00" } };
	assert_int_equal(hwpc_lop_compile(&caps, &names.tab, &req, &out, &err), HWPC_EINPUT);
	assert_non_null(strstr(err.msg, "only on GF100"));
	hwpc_pc_names_free(&names);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_domains_and_registers),
		cmocka_unit_test(test_names_compile),
	};
	return cmocka_run_group_tests(tests, regdb_setup, regdb_teardown);
}
