/* PCOUNTER knowledge shared by pcsetup and pcread: what the logic ops of a
 * chipset can do (from regdb), ... */
#ifndef HWPC_PCOUNTER_H
#define HWPC_PCOUNTER_H

#include "hwpc/logicop.h"
#include "hwpc/regdb.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Fill logic-op capabilities for the registers of one domain set (space
 * "PCOUNTER", "PCOUNTER.HUB", ...) on chip: bit positions from the OP and
 * SRC fields, features from which fields and registers exist. */
int hwpc_pc_lop_caps(const struct hwpc_regdb *db, const struct hwpc_chipset *chip, const char *space,
		     unsigned nsignals, struct hwpc_lop_caps *caps, struct hwpc_err *err);

#ifdef __cplusplus
}
#endif
#endif
