/* SPDX-License-Identifier: MIT */
/* Record writers and the Chrome trace writer (hwpc/output.h). */
#include <locale.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "hwpc.h"
#include "output/schema_internal.h"

/* Record kinds of the tests' own (schema_add_test_kinds). */
static const struct hwpc_schema_key all_keys[] = {
	SK_BIG("u", U64, NULL, COUNTER, "an unsigned count"),
	SK("i", I64, NULL, NONE, "a signed value"),
	SK("d", DOUBLE, "Hz", GAUGE, "a rate"),
	SK("nan", DOUBLE, NULL, GAUGE, "not a number"),
	SK("reg", HEX, NULL, NONE, "a register"),
	SK("small", HEX, NULL, NONE, "a narrow register"),
	SK("b", BOOL, NULL, GAUGE, "a state"),
	SK("n", STR, NULL, NONE, "never set"),
	SK("s", STR, NULL, LABEL, "a label"),
};
static const struct hwpc_schema_key row_keys[] = {
	SK("n", U64, NULL, NONE, "a number"),
	SK("plain", STR, NULL, NONE, "text"),
	SK("reg", HEX, NULL, NONE, "a register"),
	SK("opt", STR, NULL, NONE, "optional"),
};
static const struct hwpc_schema_key other_keys[] = {
	SK("msg", STR, NULL, NONE, "a message"),
	SK("n", U64, NULL, NONE, "a number"),
};
static const struct hwpc_schema_rec test_kinds[] = {
	SREC("t_all", "test", "every type", all_keys),
	SREC("t_row", "test", "a row", row_keys),
	SREC("t_other", "test", "another kind", other_keys),
	{ 0 },
};

/* An in-memory FILE whose text the test can compare. */
struct cap {
	FILE *fp;
	char *buf;
	size_t len;
};

static void cap_open(struct cap *c)
{
	c->buf = NULL;
	c->len = 0;
	c->fp = open_memstream(&c->buf, &c->len);
	assert_non_null(c->fp);
}

static const char *cap_text(struct cap *c)
{
	fflush(c->fp);
	return c->buf;
}

static void cap_close(struct cap *c)
{
	fclose(c->fp);
	free(c->buf);
}

static struct hwpc_out *writer(struct cap *c, enum hwpc_format fmt)
{
	struct hwpc_err err = {0};
	cap_open(c);
	struct hwpc_out *o = hwpc_out_new(c->fp, fmt, &err);
	assert_non_null(o);
	return o;
}

static void end_ok(struct hwpc_out *o)
{
	struct hwpc_err err = {0};
	assert_int_equal(hwpc_out_end(o, &err), HWPC_OK);
}

static void test_format_parse(void **state)
{
	enum hwpc_format f;
	struct hwpc_err err = {0};
	assert_int_equal(hwpc_format_parse("csv", &f, &err), HWPC_OK);
	assert_int_equal(f, HWPC_FMT_CSV);
	assert_int_equal(hwpc_format_parse("trace", &f, &err), HWPC_OK);
	assert_int_equal(f, HWPC_FMT_TRACE);
	assert_int_equal(hwpc_format_parse("xml", &f, &err), HWPC_EINPUT);
	assert_non_null(strstr(err.msg, "'xml'"));
	assert_non_null(strstr(err.msg, "text, csv, json, openmetrics, prometheus or trace"));
	assert_int_equal(hwpc_format_parse("openmetrics", &f, &err), HWPC_OK);
	assert_int_equal(f, HWPC_FMT_OPENMETRICS);
	assert_string_equal(hwpc_format_name(HWPC_FMT_JSON), "json");
	/* the trace format has its own writer */
	assert_null(hwpc_out_new(stdout, HWPC_FMT_TRACE, &err));
	assert_int_equal(err.status, HWPC_EINPUT);
}

