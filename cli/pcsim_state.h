/* SPDX-License-Identifier: MIT */
/* pcsim's subcommands on the simulated GPU as a whole (pcsim_state.c). */
#ifndef HWPC_CLI_PCSIM_STATE_H
#define HWPC_CLI_PCSIM_STATE_H

#include "pcsim_opts.h"

/* Without a device. */
int pcsim_create(struct pcsim *c);
int pcsim_reset(struct pcsim *c);
int pcsim_list(struct pcsim *c);

/* On the opened simulated device, reporting to o. */
int pcsim_advance(struct pcsim *c, struct hwpc_dev *dev, struct hwpc_out *o);
int pcsim_time(struct pcsim *c, struct hwpc_dev *dev, struct hwpc_out *o);
int pcsim_show(struct pcsim *c, struct hwpc_dev *dev, struct hwpc_out *o);
int pcsim_reg(struct pcsim *c, struct hwpc_dev *dev, struct hwpc_out *o);
int pcsim_dump(struct pcsim *c, struct hwpc_dev *dev, struct hwpc_out *o);

#endif
