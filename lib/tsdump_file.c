/* tsdump's input from a regular file (see hwpc/tsdump.h): mapped in
 * windows rather than read into a buffer, and, for the summary of a Tensix
 * stream, decoded in pieces on several threads.
 *
 * Mapping: read(2) copies first and decodes after (0.15 s a GiB here);
 * through a mapping the decoder's own loads bring the data in while it
 * works.  Windows keep the mapped, resident part bounded.  A file that
 * shrinks under its mapping raises SIGBUS on the next access: that becomes
 * an error, not a crash (the jump buffer is per thread).
 *
 * Pieces: the summary is CPU-bound (bench/RESULTS.md), so a large input is
 * cut into pieces at units that look like a full-timestamp event
 * (hwpc_tsdec_sync_unit), the pieces are decoded by as many threads as
 * asked, each into a tsdump of its own, and joined in order.  A join that
 * would not give what one pass gives is refused (tsdump_piece.c) and that
 * piece is decoded again after the one before it: the output never
 * depends on the threads. */
#include "err_local.h"
#include "tsdump_internal.h"

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <setjmp.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define WINDOW (2u << 20)           /* bytes mapped at a time */
#define DEFAULT_PIECE (16ull << 20) /* smallest piece worth a thread */
#define MAX_THREADS 8
#define PIECES_PER_THREAD 4         /* more pieces than threads: a slow thread holds up less */
#define SYNC_SCAN (1u << 20)        /* bytes searched for a piece's start */

/* Initial-exec: the signal handler must not call into the TLS allocator. */
#define TLS _Thread_local __attribute__((tls_model("initial-exec")))
static TLS sigjmp_buf map_jmp;
static TLS volatile sig_atomic_t map_active;

static void on_sigbus(int sig)
{
	if (map_active)
		siglongjmp(map_jmp, 1);
	signal(sig, SIG_DFL);
	raise(sig);
}

struct run {
	int fd;
	const char *name;
	const struct hwpc_tsdump_file *fo;
	pthread_mutex_t lock; /* progress calls, one at a time */
};

static void report(struct run *r, uint64_t n)
{
	if (!r->fo || !r->fo->progress)
		return;
	pthread_mutex_lock(&r->lock);
	r->fo->progress(r->fo->ctx, n);
	pthread_mutex_unlock(&r->lock);
}

/* Bytes [from, to) of the file to t, window by window.  *unmappable: the
 * first window could not be mapped (nothing was fed). */
static int map_feed(struct hwpc_tsdump *t, struct run *r, uint64_t from, uint64_t to, bool progress,
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
		return hwpc_err_set(err, HWPC_EOP, "%s: the file shrank while it was being read", r->name);
	}
	for (uint64_t at = from; at < to;) {
		uint64_t base = at - at % page, n = to - at < WINDOW ? to - at : WINDOW;
		maplen = (size_t)(at - base + n);
		m = mmap(NULL, maplen, PROT_READ, MAP_PRIVATE, r->fd, (off_t)base);
		if (m == MAP_FAILED) {
			if (unmappable && at == from) {
				*unmappable = true;
				return 0;
			}
			return hwpc_err_set(err, HWPC_EOP, "%s: %s", r->name, strerror(errno));
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
			report(r, n);
	}
	return 0;
}

static unsigned cpus(void)
{
	cpu_set_t set;
	if (sched_getaffinity(0, sizeof set, &set))
		return 1;
	int n = CPU_COUNT(&set);
	return n < 1 ? 1 : (unsigned)n;
}

/* A piece may start at the first unit hwpc_tsdec_sync_unit finds at or
 * after offset at (a multiple of 16, at least 16), before limit.  0 when
 * none. */
static uint64_t piece_start(struct run *r, uint64_t at, uint64_t limit, uint8_t *buf)
{
	uint64_t from = at - 16, want = limit - from < SYNC_SCAN ? limit - from : SYNC_SCAN;
	ssize_t got = pread(r->fd, buf, (size_t)want, (off_t)from);
	if (got < 32)
		return 0;
	size_t units = (size_t)got / 16, u = hwpc_tsdec_sync_unit(buf, units);
	return u < units ? from + 16 * u : 0;
}

struct piece {
	struct hwpc_tsdump *t; /* the caller's for the first piece */
	uint64_t from, to;
	int rc;
	struct hwpc_err err;
};

struct pool {
	struct run *r;
	struct piece *p;
	unsigned n;
	atomic_uint next;
};

