/* SPDX-License-Identifier: MIT */
/* The core's part the hwpc commands and the library's families use that is
 * not libhwpc's API (nothing here is exported from libhwpc.so; the
 * commands link libhwpc.a). */
#ifndef HWPC_CORE_CMD_H
#define HWPC_CORE_CMD_H

#include "hwpc/core.h"

#include <stdbool.h>
#include <stdio.h>

#include "hwpc/error.h"

/* Opening a file the user named for reading, with the exit-status rule of
 * hwpc(7): a named file that cannot be read (missing, unreadable, a
 * directory) is bad input, HWPC_EINPUT, because the fix is a different
 * command line; HWPC_EOP stays for I/O that fails once the file is open. */
/* A descriptor (O_RDONLY | O_CLOEXEC) for path, or -1 with err set to
 * "cannot read [what ]path: why".  what (may be NULL) says what the file
 * is for ("token map"). */
int hwpc_input_open(const char *path, const char *what, struct hwpc_err *err);
/* The same as a stream ("r"). */
FILE *hwpc_input_fopen(const char *path, const char *what, struct hwpc_err *err);

/* A duration in the largest of s, ms, us and ns that gives a whole
 * number ("5ms"), as hwpc_parse_duration_ns reads it back: an option's
 * value in the unit it was most likely given in. */
void hwpc_duration_text(uint64_t ns, char *buf, size_t len);

/* The same from each end's midpoint and half-width. */
void hwpc_rate_mid(double mid0, double half0, double mid1, double half1, uint64_t count,
			    uint64_t count_unc, uint64_t lag_ns, struct hwpc_rate *out);

/* What a library run has to tell the person running it while it runs
 * (data lost, a setup changed under it, sampling behind): a warning, one
 * line, which the commands print as "prog: warning: msg".  The library
 * never prints; a run that warns takes one of these (fn NULL: nothing is
 * told). */
struct hwpc_tell {
	void (*warn)(void *ctx, const char *msg);
	/* What -v reports that is no warning ("setup as pcsetup left it"):
	 * told only when verbose is set. */
	void (*note)(void *ctx, const char *msg);
	/* A failure the run goes on after (a device left out of a run over
	 * several): said as the command says its errors, and the exit status
	 * it sets. */
	void (*fail)(void *ctx, const struct hwpc_err *err);
	bool verbose;
	void *ctx;
};
void hwpc_tell_warn(const struct hwpc_tell *t, const char *fmt, ...) HWPC_PRINTF(2, 3);
void hwpc_tell_note(const struct hwpc_tell *t, const char *fmt, ...) HWPC_PRINTF(2, 3);
/* err told as a failure; its status (HWPC_EOP when it has none). */
int hwpc_tell_fail(const struct hwpc_tell *t, const struct hwpc_err *err);

#endif
