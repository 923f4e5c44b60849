/* SPDX-License-Identifier: MIT */
/* Removing the temporary files of dead -o writers (outfile_sweep.h). */
#include "outfile_sweep.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

void outfile_hold_lock(int fd)
{
	/* blocking: a sweeper holds a lock only while it removes the name */
	while (flock(fd, LOCK_EX) && errno == EINTR)
		;
}

char *outfile_dir_of(const char *path)
{
	const char *slash = strrchr(path, '/');
	if (!slash)
		return strdup(".");
	if (slash == path)
		return strdup("/");
	return strndup(path, (size_t)(slash - path));
}

/* name is ".BASE.hwpc-XXXXXX" with six letters or digits (BASE cut as
 * outfile.c's tmp_name cuts it). */
static bool is_tmp_of(const char *name, const char *base)
{
	size_t n = strlen(base), m = strlen(OUTFILE_TMP_MARK);
	if (n > OUTFILE_TMP_BASE_MAX)
		n = OUTFILE_TMP_BASE_MAX;
	if (name[0] != '.' || strncmp(name + 1, base, n) || name[1 + n] != '.' ||
	    strncmp(name + 2 + n, OUTFILE_TMP_MARK, m))
		return false;
	const char *x = name + 2 + n + m;
	if (strlen(x) != 6)
		return false;
	for (int i = 0; i < 6; i++)
		if (!((x[i] >= 'a' && x[i] <= 'z') || (x[i] >= 'A' && x[i] <= 'Z') || (x[i] >= '0' && x[i] <= '9')))
			return false;
	return true;
}

/* Remove dir/name if it is our user's regular file and no one holds it.
 * The lock is taken before the name is checked again, so a writer that
 * locks after us finds its name gone and makes another (outfile.c). */
static void sweep_one(int dfd, const char *name)
{
	/* for writing: NFS locks a file only so (flock(2)) */
	int fd = openat(dfd, name, O_RDWR | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
	if (fd < 0)
		return;
	struct stat st, now;
	if (!fstat(fd, &st) && S_ISREG(st.st_mode) && st.st_uid == geteuid() &&
	    !flock(fd, LOCK_EX | LOCK_NB) && !fstatat(dfd, name, &now, AT_SYMLINK_NOFOLLOW) &&
	    now.st_dev == st.st_dev && now.st_ino == st.st_ino)
		unlinkat(dfd, name, 0);
	close(fd);
}

void outfile_sweep(const char *path)
{
	static char *swept;
	if (swept && !strcmp(swept, path))
		return;
	free(swept);
	swept = strdup(path);

	const char *slash = strrchr(path, '/');
	const char *base = slash ? slash + 1 : path;
	char *dir = outfile_dir_of(path);
	if (!dir || !*base) {
		free(dir);
		return;
	}
	DIR *d = opendir(dir);
	free(dir);
	if (!d)
		return;
	struct dirent *e;
	while ((e = readdir(d)))
		if (is_tmp_of(e->d_name, base))
			sweep_one(dirfd(d), e->d_name);
	closedir(d);
}
