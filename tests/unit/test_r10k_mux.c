/* SPDX-License-Identifier: MIT */
/* Multiplexing more events than counters: the rotation schedule, perf's
 * scaling arithmetic with exact expected numbers, and rotation on the
 * simulated CPU in virtual time (200 MHz: 10 us is 2000 cycles). */
#include "r10k_fixture.h"
#include "dev/backend.h"
#include "r10k/r10k_cmd.h"

/* Advance 10 us and rotate. */
static void step(struct hwpc_dev *dev, struct hwpc_r10k_mux *m, struct hwpc_r10k_session *s, bool want_change)
{
	struct hwpc_err err;
	bool changed = !want_change;
	assert_int_equal(hwpc_sim_advance_ns(dev, 10000, NULL), 0);
	if (hwpc_r10k_mux_rotate(m, s, hwpc_r10k_now_ns(dev), &changed, &err))
		fail_msg("%s", err.msg);
	assert_int_equal(changed, want_change);
}

/* Open the CPU, plan the events (user mode), start rotating them now. */
static void begin(struct hwpc_dev *dev, struct hwpc_r10k_session *s, struct hwpc_r10k_mux *m, const char *const *ev,
		  unsigned n)
{
	struct hwpc_err err;
	if (hwpc_r10k_open(s, dev, &err) || hwpc_r10k_mux_plan(m, &s->cpu, ev, n, HWPC_R10K_USER, &err) ||
	    hwpc_r10k_mux_start(m, s, hwpc_r10k_now_ns(dev), &err))
		fail_msg("%s", err.msg);
}

static void test_scale(void **state)
{
	(void)state;
	struct hwpc_r10k_estimate e;
	hwpc_r10k_scale(1000, 25000000, 100000000, &e);
	assert_true(e.counted);
	assert_true(e.scaled == 4000.0);
	assert_true(e.fraction == 0.25);
	hwpc_r10k_scale(7, 3, 10, &e); /* 70/3 */
	assert_true(e.scaled > 23.3333333333 && e.scaled < 23.3333333334);
	/* Large counts stay exact: 2^40 * 2^30 / 2^10. */
	hwpc_r10k_scale(1ull << 40, 1ull << 10, 1ull << 30, &e);
	assert_true(e.scaled == 1152921504606846976.0);
	assert_true(e.fraction == 1.0 / (1 << 20));
	/* Counted the whole time: the count itself. */
	hwpc_r10k_scale(12345, 500, 500, &e);
	assert_true(e.scaled == 12345.0);
	assert_true(e.fraction == 1.0);
	/* Never counted: no estimate. */
	hwpc_r10k_scale(0, 0, 500, &e);
	assert_false(e.counted);
	assert_true(e.scaled == 0.0);
	assert_true(e.fraction == 0.0);
}

