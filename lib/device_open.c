/* SPDX-License-Identifier: MIT */
/* Opening a device from a spec: glue above every family, the one place
 * that knows each backend (dev/backend_pci.c, sim/sim_backend.c); the
 * device layer (dev/) knows none of them. */
#include "dev/backend.h"

#include <stddef.h>

/* Which backend serves a kind of spec. */
static const struct {
	enum hwpc_devspec_kind kind;
	int (*open)(const struct hwpc_devspec *spec, unsigned flags, const struct hwpc_regdb *db,
		    struct hwpc_dev **out, struct hwpc_err *err);
} backends[] = {
	{ HWPC_DEV_INDEX, hwpc_backend_pci_open },
	{ HWPC_DEV_SLOT, hwpc_backend_pci_open },
	{ HWPC_DEV_SIM, hwpc_backend_sim_open },
};

int hwpc_dev_open_spec(const struct hwpc_devspec *spec, unsigned flags, const struct hwpc_regdb *db,
		       struct hwpc_dev **out, struct hwpc_err *err)
{
	*out = NULL;
	int rc = -1;
	for (size_t i = 0; rc < 0 && i < sizeof backends / sizeof backends[0]; i++)
		if (backends[i].kind == spec->kind)
			rc = backends[i].open(spec, flags, db, out, err);
	if (rc < 0)
		return hwpc_err_set(err, HWPC_EINPUT, "no backend for this device spec");
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
