/* Internal to the output writers: a growable byte buffer that formats the
 * pieces every format needs (integers, C-locale doubles, JSON strings).
 * Allocation failure is sticky (oom) and checked once per record. */
#ifndef HWPC_OUTPUT_BUF_H
#define HWPC_OUTPUT_BUF_H

#include <locale.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct obuf {
	char *p;
	size_t len, cap;
	bool oom;
};

void obuf_put(struct obuf *b, const char *s, size_t n);
void obuf_puts(struct obuf *b, const char *s);
void obuf_putc(struct obuf *b, char c);
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
