/* SPDX-License-Identifier: MIT */
/* Opening a device from a spec: the table of backends. */
#include "core/backend.h"
#include "hwpc/core.h"

#include <stddef.h>

int hwpc_dev_open_spec(const struct hwpc_devspec *spec, unsigned flags, const struct hwpc_regdb *db,
		       struct hwpc_dev **out, struct hwpc_err *err)
{
	*out = NULL;
	int rc = spec->kind == HWPC_DEV_SIM ? hwpc_backend_sim_open(spec, flags, db, out, err)
					    : hwpc_backend_pci_open(spec, flags, db, out, err);
	/* The chip's registers, once: every lookup of this device uses them. */
	if (!rc && (*out)->chip && hwpc_regview_new(db, (*out)->chip, &(*out)->regs, err)) {
		hwpc_dev_close(*out);
		*out = NULL;
		return err->status;
	}
	return rc;
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
