/* SPDX-License-Identifier: MIT */
/* How a register watch with a condition ended (hwpc_watch_end, pcread
 * --until), on a virtual-clock G84: held (at the start or on a change),
 * still false at the timeout, after the changes counted, or stopped
 * before it held; and the words each says. */
#include "pcsim_test.h"
#include "regs/regs_cmd.h"

/* Run w to its end, the way pcread does; the number of values seen. */
static unsigned run_out(struct hwpc_watch *w)
{
	struct hwpc_watch_change ch;
	struct hwpc_err err;
	bool ended = false;
	unsigned n = 0;
	for (;;) {
		if (hwpc_watch_next(w, &ch, &ended, &err))
			fail_msg("watch: %s", err.msg);
		if (ended)
			return n;
		n++;
	}
}

/* A watch on t's device: watch (may be NULL) and the condition (may be
 * NULL), within lim. */
static struct hwpc_watch *watch_new(struct pt *t, const char *watch, const char *until,
				    const struct hwpc_watch_limits *lim)
{
	struct hwpc_err err;
	struct hwpc_watch *w = malloc(sizeof *w);
	assert_non_null(w);
	hwpc_watch_init(w, t->dev, lim);
	if (watch && hwpc_watch_add(w, watch, "--watch", &err))
		fail_msg("%s", err.msg);
	if (until && hwpc_watch_until(w, until, "--until", &err))
		fail_msg("%s", err.msg);
	return w;
}

static void test_held_or_none(void **state)
{
	(void)state;
	struct pt t;
	struct hwpc_err err = { 0 };
	pt_open(&t, "g84", NULL);
	/* no condition: a watch that ends at its count ended as it should */
	const struct hwpc_watch_limits two = { .count = 2 };
	struct hwpc_watch *w = watch_new(&t, "PTIMER.TIME_LOW", NULL, &two);
	assert_int_equal(run_out(w), 3); /* the start value and two changes */
	assert_int_equal(hwpc_watch_end(w, &err), HWPC_WATCH_HELD);
	free(w);
	/* a condition that holds at the start: no change needed */
	W(&t, "PTIMER.ALARM", 0x100);
	const struct hwpc_watch_limits lim = { .timeout_ns = 1000000 };
	w = watch_new(&t, NULL, "PTIMER.ALARM == 0x100", &lim);
	assert_int_equal(run_out(w), 1);
	assert_int_equal(hwpc_watch_end(w, &err), HWPC_WATCH_HELD);
	free(w);
	/* one that comes to hold on a change, before the timeout */
	w = watch_new(&t, NULL, "PTIMER.TIME_LOW >= 0x1000", &lim);
	run_out(w);
	assert_int_equal(hwpc_watch_end(w, &err), HWPC_WATCH_HELD);
	assert_false(w->timed_out);
	free(w);
	pt_close(&t);
}

static void test_timed_out(void **state)
{
	(void)state;
	struct pt t;
	struct hwpc_err err;
	pt_open(&t, "g84", NULL);
	const struct hwpc_watch_limits lim = { .timeout_ns = 2000000 };
	struct hwpc_watch *w = watch_new(&t, NULL, "PTIMER.ALARM == 5", &lim);
	uint64_t t0 = hwpc_dev_now_ns(t.dev);
	assert_int_equal(run_out(w), 1); /* the start value; ALARM never moves */
	assert_true(hwpc_dev_now_ns(t.dev) - t0 >= lim.timeout_ns);
	assert_int_equal(hwpc_watch_end(w, &err), HWPC_WATCH_TIMED_OUT);
	assert_int_equal(err.status, HWPC_OK);
	assert_string_equal(err.msg, "--until 'PTIMER.ALARM == 5': still false after --timeout 2ms");
	free(w);
	pt_close(&t);
}

static void test_still_false(void **state)
{
	(void)state;
	struct pt t;
	struct hwpc_err err;
	pt_open(&t, "g84", NULL);
	const struct hwpc_watch_limits lim = { .count = 3 };
	struct hwpc_watch *w = watch_new(&t, "PTIMER.TIME_LOW", "PTIMER.ALARM==5", &lim);
	assert_int_equal(run_out(w), 2 + 3); /* two start values, three changes */
	assert_int_equal(hwpc_watch_end(w, &err), HWPC_WATCH_STILL_FALSE);
	assert_string_equal(err.msg, "--until 'PTIMER.ALARM==5': still false after -n 3 changes");
	free(w);
	pt_close(&t);
}

static void test_interrupted(void **state)
{
	(void)state;
	struct pt t;
	struct hwpc_err err;
	volatile sig_atomic_t stop = 0;
	pt_open(&t, "g84", NULL);
	const struct hwpc_watch_limits lim = { .timeout_ns = 1000000, .stop = &stop };
	struct hwpc_watch *w = watch_new(&t, "PTIMER.TIME_LOW", "PTIMER.ALARM == 5", &lim);
	struct hwpc_watch_change ch;
	bool ended;
	assert_int_equal(hwpc_watch_next(w, &ch, &ended, &err), 0);
	assert_false(ended);
	stop = 1;
	run_out(w);
	assert_false(w->timed_out);
	assert_int_equal(hwpc_watch_end(w, &err), HWPC_WATCH_INTERRUPTED);
	assert_string_equal(err.msg, "--until 'PTIMER.ALARM == 5': interrupted before it held");
	free(w);
	/* a stop after the condition held is no interruption */
	stop = 0;
	W(&t, "PTIMER.ALARM", 0x100);
	w = watch_new(&t, NULL, "PTIMER.ALARM == 0x100", &lim);
	run_out(w);
	stop = 1;
	assert_int_equal(hwpc_watch_end(w, &err), HWPC_WATCH_HELD);
	free(w);
	pt_close(&t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_held_or_none),
		cmocka_unit_test(test_timed_out),
		cmocka_unit_test(test_still_false),
		cmocka_unit_test(test_interrupted),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
