/* SPDX-License-Identifier: MIT */
/* Internal to tsdump's library part: the state of one tsdump, which all of
 * its files share, and what each file offers the others.  tsdump.c makes
 * the state and dispatches each item to one output part: the JSON and CSV
 * rows (tsdump_rows.c), the trace (tsdump_trace.c), the statistics and
 * summary (tsdump_stats.c) or the record-buffer path (tsdump_recbuf.c).
 * What the parts share stands below them (tsdump_out.c, tsdump_slice.c),
 * so no part calls back into tsdump.c. */
#ifndef HWPC_TSDUMP_STATE_H
#define HWPC_TSDUMP_STATE_H

#include <pthread.h>

#include "hwpc/stream.h"
#include "output/output_row.h"

/* The trace's tracks: one process, the events (the two buffers hold one
 * stream, in order) and the anomalies. */
enum { PID_TENSIX = 1, TID_EVENTS = 1, TID_ANOMALY = 9 };

#define SLICE_DEPTH 64  /* nested begins per name kept; deeper ones count as unmatched */
#define MAX_LOSSES 1000 /* loss records the summary lists; the rest are counted */

/* JSON and CSV rows of a Tensix stream (tsdump_rows.c). */
struct tsrows {
	struct orow_out w;
	struct orow_kind ev, loss, info; /* compiled with the identity */
	struct orow_dec offset, index, ts; /* the last event row's, as text */
	char *header;                    /* the JSON header record or the CSV header row */
	size_t header_len, row_max;
	bool started;                    /* the header is written */
};

struct tokstat {
	uint32_t token;
	struct hwpc_tensix_tokstat s;
};

struct slicestat {
	uint64_t count, total, min, max;
	uint64_t unmatched_begin, unmatched_end;
	uint64_t stack[SLICE_DEPTH];
	unsigned depth;
};

struct loss {
	const char *kind;
	uint64_t offset;
	int buffer;
	char msg[192];
};

struct hwpc_tsdump {
	struct hwpc_tsdump_opts o;
	struct hwpc_tensix_layout lay;
	struct hwpc_rec_layout rec_lay; /* a copy: opts->rec_layout need not outlive us */
	struct hwpc_tensix_dec *ts;
	struct hwpc_recdec *rec;
	struct hwpc_out *out;     /* text; json and csv of records and summaries (and the reference path) */
	struct hwpc_trace *tr;    /* trace */
	struct tsrows rows;       /* json and csv of Tensix items */
	bool fast_rows;
	bool reference;           /* items through the generic writers only (tsdump_new_reference) */
	struct hwpc_err werr;     /* first write error */

	/* per-token statistics: small tokens (all a 32-bit event can carry)
	 * in direct (which the decoder updates in summary mode), others in
	 * toks through open addressing */
	struct hwpc_tensix_tokstat *direct;
	struct tokstat *toks;
	int32_t *slots;
	unsigned ntoks, mask;
	uint64_t *full;       /* once toks is full: a bit per hash of its tokens */
	uint64_t other_count; /* events of large tokens past HWPC_TSDUMP_MAX_TOKENS */
	struct slicestat *slices;
	uint64_t last_ts; /* latest event time, for anomalies in the trace */

	struct loss *losses;
	unsigned nloss;
	uint64_t more_losses;
	bool finished;

	/* pieces joined, decoded again because a join was refused, and
	 * decoded in order once refusals stopped the pieces (tsdump_file.c;
	 * for the tests and benchmarks) */
	unsigned pieces_joined, pieces_redone, pieces_serial;
	bool piece; /* a piece of the input (tsdump_piece_new) */
	bool device_shown; /* text: a writer named the device already */
};

/* tsdump_rows.c: a Tensix stream's records in JSON or CSV (t->o.fmt), the
 * fast path: rows_init -1 on out of memory, -2 if the schema's kinds are
 * not the ones it writes; rows_events and rows_item nonzero on a write
 * error.  rows_item_record: the same through t->out, the reference. */
extern const char *const tsdump_tensix_kinds[3];
int rows_init(struct hwpc_tsdump *t);
void rows_free(struct hwpc_tsdump *t);
int rows_flush(struct hwpc_tsdump *t);
int rows_events(struct hwpc_tsdump *t, const struct hwpc_tensix_ev *ev, size_t n);
int rows_item(struct hwpc_tsdump *t, const struct hwpc_tensix_item *it);
int rows_item_record(struct hwpc_tsdump *t, const struct hwpc_tensix_item *it);

