/* SPDX-License-Identifier: MIT */
/* pcsetup on an R10000/R12000 (pcsetup_r10k.c), taken once the device
 * turned out to be a MIPS CPU rather than a GPU. */
#ifndef HWPC_CLI_PCSETUP_R10K_H
#define HWPC_CLI_PCSETUP_R10K_H

#include "common/cli.h"

/* What the command line asks of the CPU's counter. */
struct cli_r10k_setup {
	int counter;        /* -1: the event's own counter */
	const char *event;  /* --event NAME|NUM */
	const char *modes;  /* --modes (default user) */
	const char *threshold;
	bool ie, dry_run, verbose;
};

/* Plan, print (--dry-run) or write and record for pcread. */
int cli_r10k_setup(struct hwpc_dev *dev, const struct hwpc_r10k_cpu *cpu, const struct cli_r10k_setup *a,
		   struct hwpc_out *o);

#endif
