/* SPDX-License-Identifier: MIT */
/* The database the API serves, from compiled tables: the chipset table,
 * the spaces, the parameters, the module entries and the hand-written
 * registers, for every chipset (what PCOUNTER, PTIMER and the simulator ask
 * for by name).  Nothing is parsed: every string points into the tables.
 * The generated registers are materialised per chip by hwpc_regview_new. */
#include "regdb/regdb_internal.h"
#include "regdb/regdb_tables.h"

#include <stdlib.h>
#include <string.h>

static const char *S(const struct regdb_tables *t, rt_str off)
{
	return off ? t->str + off : NULL;
}

/* Room for n elements in v (which must be empty). */
static void *room(struct vec *v, size_t n)
{
	v->data = malloc((n ? n : 1) * v->elsize);
	if (v->data)
		v->len = v->cap = n;
	return v->data;
}

void regdb_fill_dims(const struct regdb_tables *t, struct hwpc_dim *out, uint32_t first, unsigned n)
{
	for (unsigned i = 0; i < n; i++) {
		const struct rt_dim *d = &t->dims[first + i];
		out[i].name = S(t, d->name);
		out[i].count = d->count;
		out[i].stride = d->stride;
	}
}

void regdb_fill_enum(const struct regdb_tables *t, struct hwpc_enum *o, const struct rt_enum *e)
{
	o->value = e->value;
	o->name = S(t, e->name);
	o->doc = S(t, e->doc);
	o->attrs = S(t, e->attrs);
	o->gens = t->gens[e->gens];
}

void regdb_fill_field(const struct regdb_tables *t, struct hwpc_field *o, const struct rt_field *f,
		      const struct hwpc_enum *enums)
{
	o->name = S(t, f->name);
	o->nranges = f->nranges;
	memcpy(o->ranges, f->ranges, sizeof o->ranges);
	o->width = f->width;
	o->access = (enum hwpc_access)f->access;
	o->read = (enum hwpc_read)f->read;
	o->inherit_read = f->inherit_read;
	o->gens = t->gens[f->gens];
	o->enums = f->nenums ? enums : NULL;
	o->nenums = f->nenums;
	o->doc = S(t, f->doc);
	o->source = S(t, f->source);
}

void regdb_fill_reg(const struct regdb_tables *t, struct hwpc_reg *o, const struct rt_reg *r,
		    const struct hwpc_space *space, const struct hwpc_field *fields)
{
	o->name = S(t, r->name);
	o->short_name = S(t, r->short_name);
	o->space = space;
	o->offset = r->offset;
	o->ndims = r->ndims;
	regdb_fill_dims(t, o->dims, r->dims, r->ndims);
	o->access = (enum hwpc_access)r->access;
	o->width = r->width;
	o->gens = t->gens[r->gens];
	o->fields = r->nfields ? fields : NULL;
	o->nfields = r->nfields;
	o->doc = S(t, r->doc);
	o->source = S(t, r->source);
	o->onread = S(t, r->onread);
	o->file = S(t, r->file);
	o->line = r->line;
	o->generated = r->generated;
	o->read = (enum hwpc_read)r->read;
	o->has_readback = r->has_readback;
	o->readback = r->readback;
}

