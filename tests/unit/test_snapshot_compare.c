/* SPDX-License-Identifier: MIT */
/* pcread --diff's library part on a virtual-clock G84: the snapshot files
 * checked before a device is looked for (hwpc_snapshot_check_inputs), and
 * the compare's text, whose last line says what it left out - the same
 * counts its machine formats give - and stands apart from the device's
 * records. */
#include "pcsim_test.h"
#include "regs/regs_cmd.h"

static void test_check_inputs(void **state)
{
	(void)state;
	struct hwpc_err err;
	char dir[] = "/tmp/hwpc-snapcmp-XXXXXX", path[64], missing[64];
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof path, "%s/a.json", dir);
	snprintf(missing, sizeof missing, "%s/none.json", dir);
	FILE *fp = fopen(path, "w");
	assert_non_null(fp);
	fclose(fp);
	assert_int_equal(hwpc_snapshot_check_inputs(path, NULL, &err), 0);
	assert_int_equal(hwpc_snapshot_check_inputs("-", path, &err), 0);
	assert_int_equal(hwpc_snapshot_check_inputs(path, "-", &err), 0);
	/* either file: the one that cannot be read is named */
	assert_int_equal(hwpc_snapshot_check_inputs(missing, path, &err), HWPC_EINPUT);
	char want[160];
	snprintf(want, sizeof want, "cannot read %s: No such file or directory", missing);
	assert_string_equal(err.msg, want);
	assert_int_equal(hwpc_snapshot_check_inputs(path, missing, &err), HWPC_EINPUT);
	assert_string_equal(err.msg, want);
	/* a directory is no snapshot */
	assert_int_equal(hwpc_snapshot_check_inputs(path, dir, &err), HWPC_EINPUT);
	unlink(path);
	rmdir(dir);
}

struct cmp {
	char *text;
	size_t len;
	unsigned ndiff;
	int rc;
};

/* Compare snapshot path with t's device as it is now, in fmt. */
static struct cmp compare(struct pt *t, const char *path, const struct hwpc_snap_filter *filter,
			  enum hwpc_format fmt)
{
	struct hwpc_err err;
	struct cmp c = { 0 };
	FILE *fp = open_memstream(&c.text, &c.len);
	assert_non_null(fp);
	struct hwpc_out *o = hwpc_out_new(fp, fmt, &err);
	assert_non_null(o);
	hwpc_out_set_device(o, "sim:g84", "G84");
	c.rc = hwpc_snapshot_compare_out(t->db, path, NULL, t->dev, filter, fmt, o, &c.ndiff, &err);
	if (!c.rc && hwpc_out_finish(o, &err))
		fail_msg("finish: %s", err.msg);
	hwpc_out_free(o);
	fclose(fp);
	return c;
}

/* The summary record's count key in a JSON compare. */
static unsigned count_of(const char *json, const char *key)
{
	char k[64];
	snprintf(k, sizeof k, "\"%s\":", key);
	const char *p = strstr(strstr(json, "\"reg_diff_summary\""), k);
	assert_non_null(p);
	return (unsigned)strtoul(p + strlen(k), NULL, 10);
}

static const char *last_line(char *text)
{
	size_t n = strlen(text);
	assert_true(n && text[n - 1] == '\n');
	text[n - 1] = 0;
	const char *nl = strrchr(text, '\n');
	return nl ? nl + 1 : text;
}

static void test_left_out_line(void **state)
{
	(void)state;
	struct pt t;
	struct hwpc_err err;
	char path[160];
	const struct hwpc_snap_filter none = { 0 }; /* volatile bits left out */
	pt_open(&t, "g84", NULL);
	snprintf(path, sizeof path, "%s/s.json", t.dir);
	FILE *fp = fopen(path, "w");
	assert_non_null(fp);
	assert_int_equal(hwpc_snapshot_save(t.dev, fp, &err), 0);
	fclose(fp);
	/* nothing moved: no difference, nothing left out, no line */
	struct cmp c = compare(&t, path, &none, HWPC_FMT_TEXT);
	assert_int_equal(c.rc, 0);
	assert_int_equal(c.ndiff, 0);
	assert_string_equal(c.text, "");
	free(c.text);
	/* the timer moves by itself, the alarm by a write */
	W(&t, "PTIMER.ALARM", 0x100);
	assert_int_equal(hwpc_dev_wait_until_ns(t.dev, hwpc_dev_now_ns(t.dev) + 1000000, &err), 0);
	c = compare(&t, path, &none, HWPC_FMT_JSON);
	unsigned volatile_n = count_of(c.text, "volatile_count");
	assert_true(volatile_n >= 1);
	assert_int_equal(count_of(c.text, "ignored_count"), 0);
	assert_null(strstr(c.text, "left out"));
	free(c.text);
	/* text: the table, then the line with the summary's counts */
	char want[256];
	snprintf(want, sizeof want,
		 "left out: %u register%s whose only changes are volatile (counters, timers, status; --all keeps "
		 "them), 0 named by --ignore",
		 volatile_n, volatile_n == 1 ? "" : "s");
	c = compare(&t, path, &none, HWPC_FMT_TEXT);
	assert_int_equal(c.ndiff, 1);
	assert_true(strncmp(c.text, "device: sim:g84 (G84)\nunit ", 27) == 0);
	assert_non_null(strstr(c.text, "\nPTIMER  PTIMER.ALARM "));
	assert_string_equal(last_line(c.text), want);
	free(c.text);
	/* every difference left out: the line alone, with no device line */
	static const char *const ignore[] = { "PTIMER.ALARM" };
	const struct hwpc_snap_filter filter = { .ignore = ignore, .nignore = 1 };
	c = compare(&t, path, &filter, HWPC_FMT_TEXT);
	assert_int_equal(c.ndiff, 0);
	snprintf(want, sizeof want,
		 "left out: %u register%s whose only changes are volatile (counters, timers, status; --all keeps "
		 "them), 1 named by --ignore\n",
		 volatile_n, volatile_n == 1 ? "" : "s");
	assert_string_equal(c.text, want);
	free(c.text);
	unlink(path);
	pt_close(&t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_check_inputs),
		cmocka_unit_test(test_left_out_line),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
