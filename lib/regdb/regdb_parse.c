/* SPDX-License-Identifier: MIT */
/* Parser for the regdb text format (hwpc-regdb(5)): one keyword per line,
 * each line adding a chipset, a space, a register, a field, an enum value or
 * a parameter; extension keywords become records for their modules. */
#include "core/err_local.h"
#include "regdb/regdb_internal.h"
#include "regdb/regdb_lex.h"

#include <ctype.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

/* Keywords owned by other modules, kept as struct hwpc_regdb_entry. */
const char *const hwpc_regdb_extension_keywords[] = {
	"signal", "trailer", "domain", "profile", "event", "note", NULL,
};

struct parser {
	struct hwpc_regdb *db;
	const char *file;
	unsigned line;
	struct hwpc_err *err;
	/* What the current line nests under; SIZE_MAX when none. */
	size_t cur_space, cur_reg, cur_field;
	unsigned nstatements; /* statements before the current line */
	/* A generated file (its first statement says so): where its entries
	 * come from, the source= of each of its registers. */
	const char *generated;
};

#define NONE ((size_t)-1)

static int perr(struct parser *p, const char *fmt, ...) HWPC_PRINTF(2, 3);
static int perr(struct parser *p, const char *fmt, ...)
{
	char msg[400];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	return hwpc_err_set(p->err, HWPC_EINPUT, "%s:%u: %s", p->file, p->line, msg);
}

static int oom(struct parser *p)
{
	return hwpc_err_set(p->err, HWPC_EOP, "%s:%u: out of memory", p->file, p->line);
}

static const char *attr(const struct regdb_line *l, const char *key)
{
	for (unsigned i = 0; i < l->nattrs; i++)
		if (!strcmp(l->keys[i], key))
			return l->values[i];
	return NULL;
}

/* Every attribute must be one the keyword takes: a typo is an error, not a
 * silently ignored fact.  allowed is a space-separated list; "*" allows any. */
static int check_attrs(struct parser *p, const struct regdb_line *l, const char *kw,
		       const char *allowed)
{
	if (!strcmp(allowed, "*"))
		return 0;
	for (unsigned i = 0; i < l->nattrs; i++) {
		size_t n = strlen(l->keys[i]);
		const char *s = allowed;
		int ok = 0;
		while (*s && !ok) {
			size_t m = strcspn(s, " ");
			ok = m == n && !strncmp(s, l->keys[i], n);
			s += m + (s[m] == ' ');
		}
		if (!ok)
			return perr(p, "unknown attribute '%s' for %s (expected one of: %s)", l->keys[i], kw,
				    allowed);
	}
	return 0;
}

static int need_words(struct parser *p, const struct regdb_line *l, unsigned n, const char *usage)
{
	if (l->nwords != n)
		return perr(p, "%s: expected '%s'", l->words[0], usage);
	return 0;
}

static int valid_name(const char *s)
{
	if (!*s)
		return 0;
	for (; *s; s++)
		if (!isalnum((unsigned char)*s) && *s != '_' && *s != '.')
			return 0;
	return 1;
}

static int num32(struct parser *p, const char *what, const char *s, uint32_t *out)
{
	unsigned long long v;
	if (!regdb_parse_u64(s, &v) || v > 0xffffffffULL)
		return perr(p, "bad %s '%s' (expected a 32-bit number such as 0x9400)", what, s);
	*out = (uint32_t)v;
	return 0;
}

/* A number no larger than max; the message says what was expected. */
static int num_max(struct parser *p, const char *what, const char *s, uint32_t max, uint32_t *out)
{
	unsigned long long v;
	if (!regdb_parse_u64(s, &v) || v > max)
		return perr(p, "bad %s '%s' (expected a number from 0 to 0x%x)", what, s, max);
	*out = (uint32_t)v;
	return 0;
}

static int add_pending(struct parser *p, enum pending_kind kind, size_t index, const char *text)
{
	if (!text)
		return 0;
	struct pending_gens *pg = vec_push(&p->db->pending);
	if (!pg)
		return oom(p);
	pg->kind = kind;
	pg->index = index;
	pg->text = text;
	pg->file = p->file;
	pg->line = p->line;
	return 0;
}

