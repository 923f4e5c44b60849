/* SPDX-License-Identifier: MIT */
/* tsdump's CSV rows for Tensix items, written without the generic record
 * writer: the columns are fixed, so each row is built straight into a
 * 256 KiB buffer with hand-rolled integer formatting (two digits per step,
 * or only the last four digits of a number that grew a little) and
 * written with one fwrite per buffer.  The generic writer matches keys by
 * name and keeps every field apart, which cost ~470 ns a row. */
#include "stream/tsdump_internal.h"

#include "hwpc/output.h"

#include <stdlib.h>
#include <string.h>

#define CSV_CAP (256 * 1024)
/* longest row: the prefix, message (192, quoted: < 400) and numbers */
#define ROW_MAX (CSV_PREFIX_MAX + 512)

static char *put_field(char *p, const char *s, size_t max);

/* The identity cells every row starts with: type, device, chipset (empty:
 * null, for a file). */
static size_t make_prefix(char *buf, const char *device, const char *chipset, const char *more)
{
	char *p = buf;
	memcpy(p, "tensix_item,", 12);
	p += 12;
	if (device)
		p = put_field(p, device, 1023);
	*p++ = ',';
	if (chipset)
		p = put_field(p, chipset, 64);
	*p++ = ',';
	memcpy(p, more, strlen(more));
	p += strlen(more);
	*p = 0;
	return (size_t)(p - buf);
}

int csvw_init(struct csvw *w, FILE *fp, const char *device, const char *chipset)
{
	memset(w, 0, sizeof *w);
	w->prefix_len = make_prefix(w->prefix, device, chipset, "");
	w->evprefix_len = make_prefix(w->evprefix, device, chipset, "event,");
	w->fp = fp;
	w->len = 0;
	w->cap = CSV_CAP;
	w->failed = false;
	w->buf = malloc(w->cap);
	return w->buf ? 0 : -1;
}

void csvw_free(struct csvw *w)
{
	free(w->buf);
	w->buf = NULL;
}

int csvw_flush(struct csvw *w)
{
	if (w->len && fwrite(w->buf, 1, w->len, w->fp) != w->len)
		w->failed = true;
	w->len = 0;
	return w->failed ? -1 : 0;
}

static const char digits2[201] = "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
				 "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
				 "8081828384858687888990919293949596979899";

static inline unsigned ndigits(uint64_t v)
{
	unsigned n = 1;
	while (v >= 10000) {
		v /= 10000;
		n += 4;
	}
	return n + (v >= 10) + (v >= 100) + (v >= 1000);
}

/* Digits written in place from the end, two at a time: no temporary and
 * no variable-length memcpy (a libc call per field). */
static inline char *put_u64(char *p, uint64_t v)
{
	unsigned n = ndigits(v);
	char *e = p + n;
	while (v >= 100) {
		unsigned r = (unsigned)(v % 100);
		v /= 100;
		e -= 2;
		e[0] = digits2[2 * r];
		e[1] = digits2[2 * r + 1];
	}
	if (v >= 10) {
		e[-2] = digits2[2 * v];
		e[-1] = digits2[2 * v + 1];
	} else {
		e[-1] = (char)('0' + v);
	}
	return p + n;
}

/* Two hex digits per byte, by table. */
static const char hex2[513] =
	"000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
	"202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f"
	"404142434445464748494a4b4c4d4e4f505152535455565758595a5b5c5d5e5f"
	"606162636465666768696a6b6c6d6e6f707172737475767778797a7b7c7d7e7f"
	"808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f"
	"a0a1a2a3a4a5a6a7a8a9aaabacadaeafb0b1b2b3b4b5b6b7b8b9babbbcbdbebf"
	"c0c1c2c3c4c5c6c7c8c9cacbcccdcecfd0d1d2d3d4d5d6d7d8d9dadbdcdddedf"
	"e0e1e2e3e4e5e6e7e8e9eaebecedeeeff0f1f2f3f4f5f6f7f8f9fafbfcfdfeff";