static void *worker(void *arg)
{
	struct pool *pl = arg;
	for (unsigned i; (i = atomic_fetch_add(&pl->next, 1)) < pl->n;) {
		struct piece *p = &pl->p[i];
		p->rc = map_feed(p->t, pl->r, p->from, p->to, true, NULL, &p->err);
	}
	return NULL;
}

/* Plan the pieces of [from, to) (from a multiple of 16): starts where a
 * piece may start near even shares; fewer when none is found there.
 * Returns how many. */
static unsigned plan(struct run *r, uint64_t from, uint64_t to, unsigned want, struct piece *p)
{
	uint8_t *buf = malloc(SYNC_SCAN);
	uint64_t share = (to - from) / want;
	unsigned n = 0;
	p[n++].from = from;
	for (unsigned i = 1; buf && i < want; i++) {
		uint64_t at = (from + share * i) & ~(uint64_t)15;
		uint64_t limit = i + 1 < want ? (from + share * (i + 1)) & ~(uint64_t)15 : to;
		uint64_t s = at >= 16 && at > p[n - 1].from ? piece_start(r, at, limit, buf) : 0;
		if (s)
			p[n++].from = s;
	}
	for (unsigned i = 0; i < n; i++)
		p[i].to = i + 1 < n ? p[i + 1].from : to;
	free(buf);
	return n;
}

/* Decode the pieces on threads, then join them in order (or decode a
 * piece again after its predecessor when the join is refused). */
static int run_pieces(struct hwpc_tsdump *t, struct run *r, struct piece *p, unsigned n, unsigned threads,
		      struct hwpc_err *err)
{
	int rc = 0;
	p[0].t = t;
	for (unsigned i = 1; i < n; i++) {
		if (!(p[i].t = tsdump_piece_new(t, p[i].from, err))) {
			rc = err->status;
			n = i;
			goto out;
		}
	}
	struct pool pl = { .r = r, .p = p, .n = n };
	atomic_init(&pl.next, 0);
	pthread_t tid[MAX_THREADS];
	unsigned started = 0;
	for (; started + 1 < threads && started + 1 < n; started++)
		if (pthread_create(&tid[started], NULL, worker, &pl))
			break; /* fewer threads: the rest is done here */
	worker(&pl);
	for (unsigned i = 0; i < started; i++)
		pthread_join(tid[i], NULL);

	for (unsigned i = 0; i < n && !rc; i++) {
		if (p[i].rc) {
			*err = p[i].err;
			rc = p[i].rc;
		} else if (i && tsdump_piece_join(t, p[i].t)) {
			t->pieces_joined++;
		} else if (i) {
			t->pieces_redone++;
			rc = map_feed(t, r, p[i].from, p[i].to, false, NULL, err);
		}
	}
out:
	for (unsigned i = 1; i < n; i++)
		hwpc_tsdump_free(p[i].t);
	return rc;
}

int hwpc_tsdump_feed_file(struct hwpc_tsdump *t, int fd, const char *name, uint64_t len,
			  const struct hwpc_tsdump_file *fo, bool *mapped, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	struct run r = { .fd = fd, .name = name, .fo = fo };
	struct sigaction sa = { .sa_handler = on_sigbus }, old;
	int rc = 0;

	*mapped = true;
	if (!len)
		return 0;
	pthread_mutex_init(&r.lock, NULL);
	sigemptyset(&sa.sa_mask);
	sigaction(SIGBUS, &sa, &old);

	unsigned threads = fo && fo->threads ? fo->threads : cpus();
	uint64_t piece = fo && fo->piece ? fo->piece : DEFAULT_PIECE;
	threads = threads > MAX_THREADS ? MAX_THREADS : threads;
	unsigned want = threads * PIECES_PER_THREAD;
	if (len / piece < want)
		want = (unsigned)(len / piece);

	/* The first window, alone, tells whether the file can be mapped. */
	uint64_t first = len < WINDOW ? len : WINDOW;
	bool unmappable;
	rc = map_feed(t, &r, 0, first, true, &unmappable, err);
	if (unmappable) {
		*mapped = false;
	} else if (!rc && first < len) {
		struct piece p[MAX_THREADS * PIECES_PER_THREAD] = { 0 };
		unsigned n = threads > 1 && want > 1 && tsdump_splittable(t) ? plan(&r, first, len, want, p) : 1;
		if (n > 1)
			rc = run_pieces(t, &r, p, n, threads, err);
		else
			rc = map_feed(t, &r, first, len, true, NULL, err);
	}
	sigaction(SIGBUS, &old, NULL);
	pthread_mutex_destroy(&r.lock);
	return rc;
}