static int parse_access(const char *s, enum hwpc_access *out)
{
	static const struct {
		const char *name;
		enum hwpc_access a;
	} tab[] = { { "rw", HWPC_ACCESS_RW }, { "ro", HWPC_ACCESS_RO }, { "wo", HWPC_ACCESS_WO },
		    { "w1c", HWPC_ACCESS_W1C } };
	for (size_t i = 0; i < sizeof tab / sizeof tab[0]; i++)
		if (!strcmp(s, tab[i].name)) {
			*out = tab[i].a;
			return 1;
		}
	return 0;
}

/* read=: what a read returns (hwpc-regdb(5)); absent, the access's
 * default: rw the value written, wo 0, w1c a live status, ro a fixed one. */
static enum hwpc_read access_read(enum hwpc_access a)
{
	return a == HWPC_ACCESS_WO ? HWPC_READ_ZERO : a == HWPC_ACCESS_W1C ? HWPC_READ_LIVE
	       : a == HWPC_ACCESS_RO ? HWPC_READ_FIXED : HWPC_READ_WRITTEN;
}

static int parse_read(struct parser *p, const struct regdb_line *l, const char *what, enum hwpc_read *out)
{
	const char *v = attr(l, "read");
	if (!v)
		return 0;
	for (int k = HWPC_READ_WRITTEN; k <= HWPC_READ_FIXED; k++)
		if (!strcmp(v, hwpc_read_name((enum hwpc_read)k))) {
			*out = (enum hwpc_read)k;
			return 0;
		}
	return perr(p, "bad read= '%s' for %s (expected written, zero, live or fixed)", v, what);
}

/* "0x430[dom:2/0x100][hi:2/0x200][lo:4]": an address and array dims.
 * A dim without a stride gets one later (see fill_strides). */
static int parse_addr_dims(struct parser *p, const char *s, uint32_t *addr, struct hwpc_dim *dims,
			   unsigned *ndims)
{
	const char *br = strchr(s, '[');
	size_t n = br ? (size_t)(br - s) : strlen(s);
	char num[32];

	if (n == 0 || n >= sizeof num)
		return perr(p, "bad address '%s' (expected e.g. 0x400 or 0x400[dom:8/0x4])", s);
	memcpy(num, s, n);
	num[n] = 0;
	if (num32(p, "address", num, addr))
		return HWPC_EINPUT;
	*ndims = 0;
	while (br && *br == '[') {
		const char *close = strchr(br, ']');
		const char *colon = strchr(br, ':');
		if (!close || !colon || colon > close || colon == br + 1)
			return perr(p, "bad array dimension in '%s' (expected [name:count] or [name:count/stride])",
				    s);
		if (*ndims >= HWPC_MAX_DIMS)
			return perr(p, "too many array dimensions in '%s' (at most %d)", s, HWPC_MAX_DIMS);
		struct hwpc_dim *d = &dims[(*ndims)++];
		d->name = arena_strndup(&p->db->arena, br + 1, (size_t)(colon - br - 1));
		char buf[64];
		size_t m = (size_t)(close - colon - 1);
		if (m == 0 || m >= sizeof buf)
			return perr(p, "bad array dimension in '%s'", s);
		memcpy(buf, colon + 1, m);
		buf[m] = 0;
		char *slash = strchr(buf, '/');
		if (slash)
			*slash = 0;
		if (num32(p, "array count", buf, &d->count))
			return HWPC_EINPUT;
		if (d->count == 0)
			return perr(p, "array count 0 in '%s'", s);
		d->stride = 0;
		if (slash && num32(p, "array stride", slash + 1, &d->stride))
			return HWPC_EINPUT;
		if (slash && d->stride == 0)
			return perr(p, "array stride 0 in '%s'", s);
		br = close + 1;
	}
	if (br && *br)
		return perr(p, "trailing text after array dimensions in '%s'", s);
	return 0;
}

/* hwpc-regdb(5)'s convention, as in envytools' register tables: an
 * innermost dim without stride steps by the element size, an outer one by
 * the size of everything inside it. */
