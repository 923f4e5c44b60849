/* SPDX-License-Identifier: MIT */
/* Record kinds compiled for JSON and CSV, and the pieces rows are written
 * with (see output_row.h). */
#include "output/output_row.h"

#include <math.h>
#include <stdlib.h>

const char orow_digits2[201] = "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
			       "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
			       "8081828384858687888990919293949596979899";

const char orow_hex2[513] = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
			    "202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f"
			    "404142434445464748494a4b4c4d4e4f505152535455565758595a5b5c5d5e5f"
			    "606162636465666768696a6b6c6d6e6f707172737475767778797a7b7c7d7e7f"
			    "808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f"
			    "a0a1a2a3a4a5a6a7a8a9aaabacadaeafb0b1b2b3b4b5b6b7b8b9babbbcbdbebf"
			    "c0c1c2c3c4c5c6c7c8c9cacbcccdcecfd0d1d2d3d4d5d6d7d8d9dadbdcdddedf"
			    "e0e1e2e3e4e5e6e7e8e9eaebecedeeeff0f1f2f3f4f5f6f7f8f9fafbfcfdfeff";

char *orow_put_hex(char *p, uint64_t v, int digits)
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
	*p++ = '0';
	*p++ = 'x';
	memcpy(p, tmp + sizeof tmp - n, (size_t)n);
	return p + n;
}

static char *put_printf(char *p, locale_t c, bool fixed, int prec, double v)
{
	char tmp[400]; /* %.Nf of 1e308 with N <= 17 fits */
	locale_t old = uselocale(c);
	int n = fixed ? snprintf(tmp, sizeof tmp, "%.*f", prec, v) : snprintf(tmp, sizeof tmp, "%.*g", prec, v);
	uselocale(old);
	if (n <= 0)
		return p;
	size_t k = (size_t)n < sizeof tmp ? (size_t)n : sizeof tmp - 1;
	memcpy(p, tmp, k);
	return p + k;
}

char *orow_put_fixed(char *p, double v, int prec, locale_t c)
{
	static const double scale[] = { 1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9 };
	static const uint64_t pow10[] = { 1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000,
					  1000000000 };
	if (prec < 0)
		prec = 0;
	if (prec <= 9 && isfinite(v)) {
		double a = fabs(v), m = a * scale[prec];
		if (m < 9e15) {
			/* r rounds the product; e is the exact a * 10^prec - r
			 * rounded once (fma), so |e| < 0.4999 means r is the
			 * correct rounding of the exact value, which is what
			 * printf prints.  Near a tie, printf decides. */
			double r = nearbyint(m), e = fma(a, scale[prec], -r);
			if (fabs(e) < 0.4999) {
				uint64_t n = (uint64_t)r;
				if (signbit(v))
					*p++ = '-';
				p = orow_put_u64(p, n / pow10[prec]);
				if (prec) {
					uint64_t f = n % pow10[prec];
					*p++ = '.';
					for (int i = prec - 1; i >= 0; i--, f /= 10)
						p[i] = (char)('0' + f % 10);
					p += prec;
				}
				return p;
			}
		}
	}
	if (isnan(v)) {
		memcpy(p, "nan", 3);
		return p + 3;
	}
	if (isinf(v)) {
		memcpy(p, v < 0 ? "-inf" : "inf", v < 0 ? 4 : 3);
		return p + (v < 0 ? 4 : 3);
	}
	return put_printf(p, c, true, prec > 17 ? 17 : prec, v);
}

char *orow_put_json_num(char *p, double v, locale_t c)
{
	if (!isfinite(v)) {
		memcpy(p, "null", 4);
		return p + 4;
	}
	if (v == floor(v) && fabs(v) <= 9007199254740992.0)
		return orow_put_i64(p, (int64_t)v);
	return put_printf(p, c, false, 17, v);
}

/* Length of the valid UTF-8 sequence at s (1-4) within n bytes, or 0 if it
 * is not one.  Overlong forms, surrogates and code points past U+10FFFF
 * are invalid. */
