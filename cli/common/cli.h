/* SPDX-License-Identifier: MIT */
/* What every hwpc command shares: its name in messages, the one-line error
 * convention ("prog: what failed: why"), opening the
 * register database and the device. */
#ifndef HWPC_CLI_H
#define HWPC_CLI_H

#include "hwpc.h"
#include "core/core_cmd.h"

#include <signal.h>

extern const char *cli_prog;

void cli_init(const char *prog);
/* Print "prog: msg" on stderr and return status. */
int cli_fail(int status, const char *fmt, ...) HWPC_PRINTF(2, 3);
int cli_fail_err(const struct hwpc_err *err);
void cli_warn(const char *fmt, ...) HWPC_PRINTF(1, 2);
/* The library's warnings (struct hwpc_tell) told as cli_warn tells them,
 * and with verbose (-v) its notes as cli_note does. */
extern const struct hwpc_tell cli_tell;
const struct hwpc_tell *cli_tell_v(bool verbose);
/* "prog: msg" on stderr: what -v reports that is no warning (a check
 * that passed). */
void cli_note(const char *fmt, ...) HWPC_PRINTF(1, 2);
void cli_version(void);

/* From now on SIGINT, SIGTERM and SIGHUP set a flag instead of ending the
 * command, so that a sampling loop finishes its output (with its first
 * sample at least, however early the signal came); the flag, to poll.
 * They are unblocked: one pending since the command started sets it. */
const volatile sig_atomic_t *cli_catch_stop(void);

/* Load regdb and open the device; on failure print and return the status. */
int cli_open(const char *spec, unsigned flags, struct hwpc_regdb **db, struct hwpc_dev **dev);
void cli_close(struct hwpc_regdb *db, struct hwpc_dev *dev);
/* A chipset named by the user (its name, nouveau's NVxx, an alias regdb
 * lists): *out, or a message naming opt that suggests the nearest chipset
 * of the family the name points to. */
int cli_chipset_arg(const struct hwpc_regdb *db, const char *name, const char *opt,
		    const struct hwpc_chipset **out);
/* The same, and the chipset's registers in *view (hwpc_regview_free). */
int cli_chip_view(const struct hwpc_regdb *db, const char *name, const char *opt, const struct hwpc_chipset **chip,
		  struct hwpc_regview **view);

#endif