static void fill_strides(struct hwpc_dim *dims, unsigned ndims, uint32_t elsize)
{
	uint32_t inner = elsize;
	for (unsigned i = ndims; i-- > 0;) {
		if (!dims[i].stride)
			dims[i].stride = inner;
		inner = dims[i].stride * dims[i].count;
	}
}

/* "5", "0-7", "6,22": bit ranges of a field, low to high. */
static int parse_bits(struct parser *p, const char *s, struct hwpc_field *f, unsigned regwidth)
{
	const char *q = s;
	uint64_t used = 0;

	f->nranges = 0;
	f->width = 0;
	while (*q) {
		char *end;
		unsigned long lo = strtoul(q, &end, 10), hi = lo;
		if (end == q)
			return perr(p, "bad bit range '%s' (expected N, LO-HI or a comma list)", s);
		if (*end == '-') {
			q = end + 1;
			hi = strtoul(q, &end, 10);
			if (end == q)
				return perr(p, "bad bit range '%s' (expected N, LO-HI or a comma list)", s);
		}
		if (lo > hi || hi >= regwidth)
			return perr(p, "bit range '%s' outside the %u-bit register", s, regwidth);
		if (f->nranges >= HWPC_MAX_FIELD_RANGES)
			return perr(p, "too many bit ranges in '%s' (at most %d)", s, HWPC_MAX_FIELD_RANGES);
		for (unsigned long b = lo; b <= hi; b++) {
			if (used & (1ULL << b))
				return perr(p, "bit %lu used twice in '%s'", b, s);
			used |= 1ULL << b;
		}
		f->ranges[f->nranges].lo = (uint8_t)lo;
		f->ranges[f->nranges].hi = (uint8_t)hi;
		f->nranges++;
		f->width += (unsigned)(hi - lo + 1);
		if (*end == ',')
			end++;
		else if (*end)
			return perr(p, "bad bit range '%s' (expected N, LO-HI or a comma list)", s);
		q = end;
	}
	if (!f->nranges)
		return perr(p, "empty bit range");
	return 0;
}

static int kw_vendor(struct parser *p, const struct regdb_line *l)
{
	uint32_t id = 0;
	if (need_words(p, l, 3, "vendor ID NAME") || check_attrs(p, l, "vendor", ""))
		return HWPC_EINPUT;
	if (num_max(p, "vendor id", l->words[1], 0xffff, &id))
		return HWPC_EINPUT;
	struct hwpc_vendor *v = vec_push(&p->db->vendors);
	if (!v)
		return oom(p);
	v->id = (uint16_t)id;
	v->name = l->words[2];
	return 0;
}

static int kw_chipset(struct parser *p, const struct regdb_line *l)
{
	if (need_words(p, l, 2, "chipset NAME family=FAMILY [id=N] [boot0=\"...\"] [pci=V:D]") ||
	    check_attrs(p, l, "chipset", "family id boot0 pci group alias source"))
		return HWPC_EINPUT;
	if (!valid_name(l->words[1]))
		return perr(p, "bad chipset name '%s'", l->words[1]);
	if (p->db->chipsets.len >= HWPC_MAX_CHIPSETS)
		return perr(p, "too many chipsets (at most %d)", HWPC_MAX_CHIPSETS);
	const char *fam = attr(l, "family"), *id = attr(l, "id"), *pci = attr(l, "pci");
	if (!fam)
		return perr(p, "chipset %s: missing family=", l->words[1]);
	struct chipset_build *cb = vec_push(&p->db->chipset_b);
	if (!cb)
		return oom(p);
	cb->file = p->file;
	cb->line = p->line;
	struct hwpc_chipset *c = vec_push(&p->db->chipsets);
	if (!c) {
		p->db->chipset_b.len--;
		return oom(p);
	}
	c->name = l->words[1];
	c->family = fam;
	c->index = (int)p->db->chipsets.len - 1;
	c->id = -1;
	c->pci_device = -1;
	c->boot0 = attr(l, "boot0");
	c->source = attr(l, "source");
	c->group = attr(l, "group") ? attr(l, "group") : "nvidia";
	c->aliases = attr(l, "alias");
	if (id) {
		uint32_t v = 0;
		if (num_max(p, "chipset id (BOOT_0 bits 20-28)", id, 0x1ff, &v))
			return HWPC_EINPUT;
		c->id = (int)v;
	}
	if (pci) {
		char buf[32];
		snprintf(buf, sizeof buf, "%s", pci);
		char *colon = strchr(buf, ':');
		uint32_t v = 0;
		if (colon)
			*colon = 0;
		if (num_max(p, "pci vendor", buf, 0xffff, &v))
			return HWPC_EINPUT;
		c->pci_vendor = (uint16_t)v;
		if (colon) {
			if (num_max(p, "pci device", colon + 1, 0xffff, &v))
				return HWPC_EINPUT;
			c->pci_device = (int)v;
		}
	}
	return 0;
}

