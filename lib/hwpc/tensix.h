/* SPDX-License-Identifier: MIT */
/* The Tenstorrent Tensix debug timestamper: its registers' fields, the
 * timestamp event stream decoder, and the timestamper through a device. */
#ifndef HWPC_TENSIX_H
#define HWPC_TENSIX_H

#include "hwpc/api.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "hwpc/error.h"
#include "hwpc/regdb.h"
#include "hwpc/dev.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Timestamper fields ------------------------------------------------- */

/* Where the Tensix debug timestamper's TIMESTAMP_STATUS and TIMESTAMP_CNTL
 * keep their bits, as regdb's field records give them (tensix.regdb, from
 * the Debug Timestamper documentation's StatusBits and CntlWrite).
 *
 * Loaded once from the register database and handed to what needs the
 * bits: the functional model (sim/tensix_model.h), which builds STATUS and
 * takes CNTL and STATUS writes, and hwpc_tensix_status_decode (tensix_stream.h),
 * which turns a STATUS value into its fields.  The model is not given the
 * database, only these fields of it. */
/* Pointers into the database (valid while it is): read and write them
 * with hwpc_field_get and hwpc_field_put. */
struct hwpc_tensix_fields {
	/* RISCV_DEBUG_REG.TIMESTAMP_STATUS */
	const struct hwpc_field *full[2];     /* BUF0_FULL, BUF1_FULL */
	const struct hwpc_field *overflow[2]; /* BUF0_OVERFLOW, BUF1_OVERFLOW */
	const struct hwpc_field *accum_pos_64b, *accum_pos_32b, *accum_pos_96b; /* ACCUM_POS_* */
	const struct hwpc_field *buf0_position; /* BUF0_POSITION */
	/* RISCV_DEBUG_REG.TIMESTAMP_CNTL */
	const struct hwpc_field *valid[2];    /* BUF0_VALID, BUF1_VALID */
	const struct hwpc_field *reset_streams; /* RESET_STREAMS */
};

/* The fields of chip's timestamper; chip NULL: of the first chipset that
 * has RISCV_DEBUG_REG.TIMESTAMP_STATUS.  HWPC_EINPUT, naming the register
 * or field, when regdb lacks one or gives one in pieces (the Debug Timestamper documentation's
 * StatusBits are C bit-fields: one run of bits each). */
HWPC_API int hwpc_tensix_fields_load(const struct hwpc_regdb *db, const struct hwpc_chipset *chip,
			 struct hwpc_tensix_fields *out, struct hwpc_err *err);

/* ---- Timestamp event streams -------------------------------------------- */

/* Decoder for Tenstorrent Tensix debug timestamper event streams: the bytes
 * the timestamper writes to L1 (little-endian 32-bit words, 16-byte units),
 * as described in Tenstorrent's "Debug Timestamper" documentation.
 *
 * Streaming and constant memory: feed the bytes in any chunk sizes, in
 * fill order (buffer 0's region, then buffer 1's); every decoded event and
 * every anomaly comes back through one callback, in input order, located by
 * byte offset (and L1 address when the buffer layout is known).  Nothing in
 * the input makes the decoder fail: bad data becomes an anomaly record.
 *
 * Event sizes (low three bits of the first word): 0 = 128-bit (header,
 * counter_lo, counter_hi, 0), 4 = 96-bit (header, lo, hi; straddles 16-byte
 * units), 1 = 64-bit (header, lo), 2 = 32-bit (header bits 0..15 with
 * counter bits 5..20 in bits 16..31).  Partial timestamps are unwrapped
 * forward against the latest earlier timestamp: after a full (96/128-bit)
 * one they are absolute (HWPC_TENSIX_TIME_UNWRAPPED); before any, they count
 * from an unknown origin (HWPC_TENSIX_TIME_RELATIVE).  Forward unwrapping
 * assumes consecutive events are less than one wrap apart (2^21 cycles for
 * 32-bit events, 2^32 for 64-bit ones); nothing in the stream can tell. */
