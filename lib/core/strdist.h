/* SPDX-License-Identifier: MIT */
/* Edit distance for "did you mean" suggestions. */
#ifndef HWPC_STRDIST_H
#define HWPC_STRDIST_H

/* Case-insensitive Levenshtein distance, capped at 64 (longer strings are
 * compared on their first 63 characters: enough to rank suggestions). */
unsigned hwpc_strdist_ci(const char *a, const char *b);

#endif
