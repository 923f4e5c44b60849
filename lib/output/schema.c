/* SPDX-License-Identifier: MIT */
/* The output schema's lookup (hwpc/schema.h); the tables are per command
 * in lib/output/schema_<command>.c. */
#include "output/schema_internal.h"

#include <string.h>

/* Documentation order: hwpc-output(7) lists the kinds in this order. */
static const struct hwpc_schema_rec *const tables[] = {
	schema_pcread, schema_regs, schema_pcsetup, schema_ptime, schema_tsdump, schema_pcsim,
};

/* Kinds a unit test adds (schema_add_test_kinds), after the real ones. */
static const struct hwpc_schema_rec *test_kinds;

void schema_add_test_kinds(const struct hwpc_schema_rec *kinds)
{
	test_kinds = kinds;
}

const struct hwpc_schema_rec *hwpc_schema_at(size_t i)
{
	for (size_t t = 0; t < sizeof tables / sizeof *tables; t++) {
		for (const struct hwpc_schema_rec *r = tables[t]; r->type; r++) {
			if (i-- == 0)
				return r;
		}
	}
	for (const struct hwpc_schema_rec *r = test_kinds; r && r->type; r++) {
		if (i-- == 0)
			return r;
	}
	return NULL;
}

const struct hwpc_schema_rec *hwpc_schema_find(const char *type)
{
	if (!type)
		return NULL;
	const struct hwpc_schema_rec *r;
	for (size_t i = 0; (r = hwpc_schema_at(i)); i++) {
		if (strcmp(r->type, type) == 0)
			return r;
	}
	return NULL;
}

const struct hwpc_schema_key *hwpc_schema_key(const struct hwpc_schema_rec *rec, const char *name)
{
	for (size_t i = 0; rec && name && i < rec->nkeys; i++) {
		if (strcmp(rec->keys[i].name, name) == 0)
			return &rec->keys[i];
	}
	return NULL;
}

const char *hwpc_vtype_name(enum hwpc_vtype t)
{
	static const char *const names[] = {
		[HWPC_VT_U64] = "unsigned integer", [HWPC_VT_I64] = "integer",
		[HWPC_VT_DOUBLE] = "number",        [HWPC_VT_STR] = "string",
		[HWPC_VT_HEX] = "register value",   [HWPC_VT_BOOL] = "boolean",
	};
	return (unsigned)t < sizeof names / sizeof *names ? names[t] : "?";
}
