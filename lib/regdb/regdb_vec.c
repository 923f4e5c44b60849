/* SPDX-License-Identifier: MIT */
/* The growable arrays (struct vec) a database is built in: the parser, the
 * generated registers' resolution and the loader all add to them, so they
 * live below all three. */
#include "regdb/regdb_internal.h"

#include <stdlib.h>
#include <string.h>

void *vec_push(struct vec *v)
{
	if (v->len == v->cap) {
		size_t cap = v->cap ? v->cap * 2 : 16;
		void *p = realloc(v->data, cap * v->elsize);
		if (!p)
			return NULL;
		v->data = p;
		v->cap = cap;
	}
	void *el = (char *)v->data + v->len++ * v->elsize;
	memset(el, 0, v->elsize);
	return el;
}

void vec_free(struct vec *v)
{
	free(v->data);
	v->data = NULL;
	v->len = v->cap = 0;
}
