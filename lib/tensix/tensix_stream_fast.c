/* SPDX-License-Identifier: MIT */
/* The Tensix stream decoder's fast path: whole 16-byte units at a time.
 *
 * The timestamper writes L1 in 16-byte units, so unit boundaries sit at
 * fixed offsets whatever the events' sizes: the next unit's address does
 * not depend on the current one's contents, which is what keeps this loop
 * fast (the word-by-word path waits for each event's size code before it
 * can find the next event).  Each unit is matched against the few shapes a
 * well-formed stream has:
 *
 *   4 x 32-bit events            2 x 64-bit events
 *   64-bit event + 8 zero bytes  128-bit event (last word 0)
 *   16 zero bytes                96-bit events, which straddle units:
 *                                up to 2 words carried into the next unit
 *
 * and anything else (a bad word, a size change, a timestamp going back, a
 * 128-bit event with a nonzero last word, a zero word that may be flush
 * padding at the end of the input) stops the fast path before that unit,
 * handing its state (a partial 96-bit event, a padding run) to the careful
 * path in tensix_stream.c, which reports every anomaly.  So the fast path
 * never reports anything itself: it decodes only what the careful path
 * would decode without a word of complaint, with the same timestamp rules
 * (tensix_dec.h).  tests/unit/test_tsdec_fastpath.c holds the
 * two paths to the same output.
 *
 * The loop is compiled once per consumer (summary statistics, batches,
 * item callback), so the summary updates its per-token table inline and
 * builds no per-event record at all. */
#include "tensix/tensix_dec.h"

enum sink { SINK_STATS, SINK_BATCH, SINK_ITEM };

_Static_assert(sizeof(struct hwpc_tensix_tokstat) % (1u << TSX_TOKEN_LO) == 0,
	       "put_event indexes the token table by the header times entry size / token step");

#define ALWAYS_INLINE inline __attribute__((always_inline))
#define UNLIKELY(x) __builtin_expect(!!(x), 0)

bool tensix_dec_fast_ready(const struct hwpc_tensix_dec *d)
{
	/* With no undecodable run open, and nothing or a 96-bit event's
	 * first words pending. */
	return !d->bad_words && !d->ncarry && !d->stop && (d->have == 0 || (d->size == 96 && !d->zero_cand));
}

/* What the loop keeps in registers; written back to the decoder at the
 * end.  (A padding run stays in the decoder: it is rare, and registers
 * are not.) */
struct scan {
	struct hwpc_tensix_tokstat *tab; /* d->stats, loaded once */
	uint64_t ref, last_ts, index; /* index: the next event's (summary: the first's) */
	uint64_t by_size[4];
	bool have_full;
	enum hwpc_tensix_time last_time;
};

static void pad_flush(struct hwpc_tensix_dec *d, enum sink sink)
{
	if (sink == SINK_STATS) {
		/* what tensix_dec_flush_runs does in summary mode */
		d->sum.kinds[HWPC_TENSIX_PADDING]++;
		d->pad_bytes = 0;
	} else {
		tensix_dec_flush_runs(d);
	}
}

/* Consecutive padding is one run, as in the careful path's add_padding. */
static ALWAYS_INLINE void pad_add(struct hwpc_tensix_dec *d, enum sink sink, uint64_t off, uint64_t bytes)
{
	if (d->pad_bytes && d->pad_off + d->pad_bytes == off) {
		d->pad_bytes += bytes;
		return;
	}
	if (d->pad_bytes)
		pad_flush(d, sink);
	d->pad_off = off;
	d->pad_bytes = bytes;
}

/* One event with its time worked out (sz: 0..3 for 32..128 bits).  A
 * padding run open before it is closed by the caller (pad_end), once per
 * unit: padding in a unit only ever follows its events. */
