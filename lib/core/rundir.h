/* SPDX-License-Identifier: MIT */
/* The user's private runtime directory, where hwpc keeps what outlives one
 * process (simulator state, pcsetup's setup notes). */
#ifndef HWPC_RUNDIR_H
#define HWPC_RUNDIR_H

#include <stddef.h>

#include "hwpc/error.h"

/* $XDG_RUNTIME_DIR/hwpc, else /tmp/hwpc-UID: created mode 0700 if missing,
 * and refused unless it is a directory of this user (in /tmp anyone could
 * have made it first, and what we keep there is the user's). */
int hwpc_runtime_dir(char *buf, size_t len, struct hwpc_err *err);

#endif
