/* SPDX-License-Identifier: MIT */
/* Internal to the output writers: a growable byte buffer that formats the
 * pieces every format needs (integers, C-locale doubles, JSON strings).
 * Allocation failure is sticky (oom) and checked once per record. */
#ifndef HWPC_OUTPUT_BUF_H
#define HWPC_OUTPUT_BUF_H

#include <locale.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

struct obuf {
	char *p;
	size_t len, cap;
	bool oom;
};

/* Make room for n more bytes; false (and oom set) on failure. */
bool obuf_grow(struct obuf *b, size_t n);

/* The appenders are inline: the CSV path calls them for every field of
 * every row, and a call per byte shows up in profiles. */
static inline void obuf_put(struct obuf *b, const char *s, size_t n)
{
	if (n == 0 || (b->cap - b->len < n && !obuf_grow(b, n)))
		return;
	memcpy(b->p + b->len, s, n);
	b->len += n;
}

static inline void obuf_putc(struct obuf *b, char c)
{
	if (b->cap == b->len && !obuf_grow(b, 1))
		return;
	b->p[b->len++] = c;
}

static inline void obuf_puts(struct obuf *b, const char *s)
{
	obuf_put(b, s, strlen(s));
}
void obuf_u64(struct obuf *b, uint64_t v);
void obuf_i64(struct obuf *b, int64_t v);
/* "0x" then at least digits hex digits. */
void obuf_hex(struct obuf *b, uint64_t v, int digits);
/* %.*f in the C locale (c is a "C" locale object); "nan"/"inf"/"-inf" for
 * non-finite values (callers that need JSON check isfinite first). */
void obuf_double(struct obuf *b, double v, int prec, locale_t c);
/* A number for JSON: integral values exactly (up to 2^53), else %.17g. */
void obuf_json_num(struct obuf *b, double v, locale_t c);
/* s as a quoted JSON string: escapes " \ and control characters, and
 * replaces bytes that are not valid UTF-8 with U+FFFD so the output is
 * always valid JSON. */
void obuf_json_str(struct obuf *b, const char *s);
void obuf_free(struct obuf *b);

/* The "C" numeric locale, made once per writer (uselocale is per thread, so
 * writers stay thread-safe without touching the global locale). */
locale_t obuf_c_locale(void);

#endif
