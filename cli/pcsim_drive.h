/* SPDX-License-Identifier: MIT */
/* pcsim's subcommands that drive the simulated hardware (pcsim_drive.c),
 * each on the opened simulated device, reporting to o. */
#ifndef HWPC_CLI_PCSIM_DRIVE_H
#define HWPC_CLI_PCSIM_DRIVE_H

#include "pcsim_opts.h"

int pcsim_signal(struct pcsim *c, struct hwpc_dev *dev, struct hwpc_out *o);
int pcsim_trace(struct pcsim *c, struct hwpc_dev *dev, struct hwpc_out *o);
int pcsim_pulse(struct pcsim *c, struct hwpc_dev *dev, struct hwpc_out *o);
int pcsim_rate(struct pcsim *c, struct hwpc_dev *dev, struct hwpc_out *o);
int pcsim_cpu_mode(struct pcsim *c, struct hwpc_dev *dev, struct hwpc_out *o);
int pcsim_ts(struct pcsim *c, struct hwpc_dev *dev, struct hwpc_out *o);
int pcsim_script(struct pcsim *c, struct hwpc_dev *dev, struct hwpc_out *o);

#endif
