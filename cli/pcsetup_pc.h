/* SPDX-License-Identifier: MIT */
/* pcsetup on a GPU (pcsetup_pc.c): the PCOUNTER setup and --trigger. */
#ifndef HWPC_CLI_PCSETUP_PC_H
#define HWPC_CLI_PCSETUP_PC_H

#include "pcsetup_opts.h"

/* A PCOUNTER setup of one device (the options, or -f FILE's): domains
 * whose setup is someone else's refused unless --force, the writes planned,
 * explained (--explain), printed (--dry-run) or made and noted for pcread. */
int pcsetup_pc(const struct pcsetup_opts *op, struct hwpc_dev *dev, struct hwpc_out *o);
/* --explain --chip: the setup explained for a chipset, no device. */
int pcsetup_explain_chip(struct pcsetup_opts *op);
/* --trigger: fire PM_TRIGGER (printed with --dry-run or -v; else a
 * pc_trigger record). */
int pcsetup_trigger(const struct pcsetup_opts *op, struct hwpc_dev *dev, struct hwpc_out *o);

#endif
