/* SPDX-License-Identifier: MIT */
/* Lists in messages are cut between items, and say how many were left
 * out (issue 28: "... 22=part5.0, 23=part5.)"). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "core/textlist.h"

static void test_all_fit(void **state)
{
	char buf[64];
	struct hwpc_textlist l;
	hwpc_textlist_init(&l, buf, sizeof buf);
	hwpc_textlist_add(&l, ", ", "0=host");
	hwpc_textlist_add(&l, ", ", "1=core");
	assert_string_equal(hwpc_textlist_end(&l), "0=host, 1=core");
}

static void test_cut_between_items(void **state)
{
	char buf[64], item[16];
	struct hwpc_textlist l;
	hwpc_textlist_init(&l, buf, sizeof buf);
	for (int i = 0; i < 20; i++) {
		snprintf(item, sizeof item, "%d=part%d.0", i, i);
		hwpc_textlist_add(&l, ", ", item);
	}
	const char *s = hwpc_textlist_end(&l);
	assert_true(strlen(s) < sizeof buf);
	/* whole items, then the count of the rest */
	assert_string_equal(s, "0=part0.0, 1=part1.0, 2=part2.0, ... and 17 more");
}

static void test_none_fits(void **state)
{
	char buf[32];
	struct hwpc_textlist l;
	hwpc_textlist_init(&l, buf, sizeof buf);
	hwpc_textlist_add(&l, ", ", "a name far too long to fit in the list");
	assert_string_equal(hwpc_textlist_end(&l), "... and 1 more");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_all_fit),
		cmocka_unit_test(test_cut_between_items),
		cmocka_unit_test(test_none_fits),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
