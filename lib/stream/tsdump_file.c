/* SPDX-License-Identifier: MIT */
/* tsdump's input from a regular file (see hwpc/stream.h): mapped in
 * windows (tsdump_map.c), and, for the summary of a Tensix stream, decoded
 * in pieces on several threads.
 *
 * The summary is CPU-bound (bench/RESULTS.md), so a large input is cut
 * into pieces at units that look like a full-timestamp event
 * (hwpc_tensix_dec_sync_unit), a pool of threads decodes the pieces, each into
 * a tsdump of its own, and as pieces finish they are brought into the
 * caller's tsdump in order: joined, or, when the join would not give what
 * one pass gives (tsdump_piece.c), decoded again after the one before.
 * The output never depends on the threads.  Refused joins cost time, so
 * after SERIAL_AFTER of them no more pieces are handed out: the rest is
 * decoded once, in order, into the caller's tsdump. */
#include "core/err_local.h"
#include "stream/tsdump_state.h"
#include "tensix/tensix_cmd.h"

#include <sched.h>
#include <signal.h>
#include <stdlib.h>
#include <unistd.h>

#define DEFAULT_PIECE (16ull << 20) /* smallest piece worth a thread */
#define MAX_THREADS HWPC_TSDUMP_MAX_THREADS
#define PIECES_PER_THREAD 4         /* more pieces than threads: a slow thread holds up less */
#define SYNC_SCAN (1u << 20)        /* bytes searched for a piece's start */
#define SERIAL_AFTER 2              /* refused joins before the pieces stop */

static unsigned cpus(void)
{
	cpu_set_t set;
	if (sched_getaffinity(0, sizeof set, &set))
		return 1;
	int n = CPU_COUNT(&set);
	return n < 1 ? 1 : (unsigned)n;
}

/* A piece may start at the first unit hwpc_tensix_dec_sync_unit finds at or
 * after offset at (a multiple of 16, at least 16), before limit.  0 when
 * none. */
static uint64_t piece_start(struct tsdump_src *s, uint64_t at, uint64_t limit, uint8_t *buf)
{
	uint64_t from = at - 16, want = limit - from < SYNC_SCAN ? limit - from : SYNC_SCAN;
	ssize_t got = pread(s->fd, buf, (size_t)want, (off_t)from);
	if (got < 32)
		return 0;
	size_t units = (size_t)got / 16, u = hwpc_tensix_dec_sync_unit(buf, units);
	return u < units ? from + 16 * u : 0;
}

struct piece {
	struct hwpc_tsdump *t; /* the caller's for the first piece */
	uint64_t from, to;
	bool done;
	int rc;
	struct hwpc_err err;
};

/* Plan the pieces of [from, to) (from a multiple of 16): starts where a
 * piece may start near even shares; fewer when none is found there.
 * Returns how many. */
static unsigned plan(struct tsdump_src *s, uint64_t from, uint64_t to, unsigned want, struct piece *p)
{
	uint8_t *buf = malloc(SYNC_SCAN);
	uint64_t share = (to - from) / want;
	unsigned n = 0;
	p[n++].from = from;
	for (unsigned i = 1; buf && i < want; i++) {
		uint64_t at = (from + share * i) & ~(uint64_t)15;
		uint64_t limit = i + 1 < want ? (from + share * (i + 1)) & ~(uint64_t)15 : to;
		uint64_t st = at >= 16 && at > p[n - 1].from ? piece_start(s, at, limit, buf) : 0;
		if (st)
			p[n++].from = st;
	}
	for (unsigned i = 0; i < n; i++)
		p[i].to = i + 1 < n ? p[i + 1].from : to;
	free(buf);
	return n;
}

struct pool {
	struct hwpc_tsdump *t;
	struct tsdump_src *src;
	struct piece *p;
	unsigned n;
	pthread_mutex_t lock; /* everything below */
	unsigned next;        /* the next piece to hand out */
	unsigned frontier;    /* the pieces before it are in t */
	unsigned refused;
	bool advancing;       /* a thread is moving the frontier */
	int rc;               /* the first error: nothing more is done */
	struct hwpc_err err;
};

/* Piece i, decoded, into t: joined, or decoded again after t's bytes (a
 * piece that failed is decoded again too: an error that persists is
 * reported then).  *refused: how much a refusal counts; a piece whose
 * token table overflowed (it stopped early) says the stream has more
 * tokens than pieces can keep: no more pieces.  Only the thread moving
 * the frontier calls this. */
static int settle(struct pool *pl, unsigned i, unsigned *refused, struct hwpc_err *err)
{
	struct piece *p = &pl->p[i];
	if (i == 0) { /* t itself */
		*err = p->err;
		return p->rc;
	}
	if (!p->rc && tsdump_piece_join(pl->t, p->t)) {
		pl->t->pieces_joined++;
		return 0;
	}
	*refused = p->t->other_count ? SERIAL_AFTER : 1;
	pl->t->pieces_redone++;
	return tsdump_map_feed(pl->t, pl->src, p->from, p->to, false, NULL, err);
}

/* With the lock held: move the frontier over the pieces done, in order,
 * and, once pieces are no longer handed out, over the rest, decoding them
 * into t here.  One thread at a time; the others' pieces are seen done
 * when it relocks. */
