/* SPDX-License-Identifier: MIT */
/* Machine and human output: the record writers (text, CSV, JSON Lines,
 * OpenMetrics, Chrome trace) and the schema every record follows
 * (hwpc-output(7)). */
#ifndef HWPC_OUTPUT_H
#define HWPC_OUTPUT_H

#include "hwpc/api.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "hwpc/error.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Record writers ----------------------------------------------------- */

/* Record writers shared by every hwpc command: human text, CSV, JSON Lines,
 * OpenMetrics, and the Chrome trace JSON that Perfetto and chrome://tracing
 * load.
 *
 * A record is a flat list of named, typed fields of a kind the output
 * schema lists (hwpc/schema.h, hwpc-output(7)).  The same calls produce
 * every format, so a command describes its output once:
 *
 *	hwpc_out_set_device(o, "sim:g84", "G84");
 *	hwpc_out_record(o, "timer");
 *	hwpc_out_u64(o, "ticks", t);
 *	hwpc_out_hex(o, "boot0", v, 8);
 *	hwpc_out_end(o, &err);
 *
 * Formats:
 *   text  a line naming the device ("device: sim:g84 (G84)"), then a
 *         "key: value" block per record (a field whose value is the empty
 *         string is left out), or, after hwpc_out_table(), an aligned table
 *         with a header line (its widths from all rows, or declared up
 *         front so that streaming needs no buffering beyond one record);
 *         no line ends in a blank.  With several devices (hwpc_out_set_multi) each record
 *         names its device instead (a first column or line "device").
 *   csv   RFC 4180; one header row: type, device, chipset, then every key
 *         of the declared record kinds (hwpc_out_kinds; default: the first
 *         record's); a cell the record leaves unset is empty; rows end in
 *         LF; no comments
 *   json  JSON Lines: a first object {"type":"schema","schema_version":N,
 *         "command":...,"version":...}, then one object per record: type,
 *         device, chipset, then every key of the record's kind in schema
 *         order, null where unset (an optional key is left out instead:
 *         HWPC_SK_OPT); numbers as numbers; a hex key also as
 *         key_hex ("0x..."), a key that can pass 2^53 also as key_dec
 *         (the exact decimal string)
 *   openmetrics  the OpenMetrics text format: records are kept until
 *         hwpc_out_finish(), which writes each metric family (from the
 *         schema's metric keys) with its HELP and TYPE, then "# EOF"
 *   prometheus  the Prometheus text format 0.0.4, what node_exporter's
 *         textfile collector reads: the same families, but a counter's
 *         HELP and TYPE name its _total sample, _created samples are
 *         gauge families of their own (FAMILY_created), and no "# EOF"
 * Numbers always use the C locale, whatever the user's LC_NUMERIC says.
 *
 * Field calls never fail on their own: an error (a write error, a field
 * that is not a declared column) is kept and returned by hwpc_out_end() and
 * hwpc_out_finish(). */
enum hwpc_format {
	HWPC_FMT_TEXT = 0,
	HWPC_FMT_CSV,
	HWPC_FMT_JSON,
	HWPC_FMT_TRACE, /* Chrome trace JSON: use struct hwpc_trace */
	HWPC_FMT_OPENMETRICS,
	HWPC_FMT_PROMETHEUS, /* Prometheus text format 0.0.4 */
};

/* "text", "csv", "json", "openmetrics", "prometheus" or "trace" (case-sensitive, as options are).  The
 * error names the bad value and the accepted ones. */
HWPC_API int hwpc_format_parse(const char *name, enum hwpc_format *out, struct hwpc_err *err);
HWPC_API const char *hwpc_format_name(enum hwpc_format fmt);
/* The exposition an HTTP client's Accept header asks for (NULL: none):
 * HWPC_FMT_OPENMETRICS when it prefers application/openmetrics-text (by
 * q value; a tie goes to OpenMetrics), else HWPC_FMT_PROMETHEUS. */
