/* SPDX-License-Identifier: MIT */
/* pcread's R10000/R12000 runs (r10k/r10k_cmd.h: hwpc_r10k_run_*) on a
 * virtual clock: without a command the counters read or the events
 * multiplexed (hwpc_r10k_run_read); around one, the step and end a command
 * runner calls, which flush each interval's records, tell a failure and
 * return its status. */
#include "r10k_fixture.h"
#include "r10k/r10k_cmd.h"

#include <errno.h>

/* A run on a fresh R10000, records as JSON in memory, with what its
 * callbacks were told. */
struct run {
	struct hwpc_dev *dev;
	struct hwpc_r10k_run x;
	struct hwpc_r10k_run_opts op;
	struct hwpc_tell tell;
	char *text;
	size_t len;
	FILE *fp;
	struct hwpc_out *o;
	unsigned flushes, fails;
	int flush_errno; /* what each flush returns */
	struct hwpc_err failed;
};

static int flushed(void *ctx)
{
	struct run *r = ctx;
	r->flushes++;
	return r->flush_errno;
}

static void fail_told(void *ctx, const struct hwpc_err *err)
{
	struct run *r = ctx;
	r->fails++;
	r->failed = *err;
}

static const volatile sig_atomic_t no_stop = 0;

/* Open r on a fresh R10000 with the options op already holds. */
static void run_open(struct run *r)
{
	struct hwpc_err err;
	r->dev = fresh("r10000", NULL);
	r->tell = (struct hwpc_tell){ .fail = fail_told, .ctx = r };
	r->op.stop = &no_stop;
	r->op.tell = &r->tell;
	r->op.flush = flushed;
	r->op.flush_ctx = r;
	r->fp = open_memstream(&r->text, &r->len);
	assert_non_null(r->fp);
	r->o = hwpc_out_new(r->fp, HWPC_FMT_JSON, &err);
	assert_non_null(r->o);
	if (hwpc_r10k_run_open(&r->x, r->dev, &r->op, r->o, &err))
		fail_msg("open: %s", err.msg);
}

static void run_close(struct run *r)
{
	struct hwpc_err err;
	assert_int_equal(hwpc_out_finish(r->o, &err), 0);
	hwpc_out_free(r->o);
	fclose(r->fp);
	r->fp = NULL;
	hwpc_dev_close(r->dev);
}

/* How many records of kind the run wrote (before the close too). */
static unsigned records(const struct run *r, const char *kind)
{
	char key[64];
	unsigned n = 0;
	if (r->fp)
		fflush(r->fp);
	if (!r->text)
		return 0;
	snprintf(key, sizeof key, "{\"type\":\"%s\"", kind);
	for (const char *p = r->text; (p = strstr(p, key)); p++)
		n++;
	return n;
}

/* Once: a record per counter, nothing flushed (not sampling). */
static void test_read_once(void **unused)
{
	struct run r = { 0 };
	struct hwpc_err err;
	run_open(&r);
	assert_int_equal(hwpc_r10k_run_read(&r.x, &err), 0);
	run_close(&r);
	assert_int_equal(records(&r, "r10k_counter"), 2);
	assert_int_equal(r.flushes, 0);
	free(r.text);
}

/* Every interval, three times: each sample's records, each flushed. */
static void test_read_every_interval(void **unused)
{
	struct run r = { .op = { .interval_ns = 1000000, .count = 3, .have_count = true } };
	struct hwpc_err err;
	run_open(&r);
	assert_int_equal(hwpc_r10k_run_read(&r.x, &err), 0);
	run_close(&r);
	assert_int_equal(records(&r, "r10k_counter"), 6);
	assert_int_equal(r.flushes, 3);
	free(r.text);
}

/* A flush that fails ends the run at once, said as a write error with
 * the flush's errno. */
static void test_read_flush_fails(void **unused)
{
	struct run r = { .op = { .interval_ns = 1000000, .count = 3, .have_count = true }, .flush_errno = ENOSPC };
	struct hwpc_err err;
	run_open(&r);
	assert_int_equal(hwpc_r10k_run_read(&r.x, &err), HWPC_EOP);
	assert_string_equal(err.msg, "output: write error: No space left on device");
	run_close(&r);
	assert_int_equal(r.flushes, 1);
	assert_int_equal(records(&r, "r10k_counter"), 2);
	free(r.text);
}

