/* SPDX-License-Identifier: MIT */
/* tsdump --summary in pieces: a piece of the input decoded into a tsdump
 * of its own (on another thread), then joined to the one before it.  The
 * decoder decides whether its state allows the join
 * (tensix_stream_piece.c), the statistics whether their tables do
 * (tsdump_stats.c); when either says no, the caller decodes the piece's
 * bytes again with the earlier tsdump, so the summary is always the one a
 * single pass gives. */
#include "stream/tsdump_state.h"
#include "tensix/tensix_cmd.h"

bool tsdump_splittable(const struct hwpc_tsdump *t)
{
	/* Slices pair events across the whole input in order; buffer
	 * layouts number their phases from its start. */
	return t->ts && t->o.summary && !t->slices && !t->finished &&
	       !(t->o.layout && t->o.layout->have_bufs);
}

struct hwpc_tsdump *tsdump_piece_new(const struct hwpc_tsdump *t, uint64_t origin, struct hwpc_err *err)
{
	struct hwpc_tsdump_opts o = t->o;
	o.layout = NULL; /* STATUS matters at the end of the input only */
	struct hwpc_tsdump *p = hwpc_tsdump_new(&o, err);
	if (!p)
		return NULL;
	p->piece = true;
	if (hwpc_tensix_dec_set_origin(p->ts, origin)) {
		hwpc_err_set(err, HWPC_EINPUT, "a piece cannot start at offset %llu", (unsigned long long)origin);
		hwpc_tsdump_free(p);
		return NULL;
	}
	return p;
}

bool tsdump_piece_join(struct hwpc_tsdump *t, struct hwpc_tsdump *p)
{
	if (!hwpc_tensix_dec_joinable(t->ts, p->ts) || !stats_mergeable(t, p))
		return false;
	hwpc_tensix_dec_join(t->ts, p->ts); /* t's own runs first: they come before p's losses */
	stats_merge(t, p);
	return true;
}
