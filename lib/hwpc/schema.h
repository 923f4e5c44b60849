/* SPDX-License-Identifier: MIT */
/* The output schema: every kind of record an hwpc command writes, with its
 * keys, their types and units.  hwpc-output(7) documents the same table,
 * and the record writer (hwpc/output.h) holds every JSON, CSV and
 * OpenMetrics record to it: a key the schema does not list for the record's
 * type, or of another type, is an error, and a listed key the command did
 * not set is written as null (JSON), an empty cell (CSV) or left out
 * (OpenMetrics), never omitted from JSON or CSV.
 *
 * Every record but the JSON header starts with three keys the writer adds:
 * type (the record kind), device (the device as named on the command line,
 * "0000:01:00.0", "sim:g84") and chipset ("G84").  The schema tables do not
 * list them. */
#ifndef HWPC_SCHEMA_H
#define HWPC_SCHEMA_H

#include "hwpc/api.h"

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Raised when a key changes meaning or type, or disappears; new keys and
 * new record kinds do not raise it (readers select keys by name). */
#define HWPC_SCHEMA_VERSION 1

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
