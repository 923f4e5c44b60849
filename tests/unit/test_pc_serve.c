/* SPDX-License-Identifier: MIT */
/* The exporter (pc/pc_serve.h) on a virtual clock, where every count is
 * exact: a domain's counters start at 0 at its first read, sum each quad
 * set once (PM_TRIGGER fired before each read), and the exposition carries
 * them with their _created; a simulator whose state is removed is gone; a
 * device that cannot be served is told and left out. */
#include "pcsim_test.h"
#include "pc/pc_serve.h"

#include <time.h>

/* A simulator whose state file is removed is gone: its accesses fail (the
 * exporter reports it down; the machine no other command can reach is not
 * read on). */
static void test_removed_state_is_gone(void **unused)
{
	struct pt t;
	struct hwpc_err err;
	uint32_t v;
	pt_open(&t, "nv40", NULL);
	assert_int_equal(hwpc_reg_read(t.dev, "PTIMER.TIME_LOW", &v, &err), 0);
	assert_int_equal(unlink(t.state), 0);
	assert_int_equal(hwpc_reg_read(t.dev, "PTIMER.TIME_LOW", &v, &err), HWPC_EOP);
	assert_non_null(strstr(err.msg, "was removed"));
	pt_close(&t);
}

/* The value of the sample line that starts with NAME (labels and the
 * blank included) in text, or -1. */
static double sample(const char *text, const char *name)
{
	for (const char *p = text; p; p = strchr(p, '\n'), p = p ? p + 1 : NULL)
		if (strncmp(p, name, strlen(name)) == 0)
			return strtod(p + strlen(name), NULL);
	return -1;
}

#define SHADER "{device=\"gpu\",chipset=\"NV40\",domain=\"shader\"} "

static void test_serve_counts_exactly(void **unused)
{
	struct pt t;
	struct hwpc_err err;
	const char *doms[] = { "shader" };
	const struct hwpc_pc_serve_opts o = { .domains = doms, .ndomains = 1, .ack = true, .trigger = true,
					      .timeout_ns = 60000000000ull };
	char *text;
	size_t len;
	pt_open(&t, "nv40", NULL);
	G(&t, 3, 0x08, "periodic period=4 duty=1");
	W(&t, "EVENT_SRC[3]", 0x08);
	W(&t, "EVENT_OP[3]", 0xaaaa);
	W(&t, "CTRL[3]", 1); /* QUAD */
	ADV(&t, 3, 500);     /* counted before the exporter: not its to count */
	struct hwpc_pc_serve *s = hwpc_pc_serve_new(&o, &err);
	assert_non_null(s);
	assert_int_equal(hwpc_pc_serve_add(s, t.dev, "gpu", NULL), 0);
	double before = (double)time(NULL);
	assert_int_equal(hwpc_pc_serve_start(s, &err), 0);
	/* Each read fires PM_TRIGGER and steps the virtual clock the cycle
	 * the swap takes to land: the first read (at start) latches what came
	 * before and drops it; the scrape's read takes that cycle. */
	assert_int_equal(hwpc_pc_serve_scrape(s, HWPC_FMT_OPENMETRICS, &text, &len, &err), 0);
	assert_true(sample(text, "hwpc_pc_counters_cycles_total" SHADER) == 1);
	double created = sample(text, "hwpc_pc_counters_cycles_created" SHADER);
	/* the wall time of the first read, in seconds since the epoch (not a
	 * monotonic or a device time): a minute either side, as the machine's
	 * clock may be stepped (NTP) between the read and these calls */
	assert_true(created >= before - 60 && created <= (double)time(NULL) + 60);
	free(text);
	ADV(&t, 3, 1000);
	assert_int_equal(hwpc_pc_serve_scrape(s, HWPC_FMT_PROMETHEUS, &text, &len, &err), 0);
	assert_true(sample(text, "hwpc_pc_counters_cycles_total" SHADER) == 1002);
	/* a signal 1 every fourth cycle: a quarter of them, to the phase */
	double events = sample(text, "hwpc_pc_counters_event_count_total" SHADER);
	assert_true(events >= 250 && events <= 251);
	assert_true(sample(text, "hwpc_pc_counters_lost" SHADER) == 0);
	assert_true(sample(text, "hwpc_serve_device_up{device=\"gpu\",chipset=\"NV40\"} ") == 1);
	assert_true(sample(text, "hwpc_serve_device_read_count_total{device=\"gpu\",chipset=\"NV40\"} ") == 3);
	assert_true(sample(text, "hwpc_serve_scrape_count_total ") == 2);
	assert_null(strstr(text, "# EOF"));
	free(text);
	assert_true(hwpc_pc_serve_free(s));
	pt_close(&t);
}

