/* SPDX-License-Identifier: MIT */
/* Stream decoders: PCOUNTER record buffers, Tensix token maps, tsdump's
 * output of decoded items, and kernel mmiotraces decoded against regdb. */
#ifndef HWPC_STREAM_H
#define HWPC_STREAM_H

#include "hwpc/api.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "hwpc/error.h"
#include "hwpc/dev.h"
#include "hwpc/output.h"
#include "hwpc/tensix.h"
#include "hwpc/regdb.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- PCOUNTER record buffers -------------------------------------------- */

/* Decoder for NVIDIA PCOUNTER record-mode buffers (G84:GF100), as the
 * envytools' PCOUNTER documentation, "Record mode", describes them.
 *
 * A LONG packet is 32 bytes, sixteen little-endian 16-bit words: the 48-bit
 * cycle counter (words 0-2), the 12-bit STOP counter (word 3, bits 12-15
 * always 0), then twelve event counters PRE_SRC[0..3], START_SRC[0..3],
 * EVENT_SRC[0..3].  A SHORT packet is the first 16 bytes of a LONG one
 * (four event counters).  The cycle counter runs from RECORD_START and
 * wraps; the event and STOP counters restart after every packet, so each
 * packet holds the counts of one interval.
 *
 * What the decoder infers: the interval length (cycle delta modulo 2^48,
 * the first interval from 0) and the running 64-bit time; per-interval
 * rates; STOP = 1 for an ordinary packet, 0 for one forced by an event
 * counter reaching 0xf000, > 1 when stops came faster than packets could be
 * written (intervals were merged: STOP - 1 packets missing), 0xfff
 * saturated; an event counter of 0xffff saturated (events lost).
 *
 * Streaming and constant memory, like the Tensix decoder: feed bytes in
 * any chunks, items come back through a callback in input order. */
enum hwpc_rec_format {
	HWPC_REC_LONG = 0,  /* 32-byte packets, 12 event counters */
	HWPC_REC_SHORT = 1, /* 16-byte packets, 4 event counters */
};

#define HWPC_REC_MAX_COUNTERS 12

enum hwpc_rec_kind {
	HWPC_REC_PACKET = 0,
	/* information */
	HWPC_REC_FORCED,    /* STOP = 0: written because a counter neared 0xffff */
	HWPC_REC_ZERO,      /* count all-zero packets: unwritten memory */
	/* data lost or suspect (--strict) */
	HWPC_REC_SATURATED, /* value = mask of counters at 0xffff */
	HWPC_REC_MISSED,    /* STOP > 1: count = packets merged (STOP - 1) */
	HWPC_REC_BOGUS,     /* reserved bits set, or forced with no full counter */
	HWPC_REC_TRAILING,  /* input size not a multiple of the packet size */
	HWPC_REC_KIND_COUNT
};

struct hwpc_rec_item {
	enum hwpc_rec_kind kind;
	uint64_t offset; /* byte offset of the packet */
	uint64_t index;  /* packet number (0, 1, ...) */
	/* packets */
	uint64_t cycles;   /* raw 48-bit cycle counter */
	uint64_t time;     /* cycles since RECORD_START, wraps unwrapped */
	uint64_t delta;    /* cycles since the previous packet (or the start) */
	unsigned stop;     /* STOP counter, 0..0xfff */
	unsigned ncounters;
	uint16_t counters[HWPC_REC_MAX_COUNTERS];
	double rate[HWPC_REC_MAX_COUNTERS]; /* counter / delta; 0 if delta is 0 */
	uint16_t saturated; /* bit i: counter i is 0xffff */
	/* anomalies */
	uint64_t count;
	uint32_t value;
	const char *msg;
};

struct hwpc_rec_summary {
	uint64_t bytes, packets;
	uint64_t time; /* of the last packet */
	uint64_t totals[HWPC_REC_MAX_COUNTERS];
	uint64_t kinds[HWPC_REC_KIND_COUNT];
	uint64_t missed; /* sum of STOP - 1 */
	bool lost;
};

typedef int (*hwpc_rec_cb)(void *ctx, const struct hwpc_rec_item *item);

struct hwpc_recdec;

/* The packet layout, as regdb's PCOUNTER.RECORD_* parameters give it
 * (pcounter-signals.regdb, from envytools' PCOUNTER documentation, "Record mode"). */
