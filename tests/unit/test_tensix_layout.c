/* SPDX-License-Identifier: MIT */
/* The Tensix event layout libhwpc is compiled with (tensix_layout.h,
 * generated from regdb/tensix.regdb) is the loaded regdb's, field by field;
 * and a regdb given at run time with another layout is refused by
 * hwpc_tensix_layout_check, naming what differs, rather than decoded with the
 * compiled-in constants. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "hwpc.h"
#include "regdb_edit.h"
#include "regdb_fixture.h"
#include "tensix_layout.h"

#define TS "RISCV_DEBUG_REG.TIMESTAMP"

static const struct hwpc_chipset *tensix(void)
{
	const struct hwpc_chipset *c = hwpc_chipset_by_name(db, "TENSIX");
	assert_non_null(c);
	return c;
}

static const struct hwpc_field *ts_field(const char *name)
{
	const struct hwpc_reg *r = hwpc_reg_find(db, tensix(), TS, NULL);
	assert_non_null(r);
	const struct hwpc_field *f = hwpc_field_find(r, tensix(), name);
	assert_non_null(f);
	assert_int_equal(f->nranges, 1);
	return f;
}

static uint64_t code(const char *name)
{
	const struct hwpc_enum *e = hwpc_enum_find_name(ts_field("SIZE"), tensix(), name);
	if (!e)
		fail_msg("regdb lacks " TS ".SIZE %s", name);
	return e->value;
}

/* Each generated constant against the regdb record it came from. */
static void test_constants_are_regdb(void **state)
{
	(void)state;
	const struct hwpc_field *size = ts_field("SIZE"), *token = ts_field("TOKEN");
	assert_int_equal(size->ranges[0].lo, 0);
	assert_int_equal(TSX_SIZE_BITS, size->ranges[0].hi + 1);
	assert_int_equal(TSX_SIZE_MASK, hwpc_field_mask(size));
	assert_int_equal(TSX_TOKEN_LO, token->ranges[0].lo);
	assert_int_equal(token->ranges[0].hi, 31);
	assert_int_equal(TSX_APPEND_32b, code("APPEND_32b"));
	assert_int_equal(TSX_APPEND_64b, code("APPEND_64b"));
	assert_int_equal(TSX_APPEND_96b, code("APPEND_96b"));
	assert_int_equal(TSX_APPEND_128b, code("APPEND_128b"));
	assert_int_equal(TSX_FLUSH_64b, code("FLUSH_64b"));
	assert_int_equal(TSX_FLUSH_96b, code("FLUSH_96b"));
	/* every code regdb has, the generated header has */
	unsigned n = 0;
#define X(name) n++;
	TSX_SIZE_CODES(X)
#undef X
	assert_int_equal(n, size->nenums);

	const struct hwpc_enum *e = hwpc_enum_find_name(size, tensix(), "APPEND_32b");
	int64_t hb, cl;
	assert_true(hwpc_enum_attr_num(e, "header_bits", &hb));
	assert_true(hwpc_enum_attr_num(e, "counter_lsb", &cl));
	assert_int_equal(TSX_EV32_HEADER_BITS, hb);
	assert_int_equal(TSX_EV32_COUNTER_LSB, cl);
	assert_int_equal(TSX_EV32_HEADER_MASK, (1u << hb) - 1);
	assert_int_equal(TSX_EV32_COUNTER_MASK, (uint32_t)(((1ull << (32 - hb)) - 1) << cl));
	assert_int_equal(TSX_EV32_COUNTER_SHIFT, hb - cl);
	/* the seed's "(header & 0xffff) + ((counter_lo & 0x1fffe0) << 11)",
	 * as the enum's doc quotes it */
	assert_non_null(strstr(e->doc, "0xffff"));
	assert_int_equal(TSX_EV32_HEADER_MASK, 0xffff);
	assert_int_equal(TSX_EV32_COUNTER_MASK, 0x1fffe0);
	assert_int_equal(TSX_EV32_COUNTER_SHIFT, 11);

	struct hwpc_err err = { 0 };
	assert_int_equal(hwpc_tensix_layout_check(db, NULL, &err), 0);
	assert_int_equal(hwpc_tensix_layout_check(db, tensix(), &err), 0);
}

