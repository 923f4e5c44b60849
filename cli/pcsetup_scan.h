/* SPDX-License-Identifier: MIT */
/* pcsetup --scan (pcsetup_scan.c). */
#ifndef HWPC_CLI_PCSETUP_SCAN_H
#define HWPC_CLI_PCSETUP_SCAN_H

#include "pcsetup_opts.h"

/* Every signal of the domains counted, exact, and the setup put back. */
int pcsetup_scan(const struct pcsetup_opts *op, struct hwpc_dev *dev, struct hwpc_out *o);

#endif
