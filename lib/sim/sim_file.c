/* SPDX-License-Identifier: MIT */
/* The state file's place on disk.  A state is never made or remade in the
 * file others use: it is built complete in a new file beside it, with its
 * blocks reserved, and moved into place by one link (first use) or rename
 * (a reset).  Every process so sees the old state or the new one, never a
 * half-made or a shrunk one (a mapping of a file cut short is a SIGBUS), a
 * reset interrupted by any signal leaves the old state, and a full
 * filesystem is an error at create, not a SIGBUS when a page is first
 * written.  Processes still using the state a reset replaced find it marked
 * superseded (sim_file_supersede) and stop. */
#include "core/err_local.h"
#include "sim/sim.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

/* path's directory ("." for a bare name). */
static void dir_of(const char *path, char *dir, size_t len)
{
	const char *slash = strrchr(path, '/');
	if (!slash)
		snprintf(dir, len, ".");
	else if (slash == path)
		snprintf(dir, len, "/");
	else
		snprintf(dir, len, "%.*s", (int)(slash - path), path);
}

/* When process pid started (clock ticks since boot, /proc/PID/stat field
 * 22), 0 if it does not exist or has ended: a PID with another start time
 * is another process (PIDs are reused), and a process killed whose parent
 * has not collected it yet (a zombie, state Z or X: timeout -s KILL kills
 * itself too, and the process is reaped later by whoever inherits it)
 * holds nothing. */
static unsigned long long started(long pid)
{
	char path[64], buf[1024];
	snprintf(path, sizeof path, "/proc/%ld/stat", pid);
	FILE *f = fopen(path, "r");
	size_t n = f ? fread(buf, 1, sizeof buf - 1, f) : 0;
	if (f)
		fclose(f);
	buf[n] = 0;
	char *p = strrchr(buf, ')'); /* the command name may hold anything */
	unsigned long long t = 0;
	if (p && (p[1] != ' ' || p[2] == 'Z' || p[2] == 'X'))
		return 0;
	for (int field = 2; p && *p && field < 22; field++)
		p = strchr(p + 1, ' ');
	if (p)
		t = strtoull(p + 1, NULL, 10);
	return t;
}

/* A name beside path no other process picks: path.new-PID-START-N. */
static int temp_name(const char *path, char *buf, size_t len)
{
	static unsigned n;
	return (size_t)snprintf(buf, len, "%s.new-%ld-%llu-%u", path, (long)getpid(), started((long)getpid()), n++) >=
			       len
		       ? -1
		       : 0;
}

/* What a process killed between naming a new state and renaming it into
 * place left behind (path.new-PID-START-N of a process that is gone);
 * path is relative to the directory at. */
