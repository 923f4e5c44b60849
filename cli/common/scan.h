/* SPDX-License-Identifier: MIT */
/* What pcread --scan and pcsetup --scan share: the seed, progress on a
 * terminal, and the words for a scan that was interrupted. */
#ifndef CLI_SCAN_H
#define CLI_SCAN_H

#include <stdbool.h>
#include <stdint.h>

#include "hwpc.h"

/* Progress on standard error, once a scan has run 2 s, when standard
 * error is a terminal: "PROG: --scan: WHAT 45 %". */
struct cli_progress {
	const char *what;
	uint64_t t0_ns;
	bool tty, shown;
};
void cli_progress_start(struct cli_progress *p, const char *what);
/* A hwpc_pc_scan_how progress callback (ctx: a struct cli_progress). */
void cli_progress(void *ctx, uint64_t done, uint64_t total);
/* Clear the line, if anything was shown. */
void cli_progress_end(struct cli_progress *p);

/* A seed for the sampled instants: 1 to 2^32-1, from the kernel's
 * random numbers (the time where there are none). */
uint64_t cli_scan_seed(void);

#endif
