/* SPDX-License-Identifier: MIT */
/* The user's private runtime directory, where hwpc keeps what outlives one
 * process (simulator state, pcsetup's setup notes). */
#ifndef HWPC_RUNDIR_H
#define HWPC_RUNDIR_H

#include <stddef.h>

#include "hwpc/error.h"

/* $XDG_RUNTIME_DIR/hwpc, else /tmp/hwpc-UID: created mode 0700 if missing.
 * Refused (HWPC_EOP, the message names it and says why) unless it is a
 * directory, not a symbolic link, of this user, that neither group nor
 * others can write, in a directory that only its owner (this user or root)
 * can rename it in (owner-only, or sticky like /tmp): what we keep there
 * is the user's, and a link another user plants there must never make us
 * write over a file of the user's (ssh refuses a ~/.ssh others can write
 * on the same grounds).  The checks are made on the open directory, so
 * *dirfd (close-on-exec) is the directory checked: create files with
 * openat(*dirfd, name, ...|O_NOFOLLOW|O_EXCL).  buf gets its name, for
 * messages. */
int hwpc_runtime_dir_open(char *buf, size_t len, int *dirfd, struct hwpc_err *err);
/* The same check, for callers that need the name only. */
int hwpc_runtime_dir(char *buf, size_t len, struct hwpc_err *err);

#endif
