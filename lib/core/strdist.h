/* SPDX-License-Identifier: MIT */
/* Edit distance for "did you mean" suggestions. */
#ifndef HWPC_STRDIST_H
#define HWPC_STRDIST_H

#include <stddef.h>

/* Case-insensitive edit distance (Levenshtein's, with two neighbours
 * swapped one edit too: optimal string alignment), capped at 64 (longer
 * strings are compared on their first 63 characters: enough to rank
 * suggestions). */
unsigned hwpc_strdist_ci(const char *a, const char *b);

/* The one rule for "did you mean": the candidate nearest what was typed,
 * if close enough to be a typo (at most 2 edits, and at most a third of
 * what was typed), else the one candidate it is the start of.  Candidates
 * come one at a time (hwpc_near_add), from whatever holds them. */
struct hwpc_near {
	const char *typed;
	size_t len;
	const char *best, *prefix;
	unsigned bd, nprefix;
};
void hwpc_near_init(struct hwpc_near *n, const char *typed);
void hwpc_near_add(struct hwpc_near *n, const char *cand);
/* The suggestion, or NULL. */
const char *hwpc_near_best(const struct hwpc_near *n);

#endif
