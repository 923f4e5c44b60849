/* SPDX-License-Identifier: MIT */
/* The user's private runtime directory (rundir.h). */
#include "core/rundir.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Where the directory is made: it must be a directory in which nobody but
 * its owner (us or root) can rename or remove our entry. */
static int check_parent(const char *parent, struct hwpc_err *err)
{
	struct stat st;
	if (stat(parent, &st))
		return hwpc_err_set(err, HWPC_EOP, "cannot stat %s: %s", parent, strerror(errno));
	if (st.st_uid != geteuid() && st.st_uid != 0)
		return hwpc_err_set(err, HWPC_EOP, "%s belongs to another user (uid %u): not a place for hwpc's "
				    "runtime directory (set XDG_RUNTIME_DIR)", parent, (unsigned)st.st_uid);
	if ((st.st_mode & (S_IWGRP | S_IWOTH)) && !(st.st_mode & S_ISVTX))
		return hwpc_err_set(err, HWPC_EOP, "%s can be written by others and is not sticky (mode %04o): "
				    "not a place for hwpc's runtime directory (set XDG_RUNTIME_DIR)", parent,
				    (unsigned)(st.st_mode & 07777));
	return 0;
}

int hwpc_runtime_dir_open(char *buf, size_t len, int *dirfd, struct hwpc_err *err)
{
	const char *run = getenv("XDG_RUNTIME_DIR");
	const char *parent = "/tmp";
	struct stat st;
	int n;
	*dirfd = -1;
	if (run && *run && !stat(run, &st) && S_ISDIR(st.st_mode)) {
		n = snprintf(buf, len, "%s/hwpc", run);
		parent = run;
	} else {
		n = snprintf(buf, len, "/tmp/hwpc-%u", (unsigned)geteuid());
	}
	if (n < 0 || (size_t)n >= len)
		return hwpc_err_set(err, HWPC_EINPUT, "runtime directory name too long (XDG_RUNTIME_DIR)");
	if (check_parent(parent, err))
		return err ? err->status : HWPC_EOP;
	if (mkdir(buf, 0700) && errno != EEXIST)
		return hwpc_err_set(err, HWPC_EOP, "cannot create %s: %s", buf, strerror(errno));
	/* O_NOFOLLOW: a symlink planted there by someone else is not ours. */
	int fd = open(buf, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0 && (errno == ELOOP || errno == ENOTDIR))
		return hwpc_err_set(err, HWPC_EOP, "%s is not a directory (set XDG_RUNTIME_DIR)", buf);
	if (fd < 0)
		return hwpc_err_set(err, HWPC_EOP, "cannot open %s: %s", buf, strerror(errno));
	int rc = 0;
	if (fstat(fd, &st))
		rc = hwpc_err_set(err, HWPC_EOP, "cannot stat %s: %s", buf, strerror(errno));
	else if (st.st_uid != geteuid())
		rc = hwpc_err_set(err, HWPC_EOP, "%s belongs to another user (uid %u), refused (set "
				  "XDG_RUNTIME_DIR)", buf, (unsigned)st.st_uid);
	else if (st.st_mode & (S_IWGRP | S_IWOTH))
		rc = hwpc_err_set(err, HWPC_EOP, "%s can be written by others (mode %04o), refused: 'chmod 700 %s' "
				  "makes it private", buf, (unsigned)(st.st_mode & 07777), buf);
	if (rc) {
		close(fd);
		return rc;
	}
	*dirfd = fd;
	return 0;
}

int hwpc_runtime_dir(char *buf, size_t len, struct hwpc_err *err)
{
	int fd;
	if (hwpc_runtime_dir_open(buf, len, &fd, err))
		return err ? err->status : HWPC_EOP;
	close(fd);
	return 0;
}
