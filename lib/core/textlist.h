/* SPDX-License-Identifier: MIT */
/* A list for a message ("0=hub.0, 1=hub.1, ..."), cut between items: what
 * does not fit is counted and said ("... and 12 more"), never cut in the
 * middle of a name. */
#ifndef HWPC_TEXTLIST_H
#define HWPC_TEXTLIST_H

#include <stddef.h>

struct hwpc_textlist {
	char *buf;        /* NUL-terminated at all times */
	size_t len, used; /* len: the buffer's size */
	unsigned left;    /* items that did not fit */
};

/* Start a list in buf (len bytes; at least 32). */
void hwpc_textlist_init(struct hwpc_textlist *l, char *buf, size_t len);
/* Add an item after sep (not before the first): whole, or counted. */
void hwpc_textlist_add(struct hwpc_textlist *l, const char *sep, const char *item);
/* The list, with "... and N more" when items were left out. */
const char *hwpc_textlist_end(struct hwpc_textlist *l);

#endif
