/* SPDX-License-Identifier: MIT */
/* A big line-oriented input (tsdump --mmiotrace) read in bounded memory,
 * and read twice: a file from its start again, standard input (a pipe)
 * from a nameless copy made while it is read the first time.  A line
 * longer than the bound is skipped, never held whole. */
#ifndef HWPC_CLI_LINES_H
#define HWPC_CLI_LINES_H

#include <stdbool.h>
#include <stddef.h>

struct cli_lines {
	const char *path; /* as given; "-": standard input */
	const char *what; /* for messages: the path, or "standard input" */
	int fd;           /* what is read now: the input or the copy */
	int copy;         /* the copy of standard input, or -1 */
	bool copying;     /* the first pass over standard input */
	char *buf;
	size_t max, cap, start, end;
	bool eof;
	int err;          /* errno of a failed read or copy, 0 */
	bool copy_failed; /* err is the copy's */
	unsigned long lineno;
};

/* Open path ("-": standard input); lines over max bytes are skipped.
 * Returns 0, or the exit status after printing the error. */
int cli_lines_open(struct cli_lines *l, const char *path, size_t max);
/* The next line, NUL-terminated, without its newline; NULL at the end or
 * on a read error (cli_lines_end says which).  *too_long: the line was
 * longer than max and is given as "". */
char *cli_lines_next(struct cli_lines *l, bool *too_long);
/* Back to the first line for the second pass: 0, or the exit status. */
int cli_lines_rewind(struct cli_lines *l);
/* After the last line: 0, or the exit status after printing the error. */
int cli_lines_end(struct cli_lines *l);
void cli_lines_close(struct cli_lines *l);

#endif