enum hwpc_tensix_kind {
	HWPC_TENSIX_EVENT = 0,
	/* information: nothing lost */
	HWPC_TENSIX_PADDING,     /* flush padding or unused zeroed memory: count bytes */
	HWPC_TENSIX_FULL,        /* buffer filled (STATUS or end of region) */
	HWPC_TENSIX_PENDING,     /* STATUS: count words still in the write accumulator */
	HWPC_TENSIX_STALE,       /* STATUS: count bytes past the write position, skipped */
	/* data lost or suspect (--strict) */
	HWPC_TENSIX_OVERFLOW,    /* events dropped after ts (the last one written) */
	HWPC_TENSIX_UNDECODABLE, /* count words that are no event; value = first */
	HWPC_TENSIX_SIZE_MIXED,  /* event size changed without a flush; value = old size */
	HWPC_TENSIX_TRUNCATED,   /* input ends inside an event: count words of value */
	HWPC_TENSIX_TRAILING,    /* input size not a multiple of 4 (16 with a layout) */
	HWPC_TENSIX_SHORT,       /* input ends before the buffer does: count bytes missing */
	HWPC_TENSIX_EXTRA,       /* input longer than the buffers: count bytes ignored */
	HWPC_TENSIX_BACKWARDS,   /* a timestamp earlier than the one before it */
	HWPC_TENSIX_BAD_RANGE,   /* buffer start > end: it is never written */
	HWPC_TENSIX_KIND_COUNT
};

enum hwpc_tensix_time {
	HWPC_TENSIX_TIME_FULL = 0,  /* from the event itself (96/128-bit) */
	HWPC_TENSIX_TIME_UNWRAPPED, /* high bits from an earlier timestamp */
	HWPC_TENSIX_TIME_RELATIVE,  /* no full timestamp yet: unknown origin */
};

/* One decoded item; valid only during the callback. */
struct hwpc_tensix_item {
	enum hwpc_tensix_kind kind;
	uint64_t offset; /* byte offset in the input */
	uint64_t addr;   /* L1 byte address, UINT64_MAX when no layout */
	int buffer;      /* 0 or 1; -1 when no layout */
	/* events (and OVERFLOW, BACKWARDS: the time concerned) */
	uint64_t index;  /* events: 0, 1, ... */
	unsigned size;   /* event bits: 32, 64, 96, 128 */
	uint32_t header; /* first word as written (32-bit events: low 16 bits) */
	uint32_t token;  /* header >> 3: 29 bits (13 for 32-bit events) */
	uint64_t ts;     /* counter value (see time, res) */
	enum hwpc_tensix_time time;
	unsigned res;    /* 1, or 32 for 32-bit events (bits 0..4 unknown) */
	/* anomalies */
	uint64_t count;
	uint32_t value;
	const char *msg; /* one-line description */
};

/* TIMESTAMP_STATUS's fields, as the Debug Timestamper documentation's StatusBits names them. */
struct hwpc_tensix_status {
	bool full[2], overflow[2];
	unsigned accum_pos_64b, accum_pos_32b, accum_pos_96b;
	uint32_t bufs0_position;
};

/* Where the stream lives, when known (all optional).  STATUS comes
 * decoded (hwpc_tensix_status_decode), so the decoder needs no bit positions. */
struct hwpc_tensix_layout {
	bool have_bufs;
	uint32_t start[2], end[2]; /* in 16-byte units, end inclusive */
	bool valid[2];             /* CNTL.BUF0_VALID, BUF1_VALID (both set by default) */
	bool have_status;
	struct hwpc_tensix_status status; /* RISCV_DEBUG_REG_TIMESTAMP_STATUS */
};

struct hwpc_tensix_summary {
	uint64_t bytes;
	uint64_t events;
	uint64_t by_size[4]; /* 32, 64, 96, 128 */
	uint64_t kinds[HWPC_TENSIX_KIND_COUNT];
	bool have_ts;
	uint64_t first_ts, last_ts;
	enum hwpc_tensix_time last_time;
	bool lost; /* any anomaly of the "data lost or suspect" group */
};

/* Returning nonzero stops decoding; feed/finish return that value. */
typedef int (*hwpc_tensix_cb)(void *ctx, const struct hwpc_tensix_item *item);

