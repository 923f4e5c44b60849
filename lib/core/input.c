/* SPDX-License-Identifier: MIT */
/* Files the user named, opened for reading under one exit-status rule
 * (hwpc/input.h). */
#include "core/err_local.h"
#include "hwpc/core.h"
#include "core/core_cmd.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int hwpc_input_open(const char *path, const char *what, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	struct stat st;
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	int why = fd < 0 ? errno : fstat(fd, &st) ? errno : S_ISDIR(st.st_mode) ? EISDIR : 0;
	if (!why)
		return fd;
	if (fd >= 0)
		close(fd);
	hwpc_err_set(err, HWPC_EINPUT, "cannot read %s%s%s: %s", what ? what : "", what ? " " : "", path,
		     strerror(why));
	return -1;
}

FILE *hwpc_input_fopen(const char *path, const char *what, struct hwpc_err *err)
{
	int fd = hwpc_input_open(path, what, err);
	if (fd < 0)
		return NULL;
	FILE *fp = fdopen(fd, "r");
	if (!fp) {
		hwpc_err_set(err, HWPC_EOP, "cannot read %s: %s", path, strerror(errno));
		close(fd);
	}
	return fp;
}