static int kw_space(struct parser *p, const struct regdb_line *l)
{
	if (need_words(p, l, 3, "space NAME BASE[dims] [size=N] [gens=RANGE] [like=SPACE]") ||
	    check_attrs(p, l, "space", "size gens like source doc"))
		return HWPC_EINPUT;
	if (!valid_name(l->words[1]))
		return perr(p, "bad space name '%s'", l->words[1]);
	struct hwpc_space *s = vec_push(&p->db->spaces);
	struct space_build *sb = vec_push(&p->db->space_b);
	if (!s || !sb)
		return oom(p);
	s->name = l->words[1];
	if (parse_addr_dims(p, l->words[2], &s->base, s->dims, &s->ndims))
		return HWPC_EINPUT;
	s->size = 0x1000;
	if (attr(l, "size") && num32(p, "size", attr(l, "size"), &s->size))
		return HWPC_EINPUT;
	if (!s->size)
		return perr(p, "space size 0");
	fill_strides(s->dims, s->ndims, s->size);
	s->doc = attr(l, "doc");
	s->source = attr(l, "source") ? attr(l, "source") : p->generated;
	s->generated = p->generated != NULL;
	s->gens = p->db->all;
	sb->like = attr(l, "like");
	sb->file = p->file;
	sb->line = p->line;
	sb->first_reg = p->db->regs.len;
	p->cur_space = p->db->spaces.len - 1;
	p->cur_reg = p->cur_field = NONE;
	return add_pending(p, PK_SPACE, p->cur_space, attr(l, "gens"));
}

