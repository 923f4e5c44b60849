/* SPDX-License-Identifier: MIT */
/* Register snapshots read back from text and compared field by field, and
 * mmiotrace lines of every kind parsed, with the errors of malformed ones. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "hwpc.h"
#include "regs/snapshot.h"
#include "stream/mmiotrace.h"
#include "regdb_fixture.h"

static const char *snap(const char *ctrl1)
{
	static char buf[1024];
	snprintf(buf, sizeof buf,
		 "{\"format\": \"hwpc-snapshot\", \"version\": 1, \"chipset\": \"NV40\", \"boot0\": \"0x040000a1\",\n"
		 " \"device\": \"sim:\\\"x\\\"\", \"registers\": [\n"
		 "  {\"addr\": \"0x000000\", \"value\": \"0x040000a1\"},\n"
		 "  {\"reg\": \"ignored\", \"addr\": \"0x00a7c4\", \"value\": \"%s\", \"fields\": \"\\u0041\"}]}\n",
		 ctrl1);
	return buf;
}

static void test_snapshot_parse_and_diff(void **state)
{
	(void)state;
	struct hwpc_snapshot a, b;
	struct hwpc_snap_change *ch;
	struct hwpc_err err;
	unsigned n;
	assert_int_equal(hwpc_snapshot_parse(db, snap("0x0"), "a", &a, &err), 0);
	assert_string_equal(a.chip->name, "NV40");
	assert_string_equal(a.device, "sim:\"x\"");
	assert_int_equal(a.nregs, 2);
	assert_string_equal(a.regs[0].name, "PMC.BOOT_0");
	assert_string_equal(a.regs[1].name, "PCOUNTER.CTRL[1]");
	assert_int_equal(hwpc_snapshot_parse(db, snap("0x3"), "b", &b, &err), 0);
	assert_int_equal(hwpc_snapshot_diff(&a, &a, &ch, &n, &err), 0);
	assert_int_equal(n, 0);
	assert_null(ch);
	assert_int_equal(hwpc_snapshot_diff(&a, &b, &ch, &n, &err), 0);
	assert_int_equal(n, 1);
	assert_string_equal(ch[0].unit, "PCOUNTER");
	assert_string_equal(ch[0].fields, "MODE: 0x0 (SINGLE) -> 0x3");
	free(ch);
	hwpc_snapshot_free(&a);
	hwpc_snapshot_free(&b);
}

static void test_snapshot_errors(void **state)
{
	(void)state;
	static const struct {
		const char *text, *msg;
	} cases[] = {
		{ "", "f: line 1: expected a value, found end of file" },
		{ "{\"format\": \"hwpc-snapshot\",}", "f: line 1: expected a member name in quotes, found '}'" },
		{ "{} x", "f: line 1: expected end of file after the top-level value, found 'x'" },
		{ "{\"a\": \"\\q\"}", "f: line 1: bad escape '\\q'" },
		{ "{\"format\": 1}", "f: line 1: \"format\" is not a string" },
		{ "{\n\"format\": \"hwpc-snapshot\"}", "f: line 1: no \"version\" member" },
		{ "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]",
		  "f: line 1: nested deeper than 32" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct hwpc_snapshot s;
		struct hwpc_err err;
		assert_int_equal(hwpc_snapshot_parse(db, cases[i].text, "f", &s, &err), HWPC_EINPUT);
		assert_string_equal(err.msg, cases[i].msg);
	}
}

static void test_mmt_lines(void **state)
{
	(void)state;
	struct hwpc_mmt_rec r;
	struct hwpc_err err;
	assert_int_equal(hwpc_mmt_parse_line("W 4 1.000002 3 0xfd00a404 0x1f 0xffffffff8100 0", &r, &err), 0);
	assert_int_equal(r.kind, HWPC_MMT_WRITE);
	assert_int_equal(r.width, 4);
	assert_string_equal(r.ts, "1.000002");
	assert_int_equal(r.map_id, 3);
	assert_true(r.phys == 0xfd00a404 && r.value == 0x1f);
	assert_int_equal(hwpc_mmt_parse_line("MAP 0.5 1 0xfd000000 0xffffc900 0x1000000 0x0 0", &r, &err), 0);
	assert_true(r.kind == HWPC_MMT_MAP && r.len == 0x1000000 && r.virt == 0xffffc900);
	assert_int_equal(hwpc_mmt_parse_line("PCIDEV 0100\t10de0421\t10\tfd00000c\t0\t0\t0\t0\t0\t0\t1000000\t0\t0\t0\t0\t0\t0",
					     &r, &err), 0);
	assert_true(r.kind == HWPC_MMT_PCIDEV && r.vendor == 0x10de && r.device == 0x0421 && r.devfn == 0x100);
	assert_true(r.bar[0] == 0xfd000000 && r.bar_size[0] == 0x1000000);
	assert_int_equal(hwpc_mmt_parse_line("MARK 2.000000 Lost 12 events.", &r, &err), 0);
	assert_true(r.kind == HWPC_MMT_LOST && r.value == 12);
	assert_int_equal(hwpc_mmt_parse_line("MARK 2.000000 Lost 12 events, or so", &r, &err), 0);
	assert_int_equal(r.kind, HWPC_MMT_MARK);
	assert_string_equal(r.text, "Lost 12 events, or so");
	assert_int_equal(hwpc_mmt_parse_line("UNMAP 3.000000 1 0x0 0", &r, &err), 0);
	assert_true(r.kind == HWPC_MMT_UNMAP && r.map_id == 1);
	assert_int_equal(hwpc_mmt_parse_line("  ", &r, &err), 0);
	assert_int_equal(r.kind, HWPC_MMT_NONE);
	assert_int_equal(hwpc_mmt_parse_line("R 8 1.0 1 0xfd000000 0xffffffffffffffff 0x0 0", &r, &err), 0);
	assert_int_equal(hwpc_mmt_parse_line("R 4 1.0 1 0xfd000000 0x100000000 0x0 0", &r, &err), HWPC_EINPUT);
	assert_string_equal(err.msg, "R: value 0x100000000 does not fit 4 bytes");
	assert_int_equal(hwpc_mmt_parse_line("UNMAP 3.000000 x 0x0 0", &r, &err), HWPC_EINPUT);
	assert_string_equal(err.msg, "UNMAP: bad map id 'x'");
	assert_int_equal(hwpc_mmt_parse_line("PCIDEV 0100 10de04 10 0 0 0 0 0 0 0 0 0 0 0 0 0 0", &r, &err), HWPC_EINPUT);
	assert_string_equal(err.msg, "PCIDEV: bad vendor and device '10de04' (8 hex digits)");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_snapshot_parse_and_diff),
		cmocka_unit_test(test_snapshot_errors),
		cmocka_unit_test(test_mmt_lines),
	};
	return cmocka_run_group_tests(tests, regdb_setup, regdb_teardown);
}
