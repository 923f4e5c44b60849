/* SPDX-License-Identifier: MIT */
/* Every full register, field, space and parameter name lib/ spells out
 * (extracted into regnames.h by lib/regdb/gen_regnames.awk at build time)
 * resolves in the compiled-in regdb on every chipset that use of it is
 * for: a misspelt or removed name, or one missing on a generation its code
 * runs on, fails here, naming the string, its file:line and the chipset,
 * instead of at run time.
 *
 * Which chipsets a use is for: by default every chipset that has the
 * name's space (for a name in no space, such as TENSIX.WALL_CLOCK_SOURCE,
 * every chipset with a parameter of its first component), so a name added
 * later is covered without anyone declaring it. Names that differ by
 * generation on purpose (the NV10, NV40, G84 and GF100 PCOUNTER layouts,
 * PTIMER.CLOCK_SOURCE and the MMIO fault registers on NV41-, ...) are
 * declared in their file, next to the code that picks by what regdb has,
 * in a comment line the generator reads, in regdb's range syntax:
 *
 *   regdb-names: PTIMER.CLOCK_SOURCE NV41-     these names, this file
 *   regdb-names: G84:GF100                     the file's other names
 *
 * (each inside its own comment; see lib/regdb/gen_regnames.awk). A declared range narrows the default set (it is
 * intersected with the chipsets that have the name's space, so "G84-" on a
 * PCOUNTER name stops where that layout stops); it may not empty it, nor be
 * malformed. Declaring by file and name rather than by optional-or-required
 * lookup keeps the check exact: an optional name (the code tests for NULL
 * and carries on) still has generations on which its absence is a defect.
 * The generator rejects a declaration of a name its file does not use. */
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

/* (name, chipset) pairs the real check covers at least: each use times
 * the chipsets it is for (7,161 when written). */
#define MIN_PAIRS 7000

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

/* One use checked: the chipsets it is for, and those it fails on. */
struct outcome {
	struct hwpc_gens want, bad;
	unsigned nwant, nbad;
	const struct hwpc_chipset *first_bad;
};

/* The chipsets a use is for: those its name applies to, narrowed by its
 * declared range. Nonzero, with a line in report, if the range is bad. */
static int want_of(const struct regname *u, struct outcome *o, char *report, size_t len)
{
	struct hwpc_gens decl;
	struct hwpc_err err = { 0 };
	memset(o, 0, sizeof *o);
	if (u->gens && hwpc_gens_parse(db, u->gens, &decl, &err)) {
		snprintf(report, len, "\"%s\" (%s): regdb-names range '%s' (%s): %s\n", u->name, u->where, u->gens,
			 u->gens_where, err.msg);
		return -1;
	}
	for (unsigned k = 0; k < hwpc_regdb_chipset_count(db); k++) {
		const struct hwpc_chipset *c = hwpc_regdb_chipset(db, k);
		if (!applies(u->name, c) || (u->gens && !hwpc_gens_has(&decl, c)))
			continue;
		o->want.bits[k / 64] |= UINT64_C(1) << (k % 64);
		o->nwant++;
		if (!resolves(u->name, c)) {
			o->bad.bits[k / 64] |= UINT64_C(1) << (k % 64);
			if (!o->nbad++)
				o->first_bad = c;
		}
	}
	if (!o->nwant) {
		if (u->gens)
			snprintf(report, len, "\"%s\" (%s): regdb-names range '%s' (%s) leaves no chipset with its space\n",
				 u->name, u->where, u->gens, u->gens_where);
		else
			snprintf(report, len, "\"%s\" (%s): no chipset has it\n", u->name, u->where);
		return -1;
	}
	return 0;
}

/* The uses that fail: one line each, counted; *pairs gets the number of
 * (name, chipset) pairs checked. */
static unsigned check(const struct regname *names, size_t n, char *report, size_t len, unsigned *pairs)
{
	unsigned bad = 0;
	size_t used = 0;
	report[0] = 0;
	*pairs = 0;
	for (size_t i = 0; i < n; i++) {
		struct outcome o;
		char line[512], fails[256], of[256];
		line[0] = 0;
		if (!want_of(&names[i], &o, line, sizeof line)) {
			*pairs += o.nwant;
			if (o.nbad) {
				hwpc_gens_format(db, &o.bad, fails, sizeof fails);
				hwpc_gens_format(db, &o.want, of, sizeof of);
				snprintf(line, sizeof line,
					 "\"%s\" (%s) does not resolve on %s (fails on %s of %s, %s%s)\n",
					 names[i].name, names[i].where, o.first_bad->name, fails, of,
					 names[i].gens ? "declared at " : "every chipset with its space",
					 names[i].gens ? names[i].gens_where : "");
			}
		}
		if (line[0]) {
			bad++;
			if (used < len)
				used += (size_t)snprintf(report + used, len - used, "%s", line);
		}
	}
	return bad;
}

