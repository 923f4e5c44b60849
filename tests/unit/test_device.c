/* SPDX-License-Identifier: MIT */
/* Device specs, chip identification from PMC.BOOT_0, and the parsers for
 * numbers and durations. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "hwpc.h"

#include "regdb_fixture.h"
#include "regdb/regdb_cmd.h"
#include "core/core_cmd.h"

static void spec_error(const char *s, const char *needle)
{
	struct hwpc_devspec d;
	struct hwpc_err err;
	assert_int_equal(hwpc_devspec_parse(s, &d, &err), HWPC_EINPUT);
	if (!strstr(err.msg, needle))
		fail_msg("'%s': error '%s' lacks '%s'", s, err.msg, needle);
}

static void test_devspec(void **state)
{
	(void)state;
	struct hwpc_devspec d;
	assert_int_equal(hwpc_devspec_parse("2", &d, NULL), 0);
	assert_int_equal(d.kind, HWPC_DEV_INDEX);
	assert_int_equal(d.index, 2);
	assert_int_equal(hwpc_devspec_parse("0a:1F.7", &d, NULL), 0);
	assert_int_equal(d.kind, HWPC_DEV_SLOT);
	assert_int_equal(d.domain, 0);
	assert_int_equal(d.bus, 0x0a);
	assert_int_equal(d.dev, 0x1f);
	assert_int_equal(d.func, 7);
	assert_int_equal(hwpc_devspec_parse("0001:02:03.4", &d, NULL), 0);
	assert_int_equal(d.domain, 1);
	assert_int_equal(hwpc_devspec_parse("sim:g84,clock=virtual,state=/tmp/x", &d, NULL), 0);
	assert_int_equal(d.kind, HWPC_DEV_SIM);
	assert_string_equal(d.chip, "g84");
	assert_int_equal(d.nopts, 2);
	assert_string_equal(d.keys[1], "state");
	assert_string_equal(d.values[1], "/tmp/x");
	setenv("HWPC_DEVICE", "sim:nv40", 1);
	assert_int_equal(hwpc_devspec_parse(NULL, &d, NULL), 0);
	assert_int_equal(d.kind, HWPC_DEV_SIM);
	assert_true(d.from_default);
	unsetenv("HWPC_DEVICE");
	assert_int_equal(hwpc_devspec_parse("", &d, NULL), 0);
	assert_int_equal(d.kind, HWPC_DEV_INDEX);
	assert_true(d.from_default);
	spec_error("1:00.0", "malformed PCI slot");
	spec_error("01:00", "malformed PCI slot");
	spec_error("01:20.0", "malformed PCI slot"); /* device 0x20 > 31 */
	spec_error("01:00.8", "malformed PCI slot");
	spec_error("0000:01:00.0x", "malformed PCI slot");
	spec_error("zz:00.0", "malformed PCI slot");
	spec_error("999", "out of range");
	spec_error("gpu", "bad device 'gpu'");
	spec_error("sim:", "no chipset");
	spec_error("sim:g84,clock", "not key=value");
	spec_error("sim:g84,a=1,a=2", "given twice");
}

static void test_identify(void **state)
{
	(void)state;
	const struct hwpc_chipset *c;
	struct hwpc_err err;
	uint32_t v;
	/* Every chipset with a BOOT_0 encoding round-trips. */
	unsigned n = 0;
	for (unsigned i = 0; i < hwpc_regdb_chipset_count(db); i++) {
		const struct hwpc_chipset *chip = hwpc_regdb_chipset(db, i);
		if (!hwpc_chipset_boot0(db, chip, &v))
			continue;
		assert_int_equal(hwpc_chipset_identify(db, v, &c, &err), 0);
		assert_ptr_equal(c, chip);
		n++;
	}
	assert_true(n >= 95);
	/* Values as real cards report them. */
	assert_int_equal(hwpc_chipset_identify(db, 0x084000a2, &c, NULL), 0);
	assert_string_equal(c->name, "G84");
	assert_int_equal(hwpc_chipset_identify(db, 0x0c0000a1, &c, NULL), 0);
	assert_string_equal(c->name, "GF100");
	assert_int_equal(hwpc_chipset_identify(db, 0x046000a1, &c, NULL), 0);
	assert_string_equal(c->name, "G72");
	assert_int_equal(hwpc_chipset_identify(db, 0x00030110, &c, NULL), 0);
	assert_string_equal(c->name, "NV3");
	assert_int_equal(hwpc_chipset_identify(db, 0x00030122, &c, NULL), 0);
	assert_string_equal(c->name, "NV3T");
	assert_int_equal(hwpc_chipset_identify(db, 0x20004000, &c, NULL), 0);
	assert_string_equal(c->name, "NV4");
	assert_int_equal(hwpc_chipset_identify(db, 0x20104000, &c, NULL), 0);
	assert_string_equal(c->name, "NV5");
	assert_int_equal(hwpc_chipset_identify(db, 0x00010101, &c, NULL), 0);
	assert_string_equal(c->name, "NV1");
	/* A dead BAR and an unknown id say so. */
	assert_int_equal(hwpc_chipset_identify(db, 0xffffffff, &c, &err), HWPC_EOP);
	assert_non_null(strstr(err.msg, "dead"));
	assert_int_equal(hwpc_chipset_identify(db, 0x0ff000a1, &c, &err), HWPC_EOP);
	assert_non_null(strstr(err.msg, "unknown chipset"));
	assert_non_null(strstr(err.msg, "0xff"));
	/* Registers in big-endian mode read byte-swapped: named as such. */
	assert_int_equal(hwpc_chipset_identify(db, 0xa2004008, &c, &err), HWPC_EOP);
	assert_string_equal(err.msg, "PMC.BOOT_0 reads 0xa2004008, which is G84's 0x084000a2 byte-swapped: the "
				     "GPU's registers are in big-endian mode, and hwpc reads them little-endian only");
	/* Every NV10-format chipset: its swapped value is never taken for a
	 * chip, and is reported as big-endian. */
	unsigned swapped = 0;
	for (unsigned i = 0; i < hwpc_regdb_chipset_count(db); i++) {
		const struct hwpc_chipset *chip = hwpc_regdb_chipset(db, i);
		if (!hwpc_chipset_boot0(db, chip, &v) || chip->boot0)
			continue; /* (pre-NV10 rules: below) */
		assert_int_equal(hwpc_chipset_identify(db, __builtin_bswap32(v), &c, &err), HWPC_EOP);
		assert_non_null(strstr(err.msg, "big-endian"));
		assert_non_null(strstr(err.msg, chip->name));
		swapped++;
	}
	assert_true(swapped >= 80);
}

