/* SPDX-License-Identifier: MIT */
/* Formatting pieces shared by the output writers (see output_buf.h). */
#include "output/output_buf.h"

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

/* Hand-rolled because the CSV path of tsdump writes hundreds of millions
 * of integers and printf is the slowest part of it. */
void obuf_u64(struct obuf *b, uint64_t v)
{
	char tmp[20];
	size_t n = 0;
	do {
		tmp[sizeof tmp - ++n] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	obuf_put(b, tmp + sizeof tmp - n, n);
}

void obuf_i64(struct obuf *b, int64_t v)
{
	if (v < 0) {
		obuf_putc(b, '-');
		obuf_u64(b, (uint64_t)0 - (uint64_t)v); /* INT64_MIN too */
	} else {
		obuf_u64(b, (uint64_t)v);
	}
}

void obuf_hex(struct obuf *b, uint64_t v, int digits)
{
	static const char hex[] = "0123456789abcdef";
	char tmp[16];
	int n = 0;
	if (digits > 16)
		digits = 16;
	do {
		tmp[sizeof tmp - ++n] = hex[v & 15];
		v >>= 4;
	} while (v);
	while (n < digits)
		tmp[sizeof tmp - ++n] = '0';
	obuf_put(b, "0x", 2);
	obuf_put(b, tmp + sizeof tmp - n, (size_t)n);
}

static void obuf_printf_c(struct obuf *b, locale_t c, bool fixed, int prec, double v)
{
	char tmp[400]; /* %.Nf of 1e308 with N <= 17 fits */
	locale_t old = uselocale(c);
	int n = fixed ? snprintf(tmp, sizeof tmp, "%.*f", prec, v)
		      : snprintf(tmp, sizeof tmp, "%.*g", prec, v);
	uselocale(old);
	if (n > 0)
		obuf_put(b, tmp, (size_t)n < sizeof tmp ? (size_t)n : sizeof tmp - 1);
}

void obuf_double(struct obuf *b, double v, int prec, locale_t c)
{
	if (isnan(v)) {
		obuf_puts(b, "nan");
		return;
	}
	if (isinf(v)) {
		obuf_puts(b, v < 0 ? "-inf" : "inf");
		return;
	}
	if (prec < 0)
		prec = 0;
	if (prec > 17)
		prec = 17;
	obuf_printf_c(b, c, true, prec, v);
}

void obuf_json_num(struct obuf *b, double v, locale_t c)
{
	if (!isfinite(v)) {
		obuf_puts(b, "null");
		return;
	}
	if (v == floor(v) && fabs(v) <= 9007199254740992.0) {
		obuf_i64(b, (int64_t)v);
		return;
	}
	obuf_printf_c(b, c, false, 17, v);
}

/* Length of the valid UTF-8 sequence at s (1-4), or 0 if it is not one.
 * Overlong forms, surrogates and code points past U+10FFFF are invalid. */
static size_t utf8_len(const unsigned char *s)
{
	unsigned c = s[0];
	if (c < 0x80)
		return 1;
	if (c >= 0xc2 && c <= 0xdf)
		return (s[1] & 0xc0) == 0x80 ? 2 : 0;
	if (c >= 0xe0 && c <= 0xef) {
		unsigned lo = c == 0xe0 ? 0xa0 : 0x80, hi = c == 0xed ? 0x9f : 0xbf;
		return s[1] >= lo && s[1] <= hi && (s[2] & 0xc0) == 0x80 ? 3 : 0;
	}
	if (c >= 0xf0 && c <= 0xf4) {
		unsigned lo = c == 0xf0 ? 0x90 : 0x80, hi = c == 0xf4 ? 0x8f : 0xbf;
		return s[1] >= lo && s[1] <= hi && (s[2] & 0xc0) == 0x80 &&
				       (s[3] & 0xc0) == 0x80
			       ? 4
			       : 0;
	}
	return 0;
}

void obuf_json_str(struct obuf *b, const char *str)
{
	static const char hex[] = "0123456789abcdef";
	const unsigned char *s = (const unsigned char *)str;

	obuf_putc(b, '"');
	while (*s) {
		const unsigned char *run = s;
		while (*s >= 0x20 && *s < 0x80 && *s != '"' && *s != '\\')
			s++;
		obuf_put(b, (const char *)run, (size_t)(s - run));
		if (!*s)
			break;
		unsigned c = *s;
		if (c >= 0x80) {
			/* utf8_len reads at most up to the first byte that fails,
			 * and a NUL fails every continuation test. */
			size_t n = utf8_len(s);
			if (n) {
				obuf_put(b, (const char *)s, n);
				s += n;
			} else {
				obuf_puts(b, "\\ufffd");
				s++;
			}
			continue;
		}
		s++;
		switch (c) {
		case '"': obuf_puts(b, "\\\""); break;
		case '\\': obuf_puts(b, "\\\\"); break;
		case '\n': obuf_puts(b, "\\n"); break;
		case '\r': obuf_puts(b, "\\r"); break;
		case '\t': obuf_puts(b, "\\t"); break;
		case '\b': obuf_puts(b, "\\b"); break;
		case '\f': obuf_puts(b, "\\f"); break;
		default: {
			char u[6] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 15]};
			obuf_put(b, u, sizeof u);
		}
		}
	}
	obuf_putc(b, '"');
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
