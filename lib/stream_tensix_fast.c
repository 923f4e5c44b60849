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
 * path in stream_tensix.c, which reports every anomaly.  So the fast path
 * never reports anything itself: it decodes only what the careful path
 * would decode without a word of complaint, with the same timestamp rules
 * (stream_tensix_internal.h).  tests/unit/test_tsdec_fastpath.c holds the
 * two paths to the same output.
 *
 * The loop is compiled once per consumer (summary statistics, batches,
 * item callback), so the summary updates its per-token table inline and
 * builds no per-event record at all. */
#include "stream_tensix_internal.h"

enum sink { SINK_STATS, SINK_BATCH, SINK_ITEM };

#define ALWAYS_INLINE inline __attribute__((always_inline))
#define UNLIKELY(x) __builtin_expect(!!(x), 0)

bool tsdec_fast_ready(const struct hwpc_tsdec *d)
{
	/* After the first event (the careful path sets the time origin), with
	 * no undecodable run open, and nothing or a 96-bit event's first
	 * words pending. */
	return d->have_any && !d->bad_words && !d->ncarry && !d->stop &&
	       (d->have == 0 || (d->size == 96 && !d->zero_cand));
}

/* What the loop keeps in registers; written back to the decoder at the end. */
struct scan {
	uint64_t ref, last_ts, index;
	uint64_t by_size[4];
	uint64_t pad_off, pad_bytes, npad;
	bool have_full;
	enum hwpc_ts_time last_time;
};

static void pad_flush(struct hwpc_tsdec *d, struct scan *s, enum sink sink)
{
	if (sink == SINK_STATS) {
		s->npad++; /* what tsdec_flush_runs does in summary mode */
	} else {
		d->pad_off = s->pad_off;
		d->pad_bytes = s->pad_bytes;
		tsdec_flush_runs(d);
	}
	s->pad_bytes = 0;
}

/* Consecutive padding is one run, as in the careful path's add_padding. */
static ALWAYS_INLINE void pad_add(struct hwpc_tsdec *d, struct scan *s, enum sink sink, uint64_t off,
				  uint64_t bytes)
{
	if (s->pad_bytes && s->pad_off + s->pad_bytes == off) {
		s->pad_bytes += bytes;
		return;
	}
	if (s->pad_bytes)
		pad_flush(d, s, sink);
	s->pad_off = off;
	s->pad_bytes = bytes;
}

static ALWAYS_INLINE void batch_put(struct hwpc_tsdec *d, uint64_t off, uint64_t index, unsigned size,
				    uint32_t header, uint64_t ts, enum hwpc_ts_time time)
{
	struct hwpc_ts_ev *e = &d->batch[d->nbatch++];
	e->offset = off;
	e->index = index;
	e->ts = ts;
	e->header = header;
	e->token = header >> 3;
	e->size = (uint16_t)size;
	e->time = (uint8_t)time;
	if (d->nbatch == BATCH)
		tsdec_flush_batch(d);
}

/* One event with its time worked out (sz: 0..3 for 32..128 bits). */
static ALWAYS_INLINE void put_event(struct hwpc_tsdec *d, struct scan *s, enum sink sink, uint64_t off,
				    uint32_t header, uint64_t ts, unsigned sz, enum hwpc_ts_time time)
{
	if (UNLIKELY(s->pad_bytes))
		pad_flush(d, s, sink); /* the run ends before this event */
	uint64_t index = s->index++;
	unsigned size = 32 * (sz + 1);
	s->by_size[sz]++;
	s->last_ts = ts;
	s->last_time = time;
	if (sink == SINK_STATS) {
		if (header >> 3 < HWPC_TS_DIRECT_TOKENS)
			hwpc_ts_tokstat_add(&d->stats[header >> 3], ts);
		else
			batch_put(d, off, index, size, header, ts, time);
	} else if (sink == SINK_BATCH) {
		batch_put(d, off, index, size, header, ts, time);
	} else {
		tsdec_event_item(d, off, index, size, header, ts, time);
	}
}

static ALWAYS_INLINE void ev32(struct hwpc_tsdec *d, struct scan *s, enum sink sink, uint64_t off, uint32_t w)
{
	uint64_t ts = tsx_unwrap32(s->ref, w);
	s->ref = ts > s->ref ? ts : s->ref;
	put_event(d, s, sink, off, w & 0xffff, ts, 0,
		  s->have_full ? HWPC_TS_TIME_UNWRAPPED : HWPC_TS_TIME_RELATIVE);
}

static ALWAYS_INLINE void ev64(struct hwpc_tsdec *d, struct scan *s, enum sink sink, uint64_t off, uint32_t h,
			       uint32_t lo)
{
	uint64_t ts = tsx_unwrap64(s->ref, lo);
	s->ref = ts > s->ref ? ts : s->ref;
	put_event(d, s, sink, off, h, ts, 1, s->have_full ? HWPC_TS_TIME_UNWRAPPED : HWPC_TS_TIME_RELATIVE);
}

/* 96/128-bit: the callers have checked that ts is not before ref. */
static ALWAYS_INLINE void ev_full(struct hwpc_tsdec *d, struct scan *s, enum sink sink, uint64_t off,
				  uint32_t h, uint64_t ts, unsigned sz)
{
	s->ref = ts;
	s->have_full = true;
	put_event(d, s, sink, off, h, ts, sz, HWPC_TS_TIME_FULL);
}

static inline uint64_t full_ts(uint32_t lo, uint32_t hi)
{
	return (uint64_t)hi << 32 | lo;
}