static size_t utf8_len(const unsigned char *s, size_t n)
{
	unsigned c = s[0];
	if (c < 0x80)
		return 1;
	if (c >= 0xc2 && c <= 0xdf)
		return n >= 2 && (s[1] & 0xc0) == 0x80 ? 2 : 0;
	if (c >= 0xe0 && c <= 0xef) {
		unsigned lo = c == 0xe0 ? 0xa0 : 0x80, hi = c == 0xed ? 0x9f : 0xbf;
		return n >= 3 && s[1] >= lo && s[1] <= hi && (s[2] & 0xc0) == 0x80 ? 3 : 0;
	}
	if (c >= 0xf0 && c <= 0xf4) {
		unsigned lo = c == 0xf0 ? 0x90 : 0x80, hi = c == 0xf4 ? 0x8f : 0xbf;
		return n >= 4 && s[1] >= lo && s[1] <= hi && (s[2] & 0xc0) == 0x80 && (s[3] & 0xc0) == 0x80 ? 4 : 0;
	}
	return 0;
}

char *orow_put_json_str(char *p, const char *str, size_t n)
{
	static const char hex[] = "0123456789abcdef";
	const unsigned char *s = (const unsigned char *)str, *end = s + n;
	*p++ = '"';
	while (s < end) {
		const unsigned char *run = s;
		while (s < end && *s >= 0x20 && *s < 0x80 && *s != '"' && *s != '\\')
			s++;
		memcpy(p, run, (size_t)(s - run));
		p += s - run;
		if (s == end)
			break;
		unsigned c = *s;
		if (c >= 0x80) {
			size_t k = utf8_len(s, (size_t)(end - s));
			if (k) {
				memcpy(p, s, k);
				p += k;
				s += k;
			} else {
				memcpy(p, "\\ufffd", 6);
				p += 6;
				s++;
			}
			continue;
		}
		s++;
		*p++ = '\\';
		switch (c) {
		case '"': *p++ = '"'; break;
		case '\\': *p++ = '\\'; break;
		case '\n': *p++ = 'n'; break;
		case '\r': *p++ = 'r'; break;
		case '\t': *p++ = 't'; break;
		case '\b': *p++ = 'b'; break;
		case '\f': *p++ = 'f'; break;
		default:
			memcpy(p, "u00", 3);
			p[3] = hex[c >> 4];
			p[4] = hex[c & 15];
			p += 5;
		}
	}
	*p++ = '"';
	return p;
}

char *orow_put_csv_cell(char *p, const char *s, size_t n)
{
	size_t plain = 0;
	while (plain < n && s[plain] != ',' && s[plain] != '"' && s[plain] != '\n' && s[plain] != '\r')
		plain++;
	if (plain == n) {
		memcpy(p, s, n);
		return p + n;
	}
	*p++ = '"';
	for (size_t i = 0; i < n; i++) {
		if (s[i] == '"')
			*p++ = '"';
		*p++ = s[i];
	}
	*p++ = '"';
	return p;
}

char *orow_str(char *p, const struct orow_kind *k, unsigned i, const char *s, size_t n)
{
	const struct orow_key *c = &k->keys[i];
	p = orow_put(p, c->pre, c->len);
	return k->json ? orow_put_json_str(p, s, n) : orow_put_csv_cell(p, s, n);
}

int orow_ident(bool json, const char *device, const char *chipset, char **out, size_t *len)
{
	size_t nd = device ? strlen(device) : 0, nc = chipset ? strlen(chipset) : 0;
	char *s = malloc(6 * (nd + nc) + 64), *p = s;
	if (!s)
		return -1;
	const char *v[2] = { device, chipset };
	size_t n[2] = { nd, nc };
	static const char *const keys[2] = { ",\"device\":", ",\"chipset\":" };
	for (int i = 0; i < 2; i++) {
		if (json) {
			size_t kl = strlen(keys[i]);
			memcpy(p, keys[i], kl);
			p += kl;
			if (v[i]) {
				p = orow_put_json_str(p, v[i], n[i]);
			} else {
				memcpy(p, "null", 4);
				p += 4;
			}
		} else {
			*p++ = ',';
			if (v[i])
				p = orow_put_csv_cell(p, v[i], n[i]);
		}
	}
	*p = 0;
	*out = s;
	*len = (size_t)(p - s);
	return 0;
}