static void test_every_name_resolves(void **state)
{
	(void)state;
	static char report[16384];
	unsigned pairs;
	/* the extraction found what lib/ holds, not nothing */
	assert_true(REGNAMES_FOUND >= 150);
	assert_int_equal(REGNAMES_FOUND, sizeof regnames / sizeof regnames[0]);
	unsigned bad = check(regnames, sizeof regnames / sizeof regnames[0], report, sizeof report, &pairs);
	if (bad) {
		/* line by line: cmocka's message buffer is short */
		for (char *l = strtok(report, "\n"); l; l = strtok(NULL, "\n"))
			print_error("%s\n", l);
		fail_msg("%u uses of names in lib/ that regdb lacks on a chipset they are for", bad);
	}
	/* each use checked on its chipsets, not on one: */
	assert_true(pairs >= MIN_PAIRS);
}

/* A misspelt name is caught, and named with its place and chipset. */
static void test_a_misspelt_name_fails(void **state)
{
	(void)state;
	static const struct regname fixture[] = {
		{ "PTIMER.TIME_LOW", "fixture.c:1", NULL, NULL },
		{ "PTIMER.TIME_LWO", "fixture.c:2", NULL, NULL },
		{ "PTIMER.CLOCK_SOURSE", "fixture.c:3", "NV41-", "fixture.c:9" },
	};
	char report[1024];
	unsigned pairs;
	assert_int_equal(check(fixture, 3, report, sizeof report, &pairs), 2);
	assert_non_null(strstr(report, "\"PTIMER.TIME_LWO\" (fixture.c:2) does not resolve on NV1"));
	assert_non_null(strstr(report, "\"PTIMER.CLOCK_SOURSE\" (fixture.c:3) does not resolve on NV41 "));
	assert_non_null(strstr(report, "declared at fixture.c:9"));
}

/* A name that exists on only some generations fails on the first chipset
 * it is for and lacks: undeclared, or declared too wide. */
static void test_a_generation_specific_name_is_checked_on_each_chipset(void **state)
{
	(void)state;
	static const struct regname fixture[] = {
		{ "PTIMER.CLOCK_SOURCE", "fixture.c:1", "NV41-", "fixture.c:9" },
		{ "PTIMER.CLOCK_SOURCE", "fixture.c:2", NULL, NULL },
		{ "PTIMER.CLOCK_SOURCE", "fixture.c:3", "NV40-", "fixture.c:8" },
	};
	char report[1024];
	unsigned pairs, pairs_ok;
	assert_int_equal(check(fixture, 1, report, sizeof report, &pairs_ok), 0);
	assert_true(pairs_ok >= 50);
	assert_int_equal(check(fixture, 3, report, sizeof report, &pairs), 2);
	assert_non_null(strstr(report, "\"PTIMER.CLOCK_SOURCE\" (fixture.c:2) does not resolve on NV1 (fails on NV1:NV41 of NV1-"));
	assert_non_null(strstr(report, "\"PTIMER.CLOCK_SOURCE\" (fixture.c:3) does not resolve on NV40 (fails on NV40:NV41 of NV40-"));
	/* the declared use counts its own chipsets, the others theirs */
	assert_true(pairs > 2 * pairs_ok);
}

/* A declared range that is malformed, or that leaves no chipset with the
 * name's space, is a failure, not a name checked nowhere. */
static void test_a_bad_declared_range_fails(void **state)
{
	(void)state;
	static const struct regname fixture[] = {
		{ "PTIMER.TIME_LOW", "fixture.c:1", "NV41-NV50", "fixture.c:9" },
		{ "PTIMER.TIME_LOW", "fixture.c:2", "R10000-", "fixture.c:8" },
	};
	char report[1024];
	unsigned pairs;
	assert_int_equal(check(fixture, 2, report, sizeof report, &pairs), 2);
	assert_non_null(strstr(report, "\"PTIMER.TIME_LOW\" (fixture.c:1): regdb-names range 'NV41-NV50' (fixture.c:9): "));
	assert_non_null(strstr(report, "\"PTIMER.TIME_LOW\" (fixture.c:2): regdb-names range 'R10000-' (fixture.c:8) leaves no chipset with its space"));
	assert_int_equal(pairs, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_name_resolves),
		cmocka_unit_test(test_a_misspelt_name_fails),
		cmocka_unit_test(test_a_generation_specific_name_is_checked_on_each_chipset),
		cmocka_unit_test(test_a_bad_declared_range_fails),
	};
	return cmocka_run_group_tests(tests, regdb_setup, regdb_teardown);
}