/* What a tell's fail was told. */
struct told {
	unsigned n;
	struct hwpc_err last;
};

static void fail_told(void *ctx, const struct hwpc_err *err)
{
	struct told *t = ctx;
	t->n++;
	t->last = *err;
}

/* A device that cannot be served is told, named, and left out; the
 * description counts the devices served, and with none the status is the
 * last one left out's. */
static void test_serve_add_and_describe(void **unused)
{
	struct pt a, b;
	struct hwpc_err err;
	struct told seen = { 0 };
	const struct hwpc_tell tell = { .fail = fail_told, .ctx = &seen };
	const struct hwpc_pc_serve_opts o = { .ack = true, .trigger = true, .interval_ns = 500000000ull,
					      .timeout_ns = 3000000000ull };
	char what[256];
	pt_open(&a, "nv30", NULL); /* no register known to fire PM_TRIGGER */
	pt_open(&b, "nv40", NULL);
	struct hwpc_pc_serve *s = hwpc_pc_serve_new(&o, &err);
	assert_non_null(s);
	assert_int_equal(hwpc_pc_serve_add(s, a.dev, "old", &tell), HWPC_EINPUT);
	assert_int_equal(seen.n, 1);
	assert_int_equal(seen.last.status, HWPC_EINPUT);
	assert_true(strstr(seen.last.msg, "old: not served: ") == seen.last.msg);
	assert_non_null(strstr(seen.last.msg, "PM_TRIGGER"));
	assert_int_equal(hwpc_pc_serve_describe(s, what, sizeof what), HWPC_EINPUT);
	assert_string_equal(what, "0 devices, read at each scrape and every 0.5 s, PM_TRIGGER fired before each "
				  "read, quad sets acked (--timeout 3 s)");
	assert_int_equal(hwpc_pc_serve_add(s, b.dev, "new", &tell), 0);
	assert_int_equal(seen.n, 1);
	assert_int_equal(hwpc_pc_serve_describe(s, what, sizeof what), 0);
	assert_string_equal(what, "1 device, read at each scrape and every 0.5 s, PM_TRIGGER fired before each "
				  "read, quad sets acked (--timeout 3 s)");
	/* nothing told without a tell: the status all the same */
	assert_int_equal(hwpc_pc_serve_add(s, a.dev, "old", NULL), HWPC_EINPUT);
	assert_true(hwpc_pc_serve_free(s));
	/* neither trigger nor ack: said as nothing */
	const struct hwpc_pc_serve_opts plain = { .interval_ns = 1000000000ull, .timeout_ns = 2000000000ull };
	s = hwpc_pc_serve_new(&plain, &err);
	assert_non_null(s);
	assert_int_equal(hwpc_pc_serve_add(s, a.dev, "a", &tell), 0);
	assert_int_equal(hwpc_pc_serve_add(s, b.dev, "b", &tell), 0);
	assert_int_equal(hwpc_pc_serve_describe(s, what, sizeof what), 0);
	assert_string_equal(what, "2 devices, read at each scrape and every 1 s (--timeout 2 s)");
	assert_true(hwpc_pc_serve_free(s));
	pt_close(&b);
	pt_close(&a);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_removed_state_is_gone),
		cmocka_unit_test(test_serve_counts_exactly),
		cmocka_unit_test(test_serve_add_and_describe),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
