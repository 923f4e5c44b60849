/* SPDX-License-Identifier: MIT */
/* hwpc_pc_around_set (pcread -- CMD over several devices): each device's
 * span begun, sampled at each step, and written, each record tagged with
 * its device; a device that cannot begin is told and left out. */
#include "r10k_fixture.h" /* a private state directory, regdb, fresh virtual-clock devices */
#include "pc/pc_cmd.h"

struct told {
	unsigned fails;
	int status;
	char msg[256];
};

static void on_fail(void *ctx, const struct hwpc_err *err)
{
	struct told *t = ctx;
	t->fails++;
	t->status = err->status;
	snprintf(t->msg, sizeof t->msg, "%s", err->msg);
}

static unsigned count(const char *buf, const char *what)
{
	unsigned n = 0;
	for (const char *p = buf; (p = strstr(p, what)); p += strlen(what))
		n++;
	return n;
}

/* A run over n devices (g84, gt215) of domains (NULL: those counting, of
 * which a fresh device has none): begun, stepped nsteps times, ended with
 * status 3; what was written goes to *buf. */
struct run {
	const char *domain;
	bool sampling;
	unsigned nsteps;
	size_t n;
	/* what came of it */
	int begin, status;
	bool failed[2];
	char *buf;
	struct told t;
};

static void run(struct run *x)
{
	struct hwpc_dev *dev[2] = { fresh("g84", NULL), fresh("gt215", NULL) };
	static const char *const names[2] = { "a", "b" };
	const struct hwpc_tell tell = { .fail = on_fail, .ctx = &x->t };
	const struct hwpc_pc_devset_opts so = { .tell = &tell };
	struct hwpc_pc_devset s;
	struct hwpc_err err;
	size_t len;
	FILE *fp = open_memstream(&x->buf, &len);
	struct hwpc_out *o = hwpc_out_new(fp, HWPC_FMT_JSON, &err);
	const char *doms[1] = { x->domain };
	const struct hwpc_pc_around_set_opts ao = {
		.around = { .domains = doms, .ndomains = x->domain ? 1 : 0, .tell = &tell },
		.fmt = HWPC_FMT_JSON, .command = "true", .sampling = x->sampling,
	};
	struct hwpc_pc_around_set a;
	assert_non_null(o);
	if (hwpc_pc_devset_init(&s, x->n, &so, &err))
		fail_msg("%s", err.msg);
	for (size_t j = 0; j < x->n; j++)
		hwpc_pc_devset_add(&s, dev[j], names[j]);
	assert_int_equal(s.nok, x->n);
	x->begin = hwpc_pc_around_set_begin(&a, s.ok, s.nok, &ao, o);
	for (unsigned k = 0; !x->begin && k < x->nsteps; k++) {
		adv(dev[0], 1000000);
		adv(dev[1], 1000000);
		assert_int_equal(hwpc_pc_around_set_step(&a, k), 0);
	}
	x->status = 3;
	if (!x->begin)
		assert_int_equal(hwpc_pc_around_set_end(&a, true, &x->status), 0);
	for (size_t j = 0; j < x->n; j++)
		x->failed[j] = s.ok[j]->failed;
	assert_int_equal(hwpc_out_finish(o, &err), 0);
	hwpc_out_free(o);
	fclose(fp);
	hwpc_pc_around_set_free(&a);
	hwpc_pc_devset_free(&s);
	hwpc_dev_close(dev[0]);
	hwpc_dev_close(dev[1]);
}

/* Sampling: each step writes every device's interval, the end the whole
 * run's with the command's status; each record names its device. */
static void test_sampling(void **state)
{
	(void)state;
	struct run x = { .domain = "core_a", .sampling = true, .nsteps = 2, .n = 2 };
	run(&x);
	assert_int_equal(x.begin, 0);
	assert_int_equal(x.t.fails, 0);
	assert_int_equal(x.status, 3);
	assert_int_equal(count(x.buf, "\"type\":\"pc_run\""), 6);
	assert_int_equal(count(x.buf, "\"device\":\"a\",\"chipset\":\"G84\""), 3);
	assert_int_equal(count(x.buf, "\"device\":\"b\",\"chipset\":\"GT215\""), 3);
	assert_int_equal(count(x.buf, "\"status\":3"), 2);
	free(x.buf);
}

/* Without sampling the steps write nothing: one record a device. */
static void test_whole_run(void **state)
{
	(void)state;
	struct run x = { .domain = "core_a", .nsteps = 3, .n = 2 };
	run(&x);
	assert_int_equal(x.begin, 0);
	assert_int_equal(count(x.buf, "\"type\":\"pc_run\""), 2);
	free(x.buf);
}

/* A device that cannot begin (nothing counting) is told and left out;
 * when none could begin, the last one's status ends the run before the
 * command (nothing would count it). */
static void test_begin_fails(void **state)
{
	(void)state;
	struct run one = { .n = 1 };
	run(&one);
	assert_int_equal(one.begin, HWPC_EINPUT);
	assert_int_equal(one.t.fails, 1);
	assert_non_null(strstr(one.t.msg, "no domain of a is counting"));
	assert_true(one.failed[0]);
	free(one.buf);
	struct run two = { .n = 2, .nsteps = 1 };
	run(&two);
	assert_int_equal(two.begin, HWPC_EINPUT);
	assert_int_equal(two.t.fails, 2);
	assert_true(two.failed[0] && two.failed[1]);
	assert_int_equal(count(two.buf, "\"type\":\"pc_run\""), 0);
	free(two.buf);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sampling),
		cmocka_unit_test(test_whole_run),
		cmocka_unit_test(test_begin_fails),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
