/* SPDX-License-Identifier: MIT */
/* -o FILE, written atomically: the output goes to a temporary file in the
 * same directory, which replaces FILE only when the command finished its
 * output.  A reader (node_exporter's textfile collector, a script polling
 * the file) sees the old file or the new one, never half of one; a command
 * that fails leaves FILE as it was. */
#ifndef HWPC_CLI_OUTFILE_H
#define HWPC_CLI_OUTFILE_H

#include <stdbool.h>
#include <stdio.h>

struct cli_outfile {
	FILE *fp;    /* where to write: the temporary file, or stdout */
	char *path;  /* FILE, or NULL for stdout */
	char *tmp;   /* the temporary file's name */
};

/* Open path for writing (NULL or "-": standard output).  Returns 0, or the
 * exit status after printing the error naming path. */
int cli_outfile_open(struct cli_outfile *of, const char *path);
/* Finish: with ok, flush and rename the temporary file over path (status
 * 0, or the exit status after printing the error); without, remove it and
 * return 0.  Standard output is flushed, not closed. */
int cli_outfile_close(struct cli_outfile *of, bool ok);

#endif
