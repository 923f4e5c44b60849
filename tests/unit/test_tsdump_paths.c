/* SPDX-License-Identifier: MIT */
/* tsdump's fast paths (JSON and CSV rows written straight into a buffer,
 * trace events in batches) against its reference path (every item through
 * the generic record and trace writers, which check each record against
 * the schema): random streams with every kind of damage, with and without
 * a buffer layout and STATUS, with and without a token map (names that
 * need escaping and quoting, begin/end pairs), a device whose name needs
 * them too, several tick rates, fed in random chunks.  The two must write
 * the same bytes. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "stream/tsdump_state.h" /* tsdump_new: the reference path */
#include "tsx_gen.h"

static struct hwpc_tokmap *test_map(void)
{
	static const char text[] = "1 run\n"
				   "2 a\"b,c\\d\n"
				   "3 step begin\n"
				   "4 step end\n"
				   "5 loop begin\n"
				   "6 loop end\n"
				   "7 \xc3\xa9t\xc3\xa9\n"
				   "8 bad\xff\n"
				   "9 tab\x01x\n"
				   "40 forty\n";
	FILE *fp = fmemopen((void *)text, sizeof text - 1, "r");
	assert_non_null(fp);
	struct hwpc_tokmap *m = NULL;
	struct hwpc_err err;
	assert_int_equal(hwpc_tokmap_load(fp, "test.map", &m, &err), 0);
	fclose(fp);
	return m;
}

/* The output of one tsdump over b, fed in random chunks. */
static char *run(const struct hwpc_tsdump_opts *base, bool reference, const uint8_t *b, size_t len, size_t *n)
{
	char *buf = NULL;
	FILE *fp = open_memstream(&buf, n);
	assert_non_null(fp);
	struct hwpc_tsdump_opts o = *base;
	o.out = fp;
	struct hwpc_err err = { 0 };
	struct hwpc_tsdump *t = tsdump_new(&o, reference, &err);
	if (!t)
		fail_msg("tsdump_new: %s", err.msg);
	for (size_t off = 0; off < len;) {
		size_t k = 1 + rnd((unsigned)(len - off));
		assert_int_equal(hwpc_tsdump_feed(t, b + off, k, &err), 0);
		off += k;
	}
	if (hwpc_tsdump_finish(t, &err))
		fail_msg("finish: %s", err.msg);
	hwpc_tsdump_free(t);
	fclose(fp);
	return buf;
}

static void same_output(const struct hwpc_tsdump_opts *o, const uint8_t *b, size_t len, unsigned long *bytes)
{
	size_t nf, nr;
	char *fast = run(o, false, b, len, &nf), *ref = run(o, true, b, len, &nr);
	if (nf != nr || memcmp(fast, ref, nf)) {
		size_t i = 0;
		while (i < nf && i < nr && fast[i] == ref[i])
			i++;
		size_t from = i > 200 ? i - 200 : 0;
		fail_msg("%s: fast and reference differ at byte %zu:\nfast: %.300s\nref:  %.300s",
			 hwpc_format_name(o->fmt), i, fast + from, ref + from);
	}
	*bytes += nf;
	free(fast);
	free(ref);
}

static void layout(struct hwpc_tensix_layout *lay)
{
	*lay = (struct hwpc_tensix_layout){ .have_bufs = true, .start = { 4, 200 }, .end = { 4 + rnd(200), 300 },
					.valid = { true, rnd(4) != 0 }, .have_status = rnd(2) };
	lay->status.bufs0_position = (uint32_t)rnd(1 << 14);
	uint32_t flags = (uint32_t)rnd(16);
	for (int b = 0; b < 2; b++) {
		lay->status.full[b] = flags >> b & 1;
		lay->status.overflow[b] = flags >> (2 + b) & 1;
	}
}

static void test_fast_equals_reference(void **state)
{
	static uint32_t w[3000];
	static uint8_t b[sizeof w];
	static const enum hwpc_format fmts[] = { HWPC_FMT_CSV, HWPC_FMT_JSON, HWPC_FMT_TRACE };
	static const double rates[] = { 0, 1e9, 27e6, 1.5e9 };
	struct hwpc_tokmap *map = test_map();
	unsigned long bytes = 0;
	for (int round = 0; round < 240; round++) {
		size_t n = round % 2 ? gen(w, 1 + rnd(sizeof w / sizeof *w - 1))
				     : gen_runs(w, 100 + rnd(sizeof w / sizeof *w - 100), rnd(8));
		for (size_t i = 0; i < n; i++) {
			b[4 * i] = (uint8_t)w[i];
			b[4 * i + 1] = (uint8_t)(w[i] >> 8);
			b[4 * i + 2] = (uint8_t)(w[i] >> 16);
			b[4 * i + 3] = (uint8_t)(w[i] >> 24);
		}
		size_t len = 4 * n - (round % 7 == 0 ? rnd(4) : 0); /* now and then not whole words */
		struct hwpc_tensix_layout lay;
		layout(&lay);
		struct hwpc_tsdump_opts o = {
			.fmt = fmts[round % 3],
			.map = round % 4 < 2 ? map : NULL,
			.hz = rates[rnd(4)],
			.layout = round % 5 < 2 ? &lay : NULL,
			.input = "stream",
			.device = round % 6 == 0 ? "sim:tensix,state=/tmp/a \"b\",c" : NULL,
			.chipset = round % 6 == 0 ? "TENSIX" : NULL,
		};
		same_output(&o, b, len, &bytes);
	}
	/* no input at all: no records, and the same nothing */
	for (int f = 0; f < 3; f++) {
		struct hwpc_tsdump_opts o = { .fmt = fmts[f], .input = "empty" };
		same_output(&o, b, 0, &bytes);
	}
	assert_true(bytes > 1000000); /* the streams made plenty of records */
	hwpc_tokmap_free(map);
}

/* Timestamps past 2^53: the JSON _dec strings and the trace's numbers. */
static void test_large_timestamps(void **state)
{
	uint32_t w[12] = { TSX_APPEND_128b | 1u << TSX_TOKEN_LO, 1, 0x00200000, 0, TSX_APPEND_128b | 2u << TSX_TOKEN_LO,
			   0xffffffff, 0xffffffff, 0, TSX_APPEND_64b | 3u << TSX_TOKEN_LO, 5, 0, 0 };
	uint8_t b[sizeof w];
	memcpy(b, w, sizeof w); /* little-endian, as the tests run */
	unsigned long bytes = 0;
	for (int f = 0; f < 3; f++) {
		struct hwpc_tsdump_opts o = { .fmt = (enum hwpc_format[]){ HWPC_FMT_CSV, HWPC_FMT_JSON,
									   HWPC_FMT_TRACE }[f],
					      .input = "big" };
		same_output(&o, b, sizeof b, &bytes);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fast_equals_reference),
		cmocka_unit_test(test_large_timestamps),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
