/* SPDX-License-Identifier: MIT */
/* pcsim's command line as a subcommand sees it: parsed by pcsim.c, which
 * walks its table of subcommands and runs one (pcsim_state.c,
 * pcsim_drive.c).  Its own header, not pcsim.c's: the subcommands read it
 * and never call back into the command that dispatches to them. */
#ifndef HWPC_CLI_PCSIM_OPTS_H
#define HWPC_CLI_PCSIM_OPTS_H

#include "common/cli.h"

struct pcsim {
	const char *device;
	const char *cycles, *clock, *domain; /* advance --cycles N --clock CLOCK|--domain DOM */
	bool verbose;
	enum hwpc_format fmt;
	int argc; /* the subcommand's arguments */
	char **argv;
};

#endif