static void test_json_types(void **state)
{
	struct cap c;
	struct hwpc_err err = {0};
	struct hwpc_out *o = writer(&c, HWPC_FMT_JSON);
	hwpc_out_set_command(o, "testcmd");
	hwpc_out_set_device(o, "sim:g84", "G84");
	hwpc_out_record(o, "t_all");
	hwpc_out_str(o, "s", "ok"); /* any order: written in schema order */
	hwpc_out_u64(o, "u", UINT64_MAX);
	hwpc_out_i64(o, "i", INT64_MIN);
	hwpc_out_double(o, "d", 2.5, 3);
	hwpc_out_double(o, "nan", 0.0 / 0.0, 3);
	hwpc_out_hex32(o, "reg", 0xdeadbeef);
	hwpc_out_hex(o, "small", 0x1f, 2);
	hwpc_out_bool(o, "b", true);
	end_ok(o);
	hwpc_out_set_device(o, NULL, NULL);
	hwpc_out_record(o, "t_all"); /* nothing set: every key null */
	end_ok(o);
	assert_string_equal(cap_text(&c),
			    "{\"type\":\"schema\",\"schema_version\":2,\"command\":\"testcmd\",\"version\":\"" HWPC_VERSION "\"}\n"
			    "{\"type\":\"t_all\",\"device\":\"sim:g84\",\"chipset\":\"G84\","
			    "\"u\":18446744073709551615,\"u_dec\":\"18446744073709551615\","
			    "\"i\":-9223372036854775808,"
			    "\"d\":2.500,\"nan\":null,\"reg\":3735928559,\"reg_hex\":\"0xdeadbeef\","
			    "\"small\":31,\"small_hex\":\"0x1f\",\"b\":true,\"n\":null,\"s\":\"ok\"}\n"
			    "{\"type\":\"t_all\",\"device\":null,\"chipset\":null,\"u\":null,\"u_dec\":null,"
			    "\"i\":null,\"d\":null,\"nan\":null,\"reg\":null,\"reg_hex\":null,\"small\":null,"
			    "\"small_hex\":null,\"b\":null,\"n\":null,\"s\":null}\n");
	assert_int_equal(hwpc_out_finish(o, &err), HWPC_OK);
	hwpc_out_free(o);
	cap_close(&c);
}

static void test_schema_enforced(void **state)
{
	struct cap c;
	struct hwpc_err err = {0};
	enum hwpc_format fmts[] = {HWPC_FMT_JSON, HWPC_FMT_CSV, HWPC_FMT_OPENMETRICS};
	for (int f = 0; f < 3; f++) {
		/* a key the kind does not have */
		struct hwpc_out *o = writer(&c, fmts[f]);
		hwpc_out_record(o, "t_row");
		hwpc_out_u64(o, "extra", 3);
		assert_int_equal(hwpc_out_end(o, &err), HWPC_EINPUT);
		assert_non_null(strstr(err.msg, "'extra'"));
		assert_non_null(strstr(err.msg, "'t_row'"));
		hwpc_out_free(o);
		cap_close(&c);
		/* a key of another type */
		o = writer(&c, fmts[f]);
		hwpc_out_record(o, "t_row");
		hwpc_out_str(o, "n", "1");
		assert_int_equal(hwpc_out_end(o, &err), HWPC_EINPUT);
		assert_non_null(strstr(err.msg, "'n'"));
		hwpc_out_free(o);
		cap_close(&c);
		/* a kind that does not exist, and a record without a kind */
		o = writer(&c, fmts[f]);
		hwpc_out_record(o, "t_nope");
		assert_int_equal(hwpc_out_end(o, &err), HWPC_EINPUT);
		assert_non_null(strstr(err.msg, "t_nope"));
		hwpc_out_free(o);
		cap_close(&c);
		o = writer(&c, fmts[f]);
		hwpc_out_begin(o);
		assert_int_equal(hwpc_out_end(o, &err), HWPC_EINPUT);
		hwpc_out_free(o);
		cap_close(&c);
	}
	/* nothing was written for the refused records */
	struct hwpc_out *o = writer(&c, HWPC_FMT_JSON);
	hwpc_out_record(o, "t_row");
	hwpc_out_u64(o, "n", 1);
	hwpc_out_u64(o, "n", 2);
	assert_int_equal(hwpc_out_end(o, &err), HWPC_EINPUT);
	assert_non_null(strstr(err.msg, "twice"));
	assert_true(cap_text(&c) == NULL || cap_text(&c)[0] == 0);
	hwpc_out_free(o);
	cap_close(&c);
}

static void test_json_escaping(void **state)
{
	struct cap c;
	struct hwpc_out *o = writer(&c, HWPC_FMT_JSON);
	hwpc_out_set_device(o, "sim:g84,state=/tmp/a\"b", NULL);
	hwpc_out_record(o, "t_other");
	hwpc_out_str(o, "msg", "a\"b\\c\n\t\r\b\f\x01\x1f/\x7f");
	end_ok(o);
	/* valid UTF-8 passes; a stray continuation byte, a truncated
	 * sequence, an overlong form and a surrogate become U+FFFD */
	hwpc_out_record(o, "t_other");
	hwpc_out_str(o, "msg", "\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80|\x80|\xc3|\xc0\xaf|\xed\xa0\x80");
	end_ok(o);
	const char *t = strchr(cap_text(&c), '\n') + 1; /* after the header */
	assert_string_equal(t,
			    "{\"type\":\"t_other\",\"device\":\"sim:g84,state=/tmp/a\\\"b\",\"chipset\":null,"
			    "\"msg\":\"a\\\"b\\\\c\\n\\t\\r\\b\\f\\u0001\\u001f/\x7f\",\"n\":null}\n"
			    "{\"type\":\"t_other\",\"device\":\"sim:g84,state=/tmp/a\\\"b\",\"chipset\":null,"
			    "\"msg\":\"\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80|\\ufffd|\\ufffd|"
			    "\\ufffd\\ufffd|\\ufffd\\ufffd\\ufffd\",\"n\":null}\n");
	hwpc_out_free(o);
	cap_close(&c);
}

