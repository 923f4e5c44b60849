/* SPDX-License-Identifier: MIT */
/* Ending a long run cleanly (see cli.h). */
#include "cli.h"

static volatile sig_atomic_t stop;

static void on_signal(int sig)
{
	(void)sig;
	stop = 1;
}

const volatile sig_atomic_t *cli_catch_stop(void)
{
	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);
	signal(SIGHUP, on_signal); /* the terminal went: as ^C */
	return &stop;
}