HWPC_API enum hwpc_format hwpc_format_accept(const char *accept);
/* The Content-Type of an exposition in fmt: OpenMetrics 1.0.0 or the
 * Prometheus text format 0.0.4 ("text/plain; charset=utf-8" for the
 * other formats). */
HWPC_API const char *hwpc_format_content_type(enum hwpc_format fmt);

struct hwpc_out;

/* A writer for text, csv, json, openmetrics or prometheus on fp (which the caller keeps and closes).
 * NULL with the error set for HWPC_FMT_TRACE (it has its own writer) or when
 * out of memory. */
HWPC_API struct hwpc_out *hwpc_out_new(FILE *fp, enum hwpc_format fmt, struct hwpc_err *err);

/* A column of a table (text) or CSV.  width 0: as wide as the widest of the
 * name and every record's value: the table's rows are held, and written by
 * hwpc_out_finish() (or hwpc_out_free(), after an error), so that they line
 * up whatever their values.  A layout that declares every width (the widest
 * value the column can hold, or the name's for a last text column) streams:
 * each row is written as it ends, which sampling and long inputs need. */
struct hwpc_col {
	const char *name;
	unsigned width;
};

/* Declare the text layout before the first record: text switches from
 * key/value blocks to a table.  With cols == NULL the first record's keys
 * become the columns.  Later records may leave columns out ("-") but may
 * not add fields that are not columns.  The other formats ignore it: their
 * layout is the schema's. */
HWPC_API int hwpc_out_table(struct hwpc_out *o, const struct hwpc_col *cols, size_t ncols,
		   struct hwpc_err *err);

/* The command named in the JSON header record ("pcread").  Before the
 * first record. */
HWPC_API void hwpc_out_set_command(struct hwpc_out *o, const char *command);
/* Which device the following records come from: its name as the user gave
 * it or as resolved ("0000:01:00.0", "sim:g84") and its chipset ("G84");
 * NULL for either: null.  May change between records. */
HWPC_API void hwpc_out_set_device(struct hwpc_out *o, const char *device, const char *chipset);
/* Several devices: text names the device in every record (a "device"
 * column name_width wide, the longest name, or a "device" line) instead of
 * a header line; 0: one device.  Before hwpc_out_table(). */
HWPC_API void hwpc_out_set_multi(struct hwpc_out *o, unsigned name_width);
/* The record kinds (schema types) a CSV output will hold: its columns are
 * the union of their keys.  Default: the first record's kind only, and a
 * record of another kind is an error.  Before the first record. */
HWPC_API int hwpc_out_kinds(struct hwpc_out *o, const char *const *types, size_t n, struct hwpc_err *err);

/* Start a record of the schema's kind type (hwpc/schema.h).  Its fields
 * must be keys of that kind, of their types; hwpc_out_end() reports any
 * that is not. */
HWPC_API void hwpc_out_record(struct hwpc_out *o, const char *type);
/* Start a record without a kind: text only (hwpc_out_end() refuses it in
 * the machine formats). */
HWPC_API void hwpc_out_begin(struct hwpc_out *o);
HWPC_API void hwpc_out_u64(struct hwpc_out *o, const char *key, uint64_t v);
HWPC_API void hwpc_out_i64(struct hwpc_out *o, const char *key, int64_t v);
/* prec digits after the point; NaN and infinities are null in JSON. */
HWPC_API void hwpc_out_double(struct hwpc_out *o, const char *key, double v, int prec);
/* A figure measured with an uncertainty unc (same unit): the number, and in
 * text "V +- UNC" (unc not finite: the number alone). */
HWPC_API void hwpc_out_measured(struct hwpc_out *o, const char *key, double v, double unc, int prec);
HWPC_API void hwpc_out_str(struct hwpc_out *o, const char *key, const char *s);
/* A register or raw value: "0x" and digits hex digits (zero padded; at
 * least as many as the value needs).  JSON: the number and key_hex. */
