/* SPDX-License-Identifier: MIT */
/* hwpc_pc_signals_run_out (pcread --signals and --scan): every domain's
 * signals put out, read now or scanned, and a scan stopped early says how
 * far it came: the domains whole, the one put out in part (none when it
 * had no sample yet), and nothing after it. */
#include "pcsim_test.h"
#include "pc/pc_cmd.h"

/* A run on nv40 (every domain at 100 kHz: a 1 ms scan reads each of its
 * 100 cycles), shader's signal 8 held at 1. */
struct run {
	struct pt t;
	struct hwpc_pc_layout l;
	struct hwpc_pc_reader rd;
	char *text;
	size_t len;
	FILE *fp;
	struct hwpc_out *o;
	/* what the progress callbacks saw */
	volatile sig_atomic_t stop;
	unsigned stop_at;  /* stop in the domain numbered so (from 1; 0: never) */
	bool before_first; /* there: before its first sample, else after it */
	unsigned begun, ended;
	char last[64];
};

static void run_open(struct run *x)
{
	struct hwpc_err err;
	pt_open(&x->t, "nv40", "pchz=100k");
	unsigned shader;
	assert_int_equal(hwpc_pc_reader_open(&x->rd, x->t.dev, &x->l, NULL, NULL, 0, true, NULL, &err), 0);
	assert_int_equal(hwpc_pc_domain_find(&x->l, "shader", &shader, &err), 0);
	G(&x->t, shader, 8, "const 1");
	x->fp = open_memstream(&x->text, &x->len);
	assert_non_null(x->fp);
	x->o = hwpc_out_new(x->fp, HWPC_FMT_JSON, &err);
	assert_non_null(x->o);
}

static void run_close(struct run *x)
{
	struct hwpc_err err;
	assert_int_equal(hwpc_out_finish(x->o, &err), 0);
	hwpc_out_free(x->o);
	fclose(x->fp);
}

static void run_free(struct run *x)
{
	free(x->text);
	pt_close(&x->t);
}

/* The records of domain dom in the output. */
static unsigned records(const struct run *x, const char *dom)
{
	char key[64];
	unsigned n = 0;
	snprintf(key, sizeof key, "\"domain\":\"%s\",\"signal_index\":", dom);
	for (const char *p = x->text; (p = strstr(p, key)); p++)
		n++;
	return n;
}

/* The value of key in the record of dom's signal sig ("" if none). */
static const char *field(const struct run *x, const char *dom, unsigned sig, const char *key, char *buf, size_t len)
{
	char rec[96], k[48];
	snprintf(rec, sizeof rec, "\"domain\":\"%s\",\"signal_index\":%u,", dom, sig);
	snprintf(k, sizeof k, "\"%s\":", key);
	const char *p = strstr(x->text, rec), *nl = p ? strchr(p, '\n') : NULL, *v = p ? strstr(p, k) : NULL;
	buf[0] = 0;
	if (v && (!nl || v < nl))
		snprintf(buf, len, "%.*s", (int)strcspn(v + strlen(k), ",}"), v + strlen(k));
	return buf;
}

static void domain_told(void *ctx, const char *what)
{
	struct run *x = ctx;
	if (!what) {
		x->ended++;
		return;
	}
	x->begun++;
	snprintf(x->last, sizeof x->last, "%s", what);
	if (x->begun == x->stop_at && x->before_first)
		x->stop = 1;
}

static void progress(void *ctx, uint64_t done, uint64_t total)
{
	struct run *x = ctx;
	if (x->begun == x->stop_at && !x->before_first)
		x->stop = 1;
}

static int run_scan(struct run *x, struct hwpc_pc_signals_done *done)
{
	struct hwpc_err err;
	const struct hwpc_pc_scan_how how = { .window_ns = 1000000, .seed = 5, .stop = &x->stop,
					      .progress = progress, .ctx = x };
	int rc = hwpc_pc_signals_run_out(&x->rd, HWPC_FMT_JSON, &how, domain_told, x->o, done, &err);
	run_close(x);
	return rc;
}

