/* SPDX-License-Identifier: MIT */
/* Streaming decoder for Tensix timestamp event streams (see
 * hwpc/tensix_stream.h).
 *
 * The timestamper's accumulator collects 32-bit words and writes them to L1
 * sixteen bytes at a time; a flush pads the unit with zero words and lets
 * the next event have any size.  So the decoder walks words, knows where it
 * is inside a 16-byte unit, and applies the document's rule for sizes: every
 * event that starts in a unit after the unit's first must have that
 * event's size (an event straddling in from the previous unit does not
 * count, because the automatic flush at the unit boundary cleared the
 * accumulator's size).
 *
 * A zero word where an event should start is either flush padding (then
 * the rest of its unit is zero) or the header of a 128-bit event whose
 * token is 0 (then its counter words follow).  The decoder holds such a
 * word as a candidate and decides when the unit ends or a nonzero word
 * arrives.  (A token-0 128-bit event written when counter_lo was 0 reads
 * as padding; that is one cycle in 2^32.)
 *
 * This file is the careful path, which applies every rule and reports
 * every anomaly.  Whole well-formed units go through the fast path
 * (tensix_stream_fast.c) instead, whenever the decoder stands at a unit
 * boundary with nothing unusual pending; it hands anything else back. */
#include "tensix/tensix_cmd.h"
#include "tensix/tensix_dec.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t region_bytes(const struct hwpc_tensix_layout *l, int b)
{
	if (!l->valid[b] || l->start[b] > l->end[b])
		return 0;
	return ((uint64_t)l->end[b] - l->start[b] + 1) * 16;
}

struct hwpc_tensix_dec *hwpc_tensix_dec_new(const struct hwpc_tensix_layout *layout, hwpc_tensix_cb cb, void *ctx)
{
	struct hwpc_tensix_dec *d = calloc(1, sizeof *d);
	if (!d)
		return NULL;
	d->cb = cb;
	d->ctx = ctx;
	if (layout)
		d->lay = *layout;
	for (int p = 0; p < PH_COUNT; p++)
		d->phase_end[p] = UINT64_MAX;
	if (d->lay.have_status)
		d->st = d->lay.status; /* decoded by the caller, with regdb's bits */
	if (d->lay.have_bufs) {
		uint64_t w[2];
		for (int b = 0; b < 2; b++)
			w[b] = d->cap[b] = region_bytes(&d->lay, b);
		if (d->lay.have_status) {
			/* Buffer 0 holds STATUS's position; buffer 1 is only
			 * written once buffer 0 is full (or invalid), and its
			 * position cannot be read, so all of it counts. */
			uint64_t pos0 = (uint64_t)d->st.bufs0_position * 16;
			if (pos0 < w[0])
				w[0] = pos0;
			if (d->cap[0] && !d->st.full[0])
				w[1] = 0;
		}
		d->phase_end[PH_B0] = w[0];
		d->phase_end[PH_B0_STALE] = d->cap[0];
		d->phase_end[PH_B1] = d->cap[0] + w[1];
		d->phase_end[PH_B1_STALE] = d->cap[0] + d->cap[1];
	}
	return d;
}

void hwpc_tensix_dec_free(struct hwpc_tensix_dec *d)
{
	if (d)
		free(d->batch);
	free(d);
}

int hwpc_tensix_dec_set_batch(struct hwpc_tensix_dec *d, hwpc_tensix_batch_cb cb, void *ctx)
{
	if (!d->batch && !(d->batch = malloc(BATCH * sizeof *d->batch)))
		return -1;
	d->bcb = cb;
	d->bctx = ctx;
	return 0;
}

void hwpc_tensix_dec_set_quiet(struct hwpc_tensix_dec *d, bool quiet)
{
	d->quiet = quiet;
}

void hwpc_tensix_dec_set_stats(struct hwpc_tensix_dec *d, struct hwpc_tensix_tokstat *tab)
{
	d->stats = tab;
}

void hwpc_tensix_dec_locate(const struct hwpc_tensix_dec *d, uint64_t offset, int *buffer, uint64_t *addr)
{
	*buffer = -1;
	*addr = UINT64_MAX;
	if (!d->lay.have_bufs)
		return;
	if (offset < d->cap[0]) {
		*buffer = 0;
		*addr = (uint64_t)d->lay.start[0] * 16 + offset;
	} else if (offset < d->cap[0] + d->cap[1]) {
		*buffer = 1;
		*addr = (uint64_t)d->lay.start[1] * 16 + (offset - d->cap[0]);
	}
}

const struct hwpc_tensix_summary *hwpc_tensix_dec_summary(const struct hwpc_tensix_dec *d)
{
	return &d->sum;
}

