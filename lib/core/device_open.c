/* SPDX-License-Identifier: MIT */
/* Opening a device from a spec: the table of backends. */
#include "core/backend.h"
#include "hwpc/core.h"

#include <stddef.h>

int hwpc_dev_open_spec(const struct hwpc_devspec *spec, unsigned flags, const struct hwpc_regdb *db,
		       struct hwpc_dev **out, struct hwpc_err *err)
{
	*out = NULL;
	if (spec->kind == HWPC_DEV_SIM)
		return hwpc_backend_sim_open(spec, flags, db, out, err);
	return hwpc_backend_pci_open(spec, flags, db, out, err);
}

int hwpc_dev_open(const char *spec, unsigned flags, const struct hwpc_regdb *db, struct hwpc_dev **out,
		  struct hwpc_err *err)
{
	struct hwpc_devspec ds;
	*out = NULL;
	int rc = hwpc_devspec_parse(spec, &ds, err);
	if (rc)
		return rc;
	return hwpc_dev_open_spec(&ds, flags, db, out, err);
}
