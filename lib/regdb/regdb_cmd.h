/* SPDX-License-Identifier: MIT */
/* The register database's part the hwpc commands and the library's
 * families use that is not libhwpc's API (nothing here is exported from
 * libhwpc.so; the commands link libhwpc.a). */
#ifndef HWPC_REGDB_CMD_H
#define HWPC_REGDB_CMD_H

#include "hwpc/regdb.h"

/* Identify a chipset from PMC.BOOT_0 (dead BAR, unknown id: errors). */
int hwpc_chipset_identify(const struct hwpc_regdb *db, uint32_t boot0, const struct hwpc_chipset **out,
			  struct hwpc_err *err);
/* A BOOT_0 value that identifies as chip (for the simulator); false if the
 * chipset has no BOOT_0 encoding. */
bool hwpc_chipset_boot0(const struct hwpc_regdb *db, const struct hwpc_chipset *chip, uint32_t *out);
/* Whether regdb lists the PCI vendor id (NVIDIA's) as one whose devices
 * the library drives. */
bool hwpc_vendor_known(const struct hwpc_regdb *db, uint16_t vendor);
/* Field f's value named text on chip (case-insensitive), or HWPC_EINPUT
 * "F has no value named 'TEXT' on CHIP" with the nearest name, or the
 * names when there are few. */
int hwpc_enum_value(const struct hwpc_field *f, const struct hwpc_chipset *chip, const char *text, uint64_t *out,
		    struct hwpc_err *err);

#endif
