/* SPDX-License-Identifier: MIT */
/* How output names a device (hwpc_dev_name in hwpc/device.h). */
#include "hwpc/core.h"

#include <stdio.h>
#include <string.h>

int hwpc_dev_name(const struct hwpc_devspec *spec, struct hwpc_dev *dev, bool with_state, char *buf, size_t len,
		  struct hwpc_err *err)
{
	if (spec->kind != HWPC_DEV_SIM)
		return hwpc_dev_key(dev, buf, len, err); /* the PCI slot */
	size_t n = (size_t)snprintf(buf, len, "sim:%s", spec->chip);
	for (unsigned i = 0; i < spec->nopts && n < len; i++) {
		if (!with_state && strcmp(spec->keys[i], "state") == 0)
			continue;
		n += (size_t)snprintf(buf + n, len - n, ",%s=%s", spec->keys[i], spec->values[i]);
	}
	if (n >= len)
		return hwpc_err_set(err, HWPC_EINPUT, "device name longer than %zu bytes", len - 1);
	return 0;
}
