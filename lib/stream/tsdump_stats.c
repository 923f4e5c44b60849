/* SPDX-License-Identifier: MIT */
/* tsdump --summary: per-token statistics (tokens below HWPC_TENSIX_DIRECT_TOKENS
 * in a table indexed by token, which the decoder updates itself in summary
 * mode; larger ones in an open-addressing table, at most
 * HWPC_TSDUMP_MAX_TOKENS of them), the losses, and the summary records.
 *
 * Every summary record has the same keys, so CSV gets one header:
 *   record   total | token | slice | loss
 *   name     what a total counts; a token's or slice's name; a loss's kind
 *   token, count, first_ts, last_ts, min, mean, max, offset, buffer, message
 * min/mean/max are the gaps between a token's events, or slice durations,
 * in counter ticks. */
#include "stream/tsdump_state.h"

#include <stdlib.h>
#include <string.h>

static unsigned hash(uint32_t t)
{
	return (t * 2654435761u) >> 7;
}

static int grow(struct hwpc_tsdump *t)
{
	unsigned size = t->mask ? (t->mask + 1) * 2 : 64;
	int32_t *s = malloc(size * sizeof *s);
	struct tokstat *ts = realloc(t->toks, (size / 2) * sizeof *ts);
	if (!s || !ts) {
		free(s);
		if (ts)
			t->toks = ts;
		return -1;
	}
	t->toks = ts;
	memset(s, 0xff, size * sizeof *s);
	for (unsigned k = 0; k < t->ntoks; k++) {
		unsigned i = hash(ts[k].token) & (size - 1);
		while (s[i] >= 0)
			i = (i + 1) & (size - 1);
		s[i] = (int32_t)k;
	}
	free(t->slots);
	t->slots = s;
	t->mask = size - 1;
	return 0;
}

int stats_init(struct hwpc_tsdump *t)
{
	t->direct = calloc(HWPC_TENSIX_DIRECT_TOKENS, sizeof *t->direct);
	return t->direct ? 0 : -1;
}

/* Where token is in the open-addressing table: its entry's index, or -1
 * with *slot the free slot that would take it (the table must exist). */
static int32_t probe(const struct hwpc_tsdump *t, uint32_t token, unsigned *slot)
{
	for (unsigned i = hash(token) & t->mask;; i = (i + 1) & t->mask) {
		int32_t k = t->slots[i];
		if (k < 0 || t->toks[k].token == token) {
			*slot = i;
			return k;
		}
	}
}

/* Once the table is full, a bit per hash of the tokens in it: a token
 * whose bit is clear is not there, found without a search that misses the
 * cache (a stream of random words has a new token in nearly every event). */
#define FULL_BITS 20

static unsigned full_hash(uint32_t token)
{
	return (unsigned)(((uint64_t)token * 0x9e3779b97f4a7c15ull) >> (64 - FULL_BITS));
}

static void full_filter(struct hwpc_tsdump *t)
{
	if (!(t->full = calloc((1u << FULL_BITS) / 64, sizeof *t->full)))
		return; /* searched, then */
	for (unsigned k = 0; k < t->ntoks; k++) {
		unsigned h = full_hash(t->toks[k].token);
		t->full[h / 64] |= 1ull << (h % 64);
	}
}

/* A large token's entry, added when new; NULL when the table is full
 * (HWPC_TSDUMP_MAX_TOKENS) or memory ran out: its events count as other. */
static struct hwpc_tensix_tokstat *large_token(struct hwpc_tsdump *t, uint32_t token)
{
	unsigned i = 0;
	if (t->full) {
		unsigned h = full_hash(token);
		if (!(t->full[h / 64] >> (h % 64) & 1))
			return NULL;
	}
	int32_t k = t->mask ? probe(t, token, &i) : -1;
	if (k >= 0)
		return &t->toks[k].s;
	/* A new token: keep the table at most half full. */
	if (t->ntoks >= HWPC_TSDUMP_MAX_TOKENS) {
		if (!t->full)
			full_filter(t);
		return NULL;
	}
	if (2 * (t->ntoks + 1) > t->mask + 1 || !t->mask) {
		if (grow(t))
			return NULL;
		probe(t, token, &i);
	}
	t->slots[i] = (int32_t)t->ntoks;
	struct tokstat *s = &t->toks[t->ntoks++];
	*s = (struct tokstat){ .token = token };
	return &s->s;
}