static void add_padding(struct hwpc_tensix_dec *d, uint64_t off, uint64_t bytes)
{
	if (d->bad_words)
		tensix_dec_flush_runs(d);
	/* A flush while 32-bit (or unit-aligned 128-bit) events sit in the
	 * accumulator is undefined: only FLUSH_64b and FLUSH_96b exist. */
	if (d->unit_size == 32 || d->unit_size == 128) {
		tensix_dec_flush_runs(d);
		tensix_dec_msgf(d,
			 "flush padding after %u-bit events in the same 16-byte unit", d->unit_size);
		tensix_dec_anomaly(d, HWPC_TENSIX_SIZE_MIXED, off, 1, d->unit_size, -1);
		d->unit_size = 0;
	}
	if (d->pad_bytes && d->pad_off + d->pad_bytes == off) {
		d->pad_bytes += bytes;
	} else {
		tensix_dec_flush_runs(d);
		d->pad_off = off;
		d->pad_bytes = bytes;
	}
}

static void check_size(struct hwpc_tensix_dec *d, unsigned size, uint64_t off)
{
	if (d->unit_size == 0) {
		d->unit_size = size;
	} else if (d->unit_size != size) {
		tensix_dec_msgf(d,
			 "%u-bit event after %u-bit events without a flush", size, d->unit_size);
		tensix_dec_anomaly(d, HWPC_TENSIX_SIZE_MIXED, off, 1, d->unit_size, -1);
		d->unit_size = size;
	}
}

/* One whole event: w holds its words, size its bits.  The time logic is
 * the fast path (tensix_stream_fast.c) applies the same rules. */
static void emit_event(struct hwpc_tensix_dec *d, const uint32_t *w,
							    unsigned size, uint64_t ev_off)
{
	uint64_t ts;
	enum hwpc_tensix_time time;
	uint32_t header = w[0];

	if (!d->have_any) {
		/* Whether a piece's decoding can join the one before it
		 * (tensix_stream_piece.c): nothing before its first event. */
		uint64_t items = 0;
		for (int k = 0; k < HWPC_TENSIX_KIND_COUNT; k++)
			items += d->sum.kinds[k];
		d->clean_start = ev_off == d->origin && !d->pad_bytes && !d->bad_words && !items;
		d->first_size = size;
	}
	if (d->pad_bytes || d->bad_words)
		tensix_dec_flush_runs(d);
	switch (size) {
	case 128:
	case 96:
		ts = (uint64_t)w[2] << 32 | w[1];
		time = HWPC_TENSIX_TIME_FULL;
		break;
	case 64:
		ts = tsx_unwrap64(d->ref, w[1]);
		time = d->have_full ? HWPC_TENSIX_TIME_UNWRAPPED : HWPC_TENSIX_TIME_RELATIVE;
		break;
	default: /* 32 */
		header = w[0] & TSX_EV32_HEADER_MASK;
		ts = tsx_unwrap32(d->ref, w[0]);
		time = d->have_full ? HWPC_TENSIX_TIME_UNWRAPPED : HWPC_TENSIX_TIME_RELATIVE;
		break;
	}

	bool backwards = time == HWPC_TENSIX_TIME_FULL && d->have_full && ts < d->ref;
	if (time == HWPC_TENSIX_TIME_FULL) {
		d->have_full = true;
		d->ref = ts;
	} else if (ts > d->ref || !d->have_any) {
		d->ref = ts;
	}
	d->have_any = true;

	uint64_t index = d->sum.events++;
	d->sum.by_size[size == 32 ? 0 : size == 64 ? 1 : size == 96 ? 2 : 3]++;
	if (!d->sum.have_ts)
		d->sum.first_ts = ts;
	d->sum.have_ts = true;
	uint64_t prev = d->sum.last_ts;
	d->sum.last_ts = ts;
	d->sum.last_time = time;
	d->sum.kinds[HWPC_TENSIX_EVENT]++;

	if (d->stats && header >> TSX_TOKEN_LO < HWPC_TENSIX_DIRECT_TOKENS) {
		hwpc_tensix_tokstat_add(&d->stats[header >> TSX_TOKEN_LO], ts);
	} else if (d->bcb) {
		if (tsx_batch_put(d, ev_off, index, size, header, ts, time))
			tensix_dec_flush_batch(d);
	} else {
		tensix_dec_event_item(d, ev_off, index, size, header, ts, time);
	}

	if (size == 128 && w[3] != 0) {
		tensix_dec_msgf(d, "128-bit event's last word is 0x%08x, not 0", w[3]);
		tensix_dec_anomaly(d, HWPC_TENSIX_UNDECODABLE, ev_off + 12, 1, w[3], -1);
	}
	if (backwards) {
		tensix_dec_msgf(d,
			 "timestamp %llu is earlier than the one before it (%llu)",
			 (unsigned long long)ts, (unsigned long long)prev);
		tensix_dec_anomaly(d, HWPC_TENSIX_BACKWARDS, ev_off, 1, 0, -1);
	}
}

