/* SPDX-License-Identifier: MIT */
/* The PTIMER model (envytools' PTIMER documentation) and the PTIMER library, on the simulator in
 * virtual time: every count here is exact. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "hwpc.h"
#include "dev/backend.h"

static struct hwpc_regdb *db;
static char dir[64];
static char spec[256];

static int setup(void **state)
{
	(void)state;
	struct hwpc_err err;
	unsetenv("HWPC_REGDB");
	snprintf(dir, sizeof dir, "/tmp/hwpc-test-XXXXXX");
	if (!mkdtemp(dir))
		return -1;
	return hwpc_regdb_load(&db, &err);
}

static int teardown(void **state)
{
	(void)state;
	char cmd[128];
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	hwpc_regdb_free(db);
	return system(cmd);
}

/* A fresh virtual-clock device of chip with extra options. */
static struct hwpc_dev *fresh(const char *chip, const char *opts)
{
	struct hwpc_err err;
	struct hwpc_dev *dev;
	snprintf(spec, sizeof spec, "sim:%s,clock=virtual,state=%s/%s.state%s%s", chip, dir, chip,
		 opts ? "," : "", opts ? opts : "");
	if (hwpc_sim_create(spec, true, db, &err))
		fail_msg("create %s: %s", spec, err.msg);
	if (hwpc_dev_open(spec, HWPC_OPEN_WRITE, db, &dev, &err))
		fail_msg("open %s: %s", spec, err.msg);
	return dev;
}

static uint64_t ticks(struct hwpc_dev *dev)
{
	struct hwpc_ptimer pt;
	uint64_t raw;
	assert_int_equal(hwpc_ptimer_init(&pt, dev, NULL), 0);
	assert_int_equal(hwpc_ptimer_read(&pt, &raw, NULL, NULL), 0);
	assert_int_equal(raw & 0x1f, 0); /* bits 0-4 are always 0 */
	return hwpc_ptimer_ticks(&pt, raw);
}

static uint32_t rd(struct hwpc_dev *dev, const char *name)
{
	uint32_t v;
	struct hwpc_err err;
	if (hwpc_reg_read(dev, name, &v, &err))
		fail_msg("%s", err.msg);
	return v;
}

static void wr(struct hwpc_dev *dev, const char *name, uint32_t v)
{
	struct hwpc_err err;
	if (hwpc_reg_write(dev, name, v, &err))
		fail_msg("%s", err.msg);
}

static void adv(struct hwpc_dev *dev, uint64_t ns)
{
	assert_int_equal(hwpc_sim_advance_ns(dev, ns, NULL), 0);
}

/* "The clock used for the counter is clock_source * CLOCK_MUL / CLOCK_DIV." */
static void test_ratio(void **state)
{
	(void)state;
	struct hwpc_dev *dev = fresh("nv40", "hclk=90M");
	adv(dev, 1000);
	assert_int_equal(ticks(dev), 90); /* HCLK 90 MHz, ratio 1/1 */
	wr(dev, "PTIMER.CLOCK_DIV", 3);
	wr(dev, "PTIMER.CLOCK_MUL", 2);
	/* 60 MHz, in slices that split the converter's accumulator. */
	for (int i = 0; i < 100; i++)
		adv(dev, 10 + (i % 3) * 7);
	/* 100 slices sum to 1000+... ns: 1693 ns at 90 MHz = 152 source cycles. */
	uint64_t src = (1000 + 1693) * 90 / 1000 - 90;
	assert_int_equal(ticks(dev), 90 + src * 2 / 3);
	hwpc_dev_close(dev);
}

/* "CLOCK_MUL ... 0 stops the counter entirely"; DIV 0 and MUL > DIV are
 * invalid: the model ticks once per source cycle (pcsim(1) model notes). */
