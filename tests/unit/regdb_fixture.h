/* SPDX-License-Identifier: MIT */
/* The compiled-in register database for a cmocka group: setup loads it
 * (ignoring HWPC_REGDB), teardown frees it. */
#ifndef HWPC_TEST_REGDB_FIXTURE_H
#define HWPC_TEST_REGDB_FIXTURE_H

#include <stdlib.h>

#include "hwpc.h"

static struct hwpc_regdb *db;

static int regdb_setup(void **state)
{
	(void)state;
	struct hwpc_err err;
	unsetenv("HWPC_REGDB");
	return hwpc_regdb_load(&db, &err);
}

static int regdb_teardown(void **state)
{
	(void)state;
	hwpc_regdb_free(db);
	return 0;
}

#endif
