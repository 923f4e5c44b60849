/* SPDX-License-Identifier: MIT */
/* The state file's lock, taken in turn.
 *
 * flock alone is a scramble: when the holder lets go, every waiter wakes
 * and whoever runs first wins, often the process that just let go and
 * wants it again at its next register access.  Under load a command could
 * wait for minutes (issue 29).  So the waiters queue: each takes a ticket
 * from a counter in the mapped header, holds the byte-range lock of its
 * ticket's slot while it waits and works, and waits for the slot of the
 * ticket before its own to be let go.  Byte-range locks (open file
 * description locks, F_OFD_SETLKW) go with the process: a waiter or holder
 * that dies lets the next one through, as flock does.
 *
 * A ticket is taken under a short byte-range lock of its own, and the
 * ticket's slot is locked before that is let go: by the time anyone holds
 * the next ticket, this one's slot is locked, so nobody overtakes it.  The
 * slots wrap after SLOTS tickets (the 4097th waiter waits for its slot to
 * be let go as well).  flock still excludes, as before the queue. */
#include "sim/sim.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/file.h>
#include <time.h>

/* Slots live far past any state file's end (a lock needs no data there),
 * the ticket lock just before them. */
#define SLOT_BASE ((off_t)1 << 52)
#define SLOTS 4096u
#define TICKET_LOCK (SLOT_BASE - 1)

static void byte_lock(int fd, off_t at, short type)
{
	struct flock fl = { .l_type = type, .l_whence = SEEK_SET, .l_start = at, .l_len = 1 };
	while (fcntl(fd, type == F_UNLCK ? F_OFD_SETLK : F_OFD_SETLKW, &fl) && errno == EINTR)
		;
}

static void range_lock(int fd, uint64_t ticket, short type)
{
	byte_lock(fd, SLOT_BASE + (off_t)(ticket % SLOTS), type);
}

void sim_lock_init(struct sim_lock *l, int fd, uint64_t *ticket)
{
	l->fd = fd;
	l->ticket = ticket;
	l->mine = 0;
	l->depth = 0;
}

void sim_lock_take(struct sim_lock *l)
{
	struct timespec ts;
	if (l->depth++)
		return;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	l->asked_at = (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
	if (l->ticket) {
		byte_lock(l->fd, TICKET_LOCK, F_WRLCK);
		l->mine = __atomic_fetch_add(l->ticket, 1, __ATOMIC_SEQ_CST);
		range_lock(l->fd, l->mine, F_WRLCK);
		byte_lock(l->fd, TICKET_LOCK, F_UNLCK);
		/* my turn comes when the one before me has let its slot go */
		range_lock(l->fd, l->mine - 1, F_WRLCK);
		range_lock(l->fd, l->mine - 1, F_UNLCK);
	}
	while (flock(l->fd, LOCK_EX) && errno == EINTR)
		;
}

void sim_lock_drop(struct sim_lock *l)
{
	if (!l->depth || --l->depth)
		return;
	flock(l->fd, LOCK_UN);
	if (l->ticket)
		range_lock(l->fd, l->mine, F_UNLCK);
}

unsigned sim_lock_waiting(const struct sim_lock *l)
{
	if (!l->ticket || !l->depth)
		return 0;
	uint64_t next = __atomic_load_n(l->ticket, __ATOMIC_RELAXED);
	return next > l->mine + 1 ? (unsigned)(next - l->mine - 1 < 1000000 ? next - l->mine - 1 : 1000000) : 0;
}
