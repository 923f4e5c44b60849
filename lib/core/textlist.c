/* SPDX-License-Identifier: MIT */
/* A list for a message, cut between items (textlist.h). */
#include "core/textlist.h"

#include <stdio.h>
#include <string.h>

/* Room kept for ", ... and 4294967295 more". */
#define TAIL 28

void hwpc_textlist_init(struct hwpc_textlist *l, char *buf, size_t len)
{
	l->buf = buf;
	l->len = len;
	l->used = 0;
	l->left = 0;
	buf[0] = 0;
}

void hwpc_textlist_add(struct hwpc_textlist *l, const char *sep, const char *item)
{
	size_t s = l->used ? strlen(sep) : 0, n = strlen(item);
	/* once one is left out, the rest are too: the list stays in order */
	if (l->left || l->used + s + n + TAIL >= l->len) {
		l->left++;
		return;
	}
	memcpy(l->buf + l->used, sep, s);
	memcpy(l->buf + l->used + s, item, n);
	l->used += s + n;
	l->buf[l->used] = 0;
}

const char *hwpc_textlist_end(struct hwpc_textlist *l)
{
	if (l->left)
		snprintf(l->buf + l->used, l->len - l->used, "%s... and %u more", l->used ? ", " : "", l->left);
	return l->buf;
}
