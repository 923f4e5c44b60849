/* SPDX-License-Identifier: MIT */
/* Internal to the Tensix stream decoder: its state, shared by the careful
 * word-by-word path (tensix_stream.c), the unit-at-a-time fast path
 * (tensix_stream_fast.c) and what both deliver (tensix_stream_item.c), and
 * the timestamp rules both must apply alike. */
#ifndef HWPC_TENSIX_STREAM_INTERNAL_H
#define HWPC_TENSIX_STREAM_INTERNAL_H

#include "hwpc/tensix.h"
/* The size codes, the token's place and the 32-bit event word, generated
 * from regdb at build time (lib/tensix/gen_tensix_layout.awk). */
#include "tensix_layout.h"

/* Phases of the input when the buffer layout is known: the written part
 * of buffer 0, its stale rest, the same for buffer 1, then extra bytes. */
enum { PH_B0, PH_B0_STALE, PH_B1, PH_B1_STALE, PH_EXTRA, PH_COUNT };

#define BATCH 1024

struct hwpc_tensix_dec {
	hwpc_tensix_cb cb;
	void *ctx;
	int stop;

	/* events in batches (hwpc_tensix_dec_set_batch) */
	hwpc_tensix_batch_cb bcb;
	void *bctx;
	struct hwpc_tensix_ev *batch;
	size_t nbatch;

	/* summary mode (hwpc_tensix_dec_set_stats): per-token statistics of
	 * tokens below HWPC_TENSIX_DIRECT_TOKENS, information items only counted */
	struct hwpc_tensix_tokstat *stats;

	struct hwpc_tensix_layout lay;
	struct hwpc_tensix_status st;
	uint64_t cap[2];              /* region bytes */
	uint64_t phase_end[PH_COUNT]; /* byte offsets */
	int phase;

	uint64_t off; /* bytes consumed */
	uint8_t carry[4];
	unsigned ncarry;

	/* the event being assembled */
	uint32_t w[4];
	unsigned have, need, size;
	uint64_t ev_off;
	bool zero_cand;
	unsigned unit_size; /* size of the first event started in this unit */

	/* coalesced runs: padding bytes, undecodable words */
	uint64_t pad_off, pad_bytes;
	uint64_t bad_off, bad_words;
	uint32_t bad_first;

	/* time */
	bool have_any, have_full;
	uint64_t ref; /* latest timestamp (lower bound for 32-bit events) */

	/* a piece of a longer stream (hwpc_tensix_dec_set_origin): where it
	 * starts, and how its first event began (tensix_stream_piece.c) */
	uint64_t origin;
	bool clean_start;    /* the first event starts at origin, nothing before it */
	unsigned first_size; /* its bits */

	struct hwpc_tensix_summary sum;
	uint64_t fast_units; /* units the fast path took (for the tests) */
	char msg[192];
	bool quiet; /* hwpc_tensix_dec_set_quiet */
};

static inline uint32_t tsx_le32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* The counter bits a 32-bit event lacks below the ones it keeps (0..4),
 * and the counter bits up to its highest kept one (0..20). */
#define TSX_EV32_UNKNOWN (((uint64_t)1 << TSX_EV32_COUNTER_LSB) - 1)
#define TSX_EV32_WRAP ((uint64_t)TSX_EV32_COUNTER_MASK | TSX_EV32_UNKNOWN)

/* A 32-bit event's counter bits (5..20), unwrapped forward against ref:
 * the result may be up to TSX_EV32_UNKNOWN (31) ticks before ref (the bits
 * below are unknown), never more, so a smaller value means the field
 * wrapped.  That is, the distance from ref - 31 to the event, modulo 2^21
 * (in this form it is a short chain of instructions: the fast path runs
 * it once an event). */
static inline uint64_t tsx_unwrap32(uint64_t ref, uint32_t w)
{
	uint64_t bits = (w >> TSX_EV32_COUNTER_SHIFT) & TSX_EV32_COUNTER_MASK;
	return ref - TSX_EV32_UNKNOWN + ((bits - (ref - TSX_EV32_UNKNOWN)) & TSX_EV32_WRAP);
}

/* A 64-bit event's counter_lo, unwrapped forward against ref. */
static inline uint64_t tsx_unwrap64(uint64_t ref, uint32_t lo)
{
	uint64_t cand = (ref & ~(uint64_t)0xffffffff) | lo;
	if (cand < ref)
		cand += (uint64_t)1 << 32;
	return cand;
}

/* tensix_stream_item.c: deliver the batch of events (hwpc_tensix_dec_set_batch). */
void tensix_dec_flush_batch(struct hwpc_tensix_dec *d);

/* One event into the batch (both paths); true when the batch is full and
 * must be delivered (tensix_dec_flush_batch). */
static inline __attribute__((always_inline)) bool tsx_batch_put(struct hwpc_tensix_dec *d, uint64_t off, uint64_t index,
								unsigned size, uint32_t header, uint64_t ts,
								enum hwpc_tensix_time time)
{
	struct hwpc_tensix_ev *e = &d->batch[d->nbatch++];
	e->offset = off;
	e->index = index;
	e->ts = ts;
	e->header = header;
	e->token = header >> TSX_TOKEN_LO;
	e->size = (uint16_t)size;
	e->time = (uint8_t)time;
	return d->nbatch == BATCH;
}

/* tensix_stream_item.c: emit the pending padding or undecodable run; an
 * anomaly at off (of buffer, or -1: where off is); one event through the
 * item callback. */
void tensix_dec_flush_runs(struct hwpc_tensix_dec *d);
/* Format the next item's message into d->msg (empty when d->quiet). */
void tensix_dec_msgf(struct hwpc_tensix_dec *d, const char *fmt, ...) HWPC_PRINTF(2, 3);
void tensix_dec_anomaly(struct hwpc_tensix_dec *d, enum hwpc_tensix_kind kind, uint64_t off, uint64_t count,
			uint32_t value, int buffer);
/* tensix_stream.c: what the careful path does at a 16-byte unit boundary. */
void tensix_dec_boundary(struct hwpc_tensix_dec *d);
void tensix_dec_event_item(struct hwpc_tensix_dec *d, uint64_t off, uint64_t index, unsigned size, uint32_t header,
		      uint64_t ts, enum hwpc_tensix_time time);

/* tensix_stream_fast.c: whole 16-byte units from p (at most units), from
 * a unit boundary; returns the units consumed (0 when the first one needs
 * the careful path).  d->off advances with them. */
size_t tensix_dec_fast_units(struct hwpc_tensix_dec *d, const uint8_t *p, size_t units);
/* Whether the fast path may start here (a unit boundary). */
bool tensix_dec_fast_ready(const struct hwpc_tensix_dec *d);

#endif
