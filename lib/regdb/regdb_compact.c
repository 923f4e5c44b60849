/* SPDX-License-Identifier: MIT */
/* A parsed database in its compiled form (regdb_tables.h): strings pooled
 * once each, chipset sets once each, links as indices, the name index and
 * the address order computed here so that nobody computes them at
 * start-up.  regdb-compile writes the result as C; HWPC_REGDB=DIR uses it
 * in memory. */
#include "core/hash.h"
#include "regdb/regdb_internal.h"
#include "regdb/regdb_tables.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Distinct strings, each once; offset 0 is NULL. */
struct pool {
	struct vec text;  /* char */
	uint32_t *slot;    /* offset, 0 empty */
	size_t nslots, n;
	bool oom;
};

static uint64_t hash_bytes(const void *p, size_t n)
{
	return hwpc_fnv1a(p, n, HWPC_FNV1A_START);
}

static rt_str pool_add(struct pool *p, const char *s)
{
	if (!s || p->oom)
		return 0;
	if ((p->n + 1) * 2 > p->nslots) {
		size_t nslots = p->nslots ? p->nslots * 2 : 4096;
		uint32_t *slot = calloc(nslots, sizeof *slot);
		if (!slot) {
			p->oom = true;
			return 0;
		}
		for (size_t i = 0; i < p->nslots; i++)
			if (p->slot[i]) {
				const char *t = (const char *)p->text.data + p->slot[i];
				size_t k = hash_bytes(t, strlen(t)) & (nslots - 1);
				while (slot[k])
					k = (k + 1) & (nslots - 1);
				slot[k] = p->slot[i];
			}
		free(p->slot);
		p->slot = slot;
		p->nslots = nslots;
	}
	size_t len = strlen(s);
	size_t k = hash_bytes(s, len) & (p->nslots - 1);
	for (; p->slot[k]; k = (k + 1) & (p->nslots - 1))
		if (!strcmp((const char *)p->text.data + p->slot[k], s))
			return p->slot[k];
	uint32_t off = (uint32_t)p->text.len;
	for (size_t i = 0; i <= len; i++) {
		char *c = vec_push(&p->text);
		if (!c) {
			p->oom = true;
			return 0;
		}
		*c = s[i];
	}
	p->slot[k] = off;
	p->n++;
	return off;
}

/* Distinct chipset sets, each once. */
struct gensets {
	struct vec sets; /* struct hwpc_gens */
	bool oom;
};

static uint16_t gens_add(struct gensets *g, const struct hwpc_gens *s)
{
	/* Few distinct sets (a few thousand): scan from the newest, which is
	 * where a file's repeated ranges are. */
	const struct hwpc_gens *v = g->sets.data;
	for (size_t i = g->sets.len; i-- > 0;)
		if (!memcmp(&v[i], s, sizeof *s))
			return (uint16_t)i;
	struct hwpc_gens *n = g->sets.len < 0xffff ? vec_push(&g->sets) : NULL;
	if (!n) {
		g->oom = true;
		return 0;
	}
	*n = *s;
	return (uint16_t)(g->sets.len - 1);
}

static bool gens_empty(const struct hwpc_gens *g)
{
	for (size_t i = 0; i < sizeof g->bits / sizeof g->bits[0]; i++)
		if (g->bits[i])
			return false;
	return true;
}

struct ctx {
	const struct hwpc_regdb *db;
	struct pool str;
	struct gensets gens;
	struct vec vendors, chipsets, dims, spaces, regs, fields, enums, params, entries, entry_strs;
	struct vec reg_src; /* const struct hwpc_reg *, per emitted register */
	uint32_t *fmap, *emap; /* source field/enum index -> emitted index + 1 */
	uint32_t *smap;        /* source space index -> emitted index */
	uint32_t nhand_spaces;
};

static uint32_t add_dims(struct ctx *c, const struct hwpc_dim *d, unsigned n)
{
	uint32_t first = (uint32_t)c->dims.len;
	for (unsigned i = 0; i < n; i++) {
		struct rt_dim *o = vec_push(&c->dims);
		if (!o) {
			c->str.oom = true;
			return 0;
		}
		o->name = pool_add(&c->str, d[i].name);
		o->count = d[i].count;
		o->stride = d[i].stride;
	}
	return first;
}

/* A field range (and its enums), once: like= copies of a space share
 * theirs.  fmap/emap: source index -> emitted index + 1. */
