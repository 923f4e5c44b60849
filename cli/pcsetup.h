/* SPDX-License-Identifier: MIT */
/* What pcsetup's files share: the options, the PCOUNTER setup
 * (pcsetup_pc.c), the R10000/R12000 path (pcsetup_r10k.c), taken once the
 * device turned out to be a MIPS CPU rather than a GPU, and raw register
 * writes (pcsetup_regs.c). */
#ifndef HWPC_CLI_PCSETUP_H
#define HWPC_CLI_PCSETUP_H

#include "common/cli.h"
#include "common/devices.h"

struct cli_r10k_setup {
	int counter;        /* -1: the event's own counter */
	const char *event;  /* --event NAME|NUM */
	const char *modes;  /* --modes (default user) */
	const char *threshold;
	bool ie, dry_run, verbose;
};

/* The command line. */
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

/* A PCOUNTER setup of one device (the options, or -f FILE's): domains
 * whose setup is someone else's refused unless --force, the writes planned,
 * explained (--explain), printed (--dry-run) or made and noted for pcread. */
int pcsetup_pc(const struct pcsetup_opts *op, struct hwpc_dev *dev, struct hwpc_out *o);
/* --explain --chip: the setup explained for a chipset, no device. */
int pcsetup_explain_chip(struct pcsetup_opts *op);
/* --trigger: fire PM_TRIGGER (printed with --dry-run or -v; else a
 * pc_trigger record). */
int pcsetup_trigger(const struct pcsetup_opts *op, struct hwpc_dev *dev, struct hwpc_out *o);

/* pcsetup on an R10000/R12000: plan, print (--dry-run) or write and record. */
int cli_r10k_setup(struct hwpc_dev *dev, const struct hwpc_r10k_cpu *cpu, const struct cli_r10k_setup *a,
		   struct hwpc_out *o);

/* pcsetup --scan: every signal of the domains counted, exact, and the
 * setup put back (pcsetup_scan.c). */
int pcsetup_scan(const struct pcsetup_opts *op, struct hwpc_dev *dev, struct hwpc_out *o);

/* pcsetup --reg NAME|ADDR=VALUE[:MASK]... without -D: writes to any
 * register of any device, checked against regdb, each read back
 * (pcsetup_regs.c); flags are HWPC_REGWRITE_*.  Exit 1 when a write did
 * not stick. */
int pcsetup_regs(struct hwpc_dev *dev, const char *const *assigns, unsigned n, bool dry_run, unsigned flags,
		 struct hwpc_out *o);

#endif