struct hwpc_rec_layout {
	unsigned cycle_bits;    /* the wrapping cycle counter in words 0-2 */
	unsigned stop_word;     /* word of the STOP counter */
	unsigned stop_max;      /* the STOP counter stops here (its bits' mask) */
	unsigned event_word;    /* word of the first event counter */
	unsigned event_max;     /* an event counter stops here: saturated */
	unsigned event_trigger; /* a counter >= this forces a packet */
	unsigned long_bytes, short_bytes;
	unsigned addr_bits;     /* the buffer position wraps at 2^addr_bits bytes */
};
struct hwpc_regdb;
/* From the register database (the layout is the same on every chipset with
 * record mode). */
HWPC_API int hwpc_rec_layout_load(const struct hwpc_regdb *db, struct hwpc_rec_layout *out, struct hwpc_err *err);
/* The same for chip (the simulator's): every parameter must be there. */
struct hwpc_chipset;
HWPC_API int hwpc_rec_layout_load_chip(const struct hwpc_regdb *db, const struct hwpc_chipset *chip,
			      struct hwpc_rec_layout *out, struct hwpc_err *err);

HWPC_API struct hwpc_recdec *hwpc_recdec_new(enum hwpc_rec_format fmt, const struct hwpc_rec_layout *lay, hwpc_rec_cb cb,
				    void *ctx);
/* Returns the callback's nonzero value if it stopped decoding. */
HWPC_API int hwpc_recdec_feed(struct hwpc_recdec *d, const void *bytes, size_t n);
/* HWPC_EINPUT (err set) when the input held less than one packet;
 * otherwise the callback's stop value or HWPC_OK. */
HWPC_API int hwpc_recdec_finish(struct hwpc_recdec *d, struct hwpc_err *err);
HWPC_API const struct hwpc_rec_summary *hwpc_recdec_summary(const struct hwpc_recdec *d);
HWPC_API void hwpc_recdec_free(struct hwpc_recdec *d);

/* "long" or "short"; the error names the bad value. */
HWPC_API int hwpc_rec_format_parse(const char *name, enum hwpc_rec_format *out, struct hwpc_err *err);
HWPC_API unsigned hwpc_rec_packet_size(const struct hwpc_rec_layout *lay, enum hwpc_rec_format fmt);
HWPC_API unsigned hwpc_rec_counter_count(const struct hwpc_rec_layout *lay, enum hwpc_rec_format fmt);
/* "pre0".."pre3", "start0".."start3", "event0".."event3". */
HWPC_API const char *hwpc_rec_counter_name(unsigned i);
HWPC_API const char *hwpc_rec_kind_name(enum hwpc_rec_kind kind);
HWPC_API bool hwpc_rec_kind_is_loss(enum hwpc_rec_kind kind);

/* ---- Token maps --------------------------------------------------------- */

/* Token maps for tsdump: names for Tensix timestamp tokens, and which
 * tokens begin and end a named slice.  A text file, one token a line:
 *
 *	# comment
 *	TOKEN NAME              an instant called NAME
 *	TOKEN NAME begin        NAME's slice starts here
 *	TOKEN NAME end          ... and ends here
 *
 * TOKEN is decimal or 0x hex, at most 29 bits (the token of a 32-bit event
 * has 13).  A NAME with a begin needs an end and the other way round.
 * Errors are "FILE:LINE: what". */
enum hwpc_tokmap_role { HWPC_TOKMAP_INSTANT = 0, HWPC_TOKMAP_BEGIN, HWPC_TOKMAP_END };

struct hwpc_tok {
	uint32_t token;
	enum hwpc_tokmap_role role;
	const char *name;
	unsigned pair; /* BEGIN/END: index of the pair (0..npairs-1) */
};

struct hwpc_tokmap;

HWPC_API int hwpc_tokmap_load(FILE *fp, const char *file, struct hwpc_tokmap **out, struct hwpc_err *err);
HWPC_API void hwpc_tokmap_free(struct hwpc_tokmap *m);
/* The entry for a token, or NULL. */
HWPC_API const struct hwpc_tok *hwpc_tokmap_find(const struct hwpc_tokmap *m, uint32_t token);
HWPC_API unsigned hwpc_tokmap_pairs(const struct hwpc_tokmap *m);
/* The name of pair i. */
HWPC_API const char *hwpc_tokmap_pair_name(const struct hwpc_tokmap *m, unsigned i);

/* ---- tsdump output ------------------------------------------------------ */

/* What tsdump does with a decoded stream: write every item (text, CSV,
 * JSON Lines, Chrome trace) or a summary (counts, time span, per-token
 * statistics, losses), for Tensix timestamp streams and PCOUNTER record
 * buffers.  Feed bytes in any chunks; memory stays bounded (per-token
 * statistics are kept for every token below HWPC_TENSIX_DIRECT_TOKENS and at
 * most HWPC_TSDUMP_MAX_TOKENS larger ones; the rest are counted together). */
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