static int kw_reg(struct parser *p, const struct regdb_line *l)
{
	if (need_words(p, l, 4, "reg NAME OFFSET[dims] ro|wo|rw|w1c [gens=RANGE]") ||
	    check_attrs(p, l, "reg", "gens width onread read readback fields source doc"))
		return HWPC_EINPUT;
	if (p->cur_space == NONE)
		return perr(p, "reg %s outside a space (expected a 'space' line first)", l->words[1]);
	struct space_build *sb = VEC_AT(p->db->space_b, struct space_build, p->cur_space);
	if (sb->like)
		return perr(p, "reg %s: space declared like=%s takes its registers from there", l->words[1],
			    sb->like);
	if (!valid_name(l->words[1]) || strchr(l->words[1], '.'))
		return perr(p, "bad register name '%s'", l->words[1]);
	struct hwpc_reg *r = vec_push(&p->db->regs);
	struct reg_build *rb = vec_push(&p->db->reg_b);
	if (!r || !rb)
		return oom(p);
	const struct hwpc_space *s = VEC_AT(p->db->spaces, struct hwpc_space, p->cur_space);
	r->short_name = l->words[1];
	size_t n = strlen(s->name) + strlen(r->short_name) + 2;
	char *full = arena_alloc(&p->db->arena, n);
	if (!full)
		return oom(p);
	snprintf(full, n, "%s.%s", s->name, r->short_name);
	r->name = full;
	struct hwpc_dim own[HWPC_MAX_DIMS];
	unsigned nown;
	if (parse_addr_dims(p, l->words[2], &r->offset, own, &nown))
		return HWPC_EINPUT;
	if (!parse_access(l->words[3], &r->access))
		return perr(p, "bad access '%s' for %s (expected ro, wo, rw or w1c)", l->words[3],
			    r->short_name);
	r->width = 32;
	if (attr(l, "width")) {
		const char *w = attr(l, "width");
		if (!strcmp(w, "8") || !strcmp(w, "16") || !strcmp(w, "64"))
			r->width = (unsigned)atoi(w);
		else if (strcmp(w, "32"))
			return perr(p, "bad width '%s' (expected 8, 16, 32 or 64)", w);
	}
	if (r->offset % (r->width / 8))
		return perr(p, "offset 0x%x of %s is not %u-byte aligned", r->offset, r->short_name,
			    r->width / 8);
	fill_strides(own, nown, r->width / 8);
	if (s->ndims + nown > HWPC_MAX_DIMS)
		return perr(p, "too many array dimensions for %s", r->short_name);
	r->ndims = 0;
	for (unsigned i = 0; i < s->ndims; i++)
		r->dims[r->ndims++] = s->dims[i];
	for (unsigned i = 0; i < nown; i++)
		r->dims[r->ndims++] = own[i];
	/* The last element must stay inside the space. */
	uint64_t last = r->offset;
	for (unsigned i = 0; i < nown; i++)
		last += (uint64_t)(own[i].count - 1) * own[i].stride;
	if (last + r->width / 8 > s->size)
		return perr(p, "%s at 0x%x extends past the end of space %s (size 0x%x)", r->short_name,
			    r->offset, s->name, s->size);
	r->gens = p->db->all;
	r->doc = attr(l, "doc");
	r->source = attr(l, "source") ? attr(l, "source") : p->generated;
	r->generated = p->generated != NULL;
	r->onread = attr(l, "onread");
	if (r->onread && !*r->onread)
		return perr(p, "onread= of %s is empty (say what reading it does)", r->short_name);
	const char *rbk = attr(l, "readback");
	r->has_readback = rbk != NULL;
	if (rbk && num_max(p, "readback mask", rbk, r->width < 32 ? (1u << r->width) - 1 : 0xffffffffu, &r->readback))
		return HWPC_EINPUT;
	/* readback= names the bits that read back; the others read 0 unless
	 * read= says otherwise. */
	r->read = rbk ? HWPC_READ_ZERO : access_read(r->access);
	if (parse_read(p, l, r->short_name, &r->read))
		return HWPC_EINPUT;
	if (attr(l, "fields") && strcmp(attr(l, "fields"), "partial"))
		return perr(p, "bad fields='%s' for %s (expected fields=partial)", attr(l, "fields"), r->short_name);
	rb->partial = attr(l, "fields") != NULL;
	r->file = p->file;
	r->line = p->line;
	rb->space = p->cur_space;
	rb->first_field = p->db->fields.len;
	p->cur_reg = p->db->regs.len - 1;
	p->cur_field = NONE;
	sb->nregs++;
	return add_pending(p, PK_REG, p->cur_reg, attr(l, "gens"));
}

static int kw_field(struct parser *p, const struct regdb_line *l)
{
	if ((l->nwords != 3 && l->nwords != 4) || check_attrs(p, l, "field", "gens read source doc"))
		return l->nwords != 3 && l->nwords != 4
			       ? perr(p, "field: expected 'field NAME BITS [ro|wo|rw|w1c]'")
			       : HWPC_EINPUT;
	if (p->cur_reg == NONE)
		return perr(p, "field %s outside a register (expected a 'reg' line first)", l->words[1]);
	if (!valid_name(l->words[1]) || strchr(l->words[1], '.'))
		return perr(p, "bad field name '%s'", l->words[1]);
	struct hwpc_reg *r = VEC_AT(p->db->regs, struct hwpc_reg, p->cur_reg);
	struct reg_build *rb = VEC_AT(p->db->reg_b, struct reg_build, p->cur_reg);
	struct hwpc_field *f = vec_push(&p->db->fields);
	struct field_build *fb = vec_push(&p->db->field_b);
	if (!f || !fb)
		return oom(p);
	f->name = l->words[1];
	if (parse_bits(p, l->words[2], f, r->width))
		return HWPC_EINPUT;
	f->access = r->access;
	if (l->nwords == 4 && !parse_access(l->words[3], &f->access))
		return perr(p, "bad access '%s' for field %s (expected ro, wo, rw or w1c)", l->words[3],
			    f->name);
	/* Without read= or an access word of its own, the field's bits read
	 * as the register's do. */
	f->inherit_read = l->nwords == 3 && !attr(l, "read");
	f->read = access_read(f->access);
	if (parse_read(p, l, f->name, &f->read))
		return HWPC_EINPUT;
	f->gens = p->db->all;
	f->doc = attr(l, "doc");
	f->source = attr(l, "source");
	fb->first_enum = p->db->enums.len;
	rb->nfields++;
	p->cur_field = p->db->fields.len - 1;
	return add_pending(p, PK_FIELD, p->cur_field, attr(l, "gens"));
}

