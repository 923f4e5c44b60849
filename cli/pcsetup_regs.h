/* SPDX-License-Identifier: MIT */
/* pcsetup --reg without -D (pcsetup_regs.c). */
#ifndef HWPC_CLI_PCSETUP_REGS_H
#define HWPC_CLI_PCSETUP_REGS_H

#include "common/cli.h"

/* NAME|ADDR=VALUE[:MASK]... written to any register of any device,
 * checked against regdb, each read back; flags are HWPC_REGWRITE_*.
 * Exit 1 when a write did not stick. */
int pcsetup_regs(struct hwpc_dev *dev, const char *const *assigns, unsigned n, bool dry_run, unsigned flags,
		 struct hwpc_out *o);

#endif