/* tsdump_trace.c: a Tensix stream as a Chrome trace.  trace_names first;
 * trace_item for every item (the reference path: events too), trace_events
 * for batches of events (the fast path); trace_open_slices at the end. */
void trace_names(struct hwpc_tsdump *t);
int trace_item(void *ctx, const struct hwpc_tensix_item *it);
int trace_events(void *ctx, const struct hwpc_tensix_ev *ev, size_t n);
void trace_open_slices(struct hwpc_tsdump *t);

/* tsdump_stats.c */
int stats_init(struct hwpc_tsdump *t); /* -1: out of memory */
void stats_event(struct hwpc_tsdump *t, uint32_t token, uint64_t ts);
/* Free the large tokens' table (a piece that will not be joined). */
void stats_drop_large(struct hwpc_tsdump *t);
/* A slice ended (begin, end times); *pair set by the caller. */
void stats_loss(struct hwpc_tsdump *t, const char *kind, uint64_t offset, int buffer, const char *msg);
int stats_write_summary(struct hwpc_tsdump *t, struct hwpc_err *err);
/* A piece's statistics p after t's (tsdump_piece.c): whether merging
 * them gives what one table fed both would hold; then merge them. */
bool stats_mergeable(const struct hwpc_tsdump *t, const struct hwpc_tsdump *p);
void stats_merge(struct hwpc_tsdump *t, const struct hwpc_tsdump *p);
void stats_free(struct hwpc_tsdump *t);

/* tsdump_recbuf.c: PCOUNTER record buffers, in every format. */
int rec_item(void *ctx, const struct hwpc_rec_item *it);
int rec_summary(struct hwpc_tsdump *t, struct hwpc_err *err);
/* Declare the columns of packet rows (text table, CSV header). */
int rec_columns(struct hwpc_out *o, const struct hwpc_rec_layout *lay, enum hwpc_rec_format fmt, bool rates,
		struct hwpc_err *err);
void rec_trace_names(struct hwpc_tsdump *t);

/* tsdump_piece.c: the summary of a Tensix stream decoded in pieces.
 * Whether t may be; a tsdump for the piece from byte origin on (a
 * multiple of 16); join piece p, fed the bytes after t's, to t: false when
 * that would not give what feeding them to t gives (then do that). */
bool tsdump_splittable(const struct hwpc_tsdump *t);
struct hwpc_tsdump *tsdump_piece_new(const struct hwpc_tsdump *t, uint64_t origin, struct hwpc_err *err);
bool tsdump_piece_join(struct hwpc_tsdump *t, struct hwpc_tsdump *p);

/* tsdump_map.c: a regular file's bytes [from, to) into t through mapped
 * windows; progress: report them.  *unmappable (may be NULL): the first
 * window could not be mapped, nothing was fed.  The SIGBUS handler must be
 * held meanwhile. */
#define TSDUMP_WINDOW (2u << 20) /* bytes mapped at a time */
struct tsdump_src {
	int fd;
	const char *name;
	const struct hwpc_tsdump_file *fo; /* progress (may be NULL) */
	pthread_mutex_t lock;              /* progress calls, one at a time */
};
int tsdump_map_feed(struct hwpc_tsdump *t, struct tsdump_src *s, uint64_t from, uint64_t to, bool progress,
		    bool *unmappable, struct hwpc_err *err);
void tsdump_sigbus_hold(void);
void tsdump_sigbus_release(void);

/* tsdump.c */
/* hwpc_tsdump_new, with every item through the generic writers (the
 * reference the fast paths are tested against) when reference is set. */
struct hwpc_tsdump *tsdump_new(const struct hwpc_tsdump_opts *opts, bool reference, struct hwpc_err *err);

/* tsdump_out.c: what the output parts write with.  A record writer on t's
 * output: the command and device named (text: the device only in the
 * first one, which comes first).  Ticks in the trace's microseconds. */
struct hwpc_out *tsdump_out_new(struct hwpc_tsdump *t, enum hwpc_format fmt, struct hwpc_err *err);
double tsdump_us(const struct hwpc_tsdump *t, uint64_t ticks);

/* tsdump_slice.c: an event with a begin or end token of the map, at ts,
 * on the trace's track tid (when a trace is written). */
void tsdump_slice(struct hwpc_tsdump *t, const struct hwpc_tok *tok, uint64_t ts, int tid);

#endif
