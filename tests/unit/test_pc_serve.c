/* SPDX-License-Identifier: MIT */
/* The exporter (pc/pc_serve.h) on a virtual clock, where every count is
 * exact: a domain's counters start at 0 at its first read, sum each quad
 * set once (PM_TRIGGER fired before each read), and the exposition carries
 * them with their _created; a simulator whose state is removed is gone. */
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
	assert_int_equal(hwpc_pc_serve_add(s, t.dev, "gpu", &err), 0);
	double before = (double)time(NULL);
	assert_int_equal(hwpc_pc_serve_start(s, &err), 0);
	/* Each read fires PM_TRIGGER and steps the virtual clock the cycle
	 * the swap takes to land: the first read (at start) latches what came
	 * before and drops it; the scrape's read takes that cycle. */
	assert_int_equal(hwpc_pc_serve_scrape(s, HWPC_FMT_OPENMETRICS, &text, &len, &err), 0);
	assert_true(sample(text, "hwpc_pc_counters_cycles_total" SHADER) == 1);
	double created = sample(text, "hwpc_pc_counters_cycles_created" SHADER);
	assert_true(created >= before - 1 && created <= (double)time(NULL) + 1);
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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_removed_state_is_gone),
		cmocka_unit_test(test_serve_counts_exactly),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
