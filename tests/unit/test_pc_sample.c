/* SPDX-License-Identifier: MIT */
/* hwpc_pc_sampling_run (pcread's counter reads over time): every device's
 * domains once a sample, the devices in turn, the numbering and the times;
 * a writer that fails ends the run there. */
#include "r10k_fixture.h" /* a private state directory, regdb, fresh virtual-clock devices */
#include "pc/pc_cmd.h"

/* A fresh virtual-clock device of chip, its domains open for reading. */
static struct hwpc_dev *pc_dev(const char *chip, struct hwpc_pc_layout *l, struct hwpc_pc_reader *rdr)
{
	struct hwpc_err err;
	struct hwpc_dev *dev = fresh(chip, NULL);
	if (hwpc_pc_reader_open(rdr, dev, l, NULL, NULL, 0, true, NULL, &err))
		fail_msg("reader: %s", err.msg);
	return dev;
}

/* What the run wrote, in order. */
struct seen {
	unsigned n, fail_at;
	size_t dev[64];
	uint64_t k[64], t_ns[64];
	unsigned rounds, more;
};

static int write_one(void *ctx, size_t j, struct hwpc_pc_reader_dom *d, const struct hwpc_pc_read_sample *s,
		     uint64_t k, uint64_t t_ns)
{
	struct seen *x = ctx;
	assert_true(x->n < 64);
	x->dev[x->n] = j, x->k[x->n] = k, x->t_ns[x->n] = t_ns;
	return ++x->n == x->fail_at ? 7 : 0;
}

static int opened(void *ctx)
{
	return 0;
}

static int round_done(void *ctx, bool more)
{
	struct seen *x = ctx;
	x->rounds++;
	x->more += more;
	return 0;
}

static void run(struct seen *x, int *rc, unsigned ndoms[2])
{
	static const volatile sig_atomic_t stop = 0;
	struct hwpc_pc_layout l[2] = { 0 };
	struct hwpc_pc_reader rdr[2] = { 0 }; /* as pcread opens them: zeroed */
	struct hwpc_dev *dev[2] = { pc_dev("g84", &l[0], &rdr[0]), pc_dev("gt215", &l[1], &rdr[1]) };
	struct hwpc_pc_cols lc = { .sample = true };
	const struct hwpc_pc_reader_opts ro = { .sampling = true };
	const struct hwpc_pc_sampling so = { .ro = &ro, .lc = &lc, .sampling = true, .interval_ns = 1000000,
					     .count = 3, .stop = &stop, .ctx = x, .open = opened, .write = write_one,
					     .round = round_done };
	struct hwpc_pc_sampling_dev ds[2] = { { .rd = &rdr[0], .name = "a" }, { .rd = &rdr[1], .name = "b" } };
	*rc = hwpc_pc_sampling_run(ds, 2, &so);
	ndoms[0] = rdr[0].ndoms;
	ndoms[1] = rdr[1].ndoms;
	assert_false(ds[0].failed || ds[1].failed);
	hwpc_dev_close(dev[0]);
	hwpc_dev_close(dev[1]);
}

/* Three samples: each device's domains in turn, numbered, 1 ms apart on
 * each device's clock; a round after each, "more" but for the last. */
static void test_samples(void **state)
{
	(void)state;
	struct seen x = { 0 };
	int rc;
	unsigned nd[2];
	run(&x, &rc, nd);
	assert_int_equal(rc, 0);
	assert_true(nd[0] && nd[1] && 3 * (nd[0] + nd[1]) <= 64);
	assert_int_equal(x.n, 3 * (nd[0] + nd[1]));
	for (unsigned i = 0; i < x.n; i++) {
		unsigned in = i % (nd[0] + nd[1]);
		assert_int_equal(x.k[i], i / (nd[0] + nd[1]));
		assert_int_equal(x.dev[i], in >= nd[0]);
		assert_int_equal(x.t_ns[i], x.k[i] * 1000000);
	}
	assert_int_equal(x.rounds, 3);
	assert_int_equal(x.more, 2);
}

/* A writer that fails ends the run with its status: nothing after it. */
static void test_writer_fails(void **state)
{
	(void)state;
	struct seen x = { .fail_at = 2 };
	int rc;
	unsigned nd[2];
	run(&x, &rc, nd);
	assert_int_equal(rc, 7);
	assert_int_equal(x.n, 2);
	assert_int_equal(x.rounds, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_samples),
		cmocka_unit_test(test_writer_fails),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
