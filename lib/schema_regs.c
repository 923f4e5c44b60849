/* SPDX-License-Identifier: MIT */
/* The record kinds of register access (pcread --reg/--watch/--snapshot,
 * pcread --diff) and of the MIPS R10000 counters (pcread and pcsetup on an
 * R10000) (hwpc-output(7)). */
#include "schema_internal.h"

const struct hwpc_schema_rec schema_regs[] = {
	{ 0 },
};