/* A large token's entry if it has one (no insertion). */
static const struct hwpc_tensix_tokstat *large_token_find(const struct hwpc_tsdump *t, uint32_t token)
{
	unsigned i;
	int32_t k = t->mask ? probe(t, token, &i) : -1;
	return k >= 0 ? &t->toks[k].s : NULL;
}

void stats_event(struct hwpc_tsdump *t, uint32_t token, uint64_t ts)
{
	if (token < HWPC_TENSIX_DIRECT_TOKENS) {
		hwpc_tensix_tokstat_add(&t->direct[token], ts);
		return;
	}
	struct hwpc_tensix_tokstat *s = large_token(t, token);
	if (s)
		hwpc_tensix_tokstat_add(s, ts);
	else
		t->other_count++;
}

/* Statistics of a token's events a, then of its events b, as if all had
 * been added in that order.  A gap is measured from the latest timestamp
 * so far (a running maximum), so the merge is exact in two cases: a ends
 * no later than b begins (b's gaps are its own, plus the one between), or
 * a ends no earlier than b's latest (every b event's gap is 0: a timestamp
 * corrupted far into the future before the cut gives this).  Between the
 * two, b's own gaps are not the ones one pass measures. */
static bool tokstat_follows(const struct hwpc_tensix_tokstat *a, const struct hwpc_tensix_tokstat *b)
{
	return !a || !a->count || !b->count || a->last <= b->first || a->last >= b->last;
}

static void tokstat_merge(struct hwpc_tensix_tokstat *a, const struct hwpc_tensix_tokstat *b)
{
	if (!b->count)
		return;
	if (!a->count) {
		*a = *b;
		return;
	}
	a->count += b->count;
	if (a->last >= b->last && a->last > b->first) {
		a->min_gap = 0; /* b's events all came "before" a's latest */
		return;
	}
	uint64_t gap = b->first - a->last;
	a->min_gap = gap < a->min_gap ? gap : a->min_gap;
	a->min_gap = b->min_gap < a->min_gap ? b->min_gap : a->min_gap;
	a->max_gap = gap > a->max_gap ? gap : a->max_gap;
	a->max_gap = b->max_gap > a->max_gap ? b->max_gap : a->max_gap;
	a->last = b->last;
}

bool stats_mergeable(const struct hwpc_tsdump *t, const struct hwpc_tsdump *p)
{
	/* Which of p's tokens one table would have had no room for depends
	 * on t's: not worth the bookkeeping. */
	if (p->other_count)
		return false;
	for (unsigned k = 0; k < HWPC_TENSIX_DIRECT_TOKENS; k++)
		if (!tokstat_follows(&t->direct[k], &p->direct[k]))
			return false;
	for (unsigned k = 0; k < p->ntoks; k++)
		if (!tokstat_follows(large_token_find(t, p->toks[k].token), &p->toks[k].s))
			return false;
	return true;
}

void stats_merge(struct hwpc_tsdump *t, const struct hwpc_tsdump *p)
{
	for (unsigned k = 0; k < HWPC_TENSIX_DIRECT_TOKENS; k++)
		tokstat_merge(&t->direct[k], &p->direct[k]);
	/* p's large tokens in the order they first came, as one table would
	 * have taken them in: the same ones find no room. */
	for (unsigned k = 0; k < p->ntoks; k++) {
		struct hwpc_tensix_tokstat *s = large_token(t, p->toks[k].token);
		if (s)
			tokstat_merge(s, &p->toks[k].s);
		else
			t->other_count += p->toks[k].s.count;
	}
	for (unsigned i = 0; i < p->nloss; i++)
		stats_loss(t, p->losses[i].kind, p->losses[i].offset, p->losses[i].buffer, p->losses[i].msg);
	t->more_losses += p->more_losses;
}

