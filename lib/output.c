/* SPDX-License-Identifier: MIT */
/* Record writers: text, CSV and JSON Lines (see hwpc/output.h).
 *
 * Each record is collected in one buffer and written with one fwrite at
 * hwpc_out_end(): memory is bounded by the largest record, and a record is
 * never half written.  JSON appends "key":value fragments as fields come;
 * text and CSV keep each field's rendered value and lay them out by column
 * at the end, because columns are known by name and a record may omit
 * some. */
#include "hwpc/output.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "output_buf.h"

struct field {
	size_t key, klen; /* offsets into rec */
	size_t val, vlen;
	bool right;       /* numbers are right-aligned in tables */
};

struct column {
	char *name;
	size_t len; /* strlen(name) */
	unsigned width;
	bool right;
};

struct hwpc_out {
	FILE *fp;
	enum hwpc_format fmt;
	locale_t c;
	struct hwpc_err err; /* first error; status HWPC_OK while none */

	bool table;          /* text: table instead of key/value blocks */
	bool cols_from_first;
	struct column *cols;
	size_t ncols;
	unsigned long nrec;  /* records written */

	bool in_record;
	struct obuf rec;     /* json: the line; text/csv: keys and values */
	struct field *fields;
	size_t nfields, cap_fields;
	struct obuf line;    /* text/csv: the laid-out output */
};

static const char *const format_names[] = {
	[HWPC_FMT_TEXT] = "text",
	[HWPC_FMT_CSV] = "csv",
	[HWPC_FMT_JSON] = "json",
	[HWPC_FMT_TRACE] = "trace",
};

int hwpc_format_parse(const char *name, enum hwpc_format *out, struct hwpc_err *err)
{
	for (size_t i = 0; i < sizeof format_names / sizeof *format_names; i++) {
		if (name && strcmp(name, format_names[i]) == 0) {
			*out = (enum hwpc_format)i;
			return HWPC_OK;
		}
	}
	return hwpc_err_set(err, HWPC_EINPUT,
			    "unknown output format '%s' (expected text, csv, json or trace)",
			    name ? name : "");
}

const char *hwpc_format_name(enum hwpc_format fmt)
{
	if ((unsigned)fmt < sizeof format_names / sizeof *format_names)
		return format_names[fmt];
	return "?";
}

struct hwpc_out *hwpc_out_new(FILE *fp, enum hwpc_format fmt, struct hwpc_err *err)
{
	if (fmt != HWPC_FMT_TEXT && fmt != HWPC_FMT_CSV && fmt != HWPC_FMT_JSON) {
		hwpc_err_set(err, HWPC_EINPUT, "format '%s' is not a record format",
			     hwpc_format_name(fmt));
		return NULL;
	}
	struct hwpc_out *o = calloc(1, sizeof *o);
	if (!o || (o->c = obuf_c_locale()) == (locale_t)0) {
		free(o);
		hwpc_err_set(err, HWPC_EOP, "output writer: out of memory");
		return NULL;
	}
	o->fp = fp;
	o->fmt = fmt;
	return o;
}

static void fail(struct hwpc_out *o, int status, const char *msg, const char *arg)
{
	if (o->err.status == HWPC_OK)
		hwpc_err_set(&o->err, status, "%s%s", msg, arg ? arg : "");
}

static int add_column(struct hwpc_out *o, const char *name, size_t len, unsigned width)
{
	struct column *c = realloc(o->cols, (o->ncols + 1) * sizeof *c);
	if (!c)
		return -1;
	o->cols = c;
	c += o->ncols;
	c->name = malloc(len + 1);
	if (!c->name)
		return -1;
	memcpy(c->name, name, len);
	c->name[len] = 0;
	c->len = len;
	c->width = width;
	c->right = false;
	o->ncols++;
	return 0;
}

int hwpc_out_table(struct hwpc_out *o, const struct hwpc_col *cols, size_t ncols,
		   struct hwpc_err *err)
{
	if (o->nrec || o->in_record || o->ncols)
		return hwpc_err_set(err, HWPC_EINPUT, "output columns declared twice or too late");
	o->table = true;
	o->cols_from_first = cols == NULL;
	for (size_t i = 0; cols && i < ncols; i++) {
		if (add_column(o, cols[i].name, strlen(cols[i].name), cols[i].width))
			return hwpc_err_set(err, HWPC_EOP, "output writer: out of memory");
	}
	return HWPC_OK;
}