static inline char *put_hex32(char *p, uint32_t v)
{
	p[0] = '0';
	p[1] = 'x';
	memcpy(p + 2, hex2 + 2 * (v >> 24), 2);
	memcpy(p + 4, hex2 + 2 * (v >> 16 & 0xff), 2);
	memcpy(p + 6, hex2 + 2 * (v >> 8 & 0xff), 2);
	memcpy(p + 8, hex2 + 2 * (v & 0xff), 2);
	return p + 10;
}

/* Small numbers (tokens) without the digit count loop. */
static inline char *put_small(char *p, uint64_t v)
{
	if (v < 10) {
		*p = (char)('0' + v);
		return p + 1;
	}
	if (v < 100) {
		memcpy(p, digits2 + 2 * v, 2);
		return p + 2;
	}
	return put_u64(p, v);
}

static inline char *put_str(char *p, const char *s)
{
	size_t n = strlen(s);
	memcpy(p, s, n);
	return p + n;
}

/* RFC 4180: quoted when it holds a comma, quote or line break (one scan:
 * a padding row's message came through four memchr calls before). */
static char *put_field(char *p, const char *s, size_t max)
{
	size_t n = strnlen(s, max);
	if (strcspn(s, ",\"\n\r") >= n) {
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

/* The header the record writer would write: the identity columns, then
 * tensix_item's keys in schema order (the rows below follow that order). */
void csv_header(struct csvw *w)
{
	const struct hwpc_schema_rec *r = hwpc_schema_find("tensix_item");
	char *p = w->buf;
	memcpy(p, "type,device,chipset", 19);
	p += 19;
	for (size_t i = 0; r && i < r->nkeys; i++) {
		*p++ = ',';
		p = put_str(p, r->keys[i].name);
	}
	*p++ = '\n';
	w->len = (size_t)(p - w->buf);
}

void csv_item(struct hwpc_tsdump *t, const struct hwpc_tensix_item *it, const char *name)
{
	struct csvw *w = &t->csv;
	if (w->cap - w->len < ROW_MAX && csvw_flush(w))
		return;
	char *p = w->buf + w->len;
	bool ev = it->kind == HWPC_TENSIX_EVENT;
	memcpy(p, w->prefix, w->prefix_len);
	p += w->prefix_len;
	p = put_str(p, hwpc_tensix_kind_name(it->kind));
	*p++ = ',';
	p = put_u64(p, it->offset);
	*p++ = ',';
	if (it->addr != UINT64_MAX)
		p = put_u64(p, it->addr);
	*p++ = ',';
	if (it->buffer >= 0)
		*p++ = (char)('0' + it->buffer);
	*p++ = ',';
	if (ev) {
		p = put_u64(p, it->index);
		*p++ = ',';
		p = put_u64(p, it->size);
		*p++ = ',';
		p = put_hex32(p, it->header);
		*p++ = ',';
		p = put_u64(p, it->token);
		*p++ = ',';
		if (name)
			p = put_field(p, name, 64);
		*p++ = ',';
	} else {
		memcpy(p, ",,,,,", 5);
		p += 5;
	}
	if (ev || it->kind == HWPC_TENSIX_OVERFLOW || it->kind == HWPC_TENSIX_BACKWARDS) {
		p = put_u64(p, it->ts);
		*p++ = ',';
		p = put_str(p, hwpc_tensix_time_name(it->time));
	} else {
		*p++ = ',';
	}
	*p++ = ',';
	if (ev) {
		memcpy(p, ",,\n", 3);
		p += 3;
	} else {
		p = put_u64(p, it->count);
		*p++ = ',';
		p = put_u64(p, it->value);
		*p++ = ',';
		p = put_field(p, it->msg ? it->msg : "", 192);
		*p++ = '\n';
	}
	w->len = (size_t)(p - w->buf);
}

/* A decimal kept as text: offsets and indices grow by a little each row,
 * and timestamps mostly do, so when a value differs from the last one
 * only in its last four digits (and has at least four) only those are
 * rewritten, two digits per step; anything else is formatted again. */
static inline void dec_set(struct csvdec *d, uint64_t v)
{
	uint64_t low = v - d->base;
	if (low < 10000 && d->n >= 4) {
		unsigned hi = (unsigned)low / 100, lo = (unsigned)low - 100 * hi;
		memcpy(d->s + d->n - 4, digits2 + 2 * hi, 2);
		memcpy(d->s + d->n - 2, digits2 + 2 * lo, 2);
	} else {
		d->n = (unsigned)(put_u64(d->s, v) - d->s);
		d->base = v - v % 10000;
	}
}

static inline char *put_dec(char *p, struct csvdec *d, uint64_t v)
{
	dec_set(d, v);
	memcpy(p, d->s, sizeof d->s); /* fixed size: the row has room */
	return p + d->n;
}

/* One event row at p; returns its end. */
static inline char *event_row(char *p, struct hwpc_tsdump *t, struct csvdec *dec, const struct hwpc_tensix_ev *ev)
{
	/* A file's rows start with the same 20 bytes: copied with a fixed
	 * size (inlined) rather than a memcpy call per row. */
	const struct csvw *w = &t->csv;
	if (w->evprefix_len <= 32)
		memcpy(p, w->evprefix, 32); /* fixed size: the row has room (ROW_MAX) */
	else
		memcpy(p, w->evprefix, w->evprefix_len);
	p += w->evprefix_len;
	static const char times[3][16] = { ",full,,,\n", ",unwrapped,,,\n", ",relative,,,\n" };
	static const uint8_t tlen[] = { 9, 14, 13 };
	static const char sizes[4][4] = { { '3', '2', ',' }, { '6', '4', ',' }, { '9', '6', ',' },
					  { '1', '2', '8', ',' } };
	p = put_dec(p, &dec[0], ev->offset);
	*p++ = ',';
	if (t->lay.have_bufs) {
		int b;
		uint64_t addr;
		hwpc_tensix_dec_locate(t->ts, ev->offset, &b, &addr);
		if (addr != UINT64_MAX)
			p = put_u64(p, addr);
		*p++ = ',';
		if (b >= 0)
			*p++ = (char)('0' + b);
	} else {
		*p++ = ',';
	}
	*p++ = ',';
	p = put_dec(p, &dec[1], ev->index);
	*p++ = ',';
	unsigned sz = ((ev->size >> 5) - 1) & 3; /* 32, 64, 96, 128 */
	memcpy(p, sizes[sz], 4);
	p += 3 + (sz == 3);
	p = put_hex32(p, ev->header);
	*p++ = ',';
	p = put_small(p, ev->token);
	*p++ = ',';
	if (t->o.map) {
		const struct hwpc_tok *m = hwpc_tokmap_find(t->o.map, ev->token);
		if (m)
			p = put_field(p, m->name, 64);
	}
	*p++ = ',';
	p = put_dec(p, &dec[2], ev->ts);
	memcpy(p, times[ev->time], 16); /* fixed size: the row has room (ROW_MAX) */
	return p + tlen[ev->time];
}

/* A batch of event rows from the decoder.  The running decimals are
 * copied to locals for the batch: rows are written through char
 * pointers, which could alias them and force a reload at every step. */
int csv_events(struct hwpc_tsdump *t, const struct hwpc_tensix_ev *ev, size_t n)
{
	struct csvw *w = &t->csv;
	struct csvdec dec[3] = { w->offset, w->index, w->ts };
	char *p = w->buf + w->len, *room = w->buf + w->cap - ROW_MAX;
	for (size_t i = 0; i < n; i++) {
		if (p > room) {
			w->len = (size_t)(p - w->buf);
			if (csvw_flush(w))
				break;
			p = w->buf;
		}
		p = event_row(p, t, dec, &ev[i]);
	}
	w->len = (size_t)(p - w->buf);
	w->offset = dec[0];
	w->index = dec[1];
	w->ts = dec[2];
	return w->failed;
}
