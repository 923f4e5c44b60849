/* SPDX-License-Identifier: MIT */
/* Internal to lib/: JSON and CSV records at stream speed.
 *
 * A record kind is compiled once per output (orow_kind_init): the bytes
 * that come before each key's value (JSON's ,"key":, CSV's commas from the
 * column before), its companion's (,"key_hex": or ,"key_dec":), and the
 * record's head (type, device, chipset) and tail, all from the schema.  A
 * record is then those bytes and its values; nothing is looked up, checked
 * or formatted with printf per record.
 *
 * The generic writer (output.c) lays out every JSON and CSV record with
 * these prefixes.  A fast path writes rows itself with the inline emitters
 * below, straight into an orow_out buffer: it declares the keys it writes
 * (orow_kind_check: names, order and types are the schema's), then visits
 * every key of the kind in order, a value or a null for each.  Tests hold
 * such a path to the generic writer byte for byte. */
#ifndef HWPC_OUTPUT_ROW_H
#define HWPC_OUTPUT_ROW_H

#include <locale.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "hwpc/output.h"

/* The emitters are inlined into the loops that write rows, whatever the
 * compiler's size heuristics say: a call per value costs more than the
 * value. */
#define OROW_INLINE static inline __attribute__((always_inline))

/* Prefixes up to this long are copied as one fixed-size block (the
 * compiler inlines it; a variable-length memcpy is a libc call): their
 * storage is padded, and a row's buffer keeps this much room past it. */
#define OROW_PAD 32

struct orow_key {
	const char *pre;  /* JSON ,"key": ; CSV the commas since the last column written */
	const char *pre2; /* JSON, a HEX or BIG key: ,"key_hex": or ,"key_dec": ; else "" */
	uint16_t len, len2;
	uint16_t key;     /* the schema key at this place (CSV: by column) */
	bool opt;         /* JSON: left out, not null, when it has no value */
};

struct orow_kind {
	const struct hwpc_schema_rec *rec;
	bool json;
	const char *head; /* {"type":"K" or K, then the identity if compiled in */
	const char *tail; /* }\n, or the commas to the last column and \n */
	size_t head_len, tail_len;
	struct orow_key *keys; /* rec->nkeys, in output order */
	bool schema_order;     /* keys[i].key == i for every i (JSON always) */
	size_t fixed;          /* head + every prefix + tail: a row's bytes besides its values */
	char *mem;
};

/* The identity every record carries after its type: JSON
 * ,"device":D,"chipset":C; CSV ,D,C (null: null, an empty cell).  A
 * malloc'd string in *out, its length in *len; -1 on out of memory. */
int orow_ident(bool json, const char *device, const char *chipset, char **out, size_t *len);
/* CSV: the key columns of these kinds, each key once, in schema order of
 * the kinds as given (the identity columns are not among them): *cols
 * malloc'd (the names are the schema's).  -1 on out of memory. */
int orow_columns(const struct hwpc_schema_rec *const *kinds, size_t n, const char ***cols, size_t *ncols);
/* The CSV header row for those columns (type,device,chipset,...\n): a
 * malloc'd string, NULL on out of memory. */
char *orow_csv_header(const char *const *cols, size_t ncols, size_t *len);
/* The JSON header record, {"type":"schema","schema_version":N,...}, and
 * its newline: at most 6 * strlen(command) + 128 bytes. */
char *orow_put_json_header(char *p, const char *command);
/* Compile rec for fmt (HWPC_FMT_JSON or HWPC_FMT_CSV); ident (may be NULL)
 * is compiled into the head; CSV: cols are the output's key columns, every
 * key of rec among them.  -1 on out of memory or a key that is no column. */
int orow_kind_init(struct orow_kind *k, enum hwpc_format fmt, const struct hwpc_schema_rec *rec, const char *ident,
		   size_t ident_len, const char *const *cols, size_t ncols);
void orow_kind_free(struct orow_kind *k);

/* What a fast path writes for a kind: each key's name and type, in order. */
struct orow_want {
	const char *name;
	enum hwpc_vtype type;
};
/* Whether a fast path may write k: the schema lists exactly these keys, in
 * this order, of these types, and the output places them in that order. */
bool orow_kind_check(const struct orow_kind *k, const struct orow_want *want, size_t n);

/* ---- integers, as the rows need them ------------------------------------ */

extern const char orow_digits2[201]; /* "00" "01" ... "99" */
extern const char orow_hex2[513];    /* "00" "01" ... "ff" */

OROW_INLINE unsigned orow_ndigits(uint64_t v)
{
	unsigned n = 1;
	while (v >= 10000) {
		v /= 10000;
		n += 4;
	}
	return n + (v >= 10) + (v >= 100) + (v >= 1000);
}

/* Decimal digits written in place from the end, two at a time: no
 * temporary and no variable-length copy. */