static void remove_stale(int at, const char *path)
{
	char dir[600];
	const char *slash = strrchr(path, '/'), *base = slash ? slash + 1 : path;
	size_t blen = strlen(base);
	dir_of(path, dir, sizeof dir);
	int fd = openat(at, dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	DIR *d = fd >= 0 ? fdopendir(fd) : NULL;
	if (fd >= 0 && !d)
		close(fd);
	for (struct dirent *e; d && (e = readdir(d));) {
		char *end;
		if (strncmp(e->d_name, base, blen) || strncmp(e->d_name + blen, ".new-", 5))
			continue;
		long pid = strtol(e->d_name + blen + 5, &end, 10);
		if (pid <= 0 || *end != '-')
			continue;
		unsigned long long t = strtoull(end + 1, &end, 10);
		if (*end == '-' && pid != (long)getpid() && started(pid) != t)
			unlinkat(dirfd(d), e->d_name, 0);
	}
	if (d)
		closedir(d);
}

int sim_file_new(struct sim *s, struct sim_file_tmp *t, uint64_t size, struct hwpc_err *err)
{
	char dir[sizeof s->path];
	dir_of(s->name, dir, sizeof dir);
	t->name[0] = 0;
	t->dirfd = s->dirfd;
	remove_stale(s->dirfd, s->name);
	/* Unnamed until published: a process killed while building leaves
	 * nothing behind. */
	s->fd = openat(s->dirfd, dir, O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
	if (s->fd < 0 && (errno == EOPNOTSUPP || errno == EISDIR || errno == EINVAL)) {
		if (temp_name(s->name, t->name, sizeof t->name))
			return hwpc_err_set(err, HWPC_EINPUT, "state file name too long: %s", s->path);
		s->fd = openat(s->dirfd, t->name, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	}
	if (s->fd < 0)
		return hwpc_err_set(err, HWPC_EOP, "cannot open simulator state %s: %s", s->path, strerror(errno));
	/* Every block now: a filesystem that fills up later cannot turn a
	 * store into the mapping into a SIGBUS. */
	int rc = size > (uint64_t)INT64_MAX ? EFBIG : posix_fallocate(s->fd, 0, (off_t)size);
	if (rc)
		return hwpc_err_set(err, HWPC_EOP, "cannot create simulator state %s: %s (it needs %.1f MiB)",
				    s->path, strerror(rc), (double)size / 1048576.0);
	return 0;
}

void sim_file_discard(struct sim_file_tmp *t)
{
	if (t->name[0])
		unlinkat(t->dirfd, t->name, 0);
	t->name[0] = 0;
}

int sim_file_publish(struct sim *s, struct sim_file_tmp *t, bool replace, struct hwpc_err *err)
{
	char proc[64], tmp[sizeof t->name];
	snprintf(proc, sizeof proc, "/proc/self/fd/%d", s->fd);
	if (!replace) {
		/* link, not rename: a state another process put there first wins */
		int rc = t->name[0] ? linkat(t->dirfd, t->name, s->dirfd, s->name, 0)
				    : linkat(AT_FDCWD, proc, s->dirfd, s->name, AT_SYMLINK_FOLLOW);
		if (rc && errno == EEXIST)
			return SIM_AGAIN;
		if (rc)
			return hwpc_err_set(err, HWPC_EOP, "cannot create simulator state %s: %s", s->path,
					    strerror(errno));
		sim_file_discard(t);
		return 0;
	}
	/* a named state beside the old one, then the rename: INT, TERM and
	 * the like wait until both are done (KILL cannot; what it leaves is
	 * removed by the next state made there) */
	sigset_t all, old;
	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, &old);
	int rc = 0;
	if (!t->name[0]) {
		if (temp_name(s->name, tmp, sizeof tmp))
			rc = hwpc_err_set(err, HWPC_EINPUT, "state file name too long: %s", s->path);
		else if (linkat(AT_FDCWD, proc, s->dirfd, tmp, AT_SYMLINK_FOLLOW))
			rc = hwpc_err_set(err, HWPC_EOP, "cannot create simulator state %s: %s", s->path,
					  strerror(errno));
		else
			snprintf(t->name, sizeof t->name, "%s", tmp);
	}
	if (!rc && renameat(t->dirfd, t->name, s->dirfd, s->name)) {
		int e = errno;
		sim_file_discard(t);
		rc = hwpc_err_set(err, HWPC_EOP, "cannot replace simulator state %s: %s", s->path, strerror(e));
	}
	if (!rc)
		t->name[0] = 0;
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	return rc;
}

bool sim_file_is_current(const struct sim *s)
{
	struct stat a, b;
	return !fstat(s->fd, &a) && !fstatat(s->dirfd, s->name, &b, AT_SYMLINK_NOFOLLOW) && a.st_dev == b.st_dev &&
	       a.st_ino == b.st_ino;
}

void sim_file_supersede(int fd)
{
	struct sim_header h;
	uint32_t one = 1;
	if (pread(fd, &h, sizeof h, 0) == (ssize_t)sizeof h && !memcmp(h.magic, SIM_MAGIC, sizeof SIM_MAGIC) &&
	    h.version == SIM_VERSION && h.header_size == sizeof h)
		(void)!pwrite(fd, &one, sizeof one, offsetof(struct sim_header, superseded));
}

uint64_t *sim_file_ticket(int fd, void **map)
{
	struct sim_header h;
	*map = NULL;
	if (pread(fd, &h, sizeof h, 0) != (ssize_t)sizeof h || memcmp(h.magic, SIM_MAGIC, sizeof SIM_MAGIC) ||
	    h.version != SIM_VERSION || h.header_size != sizeof h)
		return NULL;
	void *p = mmap(NULL, sizeof h, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (p == MAP_FAILED)
		return NULL;
	*map = p;
	return &((struct sim_header *)p)->lock_ticket;
}
