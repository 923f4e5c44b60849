/* SPDX-License-Identifier: MIT */
/* Test helper: -o FILE's temporary file held open until a signal.
 *   outfile_hold FILE anon|named
 * opens FILE as -o does (anon: O_TMPFILE where the filesystem has it;
 * named: the named temporary file used where it has not), writes "new",
 * prints "ready" on stdout and waits: SIGUSR1 finishes (FILE replaced,
 * exit 0); a fatal signal ends it as it ends a command. */
#include "../../cli/common/cli.h"
#include "../../cli/common/outfile.h"

#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static volatile sig_atomic_t done;

static void on_usr1(int sig)
{
	(void)sig;
	done = 1;
}

int main(int argc, char **argv)
{
	struct cli_outfile of;
	sigset_t block, old;
	cli_init("outfile_hold");
	if (argc != 3)
		return cli_fail(2, "usage: outfile_hold FILE anon|named");
	sigemptyset(&block);
	sigaddset(&block, SIGUSR1);
	sigprocmask(SIG_BLOCK, &block, &old);
	signal(SIGUSR1, on_usr1);
	int rc = strcmp(argv[2], "named") ? cli_outfile_open(&of, argv[1]) : cli_outfile_open_named(&of, argv[1]);
	if (rc)
		return rc;
	fputs("new\n", of.fp);
	fflush(of.fp);
	printf("ready\n");
	fflush(stdout);
	while (!done)
		sigsuspend(&old);
	return cli_outfile_close(&of, true);
}
