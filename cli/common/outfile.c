/* SPDX-License-Identifier: MIT */
/* Atomic -o FILE (outfile.h). */
#include "outfile.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "outfile_sweep.h"

/* The signals that end a command by default and that a named temporary
 * file must not outlive. */
static const int fatal_signals[] = { SIGINT, SIGTERM, SIGHUP, SIGPIPE };

/* The named temporary file of this process, for the handler: written only
 * with those signals blocked. */
static char *volatile pending_tmp;

static void on_fatal(int sig)
{
	if (pending_tmp)
		unlink(pending_tmp);
	/* then die of the signal, as without us (it is delivered once this
	 * handler returns) */
	signal(sig, SIG_DFL);
	raise(sig);
}

/* Once, before any temporary file exists: each fatal signal still at its
 * default action removes the named temporary file first.  One the command
 * ignores or handles is left to it. */
static void install_handlers(void)
{
	static bool done;
	if (done)
		return;
	done = true;
	for (size_t i = 0; i < sizeof fatal_signals / sizeof fatal_signals[0]; i++) {
		struct sigaction old, sa = { .sa_handler = on_fatal };
		sigfillset(&sa.sa_mask);
		if (!sigaction(fatal_signals[i], NULL, &old) && old.sa_handler == SIG_DFL)
			sigaction(fatal_signals[i], &sa, NULL);
	}
}

static void block_fatal(sigset_t *old)
{
	sigset_t set;
	sigemptyset(&set);
	for (size_t i = 0; i < sizeof fatal_signals / sizeof fatal_signals[0]; i++)
		sigaddset(&set, fatal_signals[i]);
	sigprocmask(SIG_BLOCK, &set, old);
}

/* ".NAME.hwpc-XXXXXX" beside path: a dot name, so that collectors that
 * read *.prom skip it, and marked as ours for outfile_sweep (NAME cut to
 * OUTFILE_TMP_BASE_MAX bytes, so that the name fits where path's does). */
static char *tmp_name(const char *path)
{
	size_t n = strlen(path);
	char *t = malloc(n + 24);
	if (!t)
		return NULL;
	const char *slash = strrchr(path, '/');
	size_t dir = slash ? (size_t)(slash - path) + 1 : 0;
	memcpy(t, path, dir);
	snprintf(t + dir, n + 24 - dir, ".%.*s." OUTFILE_TMP_MARK "XXXXXX", OUTFILE_TMP_BASE_MAX, path + dir);
	return t;
}

static int open_fail(struct cli_outfile *of, const char *path, int e)
{
	free(of->path);
	free(of->tmp);
	of->path = of->tmp = NULL;
	return cli_fail(HWPC_EOP, "cannot write '%s': %s", path, strerror(e));
}

static int start(struct cli_outfile *of, const char *path)
{
	memset(of, 0, sizeof *of);
	if (!path || strcmp(path, "-") == 0) {
		of->fp = stdout;
		return 1;
	}
	install_handlers();
	if (!(of->path = strdup(path)))
		return -cli_fail(HWPC_EOP, "out of memory");
	return 0;
}

int cli_outfile_open_named(struct cli_outfile *of, const char *path)
{
	int rc = start(of, path);
	if (rc)
		return rc > 0 ? 0 : -rc;
	outfile_sweep(path);
	if (!(of->tmp = tmp_name(path)))
		return open_fail(of, path, ENOMEM);
	int fd = -1, e = 0;
	for (int tries = 0; fd < 0 && tries < 100; tries++) {
		memcpy(of->tmp + strlen(of->tmp) - 6, "XXXXXX", 6);
		sigset_t old;
		block_fatal(&old);
		fd = mkstemp(of->tmp);
		e = errno;
		if (fd >= 0)
			pending_tmp = of->tmp;
		sigprocmask(SIG_SETMASK, &old, NULL);
		if (fd < 0)
			return open_fail(of, path, e);
		/* held from here on (where the filesystem can lock it); a
		 * sweeper that removed the name before we held it leaves us a
		 * file with no name: make another */
		struct stat mine, named;
		outfile_hold_lock(fd);
		if (fstat(fd, &mine) || stat(of->tmp, &named) || mine.st_dev != named.st_dev ||
		    mine.st_ino != named.st_ino) {
			e = EAGAIN;
			close(fd);
			fd = -1;
			block_fatal(&old);
			pending_tmp = NULL;
			sigprocmask(SIG_SETMASK, &old, NULL);
		}
	}
	if (fd < 0)
		return open_fail(of, path, e);
	/* mkstemp makes the file 0600; an output file gets the usual mode */
	mode_t um = umask(0);
	umask(um);
	fchmod(fd, 0666 & ~um);
	if (!(of->fp = fdopen(fd, "w"))) {
		e = errno;
		close(fd);
		cli_outfile_close(of, false);
		return cli_fail(HWPC_EOP, "cannot write '%s': %s", path, strerror(e));
	}
	return 0;
}

/* FILE that exists and is not a regular file (a device, a FIFO,
 * /dev/stdout) is written as it is: replacing it would put a regular file
 * where /dev/null was. */