static ALWAYS_INLINE void put_event(struct hwpc_tensix_dec *d, struct scan *s, enum sink sink, uint64_t off,
				    uint32_t header, uint64_t ts, unsigned sz, enum hwpc_tensix_time time)
{
	unsigned size = 32 * (sz + 1);
	s->last_ts = ts;
	s->last_time = time;
	if (sink == SINK_STATS) {
		/* The summary keeps only counts by size (s->index: the first
		 * event's); the rare event it passes on works its index out. */
		if (__builtin_expect(header < (1u << TSX_TOKEN_LO) * HWPC_TENSIX_DIRECT_TOKENS, 1)) {
			/* &tab[header >> TSX_TOKEN_LO], from the header as it is:
			 * entries are 40 bytes, 5 times the header's token step of 8 */
			const size_t step = sizeof(struct hwpc_tensix_tokstat) >> TSX_TOKEN_LO;
			hwpc_tensix_tokstat_add((struct hwpc_tensix_tokstat *)((char *)s->tab +
								       (size_t)(header & ~TSX_SIZE_MASK) * step),
					    ts);
		} else {
			uint64_t index = s->index + s->by_size[0] + s->by_size[1] + s->by_size[2] + s->by_size[3];
			if (tsx_batch_put(d, off, index, size, header, ts, time))
				tensix_dec_flush_batch(d);
		}
		s->by_size[sz]++;
		return;
	}
	uint64_t index = s->index++;
	s->by_size[sz]++;
	if (sink != SINK_BATCH)
		tensix_dec_event_item(d, off, index, size, header, ts, time);
	else if (tsx_batch_put(d, off, index, size, header, ts, time))
		tensix_dec_flush_batch(d);
}

static ALWAYS_INLINE void ev32(struct hwpc_tensix_dec *d, struct scan *s, enum sink sink, uint64_t off, uint32_t w)
{
	uint64_t ts = tsx_unwrap32(s->ref, w);
	s->ref = ts > s->ref ? ts : s->ref;
	put_event(d, s, sink, off, w & TSX_EV32_HEADER_MASK, ts, 0,
		  s->have_full ? HWPC_TENSIX_TIME_UNWRAPPED : HWPC_TENSIX_TIME_RELATIVE);
}

static ALWAYS_INLINE void ev64(struct hwpc_tensix_dec *d, struct scan *s, enum sink sink, uint64_t off, uint32_t h,
			       uint32_t lo)
{
	uint64_t ts = tsx_unwrap64(s->ref, lo);
	s->ref = ts > s->ref ? ts : s->ref;
	put_event(d, s, sink, off, h, ts, 1, s->have_full ? HWPC_TENSIX_TIME_UNWRAPPED : HWPC_TENSIX_TIME_RELATIVE);
}

/* 96/128-bit: the callers have checked that ts is not before ref. */
static ALWAYS_INLINE void ev_full(struct hwpc_tensix_dec *d, struct scan *s, enum sink sink, uint64_t off,
				  uint32_t h, uint64_t ts, unsigned sz)
{
	s->ref = ts;
	s->have_full = true;
	put_event(d, s, sink, off, h, ts, sz, HWPC_TENSIX_TIME_FULL);
}

static ALWAYS_INLINE void pad_end(struct hwpc_tensix_dec *d, enum sink sink)
{
	if (UNLIKELY(d->pad_bytes))
		pad_flush(d, sink);
}

static inline uint64_t full_ts(uint32_t lo, uint32_t hi)
{
	return (uint64_t)hi << 32 | lo;
}

static inline uint64_t le64(const uint8_t *p)
{
	return (uint64_t)tsx_le32(p + 4) << 32 | tsx_le32(p);
}

/* Size codes of whole units, two words at a time: four 32-bit events;
 * two 64-bit events (their second words may be anything). */
static inline bool units32(const uint8_t *q)
{
	const uint64_t m = (uint64_t)TSX_SIZE_MASK << 32 | TSX_SIZE_MASK,
		       k = (uint64_t)TSX_APPEND_32b << 32 | TSX_APPEND_32b;
	return (((le64(q) & m) ^ k) | ((le64(q + 8) & m) ^ k)) == 0;
}

static inline bool units64(const uint8_t *q)
{
	return (((le64(q) & TSX_SIZE_MASK) ^ TSX_APPEND_64b) | ((le64(q + 8) & TSX_SIZE_MASK) ^ TSX_APPEND_64b)) == 0;
}

