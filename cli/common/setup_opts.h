/* SPDX-License-Identifier: MIT */
/* The library's PCOUNTER setup options (hwpc_pc_setup_option_names) as
 * command-line options, with their --help words: pcsetup takes them, and
 * pcread -- CMD, which sets the domains up before it counts. */
#ifndef HWPC_CLI_SETUP_OPTS_H
#define HWPC_CLI_SETUP_OPTS_H

#include "opt.h"

/* Append an option per setup option (but those named in skip, a
 * NULL-terminated list or NULL) to table at *n, while *n < max; each calls
 * call with its long name and value. */
void cli_setup_opts(struct cli_opt *table, size_t *n, size_t max, cli_opt_fn call, const char *const *skip);

#endif
