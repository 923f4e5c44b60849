/* SPDX-License-Identifier: MIT */
/* The user's private runtime directory (rundir.h). */
#include "core/rundir.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int hwpc_runtime_dir(char *buf, size_t len, struct hwpc_err *err)
{
	const char *run = getenv("XDG_RUNTIME_DIR");
	struct stat st;
	int n;
	if (run && *run && !stat(run, &st) && S_ISDIR(st.st_mode))
		n = snprintf(buf, len, "%s/hwpc", run);
	else
		n = snprintf(buf, len, "/tmp/hwpc-%u", (unsigned)getuid());
	if (n < 0 || (size_t)n >= len)
		return hwpc_err_set(err, HWPC_EINPUT, "runtime directory name too long (XDG_RUNTIME_DIR)");
	if (mkdir(buf, 0700) && errno != EEXIST)
		return hwpc_err_set(err, HWPC_EOP, "cannot create %s: %s", buf, strerror(errno));
	/* lstat: a symlink planted there by someone else is not ours either. */
	if (lstat(buf, &st))
		return hwpc_err_set(err, HWPC_EOP, "cannot stat %s: %s", buf, strerror(errno));
	if (!S_ISDIR(st.st_mode))
		return hwpc_err_set(err, HWPC_EOP, "%s is not a directory (set XDG_RUNTIME_DIR)", buf);
	if (st.st_uid != getuid())
		return hwpc_err_set(err, HWPC_EOP, "%s belongs to another user (set XDG_RUNTIME_DIR)", buf);
	return 0;
}
