/* SPDX-License-Identifier: MIT */
/* Record writers: text, CSV, JSON Lines and OpenMetrics (see
 * hwpc/output.h).
 *
 * Each record is collected in one buffer and written with one fwrite at
 * hwpc_out_end(): memory is bounded by the largest record, and a record is
 * never half written.  Every format keeps each field's rendered value and
 * lays the record out at the end, by column (text tables, CSV) or in the
 * schema's key order (JSON), because a record may set its keys in any
 * order and leave some out.  JSON and CSV records are laid out with their
 * kind's prefixes compiled once (output_row.h), so a record costs its
 * values' bytes and a key lookup per field.  OpenMetrics keeps the samples
 * until hwpc_out_finish(), since a metric family's samples must be
 * together. */
#include "hwpc/output.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "output/output_buf.h"
#include "output/output_hold.h"
#include "output/output_om.h"
#include "output/output_row.h"

struct field {
	size_t key, klen; /* offsets into rec */
	size_t val, vlen; /* the value as this format writes it */
	size_t aux, alen; /* JSON: the "0x..." string of a hex field */
	bool right;       /* numbers are right-aligned in tables */
	bool null;
	enum hwpc_vtype vt;
	double num;       /* OpenMetrics: the value as a number */
};

struct column {
	char *name;
	size_t len; /* strlen(name) */
	unsigned width;
	bool right;
	bool right_known; /* right is from a value, not a missing one */
};

struct hwpc_out {
	FILE *fp;
	enum hwpc_format fmt;
	locale_t c;
	struct hwpc_err err; /* first error; status HWPC_OK while none */

	bool table;          /* text: table instead of key/value blocks */
	bool hold;           /* text table with a width left open: rows held */
	struct ohold held;   /* until hwpc_out_finish() sizes the columns */
	bool cols_from_first;
	struct column *cols;
	size_t ncols;
	unsigned long nrec;  /* records written */
	unsigned long ntext; /* text lines written (hwpc_out_text) */
	bool text_run;       /* the last thing written was such a line */

	/* identity and schema */
	char *command;       /* the JSON header's command */
	char *device, *chipset;
	bool multi;          /* text: several devices, named per record */
	unsigned multi_width; /* text: the device column's width */
	bool header_done;    /* JSON header record / text header line */
	bool identity_shown; /* text: the device line for the current device */
	const struct hwpc_schema_rec **kinds; /* CSV: the declared kinds */
	size_t nkinds;
	const struct hwpc_schema_rec *kind;   /* of the record being built */
	const struct hwpc_schema_rec *first_kind; /* CSV: of the first record */
	size_t *slot;        /* per schema key: its field's index + 1, or 0 */
	size_t cap_slots;
	/* JSON and CSV: the kinds compiled so far (a command writes a few),
	 * and the identity of the current device as they write it */
	struct orow_kind *plans;
	size_t nplans;
	char *ident;
	size_t ident_len;
	struct om *om;       /* OpenMetrics: the samples so far */
	double created;      /* OpenMetrics: the record's counters' _created (NAN: none) */
	double timestamp;    /* OpenMetrics: its samples' timestamp (NAN: none) */

	bool in_record;
	struct obuf rec;     /* keys and values */
	struct field *fields;
	size_t nfields, cap_fields;
	struct obuf line;    /* the laid-out output */
};

static const char *const format_names[] = {
	[HWPC_FMT_TEXT] = "text",
	[HWPC_FMT_CSV] = "csv",
	[HWPC_FMT_JSON] = "json",
	[HWPC_FMT_TRACE] = "trace",
	[HWPC_FMT_OPENMETRICS] = "openmetrics",
	[HWPC_FMT_PROMETHEUS] = "prometheus",
};

/* The two exposition formats share the OpenMetrics writer (output_om.c). */
static bool exposition(enum hwpc_format fmt)
{
	return fmt == HWPC_FMT_OPENMETRICS || fmt == HWPC_FMT_PROMETHEUS;
}