static int kw_enum(struct parser *p, const struct regdb_line *l)
{
	if (need_words(p, l, 3, "enum VALUE NAME [gens=RANGE] [doc=\"...\"] [key=value...]") ||
	    check_attrs(p, l, "enum", "*"))
		return HWPC_EINPUT;
	if (p->cur_field == NONE)
		return perr(p, "enum %s outside a field (expected a 'field' line first)", l->words[2]);
	struct hwpc_field *f = VEC_AT(p->db->fields, struct hwpc_field, p->cur_field);
	struct field_build *fb = VEC_AT(p->db->field_b, struct field_build, p->cur_field);
	unsigned long long v;
	if (!regdb_parse_u64(l->words[1], &v))
		return perr(p, "bad enum value '%s' (expected a number)", l->words[1]);
	if (f->width < 64 && v >> f->width)
		return perr(p, "enum value %s does not fit the %u-bit field %s", l->words[1], f->width,
			    f->name);
	if (!valid_name(l->words[2]))
		return perr(p, "bad enum name '%s'", l->words[2]);
	struct hwpc_enum *e = vec_push(&p->db->enums);
	if (!e)
		return oom(p);
	e->value = v;
	e->name = l->words[2];
	e->doc = attr(l, "doc");
	e->gens = p->db->all;
	/* Keep the other attributes (e.g. hz=27000000) for the modules that use them. */
	char buf[256] = "";
	size_t n = 0;
	for (unsigned i = 0; i < l->nattrs; i++) {
		if (!strcmp(l->keys[i], "doc") || !strcmp(l->keys[i], "gens"))
			continue;
		n += (size_t)snprintf(buf + n, n < sizeof buf ? sizeof buf - n : 0, "%s%s=%s",
				      n ? " " : "", l->keys[i], l->values[i]);
	}
	if (n >= sizeof buf)
		return perr(p, "enum %s: attributes too long", e->name);
	e->attrs = n ? arena_strdup(&p->db->arena, buf) : NULL;
	fb->nenums++;
	return add_pending(p, PK_ENUM, p->db->enums.len - 1, attr(l, "gens"));
}

static int kw_param(struct parser *p, const struct regdb_line *l)
{
	if (need_words(p, l, 3, "param NAME VALUE [gens=RANGE]") ||
	    check_attrs(p, l, "param", "gens source doc"))
		return HWPC_EINPUT;
	if (!valid_name(l->words[1]))
		return perr(p, "bad parameter name '%s'", l->words[1]);
	struct hwpc_param *pa = vec_push(&p->db->params);
	if (!pa)
		return oom(p);
	pa->name = l->words[1];
	pa->value = l->words[2];
	unsigned long long v;
	const char *s = pa->value;
	int neg = *s == '-';
	if (regdb_parse_u64(s + neg, &v) && v <= (unsigned long long)INT64_MAX) {
		pa->is_num = true;
		pa->num = neg ? -(int64_t)v : (int64_t)v;
	}
	pa->gens = p->db->all;
	pa->doc = attr(l, "doc");
	pa->source = attr(l, "source");
	pa->file = p->file;
	pa->line = p->line;
	return add_pending(p, PK_PARAM, p->db->params.len - 1, attr(l, "gens"));
}

/* "generated FROM [commit=ID] [file=PATH]", the first statement of a
 * file written by a converter (regdb/tools/rnndb2regdb.py): its registers
 * yield to hand-written ones where they meet (regdb_resolve.c). */
