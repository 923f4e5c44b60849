/* SPDX-License-Identifier: MIT */
/* Print the output schema (hwpc/schema.h) for the tests and the manual:
 *   schema_dump --man    the record kinds as roff, the generated part of
 *                        hwpc-output(7)
 *   schema_dump --keys   one line per kind: "TYPE KEY..." with every key a
 *                        JSON record of that kind has, companions included;
 *                        a key JSON leaves out where it has no value ends
 *                        in "?" (HWPC_SK_OPT), and so do its companions
 *   schema_dump --csv    one line per kind: "TYPE KEY..." as CSV columns
 *   schema_dump --types  one line per kind: "TYPE KEY=T..." for every key of
 *                        its JSON records, T one of u64 i64 double str hex
 *                        bool (companions: str) */
#include <stdio.h>
#include <string.h>

#include "hwpc.h"

static const char *metric_name(enum hwpc_metric m)
{
	switch (m) {
	case HWPC_MT_LABEL:
		return "label";
	case HWPC_MT_COUNTER:
		return "counter";
	case HWPC_MT_GAUGE:
		return "gauge";
	default:
		return NULL;
	}
}

/* roff text: a leading dot or quote would be a request, a backslash an
 * escape. */
static void roff(const char *s)
{
	if (*s == '.' || *s == '\'')
		fputs("\\&", stdout);
	for (; *s; s++) {
		if (*s == '\\')
			fputs("\\e", stdout);
		else if (*s == '-')
			fputs("\\-", stdout);
		else
			putchar(*s);
	}
}

static void man(void)
{
	const struct hwpc_schema_rec *r;
	for (size_t i = 0; (r = hwpc_schema_at(i)); i++) {
		printf(".SS \"%s\" (%s)\n", r->type, r->commands);
		roff(r->help);
		putchar('\n');
		for (size_t k = 0; k < r->nkeys; k++) {
			const struct hwpc_schema_key *key = &r->keys[k];
			printf(".TP\n.B %s\n", key->name);
			roff(hwpc_vtype_name(key->type));
			if (key->unit) {
				fputs(", ", stdout);
				roff(key->unit);
			}
			if (key->flags & HWPC_SK_BIG)
				fputs("; JSON adds \\fB", stdout), roff(key->name), fputs("_dec\\fR", stdout);
			if (key->type == HWPC_VT_HEX)
				fputs("; JSON adds \\fB", stdout), roff(key->name), fputs("_hex\\fR", stdout);
			if (metric_name(key->metric))
				printf("; OpenMetrics %s", metric_name(key->metric));
			if (key->flags & HWPC_SK_OPT)
				fputs("; JSON leaves it out where it has no value", stdout);
			fputs(".\n", stdout);
			roff(key->help);
			putchar('\n');
		}
	}
}

static void keys(int json)
{
	const struct hwpc_schema_rec *r;
	for (size_t i = 0; (r = hwpc_schema_at(i)); i++) {
		printf("%s type device chipset", r->type);
		for (size_t k = 0; k < r->nkeys; k++) {
			const struct hwpc_schema_key *key = &r->keys[k];
			const char *opt = json && (key->flags & HWPC_SK_OPT) ? "?" : "";
			printf(" %s%s", key->name, opt);
			if (json && key->type == HWPC_VT_HEX)
				printf(" %s_hex%s", key->name, opt);
			if (json && (key->flags & HWPC_SK_BIG))
				printf(" %s_dec%s", key->name, opt);
		}
		putchar('\n');
	}
}

static void types(void)
{
	static const char *const vt[] = {
		[HWPC_VT_U64] = "u64", [HWPC_VT_I64] = "i64", [HWPC_VT_DOUBLE] = "double",
		[HWPC_VT_STR] = "str", [HWPC_VT_HEX] = "hex", [HWPC_VT_BOOL] = "bool",
	};
	const struct hwpc_schema_rec *r;
	for (size_t i = 0; (r = hwpc_schema_at(i)); i++) {
		printf("%s type=str device=str chipset=str", r->type);
		for (size_t k = 0; k < r->nkeys; k++) {
			const struct hwpc_schema_key *key = &r->keys[k];
			printf(" %s=%s", key->name, vt[key->type]);
			if (key->type == HWPC_VT_HEX)
				printf(" %s_hex=str", key->name);
			if (key->flags & HWPC_SK_BIG)
				printf(" %s_dec=str", key->name);
		}
		putchar('\n');
	}
}

int main(int argc, char **argv)
{
	if (argc == 2 && strcmp(argv[1], "--man") == 0)
		man();
	else if (argc == 2 && strcmp(argv[1], "--keys") == 0)
		keys(1);
	else if (argc == 2 && strcmp(argv[1], "--csv") == 0)
		keys(0);
	else if (argc == 2 && strcmp(argv[1], "--types") == 0)
		types();
	else {
		fprintf(stderr, "usage: schema_dump --man | --keys | --csv | --types\n");
		return 2;
	}
	return ferror(stdout) ? 1 : 0;
}