void hwpc_out_begin(struct hwpc_out *o)
{
	o->in_record = true;
	o->rec.len = 0;
	o->nfields = 0;
}

/* Start a field: the JSON key, or a field slot holding key and value. */
static void field_start(struct hwpc_out *o, const char *key)
{
	if (o->fmt == HWPC_FMT_JSON) {
		obuf_putc(&o->rec, o->rec.len ? ',' : '{');
		obuf_json_str(&o->rec, key);
		obuf_putc(&o->rec, ':');
		return;
	}
	if (o->nfields == o->cap_fields) {
		size_t cap = o->cap_fields ? o->cap_fields * 2 : 16;
		struct field *f = realloc(o->fields, cap * sizeof *f);
		if (!f) {
			o->rec.oom = true;
			return;
		}
		o->fields = f;
		o->cap_fields = cap;
	}
	struct field *f = &o->fields[o->nfields++];
	f->key = o->rec.len;
	f->klen = strlen(key);
	obuf_put(&o->rec, key, f->klen);
	f->val = o->rec.len;
	f->right = false;
}

static void field_done(struct hwpc_out *o, bool right)
{
	if (o->fmt == HWPC_FMT_JSON || o->rec.oom || !o->nfields)
		return;
	struct field *f = &o->fields[o->nfields - 1];
	f->vlen = o->rec.len - f->val;
	f->right = right;
}

void hwpc_out_u64(struct hwpc_out *o, const char *key, uint64_t v)
{
	field_start(o, key);
	obuf_u64(&o->rec, v);
	field_done(o, true);
}

void hwpc_out_i64(struct hwpc_out *o, const char *key, int64_t v)
{
	field_start(o, key);
	obuf_i64(&o->rec, v);
	field_done(o, true);
}

void hwpc_out_double(struct hwpc_out *o, const char *key, double v, int prec)
{
	field_start(o, key);
	if (o->fmt == HWPC_FMT_JSON && !isfinite(v))
		obuf_puts(&o->rec, "null");
	else
		obuf_double(&o->rec, v, prec, o->c);
	field_done(o, true);
}

/* Text shows control characters as \xNN so a hostile string cannot move
 * the terminal cursor or forge table lines. */
static void text_str(struct obuf *b, const char *s)
{
	static const char hex[] = "0123456789abcdef";
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c < 0x20 || c == 0x7f) {
			char e[4] = {'\\', 'x', hex[c >> 4], hex[c & 15]};
			obuf_put(b, e, 4);
		} else {
			obuf_putc(b, (char)c);
		}
	}
}

void hwpc_out_str(struct hwpc_out *o, const char *key, const char *s)
{
	field_start(o, key);
	if (!s)
		s = "";
	if (o->fmt == HWPC_FMT_JSON)
		obuf_json_str(&o->rec, s);
	else if (o->fmt == HWPC_FMT_TEXT)
		text_str(&o->rec, s);
	else
		obuf_puts(&o->rec, s); /* quoted when the row is laid out */
	field_done(o, false);
}

void hwpc_out_hex(struct hwpc_out *o, const char *key, uint64_t v, int digits)
{
	field_start(o, key);
	if (o->fmt == HWPC_FMT_JSON) {
		obuf_u64(&o->rec, v);
		obuf_putc(&o->rec, ',');
		/* key + "_hex", built in place to avoid a length limit */
		obuf_putc(&o->rec, '"');
		size_t at = o->rec.len;
		obuf_json_str(&o->rec, key);
		if (!o->rec.oom) { /* drop the quotes obuf_json_str added */
			memmove(o->rec.p + at, o->rec.p + at + 1, o->rec.len - at - 2);
			o->rec.len -= 2;
		}
		obuf_puts(&o->rec, "_hex\":\"");
		obuf_hex(&o->rec, v, digits);
		obuf_putc(&o->rec, '"');
	} else {
		obuf_hex(&o->rec, v, digits);
	}
	field_done(o, true);
}

void hwpc_out_bool(struct hwpc_out *o, const char *key, bool v)
{
	field_start(o, key);
	obuf_puts(&o->rec, v ? "true" : "false");
	field_done(o, false);
}

