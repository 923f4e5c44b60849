/* SPDX-License-Identifier: MIT */
/* Decoding one Tensix stream in pieces, on several threads at once.
 *
 * Each piece after the first is decoded by a decoder of its own, from a
 * 16-byte unit boundary, knowing nothing of what came before; then it is
 * joined to the decoder of the input before it.  A join is only made when
 * it gives exactly what one decoder reading the whole input would have
 * given, which holds when the piece's first event is a full-timestamp
 * (96/128-bit) event that starts at the piece's first byte and nothing
 * came before it there, while the decoder before it stands at that same
 * unit boundary with no event half-assembled: after that first event the
 * two decoders' states are the same (the same latest timestamp, the same
 * accumulator size, nothing pending), so every later item is too.  Runs
 * of padding or undecodable words the earlier decoder still holds are
 * closed at the join, where the whole-input decoder would close them (at
 * the next event).  Anything else, and a piece whose first timestamp is
 * earlier than the latest before it (one decoder would report that), is
 * refused: the caller then feeds the piece's bytes to the earlier decoder
 * itself.  So pieces are an optimisation that never changes the output.
 *
 * tests/unit/test_tsdec_pieces.c splits streams at every unit and holds
 * the joined result to the one decoder's. */
#include "tensix/tensix_dec.h"
#include "tensix/tensix_cmd.h"

int hwpc_tensix_dec_set_origin(struct hwpc_tensix_dec *d, uint64_t origin)
{
	/* Buffer phases are counted from the start of the input: a piece
	 * of a laid-out input would need them; tsdump does not split those. */
	if (d->lay.have_bufs || origin % 16 || d->sum.bytes)
		return -1;
	d->origin = d->off = origin;
	return 0;
}

/* Where a piece may start: a unit that looks like a full-timestamp event
 * at a unit boundary (a 128-bit one, last word 0, or a 96-bit one followed
 * by the next 96-bit header or padding), after a unit that looks like it
 * ends with a whole event (no 96-bit header in its last two words, which
 * would carry on into this unit).  A guess: the join checks. */
size_t hwpc_tensix_dec_sync_unit(const void *bytes, size_t units)
{
	const uint8_t *p = bytes;
	for (size_t u = 1; u < units; u++) {
		const uint8_t *q = p + 16 * u, *prev = q - 16;
		uint32_t w0 = tsx_le32(q), w1 = tsx_le32(q + 4), w2 = tsx_le32(q + 8), w3 = tsx_le32(q + 12);
		if ((tsx_le32(prev + 8) & TSX_SIZE_MASK) == TSX_APPEND_96b ||
		    (tsx_le32(prev + 12) & TSX_SIZE_MASK) == TSX_APPEND_96b)
			continue;
		bool full128 = (w0 & TSX_SIZE_MASK) == TSX_APPEND_128b && w3 == 0 && (w0 | w1 | w2) != 0;
		bool full96 = (w0 & TSX_SIZE_MASK) == TSX_APPEND_96b &&
			      ((w3 & TSX_SIZE_MASK) == TSX_APPEND_96b || w3 == 0);
		if (full128 || full96)
			return u;
	}
	return units;
}

int hwpc_tensix_dec_joinable(struct hwpc_tensix_dec *d, struct hwpc_tensix_dec *c)
{
	/* Deliver what the batches hold: the caller's statistics must be
	 * complete on both sides of the join before it compares them. */
	if (d->nbatch)
		tensix_dec_flush_batch(d);
	if (c->nbatch)
		tensix_dec_flush_batch(c);
	if (d->stop || c->stop || d->lay.have_bufs || c->lay.have_bufs || d->ncarry || c->origin != d->off)
		return 0;
	/* What the next word would do first at this unit boundary (a zero
	 * word still waiting to be padding or a token-0 header is padding),
	 * as would the end of the input: harmless when the join is refused. */
	tensix_dec_boundary(d);
	if (d->have)
		return 0; /* an event goes on into the piece */
	if (!c->have_any || !c->clean_start || c->first_size < 96)
		return 0;
	/* One decoder would call this first timestamp backwards. */
	if (d->have_full && c->sum.first_ts < d->ref)
		return 0;
	return 1;
}

void hwpc_tensix_dec_join(struct hwpc_tensix_dec *d, struct hwpc_tensix_dec *c)
{
	/* The runs the piece's first event would have closed. */
	tensix_dec_flush_runs(d);

	struct hwpc_tensix_summary *s = &d->sum;
	const struct hwpc_tensix_summary *t = &c->sum;
	s->bytes += t->bytes;
	s->events += t->events;
	for (int k = 0; k < 4; k++)
		s->by_size[k] += t->by_size[k];
	for (int k = 0; k < HWPC_TENSIX_KIND_COUNT; k++)
		s->kinds[k] += t->kinds[k];
	if (!s->have_ts)
		s->first_ts = t->first_ts;
	s->have_ts = true; /* c has an event */
	s->last_ts = t->last_ts;
	s->last_time = t->last_time;
	s->lost = s->lost || t->lost;
	d->fast_units += c->fast_units;

	/* From here on d is where c is. */
	d->off = c->off;
	for (int k = 0; k < 4; k++) {
		d->carry[k] = c->carry[k];
		d->w[k] = c->w[k];
	}
	d->ncarry = c->ncarry;
	d->have = c->have;
	d->need = c->need;
	d->size = c->size;
	d->ev_off = c->ev_off;
	d->zero_cand = c->zero_cand;
	d->unit_size = c->unit_size;
	d->pad_off = c->pad_off;
	d->pad_bytes = c->pad_bytes;
	d->bad_off = c->bad_off;
	d->bad_words = c->bad_words;
	d->bad_first = c->bad_first;
	d->have_any = true;
	d->have_full = c->have_full;
	d->ref = c->ref;
}