static void test_plan(void **state)
{
	(void)state;
	struct hwpc_r10k_cpu r10, r12;
	struct hwpc_r10k_mux m;
	struct hwpc_err err;
	assert_int_equal(hwpc_r10k_cpu_init(&r10, db, "r10000", 3, &err), 0);
	assert_int_equal(hwpc_r10k_cpu_init(&r12, db, "r12000", 0, &err), 0);
	/* R10000: events go to their own counter; CYCLES (0 or 16) to the
	 * emptier one, even when listed first. */
	const char *a[] = { "cycles", "9", "1", "2", "25" };
	assert_int_equal(hwpc_r10k_mux_plan(&m, &r10, a, 5, HWPC_R10K_USER, &err), 0);
	assert_int_equal(m.nper[0], 3);
	assert_int_equal(m.nper[1], 2);
	assert_int_equal(m.ev[0].ev->num, 16);
	assert_int_equal(m.ev[0].counter, 1);
	assert_int_equal(m.ev[0].word, 0x8);
	assert_int_equal(m.order[0][0], 1);
	assert_int_equal(m.order[0][2], 3);
	assert_int_equal(m.order[1][0], 0);
	assert_int_equal(m.order[1][1], 4);
	/* R12000: every event fits either counter: they alternate. */
	const char *b[] = { "cycles", "9", "25", "15", "0x1f" };
	assert_int_equal(hwpc_r10k_mux_plan(&m, &r12, b, 5, HWPC_R10K_USER | HWPC_R10K_KERNEL, &err), 0);
	assert_int_equal(m.nper[0], 3);
	assert_int_equal(m.nper[1], 2);
	assert_int_equal(m.ev[1].counter, 1);
	assert_int_equal(m.ev[4].word, 31u << 5 | 0xa);
	/* All 32 R12000 events: 16 a counter, the seed's maximum. */
	char names[32][8];
	const char *all[33];
	for (unsigned i = 0; i < 33; i++) {
		snprintf(names[i % 32], sizeof names[0], "%u", i % 32);
		all[i] = names[i % 32];
	}
	assert_int_equal(hwpc_r10k_mux_plan(&m, &r12, all, 32, HWPC_R10K_USER, &err), 0);
	assert_int_equal(m.nper[0], 16);
	assert_int_equal(m.nper[1], 16);
	assert_int_equal(hwpc_r10k_mux_plan(&m, &r12, all, 33, HWPC_R10K_USER, &err), HWPC_EINPUT);
	assert_string_equal(err.msg, "33 events: the R12000 counts at most 32 (16 per counter)");
	/* Errors. */
	const char *dup[] = { "9", "icache_misses" };
	assert_int_equal(hwpc_r10k_mux_plan(&m, &r12, dup, 2, HWPC_R10K_USER, &err), HWPC_EINPUT);
	assert_string_equal(err.msg, "event icache_misses is listed twice");
	const char *bad[] = { "9", "tlb_mises" };
	assert_int_equal(hwpc_r10k_mux_plan(&m, &r12, bad, 2, HWPC_R10K_USER, &err), HWPC_EINPUT);
	assert_non_null(strstr(err.msg, "did you mean"));
	assert_int_equal(hwpc_r10k_mux_plan(&m, &r10, a, 5, HWPC_R10K_SUPERVISOR, &err), HWPC_EINPUT);
	assert_int_equal(hwpc_r10k_mux_plan(&m, &r10, a, 5, 0, &err), HWPC_EINPUT);
	assert_int_equal(hwpc_r10k_mux_plan(&m, &r10, a, 0, HWPC_R10K_USER, &err), HWPC_EINPUT);
	const char *mix[] = { "9", "DECODED_LOADS" };
	assert_int_equal(hwpc_r10k_mux_plan(&m, &r10, mix, 2, HWPC_R10K_USER, &err), HWPC_EINPUT);
	assert_non_null(strstr(err.msg, "is an R12000 event"));
}

/* Four events over two counters, each counted half the time: the scaled
 * estimates equal the true counts exactly. */
static void test_rotate_even(void **state)
{
	(void)state;
	struct hwpc_dev *dev = fresh("r12000", NULL);
	struct hwpc_r10k_session s;
	struct hwpc_r10k_mux m;
	struct hwpc_r10k_estimate e;
	const char *ev[] = { "cycles", "icache_misses", "dcache_misses", "instructions_graduated" };
	rate(dev, "9", "1M/s");       /* 10 per 10 us */
	rate(dev, "25", "0.25/cycle"); /* 500 per 10 us */
	rate(dev, "15", "2/cycle");   /* 4000 per 10 us */
	begin(dev, &s, &m, ev, 4);
	/* counter 0: cycles, dcache; counter 1: icache, graduated */
	for (int i = 0; i < 4; i++)
		step(dev, &m, &s, false);
	static const uint64_t count[] = { 4000, 20, 1000, 8000 }, truth[] = { 8000, 40, 2000, 16000 };
	for (unsigned i = 0; i < 4; i++) {
		hwpc_r10k_mux_estimate(&m, i, &e);
		assert_int_equal(e.count, count[i]);
		assert_int_equal(e.time_counted_ns, 20000);
		assert_int_equal(e.time_total_ns, 40000);
		assert_true(e.fraction == 0.5);
		assert_true(e.scaled == (double)truth[i]);
	}
	assert_int_equal(m.steps, 4);
	assert_int_equal(s.changes, 0);
	hwpc_dev_close(dev);
}

