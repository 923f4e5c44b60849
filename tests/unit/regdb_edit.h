/* SPDX-License-Identifier: MIT */
/* Test helper (header-only): the compiled-in register database with one
 * edit to one of its files, parsed: the first occurrence of from in file
 * replaced by to.  The test fails when the file or the text is not there,
 * so an edit that no longer applies cannot pass unnoticed. */
#ifndef HWPC_TEST_REGDB_EDIT_H
#define HWPC_TEST_REGDB_EDIT_H

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "hwpc.h"
#include "regdb/regdb_embedded.h"

static struct hwpc_regdb *regdb_edited(const char *file, const char *from, const char *to)
{
	static struct hwpc_regdb_text files[64];
	static char text[65536];
	unsigned n = hwpc_regdb_embedded_count;
	bool done = false;
	assert_true(n <= 64);
	for (unsigned i = 0; i < n; i++) {
		files[i] = hwpc_regdb_embedded[i];
		if (strcmp(files[i].name, file))
			continue;
		const char *t = files[i].text, *at = strstr(t, from);
		if (!at)
			fail_msg("%s has no '%s'", file, from);
		assert_true(strlen(t) + strlen(to) < sizeof text);
		snprintf(text, sizeof text, "%.*s%s%s", (int)(at - t), t, to, at + strlen(from));
		files[i].text = text;
		done = true;
	}
	if (!done)
		fail_msg("the compiled-in regdb has no %s", file);
	struct hwpc_regdb *e = NULL;
	struct hwpc_err err = { 0 };
	if (hwpc_regdb_parse(files, n, &e, &err))
		fail_msg("edited regdb: %s", err.msg);
	return e;
}

#endif
