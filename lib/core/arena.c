/* SPDX-License-Identifier: MIT */
/* Bump allocator for long-lived tables (see arena.h). */
#include "core/arena.h"

#include <stdlib.h>
#include <string.h>

struct arena_chunk {
	struct arena_chunk *next;
	size_t used, size;
	_Alignas(16) unsigned char data[];
};

enum { CHUNK_SIZE = 64 * 1024 };

void *arena_alloc(struct arena *a, size_t size)
{
	struct arena_chunk *c = a->head;

	size = (size + 15) & ~(size_t)15;
	if (!c || c->size - c->used < size) {
		size_t cap = size > CHUNK_SIZE ? size : CHUNK_SIZE;
		c = malloc(sizeof *c + cap);
		if (!c)
			return NULL;
		c->next = a->head;
		c->used = 0;
		c->size = cap;
		a->head = c;
	}
	/* Not zeroed: every caller fills what it asks for (strings, arrays). */
	void *p = c->data + c->used;
	c->used += size;
	return p;
}

char *arena_strndup(struct arena *a, const char *s, size_t n)
{
	char *p = arena_alloc(a, n + 1);
	if (p) {
		memcpy(p, s, n);
		p[n] = 0;
	}
	return p;
}

char *arena_strdup(struct arena *a, const char *s)
{
	return arena_strndup(a, s, strlen(s));
}

void arena_free(struct arena *a)
{
	while (a->head) {
		struct arena_chunk *next = a->head->next;
		free(a->head);
		a->head = next;
	}
}
