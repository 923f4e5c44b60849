/* SPDX-License-Identifier: MIT */
/* hwpc_pc_devset (the devices of a pcread PCOUNTER run: readers opened,
 * checked after, failures counted) and hwpc_pc_counters_run (its counter
 * reads written as records or a trace, tagged with their device). */
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
 * in order; the failure is counted with its status (for the caller's
 * "some devices failed"), and is not the run's status. */
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
	assert_int_equal(hwpc_pc_devset_end(&s, 0), 0);
	assert_int_equal(s.failures, 1);
	assert_int_equal(s.last, t.status);
	hwpc_pc_devset_free(&s);
	close_all(dev, 3);
}

/* After the run: a device that failed during it is counted (HWPC_EOP); a
 * suspect one is the run's status with strict, nothing without; a run that
 * failed is its own status, its devices checked and counted all the same. */
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
		assert_int_equal(hwpc_pc_devset_end(&s, 0), strict ? HWPC_ELOST : 0);
		assert_int_equal(s.failures, 1);
		assert_int_equal(s.last, HWPC_EOP);
		assert_true(s.ok[1]->suspect);
		hwpc_pc_devset_free(&s);
	}
	struct hwpc_pc_devset_opts o = { .strict = true };
	struct hwpc_pc_devset s;
	struct told t = { 0 };
	open_set(&s, &o, &t, dev, names, 2);
	s.ok[0]->failed = true;
	assert_int_equal(hwpc_pc_devset_end(&s, 7), 7);
	assert_int_equal(s.failures, 1); /* counted whatever the run's status */
	hwpc_pc_devset_free(&s);
	close_all(dev, 2);
}

/* The counter reads' output, and how many writers were asked for. */
struct sink {
	char *buf;
	size_t len;
	FILE *fp;
	unsigned made, rounds;
	bool refuse;
};

static struct hwpc_out *records(void *ctx, const struct hwpc_col *cols, size_t ncols, struct hwpc_err *err)
{
	struct sink *k = ctx;
	k->made++;
	if (k->refuse) {
		hwpc_err_set(err, HWPC_EOP, "no writer today");
		return NULL;
	}
	return hwpc_out_new(k->fp, HWPC_FMT_JSON, err);
}

static int round_done(void *ctx, bool more)
{
	((struct sink *)ctx)->rounds++;
	return 0;
}

static unsigned count(const char *buf, const char *what)
{
	unsigned n = 0;
	for (const char *p = buf; (p = strstr(p, what)); p += strlen(what))
		n++;
	return n;
}

/* Run the counter reads of two devices, two samples, into k (fmt: JSON
 * records, or a trace of the first device alone). */
static int counters(struct sink *k, enum hwpc_format fmt, struct told *t, unsigned nd[2])
{
	static const volatile sig_atomic_t stop = 0;
	struct hwpc_dev *dev[2] = { fresh("g84", NULL), fresh("gt215", NULL) };
	static const char *const names[2] = { "a", "b" };
	size_t n = fmt == HWPC_FMT_TRACE ? 1 : 2;
	struct hwpc_pc_devset_opts o = { 0 };
	struct hwpc_pc_devset s;
	open_set(&s, &o, t, dev, names, n);
	k->fp = open_memstream(&k->buf, &k->len);
	const struct hwpc_pc_reader_opts ro = { .sampling = true };
	const struct hwpc_pc_sampling so = { .ro = &ro, .sampling = true, .interval_ns = 1000000, .count = 2,
					     .stop = &stop, .tell = o.tell };
	struct hwpc_pc_counters_writer w = { .fmt = fmt, .fp = k->fp, .name = "pcread", .records = records,
					     .round = round_done, .ctx = k, .tell = o.tell };
	int rc = hwpc_pc_counters_run(s.ok, s.nok, &so, &w);
	fclose(k->fp);
	nd[0] = s.ok[0]->rd.ndoms;
	nd[1] = n > 1 ? s.ok[1]->rd.ndoms : 0;
	assert_null(w.o);
	assert_null(w.t);
	hwpc_pc_devset_free(&s);
	close_all(dev, 2);
	return rc;
}

/* Every domain's sample of each device a record, tagged with its device,
 * on one writer made once; a round after each sample. */
static void test_counters_records(void **state)
{
	(void)state;
	struct sink k = { 0 };
	struct told t = { 0 };
	unsigned nd[2];
	assert_int_equal(counters(&k, HWPC_FMT_JSON, &t, nd), 0);
	assert_int_equal(t.fails, 0);
	assert_int_equal(k.made, 1);
	assert_int_equal(k.rounds, 2);
	assert_int_equal(count(k.buf, "\"type\":\"pc_counters\""), 2 * (nd[0] + nd[1]));
	assert_int_equal(count(k.buf, "\"device\":\"a\",\"chipset\":\"G84\""), 2 * nd[0]);
	assert_int_equal(count(k.buf, "\"device\":\"b\",\"chipset\":\"GT215\""), 2 * nd[1]);
	free(k.buf);
}

/* A trace: no record writer, the process named after the first device's
 * chip. */
static void test_counters_trace(void **state)
{
	(void)state;
	struct sink k = { 0 };
	struct told t = { 0 };
	unsigned nd[2];
	assert_int_equal(counters(&k, HWPC_FMT_TRACE, &t, nd), 0);
	assert_int_equal(k.made, 0);
	assert_non_null(strstr(k.buf, "pcread G84"));
	assert_non_null(strstr(k.buf, "traceEvents"));
	free(k.buf);
}

/* A writer that cannot be made is told once and ends the run: no sample
 * after the first, no round. */
static void test_counters_no_writer(void **state)
{
	(void)state;
	struct sink k = { .refuse = true };
	struct told t = { 0 };
	unsigned nd[2];
	assert_int_equal(counters(&k, HWPC_FMT_JSON, &t, nd), HWPC_EOP);
	assert_int_equal(t.fails, 1);
	assert_string_equal(t.msg, "no writer today");
	assert_int_equal(k.rounds, 0);
	assert_int_equal(k.len, 0);
	free(k.buf);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_one_fails),	  cmocka_unit_test(test_end),
		cmocka_unit_test(test_counters_records), cmocka_unit_test(test_counters_trace),
		cmocka_unit_test(test_counters_no_writer),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
