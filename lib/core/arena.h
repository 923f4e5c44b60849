/* SPDX-License-Identifier: MIT */
/* A bump allocator: everything a loaded register database owns is freed at
 * once.  Allocation failure returns NULL. */
#ifndef HWPC_ARENA_H
#define HWPC_ARENA_H

#include <stddef.h>

struct arena_chunk;
struct arena {
	struct arena_chunk *head;
};

/* Uninitialised memory; the caller fills it. */
void *arena_alloc(struct arena *a, size_t size);
char *arena_strndup(struct arena *a, const char *s, size_t n);
char *arena_strdup(struct arena *a, const char *s);
void arena_free(struct arena *a);

#endif
