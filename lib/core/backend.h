/* SPDX-License-Identifier: MIT */
/* The backends behind hwpc_dev_open (see hwpc/device.h). */
#ifndef HWPC_BACKEND_H
#define HWPC_BACKEND_H

#include "hwpc/core.h"

int hwpc_backend_pci_open(const struct hwpc_devspec *spec, unsigned flags, const struct hwpc_regdb *db,
			  struct hwpc_dev **out, struct hwpc_err *err);
int hwpc_backend_sim_open(const struct hwpc_devspec *spec, unsigned flags, const struct hwpc_regdb *db,
			  struct hwpc_dev **out, struct hwpc_err *err);

#endif