/* A device that lags as the test says (a realtime simulator that skipped
 * device time): the simulator's own accesses, and fake_lag as its lag. */
static uint64_t fake_lag;
static bool lagging(struct hwpc_dev *dev, uint64_t *lag)
{
	(void)dev;
	*lag = fake_lag;
	return true;
}

/* step() with the simulator's own ops for the advance (which asks for a
 * simulator), the lagging ones for the rotation. */
static void step_lag(struct hwpc_dev *dev, const struct hwpc_dev_ops *lag_ops, struct hwpc_r10k_mux *m,
		     struct hwpc_r10k_session *s)
{
	const struct hwpc_dev_ops *real = dev->ops;
	struct hwpc_err err;
	bool changed = true;
	assert_int_equal(hwpc_sim_advance_ns(dev, 10000, NULL), 0);
	dev->ops = lag_ops;
	if (hwpc_r10k_mux_rotate(m, s, hwpc_r10k_now_ns(dev), &changed, &err))
		fail_msg("%s", err.msg);
	dev->ops = real;
	assert_false(changed);
}

/* Device time a lagging simulator skipped counted nothing: it is left out
 * of each event's counted time and of the run's, and reported as lag_ns,
 * so that the estimates scale over the time that ran. */
static void test_rotate_lag(void **state)
{
	(void)state;
	struct hwpc_dev *dev = fresh("r10000", NULL);
	const struct hwpc_dev_ops *real = dev->ops;
	struct hwpc_dev_ops ops = *real;
	struct hwpc_r10k_session s;
	struct hwpc_r10k_mux m;
	struct hwpc_r10k_estimate e;
	const char *ev[] = { "9", "1", "cycles" };
	ops.lag_ns = lagging;
	fake_lag = 7000; /* before the run: not the run's */
	dev->ops = &ops;
	begin(dev, &s, &m, ev, 3);
	dev->ops = real;
	/* counter 0: 9 then 1; counter 1: cycles.  4 us of the first 10 us
	 * and 1 us of the third were skipped. */
	fake_lag += 4000;
	step_lag(dev, &ops, &m, &s);
	step_lag(dev, &ops, &m, &s);
	fake_lag += 1000;
	step_lag(dev, &ops, &m, &s);
	static const uint64_t counted[] = { 6000 + 9000, 10000 };
	for (unsigned i = 0; i < 2; i++) {
		hwpc_r10k_mux_estimate(&m, i, &e);
		assert_int_equal(e.time_counted_ns, counted[i]);
		assert_int_equal(e.time_total_ns, 25000);
		assert_int_equal(e.lag_ns, 5000);
		assert_true(e.can_lag);
	}
	hwpc_r10k_mux_estimate(&m, 2, &e);
	assert_int_equal(e.time_counted_ns, 25000);
	assert_true(e.fraction == 1.0);
	hwpc_dev_close(dev);
}

/* Three events on counter 0, one on counter 1 (R10000): the lone event is
 * counted all the time, the others a third of it. */
