/* SPDX-License-Identifier: MIT */
/* Running a command beside a measurement (ptime -- CMD, pcread -- CMD), as
 * perf stat and time(1) do: the command inherits standard input, output
 * and error; SIGINT and SIGTERM sent to the measuring command are passed
 * on to it, and the measurement waits for it, so that its report is
 * written whatever ends the command; the exit status is the command's, or
 * 128 + N when signal N ended it. */
#ifndef HWPC_CLI_RUNCMD_H
#define HWPC_CLI_RUNCMD_H

#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

/* The status of a command that could not be started (as a shell's). */
#define CLI_CMD_CANNOT_RUN 127

struct cli_cmd_run {
	pid_t pid;
	bool done;
	int status;    /* once done: the exit status, or 128 + the signal */
	int forwarded; /* signals passed on to it */
	sigset_t saved;
};

/* Start argv[0] (searched in PATH) with its arguments.  From now until
 * cli_cmd_finish, SIGINT, SIGTERM and SIGCHLD are held for cli_cmd_wait
 * (the command starts with the signal mask and dispositions the caller
 * had).  Returns 0, or CLI_CMD_CANNOT_RUN after one line on stderr
 * ("prog: cannot run CMD: why"), with nothing held. */
int cli_cmd_start(struct cli_cmd_run *c, char *const *argv);
/* Wait for the command to end, at most timeout_ns of host time
 * (UINT64_MAX: until it ends); a SIGINT or SIGTERM sent to this process
 * meanwhile is passed on (an interrupt from the terminal reaches the
 * command by itself: it is in the same process group).  True once the
 * command has ended (c->status). */
bool cli_cmd_wait(struct cli_cmd_run *c, uint64_t timeout_ns);
/* Wait for the command to end, then restore the signal mask. */
void cli_cmd_finish(struct cli_cmd_run *c);

/* Run argv, stepping a measurement beside it: step(ctx, k, ended) every
 * period_ns of host time from just before the start (k = 0, 1, ...) and
 * once more as it ends (ended true).  A step that fails stops the stepping;
 * the command still runs to its end.  Then end(ctx, ok, &status) reports
 * the run (ok: every step did; status: the command's, which it may
 * replace) and returns 0 or its failure.  A command that could not be
 * started has no report: CLI_CMD_CANNOT_RUN.  Returns the first failing
 * step's or end's status, else the command's; *whole says whether the
 * report was made in full. */
int cli_cmd_every(char *const *argv, uint64_t period_ns, int (*step)(void *ctx, uint64_t k, bool ended),
		  int (*end)(void *ctx, bool ok, int *status), void *ctx, bool *whole);

#endif