OROW_INLINE char *orow_put_u64(char *p, uint64_t v)
{
	unsigned n = orow_ndigits(v);
	char *e = p + n;
	while (v >= 100) {
		unsigned r = (unsigned)(v % 100);
		v /= 100;
		e -= 2;
		e[0] = orow_digits2[2 * r];
		e[1] = orow_digits2[2 * r + 1];
	}
	if (v >= 10) {
		e[-2] = orow_digits2[2 * v];
		e[-1] = orow_digits2[2 * v + 1];
	} else {
		e[-1] = (char)('0' + v);
	}
	return p + n;
}

OROW_INLINE char *orow_put_i64(char *p, int64_t v)
{
	if (v < 0) {
		*p++ = '-';
		return orow_put_u64(p, (uint64_t)0 - (uint64_t)v); /* INT64_MIN too */
	}
	return orow_put_u64(p, (uint64_t)v);
}

/* "0x" and at least digits hex digits (at most 16). */
char *orow_put_hex(char *p, uint64_t v, int digits);

OROW_INLINE char *orow_put_hex32(char *p, uint32_t v)
{
	p[0] = '0';
	p[1] = 'x';
	memcpy(p + 2, orow_hex2 + 2 * (v >> 24), 2);
	memcpy(p + 4, orow_hex2 + 2 * (v >> 16 & 0xff), 2);
	memcpy(p + 6, orow_hex2 + 2 * (v >> 8 & 0xff), 2);
	memcpy(p + 8, orow_hex2 + 2 * (v & 0xff), 2);
	return p + 10;
}

/* v with prec digits after the point, exactly as printf's %.*f writes it
 * in the C locale c (NaN: nan, infinities: inf, -inf), without printf
 * unless v is huge or a hair from a tie.  At most 330 bytes. */
char *orow_put_fixed(char *p, double v, int prec, locale_t c);
/* A number for JSON: integral values exactly (up to 2^53), else %.17g;
 * null for NaN and infinities.  At most 32 bytes. */
char *orow_put_json_num(char *p, double v, locale_t c);

/* A decimal kept as text, for values that grow by a little from record to
 * record (offsets, indices, timestamps): when v differs from the last one
 * only in its last four digits (and has more than four), only those are
 * rewritten; anything else is formatted again. */
struct orow_dec {
	uint64_t base; /* the value s spells, its last four digits zeroed */
	unsigned n;    /* digits in s (0: none yet) */
	char s[24];
};

/* ---- strings -------------------------------------------------------------- */

/* s (n bytes) as a quoted JSON string: " \ and control characters escaped,
 * bytes that are not valid UTF-8 replaced by U+FFFD.  At most 6n + 2 bytes. */
char *orow_put_json_str(char *p, const char *s, size_t n);
/* s as an RFC 4180 cell: quoted when it holds a comma, quote or line break.
 * At most 2n + 2 bytes. */
char *orow_put_csv_cell(char *p, const char *s, size_t n);

/* ---- the emitters ---------------------------------------------------------- */

OROW_INLINE char *orow_put(char *p, const char *s, size_t n)
{
	if (n <= OROW_PAD)
		memcpy(p, s, OROW_PAD); /* the source is padded, the row has room */
	else
		memcpy(p, s, n);
	return p + n;
}

OROW_INLINE char *orow_begin(char *p, const struct orow_kind *k)
{
	if (k->head_len <= 2 * OROW_PAD) {
		memcpy(p, k->head, 2 * OROW_PAD);
		return p + k->head_len;
	}
	memcpy(p, k->head, k->head_len);
	return p + k->head_len;
}

OROW_INLINE char *orow_end(char *p, const struct orow_kind *k)
{
	return orow_put(p, k->tail, k->tail_len);
}

/* Key i (its place in the output) has no value: null, an empty cell, or
 * nothing (an optional key in JSON). */
OROW_INLINE char *orow_null(char *p, const struct orow_kind *k, unsigned i)
{
	const struct orow_key *c = &k->keys[i];
	if (!k->json)
		return orow_put(p, c->pre, c->len);
	if (c->opt)
		return p;
	p = orow_put(p, c->pre, c->len);
	memcpy(p, "null", 4);
	p += 4;
	if (c->len2) {
		p = orow_put(p, c->pre2, c->len2);
		memcpy(p, "null", 4);
		p += 4;
	}
	return p;
}

/* JSON: a BIG key's number again as its _dec string (digits at d, n long). */
OROW_INLINE char *orow_dec_str(char *p, const struct orow_key *c, const char *d, size_t n)
{
	p = orow_put(p, c->pre2, c->len2);
	*p++ = '"';
	memcpy(p, d, n);
	p += n;
	*p++ = '"';
	return p;
}

/* An unsigned integer (U64; JSON adds _dec for a BIG key). */
OROW_INLINE char *orow_u64(char *p, const struct orow_kind *k, unsigned i, uint64_t v)
{
	const struct orow_key *c = &k->keys[i];
	p = orow_put(p, c->pre, c->len);
	char *d = p;
	p = orow_put_u64(p, v);
	if (c->len2)
		p = orow_dec_str(p, c, d, (size_t)(p - d));
	return p;
}