static uint32_t add_enums(struct ctx *c, const struct hwpc_field *f)
{
	size_t first = (size_t)(f->enums - (const struct hwpc_enum *)c->db->enums.data);
	if (c->emap[first])
		return c->emap[first] - 1;
	uint32_t at = (uint32_t)c->enums.len;
	for (unsigned i = 0; i < f->nenums; i++) {
		const struct hwpc_enum *e = &f->enums[i];
		struct rt_enum *o = vec_push(&c->enums);
		if (!o) {
			c->str.oom = true;
			return 0;
		}
		o->value = e->value;
		o->name = pool_add(&c->str, e->name);
		o->doc = pool_add(&c->str, e->doc);
		o->attrs = pool_add(&c->str, e->attrs);
		o->gens = gens_add(&c->gens, &e->gens);
		c->emap[first + i] = (uint32_t)c->enums.len;
	}
	return at;
}

static uint32_t add_fields(struct ctx *c, const struct hwpc_reg *r)
{
	size_t first = (size_t)(r->fields - (const struct hwpc_field *)c->db->fields.data);
	if (c->fmap[first])
		return c->fmap[first] - 1;
	uint32_t at = (uint32_t)c->fields.len;
	for (unsigned i = 0; i < r->nfields; i++) {
		const struct hwpc_field *f = &r->fields[i];
		struct rt_field *o = vec_push(&c->fields);
		if (!o) {
			c->str.oom = true;
			return 0;
		}
		o->name = pool_add(&c->str, f->name);
		o->doc = pool_add(&c->str, f->doc);
		o->source = pool_add(&c->str, f->source);
		o->nenums = (uint16_t)f->nenums;
		o->gens = gens_add(&c->gens, &f->gens);
		o->nranges = (uint8_t)f->nranges;
		o->width = (uint8_t)f->width;
		o->access = (uint8_t)f->access;
		o->read = (uint8_t)f->read;
		o->inherit_read = f->inherit_read;
		memcpy(o->ranges, f->ranges, sizeof o->ranges);
		uint32_t e = f->nenums ? add_enums(c, f) : 0;
		((struct rt_field *)c->fields.data)[at + i].enums = e;
		c->fmap[first + i] = at + i + 1;
	}
	return at;
}

static bool gens_meet(const struct hwpc_gens *a, const struct hwpc_gens *b)
{
	for (size_t i = 0; i < sizeof a->bits / sizeof a->bits[0]; i++)
		if (a->bits[i] & b->bits[i])
			return true;
	return false;
}

static bool bits_meet(const struct hwpc_field *a, const struct hwpc_field *b)
{
	for (unsigned i = 0; i < a->nranges; i++)
		for (unsigned j = 0; j < b->nranges; j++)
			if (a->ranges[i].lo <= b->ranges[j].hi && b->ranges[j].lo <= a->ranges[i].hi)
				return true;
	return false;
}

/* The fields of generated register g that join partial hand-written h on
 * the chipsets m covers: those on bits none of h's use there, under names
 * h does not use, each said to come from g.  Appended to c->fields (h's
 * own fields are the block just before); returns how many, and adds their
 * enums to *nenums. */
static unsigned add_merged(struct ctx *c, const struct hwpc_reg *h, const struct field_merge *m, uint16_t *nenums)
{
	const struct hwpc_reg *g = VEC_AT(c->db->regs, struct hwpc_reg, m->gen);
	unsigned n = 0;
	for (unsigned i = 0; i < g->nfields; i++) {
		const struct hwpc_field *f = &g->fields[i];
		struct hwpc_gens gens = f->gens;
		for (size_t k = 0; k < sizeof gens.bits / sizeof gens.bits[0]; k++)
			gens.bits[k] &= m->gens.bits[k];
		bool skip = gens_empty(&gens);
		for (unsigned j = 0; j < h->nfields && !skip; j++)
			skip = gens_meet(&h->fields[j].gens, &gens) &&
			       (bits_meet(f, &h->fields[j]) || !strcasecmp(f->name, h->fields[j].name));
		if (skip)
			continue;
		struct rt_field *o = vec_push(&c->fields);
		if (!o) {
			c->str.oom = true;
			return n;
		}
		o->name = pool_add(&c->str, f->name);
		o->doc = pool_add(&c->str, f->doc);
		o->source = pool_add(&c->str, g->source);
		o->gens = gens_add(&c->gens, &gens);
		o->nranges = (uint8_t)f->nranges;
		o->width = (uint8_t)f->width;
		o->access = (uint8_t)f->access;
		o->read = (uint8_t)f->read;
		o->inherit_read = f->inherit_read;
		memcpy(o->ranges, f->ranges, sizeof o->ranges);
		o->enums = (uint32_t)c->enums.len;
		for (unsigned e = 0; e < f->nenums; e++) {
			struct hwpc_gens eg = f->enums[e].gens;
			for (size_t k = 0; k < sizeof eg.bits / sizeof eg.bits[0]; k++)
				eg.bits[k] &= gens.bits[k];
			if (gens_empty(&eg))
				continue;
			struct rt_enum *x = vec_push(&c->enums);
			if (!x) {
				c->str.oom = true;
				return n;
			}
			x->value = f->enums[e].value;
			x->name = pool_add(&c->str, f->enums[e].name);
			x->doc = pool_add(&c->str, f->enums[e].doc);
			x->attrs = pool_add(&c->str, f->enums[e].attrs);
			x->gens = gens_add(&c->gens, &eg);
			((struct rt_field *)c->fields.data)[c->fields.len - 1].nenums++;
			(*nenums)++;
		}
		n++;
	}
	return n;
}

