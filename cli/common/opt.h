/* SPDX-License-Identifier: MIT */
/* One table-driven option parser for every hwpc command: a command declares
 * its options once (name, value, help, where the value goes, whether it may
 * repeat) and the relations between them; parsing, --help and every option
 * error come from that table, so the rules are the same in every command:
 *
 *   - a unique abbreviation of a long option works; an ambiguous one is an
 *     error listing the candidates; an unknown one suggests the nearest;
 *   - the next argument is an option's value unless it is itself an option
 *     of the command, so a missing value is never taken from the next option,
 *     while a value may start with '-' (-i -5ms is a bad duration);
 *   - a single-valued option given twice is an error naming both values; a
 *     repeatable one given the same value twice is an error too;
 *   - an empty value is an error;
 *   - durations carry their unit (hwpc_parse_duration_ns);
 *   - --format accepts only the command's formats;
 *   - -h/--help and -V/--version print and exit 0. */
#ifndef HWPC_CLI_OPT_H
#define HWPC_CLI_OPT_H

#include "opt_table.h"

/* Parse argv[start..argc) by cmd's table; ctx goes to CLI_CALL options.
 * Positional arguments are moved, in order, to argv[*first..argc) (argc is
 * updated through *nargs).  Returns 0, or the exit status after printing
 * the error.  -h and -V exit. */
int cli_parse(const struct cli_cmd *cmd, int argc, char **argv, int start, void *ctx, int *first, int *nargs);

/* Whether the option named as messages name it ("-d", "--watch") was given
 * to a parse of this command line. */
bool cli_given(const char *name);

/* The candidate nearest to typed (NULL: none is close enough). */
const char *cli_nearest(const char *typed, const char *const *cand, size_t n);

#endif
