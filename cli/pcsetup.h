/* SPDX-License-Identifier: MIT */
/* What pcsetup's files share: the R10000/R12000 path (pcsetup_r10k.c),
 * taken once the device turned out to be a MIPS CPU rather than a GPU. */
#ifndef HWPC_CLI_PCSETUP_H
#define HWPC_CLI_PCSETUP_H

#include "common/cli.h"

struct cli_r10k_setup {
	int counter;        /* -1: the event's own counter */
	const char *event;  /* --event NAME|NUM */
	const char *modes;  /* --modes (default user) */
	const char *threshold;
	bool ie, dry_run, verbose;
};
/* pcsetup on an R10000/R12000: plan, print (--dry-run) or write and record. */
int cli_r10k_setup(struct hwpc_dev *dev, const struct hwpc_r10k_cpu *cpu, const struct cli_r10k_setup *a,
		   struct hwpc_out *o);

/* pcsetup --reg NAME|ADDR=VALUE[:MASK]... without -D: writes to any
 * register of any device, checked against regdb, each read back
 * (pcsetup_regs.c).  Exit 1 when a write did not stick. */
int pcsetup_regs(struct hwpc_dev *dev, const char *const *assigns, unsigned n, bool dry_run, bool force,
		 struct hwpc_out *o);

#endif
