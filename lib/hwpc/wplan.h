/* SPDX-License-Identifier: MIT */
/* A write plan: the register writes a command is about to make, in order.
 * --dry-run prints the plan (register, address, old -> new, decoded
 * fields) and touches nothing; otherwise every write is checked first and
 * only then applied, so a refused write never leaves a half-done setup. */
#ifndef HWPC_WPLAN_H
#define HWPC_WPLAN_H

#include "hwpc/api.h"

#include <stddef.h>
#include <stdint.h>

#include "hwpc/device.h"
#include "hwpc/output.h"

#ifdef __cplusplus
extern "C" {
#endif

struct hwpc_write {
	uint32_t addr;
	uint32_t value;
	uint32_t old;     /* value read when planned (for display) */
	int old_valid;    /* 0 when the register is write-only */
	char name[96];    /* "PTIMER.CLOCK_DIV" or "0x009200" */
	char why[96];     /* optional note ("clears ALARM") */
};

struct hwpc_wplan {
	struct hwpc_dev *dev;
	size_t n, cap;
	struct hwpc_write *w;
};

HWPC_API void hwpc_wplan_init(struct hwpc_wplan *p, struct hwpc_dev *dev);
HWPC_API void hwpc_wplan_free(struct hwpc_wplan *p);
/* Plan a write of a register named as in regdb ("PTIMER.ALARM"). */
HWPC_API int hwpc_wplan_reg(struct hwpc_wplan *p, const char *name, uint32_t value, const char *why,
		   struct hwpc_err *err);
/* Plan a write at an address (named from regdb when known). */
HWPC_API int hwpc_wplan_addr(struct hwpc_wplan *p, uint32_t addr, uint32_t value, const char *why,
		    struct hwpc_err *err);
/* Check every write (hwpc_wr32_allowed), then do them in order. */
HWPC_API int hwpc_wplan_apply(struct hwpc_wplan *p, struct hwpc_err *err);
/* One planned_write record per write (hwpc-output(7)): reg, addr, old, new,
 * unchanged, fields, note. */
HWPC_API int hwpc_wplan_print(const struct hwpc_wplan *p, struct hwpc_out *o, struct hwpc_err *err);

#ifdef __cplusplus
}
#endif
#endif