/* The tokens of the direct table join the others, for the report. */
static int take_direct(struct hwpc_tsdump *t)
{
	unsigned n = 0;
	for (unsigned k = 0; k < HWPC_TENSIX_DIRECT_TOKENS; k++)
		n += t->direct[k].count != 0;
	if (!n)
		return 0;
	struct tokstat *ts = realloc(t->toks, (t->ntoks + n) * sizeof *ts);
	if (!ts)
		return -1;
	t->toks = ts;
	for (unsigned k = 0; k < HWPC_TENSIX_DIRECT_TOKENS; k++)
		if (t->direct[k].count)
			ts[t->ntoks++] = (struct tokstat){ .token = k, .s = t->direct[k] };
	memset(t->direct, 0, HWPC_TENSIX_DIRECT_TOKENS * sizeof *t->direct);
	return 0;
}

void stats_loss(struct hwpc_tsdump *t, const char *kind, uint64_t offset, int buffer, const char *msg)
{
	if (t->nloss >= MAX_LOSSES) {
		t->more_losses++;
		return;
	}
	if (!t->losses && !(t->losses = malloc(MAX_LOSSES * sizeof *t->losses))) {
		t->more_losses++;
		return;
	}
	struct loss *l = &t->losses[t->nloss++];
	l->kind = kind;
	l->offset = offset;
	l->buffer = buffer;
	snprintf(l->msg, sizeof l->msg, "%s", msg ? msg : "");
}

void stats_drop_large(struct hwpc_tsdump *t)
{
	free(t->toks);
	free(t->slots);
	free(t->full);
	t->toks = NULL;
	t->slots = NULL;
	t->full = NULL;
	t->ntoks = t->mask = 0;
}

void stats_free(struct hwpc_tsdump *t)
{
	stats_drop_large(t);
	free(t->direct);
	free(t->slices);
	free(t->losses);
}

static const struct hwpc_col sum_cols[] = {
	{ "record", 6 }, { "name", 12 },  { "token", 0 }, { "count", 0 },  { "first_ts", 0 },
	{ "last_ts", 0 }, { "min", 0 },   { "mean", 0 },  { "max", 0 },    { "offset", 0 },
	{ "buffer", 0 },  { "message", 0 },
};

static int cmp_tok(const void *a, const void *b)
{
	const struct tokstat *x = a, *y = b;
	return x->token < y->token ? -1 : x->token > y->token;
}

static void total(struct hwpc_out *o, const char *name, uint64_t n)
{
	hwpc_out_record(o, "tensix_summary");
	hwpc_out_str(o, "record", "total");
	hwpc_out_str(o, "name", name);
	hwpc_out_u64(o, "count", n);
}

/* A column at least as wide as its name and as v in decimal. */
static void widen_col(struct hwpc_col *c, uint64_t v)
{
	unsigned n = 1;
	while (v >= 10) {
		v /= 10;
		n++;
	}
	if (n < strlen(c->name))
		n = (unsigned)strlen(c->name);
	if (n > c->width)
		c->width = n;
}

/* Text tables show the columns a section uses. */
static const struct hwpc_col totals_cols[] = { { "record", 6 }, { "name", 12 }, { "count", 0 },
					       { "first_ts", 0 }, { "last_ts", 0 }, { "message", 0 } };
static const struct hwpc_col token_cols[] = { { "record", 6 }, { "name", 12 }, { "token", 9 },
					      { "count", 10 }, { "first_ts", 12 }, { "last_ts", 12 },
					      { "min", 8 }, { "mean", 10 }, { "max", 10 } };
static const struct hwpc_col slice_cols[] = { { "record", 6 }, { "name", 12 }, { "count", 10 },
					      { "min", 8 }, { "mean", 10 }, { "max", 10 },
					      { "message", 0 } };
