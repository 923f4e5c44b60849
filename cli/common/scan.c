/* SPDX-License-Identifier: MIT */
/* What pcread --scan and pcsetup --scan share (scan.h). */
#include "scan.h"
#include "cli.h"

#include <stdio.h>
#include <sys/random.h>
#include <unistd.h>

void cli_progress_start(struct cli_progress *p, const char *what)
{
	*p = (struct cli_progress){ .what = what, .t0_ns = hwpc_host_now_ns(), .tty = isatty(2) == 1 };
}

void cli_progress(void *ctx, uint64_t done, uint64_t total)
{
	struct cli_progress *p = ctx;
	if (!p->tty || !total || hwpc_host_now_ns() - p->t0_ns < 2000000000u)
		return;
	fprintf(stderr, "\r%s: --scan: %s %3u %%", cli_prog, p->what, (unsigned)(done * 100 / total));
	fflush(stderr);
	p->shown = true;
}

void cli_progress_end(struct cli_progress *p)
{
	if (p->shown)
		fprintf(stderr, "\r\033[K");
	p->shown = false;
}

uint64_t cli_scan_seed(void)
{
	uint32_t v = 0;
	if (getrandom(&v, sizeof v, GRND_NONBLOCK) != (ssize_t)sizeof v)
		v = (uint32_t)(hwpc_host_now_ns() ^ (uint64_t)getpid() << 16);
	return v ? v : 1;
}
