/* SPDX-License-Identifier: MIT */
/* Formatting pieces shared by the output writers (see output_buf.h). */
#include "output/output_buf.h"

#include "output/output_row.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool obuf_grow(struct obuf *b, size_t n)
{
	if (b->oom)
		return false;
	if (b->cap - b->len >= n)
		return true;
	size_t cap = b->cap ? b->cap : 256;
	while (cap - b->len < n) {
		if (cap > SIZE_MAX / 2) {
			b->oom = true;
			return false;
		}
		cap *= 2;
	}
	char *p = realloc(b->p, cap);
	if (!p) {
		b->oom = true;
		return false;
	}
	b->p = p;
	b->cap = cap;
	return true;
}

void obuf_u64(struct obuf *b, uint64_t v)
{
	if (obuf_grow(b, 24))
		b->len = (size_t)(orow_put_u64(b->p + b->len, v) - b->p);
}

void obuf_i64(struct obuf *b, int64_t v)
{
	if (obuf_grow(b, 24))
		b->len = (size_t)(orow_put_i64(b->p + b->len, v) - b->p);
}

void obuf_hex(struct obuf *b, uint64_t v, int digits)
{
	if (obuf_grow(b, 24))
		b->len = (size_t)(orow_put_hex(b->p + b->len, v, digits) - b->p);
}

void obuf_double(struct obuf *b, double v, int prec, locale_t c)
{
	if (prec > 17)
		prec = 17;
	if (obuf_grow(b, 400))
		b->len = (size_t)(orow_put_fixed(b->p + b->len, v, prec, c) - b->p);
}

void obuf_json_num(struct obuf *b, double v, locale_t c)
{
	if (obuf_grow(b, 400))
		b->len = (size_t)(orow_put_json_num(b->p + b->len, v, c) - b->p);
}

void obuf_json_str(struct obuf *b, const char *s)
{
	size_t n = strlen(s);
	if (obuf_grow(b, 6 * n + 2))
		b->len = (size_t)(orow_put_json_str(b->p + b->len, s, n) - b->p);
}

void obuf_free(struct obuf *b)
{
	free(b->p);
	b->p = NULL;
	b->len = b->cap = 0;
	b->oom = false;
}

locale_t obuf_c_locale(void)
{
	return newlocale(LC_ALL_MASK, "C", (locale_t)0);
}