static void test_invalid_ratios(void **state)
{
	(void)state;
	struct hwpc_dev *dev = fresh("nv40", "hclk=100M");
	wr(dev, "PTIMER.CLOCK_MUL", 0);
	adv(dev, 1000);
	assert_int_equal(ticks(dev), 0);
	wr(dev, "PTIMER.CLOCK_MUL", 5);
	wr(dev, "PTIMER.CLOCK_DIV", 2);
	adv(dev, 1000);
	assert_int_equal(ticks(dev), 100);
	wr(dev, "PTIMER.CLOCK_DIV", 0);
	adv(dev, 1000);
	assert_int_equal(ticks(dev), 200);
	struct hwpc_ptimer pt;
	struct hwpc_ptimer_config cfg;
	assert_int_equal(hwpc_ptimer_init(&pt, dev, NULL), 0);
	assert_int_equal(hwpc_ptimer_config(&pt, 0, &cfg, NULL), 0);
	assert_true(cfg.warn & HWPC_PTIMER_DIV_ZERO);
	/* The library refuses to set such ratios. */
	struct hwpc_wplan plan;
	struct hwpc_err err;
	hwpc_wplan_init(&plan, dev);
	assert_int_equal(hwpc_ptimer_plan_ratio(&pt, 1, 0, false, &plan, &err), HWPC_EINPUT);
	assert_int_equal(hwpc_ptimer_plan_ratio(&pt, 3, 2, false, &plan, &err), HWPC_EINPUT);
	assert_int_equal(hwpc_ptimer_plan_ratio(&pt, 0, 2, false, &plan, &err), HWPC_EINPUT);
	assert_int_equal(hwpc_ptimer_plan_ratio(&pt, 1, 0x10000, false, &plan, &err), HWPC_EINPUT);
	assert_int_equal(plan.n, 0);
	assert_int_equal(hwpc_ptimer_plan_ratio(&pt, 0, 2, true, &plan, &err), 0);
	assert_int_equal(plan.n, 2);
	hwpc_wplan_free(&plan);
	hwpc_dev_close(dev);
}

/* NV41+: "crystal_frequency * (MUL + 1) / (DIV + 1)", never faster than the
 * external clock; SELECT 1 uses the external clock. */
static void test_clock_source(void **state)
{
	(void)state;
	struct hwpc_dev *dev = fresh("g84", "crystal=25M,tclk=40M");
	adv(dev, 1000);
	assert_int_equal(ticks(dev), 25); /* internal, 25 MHz crystal */
	struct hwpc_ptimer pt;
	struct hwpc_wplan plan;
	assert_int_equal(hwpc_ptimer_init(&pt, dev, NULL), 0);
	assert_int_equal(pt.crystal_hz, 25000000);
	hwpc_wplan_init(&plan, dev);
	assert_int_equal(hwpc_ptimer_plan_source(&pt, true, 3, 2, &plan, NULL), 0); /* 37.5 MHz */
	assert_int_equal(hwpc_wplan_apply(&plan, NULL), 0);
	hwpc_wplan_free(&plan);
	adv(dev, 2000);
	assert_int_equal(ticks(dev), 25 + 75);
	hwpc_wplan_init(&plan, dev);
	assert_int_equal(hwpc_ptimer_plan_source(&pt, true, 2, 1, &plan, NULL), 0); /* 50 > 40 MHz */
	assert_int_equal(hwpc_wplan_apply(&plan, NULL), 0);
	hwpc_wplan_free(&plan);
	struct hwpc_ptimer_config cfg;
	assert_int_equal(hwpc_ptimer_config(&pt, 0, &cfg, NULL), 0);
	assert_true(cfg.warn & HWPC_PTIMER_INTERNAL_FAST);
	adv(dev, 1000);
	assert_int_equal(ticks(dev), 100 + 40);
	hwpc_wplan_init(&plan, dev);
	assert_int_equal(hwpc_ptimer_plan_source(&pt, false, 0, 0, &plan, NULL), 0);
	assert_int_equal(hwpc_wplan_apply(&plan, NULL), 0);
	hwpc_wplan_free(&plan);
	adv(dev, 100);
	assert_int_equal(ticks(dev), 144);
	assert_int_equal(hwpc_ptimer_config(&pt, 0, &cfg, NULL), 0);
	assert_false(cfg.internal);
	assert_string_equal(cfg.source_name, "TCLK");
	hwpc_dev_close(dev);
}

/* "the ALARM interrupt will be triggered" when bits 5-31 of ALARM equal
 * those of TIME_LOW; INTR is write-1-to-clear; INTR_ENABLE gates PMC.INTR
 * line 20 but not INTR itself. */