static void test_csv_quoting_and_header_once(void **state)
{
	struct cap c;
	struct hwpc_out *o = writer(&c, HWPC_FMT_CSV);
	hwpc_out_set_device(o, "0000:01:00.0", "G84");
	for (int i = 0; i < 3; i++) {
		hwpc_out_record(o, "t_row");
		hwpc_out_u64(o, "n", (uint64_t)i);
		hwpc_out_str(o, "plain",
			     i == 0 ? "a,b" : i == 1 ? "say \"hi\"" : "two\nlines");
		hwpc_out_hex32(o, "reg", 0x10);
		if (i != 1)
			hwpc_out_null(o, "opt");
		end_ok(o);
	}
	assert_string_equal(cap_text(&c), "type,device,chipset,n,plain,reg,opt\n"
					  "t_row,0000:01:00.0,G84,0,\"a,b\",0x00000010,\n"
					  "t_row,0000:01:00.0,G84,1,\"say \"\"hi\"\"\",0x00000010,\n"
					  "t_row,0000:01:00.0,G84,2,\"two\nlines\",0x00000010,\n");
	hwpc_out_free(o);
	cap_close(&c);
}

static void test_csv_kinds(void **state)
{
	static const char *const kinds[] = {"t_row", "t_other"};
	struct cap c;
	struct hwpc_err err = {0};
	/* undeclared: the first record's kind only */
	struct hwpc_out *o = writer(&c, HWPC_FMT_CSV);
	hwpc_out_record(o, "t_row");
	end_ok(o);
	hwpc_out_record(o, "t_other");
	assert_int_equal(hwpc_out_end(o, &err), HWPC_EINPUT);
	assert_int_equal(hwpc_out_finish(o, &err), HWPC_EINPUT);
	hwpc_out_free(o);
	cap_close(&c);
	/* declared: the union of their keys, each once */
	o = writer(&c, HWPC_FMT_CSV);
	assert_int_equal(hwpc_out_kinds(o, kinds, 2, &err), HWPC_OK);
	hwpc_out_record(o, "t_other");
	hwpc_out_str(o, "msg", "overflow");
	end_ok(o);
	hwpc_out_record(o, "t_row");
	hwpc_out_u64(o, "n", 16);
	end_ok(o);
	assert_string_equal(cap_text(&c), "type,device,chipset,n,plain,reg,opt,msg\n"
					  "t_other,,,,,,,overflow\n"
					  "t_row,,,16,,,,\n");
	assert_int_not_equal(hwpc_out_kinds(o, kinds, 2, NULL), HWPC_OK); /* too late */
	hwpc_out_free(o);
	cap_close(&c);
	o = writer(&c, HWPC_FMT_CSV);
	static const char *const bad[] = {"t_row", "t_nope"};
	assert_int_equal(hwpc_out_kinds(o, bad, 2, &err), HWPC_EINPUT);
	assert_non_null(strstr(err.msg, "t_nope"));
	hwpc_out_free(o);
	cap_close(&c);
}