static const struct hwpc_col loss_cols[] = { { "record", 6 }, { "name", 12 }, { "count", 0 },
					     { "offset", 10 }, { "buffer", 6 }, { "message", 0 } };
#define COLS(c) c, sizeof c / sizeof *c

/* Text shows each section as its own table; CSV and JSON one record set. */
static struct hwpc_out *section(struct hwpc_tsdump *t, struct hwpc_out *o, const struct hwpc_col *cols,
				size_t ncols, int *rc, struct hwpc_err *err)
{
	if (t->o.fmt != HWPC_FMT_TEXT)
		return o;
	if (o) {
		*rc = *rc ? *rc : hwpc_out_finish(o, err);
		hwpc_out_free(o);
		fputc('\n', t->o.out);
	}
	o = tsdump_out_new(t, HWPC_FMT_TEXT, err);
	if (!o || hwpc_out_table(o, cols, ncols, err))
		*rc = *rc ? *rc : HWPC_EOP;
	return o;
}

int stats_write_summary(struct hwpc_tsdump *t, struct hwpc_err *err)
{
	const struct hwpc_tensix_summary *s = hwpc_tensix_dec_summary(t->ts);
	int rc = 0;
	struct hwpc_out *o = NULL;

	if (t->o.fmt == HWPC_FMT_TEXT) {
		/* Every total is known before the first is printed: size the
		 * columns to the widest, not to the first row (bytes, no ts). */
		struct hwpc_col cols[sizeof totals_cols / sizeof *totals_cols];
		memcpy(cols, totals_cols, sizeof cols);
		uint64_t most = s->bytes > s->events ? s->bytes : s->events;
		for (int k = 0; k < HWPC_TENSIX_KIND_COUNT; k++)
			most = s->kinds[k] > most ? s->kinds[k] : most;
		most = t->other_count > most ? t->other_count : most;
		most = s->lost > most ? s->lost : most;
		widen_col(&cols[2], most);
		if (s->have_ts) {
			widen_col(&cols[3], s->first_ts);
			widen_col(&cols[4], s->last_ts);
		}
		o = section(t, NULL, COLS(cols), &rc, err);
	} else {
		o = tsdump_out_new(t, t->o.fmt, err);
		if (!o || hwpc_out_table(o, sum_cols, sizeof sum_cols / sizeof *sum_cols, err))
			rc = HWPC_EOP;
	}
	if (!o)
		return rc ? rc : HWPC_EOP;
	static const char *const size_names[4] = { "events_32", "events_64", "events_96", "events_128" };
	total(o, "bytes", s->bytes);
	if (t->o.input)
		hwpc_out_str(o, "message", t->o.input);
	hwpc_out_end(o, err);
	total(o, "events", s->events);
	if (s->have_ts) {
		hwpc_out_u64(o, "first_ts", s->first_ts);
		hwpc_out_u64(o, "last_ts", s->last_ts);
		char span[64];
		snprintf(span, sizeof span, "span %llu ticks", (unsigned long long)(s->last_ts - s->first_ts));
		hwpc_out_str(o, "message",
			     s->last_time == HWPC_TENSIX_TIME_RELATIVE
				     ? "relative times: no 96/128-bit event gave a full timestamp"
				     : span);
	}
	hwpc_out_end(o, err);
	for (int i = 0; i < 4; i++) {
		total(o, size_names[i], s->by_size[i]);
		hwpc_out_end(o, err);
	}
	for (int k = 1; k < HWPC_TENSIX_KIND_COUNT; k++) {
		if (!s->kinds[k])
			continue;
		total(o, hwpc_tensix_kind_name((enum hwpc_tensix_kind)k), s->kinds[k]);
		hwpc_out_end(o, err);
	}
	if (t->other_count) {
		total(o, "other_tokens", t->other_count);
		hwpc_out_str(o, "message", "events of tokens past the first 65536 distinct ones above 8191");
		hwpc_out_end(o, err);
	}
	total(o, "lost", s->lost);
	hwpc_out_str(o, "message", s->lost ? "data was lost or is suspect" : "nothing lost");
	hwpc_out_end(o, err);

	if (take_direct(t)) {
		int r = hwpc_err_set(err, HWPC_EOP, "out of memory");
		rc = rc ? rc : r;
	}
	if (t->ntoks) {
		o = section(t, o, COLS(token_cols), &rc, err);
		qsort(t->toks, t->ntoks, sizeof *t->toks, cmp_tok);
		free(t->slots); /* the order changed; the tables are done with */
		t->slots = NULL;
		t->mask = 0;
		for (unsigned k = 0; o && k < t->ntoks; k++) {
			const struct tokstat *tk = &t->toks[k];
			const struct hwpc_tensix_tokstat *ts = &tk->s;
			const struct hwpc_tok *m = hwpc_tokmap_find(t->o.map, tk->token);
			hwpc_out_record(o, "tensix_summary");
			hwpc_out_str(o, "record", "token");
			if (m)
				hwpc_out_str(o, "name", m->name);
			hwpc_out_u64(o, "token", tk->token);
			hwpc_out_u64(o, "count", ts->count);
			hwpc_out_u64(o, "first_ts", ts->first);
			hwpc_out_u64(o, "last_ts", ts->last);
			if (ts->count > 1) {
				hwpc_out_u64(o, "min", ts->min_gap);
				hwpc_out_double(o, "mean", (double)(ts->last - ts->first) / (double)(ts->count - 1), 1);
				hwpc_out_u64(o, "max", ts->max_gap);
			}
			hwpc_out_end(o, err);
		}
	}
	if (hwpc_tokmap_pairs(t->o.map)) {
		o = section(t, o, COLS(slice_cols), &rc, err);
		for (unsigned p = 0; o && p < hwpc_tokmap_pairs(t->o.map); p++) {
			const struct slicestat *sl = &t->slices[p];
			hwpc_out_record(o, "tensix_summary");
			hwpc_out_str(o, "record", "slice");
			hwpc_out_str(o, "name", hwpc_tokmap_pair_name(t->o.map, p));
			hwpc_out_u64(o, "count", sl->count);
			if (sl->count) {
				hwpc_out_u64(o, "min", sl->min);
				hwpc_out_double(o, "mean", (double)sl->total / (double)sl->count, 1);
				hwpc_out_u64(o, "max", sl->max);
			}
			uint64_t open = sl->unmatched_begin + sl->depth;
			if (open || sl->unmatched_end) {
				char msg[128];
				snprintf(msg, sizeof msg, "%llu begins without an end, %llu ends without a begin",
					 (unsigned long long)open, (unsigned long long)sl->unmatched_end);
				hwpc_out_str(o, "message", msg);
			}
			hwpc_out_end(o, err);
		}
	}
	if (t->nloss) {
		o = section(t, o, COLS(loss_cols), &rc, err);
		for (unsigned i = 0; o && i < t->nloss; i++) {
			const struct loss *l = &t->losses[i];
			hwpc_out_record(o, "tensix_summary");
			hwpc_out_str(o, "record", "loss");
			hwpc_out_str(o, "name", l->kind);
			hwpc_out_u64(o, "offset", l->offset);
			if (l->buffer >= 0)
				hwpc_out_u64(o, "buffer", (uint64_t)l->buffer);
			hwpc_out_str(o, "message", l->msg);
			hwpc_out_end(o, err);
		}
		if (o && t->more_losses) {
			total(o, "more_losses", t->more_losses);
			hwpc_out_str(o, "message", "losses past the first 1000 are only counted");
			hwpc_out_end(o, err);
		}
	}
	if (o) {
		int r = hwpc_out_finish(o, err);
		rc = rc ? rc : r;
		hwpc_out_free(o);
	}
	return rc;
}