int hwpc_format_parse(const char *name, enum hwpc_format *out, struct hwpc_err *err)
{
	for (size_t i = 0; i < sizeof format_names / sizeof *format_names; i++) {
		if (name && strcmp(name, format_names[i]) == 0) {
			*out = (enum hwpc_format)i;
			return HWPC_OK;
		}
	}
	return hwpc_err_set(err, HWPC_EINPUT,
			    "unknown output format '%s' (expected text, csv, json, openmetrics, prometheus or trace)",
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
	if (fmt != HWPC_FMT_TEXT && fmt != HWPC_FMT_CSV && fmt != HWPC_FMT_JSON && !exposition(fmt)) {
		hwpc_err_set(err, HWPC_EINPUT, "format '%s' is not a record format",
			     hwpc_format_name(fmt));
		return NULL;
	}
	struct hwpc_out *o = calloc(1, sizeof *o);
	if (!o || (o->c = obuf_c_locale()) == (locale_t)0 ||
	    (exposition(fmt) && !(o->om = om_new()))) {
		if (o && o->c != (locale_t)0)
			freelocale(o->c);
		free(o);
		hwpc_err_set(err, HWPC_EOP, "output writer: out of memory");
		return NULL;
	}
	o->fp = fp;
	o->fmt = fmt;
	o->created = NAN;
	return o;
}

static void fail(struct hwpc_out *o, int status, const char *msg, const char *arg)
{
	if (o->err.status == HWPC_OK)
		hwpc_err_set(&o->err, status, "%s%s", msg, arg ? arg : "");
}

/* Replace *slot with a copy of s (NULL stays NULL). */
static void set_str(struct hwpc_out *o, char **slot, const char *s)
{
	free(*slot);
	*slot = NULL;
	if (s && !(*slot = strdup(s)))
		fail(o, HWPC_EOP, "output writer: out of memory", NULL);
}

void hwpc_out_set_command(struct hwpc_out *o, const char *command)
{
	set_str(o, &o->command, command);
}

void hwpc_out_set_device(struct hwpc_out *o, const char *device, const char *chipset)
{
	bool same = (o->device && device ? strcmp(o->device, device) == 0 : o->device == device) &&
		    (o->chipset && chipset ? strcmp(o->chipset, chipset) == 0 : o->chipset == chipset);
	set_str(o, &o->device, device);
	set_str(o, &o->chipset, chipset);
	if (!same) {
		o->identity_shown = false;
		free(o->ident); /* made again for the next record */
		o->ident = NULL;
	}
}

void hwpc_out_set_multi(struct hwpc_out *o, unsigned name_width)
{
	o->multi = name_width > 0;
	o->multi_width = name_width < 6 ? 6 : name_width; /* at least "device" */
}

int hwpc_out_kinds(struct hwpc_out *o, const char *const *types, size_t n, struct hwpc_err *err)
{
	if (o->nrec || o->in_record || o->nkinds)
		return hwpc_err_set(err, HWPC_EINPUT, "output record kinds declared twice or too late");
	o->kinds = calloc(n ? n : 1, sizeof *o->kinds);
	if (!o->kinds)
		return hwpc_err_set(err, HWPC_EOP, "output writer: out of memory");
	for (size_t i = 0; i < n; i++) {
		if (!(o->kinds[i] = hwpc_schema_find(types[i])))
			return hwpc_err_set(err, HWPC_EINPUT, "output: record type '%s' is not in the schema",
					    types[i]);
	}
	o->nkinds = n;
	return HWPC_OK;
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
	c->right = c->right_known = false;
	o->ncols++;
	return 0;
}

int hwpc_out_table(struct hwpc_out *o, const struct hwpc_col *cols, size_t ncols,
		   struct hwpc_err *err)
{
	if (o->nrec || o->in_record || o->ncols)
		return hwpc_err_set(err, HWPC_EINPUT, "output columns declared twice or too late");
	if (o->fmt != HWPC_FMT_TEXT)
		return HWPC_OK; /* CSV columns come from the schema */
	o->table = true;
	o->cols_from_first = cols == NULL;
	/* A width left open is the widest value of all the rows: they are
	 * held until then.  A layout that declares every width streams. */
	o->hold = cols == NULL;
	for (size_t i = 0; cols && i < ncols; i++)
		o->hold |= cols[i].width == 0;
	if (o->multi && add_column(o, "device", 6, o->multi_width))
		return hwpc_err_set(err, HWPC_EOP, "output writer: out of memory");
	for (size_t i = 0; cols && i < ncols; i++) {
		if (add_column(o, cols[i].name, strlen(cols[i].name), cols[i].width))
			return hwpc_err_set(err, HWPC_EOP, "output writer: out of memory");
	}
	return HWPC_OK;
}

/* Start a field: a slot holding key and value. */
static struct field *field_start(struct hwpc_out *o, const char *key, enum hwpc_vtype vt)
{
	if (o->nfields == o->cap_fields) {
		size_t cap = o->cap_fields ? o->cap_fields * 2 : 16;
		struct field *f = realloc(o->fields, cap * sizeof *f);
		if (!f) {
			o->rec.oom = true;
			return NULL;
		}
		o->fields = f;
		o->cap_fields = cap;
	}
	struct field *f = &o->fields[o->nfields++];
	f->key = o->rec.len;
	f->klen = strlen(key);
	obuf_put(&o->rec, key, f->klen);
	f->val = o->rec.len;
	f->aux = f->alen = 0;
	f->right = false;
	f->null = false;
	f->vt = vt;
	f->num = 0;
	return f;
}

static void field_done(struct hwpc_out *o, struct field *f, bool right)
{
	if (!f || o->rec.oom)
		return;
	f->vlen = o->rec.len - f->val;
	f->right = right;
}

static void text_str(struct obuf *b, const char *s);

void hwpc_out_begin(struct hwpc_out *o)
{
	o->in_record = true;
	o->rec.len = 0;
	o->nfields = 0;
	o->kind = NULL;
	if (o->multi && o->fmt == HWPC_FMT_TEXT) {
		struct field *f = field_start(o, "device", HWPC_VT_STR);
		if (f) {
			text_str(&o->rec, o->device ? o->device : "-");
			field_done(o, f, false);
		}
	}
}

void hwpc_out_record(struct hwpc_out *o, const char *type)
{
	hwpc_out_begin(o);
	o->kind = hwpc_schema_find(type);
	o->created = NAN;
	o->timestamp = NAN;
	if (!o->kind)
		fail(o, HWPC_EINPUT, "output: record type is not in the schema: ", type);
}

void hwpc_out_created(struct hwpc_out *o, double unix_s)
{
	o->created = unix_s;
}

void hwpc_out_timestamp(struct hwpc_out *o, double unix_s)
{
	o->timestamp = unix_s;
}

void hwpc_out_u64(struct hwpc_out *o, const char *key, uint64_t v)
{
	struct field *f = field_start(o, key, HWPC_VT_U64);
	obuf_u64(&o->rec, v);
	if (f)
		f->num = (double)v;
	field_done(o, f, true);
}

void hwpc_out_i64(struct hwpc_out *o, const char *key, int64_t v)
{
	struct field *f = field_start(o, key, HWPC_VT_I64);
	obuf_i64(&o->rec, v);
	if (f)
		f->num = (double)v;
	field_done(o, f, true);
}

void hwpc_out_double(struct hwpc_out *o, const char *key, double v, int prec)
{
	struct field *f = field_start(o, key, HWPC_VT_DOUBLE);
	if (!isfinite(v) && o->fmt != HWPC_FMT_TEXT) {
		if (f)
			f->null = true; /* JSON and CSV have no NaN */
	} else {
		obuf_double(&o->rec, v, prec, o->c);
	}
	if (f)
		f->num = v;
	field_done(o, f, true);
}

void hwpc_out_measured(struct hwpc_out *o, const char *key, double v, double unc, int prec)
{
	if (o->fmt != HWPC_FMT_TEXT || !isfinite(v) || !isfinite(unc)) {
		hwpc_out_double(o, key, v, prec);
		return;
	}
	/* Text: the figure with its uncertainty, as people read it. */
	char buf[96];
	snprintf(buf, sizeof buf, "%.*f +- %.*f", prec, v, prec, unc);
	hwpc_out_str(o, key, buf);
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
	struct field *f = field_start(o, key, HWPC_VT_STR);
	if (!s)
		s = "";
	if (o->fmt == HWPC_FMT_JSON)
		obuf_json_str(&o->rec, s);
	else if (o->fmt == HWPC_FMT_TEXT)
		text_str(&o->rec, s);
	else
		obuf_puts(&o->rec, s); /* quoted when the row is laid out */
	field_done(o, f, false);
}

void hwpc_out_hex(struct hwpc_out *o, const char *key, uint64_t v, int digits)
{
	struct field *f = field_start(o, key, HWPC_VT_HEX);
	if (o->fmt == HWPC_FMT_JSON) {
		obuf_u64(&o->rec, v);
		field_done(o, f, true);
		if (f && !o->rec.oom) {
			f->aux = o->rec.len;
			obuf_hex(&o->rec, v, digits);
			f->alen = o->rec.len - f->aux;
		}
	} else {
		obuf_hex(&o->rec, v, digits);
		field_done(o, f, true);
	}
	if (f)
		f->num = (double)v;
}

void hwpc_out_bool(struct hwpc_out *o, const char *key, bool v)
{
	struct field *f = field_start(o, key, HWPC_VT_BOOL);
	obuf_puts(&o->rec, v ? "true" : "false");
	if (f)
		f->num = v;
	field_done(o, f, false);
}

void hwpc_out_null(struct hwpc_out *o, const char *key)
{
	struct field *f = field_start(o, key, HWPC_VT_STR);
	if (f)
		f->null = true;
	if (o->fmt == HWPC_FMT_TEXT)
		obuf_putc(&o->rec, '-');
	field_done(o, f, false);
}

static void csv_cell(struct obuf *b, const char *s, size_t n)
{
	if (obuf_grow(b, 2 * n + 2))
		b->len = (size_t)(orow_put_csv_cell(b->p + b->len, s, n) - b->p);
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

static bool field_is(const struct hwpc_out *o, const struct field *f, const char *name, size_t len)
{
	return f->klen == len && memcmp(o->rec.p + f->key, name, len) == 0;
}

static bool key_is(const struct hwpc_out *o, const struct field *f, const struct column *col)
{
	return field_is(o, f, col->name, col->len);
}

/* The field named name in the record, searching from *hint (fields
 * usually come in the order they are looked up). */
static const struct field *find_field(const struct hwpc_out *o, const char *name, size_t len,
				      size_t *hint)
{
	for (size_t k = 0; k < o->nfields; k++) {
		size_t i = *hint + k < o->nfields ? *hint + k : *hint + k - o->nfields;
		if (field_is(o, &o->fields[i], name, len)) {
			*hint = i + 1;
			return &o->fields[i];
		}
	}
	return NULL;
}

/* CSV columns: the identity keys, then every key of the declared kinds
 * (or of the first record's), each once, in schema order. */
static int csv_columns(struct hwpc_out *o)
{
	static const char *const id[] = {"type", "device", "chipset"};
	for (size_t i = 0; i < 3; i++)
		if (add_column(o, id[i], strlen(id[i]), 0))
			return -1;
	const struct hwpc_schema_rec *first[1] = {o->first_kind};
	const struct hwpc_schema_rec *const *kinds = o->nkinds ? o->kinds : first;
	size_t nk = o->nkinds ? o->nkinds : 1;
	for (size_t k = 0; k < nk; k++) {
		for (size_t i = 0; kinds[k] && i < kinds[k]->nkeys; i++) {
			const char *name = kinds[k]->keys[i].name;
			bool have = false;
			for (size_t c = 0; c < o->ncols && !have; c++)
				have = strcmp(o->cols[c].name, name) == 0;
			if (!have && add_column(o, name, strlen(name), 0))
				return -1;
		}
	}
	return 0;
}

/* Text: the first record fixes what the layout did not declare: the
 * columns themselves (cols_from_first) and their alignment (numbers to the
 * right).  Widths left open are a held table's, sized when it is written
 * (flush_held). */
static int layout_from_first(struct hwpc_out *o)
{
	if (o->cols_from_first) {
		for (size_t i = 0; i < o->nfields; i++) {
			struct field *f = &o->fields[i];
			bool have = false;
			for (size_t c = 0; c < o->ncols && !have; c++)
				have = key_is(o, f, &o->cols[c]);
			if (!have && add_column(o, o->rec.p + f->key, f->klen, 0))
				return -1;
		}
	}
	for (size_t c = 0; c < o->ncols; c++) {
		struct column *col = &o->cols[c];
		/* a number's column is a number's whatever this record holds
		 * ("-" where it has none): the schema says which */
		const struct hwpc_schema_key *k = o->kind ? hwpc_schema_key(o->kind, col->name) : NULL;
		if (k) {
			col->right = k->type != HWPC_VT_STR && k->type != HWPC_VT_BOOL;
			col->right_known = true;
			continue;
		}
		for (size_t i = 0; i < o->nfields; i++) {
			struct field *f = &o->fields[i];
			if (key_is(o, f, col)) {
				col->right = f->right;
				col->right_known = !f->null;
				break;
			}
		}
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

static void not_a_column(struct hwpc_out *o, const struct field *f)
{
	char key[64];
	size_t n = f->klen < sizeof key - 1 ? f->klen : sizeof key - 1;
	memcpy(key, o->rec.p + f->key, n);
	key[n] = 0;
	fail(o, HWPC_EINPUT, "output: field is not a column: ", key);
}

/* Lay out one table row by column name, or hold its cells (a held
 * table); a field that is not a column is an error, since it would be
 * silently lost.  A column whose first record had no value takes its
 * alignment from the first that has one. */
static void row_line(struct hwpc_out *o)
{
	size_t placed = 0, hint = 0, start = o->line.len;
	if (o->hold)
		ohold_row(&o->held);
	for (size_t c = 0; c < o->ncols; c++) {
		struct column *col = &o->cols[c];
		const struct field *f = find_field(o, col->name, col->len, &hint);
		if (f)
			placed++;
		bool value = f && !f->null;
		if (value && !col->right_known) {
			col->right = f->right;
			col->right_known = true;
		}
		const char *s = value ? o->rec.p + f->val : "-";
		size_t n = value ? f->vlen : 1;
		if (o->hold) {
			ohold_cell(&o->held, s, n, value);
			continue;
		}
		if (c)
			obuf_put(&o->line, "  ", 2);
		table_cell(&o->line, s, n, col, c + 1 == o->ncols);
	}
	if (!o->hold)
		end_line(&o->line, start);
	if (placed < o->nfields) {
		for (size_t i = 0; i < o->nfields; i++) {
			const struct field *f = &o->fields[i];
			bool found = false;
			for (size_t c = 0; c < o->ncols && !found; c++)
				found = key_is(o, f, &o->cols[c]);
			if (!found) {
				not_a_column(o, f);
				return;
			}
		}
	}
}

/* A text block leaves out fields whose value is the empty string (an
 * empty note, no decoded fields): a "key:" line with nothing after it says
 * nothing.  An unknown value is "-" (hwpc_out_null), never left out. */
static void block_lines(struct hwpc_out *o)
{
	size_t w = 0;
	for (size_t i = 0; i < o->nfields; i++)
		if (o->fields[i].vlen && o->fields[i].klen > w)
			w = o->fields[i].klen;
	if (o->nrec || o->ntext)
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

/* Hold a typed record to its schema entry: every field a listed key of
 * the listed type (null fits any), none twice.  A mismatch is a bug in the
 * command, reported rather than written, so the schema cannot drift. */
static void check_schema(struct hwpc_out *o)
{
	size_t identity = o->fmt == HWPC_FMT_TEXT && o->multi ? 1 : 0;
	size_t nk = o->kind->nkeys, hint = 0;
	if (nk > o->cap_slots) {
		size_t *v = realloc(o->slot, nk * sizeof *v);
		if (!v) {
			o->rec.oom = true;
			return;
		}
		o->slot = v;
		o->cap_slots = nk;
	}
	memset(o->slot, 0, nk * sizeof *o->slot);
	for (size_t i = identity; i < o->nfields; i++) {
		const struct field *f = &o->fields[i];
		const char *name = o->rec.p + f->key;
		/* fields mostly come in schema order: search on from the last */
		size_t ki = nk;
		for (size_t j = 0; j < nk; j++) {
			size_t k = hint + j < nk ? hint + j : hint + j - nk;
			const char *kn = o->kind->keys[k].name;
			if (strncmp(kn, name, f->klen) == 0 && kn[f->klen] == 0) {
				ki = k;
				break;
			}
		}
		char key[64];
		size_t n = f->klen < sizeof key - 1 ? f->klen : sizeof key - 1;
		memcpy(key, name, n);
		key[n] = 0;
		if (ki == nk) {
			if (o->err.status == HWPC_OK)
				hwpc_err_set(&o->err, HWPC_EINPUT,
					     "output: key '%s' is not in the schema of record type '%s'", key,
					     o->kind->type);
			return;
		}
		const struct hwpc_schema_key *k = &o->kind->keys[ki];
		if (!f->null && k->type != f->vt) {
			if (o->err.status == HWPC_OK)
				hwpc_err_set(&o->err, HWPC_EINPUT,
					     "output: key '%s' of record type '%s' is %s in the schema, not %s",
					     key, o->kind->type, hwpc_vtype_name(k->type),
					     hwpc_vtype_name(f->vt));
			return;
		}
		if (o->slot[ki]) {
			fail(o, HWPC_EINPUT, "output: key written twice: ", key);
			return;
		}
		o->slot[ki] = i + 1;
		hint = ki + 1;
	}
}

/* {"type":"schema","schema_version":N,"command":...} before the first
 * record: the version, carried once. */
static void json_header(struct hwpc_out *o)
{
	size_t n = 6 * (o->command ? strlen(o->command) : 0) + 128;
	if (obuf_grow(&o->line, n))
		o->line.len = (size_t)(orow_put_json_header(o->line.p + o->line.len, o->command) - o->line.p);
}

/* The kind compiled for this output (JSON: in schema order; CSV: by
 * column), made at its first record. */
static const struct orow_kind *plan_of(struct hwpc_out *o)
{
	for (size_t i = 0; i < o->nplans; i++)
		if (o->plans[i].rec == o->kind)
			return &o->plans[i];
	struct orow_kind *p = realloc(o->plans, (o->nplans + 1) * sizeof *p);
	if (!p)
		return NULL;
	o->plans = p;
	const char **cols = NULL;
	size_t ncols = o->ncols > 3 ? o->ncols - 3 : 0; /* after type, device, chipset */
	if (o->fmt == HWPC_FMT_CSV && !(cols = malloc((ncols ? ncols : 1) * sizeof *cols)))
		return NULL;
	for (size_t c = 0; cols && c < ncols; c++)
		cols[c] = o->cols[c + 3].name;
	int rc = orow_kind_init(&p[o->nplans], o->fmt, o->kind, NULL, 0, cols, ncols);
	free(cols);
	return rc ? NULL : &p[o->nplans++];
}

/* One JSON object or CSV row: type and identity, then every key of the
 * kind in its order, with the compiled prefixes; null (or nothing, for an
 * optional key) where the command set none. */
static void plan_record(struct hwpc_out *o)
{
	const struct orow_kind *k = plan_of(o);
	if (!k || (!o->ident && orow_ident(o->fmt == HWPC_FMT_JSON, o->device, o->chipset, &o->ident, &o->ident_len))) {
		o->line.oom = true;
		return;
	}
	/* the most the values take: strings quoted (CSV), numbers twice
	 * (_dec), hex strings quoted, nulls */
	size_t need = k->fixed + o->ident_len + 8 * o->kind->nkeys + 3 * OROW_PAD;
	for (size_t i = 0; i < o->nfields; i++)
		need += 2 * o->fields[i].vlen + o->fields[i].alen + 8;
	if (!obuf_grow(&o->line, need))
		return;
	char *p = o->line.p + o->line.len;
	p = orow_begin(p, k);
	p = orow_put(p, o->ident, o->ident_len);
	for (size_t j = 0; j < o->kind->nkeys; j++) {
		const struct orow_key *c = &k->keys[j];
		size_t ki = c->key;
		const struct field *f = o->slot[ki] ? &o->fields[o->slot[ki] - 1] : NULL; /* check_schema */
		if (!f || f->null) {
			p = orow_null(p, k, (unsigned)j);
			continue;
		}
		const char *v = o->rec.p + f->val;
		p = orow_put(p, c->pre, c->len);
		if (!k->json && f->vt == HWPC_VT_STR) {
			p = orow_put_csv_cell(p, v, f->vlen);
			continue;
		}
		memcpy(p, v, f->vlen);
		p += f->vlen;
		if (c->len2 && o->kind->keys[ki].type == HWPC_VT_HEX) {
			p = orow_put(p, c->pre2, c->len2);
			*p++ = '"';
			memcpy(p, o->rec.p + f->aux, f->alen);
			p += f->alen;
			*p++ = '"';
		} else if (c->len2) {
			p = orow_dec_str(p, c, v, f->vlen);
		}
	}
	p = orow_end(p, k);
	o->line.len = (size_t)(p - o->line.p);
}

/* Text: say once which device the records come from ("device: sim:g84
 * (G84)"), and again when it changes; with several devices each record
 * names its own instead. */
static void text_identity(struct hwpc_out *o)
{
	if (o->multi || o->identity_shown || (!o->device && !o->chipset))
		return;
	if (o->nrec)
		obuf_putc(&o->line, '\n');
	if (o->device) {
		obuf_puts(&o->line, "device: ");
		text_str(&o->line, o->device);
		if (o->chipset) {
			obuf_puts(&o->line, " (");
			text_str(&o->line, o->chipset);
			obuf_putc(&o->line, ')');
		}
	} else {
		obuf_puts(&o->line, "chipset: "); /* decoded for a chipset, no device */
		text_str(&o->line, o->chipset);
	}
	obuf_puts(&o->line, o->table ? "\n" : "\n\n");
	o->identity_shown = true;
	o->header_done = true;
}

/* A write that fails, now or when an earlier buffer was flushed (the
 * stream's error flag), ends the output: the command stops there. */
static void emit(struct hwpc_out *o, const char *p, size_t n)
{
	if (n && fwrite(p, 1, n, o->fp) != n)
		fail(o, HWPC_EOP, "output: write error: ", strerror(errno));
	else if (ferror(o->fp))
		fail(o, HWPC_EOP, "output: write error", NULL);
}

static void lay_out(struct hwpc_out *o)
{
	o->line.len = 0;
	switch (o->fmt) {
	case HWPC_FMT_JSON:
		if (!o->header_done) {
			json_header(o);
			o->header_done = true;
		}
		plan_record(o);
		break;
	case HWPC_FMT_CSV:
		if (o->nrec == 0) {
			if (csv_columns(o))
				o->line.oom = true;
			header_line(o);
		}
		plan_record(o);
		break;
	case HWPC_FMT_OPENMETRICS:
	case HWPC_FMT_PROMETHEUS:
		for (size_t i = 0; i < o->nfields; i++) {
			const struct field *f = &o->fields[i];
			char key[64];
			size_t n = f->klen < sizeof key - 1 ? f->klen : sizeof key - 1;
			memcpy(key, o->rec.p + f->key, n);
			key[n] = 0;
			om_value(o->om, o->kind, hwpc_schema_key(o->kind, key), f->null ? NULL : o->rec.p + f->val,
				 f->null ? 0 : f->vlen, f->num);
		}
		if (om_sample(o->om, o->kind, o->device, o->chipset, o->created, o->timestamp))
			o->line.oom = true;
		break;
	default: {
		bool was_table = o->nrec > 0;
		text_identity(o);
		if (o->table && !was_table && layout_from_first(o))
			o->line.oom = true;
		if (o->table && o->hold) {
			/* the device line goes before, in its place */
			ohold_raw(&o->held, o->line.p, o->line.len);
			o->line.len = 0;
			if (!was_table)
				ohold_header(&o->held);
		} else if (o->table && !was_table) {
			header_line(o);
		}
		if (o->table)
			row_line(o);
		else
			block_lines(o);
		if (o->held.oom)
			o->line.oom = true;
	}
	}
}

int hwpc_out_text(struct hwpc_out *o, const char *line, struct hwpc_err *err)
{
	if (o->fmt != HWPC_FMT_TEXT)
		return HWPC_OK;
	o->line.len = 0;
	text_identity(o);
	if (o->nrec && !o->table && !o->text_run)
		obuf_putc(&o->line, '\n'); /* apart from the block before */
	obuf_puts(&o->line, line);
	obuf_putc(&o->line, '\n');
	if (o->hold) /* in its place among the held rows */
		ohold_raw(&o->held, o->line.p, o->line.len);
	if (o->line.oom || o->held.oom)
		fail(o, HWPC_EOP, "output writer: out of memory", NULL);
	else if (!o->hold)
		emit(o, o->line.p, o->line.len);
	o->ntext++;
	o->text_run = true;
	if (o->err.status != HWPC_OK) {
		if (err)
			*err = o->err;
		return o->err.status;
	}
	return HWPC_OK;
}

int hwpc_out_end(struct hwpc_out *o, struct hwpc_err *err)
{
	o->in_record = false;
	if (o->rec.oom) {
		fail(o, HWPC_EOP, "output writer: out of memory", NULL);
	} else if (!o->kind && o->fmt != HWPC_FMT_TEXT) {
		fail(o, HWPC_EINPUT, "output: a record without a type (hwpc_out_record)", NULL);
	} else {
		/* text is for people, not a contract: it may show a value
		 * another way ("saturated" for a number) */
		if (o->kind && o->fmt != HWPC_FMT_TEXT)
			check_schema(o);
		if (o->kind && o->fmt == HWPC_FMT_CSV && !o->first_kind)
			o->first_kind = o->kind;
		if (o->kind && o->fmt == HWPC_FMT_CSV) {
			bool declared = !o->nkinds && o->kind == o->first_kind;
			for (size_t i = 0; i < o->nkinds && !declared; i++)
				declared = o->kinds[i] == o->kind;
			if (!declared)
				fail(o, HWPC_EINPUT, "output: record type not declared for CSV: ", o->kind->type);
		}
		if (o->err.status == HWPC_OK) {
			lay_out(o);
			if (o->line.oom)
				fail(o, HWPC_EOP, "output writer: out of memory", NULL);
			else if (!exposition(o->fmt))
				emit(o, o->line.p, o->line.len);
		}
	}
	o->nrec++;
	o->text_run = false;
	if (o->err.status != HWPC_OK) {
		if (err)
			*err = o->err;
		return o->err.status;
	}
	return HWPC_OK;
}

/* Write a held table: each column as wide as its widest value (or its
 * declared width, if wider), then what was held in its order.  The lines
 * go out a buffer at a time. */
static void flush_held(struct hwpc_out *o)
{
	struct ohold *h = &o->held;
	if (!h->nitems)
		return;
	for (size_t i = 0; i < h->nitems; i++) {
		const struct ohold_item *it = &h->items[i];
		for (size_t c = 0; it->kind == OHOLD_ROW && c < it->len && c < o->ncols; c++) {
			struct column *col = &o->cols[c];
			size_t n = h->cells[it->off + c].len;
			if (n > col->width)
				col->width = (unsigned)n;
		}
	}
	for (size_t c = 0; c < o->ncols; c++)
		if (o->cols[c].width < o->cols[c].len)
			o->cols[c].width = (unsigned)o->cols[c].len;
	o->line.len = 0;
	for (size_t i = 0; i < h->nitems && o->err.status == HWPC_OK; i++) {
		const struct ohold_item *it = &h->items[i];
		if (it->kind == OHOLD_RAW) {
			obuf_put(&o->line, h->text.p + it->off, it->len);
		} else if (it->kind == OHOLD_HEADER) {
			header_line(o);
		} else {
			size_t start = o->line.len;
			for (size_t c = 0; c < it->len && c < o->ncols; c++) {
				const struct ohold_cell *cell = &h->cells[it->off + c];
				if (c)
					obuf_put(&o->line, "  ", 2);
				table_cell(&o->line, h->text.p + cell->off, cell->len, &o->cols[c], c + 1 == o->ncols);
			}
			end_line(&o->line, start);
		}
		if (o->line.oom) {
			fail(o, HWPC_EOP, "output writer: out of memory", NULL);
		} else if (o->line.len >= 65536 || i + 1 == h->nitems) {
			emit(o, o->line.p, o->line.len);
			o->line.len = 0;
		}
	}
	ohold_clear(h);
}

int hwpc_out_finish(struct hwpc_out *o, struct hwpc_err *err)
{
	flush_held(o);
	if (exposition(o->fmt) && o->err.status == HWPC_OK) {
		o->line.len = 0;
		om_write(o->om, &o->line, o->c, o->fmt == HWPC_FMT_PROMETHEUS);
		if (o->line.oom)
			fail(o, HWPC_EOP, "output writer: out of memory", NULL);
		else
			emit(o, o->line.p, o->line.len);
		om_reset(o->om);
	}
	if (fflush(o->fp) != 0 || ferror(o->fp))
		fail(o, HWPC_EOP, "output: write error: ", strerror(errno));
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
	/* rows held when an error cut the output short: what they say was
	 * read, as a streamed table would have shown it */
	if (o->err.status == HWPC_OK)
		flush_held(o);
	ohold_free(&o->held);
	for (size_t i = 0; i < o->ncols; i++)
		free(o->cols[i].name);
	free(o->cols);
	free(o->fields);
	free(o->kinds);
	free(o->slot);
	for (size_t i = 0; i < o->nplans; i++)
		orow_kind_free(&o->plans[i]);
	free(o->plans);
	free(o->ident);
	free(o->command);
	free(o->device);
	free(o->chipset);
	om_free(o->om);
	obuf_free(&o->rec);
	obuf_free(&o->line);
	if (o->c != (locale_t)0)
		freelocale(o->c);
	free(o);
}
