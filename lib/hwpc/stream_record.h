/* SPDX-License-Identifier: MIT */
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
#ifndef HWPC_STREAM_RECORD_H
#define HWPC_STREAM_RECORD_H

#include "hwpc/api.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hwpc/error.h"

#ifdef __cplusplus
extern "C" {
#endif

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

#ifdef __cplusplus
}
#endif
#endif