static void test_openmetrics(void **state)
{
	struct cap c;
	struct hwpc_err err = {0};
	struct hwpc_out *o = writer(&c, HWPC_FMT_OPENMETRICS);
	const char *dev[] = {"sim:g84", "0000:01:00.0"};
	for (int round = 0; round < 2; round++) {
		for (int d = 0; d < 2; d++) {
			hwpc_out_set_device(o, dev[d], "G84");
			hwpc_out_record(o, "t_all");
			hwpc_out_u64(o, "u", (uint64_t)(100 * round + d));
			hwpc_out_double(o, "d", 0.5, 3);
			hwpc_out_double(o, "nan", 0.0 / 0.0, 3); /* no sample */
			hwpc_out_bool(o, "b", d == 1);
			hwpc_out_str(o, "s", "a\"b\\c");
			end_ok(o);
		}
	}
	assert_true(cap_text(&c) == NULL || cap_text(&c)[0] == 0); /* kept until finish */
	assert_int_equal(hwpc_out_finish(o, &err), HWPC_OK);
	/* the latest value of each series, families in schema order */
	assert_string_equal(cap_text(&c),
			    "# TYPE hwpc_t_all_u counter\n"
			    "# HELP hwpc_t_all_u an unsigned count\n"
			    "hwpc_t_all_u_total{device=\"sim:g84\",chipset=\"G84\",s=\"a\\\"b\\\\c\"} 100\n"
			    "hwpc_t_all_u_total{device=\"0000:01:00.0\",chipset=\"G84\",s=\"a\\\"b\\\\c\"} 101\n"
			    "# TYPE hwpc_t_all_d gauge\n"
			    "# HELP hwpc_t_all_d a rate (Hz)\n"
			    "hwpc_t_all_d{device=\"sim:g84\",chipset=\"G84\",s=\"a\\\"b\\\\c\"} 0.5\n"
			    "hwpc_t_all_d{device=\"0000:01:00.0\",chipset=\"G84\",s=\"a\\\"b\\\\c\"} 0.5\n"
			    "# TYPE hwpc_t_all_b gauge\n"
			    "# HELP hwpc_t_all_b a state\n"
			    "hwpc_t_all_b{device=\"sim:g84\",chipset=\"G84\",s=\"a\\\"b\\\\c\"} 0\n"
			    "hwpc_t_all_b{device=\"0000:01:00.0\",chipset=\"G84\",s=\"a\\\"b\\\\c\"} 1\n"
			    "# EOF\n");
	hwpc_out_free(o);
	cap_close(&c);
}

/* The same records in both expositions, with when their counters began:
 * OpenMetrics puts _created in the counter's family; the Prometheus text
 * format names the _total sample in TYPE and HELP, gives _created a gauge
 * family of its own (as prometheus_client writes them) and has no # EOF. */
static const char *exposition(struct cap *c, enum hwpc_format fmt)
{
	struct hwpc_err err = {0};
	struct hwpc_out *o = writer(c, fmt);
	for (int d = 0; d < 2; d++) {
		hwpc_out_set_device(o, d ? "sim:nv40" : "sim:g84", d ? "NV40" : "G84");
		hwpc_out_record(o, "t_all");
		hwpc_out_created(o, 1700000000.25 + d);
		hwpc_out_u64(o, "u", (uint64_t)d + 7);
		hwpc_out_bool(o, "b", true);
		end_ok(o);
	}
	hwpc_out_set_device(o, NULL, NULL);
	hwpc_out_record(o, "t_all"); /* its start not said: no _created */
	hwpc_out_u64(o, "u", 9);
	end_ok(o);
	assert_int_equal(hwpc_out_finish(o, &err), HWPC_OK);
	hwpc_out_free(o);
	return cap_text(c);
}

static void test_exposition_created(void **state)
{
	struct cap c;
	assert_string_equal(exposition(&c, HWPC_FMT_OPENMETRICS),
			    "# TYPE hwpc_t_all_u counter\n"
			    "# HELP hwpc_t_all_u an unsigned count\n"
			    "hwpc_t_all_u_total{device=\"sim:g84\",chipset=\"G84\"} 7\n"
			    "hwpc_t_all_u_created{device=\"sim:g84\",chipset=\"G84\"} 1700000000.25\n"
			    "hwpc_t_all_u_total{device=\"sim:nv40\",chipset=\"NV40\"} 8\n"
			    "hwpc_t_all_u_created{device=\"sim:nv40\",chipset=\"NV40\"} 1700000001.25\n"
			    "hwpc_t_all_u_total 9\n"
			    "# TYPE hwpc_t_all_b gauge\n"
			    "# HELP hwpc_t_all_b a state\n"
			    "hwpc_t_all_b{device=\"sim:g84\",chipset=\"G84\"} 1\n"
			    "hwpc_t_all_b{device=\"sim:nv40\",chipset=\"NV40\"} 1\n"
			    "# EOF\n");
	cap_close(&c);
	assert_string_equal(exposition(&c, HWPC_FMT_PROMETHEUS),
			    "# TYPE hwpc_t_all_u_total counter\n"
			    "# HELP hwpc_t_all_u_total an unsigned count\n"
			    "hwpc_t_all_u_total{device=\"sim:g84\",chipset=\"G84\"} 7\n"
			    "hwpc_t_all_u_total{device=\"sim:nv40\",chipset=\"NV40\"} 8\n"
			    "hwpc_t_all_u_total 9\n"
			    "# TYPE hwpc_t_all_u_created gauge\n"
			    "# HELP hwpc_t_all_u_created an unsigned count; when the counter began, in seconds since "
			    "the epoch\n"
			    "hwpc_t_all_u_created{device=\"sim:g84\",chipset=\"G84\"} 1700000000.25\n"
			    "hwpc_t_all_u_created{device=\"sim:nv40\",chipset=\"NV40\"} 1700000001.25\n"
			    "# TYPE hwpc_t_all_b gauge\n"
			    "# HELP hwpc_t_all_b a state\n"
			    "hwpc_t_all_b{device=\"sim:g84\",chipset=\"G84\"} 1\n"
			    "hwpc_t_all_b{device=\"sim:nv40\",chipset=\"NV40\"} 1\n");
	cap_close(&c);
}

