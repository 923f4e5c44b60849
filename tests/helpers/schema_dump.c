/* SPDX-License-Identifier: MIT */
/* Print the output schema (hwpc/schema.h) for the tests and the manual:
 *   schema_dump --man    the record kinds as roff, the generated part of
 *                        hwpc-output(7)
 *   schema_dump --keys   one line per kind: "TYPE KEY..." with every key a
 *                        JSON record of that kind has, companions included
 *   schema_dump --csv    one line per kind: "TYPE KEY..." as CSV columns */
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
			printf(" %s", key->name);
			if (json && key->type == HWPC_VT_HEX)
				printf(" %s_hex", key->name);
			if (json && (key->flags & HWPC_SK_BIG))
				printf(" %s_dec", key->name);
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
	else {
		fprintf(stderr, "usage: schema_dump --man | --keys | --csv\n");
		return 2;
	}
	return ferror(stdout) ? 1 : 0;
}