/* --signals: every domain, each signal's value now; no progress told. */
static void test_signals_every_domain(void **unused)
{
	struct run x = { 0 };
	struct hwpc_pc_signals_done done;
	struct hwpc_err err;
	char v[32];
	run_open(&x);
	x.stop = 1; /* --signals reads every domain all the same */
	const struct hwpc_pc_scan_how how = { .stop = &x.stop, .ctx = &x };
	assert_int_equal(hwpc_pc_signals_run_out(&x.rd, HWPC_FMT_JSON, &how, domain_told, x.o, &done, &err), 0);
	run_close(&x);
	assert_int_equal(done.out, x.rd.ndoms);
	assert_false(done.stopped);
	assert_null(done.partial);
	assert_int_equal(x.begun, 0);
	for (unsigned i = 0; i < x.rd.ndoms; i++)
		assert_int_equal(records(&x, x.rd.doms[i].r.di->name), x.rd.doms[i].r.di->nsignals);
	assert_string_equal(field(&x, "shader", 8, "value", v, sizeof v), "1");
	assert_string_equal(field(&x, "shader", 7, "value", v, sizeof v), "0");
	run_free(&x);
}

/* --scan to the end: every domain scanned, its progress begun and ended;
 * every cycle of the window read, so the shares are exact. */
static void test_scan_whole(void **unused)
{
	struct run x = { 0 };
	struct hwpc_pc_signals_done done;
	char v[32];
	run_open(&x);
	assert_int_equal(run_scan(&x, &done), 0);
	assert_false(done.stopped);
	assert_int_equal(done.out, x.rd.ndoms);
	assert_int_equal(done.whole, x.rd.ndoms);
	assert_int_equal(x.begun, x.rd.ndoms);
	assert_int_equal(x.ended, x.rd.ndoms);
	char want[64];
	snprintf(want, sizeof want, "%s (%u of %u)", x.rd.doms[x.rd.ndoms - 1].r.di->name, x.rd.ndoms, x.rd.ndoms);
	assert_string_equal(x.last, want);
	assert_string_equal(field(&x, "shader", 8, "active_pct", v, sizeof v), "100.00");
	assert_string_equal(field(&x, "shader", 8, "sample_count", v, sizeof v), "100");
	assert_string_equal(field(&x, "shader", 8, "exact", v, sizeof v), "true");
	run_free(&x);
}

/* Stopped after the second domain's first sample: the first whole, the
 * second put out in part, nothing after. */
static void test_scan_stopped_in_a_domain(void **unused)
{
	struct run x = { .stop_at = 2 };
	struct hwpc_pc_signals_done done;
	run_open(&x);
	assert_true(x.rd.ndoms > 2);
	assert_int_equal(run_scan(&x, &done), 0);
	assert_true(done.stopped);
	assert_int_equal(done.out, 2);
	assert_int_equal(done.whole, 1);
	assert_non_null(done.partial);
	assert_string_equal(done.partial, x.rd.doms[1].r.di->name);
	assert_int_equal(x.ended, 2);
	assert_int_equal(records(&x, x.rd.doms[0].r.di->name), x.rd.doms[0].r.di->nsignals);
	assert_int_equal(records(&x, x.rd.doms[1].r.di->name), x.rd.doms[1].r.di->nsignals);
	assert_int_equal(records(&x, x.rd.doms[2].r.di->name), 0);
	run_free(&x);
}

/* Stopped before the second domain's first sample: nothing of it is out,
 * and no domain is named as put out in part. */
static void test_scan_stopped_before_a_sample(void **unused)
{
	struct run x = { .stop_at = 2, .before_first = true };
	struct hwpc_pc_signals_done done;
	run_open(&x);
	assert_int_equal(run_scan(&x, &done), 0);
	assert_true(done.stopped);
	assert_int_equal(done.out, 2);
	assert_int_equal(done.whole, 1);
	assert_null(done.partial);
	assert_int_equal(records(&x, x.rd.doms[0].r.di->name), x.rd.doms[0].r.di->nsignals);
	assert_int_equal(records(&x, x.rd.doms[1].r.di->name), 0);
	run_free(&x);
}

/* Stopped before it began: nothing scanned, nothing out. */
static void test_scan_stopped_at_once(void **unused)
{
	struct run x = { 0 };
	struct hwpc_pc_signals_done done;
	run_open(&x);
	x.stop = 1;
	assert_int_equal(run_scan(&x, &done), 0);
	assert_true(done.stopped);
	assert_int_equal(done.out, 0);
	assert_int_equal(done.whole, 0);
	assert_null(done.partial);
	assert_int_equal(x.begun, 0);
	assert_null(strstr(x.text, "pc_signal"));
	run_free(&x);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_signals_every_domain),
		cmocka_unit_test(test_scan_whole),
		cmocka_unit_test(test_scan_stopped_in_a_domain),
		cmocka_unit_test(test_scan_stopped_before_a_sample),
		cmocka_unit_test(test_scan_stopped_at_once),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