/* What a scraper's Accept header gets: OpenMetrics when it prefers it. */
static void test_format_accept(void **state)
{
	static const struct {
		const char *accept;
		enum hwpc_format want;
	} cases[] = {
		/* Prometheus 2.x */
		{ "application/openmetrics-text;version=1.0.0,application/openmetrics-text;version=0.0.1;q=0.75,"
		  "text/plain;version=0.0.4;q=0.5,*/*;q=0.1", HWPC_FMT_OPENMETRICS },
		{ "application/openmetrics-text; version=0.0.1", HWPC_FMT_OPENMETRICS },
		{ "Application/OpenMetrics-Text", HWPC_FMT_OPENMETRICS },
		{ "text/plain;version=0.0.4;q=1,application/openmetrics-text;q=0.5", HWPC_FMT_PROMETHEUS },
		{ "text/plain;q=0.5, application/openmetrics-text;q=0.5", HWPC_FMT_OPENMETRICS }, /* a tie */
		{ "application/openmetrics-text;q=0", HWPC_FMT_PROMETHEUS },   /* refused */
		{ "application/openmetrics-text;q=nope", HWPC_FMT_PROMETHEUS }, /* as good as refused */
		{ "*/*", HWPC_FMT_PROMETHEUS },                                 /* curl */
		{ "text/html,application/xhtml+xml,*/*;q=0.8", HWPC_FMT_PROMETHEUS },
		{ "", HWPC_FMT_PROMETHEUS },
		{ NULL, HWPC_FMT_PROMETHEUS },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		if (hwpc_format_accept(cases[i].accept) != cases[i].want)
			fail_msg("Accept: %s", cases[i].accept ? cases[i].accept : "(none)");
	}
	assert_non_null(strstr(hwpc_format_content_type(HWPC_FMT_OPENMETRICS), "application/openmetrics-text"));
	assert_non_null(strstr(hwpc_format_content_type(HWPC_FMT_PROMETHEUS), "version=0.0.4"));
}

static void test_text_block(void **state)
{
	struct cap c;
	struct hwpc_out *o = writer(&c, HWPC_FMT_TEXT);
	hwpc_out_begin(o);
	hwpc_out_str(o, "device", "sim:g84");
	hwpc_out_u64(o, "ticks", 42);
	hwpc_out_hex32(o, "boot0", 0x084a00a2);
	hwpc_out_null(o, "alarm");
	end_ok(o);
	hwpc_out_begin(o);
	hwpc_out_str(o, "ctl", "a\x1b[2Jb");
	end_ok(o);
	assert_string_equal(cap_text(&c), "device: sim:g84\n"
					  "ticks:  42\n"
					  "boot0:  0x084a00a2\n"
					  "alarm:  -\n"
					  "\n"
					  "ctl: a\\x1b[2Jb\n");
	hwpc_out_free(o);
	cap_close(&c);
}

static void test_text_table(void **state)
{
	/* every width declared: the rows stream */
	static const struct hwpc_col cols[] = {{"n", 4}, {"name", 6}, {"value", 10}};
	struct cap c;
	struct hwpc_out *o = writer(&c, HWPC_FMT_TEXT);
	assert_int_equal(hwpc_out_table(o, cols, 3, NULL), HWPC_OK);
	hwpc_out_begin(o);
	hwpc_out_u64(o, "n", 1);
	hwpc_out_str(o, "name", "ab");
	hwpc_out_hex32(o, "value", 0xff);
	end_ok(o);
	hwpc_out_begin(o);
	hwpc_out_u64(o, "n", 12345); /* wider than declared: pushes */
	hwpc_out_str(o, "name", "c");
	end_ok(o);
	assert_string_equal(cap_text(&c), "   n  name         value\n"
					  "   1  ab      0x000000ff\n"
					  "12345  c                -\n");
	hwpc_out_free(o);
	cap_close(&c);
}

