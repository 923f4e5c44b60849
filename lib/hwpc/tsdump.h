/* SPDX-License-Identifier: MIT */
/* What tsdump does with a decoded stream: write every item (text, CSV,
 * JSON Lines, Chrome trace) or a summary (counts, time span, per-token
 * statistics, losses), for Tensix timestamp streams and PCOUNTER record
 * buffers.  Feed bytes in any chunks; memory stays bounded (per-token
 * statistics are kept for every token below HWPC_TENSIX_DIRECT_TOKENS and at
 * most HWPC_TSDUMP_MAX_TOKENS larger ones; the rest are counted together). */
#ifndef HWPC_TSDUMP_H
#define HWPC_TSDUMP_H

#include "hwpc/api.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "hwpc/device.h"
#include "hwpc/output.h"
#include "hwpc/stream_record.h"
#include "hwpc/tensix_stream.h"
#include "hwpc/tokmap.h"

#ifdef __cplusplus
extern "C" {
#endif

#define HWPC_TSDUMP_MAX_TOKENS 65536

struct hwpc_tsdump_opts {
	FILE *out;
	enum hwpc_format fmt;
	bool summary;                /* a summary instead of every item */
	const struct hwpc_tokmap *map; /* names and slices (may be NULL) */
	double hz;                   /* counter ticks per second; 0: unknown (trace: 1 tick = 1 ns) */
	bool record;                 /* a PCOUNTER record buffer, not a Tensix stream */
	enum hwpc_rec_format rec_fmt;
	const struct hwpc_rec_layout *rec_layout; /* with record: from hwpc_rec_layout_load */
	const struct hwpc_tensix_layout *layout; /* Tensix: buffers and STATUS (may be NULL) */
	const char *input;           /* named in the summary */
	/* The device read, as records name it (hwpc-output(7)); NULL for a
	 * file: device and chipset are null. */
	const char *device, *chipset;
};

struct hwpc_tsdump;
struct hwpc_pc_recbuf; /* hwpc/pc.h */

HWPC_API struct hwpc_tsdump *hwpc_tsdump_new(const struct hwpc_tsdump_opts *o, struct hwpc_err *err);
/* HWPC_EOP on a write error (err set). */
HWPC_API int hwpc_tsdump_feed(struct hwpc_tsdump *t, const void *buf, size_t n, struct hwpc_err *err);
/* Reading a regular file: mapped in windows (no copy into a buffer), and
 * for the summary of a Tensix stream without a buffer layout or slices,
 * in pieces on several threads, joined so that the summary is the one a
 * single pass gives. */
#define HWPC_TSDUMP_MAX_THREADS 8

struct hwpc_tsdump_file {
	unsigned threads; /* 0: one per CPU this process may use (at most HWPC_TSDUMP_MAX_THREADS); 1: none */
	uint64_t piece;   /* fewest bytes worth a piece of its own; 0: 16 MiB */
	/* bytes decoded so far, n more; from one thread at a time */
	void (*progress)(void *ctx, uint64_t n);
	void *ctx;
};
/* Feed the first len bytes of the regular file fd (name: for messages); fo
 * may be NULL.  Pieces need a tsdump fed nothing yet (otherwise one thread
 * reads the file).  A SIGBUS handler is installed while any such call
 * runs, passing signals that are not its own to the handler before it: a
 * file that shrinks while mapped gives HWPC_EOP, as do read and write
 * errors; SIGBUS is unblocked meanwhile.  (Its per-thread jump buffer is
 * initial-exec TLS, ~200 bytes of the static TLS block that dlopen()ed
 * libraries share.)  *mapped false: the file cannot
 * be mapped and nothing was fed (read it and call hwpc_tsdump_feed
 * instead). */
HWPC_API int hwpc_tsdump_feed_file(struct hwpc_tsdump *t, int fd, const char *name, uint64_t len,
			  const struct hwpc_tsdump_file *fo, bool *mapped, struct hwpc_err *err);
/* A device's Tensix buffers in L1, buffer 0 then 1, those lay marks valid
 * (hwpc_tensix_read_layout()); a failed read is "buffer N: why". */
HWPC_API int hwpc_tsdump_feed_tensix(struct hwpc_tsdump *t, struct hwpc_dev *dev, const struct hwpc_tensix_layout *lay,
				     struct hwpc_err *err);
/* The rb->used bytes a PCOUNTER record buffer holds (hwpc_pc_recbuf_read),
 * from the device memory it is in: a simulator's (a real GPU's is behind a
 * VM mapping hwpc does not have, so reading it is HWPC_EOP). */
HWPC_API int hwpc_tsdump_feed_recbuf(struct hwpc_tsdump *t, struct hwpc_dev *dev, const struct hwpc_pc_recbuf *rb,
				     struct hwpc_err *err);
/* An L1 image's layout from the TIMESTAMP_STATUS and TIMESTAMP_CNTL values
 * it was dumped with (NULL: not known), at the bits regdb gives their
 * fields: status sets lay->status; with cntl, a buffer lay marks valid
 * (its bounds were given) stays valid only if CNTL says so too. */
HWPC_API int hwpc_tensix_layout_from_values(const struct hwpc_regdb *db, const uint32_t *status, const uint32_t *cntl,
					struct hwpc_tensix_layout *lay, struct hwpc_err *err);
/* End of input: the last anomalies, the summary, the end of the output.
 * HWPC_EINPUT for a record buffer shorter than one packet. */
HWPC_API int hwpc_tsdump_finish(struct hwpc_tsdump *t, struct hwpc_err *err);
/* Whether data was lost or is suspect (for --strict). */
HWPC_API bool hwpc_tsdump_lost(const struct hwpc_tsdump *t);
HWPC_API uint64_t hwpc_tsdump_items(const struct hwpc_tsdump *t); /* events or packets */
HWPC_API void hwpc_tsdump_free(struct hwpc_tsdump *t);

#ifdef __cplusplus
}
#endif
#endif