void tensix_dec_boundary(struct hwpc_tensix_dec *d)
{
	/* A zero candidate that reached the end of its unit was padding;
	 * the new unit's accumulator has no size yet. */
	if (d->have && d->zero_cand) {
		add_padding(d, d->ev_off, (uint64_t)d->have * 4);
		d->have = 0;
	}
	d->unit_size = 0;
}

static void word(struct hwpc_tensix_dec *d, uint32_t w)
{
	uint64_t off = d->off;

	if ((off & 15) == 0)
		tensix_dec_boundary(d);
	if (d->have) {
		d->w[d->have++] = w;
		if (d->zero_cand && w != 0) {
			d->zero_cand = false;
			check_size(d, 128, d->ev_off);
		}
		if (d->have == d->need) {
			if (d->zero_cand)
				add_padding(d, d->ev_off, 16);
			else
				emit_event(d, d->w, d->size, d->ev_off);
			d->have = 0;
		}
		return;
	}

	unsigned size, need;
	switch (w & TSX_SIZE_MASK) {
	case TSX_APPEND_128b: size = 128, need = 4; break;
	case TSX_APPEND_96b: size = 96, need = 3; break;
	case TSX_APPEND_64b: size = 64, need = 2; break;
	case TSX_APPEND_32b: size = 32, need = 1; break;
	default:
		/* The flush commands and the undefined codes: none of them is
		 * ever written to L1. */
		if (d->pad_bytes)
			tensix_dec_flush_runs(d);
		if (d->bad_words == 0) {
			d->bad_off = off;
			d->bad_first = w;
		}
		d->bad_words++;
		return;
	}
	d->ev_off = off;
	d->size = size;
	d->need = need;
	d->w[0] = w;
	d->have = 1;
	if (w == 0) {
		d->zero_cand = true;
		return;
	}
	d->zero_cand = false;
	check_size(d, size, off);
	if (need == 1) {
		emit_event(d, d->w, 32, off);
		d->have = 0;
	}
}

/* Records due when the input reaches the end of a phase.  Phases come in
 * pairs per buffer (written part, stale rest), so p - 1 is the written
 * part when p is a stale phase. */
static void enter_phase(struct hwpc_tensix_dec *d, int p, bool have_data)
{
	d->phase = p;
	if ((p == PH_B0_STALE || p == PH_B1_STALE) && have_data &&
	    d->phase_end[p] > d->phase_end[p - 1]) {
		int b = p == PH_B1_STALE;
		uint64_t n = d->phase_end[p] - d->phase_end[p - 1];
		/* the runs before it first: their messages use d->msg too */
		tensix_dec_flush_runs(d);
		tensix_dec_msgf(d, "buffer %d: %llu bytes %s (STATUS), skipped", b,
			 (unsigned long long)n,
			 b ? "not written since buffer 0 is not full" : "past the write position");
		tensix_dec_anomaly(d, HWPC_TENSIX_STALE, d->phase_end[p - 1], n, 0, b);
	}
	int b = p == PH_B1 ? 0 : p == PH_EXTRA ? 1 : -1;
	if (b >= 0 && d->lay.have_status && d->st.full[b]) {
		tensix_dec_flush_runs(d);
		tensix_dec_msgf(d, "buffer %d is full (STATUS)", b);
		tensix_dec_anomaly(d, HWPC_TENSIX_FULL, b ? d->phase_end[PH_B1_STALE] : d->cap[0], 0, 0, b);
	}
}

static void advance_phases(struct hwpc_tensix_dec *d, bool have_data)
{
	while (d->phase < PH_EXTRA && d->off >= d->phase_end[d->phase])
		enter_phase(d, d->phase + 1, have_data);
}

static bool skipping(const struct hwpc_tensix_dec *d)
{
	return d->phase == PH_B0_STALE || d->phase == PH_B1_STALE || d->phase == PH_EXTRA;
}