static void test_parse_numbers(void **state)
{
	(void)state;
	uint64_t v;
	struct hwpc_err err;
	assert_int_equal(hwpc_parse_u64("0x10", 100, "x", &v, NULL), 0);
	assert_int_equal(v, 16);
	assert_int_equal(hwpc_parse_u64("101", 100, "--opt", &v, &err), HWPC_EINPUT);
	assert_non_null(strstr(err.msg, "--opt: 101 is too large"));
	assert_int_equal(hwpc_parse_u64("-1", 100, "x", &v, &err), HWPC_EINPUT);
	assert_int_equal(hwpc_parse_u64("99999999999999999999999", UINT64_MAX, "x", &v, &err), HWPC_EINPUT);
	assert_int_equal(hwpc_parse_u64("12abc", 100, "x", &v, &err), HWPC_EINPUT);
	assert_int_equal(hwpc_parse_duration_ns("1.5s", 0, "d", &v, NULL), 0);
	assert_int_equal(v, 1500000000);
	assert_int_equal(hwpc_parse_duration_ns("250", 0, "-i", &v, &err), HWPC_EINPUT);
	assert_string_equal(err.msg, "-i: '250' needs a unit (ns, us, ms, s, m, h), e.g. 250ms");
	assert_int_equal(hwpc_parse_duration_ns("0", 1, "d", &v, NULL), 0);
	assert_int_equal(v, 0);
	assert_int_equal(hwpc_parse_duration_ns("3us", 0, "d", &v, NULL), 0);
	assert_int_equal(v, 3000);
	assert_int_equal(hwpc_parse_duration_ns("2m", 0, "d", &v, NULL), 0);
	assert_int_equal(v, 120000000000ULL);
	assert_int_equal(hwpc_parse_duration_ns(".5ms", 0, "d", &v, NULL), 0);
	assert_int_equal(v, 500000);
	assert_int_equal(hwpc_parse_duration_ns("0", 0, "-i", &v, &err), HWPC_EINPUT);
	assert_non_null(strstr(err.msg, "greater than zero"));
	assert_int_equal(hwpc_parse_duration_ns("-5ms", 0, "-i", &v, &err), HWPC_EINPUT);
	assert_int_equal(hwpc_parse_duration_ns("5 ms", 0, "-i", &v, &err), HWPC_EINPUT);
	assert_int_equal(hwpc_parse_duration_ns("5parsecs", 0, "-i", &v, &err), HWPC_EINPUT);
	assert_non_null(strstr(err.msg, "bad duration '5parsecs'"));
	assert_int_equal(hwpc_parse_duration_ns("99999999999h", 0, "-i", &v, &err), HWPC_EINPUT);
	assert_non_null(strstr(err.msg, "too large"));
	assert_int_equal(hwpc_parse_duration_ns("", 0, "-i", &v, &err), HWPC_EINPUT);
}

/* A duration said back in the unit that gives a whole number, and read
 * back as the same duration. */
static void test_duration_text(void **state)
{
	static const struct {
		uint64_t ns;
		const char *text;
	} cases[] = { { 20000, "20us" }, { 5000000, "5ms" }, { 120000000000ULL, "120s" }, { 1500000000, "1500ms" },
		      { 1001, "1001ns" }, { 0, "0s" } };
	char buf[32];
	uint64_t v;
	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		hwpc_duration_text(cases[i].ns, buf, sizeof buf);
		assert_string_equal(buf, cases[i].text);
		assert_int_equal(hwpc_parse_duration_ns(buf, 1, "d", &v, NULL), 0);
		assert_int_equal(v, cases[i].ns);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_devspec),
		cmocka_unit_test(test_identify),
		cmocka_unit_test(test_parse_numbers),
		cmocka_unit_test(test_duration_text),
	};
	return cmocka_run_group_tests(tests, regdb_setup, regdb_teardown);
}