void hwpc_out_null(struct hwpc_out *o, const char *key)
{
	field_start(o, key);
	if (o->fmt == HWPC_FMT_JSON)
		obuf_puts(&o->rec, "null");
	else if (o->fmt == HWPC_FMT_TEXT)
		obuf_putc(&o->rec, '-');
	field_done(o, false);
}

static bool csv_needs_quotes(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (s[i] == ',' || s[i] == '"' || s[i] == '\n' || s[i] == '\r')
			return true;
	}
	return false;
}

static void csv_cell(struct obuf *b, const char *s, size_t n)
{
	if (!csv_needs_quotes(s, n)) {
		obuf_put(b, s, n);
		return;
	}
	obuf_putc(b, '"');
	for (size_t i = 0; i < n; i++) {
		if (s[i] == '"')
			obuf_putc(b, '"');
		obuf_putc(b, s[i]);
	}
	obuf_putc(b, '"');
}

static void pad(struct obuf *b, size_t n)
{
	static const char spaces[] = "                                ";
	while (n) {
		size_t k = n < sizeof spaces - 1 ? n : sizeof spaces - 1;
		obuf_put(b, spaces, k);
		n -= k;
	}
}

static void table_cell(struct obuf *b, const char *s, size_t n, const struct column *c,
		       bool last)
{
	size_t w = c->width > n ? c->width - n : 0;
	if (c->right)
		pad(b, w);
	obuf_put(b, s, n);
	if (!c->right && !last)
		pad(b, w);
}

static bool key_is(const struct hwpc_out *o, const struct field *f, const struct column *col)
{
	return f->klen == col->len && memcmp(o->rec.p + f->key, col->name, col->len) == 0;
}

/* The first record fixes what the layout did not declare: the columns
 * themselves (cols_from_first), widths left at 0, and alignment. */
static int layout_from_first(struct hwpc_out *o)
{
	if (o->cols_from_first || !o->table) {
		for (size_t i = 0; i < o->nfields; i++) {
			struct field *f = &o->fields[i];
			if (add_column(o, o->rec.p + f->key, f->klen, 0))
				return -1;
		}
	}
	for (size_t c = 0; c < o->ncols; c++) {
		struct column *col = &o->cols[c];
		size_t w = col->len;
		for (size_t i = 0; i < o->nfields; i++) {
			struct field *f = &o->fields[i];
			if (key_is(o, f, col)) {
				col->right = f->right;
				if (f->vlen > w)
					w = f->vlen;
				break;
			}
		}
		if (col->width == 0)
			col->width = (unsigned)w;
	}
	return 0;
}

/* End a text line: no trailing blanks (an empty last cell, or a left
 * column padded before it), which diff and editors flag. */
static void end_line(struct obuf *b, size_t start)
{
	while (b->len > start && b->p[b->len - 1] == ' ')
		b->len--;
	obuf_putc(b, '\n');
}

static void header_line(struct hwpc_out *o)
{
	size_t start = o->line.len;
	for (size_t c = 0; c < o->ncols; c++) {
		const char *name = o->cols[c].name;
		if (o->fmt == HWPC_FMT_CSV) {
			if (c)
				obuf_putc(&o->line, ',');
			csv_cell(&o->line, name, strlen(name));
		} else {
			if (c)
				obuf_put(&o->line, "  ", 2);
			table_cell(&o->line, name, strlen(name), &o->cols[c], c + 1 == o->ncols);
		}
	}
	end_line(&o->line, start);
}

/* Lay out one row by column name; a field that is not a column is an
 * error, since it would be silently lost.  Fields usually come in column
 * order, so the search starts after the last match. */
