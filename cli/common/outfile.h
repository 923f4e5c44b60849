/* SPDX-License-Identifier: MIT */
/* -o FILE, written atomically: the output goes to a temporary file in the
 * same directory, which replaces FILE only when the command finished its
 * output.  A reader (node_exporter's textfile collector, a script polling
 * the file) sees the old file or the new one, never half of one; a command
 * that fails or is interrupted leaves FILE as it was.
 *
 * Where the filesystem has O_TMPFILE the temporary file has no name until
 * it is complete; it is linked in as FILE (linkat), or, when FILE exists,
 * under a temporary name renamed over FILE at once, with the catchable
 * signals blocked between the two calls (a SIGKILL there leaves the name:
 * outfile_sweep.h).  Elsewhere it is a named ".FILE.hwpc-XXXXXX", removed on SIGINT,
 * SIGTERM, SIGHUP and SIGPIPE: the handlers that do it go in before the
 * file exists (a command's own handler for a signal takes its place and
 * ends the command through cli_outfile_close).  A FILE that exists and is
 * not a regular file (/dev/null, a FIFO) is written as it is. */
#ifndef HWPC_CLI_OUTFILE_H
#define HWPC_CLI_OUTFILE_H

#include <stdbool.h>
#include <stdio.h>

struct cli_outfile {
	FILE *fp;    /* where to write: the temporary file, or stdout */
	char *path;  /* FILE, or NULL for stdout */
	char *tmp;   /* the named temporary file, or NULL (O_TMPFILE) */
	bool direct; /* FILE is not a regular file: written as it is */
};

/* Open path for writing (NULL or "-": standard output).  Returns 0, or the
 * exit status after printing the error naming path. */
int cli_outfile_open(struct cli_outfile *of, const char *path);
/* The same with a named temporary file, as where O_TMPFILE is missing. */
int cli_outfile_open_named(struct cli_outfile *of, const char *path);
/* Write out what is buffered (each -i sample): 0, or the exit status
 * after printing the error (none when the reader of a pipe went away). */
int cli_outfile_flush(struct cli_outfile *of);
/* Finish: with ok, flush and put the temporary file in place of path
 * (status 0, or the exit status after printing the error); without,
 * remove it and return 0.  Standard output is flushed, not closed. */
int cli_outfile_close(struct cli_outfile *of, bool ok);

#endif