struct hwpc_tensix_dec;

/* Events in batches, for consumers that need only these fields (a summary,
 * a CSV writer): cheaper than one item callback per event.  Anomalies
 * still come through the item callback, and a batch is always delivered
 * before the next anomaly, so the order is the input's. */
struct hwpc_tensix_ev {
	uint64_t offset;
	uint64_t index;
	uint64_t ts;
	uint32_t header; /* 32-bit events: low 16 bits */
	uint32_t token;
	uint16_t size;   /* 32, 64, 96, 128 */
	uint8_t time;    /* enum hwpc_tensix_time */
};
typedef int (*hwpc_tensix_batch_cb)(void *ctx, const struct hwpc_tensix_ev *ev, size_t n);

/* Per-token statistics: events, first and latest timestamp, and the gaps
 * between consecutive events of the token, in counter ticks.  A 32-bit
 * event's time is rounded down to 32 ticks, so it can read earlier than
 * the event before it: such a gap counts as 0. */
struct hwpc_tensix_tokstat {
	uint64_t count; /* 0: not seen yet (the rest is then meaningless) */
	uint64_t first, last;
	uint64_t min_gap, max_gap;
};

static inline void hwpc_tensix_tokstat_add(struct hwpc_tensix_tokstat *s, uint64_t ts)
{
	uint64_t n = s->count;
	if (__builtin_expect(n == 0, 0)) {
		s->count = 1;
		s->first = s->last = ts;
		s->min_gap = UINT64_MAX;
		s->max_gap = 0;
		return;
	}
	s->count = n + 1;
	/* Branches, not conditional moves: a new minimum or maximum is rare
	 * once a token has been seen a few times, and untaken branches cost
	 * no stores (the decoder's summary runs this once an event). */
	uint64_t gap = 0;
	if (__builtin_expect(ts > s->last, 1)) {
		gap = ts - s->last;
		s->last = ts;
	}
	if (gap < s->min_gap)
		s->min_gap = gap;
	if (gap > s->max_gap)
		s->max_gap = gap;
}

/* Tokens a 32-bit event can carry (13 bits): the summary mode's table. */
#define HWPC_TENSIX_DIRECT_TOKENS 8192

/* layout may be NULL (one stream, no positions).  NULL on out of memory. */
HWPC_API struct hwpc_tensix_dec *hwpc_tensix_dec_new(const struct hwpc_tensix_layout *layout, hwpc_tensix_cb cb,
				  void *ctx);
/* Send events to cb in batches instead of the item callback (call before
 * the first feed); -1 on out of memory. */
HWPC_API int hwpc_tensix_dec_set_batch(struct hwpc_tensix_dec *d, hwpc_tensix_batch_cb cb, void *ctx);
/* Summary mode, for a consumer that needs per-token statistics and losses
 * only: events with a token below HWPC_TENSIX_DIRECT_TOKENS are not delivered,
 * they update tab[token] (zeroed by the caller, HWPC_TENSIX_DIRECT_TOKENS
 * entries); events with larger tokens go to the batch callback, which must
 * be set; information items (padding, full, pending, stale) are counted in
 * the summary but not delivered.  Losses still come through the item
 * callback.  Call before the first feed. */
HWPC_API void hwpc_tensix_dec_set_stats(struct hwpc_tensix_dec *d, struct hwpc_tensix_tokstat *tab);
/* Buffer and L1 address of an input offset (-1, UINT64_MAX: unknown). */
HWPC_API void hwpc_tensix_dec_locate(const struct hwpc_tensix_dec *d, uint64_t offset, int *buffer, uint64_t *addr);
HWPC_API int hwpc_tensix_dec_feed(struct hwpc_tensix_dec *d, const void *bytes, size_t n);
/* End of input: reports a truncated event, trailing bytes, a short input,
 * and what STATUS says (full, overflow, pending). */
HWPC_API int hwpc_tensix_dec_finish(struct hwpc_tensix_dec *d);
HWPC_API const struct hwpc_tensix_summary *hwpc_tensix_dec_summary(const struct hwpc_tensix_dec *d);
HWPC_API void hwpc_tensix_dec_free(struct hwpc_tensix_dec *d);

