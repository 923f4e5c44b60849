/* SPDX-License-Identifier: MIT */
/* pcsetup's command line, as pcsetup.c parses it and hands it to the
 * setup of each device (pcsetup_pc.c, pcsetup_scan.c, pcsetup_r10k.c).
 * Its own header, not pcsetup.c's: the parts read the options and never
 * call back into the command that dispatches to them. */
#ifndef HWPC_CLI_PCSETUP_OPTS_H
#define HWPC_CLI_PCSETUP_OPTS_H

#include "common/cli.h"
#include "common/devices.h"
#include "pcsetup_r10k.h"

#define MAX_SETUP_OPTS 64

struct pcsetup_opts {
	const char *devices[CLI_MAX_DEVICE_ARGS];
	unsigned ndevices;
	const char *domain, *profile, *file, *set;
	const char *chip;         /* --chip: --explain for a chipset, no device */
	const char *explain_head; /* --explain text: the line naming the device */
	bool dry_run, explain, force, no_verify, verbose, any_setup;
	bool trigger; /* --trigger: fire PM_TRIGGER after the setup, if any */
	uint64_t scan_ns; /* --scan DURATION: count every signal (0: not asked) */
	enum hwpc_format fmt;
	struct hwpc_pc_setup setup;
	/* Setup options as given: what they mean depends on the device. */
	struct {
		const char *name, *value;
	} sopt[MAX_SETUP_OPTS];
	unsigned nsopt;
	const char *r10k_opt; /* the first R10000/R12000-only option given */
	struct cli_r10k_setup r10k;
};

#endif
