/* SPDX-License-Identifier: MIT */
/* Compiled tables' records (regdb_tables.h) as the API's structs: the
 * database opened from the tables (regdb_open.c) and a chip's view
 * (regview.c) fill their registers, fields and enums the same way. */
#include "regdb/regdb_internal.h"
#include "regdb/regdb_tables.h"

#include <string.h>

void regdb_fill_dims(const struct regdb_tables *t, struct hwpc_dim *out, uint32_t first, unsigned n)
{
	for (unsigned i = 0; i < n; i++) {
		const struct rt_dim *d = &t->dims[first + i];
		out[i].name = regdb_str(t, d->name);
		out[i].count = d->count;
		out[i].stride = d->stride;
	}
}

void regdb_fill_enum(const struct regdb_tables *t, struct hwpc_enum *o, const struct rt_enum *e)
{
	o->value = e->value;
	o->name = regdb_str(t, e->name);
	o->doc = regdb_str(t, e->doc);
	o->attrs = regdb_str(t, e->attrs);
	o->gens = t->gens[e->gens];
}

void regdb_fill_field(const struct regdb_tables *t, struct hwpc_field *o, const struct rt_field *f,
		      const struct hwpc_enum *enums)
{
	o->name = regdb_str(t, f->name);
	o->nranges = f->nranges;
	memcpy(o->ranges, f->ranges, sizeof o->ranges);
	o->width = f->width;
	o->access = (enum hwpc_access)f->access;
	o->read = (enum hwpc_read)f->read;
	o->inherit_read = f->inherit_read;
	o->gens = t->gens[f->gens];
	o->enums = f->nenums ? enums : NULL;
	o->nenums = f->nenums;
	o->doc = regdb_str(t, f->doc);
	o->source = regdb_str(t, f->source);
}

void regdb_fill_reg(const struct regdb_tables *t, struct hwpc_reg *o, const struct rt_reg *r,
		    const struct hwpc_space *space, const struct hwpc_field *fields)
{
	o->name = regdb_str(t, r->name);
	o->short_name = regdb_str(t, r->short_name);
	o->space = space;
	o->offset = r->offset;
	o->ndims = r->ndims;
	regdb_fill_dims(t, o->dims, r->dims, r->ndims);
	o->access = (enum hwpc_access)r->access;
	o->width = r->width;
	o->gens = t->gens[r->gens];
	o->fields = r->nfields ? fields : NULL;
	o->nfields = r->nfields;
	o->doc = regdb_str(t, r->doc);
	o->source = regdb_str(t, r->source);
	o->onread = regdb_str(t, r->onread);
	o->file = regdb_str(t, r->file);
	o->line = r->line;
	o->generated = r->generated;
	o->read = (enum hwpc_read)r->read;
	o->has_readback = r->has_readback;
	o->readback = r->readback;
}
