/* SPDX-License-Identifier: MIT */
/* The device-clock sampler (hwpc/sampler.h) on a fake device whose clock
 * moves only when waited on (as a virtual simulator clock does): sample
 * times by interval and by whole domain cycles, waits never going back,
 * the pause that leaves the clock alone; and on the simulator, a scan that
 * steps a virtual clock a cycle per sample. */
#include "pcsim_test.h"

struct fake {
	struct hwpc_dev dev;
	uint64_t now, hz;
	unsigned waits;
};

static uint64_t f_now(struct hwpc_dev *d)
{
	return ((struct fake *)d)->now;
}

static int f_wait(struct hwpc_dev *d, uint64_t t, struct hwpc_err *err)
{
	struct fake *f = (struct fake *)d;
	(void)err;
	f->waits++;
	if (t > f->now)
		f->now = t;
	return 0;
}

/* The clock of domain "d0" is known, any other is not. */
static uint64_t f_hz(struct hwpc_dev *d, const char *clock)
{
	return !strcmp(clock, "d0") ? ((struct fake *)d)->hz : 0;
}

static const struct hwpc_dev_ops fake_ops = {
	.name = "fake", .now_ns = f_now, .wait_until_ns = f_wait, .clock_hz = f_hz,
};

static void test_by_interval(void **state)
{
	(void)state;
	struct fake f = { .dev.ops = &fake_ops, .now = 5000 };
	struct hwpc_sampler s;
	hwpc_sampler_start(&s, &f.dev, 1000000);
	assert_int_equal(hwpc_sampler_due_ns(&s, 3), 3005000);
	assert_int_equal(hwpc_sampler_wait(&s, 1, NULL), 0);
	assert_int_equal(f.now, 1005000);
	assert_int_equal(hwpc_sampler_elapsed_ns(&s), 1000000);
	/* A late sample does not wait, and never moves the clock back. */
	f.now = 2500000;
	assert_int_equal(hwpc_sampler_wait(&s, 2, NULL), 0);
	assert_int_equal(f.now, 2500000);
	assert_int_equal(hwpc_dev_wait_ns(&f.dev, 10, NULL), 0);
	assert_int_equal(f.now, 2500010);
}

static void test_by_cycles(void **state)
{
	(void)state;
	/* 3 MHz: a cycle is 333.3 ns, so cycle boundaries fall on rounded-up ns. */
	struct fake f = { .dev.ops = &fake_ops, .now = 1000, .hz = 3000000 };
	struct hwpc_sampler s;
	uint64_t d0 = hwpc_dev_clock_named_hz(&f.dev, "d0"), d1 = hwpc_dev_clock_named_hz(&f.dev, "d1");
	assert_false(hwpc_sampler_start_cycles(&s, &f.dev, d1, 1)); /* domain 1: clock unknown */
	assert_true(hwpc_sampler_start_cycles(&s, &f.dev, d0, 2));
	/* At 1000 ns the domain has made 3 cycles; sample k at cycle 3 + 2k. */
	assert_int_equal(hwpc_sampler_due_ns(&s, 0), 1000);
	assert_int_equal(hwpc_sampler_due_ns(&s, 1), 1667); /* cycle 5 at 1666.7 ns */
	assert_int_equal(hwpc_sampler_due_ns(&s, 2), 2334); /* cycle 7 at 2333.3 ns */
	assert_int_equal(hwpc_dev_wait_cycles(&f.dev, d0, 1, 99, NULL), 0);
	assert_int_equal(f.now, 1334); /* cycle 4 */
	assert_int_equal(hwpc_dev_wait_cycles(&f.dev, d1, 1, 99, NULL), 0);
	assert_int_equal(f.now, 1433); /* unknown clock: the fallback time */
}

static void test_pause_leaves_clock(void **state)
{
	(void)state;
	struct fake f = { .dev.ops = &fake_ops, .now = 7 };
	bool moved = true;
	hwpc_dev_pause_ns(&f.dev, 1000, &moved);
	assert_false(moved);
	assert_int_equal(f.now, 7);
	assert_int_equal(f.waits, 0);
	/* A real device's clock (the host's) moves by itself. */
	uint64_t a = hwpc_host_now_ns();
	hwpc_dev_pause_ns(&f.dev, 100000, &moved);
	assert_true(hwpc_host_now_ns() - a >= 100000);
}

/* The simulator: 100 kHz, 10 ms: 1000 cycles, fewer than the samples
 * asked, so every cycle is read, a cycle apart, and the virtual clock is
 * 10 ms on (pcread --scan's exact shares). */
static void test_scan_virtual(void **state)
{
	(void)state;
	struct pt t;
	struct hwpc_pc_layout l;
	struct hwpc_pcr r;
	static struct hwpc_pc_scan sc;
	volatile sig_atomic_t stop = 0;
	pt_open(&t, "g84", "pchz=100k");
	unsigned dom;
	assert_int_equal(hwpc_pc_layout_dev(t.dev, NULL, &l, NULL), 0);
	assert_int_equal(hwpc_pc_domain_find(&l, "core_a", &dom, NULL), 0);
	assert_int_equal(hwpc_pc_read_init(&r, t.dev, &l, dom, NULL), 0);
	uint64_t t0 = hwpc_dev_now_ns(t.dev);
	const struct hwpc_pc_scan_how how = { .window_ns = 10000000, .seed = 7, .stop = &stop };
	assert_int_equal(hwpc_pc_scan_sample(&r, &how, &sc, NULL), 0);
	assert_int_equal(sc.samples[0], 1000);
	assert_true(sc.every_cycle);
	assert_int_equal(hwpc_dev_now_ns(t.dev) - t0, 10000000);
	/* More cycles than samples: 500 random instants, the window all the
	 * same; not exact. */
	const struct hwpc_pc_scan_how fewer = { .window_ns = 10000000, .samples = 500, .seed = 7, .stop = &stop };
	t0 = hwpc_dev_now_ns(t.dev);
	assert_int_equal(hwpc_pc_scan_sample(&r, &fewer, &sc, NULL), 0);
	assert_int_equal(sc.samples[0], 500);
	assert_false(sc.every_cycle);
	assert_int_equal(hwpc_dev_now_ns(t.dev) - t0, 10000000);
	pt_close(&t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_by_interval),
		cmocka_unit_test(test_by_cycles),
		cmocka_unit_test(test_pause_leaves_clock),
		cmocka_unit_test(test_scan_virtual),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
