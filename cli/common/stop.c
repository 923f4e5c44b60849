/* SPDX-License-Identifier: MIT */
/* Ending a long run cleanly (see cli.h). */
#include "cli.h"

#include <signal.h>

static volatile sig_atomic_t stop;

static void on_signal(int sig)
{
	(void)sig;
	stop = 1;
}

const volatile sig_atomic_t *cli_catch_stop(void)
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP }; /* SIGHUP: the terminal went, as ^C */
	/* SA_RESTART, as signal() had: a write blocked on a slow reader goes
	 * on after the signal, so the output is finished, not cut */
	struct sigaction sa = { .sa_handler = on_signal, .sa_flags = SA_RESTART };
	sigset_t set;
	sigemptyset(&sa.sa_mask);
	sigemptyset(&set);
	for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++) {
		sigaction(sigs[i], &sa, NULL);
		sigaddset(&set, sigs[i]);
	}
	/* A command started with them blocked would never stop: unblocked,
	 * one already pending arrives now and ends the run after its first
	 * sample. */
	sigprocmask(SIG_UNBLOCK, &set, NULL);
	return &stop;
}
