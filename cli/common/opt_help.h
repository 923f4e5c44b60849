/* SPDX-License-Identifier: MIT */
/* --help, generated from a command's option table. */
#ifndef HWPC_CLI_OPT_HELP_H
#define HWPC_CLI_OPT_HELP_H

#include "opt_table.h"

/* Print cmd's usage, about line, options and footer on fp. */
void cli_help(const struct cli_cmd *cmd, FILE *fp);

#endif
