/* SPDX-License-Identifier: MIT */
/* Edit distance for "did you mean" suggestions (see strdist.h). */
#include "core/strdist.h"

#include <ctype.h>
#include <string.h>

enum { MAXLEN = 63 };

unsigned hwpc_strdist_ci(const char *a, const char *b)
{
	unsigned row[MAXLEN + 1];
	size_t n = strlen(a), m = strlen(b);

	if (n > MAXLEN)
		n = MAXLEN;
	if (m > MAXLEN)
		m = MAXLEN;
	for (size_t j = 0; j <= m; j++)
		row[j] = (unsigned)j;
	for (size_t i = 1; i <= n; i++) {
		unsigned diag = row[0];
		row[0] = (unsigned)i;
		for (size_t j = 1; j <= m; j++) {
			unsigned up = row[j];
			unsigned cost = tolower((unsigned char)a[i - 1]) != tolower((unsigned char)b[j - 1]);
			unsigned best = diag + cost;
			if (up + 1 < best)
				best = up + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			row[j] = best;
			diag = up;
		}
	}
	return row[m];
}