static void add_reg(struct ctx *c, const struct hwpc_reg *r)
{
	const struct hwpc_regdb *db = c->db;
	struct rt_reg *o = vec_push(&c->regs);
	const struct hwpc_reg **src = vec_push(&c->reg_src);
	if (!o || !src) {
		c->str.oom = true;
		return;
	}
	*src = r;
	o->name = pool_add(&c->str, r->name);
	o->short_name = pool_add(&c->str, r->short_name);
	o->doc = pool_add(&c->str, r->doc);
	o->source = pool_add(&c->str, r->source);
	o->onread = pool_add(&c->str, r->onread);
	o->file = pool_add(&c->str, r->file);
	o->line = r->line;
	o->offset = r->offset;
	o->ndims = (uint8_t)r->ndims;
	o->dims = add_dims(c, r->dims, r->ndims);
	o->nfields = (uint16_t)r->nfields;
	for (unsigned i = 0; i < r->nfields; i++)
		o->nenums = (uint16_t)(o->nenums + r->fields[i].nenums);
	o->space = (uint16_t)c->smap[r->space - (const struct hwpc_space *)db->spaces.data];
	o->gens = gens_add(&c->gens, &r->gens);
	o->access = (uint8_t)r->access;
	o->width = (uint8_t)r->width;
	o->generated = r->generated;
	o->read = (uint8_t)r->read;
	o->has_readback = r->has_readback;
	o->readback = r->readback;
	uint32_t f = r->nfields ? add_fields(c, r) : 0;
	struct rt_reg *me = &((struct rt_reg *)c->regs.data)[c->regs.len - 1];
	me->fields = f;
	/* A partial hand-written register: the generated fields that join it,
	 * after its own (which are the last block emitted). */
	size_t ri = (size_t)(r - (const struct hwpc_reg *)db->regs.data);
	for (size_t k = 0; k < db->merges.len && !c->str.oom; k++) {
		const struct field_merge *m = VEC_AT(db->merges, struct field_merge, k);
		if (m->hand != ri)
			continue;
		if (!me->nfields)
			me->fields = (uint32_t)c->fields.len;
		else if (me->fields + me->nfields != c->fields.len)
			continue; /* its fields are shared, not the last block: not joined */
		uint16_t ne = me->nenums;
		unsigned added = add_merged(c, r, m, &ne);
		me = &((struct rt_reg *)c->regs.data)[c->regs.len - 1];
		me->nfields = (uint16_t)(me->nfields + added);
		me->nenums = ne;
	}
}