int orow_columns(const struct hwpc_schema_rec *const *kinds, size_t n, const char ***cols, size_t *ncols)
{
	size_t cap = 0;
	for (size_t k = 0; k < n; k++)
		cap += kinds[k] ? kinds[k]->nkeys : 0;
	const char **c = malloc((cap ? cap : 1) * sizeof *c);
	if (!c)
		return -1;
	size_t nc = 0;
	for (size_t k = 0; k < n; k++) {
		for (size_t i = 0; kinds[k] && i < kinds[k]->nkeys; i++) {
			const char *name = kinds[k]->keys[i].name;
			bool have = false;
			for (size_t j = 0; j < nc && !have; j++)
				have = strcmp(c[j], name) == 0;
			if (!have)
				c[nc++] = name;
		}
	}
	*cols = c;
	*ncols = nc;
	return 0;
}

char *orow_csv_header(const char *const *cols, size_t ncols, size_t *len)
{
	size_t n = sizeof "type,device,chipset\n";
	for (size_t i = 0; i < ncols; i++)
		n += 2 * strlen(cols[i]) + 3;
	char *s = malloc(n), *p = s;
	if (!s)
		return NULL;
	memcpy(p, "type,device,chipset", 19);
	p += 19;
	for (size_t i = 0; i < ncols; i++) {
		*p++ = ',';
		p = orow_put_csv_cell(p, cols[i], strlen(cols[i]));
	}
	*p++ = '\n';
	*p = 0;
	*len = (size_t)(p - s);
	return s;
}

char *orow_put_json_header(char *p, const char *command)
{
	static const char a[] = "{\"type\":\"schema\",\"schema_version\":";
	memcpy(p, a, sizeof a - 1);
	p = orow_put_u64(p + sizeof a - 1, HWPC_SCHEMA_VERSION);
	memcpy(p, ",\"command\":", 11);
	p += 11;
	if (command) {
		p = orow_put_json_str(p, command, strlen(command));
	} else {
		memcpy(p, "null", 4);
		p += 4;
	}
	memcpy(p, ",\"version\":", 11);
	p = orow_put_json_str(p + 11, HWPC_VERSION, strlen(HWPC_VERSION));
	memcpy(p, "}\n", 2);
	return p + 2;
}

/* Append n bytes at *at in mem; returns where they start. */
static const char *stash(char **at, const char *s, size_t n)
{
	char *p = *at;
	memcpy(p, s, n);
	*at += n;
	return p;
}