int hwpc_tensix_dec_feed(struct hwpc_tensix_dec *d, const void *bytes, size_t n)
{
	const uint8_t *p = bytes;

	d->sum.bytes += n;
	while (n && !d->stop) {
		if (d->lay.have_bufs)
			advance_phases(d, true);
		if (d->ncarry || n < 4) {
			/* a word split between two feeds */
			d->carry[d->ncarry++] = *p++;
			n--;
			if (d->ncarry < 4)
				continue;
			d->ncarry = 0;
			if (!skipping(d))
				word(d, tsx_le32(d->carry));
			d->off += 4;
			continue;
		}
		/* Whole words up to the next phase boundary, without
		 * per-word checks. */
		uint64_t words = n / 4;
		if (d->lay.have_bufs && d->phase < PH_EXTRA) {
			uint64_t left = (d->phase_end[d->phase] - d->off) / 4;
			if (left < words)
				words = left ? left : 1;
		}
		if (skipping(d)) {
			d->off += words * 4;
		} else {
			for (uint64_t i = 0; i < words && !d->stop;) {
				/* Whole units on the fast path while it can take
				 * them; word by word around anything else. */
				if ((d->off & 15) == 0 && words - i >= 4 && tensix_dec_fast_ready(d)) {
					i += 4 * (uint64_t)tensix_dec_fast_units(d, p + 4 * i, (size_t)((words - i) / 4));
					if (i >= words || d->stop)
						break;
				}
				word(d, tsx_le32(p + 4 * i));
				d->off += 4;
				i++;
			}
		}
		p += words * 4;
		n -= words * 4;
	}
	return d->stop;
}

int hwpc_tensix_dec_finish(struct hwpc_tensix_dec *d)
{
	if (d->nbatch)
		tensix_dec_flush_batch(d);
	uint64_t total = d->sum.bytes;
	unsigned pending = d->lay.have_status ? hwpc_tensix_status_pending_words(&d->st) : 0;

	if (d->lay.have_bufs)
		advance_phases(d, false);
	if (d->have && d->zero_cand) {
		add_padding(d, d->ev_off, (uint64_t)d->have * 4);
		d->have = 0;
	}
	tensix_dec_flush_runs(d);
	if (d->have && d->have + pending != d->need) {
		tensix_dec_msgf(d, "input ends inside a %u-bit event (%u of %u words)",
			 d->size, d->have, d->need);
		tensix_dec_anomaly(d, HWPC_TENSIX_TRUNCATED, d->ev_off, d->have, d->size, -1);
	}
	unsigned mod = d->lay.have_bufs ? 16 : 4;
	if (total % mod) {
		tensix_dec_msgf(d, "input size %llu is not a multiple of %u",
			 (unsigned long long)total, mod);
		tensix_dec_anomaly(d, HWPC_TENSIX_TRAILING, total - total % mod, total % mod, 0, -1);
	}
	if (d->lay.have_bufs) {
		for (int b = 0; b < 2; b++) {
			if (d->lay.valid[b] && d->lay.start[b] > d->lay.end[b]) {
				tensix_dec_msgf(d,
					 "buffer %d: start 0x%x > end 0x%x, it is never written", b,
					 d->lay.start[b], d->lay.end[b]);
				tensix_dec_anomaly(d, HWPC_TENSIX_BAD_RANGE, 0, 0, 0, b);
			}
		}
		uint64_t want = d->phase_end[PH_B1] > d->cap[0] ? d->phase_end[PH_B1]
								 : d->phase_end[PH_B0];
		if (total < want) {
			tensix_dec_msgf(d,
				 "input ends %llu bytes before the end of the buffer data",
				 (unsigned long long)(want - total));
			tensix_dec_anomaly(d, HWPC_TENSIX_SHORT, total, want - total, 0, -1);
		}
		uint64_t all = d->cap[0] + d->cap[1];
		if (total > all) {
			tensix_dec_msgf(d,
				 "%llu bytes past the end of the buffers ignored",
				 (unsigned long long)(total - all));
			tensix_dec_anomaly(d, HWPC_TENSIX_EXTRA, all, total - all, 0, -1);
		}
		/* Full flags of buffers the input did not reach. */
		while (d->phase < PH_EXTRA)
			enter_phase(d, d->phase + 1, false);
	}
	if (d->lay.have_status) {
		for (int b = 0; b < 2; b++) {
			if (!d->st.overflow[b])
				continue;
			if (d->sum.have_ts)
				tensix_dec_msgf(d,
					 "buffer %d overflowed: events after ts %llu (%s) were dropped",
					 b, (unsigned long long)d->sum.last_ts,
					 hwpc_tensix_time_name(d->sum.last_time));
			else
				tensix_dec_msgf(d,
					 "buffer %d overflowed: events were dropped (none was written)",
					 b);
			tensix_dec_anomaly(d, HWPC_TENSIX_OVERFLOW, total, 0, 0, b);
		}
		if (pending) {
			tensix_dec_msgf(d,
				 "%u word%s still in the write accumulator, not yet in L1", pending,
				 pending == 1 ? "" : "s");
			tensix_dec_anomaly(d, HWPC_TENSIX_PENDING, total, pending, 0, -1);
		}
	}
	return d->stop;
}