static int kw_generated(struct parser *p, const struct regdb_line *l)
{
	if (need_words(p, l, 2, "generated FROM [commit=ID] [file=PATH]") ||
	    check_attrs(p, l, "generated", "commit file"))
		return HWPC_EINPUT;
	if (p->nstatements)
		return perr(p, "'generated' after other statements (expected it first in the file)");
	const char *commit = attr(l, "commit"), *file = attr(l, "file");
	size_t n = strlen(l->words[1]) + (file ? strlen(file) : 0) + (commit ? strlen(commit) : 0) + 16;
	char *src = arena_alloc(&p->db->arena, n);
	if (!src)
		return oom(p);
	snprintf(src, n, "%s%s%s%s%s%s", l->words[1], file ? " " : "", file ? file : "",
		 commit ? " (commit " : "", commit ? commit : "", commit ? ")" : "");
	p->generated = src;
	return 0;
}

static int kw_record(struct parser *p, const struct regdb_line *l)
{
	struct hwpc_regdb_entry *r = vec_push(&p->db->records);
	if (!r)
		return oom(p);
	/* Copy the token arrays into the arena: the line buffer is reused. */
	const char **w = arena_alloc(&p->db->arena, (l->nwords + 1) * sizeof *w);
	const char **k = arena_alloc(&p->db->arena, (l->nattrs + 1) * sizeof *k);
	const char **v = arena_alloc(&p->db->arena, (l->nattrs + 1) * sizeof *v);
	if (!w || !k || !v)
		return oom(p);
	for (unsigned i = 1; i < l->nwords; i++)
		w[i - 1] = l->words[i];
	for (unsigned i = 0; i < l->nattrs; i++) {
		k[i] = l->keys[i];
		v[i] = l->values[i];
	}
	r->keyword = l->words[0];
	r->nwords = l->nwords - 1;
	r->words = w;
	r->nattrs = l->nattrs;
	r->keys = k;
	r->values = v;
	r->gens = p->db->all;
	r->file = p->file;
	r->line = p->line;
	return add_pending(p, PK_RECORD, p->db->records.len - 1, attr(l, "gens"));
}

static int parse_line(struct parser *p, const struct regdb_line *l)
{
	static const struct {
		const char *kw;
		int (*fn)(struct parser *, const struct regdb_line *);
	} tab[] = {
		{ "vendor", kw_vendor }, { "chipset", kw_chipset }, { "space", kw_space },
		{ "reg", kw_reg },       { "field", kw_field },     { "enum", kw_enum },
		{ "param", kw_param },   { "generated", kw_generated },
	};
	const char *kw = l->words[0];

	/* A generated file holds register definitions and nothing else: the
	 * chipset table, parameters and module entries are written by hand. */
	if (p->generated && strcmp(kw, "space") && strcmp(kw, "reg") && strcmp(kw, "field") &&
	    strcmp(kw, "enum"))
		return perr(p, "'%s' in a generated file (expected space, reg, field or enum)", kw);

	for (size_t i = 0; i < sizeof tab / sizeof tab[0]; i++)
		if (!strcmp(kw, tab[i].kw))
			return tab[i].fn(p, l);
	for (const char *const *e = hwpc_regdb_extension_keywords; *e; e++)
		if (!strcmp(kw, *e))
			return kw_record(p, l);
	return perr(p, "unknown keyword '%s' (expected vendor, chipset, space, reg, field, enum, param, "
		       "generated or a module keyword such as signal)",
		    kw);
}

int regdb_parse_text(struct hwpc_regdb *db, const char *file, const char *text, struct hwpc_err *err)
{
	struct parser p = { .db = db, .file = file, .err = err, .cur_space = NONE, .cur_reg = NONE,
			    .cur_field = NONE };
	const char *s = text;

	while (*s) {
		size_t len = strcspn(s, "\n");
		struct regdb_line l;
		p.line++;
		if (regdb_lex_line(&db->arena, s, len, &l, err))
			return hwpc_err_prefix(err, "%s:%u", file, p.line);
		if (l.nwords == 0 && l.nattrs)
			return perr(&p, "line starts with an attribute (expected a keyword)");
		if (l.nwords && parse_line(&p, &l))
			return err ? err->status : HWPC_EINPUT;
		p.nstatements += l.nwords > 0;
		s += len;
		if (*s == '\n')
			s++;
	}
	return 0;
}