/* A width left open: the rows are held and sized to the widest value of
 * all of them, not the first (issue 28: part0.0 under hub.0), with the
 * lines written between them in their place. */
static void test_text_table_held(void **state)
{
	static const struct hwpc_col cols[] = {{"dom", 0}, {"count", 0}, {"note", 0}};
	struct cap c;
	struct hwpc_out *o = writer(&c, HWPC_FMT_TEXT);
	assert_int_equal(hwpc_out_table(o, cols, 3, NULL), HWPC_OK);
	hwpc_out_begin(o);
	hwpc_out_str(o, "dom", "hub.0");
	hwpc_out_u64(o, "count", 1);
	hwpc_out_str(o, "note", "a");
	end_ok(o);
	assert_int_equal(hwpc_out_text(o, "between", NULL), HWPC_OK);
	hwpc_out_begin(o);
	hwpc_out_str(o, "dom", "part0.0");
	hwpc_out_u64(o, "count", 123456789);
	hwpc_out_null(o, "note");
	end_ok(o);
	assert_string_equal(cap_text(&c), ""); /* nothing before the end */
	assert_int_equal(hwpc_out_finish(o, NULL), HWPC_OK);
	assert_string_equal(cap_text(&c), "dom          count  note\n"
					  "hub.0            1  a\n"
					  "between\n"
					  "part0.0  123456789  -\n");
	hwpc_out_free(o);
	cap_close(&c);
}

static void test_text_identity(void **state)
{
	static const struct hwpc_col cols[] = {{"n", 2}};
	struct cap c;
	/* one device: a header line, again when the device changes */
	struct hwpc_out *o = writer(&c, HWPC_FMT_TEXT);
	hwpc_out_set_device(o, "sim:g84", "G84");
	assert_int_equal(hwpc_out_table(o, cols, 1, NULL), HWPC_OK);
	for (int i = 0; i < 2; i++) {
		hwpc_out_record(o, "t_row");
		hwpc_out_u64(o, "n", (uint64_t)i);
		end_ok(o);
	}
	assert_string_equal(cap_text(&c), "device: sim:g84 (G84)\n n\n 0\n 1\n");
	hwpc_out_free(o);
	cap_close(&c);
	/* several devices: a device column instead */
	o = writer(&c, HWPC_FMT_TEXT);
	hwpc_out_set_multi(o, 8); /* strlen("sim:nv40") */
	assert_int_equal(hwpc_out_table(o, cols, 1, NULL), HWPC_OK);
	for (int i = 0; i < 2; i++) {
		hwpc_out_set_device(o, i ? "sim:nv40" : "sim:g84", "X");
		hwpc_out_record(o, "t_row");
		hwpc_out_u64(o, "n", (uint64_t)i);
		end_ok(o);
	}
	assert_string_equal(cap_text(&c), "device     n\nsim:g84    0\nsim:nv40   1\n");
	hwpc_out_free(o);
	cap_close(&c);
}

static void test_text_table_from_first(void **state)
{
	struct cap c;
	struct hwpc_out *o = writer(&c, HWPC_FMT_TEXT);
	assert_int_equal(hwpc_out_table(o, NULL, 0, NULL), HWPC_OK);
	hwpc_out_begin(o);
	hwpc_out_str(o, "what", "x");
	hwpc_out_double(o, "ms", 1.25, 2);
	end_ok(o);
	assert_int_equal(hwpc_out_finish(o, NULL), HWPC_OK); /* held: widths unknown */
	assert_string_equal(cap_text(&c), "what    ms\nx     1.25\n");
	hwpc_out_free(o);
	cap_close(&c);
}

/* A comma-decimal locale: the system's if installed, else one built with
 * localedef into a temporary directory (LOCPATH).  NULL if neither. */
static const char *comma_locale(char *dir, size_t len)
{
	static const char *const names[] = {"de_DE.UTF-8", "fr_FR.UTF-8", "de_DE", "fr_FR"};
	for (size_t i = 0; i < 4; i++) {
		const char *r = setlocale(LC_NUMERIC, names[i]);
		if (r)
			return r;
	}
	snprintf(dir, len, "/tmp/hwpc-loc-XXXXXX");
	if (!mkdtemp(dir))
		return NULL;
	char cmd[256];
	snprintf(cmd, sizeof cmd, "localedef -i de_DE -f UTF-8 %s/de_DE.UTF-8 >/dev/null 2>&1",
		 dir);
	if (system(cmd) != 0)
		return NULL;
	setenv("LOCPATH", dir, 1);
	return setlocale(LC_NUMERIC, "de_DE.UTF-8");
}

