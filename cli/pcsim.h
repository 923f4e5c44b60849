/* SPDX-License-Identifier: MIT */
/* What pcsim's files share: the parsed command line a subcommand sees, and
 * the subcommands (pcsim_state.c, pcsim_drive.c). */
#ifndef HWPC_CLI_PCSIM_H
#define HWPC_CLI_PCSIM_H

#include "common/cli.h"

struct pcsim {
	const char *device;
	const char *cycles, *clock, *domain; /* advance --cycles N --clock CLOCK|--domain DOM */
	bool verbose;
	enum hwpc_format fmt;
	int argc; /* the subcommand's arguments */
	char **argv;
};

/* Without a device (pcsim_state.c). */
int pcsim_create(struct pcsim *c);
int pcsim_reset(struct pcsim *c);
int pcsim_list(struct pcsim *c);

/* On the opened simulated device, reporting to o (pcsim_state.c). */
int pcsim_advance(struct pcsim *c, struct hwpc_dev *dev, struct hwpc_out *o);
int pcsim_time(struct pcsim *c, struct hwpc_dev *dev, struct hwpc_out *o);
int pcsim_show(struct pcsim *c, struct hwpc_dev *dev, struct hwpc_out *o);
int pcsim_reg(struct pcsim *c, struct hwpc_dev *dev, struct hwpc_out *o);
int pcsim_dump(struct pcsim *c, struct hwpc_dev *dev, struct hwpc_out *o);

/* Driving the hardware (pcsim_drive.c). */
int pcsim_signal(struct pcsim *c, struct hwpc_dev *dev, struct hwpc_out *o);
int pcsim_trace(struct pcsim *c, struct hwpc_dev *dev, struct hwpc_out *o);
int pcsim_pulse(struct pcsim *c, struct hwpc_dev *dev, struct hwpc_out *o);
int pcsim_rate(struct pcsim *c, struct hwpc_dev *dev, struct hwpc_out *o);
int pcsim_cpu_mode(struct pcsim *c, struct hwpc_dev *dev, struct hwpc_out *o);
int pcsim_ts(struct pcsim *c, struct hwpc_dev *dev, struct hwpc_out *o);
int pcsim_script(struct pcsim *c, struct hwpc_dev *dev, struct hwpc_out *o);

#endif
