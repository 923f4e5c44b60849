/* SPDX-License-Identifier: MIT */
/* Opening a file the user named for reading, with the exit-status rule of
 * hwpc(7): a named file that cannot be read (missing, unreadable, a
 * directory) is bad input, HWPC_EINPUT, because the fix is a different
 * command line; HWPC_EOP stays for I/O that fails once the file is open. */
#ifndef HWPC_INPUT_H
#define HWPC_INPUT_H

#include "hwpc/api.h"
#include "hwpc/error.h"

#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A descriptor (O_RDONLY | O_CLOEXEC) for path, or -1 with err set to
 * "cannot read [what ]path: why".  what (may be NULL) says what the file
 * is for ("token map"). */
HWPC_API int hwpc_input_open(const char *path, const char *what, struct hwpc_err *err);
/* The same as a stream ("r"). */
HWPC_API FILE *hwpc_input_fopen(const char *path, const char *what, struct hwpc_err *err);

#ifdef __cplusplus
}
#endif

#endif