int regdb_open_tables(const struct regdb_tables *t, void *owned, struct hwpc_regdb **out,
		      struct hwpc_err *err)
{
	struct hwpc_regdb *db = regdb_new();
	*out = NULL;
	if (!db)
		return hwpc_err_set(err, HWPC_EOP, "out of memory");
	db->tables = t;
	if (!room(&db->vendors, t->nvendors) || !room(&db->chipsets, t->nchipsets) ||
	    !room(&db->spaces, t->nspaces) || !room(&db->regs, t->nhand) ||
	    !room(&db->fields, t->nhand_fields) || !room(&db->enums, t->nhand_enums) ||
	    !room(&db->params, t->nparams) || !room(&db->records, t->nentries) ||
	    !(db->entry_strs = malloc((t->nentry_strs ? t->nentry_strs : 1) * sizeof *db->entry_strs))) {
		hwpc_regdb_free(db);
		return hwpc_err_set(err, HWPC_EOP, "out of memory");
	}
	for (uint32_t i = 0; i < t->nvendors; i++) {
		struct hwpc_vendor *v = VEC_AT(db->vendors, struct hwpc_vendor, i);
		v->id = t->vendors[i].id;
		v->name = S(t, t->vendors[i].name);
	}
	for (uint32_t i = 0; i < t->nchipsets; i++) {
		const struct rt_chipset *c = &t->chipsets[i];
		struct hwpc_chipset *o = VEC_AT(db->chipsets, struct hwpc_chipset, i);
		o->name = S(t, c->name);
		o->family = S(t, c->family);
		o->index = (int)i;
		o->id = c->id;
		o->boot0 = S(t, c->boot0);
		o->pci_vendor = c->pci_vendor;
		o->pci_device = c->pci_device;
		o->source = S(t, c->source);
		o->group = S(t, c->group);
		o->aliases = S(t, c->aliases);
		db->all.bits[i / 64] |= 1ULL << (i % 64);
	}
	for (uint32_t i = 0; i < t->nspaces; i++) {
		const struct rt_space *s = &t->spaces[i];
		struct hwpc_space *o = VEC_AT(db->spaces, struct hwpc_space, i);
		o->name = S(t, s->name);
		o->base = s->base;
		o->ndims = s->ndims;
		regdb_fill_dims(t, o->dims, s->dims, s->ndims);
		o->size = s->size;
		o->gens = t->gens[s->gens];
		o->doc = S(t, s->doc);
		o->source = S(t, s->source);
		o->generated = i >= t->nhand_spaces;
	}
	struct hwpc_enum *enums = db->enums.data;
	struct hwpc_field *fields = db->fields.data;
	for (uint32_t i = 0; i < t->nhand_enums; i++)
		regdb_fill_enum(t, &enums[i], &t->enums[i]);
	for (uint32_t i = 0; i < t->nhand_fields; i++)
		regdb_fill_field(t, &fields[i], &t->fields[i], enums + t->fields[i].enums);
	for (uint32_t i = 0; i < t->nhand; i++) {
		const struct rt_reg *r = &t->regs[i];
		regdb_fill_reg(t, VEC_AT(db->regs, struct hwpc_reg, i), r,
			       VEC_AT(db->spaces, struct hwpc_space, r->space), fields + r->fields);
	}
	for (uint32_t i = 0; i < t->nparams; i++) {
		const struct rt_param *p = &t->params[i];
		struct hwpc_param *o = VEC_AT(db->params, struct hwpc_param, i);
		o->name = S(t, p->name);
		o->value = S(t, p->value);
		o->is_num = p->is_num;
		o->num = p->num;
		o->gens = t->gens[p->gens];
		o->doc = S(t, p->doc);
		o->source = S(t, p->source);
		o->file = S(t, p->file);
		o->line = p->line;
	}
	for (uint32_t i = 0; i < t->nentry_strs; i++)
		db->entry_strs[i] = S(t, t->entry_strs[i]);
	for (uint32_t i = 0; i < t->nentries; i++) {
		const struct rt_entry *e = &t->entries[i];
		struct hwpc_regdb_entry *o = VEC_AT(db->records, struct hwpc_regdb_entry, i);
		o->keyword = S(t, e->keyword);
		o->nwords = e->nwords;
		o->words = db->entry_strs + e->strs;
		o->nattrs = e->nattrs;
		o->keys = db->entry_strs + e->strs + e->nwords;
		o->values = db->entry_strs + e->strs + e->nwords + e->nattrs;
		o->gens = t->gens[e->gens];
		o->file = S(t, e->file);
		o->line = e->line;
	}
	db->tables_owned = owned; /* only now: a failure leaves them to the caller */
	*out = db;
	return 0;
}