/* The same from a running decimal (orow_dec).  When only the last four
 * digits change, the old text is copied out before they are patched, in
 * the row and in d: reading d->s right after patching it would wait for
 * the narrow stores to land (a store-forwarding stall, a third of the
 * row's time). */
OROW_INLINE char *orow_dec(char *p, const struct orow_kind *k, unsigned i, struct orow_dec *d, uint64_t v)
{
	const struct orow_key *c = &k->keys[i];
	p = orow_put(p, c->pre, c->len);
	/* v in [base, base + 10000) with base >= 10000 (so n >= 5): the same
	 * digits as base but the last four (a smaller base would let the
	 * number of digits change, and v below base would wrap) */
	uint64_t low = v - d->base;
	if (__builtin_expect(low < 10000 && v >= d->base && d->base, 1)) {
		unsigned n = d->n, hi = (unsigned)low / 100, lo = (unsigned)low - 100 * hi;
		char *q = NULL;
		memcpy(p, d->s, sizeof d->s); /* fixed size: the row has room */
		if (c->len2) {
			q = orow_put(p + n, c->pre2, c->len2);
			*q++ = '"';
			memcpy(q, d->s, sizeof d->s);
			memcpy(q + n - 4, orow_digits2 + 2 * hi, 2);
			memcpy(q + n - 2, orow_digits2 + 2 * lo, 2);
		}
		memcpy(p + n - 4, orow_digits2 + 2 * hi, 2);
		memcpy(p + n - 2, orow_digits2 + 2 * lo, 2);
		memcpy(d->s + n - 4, orow_digits2 + 2 * hi, 2);
		memcpy(d->s + n - 2, orow_digits2 + 2 * lo, 2);
		if (!q)
			return p + n;
		q[n] = '"';
		return q + n + 1;
	}
	d->n = (unsigned)(orow_put_u64(d->s, v) - d->s);
	d->base = v - v % 10000;
	memcpy(p, d->s, sizeof d->s);
	p += d->n;
	return c->len2 ? orow_dec_str(p, c, d->s, d->n) : p;
}

/* A small number (< 100 mostly): no digit-count loop. */
OROW_INLINE char *orow_small(char *p, const struct orow_kind *k, unsigned i, uint64_t v)
{
	const struct orow_key *c = &k->keys[i];
	if (v >= 100 || c->len2)
		return orow_u64(p, k, i, v);
	p = orow_put(p, c->pre, c->len);
	if (v < 10) {
		*p = (char)('0' + v);
		return p + 1;
	}
	memcpy(p, orow_digits2 + 2 * v, 2);
	return p + 2;
}

/* A string that needs no escaping or quoting (a word the library chose:
 * "full", "padding"), n bytes. */
OROW_INLINE char *orow_word(char *p, const struct orow_kind *k, unsigned i, const char *s, size_t n)
{
	const struct orow_key *c = &k->keys[i];
	p = orow_put(p, c->pre, c->len);
	if (k->json)
		*p++ = '"';
	memcpy(p, s, n);
	p += n;
	if (k->json)
		*p++ = '"';
	return p;
}

/* The same from a table of words padded to 16 bytes (n <= 16): one
 * fixed-size copy. */
OROW_INLINE char *orow_word16(char *p, const struct orow_kind *k, unsigned i, const char s[16], size_t n)
{
	const struct orow_key *c = &k->keys[i];
	p = orow_put(p, c->pre, c->len);
	if (k->json)
		*p++ = '"';
	memcpy(p, s, 16);
	p += n;
	if (k->json)
		*p++ = '"';
	return p;
}

/* Any string, escaped (JSON) or quoted as needed (CSV): at most 6n + 2
 * bytes besides the prefix. */
char *orow_str(char *p, const struct orow_kind *k, unsigned i, const char *s, size_t n);

/* ---- a buffered writer --------------------------------------------------- */

/* Rows go into buf and out with one fwrite per OROW_CHUNK bytes. */
#define OROW_CHUNK (256 * 1024)
struct orow_out {
	FILE *fp;
	char *buf;
	size_t len;
	size_t limit;  /* flush before a row that starts past this */
	bool failed;
};

/* row_max: the most one row may take. -1 on out of memory. */
int orow_out_init(struct orow_out *w, FILE *fp, size_t row_max);
void orow_out_free(struct orow_out *w);
/* Write what is buffered; -1 (and failed set) on a write error. */
int orow_out_flush(struct orow_out *w);

/* Where the next row goes (room for row_max bytes), or NULL after a
 * write error. */
OROW_INLINE char *orow_out_row(struct orow_out *w)
{
	if (w->len > w->limit && orow_out_flush(w))
		return NULL;
	return w->buf + w->len;
}

OROW_INLINE void orow_out_done(struct orow_out *w, char *end)
{
	w->len = (size_t)(end - w->buf);
}

#endif
