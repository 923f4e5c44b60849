/* SPDX-License-Identifier: MIT */
/* Test helper: run a command with a signal already pending.
 *   pending_exec SIGNAL COMMAND [ARG...]
 * blocks SIGNAL (INT, TERM or HUP), sends it to itself (it stays pending,
 * and pending across exec) and runs COMMAND, which sees the signal as
 * soon as it unblocks it: a stop that came before anything else, at the
 * same moment on every run. */
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	static const struct {
		const char *name;
		int sig;
	} sigs[] = { { "INT", SIGINT }, { "TERM", SIGTERM }, { "HUP", SIGHUP } };
	int sig = 0;
	for (size_t i = 0; argc > 2 && i < sizeof sigs / sizeof sigs[0]; i++)
		if (!strcmp(argv[1], sigs[i].name))
			sig = sigs[i].sig;
	if (!sig) {
		fprintf(stderr, "usage: pending_exec INT|TERM|HUP COMMAND [ARG...]\n");
		return 2;
	}
	sigset_t set;
	sigemptyset(&set);
	sigaddset(&set, sig);
	sigprocmask(SIG_BLOCK, &set, NULL);
	signal(sig, SIG_DFL);
	raise(sig);
	execvp(argv[2], argv + 2);
	perror(argv[2]);
	return 127;
}