/* --events: multiplexed, an estimate per event; without -i, refused. */
static void test_read_events(void **unused)
{
	struct run r = { .op = { .interval_ns = 1000000, .count = 3, .have_count = true,
				 .events = "CYCLES,GRADUATED_INSTRUCTIONS,ISSUED_INSTRUCTIONS" } };
	struct hwpc_err err;
	run_open(&r);
	assert_int_equal(hwpc_r10k_run_read(&r.x, &err), 0);
	run_close(&r);
	assert_int_equal(records(&r, "r10k_estimate"), 3);
	assert_int_equal(records(&r, "r10k_counter"), 0);
	free(r.text);

	struct run q = { .op = { .events = "CYCLES" } };
	run_open(&q);
	assert_int_equal(hwpc_r10k_run_read(&q.x, &err), HWPC_EINPUT);
	assert_string_equal(err.msg, "--events needs -i: how long each event counts in its turn");
	run_close(&q);
	free(q.text);
}

/* Around a command without -i: one record per counter, of the whole run,
 * when it has ended; nothing flushed. */
static void test_command_whole_run(void **unused)
{
	struct run r = { 0 };
	struct hwpc_err err;
	int status = 3;
	run_open(&r);
	assert_int_equal(hwpc_r10k_run_cmd_begin(&r.x, &err), 0);
	adv(r.dev, 1000000);
	assert_int_equal(hwpc_r10k_run_cmd_step(&r.x, 0, false), 0);
	assert_int_equal(records(&r, "r10k_counter"), 0);
	adv(r.dev, 1000000);
	assert_int_equal(hwpc_r10k_run_cmd_step(&r.x, 1, true), 0);
	assert_int_equal(hwpc_r10k_run_cmd_end(&r.x, true, &status), 0);
	assert_int_equal(status, 3);
	run_close(&r);
	assert_int_equal(records(&r, "r10k_counter"), 2);
	assert_int_equal(r.flushes, 0);
	assert_int_equal(r.fails, 0);
	free(r.text);
}

/* With -i: each step's records, flushed as the interval ends. */
static void test_command_intervals(void **unused)
{
	struct run r = { .op = { .interval_ns = 1000000 } };
	struct hwpc_err err;
	int status = 0;
	run_open(&r);
	assert_int_equal(hwpc_r10k_run_cmd_begin(&r.x, &err), 0);
	for (uint64_t k = 0; k < 3; k++) {
		adv(r.dev, 1000000);
		assert_int_equal(hwpc_r10k_run_cmd_step(&r.x, k, k == 2), 0);
		assert_int_equal(r.flushes, k + 1);
	}
	assert_int_equal(hwpc_r10k_run_cmd_end(&r.x, true, &status), 0);
	run_close(&r);
	assert_int_equal(records(&r, "r10k_counter"), 6);
	free(r.text);
}

/* --events around a command: the estimates at the end, when every step
 * worked; none after a failure. */
static void test_command_events(void **unused)
{
	struct run r = { .op = { .events = "CYCLES,GRADUATED_INSTRUCTIONS,ISSUED_INSTRUCTIONS" } };
	struct hwpc_err err;
	int status = 0;
	run_open(&r);
	assert_int_equal(hwpc_r10k_run_cmd_begin(&r.x, &err), 0);
	for (uint64_t k = 0; k < 4; k++) {
		adv(r.dev, 10000000);
		assert_int_equal(hwpc_r10k_run_cmd_step(&r.x, k, k == 3), 0);
	}
	assert_int_equal(records(&r, "r10k_estimate"), 0);
	assert_int_equal(hwpc_r10k_run_cmd_end(&r.x, false, &status), 0);
	assert_int_equal(records(&r, "r10k_estimate"), 0);
	assert_int_equal(hwpc_r10k_run_cmd_end(&r.x, true, &status), 0);
	run_close(&r);
	assert_int_equal(records(&r, "r10k_estimate"), 3);
	assert_int_equal(r.fails, 0);
	free(r.text);
}

/* A step whose read fails (the simulator's state removed) is told as a
 * failure, and returns its status; nothing is flushed. */
static void test_command_step_fails(void **unused)
{
	struct run r = { .op = { .interval_ns = 1000000 } };
	struct hwpc_err err;
	char state[128];
	run_open(&r);
	assert_int_equal(hwpc_r10k_run_cmd_begin(&r.x, &err), 0);
	snprintf(state, sizeof state, "%s/r10000.state", dir);
	assert_int_equal(unlink(state), 0);
	assert_int_equal(hwpc_r10k_run_cmd_step(&r.x, 0, false), HWPC_EOP);
	assert_int_equal(r.fails, 1);
	assert_int_equal(r.failed.status, HWPC_EOP);
	assert_non_null(strstr(r.failed.msg, "was removed"));
	assert_int_equal(r.flushes, 0);
	run_close(&r);
	free(r.text);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_read_once),
		cmocka_unit_test(test_read_every_interval),
		cmocka_unit_test(test_read_flush_fails),
		cmocka_unit_test(test_read_events),
		cmocka_unit_test(test_command_whole_run),
		cmocka_unit_test(test_command_intervals),
		cmocka_unit_test(test_command_events),
		cmocka_unit_test(test_command_step_fails),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
