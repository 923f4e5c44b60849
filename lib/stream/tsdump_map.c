/* SPDX-License-Identifier: MIT */
/* tsdump's file input through a sliding read-only mapping (see
 * tsdump_file.c): no copy into a buffer, so the decoder's own loads bring
 * the data in, overlapped with its work (read(2) copies first, then the
 * decoder starts: 0.15 s a GiB here).  Windows keep the mapped, resident
 * part bounded.
 *
 * A file that shrinks under its mapping raises SIGBUS on the next access.
 * That becomes an error: a handler, installed while any feed runs (counted,
 * so that feeds on several threads or by several callers share it), jumps
 * back into the feed of the thread that faulted, and passes any other
 * SIGBUS on to the handler that was there before.  The jump buffer is per
 * thread, in initial-exec TLS so that the handler never calls the TLS
 * allocator (this takes ~200 bytes of the static TLS block that dlopen()ed
 * libraries share). */
#include "core/err_local.h"
#include "stream/tsdump_state.h"

#include <errno.h>
#include <setjmp.h>
#include <signal.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define TLS _Thread_local __attribute__((tls_model("initial-exec")))
static TLS sigjmp_buf map_jmp;
static TLS volatile sig_atomic_t map_active;

static pthread_mutex_t sig_lock = PTHREAD_MUTEX_INITIALIZER;
static unsigned sig_users;
static struct sigaction sig_before; /* set before ours goes in, read-only while it is */

static void on_sigbus(int sig, siginfo_t *si, void *uc)
{
	if (map_active)
		siglongjmp(map_jmp, 1);
	/* Not a mapping of ours: what the program had. */
	if (sig_before.sa_flags & SA_SIGINFO) {
		sig_before.sa_sigaction(sig, si, uc);
		return;
	}
	if (sig_before.sa_handler != SIG_DFL && sig_before.sa_handler != SIG_IGN) {
		sig_before.sa_handler(sig);
		return;
	}
	signal(sig, SIG_DFL);
	raise(sig);
}

void tsdump_sigbus_hold(void)
{
	pthread_mutex_lock(&sig_lock);
	if (sig_users++ == 0) {
		struct sigaction sa = { .sa_sigaction = on_sigbus, .sa_flags = SA_SIGINFO };
		sigemptyset(&sa.sa_mask);
		sigaction(SIGBUS, &sa, &sig_before);
	}
	pthread_mutex_unlock(&sig_lock);
}

void tsdump_sigbus_release(void)
{
	pthread_mutex_lock(&sig_lock);
	if (--sig_users == 0)
		sigaction(SIGBUS, &sig_before, NULL);
	pthread_mutex_unlock(&sig_lock);
}

static void report(struct tsdump_src *s, uint64_t n)
{
	if (!s->fo || !s->fo->progress)
		return;
	pthread_mutex_lock(&s->lock);
	s->fo->progress(s->fo->ctx, n);
	pthread_mutex_unlock(&s->lock);
}

int tsdump_map_feed(struct hwpc_tsdump *t, struct tsdump_src *s, uint64_t from, uint64_t to, bool progress,
		    bool *unmappable, struct hwpc_err *err)
{
	uint64_t page = (uint64_t)sysconf(_SC_PAGESIZE);
	uint8_t *volatile m = NULL;
	volatile size_t maplen = 0;

	if (unmappable)
		*unmappable = false;
	if (sigsetjmp(map_jmp, 1)) {
		map_active = 0;
		munmap(m, maplen);
		return hwpc_err_set(err, HWPC_EOP, "%s: the file shrank while it was being read", s->name);
	}
	for (uint64_t at = from; at < to;) {
		uint64_t base = at - at % page, n = to - at < TSDUMP_WINDOW ? to - at : TSDUMP_WINDOW;
		maplen = (size_t)(at - base + n);
		m = mmap(NULL, maplen, PROT_READ, MAP_PRIVATE, s->fd, (off_t)base);
		if (m == MAP_FAILED) {
			char buf[128];
			if (unmappable && at == from) {
				*unmappable = true;
				return 0;
			}
			return hwpc_err_set(err, HWPC_EOP, "%s: %s", s->name, strerror_r(errno, buf, sizeof buf));
		}
		madvise(m, maplen, MADV_SEQUENTIAL);
		map_active = 1;
		int stop = hwpc_tsdump_feed(t, m + (at - base), (size_t)n, err);
		map_active = 0;
		munmap(m, maplen);
		if (stop)
			return err->status;
		at += n;
		if (progress)
			report(s, n);
	}
	return 0;
}
