/* SPDX-License-Identifier: MIT */
/* Big line-oriented inputs, in bounded memory (lines.h). */
#include "lines.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"

#define CHUNK (1u << 20)

/* A nameless file for the copy of standard input: O_TMPFILE, else a named
 * one removed at once. */
static int copy_file(void)
{
	const char *dir = getenv("TMPDIR");
	if (!dir || !*dir)
		dir = "/tmp";
	int fd = open(dir, O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
	if (fd >= 0 || (errno != EOPNOTSUPP && errno != EISDIR && errno != EINVAL))
		return fd;
	size_t n = strlen(dir) + 32;
	char *name = malloc(n);
	if (!name)
		return -1;
	snprintf(name, n, "%s/hwpc-input-XXXXXX", dir);
	fd = mkostemp(name, O_CLOEXEC);
	if (fd >= 0)
		unlink(name);
	free(name);
	return fd;
}

int cli_lines_open(struct cli_lines *l, const char *path, size_t max)
{
	struct stat st;
	memset(l, 0, sizeof *l);
	l->path = path;
	l->max = max;
	l->copy = -1;
	bool in = !strcmp(path, "-");
	l->what = in ? "standard input" : path;
	l->fd = in ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC);
	if (l->fd < 0)
		return cli_fail(errno == ENOENT ? HWPC_EINPUT : HWPC_EOP, "cannot read %s: %s", path, strerror(errno));
	if (fstat(l->fd, &st) == 0 && S_ISDIR(st.st_mode)) {
		cli_lines_close(l);
		return cli_fail(HWPC_EINPUT, "cannot read %s: %s", path, strerror(EISDIR));
	}
	/* What cannot be read again from its start is copied as it is read. */
	if (lseek(l->fd, 0, SEEK_CUR) < 0 || !S_ISREG(st.st_mode)) {
		if ((l->copy = copy_file()) < 0) {
			int e = errno;
			cli_lines_close(l);
			return cli_fail(HWPC_EOP, "reading %s: no room for its copy ($TMPDIR): %s", l->what, strerror(e));
		}
		l->copying = true;
	}
	l->cap = CHUNK + max + 1;
	if (!(l->buf = malloc(l->cap))) {
		cli_lines_close(l);
		return cli_fail(HWPC_EOP, "reading %s: out of memory", l->what);
	}
	return 0;
}

/* More input at the end of the buffer; false at the end or on an error. */
static bool fill(struct cli_lines *l)
{
	if (l->eof)
		return false;
	if (l->start) {
		memmove(l->buf, l->buf + l->start, l->end - l->start);
		l->end -= l->start;
		l->start = 0;
	}
	ssize_t n;
	while ((n = read(l->fd, l->buf + l->end, l->cap - 1 - l->end)) < 0 && errno == EINTR)
		;
	if (n <= 0) {
		l->eof = true;
		l->err = n < 0 ? errno : 0;
		return false;
	}
	for (ssize_t w = 0, k; l->copying && w < n; w += k)
		if ((k = write(l->copy, l->buf + l->end + w, (size_t)(n - w))) < 0) {
			l->eof = l->copy_failed = true;
			l->err = errno;
			return false;
		}
	l->end += (size_t)n;
	return true;
}

char *cli_lines_next(struct cli_lines *l, bool *too_long)
{
	bool skipping = false;
	*too_long = false;
	for (;;) {
		char *s = l->buf + l->start;
		char *nl = memchr(s, '\n', l->end - l->start);
		if (nl || (l->eof && l->end > l->start)) {
			char *e = nl ? nl : l->buf + l->end;
			l->start = (size_t)(e - l->buf) + (nl ? 1 : 0);
			l->lineno++;
			if (skipping || (size_t)(e - s) > l->max) {
				*too_long = true;
				*s = 0;
				return s;
			}
			*e = 0;
			return s;
		}
		/* no newline in sight: a line past the bound is dropped as it
		 * comes, never held */
		if (l->end - l->start > l->max) {
			skipping = true;
			l->start = l->end;
		}
		if (!fill(l) && l->end == l->start) {
			if (skipping) { /* the last line, too long and unended */
				l->lineno++;
				*too_long = true;
				l->buf[l->start] = 0;
				return l->buf + l->start;
			}
			return NULL;
		}
	}
}

int cli_lines_rewind(struct cli_lines *l)
{
	int rc = cli_lines_end(l);
	if (rc)
		return rc;
	if (l->copying) {
		l->copying = false;
		l->fd = l->copy;
		l->copy = -1;
	}
	if (lseek(l->fd, 0, SEEK_SET) < 0)
		return cli_fail(HWPC_EOP, "cannot read %s again: %s", l->what, strerror(errno));
	l->start = l->end = 0;
	l->eof = false;
	l->lineno = 0;
	return 0;
}

int cli_lines_end(struct cli_lines *l)
{
	if (l->err && l->copy_failed)
		return cli_fail(HWPC_EOP, "reading %s: cannot keep its copy in $TMPDIR: %s", l->what, strerror(l->err));
	if (l->err)
		return cli_fail(HWPC_EOP, "cannot read %s: %s", l->what, strerror(l->err));
	return 0;
}

void cli_lines_close(struct cli_lines *l)
{
	if (l->fd > STDIN_FILENO)
		close(l->fd);
	if (l->copy >= 0)
		close(l->copy);
	free(l->buf);
	l->buf = NULL;
	l->fd = l->copy = -1;
}
