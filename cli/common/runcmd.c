/* SPDX-License-Identifier: MIT */
/* A command run beside a measurement (runcmd.h).  The signals that end a
 * command or report its end are held and taken with sigtimedwait, so the
 * wait for the command, the time until the next sample and a signal to
 * pass on are one call with no race between them. */
#include "runcmd.h"
#include "cli.h"

#include <errno.h>
#include <spawn.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>

extern char **environ;

static void held(sigset_t *set)
{
	sigemptyset(set);
	sigaddset(set, SIGINT);
	sigaddset(set, SIGTERM);
	sigaddset(set, SIGCHLD);
}

int cli_cmd_start(struct cli_cmd_run *c, char *const *argv)
{
	sigset_t set;
	posix_spawnattr_t attr;
	memset(c, 0, sizeof *c);
	held(&set);
	sigprocmask(SIG_BLOCK, &set, &c->saved);
	/* The command gets the mask we had: it must see the signals we hold. */
	int e = posix_spawnattr_init(&attr);
	if (!e)
		e = posix_spawnattr_setsigmask(&attr, &c->saved);
	if (!e)
		e = posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGMASK);
	fflush(NULL); /* nothing buffered here is written twice, or after the command's output */
	if (!e)
		e = posix_spawnp(&c->pid, argv[0], NULL, &attr, argv, environ);
	posix_spawnattr_destroy(&attr);
	if (e) {
		sigprocmask(SIG_SETMASK, &c->saved, NULL);
		c->done = true;
		c->status = CLI_CMD_CANNOT_RUN;
		return cli_fail(CLI_CMD_CANNOT_RUN, "cannot run %s: %s", argv[0], strerror(e));
	}
	return 0;
}

static bool reap(struct cli_cmd_run *c)
{
	int st;
	pid_t r = waitpid(c->pid, &st, WNOHANG);
	if (r != c->pid)
		return false;
	c->done = true;
	c->status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
	return true;
}

static uint64_t host_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

bool cli_cmd_wait(struct cli_cmd_run *c, uint64_t timeout_ns)
{
	sigset_t set;
	held(&set);
	uint64_t start = host_ns();
	while (!c->done && !reap(c)) {
		uint64_t spent = host_ns() - start;
		if (timeout_ns != UINT64_MAX && spent >= timeout_ns)
			return false;
		uint64_t left = timeout_ns - spent;
		struct timespec ts = { (time_t)(left / 1000000000u), (long)(left % 1000000000u) };
		siginfo_t info;
		int sig = sigtimedwait(&set, &info, timeout_ns == UINT64_MAX ? NULL : &ts);
		/* A signal the kernel sent (the terminal's ^C) went to the whole
		 * process group, the command included; one sent to us alone
		 * is passed on. */
		if ((sig == SIGINT || sig == SIGTERM) && info.si_code != SI_KERNEL) {
			kill(c->pid, sig);
			c->forwarded++;
		}
	}
	return true;
}

void cli_cmd_finish(struct cli_cmd_run *c)
{
	sigset_t set;
	struct timespec zero = { 0, 0 };
	if (!c->pid)
		return;
	cli_cmd_wait(c, UINT64_MAX);
	/* What arrived as the command ended was for the command: the report
	 * is still written. */
	held(&set);
	while (sigtimedwait(&set, NULL, &zero) > 0)
		;
	sigprocmask(SIG_SETMASK, &c->saved, NULL);
	c->pid = 0;
}

int cli_cmd_every(char *const *argv, uint64_t period_ns, int (*step)(void *ctx, uint64_t k, bool ended),
		  int (*end)(void *ctx, bool ok, int *status), void *ctx, bool *whole)
{
	struct cli_cmd_run c;
	uint64_t t0 = hwpc_host_now_ns();
	int rc = cli_cmd_start(&c, argv);
	if (rc)
		return rc; /* nothing ran: no report */
	for (uint64_t k = 1; !rc; k++) {
		uint64_t due = t0 + k * period_ns, now = hwpc_host_now_ns();
		bool ended = cli_cmd_wait(&c, due > now ? due - now : 0);
		rc = step(ctx, k - 1, ended);
		if (ended)
			break;
	}
	cli_cmd_finish(&c);
	int status = c.status, erc = end(ctx, !rc, &status);
	rc = rc ? rc : erc;
	*whole = !rc;
	return rc ? rc : status;
}
