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

/* Room for n elements in v (which must be empty). */
static void *room(struct vec *v, size_t n)
{
	v->data = malloc((n ? n : 1) * v->elsize);
	if (v->data)
		v->len = v->cap = n;
	return v->data;
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
		v->name = regdb_str(t, t->vendors[i].name);
	}
	for (uint32_t i = 0; i < t->nchipsets; i++) {
		const struct rt_chipset *c = &t->chipsets[i];
		struct hwpc_chipset *o = VEC_AT(db->chipsets, struct hwpc_chipset, i);
		o->name = regdb_str(t, c->name);
		o->family = regdb_str(t, c->family);
		o->index = (int)i;
		o->id = c->id;
		o->boot0 = regdb_str(t, c->boot0);
		o->pci_vendor = c->pci_vendor;
		o->pci_device = c->pci_device;
		o->source = regdb_str(t, c->source);
		o->group = regdb_str(t, c->group);
		o->aliases = regdb_str(t, c->aliases);
		db->all.bits[i / 64] |= 1ULL << (i % 64);
	}
	for (uint32_t i = 0; i < t->nspaces; i++) {
		const struct rt_space *s = &t->spaces[i];
		struct hwpc_space *o = VEC_AT(db->spaces, struct hwpc_space, i);
		o->name = regdb_str(t, s->name);
		o->base = s->base;
		o->ndims = s->ndims;
		regdb_fill_dims(t, o->dims, s->dims, s->ndims);
		o->size = s->size;
		o->gens = t->gens[s->gens];
		o->doc = regdb_str(t, s->doc);
		o->source = regdb_str(t, s->source);
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
		o->name = regdb_str(t, p->name);
		o->value = regdb_str(t, p->value);
		o->is_num = p->is_num;
		o->num = p->num;
		o->gens = t->gens[p->gens];
		o->doc = regdb_str(t, p->doc);
		o->source = regdb_str(t, p->source);
		o->file = regdb_str(t, p->file);
		o->line = p->line;
	}
	for (uint32_t i = 0; i < t->nentry_strs; i++)
		db->entry_strs[i] = regdb_str(t, t->entry_strs[i]);
	for (uint32_t i = 0; i < t->nentries; i++) {
		const struct rt_entry *e = &t->entries[i];
		struct hwpc_regdb_entry *o = VEC_AT(db->records, struct hwpc_regdb_entry, i);
		o->keyword = regdb_str(t, e->keyword);
		o->nwords = e->nwords;
		o->words = db->entry_strs + e->strs;
		o->nattrs = e->nattrs;
		o->keys = db->entry_strs + e->strs + e->nwords;
		o->values = db->entry_strs + e->strs + e->nwords + e->nattrs;
		o->gens = t->gens[e->gens];
		o->file = regdb_str(t, e->file);
		o->line = e->line;
	}
	db->tables_owned = owned; /* only now: a failure leaves them to the caller */
	*out = db;
	return 0;
}