HWPC_API void hwpc_out_hex(struct hwpc_out *o, const char *key, uint64_t v, int digits);
static inline void hwpc_out_hex32(struct hwpc_out *o, const char *key, uint32_t v)
{
	hwpc_out_hex(o, key, v, 8);
}
HWPC_API void hwpc_out_bool(struct hwpc_out *o, const char *key, bool v);
/* A field with no value: "-" in text, empty in CSV, null in JSON. */
HWPC_API void hwpc_out_null(struct hwpc_out *o, const char *key);
/* When the record's counters began counting, in seconds since the Unix
 * epoch (a Prometheus exporter's series, pcread --serve): OpenMetrics
 * writes each counter's FAMILY_created sample beside its _total, the
 * Prometheus format a gauge family FAMILY_created; the other formats
 * ignore it.  After hwpc_out_record(), which forgets the last one. */
HWPC_API void hwpc_out_created(struct hwpc_out *o, double unix_s);
/* When the record's values were measured, in seconds since the Unix epoch:
 * OpenMetrics and the Prometheus text format write it after each of its
 * samples (seconds; the Prometheus format in whole milliseconds), so that a
 * scraper computes rates over the measurements' times rather than its
 * scrapes'; the other formats ignore it.  After hwpc_out_record(). */
HWPC_API void hwpc_out_timestamp(struct hwpc_out *o, double unix_s);
/* Write the record.  Returns HWPC_OK or the first error so far. */
HWPC_API int hwpc_out_end(struct hwpc_out *o, struct hwpc_err *err);
/* A line for people, written as it is in text output (an nvapeek-style
 * dump row: the records stand for it in the other formats, which write
 * nothing here).  After the device line, apart from a block before it. */
HWPC_API int hwpc_out_text(struct hwpc_out *o, const char *line, struct hwpc_err *err);

/* Flush; HWPC_EOP if any write failed.  Does not close fp. */
HWPC_API int hwpc_out_finish(struct hwpc_out *o, struct hwpc_err *err);
HWPC_API void hwpc_out_free(struct hwpc_out *o);

/* --- Chrome trace JSON -------------------------------------------------
 * {"traceEvents":[ ... ],"displayTimeUnit":"ns"} written as events come, in
 * constant memory.  Times are microseconds (the format's unit), written with
 * nanosecond resolution. */
struct hwpc_trace;

/* An event argument: a string when str is not NULL, else the number. */
struct hwpc_trace_arg {
	const char *key;
	const char *str;
	double num;
};

HWPC_API struct hwpc_trace *hwpc_trace_new(FILE *fp, struct hwpc_err *err);
/* Metadata: names shown for a process (track group) and a thread (track). */
HWPC_API void hwpc_trace_process_name(struct hwpc_trace *t, int pid, const char *name);
HWPC_API void hwpc_trace_thread_name(struct hwpc_trace *t, int pid, int tid, const char *name);
/* A point in time on a thread track ("ph":"i", thread scope). */
HWPC_API void hwpc_trace_instant(struct hwpc_trace *t, int pid, int tid, double ts_us, const char *name,
			const char *cat, const struct hwpc_trace_arg *args, size_t nargs);
/* A sample of counter track `name` ("ph":"C"); each arg is one series. */
HWPC_API void hwpc_trace_counter(struct hwpc_trace *t, int pid, double ts_us, const char *name,
			const struct hwpc_trace_arg *series, size_t nseries);
/* A slice with its duration ("ph":"X"). */
HWPC_API void hwpc_trace_complete(struct hwpc_trace *t, int pid, int tid, double ts_us, double dur_us,
			 const char *name, const char *cat, const struct hwpc_trace_arg *args,
			 size_t nargs);
/* Begin and end of a slice ("ph":"B"/"E"); they nest per thread. */
HWPC_API void hwpc_trace_begin(struct hwpc_trace *t, int pid, int tid, double ts_us, const char *name,
		      const char *cat, const struct hwpc_trace_arg *args, size_t nargs);
