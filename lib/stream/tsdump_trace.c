/* SPDX-License-Identifier: MIT */
/* tsdump's Chrome trace of a Tensix stream: an instant per event on one
 * track (or a slice per begin/end pair of the token map), an instant per
 * anomaly on another.  Events come in batches and are written straight
 * into the trace writer's buffer (output/output_trace.h): the text around
 * the values is constant, times are formatted without printf.  trace_item
 * writes the same through the writer's calls; tests hold one to the other
 * byte for byte. */
#include "stream/tsdump_state.h"

#include <string.h>

#include "output/output_row.h"
#include "output/output_trace.h"

void trace_names(struct hwpc_tsdump *t)
{
	hwpc_trace_process_name(t->tr, PID_TENSIX, "Tensix timestamper");
	hwpc_trace_thread_name(t->tr, PID_TENSIX, TID_EVENTS, "events");
	hwpc_trace_thread_name(t->tr, PID_TENSIX, TID_ANOMALY, "anomalies");
}

int trace_item(void *ctx, const struct hwpc_tensix_item *it)
{
	struct hwpc_tsdump *t = ctx;
	if (it->kind == HWPC_TENSIX_EVENT) {
		t->last_ts = it->ts;
		const struct hwpc_tok *m = t->o.map ? hwpc_tokmap_find(t->o.map, it->token) : NULL;
		if (m && m->role != HWPC_TOKMAP_INSTANT) {
			tsdump_slice(t, m, it->ts, TID_EVENTS);
			return 0;
		}
		char buf[32];
		const char *name = m ? m->name : buf;
		if (!m)
			snprintf(buf, sizeof buf, "token %u", it->token);
		struct hwpc_trace_arg a[4] = { { .key = "token", .num = it->token },
					       { .key = "size", .num = it->size },
					       { .key = "ts", .num = (double)it->ts },
					       { .key = "time", .str = hwpc_tensix_time_name(it->time) } };
		hwpc_trace_instant(t->tr, PID_TENSIX, TID_EVENTS, tsdump_us(t, it->ts), name, "token", a, 4);
		return 0;
	}
	if (it->kind == HWPC_TENSIX_PADDING)
		return 0; /* nothing happened at any time */
	struct hwpc_trace_arg a[2] = { { .key = "offset", .num = (double)it->offset },
				       { .key = "message", .str = it->msg ? it->msg : "" } };
	hwpc_trace_instant(t->tr, PID_TENSIX, TID_ANOMALY, tsdump_us(t, t->last_ts), hwpc_tensix_kind_name(it->kind),
			   hwpc_tensix_kind_is_loss(it->kind) ? "loss" : "info", a, 2);
	return 0;
}

/* What hwpc_trace_instant writes for an event, around its values. */
#define EV_HEAD ",\n{\"ph\":\"i\",\"pid\":1,\"tid\":1,\"ts\":"
#define EV_CAT ",\"cat\":\"token\",\"s\":\"t\",\"args\":{\"token\":"
/* the most an event takes: a name of 63 bytes escaped, numbers, the text */
#define EV_MAX 640
#define EV_ROOM 64 /* events per reservation */

_Static_assert(PID_TENSIX == 1 && TID_EVENTS == 1, "EV_HEAD spells the process and thread");

static inline char *put_lit(char *p, const char *s, size_t n)
{
	memcpy(p, s, n);
	return p + n;
}

OROW_INLINE char *event(char *p, const struct hwpc_tsdump *t, const struct hwpc_tensix_ev *ev,
			const struct hwpc_tok *m, locale_t c)
{
	static const char sizes[4][4] = { "32", "64", "96", "128" };
	static const char times[3][16] = { "full\"}}", "unwrapped\"}}", "relative\"}}" };
	static const uint8_t time_len[3] = { 7, 12, 11 };
	p = put_lit(p, EV_HEAD, sizeof EV_HEAD - 1);
	p = orow_put_fixed(p, tsdump_us(t, ev->ts), 3, c);
	p = put_lit(p, ",\"name\":", 8);
	if (m) {
		p = orow_put_json_str(p, m->name, strlen(m->name));
	} else {
		p = put_lit(p, "\"token ", 7);
		p = orow_put_u64(p, ev->token);
		*p++ = '"';
	}
	p = put_lit(p, EV_CAT, sizeof EV_CAT - 1);
	p = orow_put_u64(p, ev->token);
	p = put_lit(p, ",\"size\":", 8);
	unsigned sz = ((ev->size >> 5) - 1) & 3; /* 32, 64, 96, 128 */
	memcpy(p, sizes[sz], 4);
	p += 2 + (sz == 3);
	p = put_lit(p, ",\"ts\":", 6);
	/* as a JSON number: exact up to 2^53, beyond that what a double says */
	p = ev->ts <= (1ull << 53) ? orow_put_u64(p, ev->ts) : orow_put_json_num(p, (double)ev->ts, c);
	p = put_lit(p, ",\"time\":\"", 9);
	memcpy(p, times[ev->time], 16);
	return p + time_len[ev->time];
}

int trace_events(void *ctx, const struct hwpc_tensix_ev *ev, size_t n)
{
	struct hwpc_tsdump *t = ctx;
	locale_t c;
	char *p = NULL;
	unsigned long k = 0;
	for (size_t i = 0; i < n; i++) {
		const struct hwpc_tok *m = t->o.map ? hwpc_tokmap_find(t->o.map, ev[i].token) : NULL;
		t->last_ts = ev[i].ts;
		if (m && m->role != HWPC_TOKMAP_INSTANT) {
			/* a slice's end: through the writer's calls, in order */
			if (p)
				trace_put(t->tr, p, k);
			p = NULL;
			tsdump_slice(t, m, ev[i].ts, TID_EVENTS);
			continue;
		}
		if (!p || k == EV_ROOM) {
			if (p)
				trace_put(t->tr, p, k);
			k = 0;
			if (!(p = trace_room(t->tr, EV_ROOM * EV_MAX, &c)))
				return 0; /* the error is the writer's, reported at finish */
		}
		p = event(p, t, &ev[i], m, c);
		k++;
	}
	if (p)
		trace_put(t->tr, p, k);
	return 0;
}

/* Slices still open at the end. */
void trace_open_slices(struct hwpc_tsdump *t)
{
	for (unsigned p = 0; t->tr && p < hwpc_tokmap_pairs(t->o.map); p++) {
		struct slicestat *sl = &t->slices[p];
		for (unsigned k = 0; k < sl->depth; k++) {
			char name[96];
			struct hwpc_trace_arg a = { .key = "ts", .num = (double)sl->stack[k] };
			snprintf(name, sizeof name, "%s (no end)", hwpc_tokmap_pair_name(t->o.map, p));
			hwpc_trace_instant(t->tr, PID_TENSIX, TID_EVENTS, tsdump_us(t, sl->stack[k]), name, "unmatched",
					   &a, 1);
		}
	}
}
