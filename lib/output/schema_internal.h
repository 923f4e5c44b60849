/* SPDX-License-Identifier: MIT */
/* Internal: how the schema tables are written.  Each command's record
 * kinds are in lib/output/schema_<command>.c, an array ended by { 0 }; schema.c
 * joins them in documentation order. */
#ifndef HWPC_SCHEMA_INTERNAL_H
#define HWPC_SCHEMA_INTERNAL_H

#include "hwpc/output.h"

/* A key: name, type (U64, I64, DOUBLE, STR, HEX, BOOL), unit or NULL,
 * OpenMetrics role (NONE, LABEL, COUNTER, GAUGE), help. */
#define SK(name, type, unit, metric, help) \
	{ (name), HWPC_VT_##type, 0, (unit), HWPC_MT_##metric, (help) }
/* An integer key that can pass 2^53 (JSON adds key_dec). */
#define SK_BIG(name, type, unit, metric, help) \
	{ (name), HWPC_VT_##type, HWPC_SK_BIG, (unit), HWPC_MT_##metric, (help) }
/* A key that applies to some records only: JSON leaves it out where it
 * has no value (HWPC_SK_OPT). */
#define SK_OPT(name, type, unit, metric, help) \
	{ (name), HWPC_VT_##type, HWPC_SK_OPT, (unit), HWPC_MT_##metric, (help) }
#define SREC(type, commands, help, keys) \
	{ (type), (commands), (help), (keys), sizeof(keys) / sizeof((keys)[0]) }

extern const struct hwpc_schema_rec schema_ptime[];
extern const struct hwpc_schema_rec schema_pcread[];
extern const struct hwpc_schema_rec schema_pcsetup[];
extern const struct hwpc_schema_rec schema_pcsim[];
extern const struct hwpc_schema_rec schema_tsdump[];
extern const struct hwpc_schema_rec schema_regs[];

/* For unit tests of the writer: kinds of their own, ended by { 0 }, looked
 * up after the real ones (not exported from the shared library). */
void schema_add_test_kinds(const struct hwpc_schema_rec *kinds);

#endif