static void advance(struct pool *pl)
{
	if (pl->advancing)
		return;
	pl->advancing = true;
	while (!pl->rc && pl->frontier < pl->n) {
		unsigned i = pl->frontier;
		struct piece *p = &pl->p[i];
		bool serial = pl->refused >= SERIAL_AFTER && i == pl->next;
		if (!p->done && !serial)
			break;
		if (serial)
			pl->next++;
		pthread_mutex_unlock(&pl->lock);
		struct hwpc_err err;
		unsigned refused = 0;
		int rc;
		if (serial) {
			pl->t->pieces_serial++;
			rc = tsdump_map_feed(pl->t, pl->src, p->from, p->to, true, NULL, &err);
		} else {
			rc = settle(pl, i, &refused, &err);
			if (i) { /* done with: its tables go now, not at the end */
				hwpc_tsdump_free(p->t);
				p->t = NULL;
			}
		}
		pthread_mutex_lock(&pl->lock);
		if (rc && !pl->rc) {
			pl->rc = rc;
			pl->err = err;
		}
		pl->refused += refused;
		pl->frontier++;
	}
	pl->advancing = false;
}

static void *worker(void *arg)
{
	struct pool *pl = arg;
	pthread_mutex_lock(&pl->lock);
	while (!pl->rc && pl->next < pl->n && pl->refused < SERIAL_AFTER) {
		struct piece *p = &pl->p[pl->next++];
		pthread_mutex_unlock(&pl->lock);
		p->rc = tsdump_map_feed(p->t, pl->src, p->from, p->to, true, NULL, &p->err);
		pthread_mutex_lock(&pl->lock);
		p->done = true;
		advance(pl);
	}
	advance(pl); /* the pieces no longer handed out, if it falls to us */
	pthread_mutex_unlock(&pl->lock);
	return NULL;
}

static int run_pieces(struct hwpc_tsdump *t, struct tsdump_src *src, struct piece *p, unsigned n,
		      unsigned threads, struct hwpc_err *err)
{
	struct pool pl = { .t = t, .src = src, .p = p, .n = n };
	p[0].t = t;
	for (unsigned i = 1; i < n; i++) {
		if (!(p[i].t = tsdump_piece_new(t, p[i].from, err))) {
			/* out of memory, say: one pass needs none of this */
			for (unsigned k = 1; k < i; k++)
				hwpc_tsdump_free(p[k].t);
			return tsdump_map_feed(t, src, p[0].from, p[n - 1].to, true, NULL, err);
		}
	}
	pthread_mutex_init(&pl.lock, NULL);
	pthread_t tid[MAX_THREADS];
	unsigned started = 0;
	for (; started + 1 < threads && started + 1 < n; started++)
		if (pthread_create(&tid[started], NULL, worker, &pl))
			break; /* fewer threads: the rest is done here */
	worker(&pl);
	for (unsigned i = 0; i < started; i++)
		pthread_join(tid[i], NULL);
	pthread_mutex_destroy(&pl.lock);
	for (unsigned i = 1; i < n; i++)
		hwpc_tsdump_free(p[i].t); /* those an error left behind */
	if (pl.rc)
		*err = pl.err;
	return pl.rc;
}

int hwpc_tsdump_feed_file(struct hwpc_tsdump *t, int fd, const char *name, uint64_t len,
			  const struct hwpc_tsdump_file *fo, bool *mapped, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	struct tsdump_src src = { .fd = fd, .name = name, .fo = fo };
	int rc = 0;

	*mapped = true;
	if (!len)
		return 0;
	/* Pieces count offsets from the start of the input: t must have
	 * been fed nothing yet. */
	bool split = tsdump_splittable(t) && hwpc_tensix_dec_summary(t->ts)->bytes == 0;
	unsigned threads = fo && fo->threads ? fo->threads : cpus();
	uint64_t piece = fo && fo->piece ? fo->piece : DEFAULT_PIECE;
	threads = threads > MAX_THREADS ? MAX_THREADS : threads;
	unsigned want = threads * PIECES_PER_THREAD;
	if (len / piece < want)
		want = (unsigned)(len / piece);

	/* A SIGBUS the caller blocks would kill the process: not here (the
	 * threads inherit the mask). */
	sigset_t bus, mask;
	sigemptyset(&bus);
	sigaddset(&bus, SIGBUS);
	pthread_sigmask(SIG_UNBLOCK, &bus, &mask);
	pthread_mutex_init(&src.lock, NULL);
	tsdump_sigbus_hold();

	/* The first window, alone, tells whether the file can be mapped. */
	uint64_t first = len < TSDUMP_WINDOW ? len : TSDUMP_WINDOW;
	bool unmappable;
	rc = tsdump_map_feed(t, &src, 0, first, true, &unmappable, err);
	if (unmappable) {
		*mapped = false;
	} else if (!rc && first < len) {
		struct piece p[MAX_THREADS * PIECES_PER_THREAD] = { 0 };
		unsigned n = split && threads > 1 && want > 1 ? plan(&src, first, len, want, p) : 1;
		if (n > 1)
			rc = run_pieces(t, &src, p, n, threads, err);
		else
			rc = tsdump_map_feed(t, &src, first, len, true, NULL, err);
	}
	tsdump_sigbus_release();
	pthread_mutex_destroy(&src.lock);
	pthread_sigmask(SIG_SETMASK, &mask, NULL);
	return rc;
}