static void test_rotate_uneven(void **state)
{
	(void)state;
	struct hwpc_dev *dev = fresh("r10000", NULL);
	struct hwpc_r10k_session s;
	struct hwpc_r10k_mux m;
	struct hwpc_r10k_estimate e;
	const char *ev[] = { "9", "1", "2", "25" };
	rate(dev, "9", "0.1/cycle");
	rate(dev, "1", "3/cycle");
	rate(dev, "2", "1.5/cycle");
	rate(dev, "25", "0.01/cycle");
	begin(dev, &s, &m, ev, 4);
	for (int i = 0; i < 6; i++)
		step(dev, &m, &s, false);
	/* 6 steps of 2000 cycles; each counter-0 event had 2 of them. */
	static const uint64_t count[] = { 400, 12000, 6000, 120 };
	static const double scaled[] = { 1200, 36000, 18000, 120 };
	for (unsigned i = 0; i < 4; i++) {
		hwpc_r10k_mux_estimate(&m, i, &e);
		assert_int_equal(e.count, count[i]);
		assert_int_equal(e.time_total_ns, 60000);
		assert_int_equal(e.time_counted_ns, i == 3 ? 60000 : 20000);
		assert_true(e.scaled == scaled[i]);
	}
	/* The counter left in place was not reprogrammed. */
	assert_int_equal(rd(dev, "R10K.COUNT[1]"), 120);
	hwpc_dev_close(dev);
}

/* Someone else reprograms a counter during multiplexing: that interval is
 * dropped, the change is counted, ours is put back. */
static void test_rotate_generation(void **state)
{
	(void)state;
	struct hwpc_dev *dev = fresh("r12000", NULL);
	struct hwpc_r10k_session s;
	struct hwpc_r10k_mux m;
	struct hwpc_r10k_estimate e;
	struct hwpc_err err;
	const char *ev[] = { "cycles", "15", "9" };
	rate(dev, "15", "1/cycle");
	rate(dev, "9", "0.5/cycle");
	begin(dev, &s, &m, ev, 3);
	/* counter 0: cycles, 9; counter 1: 15 */
	step(dev, &m, &s, false);
	wr(dev, "R10K.CTRL[1]", 0x8 | 23u << 5);
	step(dev, &m, &s, true);
	assert_int_equal(s.changes, 1);
	step(dev, &m, &s, false);
	assert_int_equal(rd(dev, "R10K.CTRL[1]"), 0x8 | 15u << 5); /* put back */
	hwpc_r10k_mux_estimate(&m, 0, &e); /* cycles: steps 1 and 3 */
	assert_int_equal(e.count, 4000);
	assert_int_equal(e.time_counted_ns, 20000);
	hwpc_r10k_mux_estimate(&m, 2, &e); /* event 9: step 2, dropped */
	assert_int_equal(e.count, 0);
	assert_false(e.counted);
	hwpc_r10k_mux_estimate(&m, 1, &e); /* event 15: steps 1 and 3 */
	assert_int_equal(e.count, 4000);
	assert_int_equal(e.time_total_ns, 30000);
	assert_true(e.fraction == 20000.0 / 30000.0);
	assert_true(e.scaled == 6000.0);
	/* Misuse. */
	struct hwpc_r10k_mux fresh_m;
	assert_int_equal(hwpc_r10k_mux_plan(&fresh_m, &s.cpu, ev, 3, HWPC_R10K_USER, &err), 0);
	assert_int_equal(hwpc_r10k_mux_rotate(&fresh_m, &s, 0, NULL, &err), HWPC_EINPUT);
	assert_int_equal(hwpc_r10k_mux_rotate(&m, &s, 0, NULL, &err), HWPC_EINPUT);
	assert_non_null(strstr(err.msg, "time went backwards"));
	/* A plan for the other CPU type. */
	struct hwpc_r10k_cpu r10;
	const char *ten[] = { "9" };
	assert_int_equal(hwpc_r10k_cpu_init(&r10, db, "r10000", 0, &err), 0);
	assert_int_equal(hwpc_r10k_mux_plan(&fresh_m, &r10, ten, 1, HWPC_R10K_USER, &err), 0);
	assert_int_equal(hwpc_r10k_mux_start(&fresh_m, &s, 0, &err), HWPC_EINPUT);
	assert_non_null(strstr(err.msg, "mixing R10000 and R12000 counters is undefined"));
	hwpc_dev_close(dev);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_scale),         cmocka_unit_test(test_plan),
		cmocka_unit_test(test_rotate_even),   cmocka_unit_test(test_rotate_uneven),
		cmocka_unit_test(test_rotate_generation), cmocka_unit_test(test_rotate_lag),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