static void test_locale_independent(void **state)
{
	char dir[64] = "";
	const char *loc = comma_locale(dir, sizeof dir);
	char probe[16];
	snprintf(probe, sizeof probe, "%.1f", 1.5);
	if (loc) {
		print_message("numbers checked under LC_NUMERIC=%s\n", loc);
		assert_string_equal(probe, "1,5"); /* the locale really is active */
	}
	else
		print_message("no comma-decimal locale available; checking '.' only\n");

	enum hwpc_format fmts[] = {HWPC_FMT_TEXT, HWPC_FMT_CSV, HWPC_FMT_JSON, HWPC_FMT_OPENMETRICS};
	const char *want[] = {"d: 1234567.125\n", "1234567.125,", "\"d\":1234567.125,",
			      "hwpc_t_all_d 1234567.125\n"};
	for (int i = 0; i < 4; i++) {
		struct cap c;
		struct hwpc_out *o = writer(&c, fmts[i]);
		if (fmts[i] == HWPC_FMT_TEXT)
			hwpc_out_begin(o);
		else
			hwpc_out_record(o, "t_all");
		hwpc_out_double(o, "d", 1234567.125, 3);
		end_ok(o);
		assert_int_equal(hwpc_out_finish(o, NULL), HWPC_OK);
		assert_non_null(strstr(cap_text(&c), want[i]));
		hwpc_out_free(o);
		cap_close(&c);
	}
	struct cap c;
	cap_open(&c);
	struct hwpc_trace *t = hwpc_trace_new(c.fp, NULL);
	struct hwpc_trace_arg a = {.key = "v", .num = 0.5};
	hwpc_trace_counter(t, 1, 2.5, "ctr", &a, 1);
	assert_int_equal(hwpc_trace_finish(t, NULL), HWPC_OK);
	assert_non_null(strstr(cap_text(&c), "\"ts\":2.500,\"name\":\"ctr\",\"args\":{\"v\":0.5"));
	hwpc_trace_free(t);
	cap_close(&c);

	setlocale(LC_NUMERIC, "C");
	if (dir[0]) {
		char cmd[128];
		snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
		assert_int_equal(system(cmd), 0);
	}
}

static void test_trace_structure(void **state)
{
	struct cap c;
	cap_open(&c);
	struct hwpc_trace *t = hwpc_trace_new(c.fp, NULL);
	assert_non_null(t);
	struct hwpc_trace_arg args[] = {{.key = "token", .num = 0x1234}, {.key = "s", .str = "a\"b"}};
	hwpc_trace_process_name(t, 1, "tensix 0");
	hwpc_trace_thread_name(t, 1, 2, "brisc");
	hwpc_trace_instant(t, 1, 2, 1.0, "ev", "tensix", args, 2);
	hwpc_trace_complete(t, 1, 2, 1.0, 0.25, "slice", NULL, NULL, 0);
	hwpc_trace_begin(t, 1, 2, 2.0, "outer", NULL, NULL, 0);
	hwpc_trace_end(t, 1, 2, 3.0);
	hwpc_trace_counter(t, 1, 3.0, "events", args, 1);
	assert_int_equal(hwpc_trace_finish(t, NULL), HWPC_OK);
	const char *s = cap_text(&c);
	assert_string_equal(
		s, "{\"traceEvents\":[\n"
		   "{\"ph\":\"M\",\"pid\":1,\"name\":\"process_name\",\"args\":{\"name\":\"tensix 0\"}},\n"
		   "{\"ph\":\"M\",\"pid\":1,\"tid\":2,\"name\":\"thread_name\",\"args\":{\"name\":\"brisc\"}},\n"
		   "{\"ph\":\"i\",\"pid\":1,\"tid\":2,\"ts\":1.000,\"name\":\"ev\",\"cat\":\"tensix\",\"s\":\"t\","
		   "\"args\":{\"token\":4660,\"s\":\"a\\\"b\"}},\n"
		   "{\"ph\":\"X\",\"pid\":1,\"tid\":2,\"ts\":1.000,\"name\":\"slice\",\"dur\":0.250},\n"
		   "{\"ph\":\"B\",\"pid\":1,\"tid\":2,\"ts\":2.000,\"name\":\"outer\"},\n"
		   "{\"ph\":\"E\",\"pid\":1,\"tid\":2,\"ts\":3.000},\n"
		   "{\"ph\":\"C\",\"pid\":1,\"ts\":3.000,\"name\":\"events\",\"args\":{\"token\":4660}}\n"
		   "],\"displayTimeUnit\":\"ns\"}\n");
	hwpc_trace_free(t);
	cap_close(&c);

	/* no events at all is still a valid trace */
	cap_open(&c);
	t = hwpc_trace_new(c.fp, NULL);
	assert_int_equal(hwpc_trace_finish(t, NULL), HWPC_OK);
	assert_string_equal(cap_text(&c), "{\"traceEvents\":[],\"displayTimeUnit\":\"ns\"}\n");
	hwpc_trace_free(t);
	cap_close(&c);
}

