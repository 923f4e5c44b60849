/* SPDX-License-Identifier: MIT */
/* Every full register, field, space and parameter name lib/ spells out
 * (extracted into regnames.h by lib/gen_regnames.awk at build time)
 * resolves in the compiled-in regdb on a chipset that has the name's
 * space: a misspelt or removed name fails here, naming the string and its
 * file:line, instead of at run time.
 *
 * Not yet on every such chipset: PCOUNTER's names differ by generation by
 * design (NV10, NV40, G84, GF100 layouts; the code picks by what regdb
 * has), and so do PTIMER.CLOCK_SOURCE and the MMIO fault registers, so the
 * strict check needs each use annotated with the generations its code runs
 * on; until then a name that resolves on none of its space's chipsets is
 * the failure, and the chipset named is the first of them. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "hwpc.h"
#include "regdb_fixture.h"
#include "regnames.h"

/* The space a name is in: its longest dotted prefix that is a space. */
static const struct hwpc_space *space_of(const char *name, const struct hwpc_chipset **only)
{
	const struct hwpc_space *best = NULL;
	size_t best_len = 0;
	for (unsigned i = 0; i < hwpc_regdb_space_count(db); i++) {
		const struct hwpc_space *sp = hwpc_regdb_space(db, i);
		size_t n = strlen(sp->name);
		if (n > best_len && !strncasecmp(name, sp->name, n) && (name[n] == '.' || name[n] == 0 || name[n] == '[') &&
		    (!*only || hwpc_gens_has(&sp->gens, *only))) {
			best = sp;
			best_len = n;
		}
	}
	return best;
}

static bool resolves(const char *name, const struct hwpc_chipset *c)
{
	struct hwpc_regref ref;
	struct hwpc_err err = { 0 };
	/* a parameter, a register reference, or a register by name alone
	 * (an array's, as hwpc_reg_find takes it) */
	if (hwpc_param_find(db, c, name) || !hwpc_regref_parse(db, c, name, &ref, &err) ||
	    hwpc_reg_find(db, c, name, NULL))
		return true;
	for (unsigned i = 0; i < hwpc_regdb_space_count(db); i++) {
		const struct hwpc_space *sp = hwpc_regdb_space(db, i);
		if (!strcasecmp(sp->name, name) && hwpc_gens_has(&sp->gens, c))
			return true;
	}
	return false;
}

/* The chipsets a name must resolve on: those that have its space; for a
 * name in no space (a parameter such as TENSIX.WALL_CLOCK_SOURCE), those
 * with any parameter of its first component. */
static bool applies(const char *name, const struct hwpc_chipset *c)
{
	const struct hwpc_chipset *only = c;
	if (space_of(name, &only))
		return true;
	const struct hwpc_chipset *none = NULL;
	if (space_of(name, &none))
		return false; /* its space exists, not on c */
	size_t k = strcspn(name, ".");
	for (unsigned i = 0; i < hwpc_regdb_param_count(db); i++) {
		const struct hwpc_param *p = hwpc_regdb_param(db, i);
		if (!strncasecmp(p->name, name, k) && p->name[k] == '.' && hwpc_gens_has(&p->gens, c))
			return true;
	}
	return false;
}

/* The names unresolved on every chipset they apply to: one line each, counted. */
static unsigned check(const struct regname *names, size_t n, char *report, size_t len)
{
	unsigned bad = 0, used = 0;
	report[0] = 0;
	for (size_t i = 0; i < n; i++) {
		unsigned tried = 0, found = 0;
		const struct hwpc_chipset *first = NULL;
		for (unsigned k = 0; k < hwpc_regdb_chipset_count(db); k++) {
			const struct hwpc_chipset *c = hwpc_regdb_chipset(db, k);
			if (!applies(names[i].name, c))
				continue;
			if (!tried++)
				first = c;
			found += resolves(names[i].name, c);
		}
		if (tried && !found) {
			bad++;
			if (used < len)
				used += (unsigned)snprintf(report + used, len - used,
							  "\"%s\" (%s) does not resolve on %s (nor on any chipset with its space)\n",
							  names[i].name, names[i].where, first->name);
		}
		if (!tried) {
			bad++;
			if (used < len)
				used += (unsigned)snprintf(report + used, len - used, "\"%s\" (%s): no chipset has it\n",
							  names[i].name, names[i].where);
		}
	}
	return bad;
}

static void test_every_name_resolves(void **state)
{
	(void)state;
	static char report[8192];
	/* the extraction found what lib/ holds, not nothing */
	assert_true(REGNAMES_FOUND >= 100);
	assert_int_equal(REGNAMES_FOUND, sizeof regnames / sizeof regnames[0]);
	unsigned bad = check(regnames, sizeof regnames / sizeof regnames[0], report, sizeof report);
	if (bad) {
		/* line by line: cmocka's message buffer is short */
		for (char *l = strtok(report, "\n"); l; l = strtok(NULL, "\n"))
			print_error("%s\n", l);
		fail_msg("%u names lib/ uses that regdb lacks", bad);
	}
}

/* A misspelt name is caught, and named with its place and chipset. */
static void test_a_misspelt_name_fails(void **state)
{
	(void)state;
	static const struct regname fixture[] = {
		{ "PTIMER.TIME_LOW", "fixture.c:1" },
		{ "PTIMER.TIME_LWO", "fixture.c:2" },
	};
	char report[512];
	assert_int_equal(check(fixture, 2, report, sizeof report), 1);
	assert_non_null(strstr(report, "\"PTIMER.TIME_LWO\" (fixture.c:2) does not resolve on NV1"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_name_resolves),
		cmocka_unit_test(test_a_misspelt_name_fails),
	};
	return cmocka_run_group_tests(tests, regdb_setup, regdb_teardown);
}
