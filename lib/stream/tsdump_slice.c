/* SPDX-License-Identifier: MIT */
/* Slices: a begin token of the map opens one, its end token closes the
 * latest open one of that pair.  Their statistics go to the summary and,
 * when a trace is written, each slice (or end without a begin) to the
 * trace; the summary and the trace both feed events here. */
#include "stream/tsdump_state.h"

#include <stdio.h>

void tsdump_slice(struct hwpc_tsdump *t, const struct hwpc_tok *tok, uint64_t ts, int tid)
{
	struct slicestat *sl = &t->slices[tok->pair];
	if (tok->role == HWPC_TOKMAP_BEGIN) {
		if (sl->depth < SLICE_DEPTH)
			sl->stack[sl->depth++] = ts;
		else
			sl->unmatched_begin++;
		return;
	}
	if (!sl->depth) {
		sl->unmatched_end++;
		if (t->tr) {
			struct hwpc_trace_arg a = { .key = "ts", .num = (double)ts };
			char name[96];
			snprintf(name, sizeof name, "%s end (no begin)", tok->name);
			hwpc_trace_instant(t->tr, PID_TENSIX, tid, tsdump_us(t, ts), name, "unmatched", &a, 1);
		}
		return;
	}
	uint64_t b = sl->stack[--sl->depth], d = ts - b;
	if (!sl->count || d < sl->min)
		sl->min = d;
	if (d > sl->max)
		sl->max = d;
	sl->total += d;
	sl->count++;
	if (t->tr) {
		struct hwpc_trace_arg a[2] = { { .key = "begin_ts", .num = (double)b },
					       { .key = "ticks", .num = (double)d } };
		hwpc_trace_complete(t->tr, PID_TENSIX, tid, tsdump_us(t, b), tsdump_us(t, ts) - tsdump_us(t, b),
				    tok->name, "slice", a, 2);
	}
}