/* Parse the writers' output back with jq, when it is installed. */
static void test_jq_roundtrip(void **state)
{
	if (system("command -v jq >/dev/null 2>&1") != 0) {
		print_message("jq not found; skipping the parse-back check\n");
		return;
	}
	char path[] = "/tmp/hwpc-out-XXXXXX";
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	FILE *fp = fdopen(fd, "w");
	struct hwpc_out *o = hwpc_out_new(fp, HWPC_FMT_JSON, NULL);
	for (int i = 0; i < 50; i++) {
		char s[8];
		for (int k = 0; k < 7; k++)
			s[k] = (char)(1 + (i * 7 + k) * 37 % 255); /* every byte value */
		s[7] = 0;
		hwpc_out_record(o, "t_all");
		hwpc_out_str(o, "s", s);
		hwpc_out_hex32(o, "reg", (uint32_t)i * 0x01010101u);
		hwpc_out_double(o, "d", i / 3.0, 6);
		hwpc_out_u64(o, "u", (UINT64_C(1) << 53) + 1 + (uint64_t)i); /* past a double */
		end_ok(o);
	}
	assert_int_equal(hwpc_out_finish(o, NULL), HWPC_OK);
	hwpc_out_free(o);
	fclose(fp);
	char cmd[256];
	snprintf(cmd, sizeof cmd,
		 "test \"$(jq -s 'map(select(.type==\"t_all\" and (.reg_hex|ltrimstr(\"0x\")|length)==8 and (.d|type)==\"number\" and (.u_dec|length)==16))|length' %s)\" = 50",
		 path);
	assert_int_equal(system(cmd), 0);

	fp = fopen(path, "w");
	struct hwpc_trace *t = hwpc_trace_new(fp, NULL);
	for (int i = 0; i < 20; i++) {
		struct hwpc_trace_arg a = {.key = "k\n", .num = i * 0.1};
		hwpc_trace_instant(t, 1, i % 3, i, "e\x01", NULL, &a, 1);
	}
	assert_int_equal(hwpc_trace_finish(t, NULL), HWPC_OK);
	hwpc_trace_free(t);
	fclose(fp);
	snprintf(cmd, sizeof cmd, "test \"$(jq '.traceEvents|length' %s)\" = 20", path);
	assert_int_equal(system(cmd), 0);
	unlink(path);
}

static void test_write_error(void **state)
{
	FILE *fp = fopen("/dev/full", "w");
	if (!fp) {
		print_message("no /dev/full; skipping\n");
		return;
	}
	setvbuf(fp, NULL, _IONBF, 0);
	struct hwpc_err err = {0};
	struct hwpc_out *o = hwpc_out_new(fp, HWPC_FMT_CSV, NULL);
	hwpc_out_record(o, "t_row");
	hwpc_out_u64(o, "n", 1);
	assert_int_equal(hwpc_out_end(o, &err), HWPC_EOP);
	assert_int_equal(hwpc_out_finish(o, &err), HWPC_EOP);
	hwpc_out_free(o);
	fclose(fp);
}

int main(void)
{
	schema_add_test_kinds(test_kinds);
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_format_parse),
		cmocka_unit_test(test_json_types),
		cmocka_unit_test(test_schema_enforced),
		cmocka_unit_test(test_json_escaping),
		cmocka_unit_test(test_csv_quoting_and_header_once),
		cmocka_unit_test(test_csv_kinds),
		cmocka_unit_test(test_openmetrics),
		cmocka_unit_test(test_exposition_created),
		cmocka_unit_test(test_format_accept),
		cmocka_unit_test(test_text_block),
		cmocka_unit_test(test_text_table),
		cmocka_unit_test(test_text_table_held),
		cmocka_unit_test(test_text_identity),
		cmocka_unit_test(test_text_table_from_first),
		cmocka_unit_test(test_locale_independent),
		cmocka_unit_test(test_trace_structure),
		cmocka_unit_test(test_jq_roundtrip),
		cmocka_unit_test(test_write_error),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
