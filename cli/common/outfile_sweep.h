/* SPDX-License-Identifier: MIT */
/* The temporary files of -o FILE (outfile.h) that a killed command left.
 *
 * A temporary file has a name for a moment even with O_TMPFILE: Linux can
 * link a nameless file only where no file is, so replacing an existing
 * FILE links it as ".FILE.hwpc-XXXXXX" and renames that over FILE.  A
 * SIGKILL between the two calls, or at any time where the filesystem has
 * no O_TMPFILE, leaves that name.  So every temporary file is held under
 * flock(2) by the command writing it, and the next command that opens the
 * same FILE removes those no one holds: their writer is dead (a lock ends
 * with its process).  A live command's file is left alone. */
#ifndef HWPC_CLI_OUTFILE_SWEEP_H
#define HWPC_CLI_OUTFILE_SWEEP_H

/* The suffix after ".FILE." ahead of the six random characters. */
#define OUTFILE_TMP_MARK "hwpc-"
/* How much of FILE's name a temporary name holds: ".FILE.hwpc-XXXXXX" is
 * 13 bytes longer, and a name may have 255. */
#define OUTFILE_TMP_BASE_MAX 242

/* Remove the temporary files of path that no live command holds (once per
 * path in a process: its own are removed as it goes).  Best effort: what
 * cannot be examined is left. */
void outfile_sweep(const char *path);

/* Hold fd's file as a live temporary file (where the filesystem cannot
 * lock, nothing: no sweeper can take it there either). */
void outfile_hold_lock(int fd);

/* path's directory ("." for a bare name), malloc'd; NULL: out of memory. */
char *outfile_dir_of(const char *path);

#endif
