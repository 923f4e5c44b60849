/* SPDX-License-Identifier: MIT */
/* The pieces records are written with (output/output_row.h): numbers
 * formatted without printf against printf, running decimals against plain
 * ones, JSON strings, and record kinds compiled for JSON and CSV (prefixes,
 * CSV columns in column order, optional keys). */
#include <locale.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "output/output_row.h"
#include "output/schema_internal.h"

static uint64_t rng = 0x2545f4914f6cdd1dull;
static uint64_t next(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

/* orow_put_fixed against snprintf in the C locale: random values of every
 * magnitude and sign, values on and a hair off ties, integers. */
static void test_fixed_is_printf(void **state)
{
	locale_t c = newlocale(LC_ALL_MASK, "C", (locale_t)0);
	assert_true(c != (locale_t)0);
	char want[512], got[512];
	for (long i = 0; i < 400000; i++) {
		double v;
		switch (i % 6) {
		case 0: v = (double)(next() >> 11) / (double)(1ull << (next() % 60)); break; /* any magnitude */
		case 1: v = (double)(next() % 100000000) / 1000.0; break; /* microseconds to the ns */
		case 2: v = ((double)(next() % 2000000) + 0.5) / pow(10, (double)(next() % 7)); break; /* ties */
		case 3: v = nextafter(((double)(next() % 20000) + 0.5) / 1000, next() & 1 ? 1e300 : -1e300); break;
		case 4: v = (double)(int64_t)next(); break; /* huge: printf's turn */
		default: v = (double)(next() % 1000) / 7.0; break;
		}
		if (next() & 1)
			v = -v;
		int prec = (int)(next() % 10);
		snprintf(want, sizeof want, "%.*f", prec, v);
		*orow_put_fixed(got, v, prec, c) = 0;
		if (strcmp(want, got))
			fail_msg("%.17g at %d: printf %s, orow_put_fixed %s", v, prec, want, got);
	}
	static const double edge[] = { 0.0, -0.0, 0.0005, 0.0015, 1e15, 9e15, 1e300, -1e-300, 2.5, 0.125 };
	for (size_t i = 0; i < sizeof edge / sizeof *edge; i++) {
		for (int prec = 0; prec <= 17; prec++) {
			snprintf(want, sizeof want, "%.*f", prec, edge[i]);
			*orow_put_fixed(got, edge[i], prec, c) = 0;
			assert_string_equal(got, want);
		}
	}
	*orow_put_fixed(got, NAN, 3, c) = 0;
	assert_string_equal(got, "nan");
	*orow_put_fixed(got, -INFINITY, 3, c) = 0;
	assert_string_equal(got, "-inf");
	freelocale(c);
}

/* A running decimal writes what orow_put_u64 writes, whatever the steps:
 * small ones, backwards, across digit counts and across 2^64. */
static void test_running_decimal(void **state)
{
	static const struct hwpc_schema_key keys[] = { SK_BIG("v", U64, NULL, NONE, "a value") };
	static const struct hwpc_schema_rec rec = SREC("t_dec", "test", "a running decimal", keys);
	for (int json = 0; json < 2; json++) {
		const char *col[] = { "v" };
		struct orow_kind k;
		assert_int_equal(orow_kind_init(&k, json ? HWPC_FMT_JSON : HWPC_FMT_CSV, &rec, NULL, 0, col, 1), 0);
		struct orow_dec d = { 0 };
		uint64_t v = 0;
		for (long i = 0; i < 300000; i++) {
			switch (next() % 8) {
			case 0: v = next() >> (next() % 64); break;
			case 1: v -= next() % 20000; break;
			case 2: v = UINT64_MAX - next() % 30000; break;
			default: v += next() % 3000;
			}
			char a[128], b[128], *e = orow_dec(a, &k, 0, &d, v), *f = orow_u64(b, &k, 0, v);
			if (e - a != f - b || memcmp(a, b, (size_t)(e - a)))
				fail_msg("%llu: %.*s, not %.*s", (unsigned long long)v, (int)(e - a), a, (int)(f - b), b);
		}
		orow_kind_free(&k);
	}
}

static const struct hwpc_schema_key a_keys[] = {
	SK("n", U64, NULL, NONE, "a number"),
	SK_OPT("o", STR, NULL, NONE, "optional"),
	SK("r", HEX, NULL, NONE, "a register"),
};
static const struct hwpc_schema_key b_keys[] = {
	SK("m", STR, NULL, NONE, "a message"),
	SK("n", U64, NULL, NONE, "a number"),
	{ "big", HWPC_VT_U64, HWPC_SK_BIG | HWPC_SK_OPT, NULL, HWPC_MT_NONE, "optional and big" },
};
static const struct hwpc_schema_rec kinds_ab[] = {
	SREC("t_a", "test", "a", a_keys),
	SREC("t_b", "test", "b", b_keys),
};

static char *row(const struct orow_kind *k, char *p, uint64_t n, const char *o, bool big)
{
	p = orow_begin(p, k);
	for (unsigned j = 0; j < k->rec->nkeys; j++) {
		const char *name = k->rec->keys[k->keys[j].key].name;
		if (!strcmp(name, "n"))
			p = orow_u64(p, k, j, n);
		else if (!strcmp(name, "o") || !strcmp(name, "m"))
			p = o ? orow_str(p, k, j, o, strlen(o)) : orow_null(p, k, j);
		else if (!strcmp(name, "r"))
			p = orow_null(p, k, j);
		else
			p = big ? orow_u64(p, k, j, 1ull << 60) : orow_null(p, k, j);
	}
	p = orow_end(p, k);
	*p = 0;
	return p;
}

/* Kinds compiled: JSON in schema order, optional keys left out; CSV by
 * column, the commas between, a kind whose keys are not in column order
 * laid out in it (and not fit for a fast path that writes schema order). */
static void test_kinds(void **state)
{
	const struct hwpc_schema_rec *kp[2] = { &kinds_ab[0], &kinds_ab[1] };
	const char **cols;
	size_t ncols, hl;
	assert_int_equal(orow_columns(kp, 2, &cols, &ncols), 0);
	assert_int_equal(ncols, 5); /* n o r m big */
	char *head = orow_csv_header(cols, ncols, &hl);
	assert_string_equal(head, "type,device,chipset,n,o,r,m,big\n");
	free(head);
	char *id;
	size_t idl;
	char buf[1024];
	struct orow_kind a, b;

	assert_int_equal(orow_ident(true, "sim:x \"1\"", NULL, &id, &idl), 0);
	assert_int_equal(orow_kind_init(&a, HWPC_FMT_JSON, &kinds_ab[0], id, idl, NULL, 0), 0);
	assert_int_equal(orow_kind_init(&b, HWPC_FMT_JSON, &kinds_ab[1], id, idl, NULL, 0), 0);
	row(&a, buf, 7, NULL, false);
	assert_string_equal(buf, "{\"type\":\"t_a\",\"device\":\"sim:x \\\"1\\\"\",\"chipset\":null,\"n\":7,\"r\":null,"
				 "\"r_hex\":null}\n");
	row(&a, buf, 7, "q\"", false);
	assert_string_equal(buf, "{\"type\":\"t_a\",\"device\":\"sim:x \\\"1\\\"\",\"chipset\":null,\"n\":7,"
				 "\"o\":\"q\\\"\",\"r\":null,\"r_hex\":null}\n");
	row(&b, buf, 8, "m", true);
	assert_string_equal(buf, "{\"type\":\"t_b\",\"device\":\"sim:x \\\"1\\\"\",\"chipset\":null,\"m\":\"m\",\"n\":8,"
				 "\"big\":1152921504606846976,\"big_dec\":\"1152921504606846976\"}\n");
	row(&b, buf, 8, "m", false);
	assert_string_equal(buf, "{\"type\":\"t_b\",\"device\":\"sim:x \\\"1\\\"\",\"chipset\":null,\"m\":\"m\",\"n\":8}\n");
	assert_true(a.schema_order && b.schema_order);
	orow_kind_free(&a);
	orow_kind_free(&b);
	free(id);

	assert_int_equal(orow_ident(false, "sim:x,1", NULL, &id, &idl), 0);
	assert_int_equal(orow_kind_init(&a, HWPC_FMT_CSV, &kinds_ab[0], id, idl, cols, ncols), 0);
	assert_int_equal(orow_kind_init(&b, HWPC_FMT_CSV, &kinds_ab[1], id, idl, cols, ncols), 0);
	row(&a, buf, 7, "x,y", false);
	assert_string_equal(buf, "t_a,\"sim:x,1\",,7,\"x,y\",,,\n");
	row(&b, buf, 8, "m", true); /* written by column: n, m, big */
	assert_string_equal(buf, "t_b,\"sim:x,1\",,8,,,m,1152921504606846976\n");
	assert_true(a.schema_order);
	assert_false(b.schema_order);
	static const struct orow_want want_b[] = { { "m", HWPC_VT_STR }, { "n", HWPC_VT_U64 }, { "big", HWPC_VT_U64 } };
	assert_false(orow_kind_check(&b, want_b, 3)); /* not in column order: no fast path */
	static const struct orow_want want_a[] = { { "n", HWPC_VT_U64 }, { "o", HWPC_VT_STR }, { "r", HWPC_VT_HEX } },
				      wrong_a[] = { { "n", HWPC_VT_U64 }, { "o", HWPC_VT_STR }, { "r", HWPC_VT_U64 } };
	assert_true(orow_kind_check(&a, want_a, 3));
	assert_false(orow_kind_check(&a, wrong_a, 3));
	assert_false(orow_kind_check(&a, want_a, 2));
	orow_kind_free(&a);
	orow_kind_free(&b);
	free(id);
	/* a key that is no column */
	assert_int_equal(orow_kind_init(&a, HWPC_FMT_CSV, &kinds_ab[1], NULL, 0, cols, 3), -1);
	free(cols);
}

/* JSON strings: escapes, control characters, invalid UTF-8 replaced, and
 * what is valid kept. */
static void test_json_str(void **state)
{
	static const struct {
		const char *in, *out;
	} cases[] = {
		{ "plain", "\"plain\"" },
		{ "q\"b\\", "\"q\\\"b\\\\\"" },
		{ "\n\r\t\b\f\x01\x1f", "\"\\n\\r\\t\\b\\f\\u0001\\u001f\"" },
		{ "\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80", "\"\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80\"" },
		{ "\xff\xc0\xaf\xed\xa0\x80", "\"\\ufffd\\ufffd\\ufffd\\ufffd\\ufffd\\ufffd\"" },
		{ "cut \xe2\x82", "\"cut \\ufffd\\ufffd\"" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		char buf[128];
		*orow_put_json_str(buf, cases[i].in, strlen(cases[i].in)) = 0;
		assert_string_equal(buf, cases[i].out);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fixed_is_printf),
		cmocka_unit_test(test_running_decimal),
		cmocka_unit_test(test_kinds),
		cmocka_unit_test(test_json_str),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