static void test_alarm(void **state)
{
	(void)state;
	struct hwpc_dev *dev = fresh("nv44", "crystal=27M");
	struct hwpc_ptimer pt;
	struct hwpc_wplan plan;
	assert_int_equal(hwpc_ptimer_init(&pt, dev, NULL), 0);
	hwpc_wplan_init(&plan, dev);
	assert_int_equal(hwpc_ptimer_plan_alarm(&pt, 1000, &plan, NULL), 0);
	assert_int_equal(hwpc_wplan_apply(&plan, NULL), 0);
	hwpc_wplan_free(&plan);
	assert_int_equal(rd(dev, "PTIMER.ALARM"), 1000 << 5);
	adv(dev, 37000); /* 999 ticks */
	assert_int_equal(ticks(dev), 999);
	assert_int_equal(rd(dev, "PTIMER.INTR"), 0);
	adv(dev, 38); /* 37038 ns: tick 1000 */
	assert_int_equal(rd(dev, "PTIMER.INTR"), 1);
	assert_int_equal(rd(dev, "PMC.INTR") & (1u << 20), 0); /* masked */
	wr(dev, "PTIMER.INTR_ENABLE", 1);
	assert_int_equal(rd(dev, "PMC.INTR"), 1u << 20);
	wr(dev, "PTIMER.INTR", 0); /* writing 0 changes nothing */
	assert_int_equal(rd(dev, "PTIMER.INTR"), 1);
	wr(dev, "PTIMER.INTR", 1);
	assert_int_equal(rd(dev, "PTIMER.INTR"), 0);
	assert_int_equal(rd(dev, "PMC.INTR"), 0);
	/* Comparison is on the low 27 bits: the alarm fires again 2^27 later. */
	uint64_t t_next = (((1ULL << 27) + 1000) * 1000 + 26) / 27; /* first ns at tick 2^27 + 1000 */
	adv(dev, t_next - 1 - 37038);
	assert_int_equal(ticks(dev), (1ULL << 27) + 999);
	assert_int_equal(rd(dev, "PTIMER.INTR"), 0);
	adv(dev, 1);
	assert_int_equal(ticks(dev), (1ULL << 27) + 1000);
	assert_int_equal(rd(dev, "PTIMER.INTR"), 1);
	hwpc_dev_close(dev);
}

/* TIME_LOW/TIME_HIGH writes set the counter's two parts; bits 0-4 of LOW
 * and 29-31 of HIGH read as 0. */
static void test_time_writes(void **state)
{
	(void)state;
	struct hwpc_dev *dev = fresh("g92", NULL);
	wr(dev, "PTIMER.TIME_HIGH", 0xffffffff);
	wr(dev, "PTIMER.TIME_LOW", 0xffffffff);
	assert_int_equal(rd(dev, "PTIMER.TIME_HIGH"), 0x1fffffff);
	assert_int_equal(rd(dev, "PTIMER.TIME_LOW"), 0xffffffe0);
	assert_int_equal(ticks(dev), (1ULL << 56) - 1);
	adv(dev, 1000); /* 27 ticks: the 56-bit counter wraps */
	assert_int_equal(ticks(dev), 26);
	hwpc_dev_close(dev);
}

/* PMC: BOOT_0 identifies the chip; PTIMER disabled in PMC.ENABLE holds. */
static void test_pmc(void **state)
{
	(void)state;
	struct hwpc_dev *dev = fresh("nv1", "mclk=50M");
	assert_int_equal(rd(dev, "PMC.BOOT_0") >> 16 & 0xf, 1);
	assert_int_equal(rd(dev, "PMC.ENABLE") & 0x10, 0x10);
	wr(dev, "PMC.ENABLE", 0);
	adv(dev, 1000);
	assert_int_equal(ticks(dev), 0);
	wr(dev, "PMC.ENABLE", 0x10);
	adv(dev, 1000);
	assert_int_equal(ticks(dev), 50);
	hwpc_dev_close(dev);
}

/* NV41+: a host access nothing answers is recorded in MMIO_FAULT_*. */
static void test_mmio_fault(void **state)
{
	(void)state;
	struct hwpc_dev *dev = fresh("g84", NULL);
	uint32_t v;
	assert_int_equal(hwpc_rd32(dev, 0x123450, &v), 0);
	assert_int_equal(v, 0);
	assert_int_equal(rd(dev, "PTIMER.MMIO_FAULT_ADDR"), 0x123450);
	dev->flags |= HWPC_OPEN_FORCE;
	assert_int_equal(hwpc_wr32(dev, 0x222220, 0xabcd), 0);
	assert_int_equal(rd(dev, "PTIMER.MMIO_FAULT_ADDR"), 0x222222);
	assert_int_equal(rd(dev, "PTIMER.MMIO_FAULT_DATA"), 0xabcd);
	hwpc_dev_close(dev);
}

