/* SPDX-License-Identifier: MIT */
/* Shared command plumbing (see cli.h). */
#include "cli.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

const char *cli_prog = "hwpc";

/* The status of the last error printed, so that a failure to flush standard
 * output at exit neither hides it nor repeats it. */
static int failed_status;

/* A descriptor 0-2 the command was started without is given a placeholder
 * before anything else is opened: otherwise the simulator's state file or
 * a setup note would be opened as descriptor 1 and the report written over
 * it.  The placeholder is /dev/null opened the other way round, so that
 * using the descriptor still fails as it did closed (a write to a closed
 * standard output is still a write error, exit 1) while no file of ours
 * can take its number. */
static void hold_std_fds(void)
{
	for (int fd = 0; fd <= 2; fd++) {
		if (fcntl(fd, F_GETFD) >= 0 || errno != EBADF)
			continue;
		int n = open("/dev/null", fd == STDIN_FILENO ? O_WRONLY : O_RDONLY);
		if (n != fd) {
			/* nothing safe is left to do: no file may be opened */
			if (n >= 0)
				close(n);
			_exit(HWPC_EOP);
		}
	}
}

/* Whether standard output failed because its reader went away (a pipe or
 * socket with nobody reading, SIGPIPE ignored): as `cmd | head` users
 * expect, that ends the command without a message. */
static bool reader_gone(void)
{
	struct stat st;
	struct pollfd p = { .fd = STDOUT_FILENO, .events = POLLOUT };
	if (!ferror(stdout) || fstat(STDOUT_FILENO, &st) || !(S_ISFIFO(st.st_mode) || S_ISSOCK(st.st_mode)))
		return false;
	return poll(&p, 1, 0) == 1 && (p.revents & (POLLERR | POLLHUP));
}

/* At exit: what is still buffered for standard output is written, and a
 * failure to write it is the command's failure (exit 1), said once. */
static void flush_stdout(void)
{
	bool failed_before = ferror(stdout);
	if (fflush(stdout) == 0 && !failed_before)
		return;
	int e = errno;
	if (!failed_status && !reader_gone()) {
		if (failed_before)
			fprintf(stderr, "%s: write error on standard output\n", cli_prog);
		else
			fprintf(stderr, "%s: write error on standard output: %s\n", cli_prog, strerror(e));
	}
	_exit(failed_status ? failed_status : HWPC_EOP);
}

void cli_init(const char *prog)
{
	hold_std_fds();
	cli_prog = prog;
	atexit(flush_stdout);
}

/* One line on stderr: "prog: " what, then the message. */
static void say(const char *what, const char *fmt, va_list ap) HWPC_PRINTF(2, 0);
static void say(const char *what, const char *fmt, va_list ap)
{
	if (reader_gone())
		return;
	fprintf(stderr, "%s: %s", cli_prog, what);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
}

int cli_fail(int status, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	say("", fmt, ap);
	va_end(ap);
	failed_status = status ? status : HWPC_EOP;
	return status;
}
int cli_fail_err(const struct hwpc_err *err)
{
	return cli_fail(err->status ? err->status : HWPC_EOP, "%s", err->msg);
}

void cli_warn(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	say("warning: ", fmt, ap);
	va_end(ap);
}

static void tell_warn(void *ctx, const char *msg)
{
	(void)ctx;
	cli_warn("%s", msg);
}
static void tell_note(void *ctx, const char *msg)
{
	(void)ctx;
	cli_note("%s", msg);
}
static void tell_fail(void *ctx, const struct hwpc_err *err)
{
	(void)ctx;
	cli_fail_err(err);
}
const struct hwpc_tell cli_tell = { .warn = tell_warn, .note = tell_note, .fail = tell_fail };

const struct hwpc_tell *cli_tell_v(bool verbose)
{
	static const struct hwpc_tell loud = { .warn = tell_warn, .note = tell_note, .fail = tell_fail,
					       .verbose = true };
	return verbose ? &loud : &cli_tell;
}

void cli_note(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	say("", fmt, ap);
	va_end(ap);
}

void cli_version(void)
{
	printf("%s (hwpc) %s, output schema %d\n", cli_prog, HWPC_VERSION, HWPC_SCHEMA_VERSION);
}

int cli_open(const char *spec, unsigned flags, struct hwpc_regdb **db, struct hwpc_dev **dev)
{
	struct hwpc_err err;
	*dev = NULL;
	if (hwpc_regdb_load(db, &err))
		return cli_fail_err(&err);
	if (hwpc_dev_open(spec, flags, *db, dev, &err)) {
		hwpc_regdb_free(*db);
		*db = NULL;
		return cli_fail_err(&err);
	}
	return 0;
}

void cli_close(struct hwpc_regdb *db, struct hwpc_dev *dev)
{
	hwpc_dev_close(dev);
	hwpc_regdb_free(db);
}

int cli_chipset_arg(const struct hwpc_regdb *db, const char *name, const char *opt,
		    const struct hwpc_chipset **out)
{
	if ((*out = hwpc_chipset_by_name(db, name)))
		return 0;
	const struct hwpc_chipset *near = hwpc_chipset_nearest(db, name);
	return cli_fail(HWPC_EINPUT, "%s %s: no such chipset in regdb%s%s%s", opt, name, near ? " (did you mean " : "",
			near ? near->name : "", near ? "?)" : " (pcsim list shows the chipsets)");
}

int cli_chip_view(const struct hwpc_regdb *db, const char *name, const char *opt, const struct hwpc_chipset **chip,
		  struct hwpc_regview **view)
{
	struct hwpc_err err;
	int rc = cli_chipset_arg(db, name, opt, chip);
	return rc ? rc : hwpc_regview_new(db, *chip, view, &err) ? cli_fail_err(&err) : 0;
}
