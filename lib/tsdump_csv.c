/* tsdump's CSV rows for Tensix items, written without the generic record
 * writer: the columns are fixed, so each row is built straight into a
 * 64 KiB buffer with hand-rolled integer formatting (two digits per step)
 * and written with one fwrite per buffer.  The generic writer matches keys
 * by name and keeps every field apart, which cost ~470 ns a row. */
#include "tsdump_internal.h"

#include <stdlib.h>
#include <string.h>

#define CSV_CAP (64 * 1024)
#define ROW_MAX 512 /* longest row: message (192, quoted: < 400) and numbers */

int csvw_init(struct csvw *w, FILE *fp)
{
	memset(w, 0, sizeof *w);
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

static inline char *put_hex32(char *p, uint32_t v)
{
	static const char hex[] = "0123456789abcdef";
	*p++ = '0';
	*p++ = 'x';
	for (int i = 7; i >= 0; i--)
		*p++ = hex[v >> (4 * i) & 15];
	return p;
}

static inline char *put_str(char *p, const char *s)
{
	size_t n = strlen(s);
	memcpy(p, s, n);
	return p + n;
}

/* RFC 4180: quoted when it holds a comma, quote or line break. */
static char *put_field(char *p, const char *s, size_t max)
{
	size_t n = strnlen(s, max);
	if (!memchr(s, ',', n) && !memchr(s, '"', n) && !memchr(s, '\n', n) && !memchr(s, '\r', n)) {
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

void csv_header(struct csvw *w)
{
	static const char h[] = "kind,offset,addr,buffer,index,size,header,token,name,ts,time,count,value,message\n";
	memcpy(w->buf, h, sizeof h - 1);
	w->len = sizeof h - 1;
}

void csv_item(struct hwpc_tsdump *t, const struct hwpc_ts_item *it, const char *name)
{
	struct csvw *w = &t->csv;
	if (w->cap - w->len < ROW_MAX && csvw_flush(w))
		return;
	char *p = w->buf + w->len;
	bool ev = it->kind == HWPC_TS_EVENT;
	p = put_str(p, hwpc_ts_kind_name(it->kind));
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
	if (ev || it->kind == HWPC_TS_OVERFLOW || it->kind == HWPC_TS_BACKWARDS) {
		p = put_u64(p, it->ts);
		*p++ = ',';
		p = put_str(p, hwpc_ts_time_name(it->time));
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
 * and timestamps mostly do, so adding the difference to the digits is
 * cheaper than formatting the number again. */
static inline void dec_set(struct csvdec *d, uint64_t v)
{
	if (v >= d->v && v - d->v < 100000 && d->n) {
		unsigned add = (unsigned)(v - d->v);
		int i = (int)d->n - 1;
		while (add) {
			if (i < 0) { /* one more digit */
				memmove(d->s + 1, d->s, d->n);
				d->s[0] = '0';
				d->n++;
				i = 0;
			}
			unsigned x = (unsigned)(d->s[i] - '0') + add % 10;
			add /= 10;
			if (x >= 10) {
				x -= 10;
				add++;
			}
			d->s[i--] = (char)('0' + x);
		}
	} else {
		d->n = (unsigned)(put_u64(d->s, v) - d->s);
	}
	d->v = v;
}

static inline char *put_dec(char *p, struct csvdec *d, uint64_t v)
{
	dec_set(d, v);
	memcpy(p, d->s, sizeof d->s); /* fixed size: the row has room */
	return p + d->n;
}

/* An event row, from the decoder's batch. */
void csv_event(struct hwpc_tsdump *t, const struct hwpc_ts_ev *ev, const char *name)
{
	static const char times[3][16] = { ",full,,,\n", ",unwrapped,,,\n", ",relative,,,\n" };
	static const uint8_t tlen[] = { 9, 14, 13 };
	struct csvw *w = &t->csv;
	if (w->cap - w->len < ROW_MAX && csvw_flush(w))
		return;
	char *p = w->buf + w->len;
	memcpy(p, "event,", 6);
	p = put_dec(p + 6, &t->csv.offset, ev->offset);
	*p++ = ',';
	if (t->lay.have_bufs) {
		int b;
		uint64_t addr;
		hwpc_tsdec_locate(t->ts, ev->offset, &b, &addr);
		if (addr != UINT64_MAX)
			p = put_u64(p, addr);
		*p++ = ',';
		if (b >= 0)
			*p++ = (char)('0' + b);
	} else {
		*p++ = ',';
	}
	*p++ = ',';
	p = put_dec(p, &t->csv.index, ev->index);
	*p++ = ',';
	p = put_u64(p, ev->size);
	*p++ = ',';
	p = put_hex32(p, ev->header);
	*p++ = ',';
	p = put_u64(p, ev->token);
	*p++ = ',';
	if (name)
		p = put_field(p, name, 64);
	*p++ = ',';
	p = put_dec(p, &t->csv.ts, ev->ts);
	memcpy(p, times[ev->time], 16); /* fixed size: the row has room (ROW_MAX) */
	w->len = (size_t)(p + tlen[ev->time] - w->buf);
}