/* Writes are checked against regdb: unknown or read-only registers are
 * refused without force; a read-only open refuses every write. */
static void test_write_checks(void **state)
{
	(void)state;
	struct hwpc_dev *dev = fresh("g84", NULL);
	struct hwpc_err err;
	assert_int_equal(hwpc_wr32_allowed(dev, 0x123450, &err), HWPC_EINPUT);
	assert_non_null(strstr(err.msg, "no register known there on G84"));
	assert_int_equal(hwpc_wr32_allowed(dev, 0x000000, &err), HWPC_EINPUT);
	assert_non_null(strstr(err.msg, "PMC.BOOT_0 is read-only"));
	assert_int_equal(hwpc_wr32_allowed(dev, 0x9220, &err), 0);
	hwpc_dev_close(dev);
	assert_int_equal(hwpc_dev_open(spec, HWPC_OPEN_READ, db, &dev, &err), 0);
	assert_int_equal(hwpc_wr32(dev, 0x9220, 0), HWPC_EINPUT);
	assert_non_null(strstr(dev->err.msg, "read-only"));
	hwpc_dev_close(dev);
}

static void expect_open_error(const char *s, int status, const char *needle)
{
	struct hwpc_dev *dev;
	struct hwpc_err err;
	assert_int_equal(hwpc_dev_open(s, HWPC_OPEN_READ, db, &dev, &err), status);
	if (!strstr(err.msg, needle))
		fail_msg("'%s': error '%s' lacks '%s'", s, err.msg, needle);
}

/* The state file: shared, checked, never trusted blindly. */
static void test_state_file(void **state)
{
	(void)state;
	char path[128], s2[256];
	struct hwpc_dev *a = fresh("g84", NULL), *b;
	struct hwpc_err err;
	/* Two opens see one machine. */
	assert_int_equal(hwpc_dev_open(spec, HWPC_OPEN_WRITE, db, &b, &err), 0);
	adv(a, 1000);
	assert_int_equal(ticks(b), 27);
	hwpc_dev_close(b);
	hwpc_dev_close(a);
	snprintf(path, sizeof path, "%s/g84.state", dir);
	/* Another chip's spec on this file, or other options. */
	snprintf(s2, sizeof s2, "sim:nv40,state=%s", path);
	expect_open_error(s2, HWPC_EINPUT, "holds a G84, not a NV40");
	snprintf(s2, sizeof s2, "sim:g84,state=%s,clock=realtime", path);
	expect_open_error(s2, HWPC_EINPUT, "uses the virtual clock");
	snprintf(s2, sizeof s2, "sim:g84,state=%s,clock=virtual,crystal=25M", path);
	expect_open_error(s2, HWPC_EINPUT, "was created with");
	snprintf(s2, sizeof s2, "sim:g84,state=%s", path);
	assert_int_equal(hwpc_sim_create(s2, false, db, &err), HWPC_EINPUT);
	assert_non_null(strstr(err.msg, "already exists"));
	/* Corruption: a flipped header byte, a truncated file, garbage. */
	FILE *f = fopen(path, "r+b");
	assert_non_null(f);
	fseek(f, 40, SEEK_SET);
	fputc(0x5a, f);
	fclose(f);
	expect_open_error(s2, HWPC_EOP, "is corrupt");
	assert_int_equal(truncate(path, 100), 0);
	expect_open_error(s2, HWPC_EOP, "truncated header");
	f = fopen(path, "wb");
	for (int i = 0; i < 4096; i++)
		fputc(i * 7, f);
	fclose(f);
	expect_open_error(s2, HWPC_EOP, "not a hwpc simulator state file");
	/* Reset recreates it. */
	assert_int_equal(hwpc_sim_create(s2, true, db, &err), 0);
	assert_int_equal(hwpc_dev_open(s2, HWPC_OPEN_READ, db, &b, &err), 0);
	hwpc_dev_close(b);
	/* Bad options. */
	expect_open_error("sim:g84,colour=red", HWPC_EINPUT, "unknown sim option 'colour'");
	expect_open_error("sim:g84,clock=sometimes", HWPC_EINPUT, "clock=sometimes");
	expect_open_error("sim:nv99", HWPC_EINPUT, "unknown chipset 'nv99'");
	snprintf(s2, sizeof s2, "sim:g84,state=%s/x.state,crystal=13.5M", dir);
	expect_open_error(s2, HWPC_EINPUT, "not one the G84 straps can select");
	snprintf(s2, sizeof s2, "sim:g84,state=%s/y.state,tclk=fast", dir);
	expect_open_error(s2, HWPC_EINPUT, "bad sim option tclk=fast");
	expect_open_error("sim:nv6", HWPC_EINPUT, "cannot be simulated");
}