static void add_rest(struct ctx *c)
{
	const struct hwpc_regdb *db = c->db;
	for (size_t i = 0; i < db->vendors.len; i++) {
		const struct hwpc_vendor *v = VEC_AT(db->vendors, struct hwpc_vendor, i);
		struct rt_vendor *o = vec_push(&c->vendors);
		if (!o)
			goto oom;
		o->id = v->id;
		o->name = pool_add(&c->str, v->name);
	}
	for (size_t i = 0; i < db->chipsets.len; i++) {
		const struct hwpc_chipset *h = VEC_AT(db->chipsets, struct hwpc_chipset, i);
		struct rt_chipset *o = vec_push(&c->chipsets);
		if (!o)
			goto oom;
		o->name = pool_add(&c->str, h->name);
		o->family = pool_add(&c->str, h->family);
		o->boot0 = pool_add(&c->str, h->boot0);
		o->source = pool_add(&c->str, h->source);
		o->group = pool_add(&c->str, h->group);
		o->aliases = pool_add(&c->str, h->aliases);
		o->id = h->id;
		o->pci_device = h->pci_device;
		o->pci_vendor = h->pci_vendor;
	}
	/* Hand-written spaces first; smap: source index -> emitted index. */
	for (int gen = 0; gen < 2; gen++)
	for (size_t i = 0; i < db->spaces.len; i++) {
		const struct hwpc_space *s = VEC_AT(db->spaces, struct hwpc_space, i);
		if (s->generated != gen)
			continue;
		c->smap[i] = (uint32_t)c->spaces.len;
		struct rt_space *o = vec_push(&c->spaces);
		if (!o)
			goto oom;
		o->name = pool_add(&c->str, s->name);
		o->doc = pool_add(&c->str, s->doc);
		o->source = pool_add(&c->str, s->source);
		o->base = s->base;
		o->size = s->size;
		o->ndims = (uint8_t)s->ndims;
		o->dims = add_dims(c, s->dims, s->ndims);
		o->gens = gens_add(&c->gens, &s->gens);
		if (!gen)
			c->nhand_spaces = (uint32_t)c->spaces.len;
	}
	for (size_t i = 0; i < db->params.len; i++) {
		const struct hwpc_param *p = VEC_AT(db->params, struct hwpc_param, i);
		struct rt_param *o = vec_push(&c->params);
		if (!o)
			goto oom;
		o->num = p->num;
		o->name = pool_add(&c->str, p->name);
		o->value = pool_add(&c->str, p->value);
		o->doc = pool_add(&c->str, p->doc);
		o->source = pool_add(&c->str, p->source);
		o->file = pool_add(&c->str, p->file);
		o->line = p->line;
		o->gens = gens_add(&c->gens, &p->gens);
		o->is_num = p->is_num;
	}
	for (size_t i = 0; i < db->records.len; i++) {
		const struct hwpc_regdb_entry *e = VEC_AT(db->records, struct hwpc_regdb_entry, i);
		struct rt_entry *o = vec_push(&c->entries);
		if (!o)
			goto oom;
		o->keyword = pool_add(&c->str, e->keyword);
		o->file = pool_add(&c->str, e->file);
		o->line = e->line;
		o->strs = (uint32_t)c->entry_strs.len;
		o->nwords = (uint16_t)e->nwords;
		o->nattrs = (uint16_t)e->nattrs;
		o->gens = gens_add(&c->gens, &e->gens);
		for (unsigned k = 0; k < e->nwords + 2 * e->nattrs; k++) {
			rt_str *s = vec_push(&c->entry_strs);
			if (!s)
				goto oom;
			*s = pool_add(&c->str, k < e->nwords ? e->words[k]
					   : k < e->nwords + e->nattrs ? e->keys[k - e->nwords]
								       : e->values[k - e->nwords - e->nattrs]);
		}
	}
	return;
oom:
	c->str.oom = true;
}

/* The register order for the address index: first element, scalars before
 * arrays, then table order. */
static int cmp_addr(const void *a, const void *b, void *arg)
{
	const struct ctx *c = arg;
	const struct rt_reg *regs = c->regs.data;
	const struct rt_space *spaces = c->spaces.data;
	uint32_t i = *(const uint32_t *)a, j = *(const uint32_t *)b;
	const struct rt_reg *x = &regs[i], *y = &regs[j];
	uint64_t ax = (uint64_t)spaces[x->space].base + x->offset;
	uint64_t ay = (uint64_t)spaces[y->space].base + y->offset;
	if (ax != ay)
		return ax < ay ? -1 : 1;
	if ((x->ndims > 0) != (y->ndims > 0))
		return x->ndims > 0 ? 1 : -1;
	return i < j ? -1 : i > j;
}

/* Copy n elements of g to *at in the block; returns where they went. */
static const void *place(char **at, const struct vec *g)
{
	size_t bytes = g->len * g->elsize;
	const void *where = *at;
	if (bytes)
		memcpy(*at, g->data, bytes);
	*at += (bytes + 15) & ~(size_t)15;
	return where;
}