/* "event", "padding", "overflow", ... (stable: used in machine output). */
HWPC_API const char *hwpc_tensix_kind_name(enum hwpc_tensix_kind kind);
/* "full", "unwrapped", "relative". */
HWPC_API const char *hwpc_tensix_time_name(enum hwpc_tensix_time time);
/* True for the kinds that mean data was lost or is suspect. */
HWPC_API bool hwpc_tensix_kind_is_loss(enum hwpc_tensix_kind kind);

/* The event layout of chip's timestamper in db (chip NULL: the first
 * chipset with RISCV_DEBUG_REG.TIMESTAMP) against the one libhwpc was
 * built with: the decoder and the simulator's model take the size codes,
 * the token's place and the 32-bit event word as constants generated from
 * regdb at build time, so a database loaded at run time (HWPC_REGDB) that
 * gives them differently is refused rather than decoded with stale bits.
 * HWPC_EINPUT, naming the field or code, when regdb lacks or changes one;
 * STATUS and CNTL fields may move freely (hwpc_tensix_fields_load). */
HWPC_API int hwpc_tensix_layout_check(const struct hwpc_regdb *db, const struct hwpc_chipset *chip,
			  struct hwpc_err *err);

/* A TIMESTAMP_STATUS value into its fields, at the bits f gives
 * (hwpc_tensix_fields_load: regdb's, not constants here). */
HWPC_API void hwpc_tensix_status_decode(const struct hwpc_tensix_fields *f, uint32_t status, struct hwpc_tensix_status *out);
/* Words held in the accumulator according to STATUS (0..3). */
HWPC_API unsigned hwpc_tensix_status_pending_words(const struct hwpc_tensix_status *s);

/* ---- The timestamper through a device ----------------------------------- */

/* The Tensix debug timestamper through a device (Tenstorrent's "Debug Timestamper" documentation): issue
 * TIMESTAMP writes and the small command language pcsim scripts use, and
 * read the buffer layout and STATUS a decoder needs.  Register addresses
 * come from regdb (RISCV_DEBUG_REG). */
struct hwpc_tensix {
	struct hwpc_dev *dev;
	uint32_t a_ts, a_cntl, a_status, a_start[2], a_end[2];
	const struct hwpc_reg *cntl, *status;
	unsigned last_size; /* size of the last event written (flush picks 64 or 96) */
	unsigned commands;  /* commands run */
};

HWPC_API int hwpc_tensix_init(struct hwpc_tensix *t, struct hwpc_dev *dev, struct hwpc_err *err);

/* One command (a script line without its comment):
 *   ts32|ts64|ts96|ts128 [TOKEN]   append an event (TOKEN: 13 bits for ts32, else 29)
 *   flush64 | flush96 | flush      flush the accumulator (flush: the size last written,
 *                                  else what STATUS says)
 *   raw VALUE                      write VALUE to TIMESTAMP as it is
 *   cntl VALUE | FIELD[=V]...      write TIMESTAMP_CNTL (fields from regdb, V default 1)
 *   status VALUE | FIELD[=V]...    write TIMESTAMP_STATUS (1 clears a sticky bit)
 *   buf N START END                buffer N's bounds, in 16-byte units (END inclusive)
 *   advance N | DURATION           simulator only: N clock cycles, or 10us, 1ms, ...
 * Blank lines do nothing.  Errors name the command. */
HWPC_API int hwpc_tensix_command(struct hwpc_tensix *t, const char *line, struct hwpc_err *err);
/* Every line of a script ('#' starts a comment); errors are "name:line: ...". */
HWPC_API int hwpc_tensix_script(struct hwpc_tensix *t, FILE *fp, const char *name, struct hwpc_err *err);

/* The buffers' bounds, CNTL's valid bits and STATUS, for the decoder. */
HWPC_API int hwpc_tensix_read_layout(struct hwpc_tensix *t, struct hwpc_tensix_layout *lay, struct hwpc_err *err);

#ifdef __cplusplus
}
#endif
#endif
