/* SPDX-License-Identifier: MIT */
/* The database every command starts from: the tables compiled into
 * libhwpc at build time (regdb-compile), or HWPC_REGDB=DIR parsed now. */
#include "core/err_local.h"
#include "regdb/regdb_tables.h"

#include <stdlib.h>

int hwpc_regdb_load(struct hwpc_regdb **out, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	const char *dir = getenv("HWPC_REGDB");
	if (dir && *dir)
		return hwpc_regdb_load_dir(dir, out, err);
	return regdb_open_tables(&hwpc_regdb_builtin, NULL, out, err);
}