static int open_direct(struct cli_outfile *of, const char *path)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY);
	if (fd < 0 || !(of->fp = fdopen(fd, "w"))) {
		int e = errno;
		if (fd >= 0)
			close(fd);
		return open_fail(of, path, e);
	}
	of->direct = true;
	return 0;
}

int cli_outfile_open(struct cli_outfile *of, const char *path)
{
	int rc = start(of, path);
	if (rc)
		return rc > 0 ? 0 : -rc;
	struct stat st;
	if (!stat(path, &st) && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode))
		return open_direct(of, path);
	char *dir = outfile_dir_of(path);
	if (!dir)
		return open_fail(of, path, ENOMEM);
	outfile_sweep(path);
	int fd = open(dir, O_TMPFILE | O_WRONLY | O_CLOEXEC, 0666);
	int e = errno;
	free(dir);
	/* held before it can have a name (publish_anon); a filesystem that
	 * cannot lock cannot be swept either */
	if (fd >= 0)
		outfile_hold_lock(fd);
	if (fd < 0 && (e == EOPNOTSUPP || e == EISDIR || e == EINVAL)) {
		/* no O_TMPFILE here: a named temporary file */
		free(of->path);
		return cli_outfile_open_named(of, path);
	}
	if (fd < 0)
		return open_fail(of, path, e);
	if (!(of->fp = fdopen(fd, "w"))) {
		e = errno;
		close(fd);
		return open_fail(of, path, e);
	}
	return 0;
}

/* Give the complete, nameless file its name: as path itself when there is
 * none (linkat never replaces), else under a random name renamed over path
 * at once. */
static int publish_anon(int fd, const char *path)
{
	char proc[64];
	snprintf(proc, sizeof proc, "/proc/self/fd/%d", fd);
	/* AT_EMPTY_PATH needs CAP_DAC_READ_SEARCH; /proc's link does not */
	if (!linkat(fd, "", AT_FDCWD, path, AT_EMPTY_PATH) ||
	    (errno != EEXIST && !linkat(AT_FDCWD, proc, AT_FDCWD, path, AT_SYMLINK_FOLLOW)))
		return 0;
	if (errno != EEXIST)
		return -1;
	char *t = tmp_name(path);
	if (!t)
		return -1;
	int rc = -1;
	for (int tries = 0; rc && tries < 100; tries++) {
		struct timespec ts;
		clock_gettime(CLOCK_MONOTONIC, &ts);
		uint64_t r = (uint64_t)ts.tv_nsec * 0x9e3779b97f4a7c15ull ^ (uint64_t)getpid() << 20 ^ (uint64_t)tries;
		char *x = t + strlen(t) - 6;
		for (int i = 0; i < 6; i++, r >>= 5)
			x[i] = "abcdefghijklmnopqrstuvwxyz012345"[r & 31];
		sigset_t old;
		block_fatal(&old);
		if (linkat(fd, "", AT_FDCWD, t, AT_EMPTY_PATH) && linkat(AT_FDCWD, proc, AT_FDCWD, t, AT_SYMLINK_FOLLOW)) {
			int e = errno;
			sigprocmask(SIG_SETMASK, &old, NULL);
			if (e == EEXIST)
				continue;
			errno = e;
			break;
		}
		rc = rename(t, path);
		int e = errno;
		if (rc)
			unlink(t);
		sigprocmask(SIG_SETMASK, &old, NULL);
		errno = e;
		break;
	}
	free(t);
	return rc;
}

int cli_outfile_flush(struct cli_outfile *of)
{
	errno = 0;
	if (!of->fp || (fflush(of->fp) == 0 && !ferror(of->fp)))
		return 0;
	const char *e = errno ? strerror(errno) : "write error";
	if (of->path)
		return cli_fail(HWPC_EOP, "cannot write '%s': %s", of->path, e);
	return cli_fail(HWPC_EOP, "write error on standard %s: %s", of->fp == stderr ? "error" : "output", e);
}

int cli_outfile_close(struct cli_outfile *of, bool ok)
{
	int rc = 0;
	if (!of->fp)
		return 0;
	if (!of->path) {
		if (fflush(stdout) != 0 && ok)
			rc = cli_fail(HWPC_EOP, "write error on standard output: %s", strerror(errno));
		of->fp = NULL;
		return rc;
	}
	bool written = fflush(of->fp) == 0 && !ferror(of->fp);
	int e = errno;
	if (ok && written && !of->tmp && !of->direct && publish_anon(fileno(of->fp), of->path)) {
		written = false;
		e = errno;
	}
	if (fclose(of->fp) != 0 && written) {
		written = false;
		e = errno;
	}
	of->fp = NULL;
	if (ok && !written) {
		rc = cli_fail(HWPC_EOP, "cannot write '%s': %s", of->path, strerror(e));
		ok = false;
	}
	if (of->tmp) {
		sigset_t old;
		block_fatal(&old);
		if (ok && rename(of->tmp, of->path) != 0) {
			rc = cli_fail(HWPC_EOP, "cannot write '%s': %s", of->path, strerror(errno));
			ok = false;
		}
		if (!ok)
			unlink(of->tmp);
		pending_tmp = NULL;
		sigprocmask(SIG_SETMASK, &old, NULL);
	}
	free(of->tmp);
	free(of->path);
	of->tmp = of->path = NULL;
	return rc;
}