int orow_kind_init(struct orow_kind *k, enum hwpc_format fmt, const struct hwpc_schema_rec *rec, const char *ident,
		   size_t ident_len, const char *const *cols, size_t ncols)
{
	memset(k, 0, sizeof *k);
	k->rec = rec;
	k->json = fmt == HWPC_FMT_JSON;
	size_t nk = rec->nkeys;
	long *col = calloc(nk ? nk : 1, sizeof *col);
	k->keys = calloc(nk ? nk : 1, sizeof *k->keys);
	if (!col || !k->keys)
		goto fail;
	/* every string's worst case: the longest key name fits 2 * 64 */
	size_t size = ident_len + 2 * strlen(rec->type) + 16 + 2 * OROW_PAD;
	for (size_t i = 0; i < nk; i++) {
		size_t kl = strlen(rec->keys[i].name);
		size += 2 * kl + 16;
		if (!k->json) {
			col[i] = -1;
			for (size_t c = 0; c < ncols && col[i] < 0; c++)
				if (!strcmp(cols[c], rec->keys[i].name))
					col[i] = (long)c;
			if (col[i] < 0)
				goto fail;
		}
	}
	size += k->json ? 0 : 2 * ncols + 2 * nk;
	char *p = k->mem = calloc(1, size);
	if (!p)
		goto fail;

	/* output order: the schema's (JSON), or by column (CSV) */
	for (size_t i = 0; i < nk; i++) {
		size_t j = i;
		while (j > 0 && !k->json && col[k->keys[j - 1].key] > col[i]) {
			k->keys[j] = k->keys[j - 1];
			j--;
		}
		k->keys[j].key = (uint16_t)i;
	}
	k->schema_order = true;
	for (size_t j = 0; j < nk; j++)
		k->schema_order &= k->keys[j].key == j;

	char *h = p;
	if (k->json) {
		stash(&p, "{\"type\":\"", 9);
		stash(&p, rec->type, strlen(rec->type));
		stash(&p, "\"", 1);
	} else {
		stash(&p, rec->type, strlen(rec->type));
	}
	if (ident)
		stash(&p, ident, ident_len);
	k->head = h;
	k->head_len = (size_t)(p - h);
	k->fixed = k->head_len;

	long last = -1;
	for (size_t j = 0; j < nk; j++) {
		struct orow_key *c = &k->keys[j];
		const struct hwpc_schema_key *sk = &rec->keys[c->key];
		char *s = p;
		if (k->json) {
			stash(&p, ",\"", 2);
			stash(&p, sk->name, strlen(sk->name));
			stash(&p, "\":", 2);
		} else {
			for (long n = col[c->key] - last; n > 0; n--)
				*p++ = ',';
			last = col[c->key];
		}
		c->pre = s;
		c->len = (uint16_t)(p - s);
		s = p;
		if (k->json && (sk->type == HWPC_VT_HEX || (sk->flags & HWPC_SK_BIG))) {
			stash(&p, ",\"", 2);
			stash(&p, sk->name, strlen(sk->name));
			stash(&p, sk->type == HWPC_VT_HEX ? "_hex\":" : "_dec\":", 6);
		}
		c->pre2 = s;
		c->len2 = (uint16_t)(p - s);
		c->opt = (sk->flags & HWPC_SK_OPT) != 0;
		k->fixed += c->len + c->len2;
	}
	char *t = p;
	if (k->json) {
		stash(&p, "}\n", 2);
	} else {
		for (long n = (long)ncols - 1 - last; n > 0; n--)
			*p++ = ',';
		*p++ = '\n';
	}
	k->tail = t;
	k->tail_len = (size_t)(p - t);
	k->fixed += k->tail_len;
	free(col);
	return 0;
fail:
	free(col);
	orow_kind_free(k);
	return -1;
}

void orow_kind_free(struct orow_kind *k)
{
	free(k->keys);
	free(k->mem);
	k->keys = NULL;
	k->mem = NULL;
}

bool orow_kind_check(const struct orow_kind *k, const struct orow_want *want, size_t n)
{
	if (!k->schema_order || k->rec->nkeys != n)
		return false;
	for (size_t i = 0; i < n; i++) {
		const struct hwpc_schema_key *sk = &k->rec->keys[i];
		if (strcmp(sk->name, want[i].name) || sk->type != want[i].type)
			return false;
	}
	return true;
}

int orow_out_init(struct orow_out *w, FILE *fp, size_t row_max)
{
	memset(w, 0, sizeof *w);
	w->fp = fp;
	w->limit = OROW_CHUNK;
	w->buf = malloc(OROW_CHUNK + row_max + 2 * OROW_PAD);
	return w->buf ? 0 : -1;
}

void orow_out_free(struct orow_out *w)
{
	free(w->buf);
	w->buf = NULL;
}

int orow_out_flush(struct orow_out *w)
{
	if (w->failed)
		return -1;
	if (w->len && fwrite(w->buf, 1, w->len, w->fp) != w->len)
		w->failed = true;
	w->len = 0;
	return w->failed ? -1 : 0;
}
