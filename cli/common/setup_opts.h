/* SPDX-License-Identifier: MIT */
/* The library's PCOUNTER setup options (hwpc_pc_setup_option_names) as
 * command-line options, with their --help words: pcsetup takes them, and
 * pcread -- CMD, which sets the domains up before it counts. */
#ifndef HWPC_CLI_SETUP_OPTS_H
#define HWPC_CLI_SETUP_OPTS_H

#include "opt.h"

/* A command's option table (room for max entries, CLI_END included): its
 * head options, an option per setup option (but those named in skip, a
 * NULL-terminated list or NULL), each calling call with its long name and
 * value, then its tail options. */
void cli_setup_table(struct cli_opt *table, size_t max, const struct cli_opt *head, size_t nhead,
		     const struct cli_opt *tail, size_t ntail, cli_opt_fn call, const char *const *skip);

#endif
