/* SPDX-License-Identifier: MIT */
/* Edit distance for "did you mean" suggestions (see strdist.h). */
#include "core/strdist.h"

#include <ctype.h>
#include <string.h>
#include <strings.h>

enum { MAXLEN = 63 };

unsigned hwpc_strdist_ci(const char *a, const char *b)
{
	/* rows i-2, i-1 and i of the table, for the transposition */
	unsigned r[3][MAXLEN + 1];
	size_t n = strlen(a), m = strlen(b);

	if (n > MAXLEN)
		n = MAXLEN;
	if (m > MAXLEN)
		m = MAXLEN;
	for (size_t j = 0; j <= m; j++)
		r[0][j] = r[1][j] = (unsigned)j;
	for (size_t i = 1; i <= n; i++) {
		unsigned *cur = r[i % 3], *up = r[(i + 2) % 3], *up2 = r[(i + 1) % 3];
		int ca = tolower((unsigned char)a[i - 1]);
		cur[0] = (unsigned)i;
		for (size_t j = 1; j <= m; j++) {
			int cb = tolower((unsigned char)b[j - 1]);
			unsigned best = up[j - 1] + (ca != cb);
			if (up[j] + 1 < best)
				best = up[j] + 1;
			if (cur[j - 1] + 1 < best)
				best = cur[j - 1] + 1;
			/* two neighbours swapped ("VALDI" for "VALID") is one edit */
			if (i > 1 && j > 1 && ca == tolower((unsigned char)b[j - 2]) &&
			    tolower((unsigned char)a[i - 2]) == cb && up2[j - 2] + 1 < best)
				best = up2[j - 2] + 1;
			cur[j] = best;
		}
	}
	return r[n % 3][m];
}

void hwpc_near_init(struct hwpc_near *n, const char *typed)
{
	*n = (struct hwpc_near){ .typed = typed, .len = strlen(typed), .bd = ~0u };
}

void hwpc_near_add(struct hwpc_near *n, const char *cand)
{
	if (!cand)
		return;
	unsigned d = hwpc_strdist_ci(n->typed, cand);
	if (d < n->bd) {
		n->bd = d;
		n->best = cand;
	}
	if (n->len >= 2 && !strncasecmp(n->typed, cand, n->len) && (!n->prefix || strcasecmp(n->prefix, cand))) {
		n->prefix = cand;
		n->nprefix++;
	}
}

const char *hwpc_near_best(const struct hwpc_near *n)
{
	/* Close enough to be a typo, not a different word. */
	if (n->best && n->bd <= 2 && n->bd * 3 <= n->len)
		return n->best;
	/* Or the start of exactly one of them ("adv" for advance). */
	return n->nprefix == 1 ? n->prefix : NULL;
}