HWPC_API void hwpc_trace_end(struct hwpc_trace *t, int pid, int tid, double ts_us);
/* Close the JSON and flush; HWPC_EOP if any write failed. */
HWPC_API int hwpc_trace_finish(struct hwpc_trace *t, struct hwpc_err *err);
HWPC_API void hwpc_trace_free(struct hwpc_trace *t);

/* ---- The output schema -------------------------------------------------- */

/* The output schema: every kind of record an hwpc command writes, with its
 * keys, their types and units.  hwpc-output(7) documents the same table,
 * and the record writer (hwpc/output.h) holds every JSON, CSV and
 * OpenMetrics record to it: a key the schema does not list for the record's
 * type, or of another type, is an error, and a listed key the command did
 * not set is written as null (JSON), an empty cell (CSV) or left out
 * (OpenMetrics); JSON leaves out only keys marked optional (HWPC_SK_OPT).
 *
 * Every record but the JSON header starts with three keys the writer adds:
 * type (the record kind), device (the device as named on the command line,
 * "0000:01:00.0", "sim:g84") and chipset ("G84").  The schema tables do not
 * list them. */
/* Raised when a key changes meaning or type, or disappears; new keys and
 * new record kinds do not raise it (readers select keys by name). */
#define HWPC_SCHEMA_VERSION 2

enum hwpc_vtype {
	HWPC_VT_U64,    /* unsigned integer */
	HWPC_VT_I64,    /* signed integer */
	HWPC_VT_DOUBLE, /* a number with a fraction */
	HWPC_VT_STR,    /* a string */
	HWPC_VT_HEX,    /* an unsigned integer; JSON adds key_hex, "0x..." */
	HWPC_VT_BOOL,   /* true/false */
};

/* How a key appears in OpenMetrics output (pcread, ptime). */
enum hwpc_metric {
	HWPC_MT_NONE = 0, /* not exported */
	HWPC_MT_LABEL,    /* a label of every metric of the record */
	HWPC_MT_COUNTER,  /* a counter: hwpc_<type>_<key>_total */
	HWPC_MT_GAUGE,    /* a gauge: hwpc_<type>_<key> (bool: 0/1) */
};

enum {
	/* An integer that can pass 2^53, which a double (jq, JavaScript)
	 * cannot hold exactly: JSON adds key_dec, the exact decimal string. */
	HWPC_SK_BIG = 1u << 0,
	/* A key that applies to some records only (an L1 address where the
	 * input has a buffer layout, a name where the token map has one):
	 * JSON leaves it out where it has no value instead of writing null
	 * (jq's .key reads null either way); CSV keeps its column. */
	HWPC_SK_OPT = 1u << 1,
};

struct hwpc_schema_key {
	const char *name;
	enum hwpc_vtype type;
	unsigned flags;        /* HWPC_SK_* */
	const char *unit;      /* "ns", "Hz", "cycles"...; NULL: none */
	enum hwpc_metric metric;
	const char *help;      /* one line: hwpc-output(7) and OpenMetrics HELP */
};

struct hwpc_schema_rec {
	const char *type;      /* the value of the type key */
	const char *commands;  /* who writes it: "pcread", "pcread ptime" */
	const char *help;      /* one line */
	const struct hwpc_schema_key *keys;
	size_t nkeys;
};

/* The record kind named type, or NULL. */
HWPC_API const struct hwpc_schema_rec *hwpc_schema_find(const char *type);
/* The i-th record kind (in documentation order), or NULL past the end. */
HWPC_API const struct hwpc_schema_rec *hwpc_schema_at(size_t i);
/* The key of rec named name, or NULL. */
HWPC_API const struct hwpc_schema_key *hwpc_schema_key(const struct hwpc_schema_rec *rec, const char *name);
HWPC_API const char *hwpc_vtype_name(enum hwpc_vtype t);

#ifdef __cplusplus
}
#endif
#endif