static void row_line(struct hwpc_out *o)
{
	size_t placed = 0, hint = 0, start = o->line.len;
	for (size_t c = 0; c < o->ncols; c++) {
		const struct column *col = &o->cols[c];
		const struct field *f = NULL;
		for (size_t k = 0; k < o->nfields; k++) {
			size_t i = hint + k < o->nfields ? hint + k : hint + k - o->nfields;
			if (key_is(o, &o->fields[i], col)) {
				f = &o->fields[i];
				hint = i + 1;
				placed++;
				break;
			}
		}
		const char *s = f ? o->rec.p + f->val : (o->fmt == HWPC_FMT_TEXT ? "-" : "");
		size_t n = f ? f->vlen : strlen(s);
		if (o->fmt == HWPC_FMT_CSV) {
			if (c)
				obuf_putc(&o->line, ',');
			csv_cell(&o->line, s, n);
		} else {
			if (c)
				obuf_put(&o->line, "  ", 2);
			table_cell(&o->line, s, n, col, c + 1 == o->ncols);
		}
	}
	if (o->fmt == HWPC_FMT_CSV)
		obuf_putc(&o->line, '\n');
	else
		end_line(&o->line, start);
	if (placed < o->nfields) {
		for (size_t i = 0; i < o->nfields; i++) {
			const struct field *f = &o->fields[i];
			bool found = false;
			for (size_t c = 0; c < o->ncols && !found; c++)
				found = key_is(o, f, &o->cols[c]);
			if (!found) {
				char key[64];
				size_t n = f->klen < sizeof key - 1 ? f->klen : sizeof key - 1;
				memcpy(key, o->rec.p + f->key, n);
				key[n] = 0;
				fail(o, HWPC_EINPUT, "output: field is not a column: ", key);
				return;
			}
		}
	}
}

/* A text block leaves out fields whose value is the empty string (an
 * empty note, no decoded fields): a "key:" line with nothing after it says
 * nothing.  An unknown value is "-" (hwpc_out_null), never left out; CSV
 * and JSON keep every field. */
static void block_lines(struct hwpc_out *o)
{
	size_t w = 0;
	for (size_t i = 0; i < o->nfields; i++)
		if (o->fields[i].vlen && o->fields[i].klen > w)
			w = o->fields[i].klen;
	if (o->nrec)
		obuf_putc(&o->line, '\n');
	for (size_t i = 0; i < o->nfields; i++) {
		const struct field *f = &o->fields[i];
		if (!f->vlen)
			continue;
		obuf_put(&o->line, o->rec.p + f->key, f->klen);
		obuf_putc(&o->line, ':');
		pad(&o->line, w - f->klen + 1);
		obuf_put(&o->line, o->rec.p + f->val, f->vlen);
		obuf_putc(&o->line, '\n');
	}
}

static void emit(struct hwpc_out *o, const char *p, size_t n)
{
	if (n && fwrite(p, 1, n, o->fp) != n)
		fail(o, HWPC_EOP, "output: write error", NULL);
}

int hwpc_out_end(struct hwpc_out *o, struct hwpc_err *err)
{
	o->in_record = false;
	if (o->rec.oom || o->line.oom) {
		fail(o, HWPC_EOP, "output writer: out of memory", NULL);
	} else if (o->fmt == HWPC_FMT_JSON) {
		if (!o->rec.len)
			obuf_putc(&o->rec, '{');
		obuf_put(&o->rec, "}\n", 2);
		if (!o->rec.oom)
			emit(o, o->rec.p, o->rec.len);
	} else {
		o->line.len = 0;
		bool layout = o->fmt == HWPC_FMT_CSV || o->table;
		if (layout && o->nrec == 0) {
			if (layout_from_first(o))
				fail(o, HWPC_EOP, "output writer: out of memory", NULL);
			header_line(o);
		}
		if (layout)
			row_line(o);
		else
			block_lines(o);
		if (o->line.oom)
			fail(o, HWPC_EOP, "output writer: out of memory", NULL);
		else
			emit(o, o->line.p, o->line.len);
	}
	o->nrec++;
	if (o->err.status != HWPC_OK) {
		if (err)
			*err = o->err;
		return o->err.status;
	}
	return HWPC_OK;
}

int hwpc_out_finish(struct hwpc_out *o, struct hwpc_err *err)
{
	if (fflush(o->fp) != 0 || ferror(o->fp))
		fail(o, HWPC_EOP, "output: write error", NULL);
	if (o->err.status != HWPC_OK) {
		if (err)
			*err = o->err;
		return o->err.status;
	}
	return HWPC_OK;
}

void hwpc_out_free(struct hwpc_out *o)
{
	if (!o)
		return;
	for (size_t i = 0; i < o->ncols; i++)
		free(o->cols[i].name);
	free(o->cols);
	free(o->fields);
	obuf_free(&o->rec);
	obuf_free(&o->line);
	if (o->c != (locale_t)0)
		freelocale(o->c);
	free(o);
}