static ALWAYS_INLINE size_t scan_units(struct hwpc_tensix_dec *d, const uint8_t *p, size_t units, enum sink sink)
{
	struct scan s = {
		.tab = d->stats, .ref = d->ref, .last_ts = d->sum.last_ts, .index = d->sum.events,
		.have_full = d->have_full, .last_time = d->sum.last_time,
	};
	/* A 96-bit event started in an earlier unit: r words still to come
	 * (2 or 1), its header in h0 and, when r is 1, counter_lo in h1. */
	unsigned r = d->have ? 3 - d->have : 0;
	uint32_t h0 = d->w[0], h1 = d->w[1];
	uint64_t r_off = d->ev_off;
	const uint64_t base = d->off;
	const uint8_t *q = p, *end = p + 16 * units;

	/* The offset, computed where needed (the summary seldom does). */
#define OFF (base + (uint64_t)(q - p))
	/* A zero word at a unit's end stays a padding candidate until the
	 * next unit: the careful path decides it there (a phase boundary
	 * may report something first), so the last unit goes there when it
	 * ends with one. */
#define LAST (q + 16 == end)
	/* (The summary's only callback takes large tokens: stopping at the
	 * end of the input is soon enough.) */
#define STOPPED (sink != SINK_STATS && UNLIKELY(d->stop))
	/* The dispatch values of r carried words, whatever the size code. */
#define CARRIED(r) (r) << TSX_SIZE_BITS ... (((r) + 1) << TSX_SIZE_BITS) - 1

	while (q < end) {
		uint32_t w0 = tsx_le32(q), w1 = tsx_le32(q + 4), w2 = tsx_le32(q + 8), w3 = tsx_le32(q + 12);

		/* One dispatch on the carried words and the first size code
		 * (which means nothing when words are carried).  Runs of the
		 * same shape loop in place: streams have long ones. */
		switch (r << TSX_SIZE_BITS | (w0 & TSX_SIZE_MASK)) {
		case TSX_APPEND_32b: /* 32-bit events fill whole units (no flush for them) */
			if (!units32(q))
				goto stop;
			pad_end(d, sink);
			do {
				ev32(d, &s, sink, OFF, tsx_le32(q));
				ev32(d, &s, sink, OFF + 4, tsx_le32(q + 4));
				ev32(d, &s, sink, OFF + 8, tsx_le32(q + 8));
				ev32(d, &s, sink, OFF + 12, tsx_le32(q + 12));
				q += 16;
				if (STOPPED)
					goto stop;
			} while (q < end && units32(q));
			continue;
		case TSX_APPEND_64b:
			if ((w2 & TSX_SIZE_MASK) == TSX_APPEND_64b) {
				pad_end(d, sink);
				do {
					ev64(d, &s, sink, OFF, tsx_le32(q), tsx_le32(q + 4));
					ev64(d, &s, sink, OFF + 8, tsx_le32(q + 8), tsx_le32(q + 12));
					q += 16;
					if (STOPPED)
						goto stop;
				} while (q < end && units64(q));
				continue;
			}
			if ((w2 | w3) == 0 && !LAST) {
				pad_end(d, sink);
				ev64(d, &s, sink, OFF, w0, w1);
				pad_add(d, sink, OFF + 8, 8);
				break;
			}
			goto stop;
		case TSX_APPEND_128b: /* 128-bit events (last word 0), or padding when all zero */
			if (w3 != 0)
				goto stop;
			if ((w0 | w1 | w2) == 0) {
				pad_add(d, sink, OFF, 16);
				break;
			}
			for (;;) {
				uint64_t ts = full_ts(w1, w2);
				if (s.have_full && ts < s.ref)
					goto stop;
				pad_end(d, sink);
				ev_full(d, &s, sink, OFF, w0, ts, 3);
				q += 16;
				if (q == end || STOPPED)
					goto stop;
				w0 = tsx_le32(q), w1 = tsx_le32(q + 4), w2 = tsx_le32(q + 8), w3 = tsx_le32(q + 12);
				if ((w0 & TSX_SIZE_MASK) != TSX_APPEND_128b || w3 != 0 || (w0 | w1 | w2) == 0)
					break;
			}
			continue;
		case TSX_APPEND_96b: { /* [96-bit event | next one's header or padding] */
			uint64_t ts = full_ts(w1, w2);
			if (s.have_full && ts < s.ref)
				goto stop;
			if ((w3 & TSX_SIZE_MASK) == TSX_APPEND_96b) {
				pad_end(d, sink);
				ev_full(d, &s, sink, OFF, w0, ts, 2);
				h0 = w3, r_off = OFF + 12, r = 2;
				break;
			}
			if (w3 == 0 && !LAST) {
				pad_end(d, sink);
				ev_full(d, &s, sink, OFF, w0, ts, 2);
				pad_add(d, sink, OFF + 12, 4);
				break;
			}
			goto stop;
		}
		case CARRIED(1): { /* [hi | a whole 96-bit event or padding] */
			uint64_t ts = full_ts(h1, w0);
			if (s.have_full && ts < s.ref)
				goto stop;
			if ((w1 & TSX_SIZE_MASK) == TSX_APPEND_96b) {
				uint64_t ts2 = full_ts(w2, w3);
				if (ts2 < ts)
					goto stop;
				pad_end(d, sink);
				ev_full(d, &s, sink, r_off, h0, ts, 2);
				ev_full(d, &s, sink, OFF + 4, w1, ts2, 2);
				r = 0;
				break;
			}
			if ((w1 | w2 | w3) == 0 && !LAST) {
				pad_end(d, sink);
				ev_full(d, &s, sink, r_off, h0, ts, 2);
				pad_add(d, sink, OFF + 4, 12);
				r = 0;
				break;
			}
			goto stop;
		}
		case CARRIED(2): { /* [lo hi | next event or padding] */
			uint64_t ts = full_ts(w0, w1);
			if (s.have_full && ts < s.ref)
				goto stop;
			if ((w2 & TSX_SIZE_MASK) == TSX_APPEND_96b) {
				pad_end(d, sink);
				ev_full(d, &s, sink, r_off, h0, ts, 2);
				h0 = w2, h1 = w3, r_off = OFF + 8, r = 1;
				break;
			}
			if ((w2 | w3) == 0 && !LAST) {
				pad_end(d, sink);
				ev_full(d, &s, sink, r_off, h0, ts, 2);
				pad_add(d, sink, OFF + 8, 8);
				r = 0;
				break;
			}
			goto stop;
		}
		default: /* a size code no event has */
			goto stop;
		}
		/* one unit done (the runs above continue by themselves) */
		q += 16;
		if (STOPPED)
			break;
	}
#undef CARRIED
#undef STOPPED
#undef LAST
#undef OFF
stop:;
	size_t done = (size_t)(q - p) / 16;
	uint64_t n = 0;
	for (int k = 0; k < 4; k++) {
		d->sum.by_size[k] += s.by_size[k];
		n += s.by_size[k];
	}
	d->off = base + 16 * done;
	d->fast_units += done;
	d->ref = s.ref;
	d->have_full = s.have_full;
	d->sum.events += n;
	d->sum.kinds[HWPC_TENSIX_EVENT] += n;
	d->sum.last_ts = s.last_ts;
	d->sum.last_time = s.last_time;
	/* A 96-bit event that goes on in the next unit: the careful path's
	 * state for it, which the next call (or word()) continues. */
	d->have = r ? 3 - r : 0;
	if (r) {
		d->w[0] = h0;
		d->w[1] = h1;
		d->need = 3;
		d->size = 96;
		d->zero_cand = false;
		d->ev_off = r_off;
	}
	return done;
}

/* Before the first event: only whole zero units (padding, or memory the
 * timestamper never wrote), so that the careful path sets the time origin
 * and the first timestamp. */
static size_t zero_units(struct hwpc_tensix_dec *d, const uint8_t *p, size_t units)
{
	size_t u = 0;
	if (d->have)
		return 0;
	for (; u < units && (le64(p + 16 * u) | le64(p + 16 * u + 8)) == 0; u++) {
		uint64_t off = d->off + 16 * u;
		if (d->stats)
			pad_add(d, SINK_STATS, off, 16);
		else
			pad_add(d, SINK_BATCH, off, 16); /* (the same for items) */
		if (d->stop) {
			u++;
			break;
		}
	}
	d->off += 16 * u;
	d->fast_units += u;
	return u;
}

size_t tensix_dec_fast_units(struct hwpc_tensix_dec *d, const uint8_t *p, size_t units)
{
	if (!d->have_any)
		return zero_units(d, p, units);
	if (d->stats)
		return scan_units(d, p, units, SINK_STATS);
	if (d->bcb)
		return scan_units(d, p, units, SINK_BATCH);
	return scan_units(d, p, units, SINK_ITEM);
}
