/* SPDX-License-Identifier: MIT */
/* Internal to tsdump's library part: the state shared by the item writers
 * (tsdump.c), the fast CSV emitter (tsdump_csv.c), the statistics and
 * summary (tsdump_stats.c) and the record-buffer path (tsdump_record.c). */
#ifndef HWPC_TSDUMP_INTERNAL_H
#define HWPC_TSDUMP_INTERNAL_H

#include <pthread.h>

#include "hwpc/stream.h"

#define SLICE_DEPTH 64  /* nested begins per name kept; deeper ones count as unmatched */
#define MAX_LOSSES 1000 /* loss records the summary lists; the rest are counted */

/* A buffered writer for CSV rows: fixed columns, integers formatted by
 * hand, one fwrite per CSV_CAP bytes. */
struct csvdec {
	uint64_t base; /* the value s spells, its last four digits zeroed */
	unsigned n;    /* digits in s (0: none yet) */
	char s[24];
};

#define CSV_PREFIX_MAX 1280 /* a device name is at most 1023 bytes (devices.c); quoted: more */
struct csvw {
	struct csvdec offset, index, ts; /* the last row's, as text */
	FILE *fp;
	char *buf;
	size_t len, cap;
	bool failed;
	/* "tensix_item,DEVICE,CHIPSET," (quoted as needed), and the same
	 * followed by "event,": the start of every row */
	char prefix[CSV_PREFIX_MAX], evprefix[CSV_PREFIX_MAX];
	size_t prefix_len, evprefix_len;
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
	struct hwpc_out *out;     /* text, json (and csv for records and summaries) */
	struct hwpc_trace *tr;    /* trace */
	struct csvw csv;          /* csv of Tensix items */
	bool fast_csv;
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

/* tsdump_csv.c */
/* Rows of tensix_item records of device (NULL: a file). */
int csvw_init(struct csvw *w, FILE *fp, const char *device, const char *chipset);
void csvw_free(struct csvw *w);
int csvw_flush(struct csvw *w);
void csv_header(struct csvw *w);
void csv_item(struct hwpc_tsdump *t, const struct hwpc_tensix_item *it, const char *name);
int csv_events(struct hwpc_tsdump *t, const struct hwpc_tensix_ev *ev, size_t n); /* !0: write error */

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

/* tsdump_record.c */
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
/* A record writer on t's output: the command and device named (text: the
 * device only in the first one, which comes first). */
struct hwpc_out *tsdump_out_new(struct hwpc_tsdump *t, enum hwpc_format fmt, struct hwpc_err *err);
double tsdump_us(const struct hwpc_tsdump *t, uint64_t ticks);
/* Slices: an event with a begin or end token of the map. */
void tsdump_slice(struct hwpc_tsdump *t, const struct hwpc_tok *tok, uint64_t ts, int tid);

#endif
