/* SPDX-License-Identifier: MIT */
/* The PCOUNTER layout of an open device: a device with a profile of its own
 * (a simulated chip, chosen at pcsim reset) uses it, real hardware takes
 * the one asked for. */
#include "core/err_local.h"
#include "dev/backend.h"
#include "hwpc/pc.h"

#include <stdio.h>
#include <strings.h>

int hwpc_pc_layout_dev(struct hwpc_dev *dev, const char *profile, struct hwpc_pc_layout *l,
		       struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	char own[32];
	if (!hwpc_dev_chip(dev))
		return hwpc_err_set(err, HWPC_EINPUT, "the device's chipset is unknown: no PCOUNTER layout");
	if (hwpc_dev_setting(dev, "profile", own, sizeof own, err))
		return err->status;
	if (*own) {
		if (profile && strcasecmp(profile, own))
			return hwpc_err_set(err, HWPC_EINPUT,
					    "--profile %s: the simulated %s uses profile %s (choose it at creation: "
					    "pcsim reset sim:CHIP,profile=NAME)",
					    profile, hwpc_dev_chip(dev)->name, own);
		profile = own;
	}
	return hwpc_pc_layout_load(hwpc_dev_regdb(dev), hwpc_dev_chip(dev), profile, l, err);
}
