/* SPDX-License-Identifier: MIT */
/* hwpc_pc_devset (the devices of a pcread PCOUNTER run: readers opened,
 * checked after, failures counted). */
#include "r10k_fixture.h" /* a private state directory, regdb, fresh virtual-clock devices */
#include "pc/pc_cmd.h"

/* What the run told. */
struct told {
	unsigned warns, fails;
	int status;
	char msg[256];
};

static void on_warn(void *ctx, const char *msg)
{
	((struct told *)ctx)->warns++;
}

static void on_fail(void *ctx, const struct hwpc_err *err)
{
	struct told *t = ctx;
	t->fails++;
	t->status = err->status;
	snprintf(t->msg, sizeof t->msg, "%s", err->msg);
}

/* Every domain of each device. */
static void open_set(struct hwpc_pc_devset *s, struct hwpc_pc_devset_opts *o, struct told *t, struct hwpc_dev **dev,
		     const char *const *names, size_t n)
{
	struct hwpc_err err;
	static struct hwpc_tell tell;
	tell = (struct hwpc_tell){ .warn = on_warn, .fail = on_fail, .ctx = t };
	o->pick = true;
	o->tell = &tell;
	if (hwpc_pc_devset_init(s, n, o, &err))
		fail_msg("%s", err.msg);
	for (size_t j = 0; j < n; j++)
		hwpc_pc_devset_add(s, dev[j], names[j]);
}

static void close_all(struct hwpc_dev **dev, size_t n)
{
	for (size_t j = 0; j < n; j++)
		hwpc_dev_close(dev[j]);
}

/* A device without PCOUNTER is told once and left out; the others open,
 * in order, and the run's status is the failure's, one device counted. */
static void test_one_fails(void **state)
{
	(void)state;
	struct hwpc_dev *dev[3] = { fresh("g84", NULL), fresh("r10000", NULL), fresh("gt215", NULL) };
	static const char *const names[3] = { "a", "b", "c" };
	struct hwpc_pc_devset_opts o = { 0 };
	struct hwpc_pc_devset s;
	struct told t = { 0 };
	open_set(&s, &o, &t, dev, names, 3);
	assert_int_equal(t.fails, 1);
	assert_int_not_equal(t.status, 0);
	assert_int_equal(s.nok, 2);
	assert_string_equal(s.ok[0]->name, "a");
	assert_string_equal(s.ok[1]->name, "c");
	assert_true(s.ok[0]->rd.ndoms > 0);
	assert_int_equal(hwpc_pc_devset_end(&s, 0), t.status);
	assert_int_equal(s.failures, 1);
	hwpc_pc_devset_free(&s);
	close_all(dev, 3);
}

/* After the run: a device that failed during it is counted (HWPC_EOP); a
 * suspect one is the run's status with strict, nothing without; a run that
 * failed is its own status, nothing checked. */
static void test_end(void **state)
{
	(void)state;
	struct hwpc_dev *dev[2] = { fresh("g84", NULL), fresh("gt215", NULL) };
	static const char *const names[2] = { "a", "b" };
	for (int strict = 0; strict < 2; strict++) {
		struct hwpc_pc_devset_opts o = { .strict = strict };
		struct hwpc_pc_devset s;
		struct told t = { 0 };
		open_set(&s, &o, &t, dev, names, 2);
		assert_int_equal(s.nok, 2);
		s.ok[0]->failed = true;
		s.ok[1]->rd.suspect = true;
		assert_int_equal(hwpc_pc_devset_end(&s, 0), strict ? HWPC_ELOST : HWPC_EOP);
		assert_int_equal(s.failures, 1);
		assert_true(s.ok[1]->suspect);
		hwpc_pc_devset_free(&s);
	}
	struct hwpc_pc_devset_opts o = { .strict = true };
	struct hwpc_pc_devset s;
	struct told t = { 0 };
	open_set(&s, &o, &t, dev, names, 2);
	s.ok[0]->failed = true;
	assert_int_equal(hwpc_pc_devset_end(&s, 7), 7);
	assert_int_equal(s.failures, 0);
	hwpc_pc_devset_free(&s);
	close_all(dev, 2);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_one_fails),
		cmocka_unit_test(test_end),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
