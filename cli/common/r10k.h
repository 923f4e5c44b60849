/* The R10000/R12000 paths of pcsetup and pcread (see the R10000/R12000
 * sections of pcsetup(1) and pcread(1)): what the commands do once the
 * device turned out to be a MIPS CPU rather than a GPU. */
#ifndef HWPC_CLI_R10K_H
#define HWPC_CLI_R10K_H

#include "cli.h"

#include <stdio.h>

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

struct cli_r10k_read {
	const char *events; /* --events LIST: multiplex */
	const char *modes;  /* their counting modes (default user) */
	bool have_interval, have_count, strict, verbose;
	uint64_t interval_ns, count;
	enum hwpc_format fmt;
};
/* pcread on an R10000/R12000: current values, -i sampling or --events. */
int cli_r10k_read(struct hwpc_dev *dev, FILE *out, const struct cli_r10k_read *a);
/* pcread --decode CPU[:COUNTER]:WORD, without a device. */
int cli_r10k_decode(const char *arg, FILE *out, enum hwpc_format fmt);

#endif