/* ptime's option values: the alarm's three forms and its range, and the
 * CLOCK_SOURCE factors bounded by regdb's field widths (256 and 16). */
static void test_option_values(void **state)
{
	(void)state;
	struct hwpc_dev *dev = fresh("g84", "crystal=27M");
	struct hwpc_ptimer pt;
	struct hwpc_err err;
	uint64_t t, m, d;
	bool internal;
	unsigned um, ud;
	assert_int_equal(hwpc_ptimer_init(&pt, dev, NULL), 0);
	assert_int_equal(hwpc_ptimer_parse_alarm(&pt, "@5", 100, 0, &t, NULL), 0);
	assert_int_equal(t, 5);
	assert_int_equal(hwpc_ptimer_parse_alarm(&pt, "+1000t", 100, 0, &t, NULL), 0);
	assert_int_equal(t, 1100);
	assert_int_equal(hwpc_ptimer_parse_alarm(&pt, "+1ms", 100, 27e6, &t, NULL), 0);
	assert_int_equal(t, 27100);
	assert_int_equal(hwpc_ptimer_parse_alarm(&pt, "+1ms", 100, 0, &t, &err), HWPC_EINPUT);
	assert_non_null(strstr(err.msg, "tick rate is unknown"));
	assert_int_equal(hwpc_ptimer_parse_alarm(&pt, "+10h", 0, 27e6, &t, &err), HWPC_EINPUT);
	assert_non_null(strstr(err.msg, "more than the alarm's range of 134217727 ticks"));
	assert_int_equal(hwpc_ptimer_parse_alarm(&pt, "+134217728t", 0, 0, &t, NULL), HWPC_EINPUT);
	assert_int_equal(hwpc_ptimer_parse_alarm(&pt, "soon", 0, 0, &t, &err), HWPC_EINPUT);
	assert_string_equal(err.msg, "--alarm: expected +DURATION, +Nt or @TICKS, got 'soon'");

	assert_int_equal(hwpc_ptimer_parse_ratio("3/7", "--set-ratio", &m, &d, NULL), 0);
	assert_true(m == 3 && d == 7);
	assert_int_equal(hwpc_ptimer_parse_ratio("3", "--set-ratio", &m, &d, &err), HWPC_EINPUT);
	assert_string_equal(err.msg, "--set-ratio: expected MUL/DIV, got '3'");

	assert_int_equal(hwpc_ptimer_parse_source(&pt, "internal=256/16", &internal, &um, &ud, NULL), 0);
	assert_true(internal && um == 256 && ud == 16);
	assert_int_equal(hwpc_ptimer_parse_source(&pt, "internal", &internal, &um, &ud, NULL), 0);
	assert_true(internal && um == 0 && ud == 0);
	assert_int_equal(hwpc_ptimer_parse_source(&pt, "external", &internal, &um, &ud, NULL), 0);
	assert_false(internal);
	assert_int_equal(hwpc_ptimer_parse_source(&pt, "internal=257/1", &internal, &um, &ud, &err), HWPC_EINPUT);
	assert_string_equal(err.msg, "--set-source internal=257/1: MUL must be 1..256 and DIV 1..16");
	assert_int_equal(hwpc_ptimer_parse_source(&pt, "internal=1/0", &internal, &um, &ud, NULL), HWPC_EINPUT);
	assert_int_equal(hwpc_ptimer_parse_source(&pt, "sideways", &internal, &um, &ud, NULL), HWPC_EINPUT);
	hwpc_dev_close(dev);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ratio),        cmocka_unit_test(test_invalid_ratios),
		cmocka_unit_test(test_clock_source), cmocka_unit_test(test_alarm),
		cmocka_unit_test(test_time_writes),  cmocka_unit_test(test_pmc),
		cmocka_unit_test(test_mmio_fault),   cmocka_unit_test(test_write_checks),
		cmocka_unit_test(test_state_file),   cmocka_unit_test(test_option_values),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