static struct hwpc_regdb *edited(const char *from, const char *to)
{
	return regdb_edited("tensix.regdb", from, to);
}

static void refused(const char *from, const char *to, const char *want)
{
	struct hwpc_regdb *e = edited(from, to);
	struct hwpc_err err = { 0 };
	assert_int_equal(hwpc_tensix_layout_check(e, NULL, &err), HWPC_EINPUT);
	if (!strstr(err.msg, want))
		fail_msg("'%s' -> '%s': got \"%s\", expected it to name \"%s\"", from, to, err.msg, want);
	hwpc_regdb_free(e);
}

static void test_changed_layout_is_refused(void **state)
{
	(void)state;
	refused("enum 2 APPEND_32b", "enum 5 APPEND_32b",
		"regdb's " TS ".SIZE APPEND_32b is 5, libhwpc's Tensix event layout has 2 (rebuild libhwpc with this regdb)");
	refused("enum 0 APPEND_128b", "enum 0 APPEND_128B_OTHER", "regdb lacks " TS ".SIZE APPEND_128b for TENSIX");
	refused("enum 7 FLUSH_96b", "enum 5 APPEND_256b doc=x\n\t\tenum 7 FLUSH_96b",
		"regdb's " TS ".SIZE has APPEND_256b (5), which libhwpc's Tensix event layout lacks");
	refused("header_bits=16", "header_bits=12",
		TS ".SIZE APPEND_32b has header_bits=12, libhwpc's Tensix event layout 16");
	refused("counter_lsb=5 ", "", "regdb lacks counter_lsb= on " TS ".SIZE APPEND_32b");
	refused("field SIZE 0-2", "field SIZE 0-3", "regdb's " TS ".SIZE is not bits 0-2");
	refused("field TOKEN 3-31", "field TOKEN 4-31", "regdb's " TS ".TOKEN is not bits 3-31");
	refused("field TOKEN 3-31", "field TOKENS 3-31", "regdb lacks field " TS ".TOKEN for TENSIX");
	refused("reg TIMESTAMP 0x1fc", "reg TIMESTAMPX 0x1fc", "regdb lacks " TS " for any chipset");
	/* what may move at run time does not matter here */
	struct hwpc_regdb *e = edited("field BUF0_FULL 0", "field BUF0_FULL 2");
	struct hwpc_err err = { 0 };
	assert_int_equal(hwpc_tensix_layout_check(e, NULL, &err), 0);
	hwpc_regdb_free(e);
}

/* The simulator refuses to model a timestamper with another layout. */
static void test_sim_refuses_changed_layout(void **state)
{
	(void)state;
	struct hwpc_regdb *e = edited("enum 4 APPEND_96b", "enum 6 APPEND_96b");
	struct hwpc_dev *dev = NULL;
	struct hwpc_err err = { 0 };
	char spec[256];
	snprintf(spec, sizeof spec, "sim:tensix,clock=virtual,state=%s/hwpc-layout-%ld", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp",
		 (long)getpid());
	int rc = hwpc_dev_open(spec, 0, e, &dev, &err);
	if (!rc)
		hwpc_dev_close(dev);
	assert_int_not_equal(rc, 0);
	if (!strstr(err.msg, TS ".SIZE APPEND_96b is 6"))
		fail_msg("got \"%s\"", err.msg);
	hwpc_regdb_free(e);
	remove(spec + strlen("sim:tensix,clock=virtual,state="));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_constants_are_regdb),
		cmocka_unit_test(test_changed_layout_is_refused),
		cmocka_unit_test(test_sim_refuses_changed_layout),
	};
	return cmocka_run_group_tests(tests, regdb_setup, regdb_teardown);
}