int regdb_compact(const struct hwpc_regdb *db, struct regdb_tables **out, struct hwpc_err *err)
{
	struct ctx c = { .db = db };
	c.str.text.elsize = 1;
	c.gens.sets.elsize = sizeof(struct hwpc_gens);
	c.vendors.elsize = sizeof(struct rt_vendor);
	c.chipsets.elsize = sizeof(struct rt_chipset);
	c.dims.elsize = sizeof(struct rt_dim);
	c.spaces.elsize = sizeof(struct rt_space);
	c.regs.elsize = sizeof(struct rt_reg);
	c.fields.elsize = sizeof(struct rt_field);
	c.enums.elsize = sizeof(struct rt_enum);
	c.params.elsize = sizeof(struct rt_param);
	c.entries.elsize = sizeof(struct rt_entry);
	c.entry_strs.elsize = sizeof(rt_str);
	c.reg_src.elsize = sizeof(const struct hwpc_reg *);
	struct vec slots = { .elsize = sizeof(uint32_t) }, next = { .elsize = sizeof(uint32_t) },
		    order = { .elsize = sizeof(uint32_t) }, chip_regs = { .elsize = sizeof(uint16_t) },
		    chip_first = { .elsize = sizeof(uint32_t) }, chip_counts = { .elsize = sizeof(uint32_t) };
	int rc = 0;

	*out = NULL;
	char *zero = vec_push(&c.str.text); /* offset 0: NULL */
	if (zero)
		*zero = 0;
	else
		c.str.oom = true;
	c.smap = calloc(db->spaces.len + 1, sizeof *c.smap);
	if (!c.smap)
		c.str.oom = true;
	else
		add_rest(&c);
	c.fmap = calloc(db->fields.len + 1, sizeof *c.fmap);
	c.emap = calloc(db->enums.len + 1, sizeof *c.emap);
	if (!c.fmap || !c.emap)
		c.str.oom = true;
	/* Hand-written registers first, with their fields and enums: the
	 * database materialises that prefix for every chipset. */
	uint32_t nhand = 0, nhand_fields = 0, nhand_enums = 0;
	for (int gen = 0; gen < 2 && !c.str.oom; gen++) {
		for (size_t i = 0; i < db->regs.len && !c.str.oom; i++) {
			const struct hwpc_reg *r = VEC_AT(db->regs, struct hwpc_reg, i);
			if (r->generated == gen && !(gen && gens_empty(&r->gens)))
				add_reg(&c, r);
		}
		if (!gen) {
			nhand = (uint32_t)c.regs.len;
			nhand_fields = (uint32_t)c.fields.len;
			nhand_enums = (uint32_t)c.enums.len;
		}
	}

	/* The name index and the address order. */
	size_t n = c.regs.len, nslots = 16;
	while (nslots < n * 2)
		nslots *= 2;
	for (size_t i = 0; i < nslots && !c.str.oom; i++)
		if (!vec_push(&slots))
			c.str.oom = true;
	for (size_t i = 0; i < n && !c.str.oom; i++)
		if (!vec_push(&next) || !vec_push(&order))
			c.str.oom = true;
	if (!c.str.oom) {
		uint32_t *slot = slots.data, *nx = next.data, *ord = order.data;
		const struct hwpc_reg *const *src = c.reg_src.data;
		for (size_t i = 0; i < n; i++) {
			size_t k = (size_t)regdb_name_hash(src[i]->name) & (nslots - 1);
			for (;; k = (k + 1) & (nslots - 1)) {
				uint32_t cur = slot[k];
				if (!cur) {
					slot[k] = (uint32_t)i + 1;
					break;
				}
				if (!strcasecmp(src[cur - 1]->name, src[i]->name)) {
					nx[i] = cur;
					slot[k] = (uint32_t)i + 1;
					break;
				}
			}
			ord[i] = (uint32_t)i;
		}
		if (n)
			qsort_r(ord, n, sizeof *ord, cmp_addr, &c);
	}
	/* Each chipset's registers, in address order. */
	if (n > 0xffff) {
		rc = hwpc_err_set(err, HWPC_EINPUT, "%zu registers: the compiled tables hold at most 65535", n);
		goto done;
	}
	const struct hwpc_gens *sets = c.gens.sets.data;
	for (size_t ci = 0; ci < c.chipsets.len && !c.str.oom; ci++) {
		uint32_t *first = vec_push(&chip_first), cnt[3] = { 0, 0, 0 };
		if (!first) {
			c.str.oom = true;
			break;
		}
		*first = (uint32_t)chip_regs.len;
		for (size_t k = 0; k < n && !c.str.oom; k++) {
			uint32_t i = ((uint32_t *)order.data)[k];
			const struct rt_reg *r = &((struct rt_reg *)c.regs.data)[i];
			if (!(sets[r->gens].bits[ci / 64] >> (ci % 64) & 1))
				continue;
			uint16_t *slot = vec_push(&chip_regs);
			if (!slot)
				c.str.oom = true;
			else
				*slot = (uint16_t)i;
			if (r->generated) {
				cnt[0]++;
				cnt[1] += r->nfields;
				cnt[2] += r->nenums;
			}
		}
		for (int k = 0; k < 3; k++) {
			uint32_t *x = vec_push(&chip_counts);
			if (!x)
				c.str.oom = true;
			else
				*x = cnt[k];
		}
	}
	uint32_t *last = vec_push(&chip_first);
	if (last)
		*last = (uint32_t)chip_regs.len;
	else
		c.str.oom = true;
	if (c.str.oom || c.gens.oom) {
		rc = hwpc_err_set(err, HWPC_EOP, "out of memory compiling the register database");
		goto done;
	}

	const struct vec *parts[] = { &c.str.text, &c.gens.sets, &c.vendors, &c.chipsets, &c.dims,
				       &c.spaces, &c.regs, &c.fields, &c.enums, &c.params,
				       &c.entries, &c.entry_strs, &slots, &next, &order, &chip_regs,
				       &chip_first, &chip_counts };
	size_t total = (sizeof(struct regdb_tables) + 15) & ~(size_t)15;
	for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++)
		total += (parts[i]->len * parts[i]->elsize + 15) & ~(size_t)15;
	struct regdb_tables *t = malloc(total);
	if (!t) {
		rc = hwpc_err_set(err, HWPC_EOP, "out of memory compiling the register database");
		goto done;
	}
	char *at = (char *)t + ((sizeof *t + 15) & ~(size_t)15);
	memset(t, 0, sizeof *t);
	t->str = place(&at, &c.str.text);
	t->str_len = (uint32_t)c.str.text.len;
	t->gens = place(&at, &c.gens.sets);
	t->ngens = (uint32_t)c.gens.sets.len;
	t->vendors = place(&at, &c.vendors);
	t->nvendors = (uint32_t)c.vendors.len;
	t->chipsets = place(&at, &c.chipsets);
	t->nchipsets = (uint32_t)c.chipsets.len;
	t->dims = place(&at, &c.dims);
	t->ndims = (uint32_t)c.dims.len;
	t->spaces = place(&at, &c.spaces);
	t->nspaces = (uint32_t)c.spaces.len;
	t->nhand_spaces = c.nhand_spaces;
	t->regs = place(&at, &c.regs);
	t->nregs = (uint32_t)c.regs.len;
	t->nhand = nhand;
	t->nhand_fields = nhand_fields;
	t->nhand_enums = nhand_enums;
	t->fields = place(&at, &c.fields);
	t->nfields = (uint32_t)c.fields.len;
	t->enums = place(&at, &c.enums);
	t->nenums = (uint32_t)c.enums.len;
	t->params = place(&at, &c.params);
	t->nparams = (uint32_t)c.params.len;
	t->entries = place(&at, &c.entries);
	t->nentries = (uint32_t)c.entries.len;
	t->entry_strs = place(&at, &c.entry_strs);
	t->nentry_strs = (uint32_t)c.entry_strs.len;
	t->name_slot = place(&at, &slots);
	t->name_nslots = (uint32_t)slots.len;
	t->name_next = place(&at, &next);
	t->by_addr = place(&at, &order);
	t->chip_regs = place(&at, &chip_regs);
	t->chip_first = place(&at, &chip_first);
	t->chip_counts = place(&at, &chip_counts);
	*out = t;
done:
	free(c.fmap);
	free(c.emap);
	free(c.smap);
	free(c.str.text.data);
	free(c.str.slot);
	free(c.gens.sets.data);
	struct vec *all[] = { &c.vendors, &c.chipsets, &c.dims, &c.spaces, &c.regs, &c.fields, &c.enums,
			       &c.params, &c.entries, &c.entry_strs, &c.reg_src, &slots, &next, &order,
			       &chip_regs, &chip_first, &chip_counts };
	for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
		free(all[i]->data);
	return rc;
}