static ALWAYS_INLINE size_t scan_units(struct hwpc_tsdec *d, const uint8_t *p, size_t units, enum sink sink)
{
	struct scan s = {
		.ref = d->ref, .last_ts = d->sum.last_ts, .index = d->sum.events,
		.pad_off = d->pad_off, .pad_bytes = d->pad_bytes,
		.have_full = d->have_full, .last_time = d->sum.last_time,
	};
	/* A 96-bit event started in an earlier unit: r words still to come
	 * (2 or 1), its header in h0 and, when r is 1, counter_lo in h1. */
	unsigned r = d->have ? 3 - d->have : 0;
	uint32_t h0 = d->w[0], h1 = d->w[1];
	uint64_t r_off = d->ev_off;
	uint64_t off = d->off;
	size_t u;

	for (u = 0; u < units; u++, off += 16) {
		const uint8_t *q = p + 16 * u;
		uint32_t w0 = tsx_le32(q), w1 = tsx_le32(q + 4), w2 = tsx_le32(q + 8), w3 = tsx_le32(q + 12);
		/* A zero word at a unit's end stays a padding candidate until
		 * the next unit: the careful path decides it there (a phase
		 * boundary may report something first). */
		bool last = u + 1 == units;

		if (r == 2) { /* [lo hi | next event or padding] */
			uint64_t ts = full_ts(w0, w1);
			if (s.have_full && ts < s.ref)
				goto stop;
			if ((w2 & 7) == 4) {
				ev_full(d, &s, sink, r_off, h0, ts, 2);
				h0 = w2, h1 = w3, r_off = off + 8, r = 1;
			} else if ((w2 | w3) == 0 && !last) {
				ev_full(d, &s, sink, r_off, h0, ts, 2);
				pad_add(d, &s, sink, off + 8, 8);
				r = 0;
			} else {
				goto stop;
			}
		} else if (r == 1) { /* [hi | a whole 96-bit event or padding] */
			uint64_t ts = full_ts(h1, w0);
			if (s.have_full && ts < s.ref)
				goto stop;
			if ((w1 & 7) == 4) {
				uint64_t ts2 = full_ts(w2, w3);
				if (ts2 < ts)
					goto stop;
				ev_full(d, &s, sink, r_off, h0, ts, 2);
				ev_full(d, &s, sink, off + 4, w1, ts2, 2);
				r = 0;
			} else if ((w1 | w2 | w3) == 0 && !last) {
				ev_full(d, &s, sink, r_off, h0, ts, 2);
				pad_add(d, &s, sink, off + 4, 12);
				r = 0;
			} else {
				goto stop;
			}
		} else {
			switch (w0 & 7) {
			case 2: /* 32-bit events fill whole units (no flush for them) */
				if ((w1 & 7) != 2 || (w2 & 7) != 2 || (w3 & 7) != 2)
					goto stop;
				ev32(d, &s, sink, off, w0);
				ev32(d, &s, sink, off + 4, w1);
				ev32(d, &s, sink, off + 8, w2);
				ev32(d, &s, sink, off + 12, w3);
				break;
			case 1:
				if ((w2 & 7) == 1) {
					ev64(d, &s, sink, off, w0, w1);
					ev64(d, &s, sink, off + 8, w2, w3);
				} else if ((w2 | w3) == 0 && !last) {
					ev64(d, &s, sink, off, w0, w1);
					pad_add(d, &s, sink, off + 8, 8);
				} else {
					goto stop;
				}
				break;
			case 0: { /* a 128-bit event, or padding when all zero */
				if (w3 != 0)
					goto stop;
				if ((w0 | w1 | w2) == 0) {
					pad_add(d, &s, sink, off, 16);
					break;
				}
				uint64_t ts = full_ts(w1, w2);
				if (s.have_full && ts < s.ref)
					goto stop;
				ev_full(d, &s, sink, off, w0, ts, 3);
				break;
			}
			case 4: { /* [96-bit event | next one's header or padding] */
				uint64_t ts = full_ts(w1, w2);
				if (s.have_full && ts < s.ref)
					goto stop;
				if ((w3 & 7) == 4) {
					ev_full(d, &s, sink, off, w0, ts, 2);
					h0 = w3, r_off = off + 12, r = 2;
				} else if (w3 == 0 && !last) {
					ev_full(d, &s, sink, off, w0, ts, 2);
					pad_add(d, &s, sink, off + 12, 4);
				} else {
					goto stop;
				}
				break;
			}
			default:
				goto stop;
			}
		}
		if (UNLIKELY(d->stop)) {
			u++, off += 16;
			break;
		}
	}
stop:
	d->off = off;
	d->ref = s.ref;
	d->have_full = s.have_full;
	d->pad_off = s.pad_off;
	d->pad_bytes = s.pad_bytes;
	uint64_t n = s.index - d->sum.events;
	d->sum.events = s.index;
	d->sum.kinds[HWPC_TS_EVENT] += n;
	d->sum.kinds[HWPC_TS_PADDING] += s.npad;
	for (int k = 0; k < 4; k++)
		d->sum.by_size[k] += s.by_size[k];
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
	return u;
}

size_t tsdec_fast_units(struct hwpc_tsdec *d, const uint8_t *p, size_t units)
{
	if (d->stats)
		return scan_units(d, p, units, SINK_STATS);
	if (d->bcb)
		return scan_units(d, p, units, SINK_BATCH);
	return scan_units(d, p, units, SINK_ITEM);
}
