/* SPDX-License-Identifier: MIT */
/* The register database in its compiled form: flat arrays without a single
 * pointer (a name is an offset into one string pool, a link an index), so
 * that the copy compiled into libhwpc needs no relocation and start-up
 * parses nothing.  regdb_compact() makes it from a parsed database (at
 * build time by regdb-compile, at run time for HWPC_REGDB=DIR);
 * regdb_open_tables() turns it into the database the API serves, and
 * hwpc_regview_new() into one chip's registers. */
#ifndef HWPC_REGDB_TABLES_H
#define HWPC_REGDB_TABLES_H

#include "hwpc/regdb.h"

#include <stdint.h>

typedef uint32_t rt_str; /* offset into regdb_tables.str; 0 is NULL */

struct rt_vendor {
	rt_str name;
	uint16_t id;
};

struct rt_chipset {
	rt_str name, family, boot0, source, group, aliases;
	int32_t id, pci_device;
	uint16_t pci_vendor;
};

struct rt_dim {
	rt_str name;
	uint32_t count, stride;
};

struct rt_space {
	rt_str name, doc, source;
	uint32_t base, size;
	uint32_t dims; /* first of ndims in regdb_tables.dims */
	uint16_t gens; /* index in regdb_tables.gens */
	uint8_t ndims;
};

struct rt_reg {
	rt_str name, short_name, doc, source, onread, file;
	uint32_t line, offset;
	uint32_t dims;   /* first of ndims (the space's, then its own) */
	uint32_t fields; /* first of nfields in regdb_tables.fields */
	uint16_t nfields, space, gens;
	uint16_t nenums; /* of all its fields: what a view allocates for them */
	uint8_t ndims, access, width, generated;
	uint8_t read, has_readback; /* enum hwpc_read; readback= given */
	uint32_t readback;
};

struct rt_field {
	rt_str name, doc, source;
	uint32_t enums; /* first of nenums in regdb_tables.enums */
	uint16_t nenums, gens;
	uint8_t nranges, width, access;
	uint8_t read, inherit_read; /* enum hwpc_read; the register's for these bits */
	struct hwpc_bitrange ranges[HWPC_MAX_FIELD_RANGES];
};

struct rt_enum {
	uint64_t value;
	rt_str name, doc, attrs;
	uint16_t gens;
};

struct rt_param {
	int64_t num;
	rt_str name, value, doc, source, file;
	uint32_t line;
	uint16_t gens;
	uint8_t is_num;
};

struct rt_entry {
	rt_str keyword, file;
	uint32_t line;
	uint32_t strs; /* nwords words, then nattrs keys, then nattrs values, in entry_strs */
	uint16_t nwords, nattrs, gens;
};

struct regdb_tables {
	const char *str;
	uint32_t str_len;
	const struct hwpc_gens *gens;
	uint32_t ngens;
	const struct rt_vendor *vendors;
	uint32_t nvendors;
	const struct rt_chipset *chipsets;
	uint32_t nchipsets;
	const struct rt_dim *dims;
	uint32_t ndims;
	/* Hand-written spaces first, [0, nhand_spaces): the database lists
	 * those; the generated registers' spaces follow. */
	const struct rt_space *spaces;
	uint32_t nspaces, nhand_spaces;
	/* Hand-written registers first, [0, nhand); generated ones after,
	 * each valid on at least one chipset. */
	const struct rt_reg *regs;
	uint32_t nregs, nhand;
	/* The hand-written registers' fields and enums come first too. */
	const struct rt_field *fields;
	uint32_t nfields, nhand_fields;
	const struct rt_enum *enums;
	uint32_t nenums, nhand_enums;
	const struct rt_param *params;
	uint32_t nparams;
	const struct rt_entry *entries;
	uint32_t nentries;
	const rt_str *entry_strs;
	uint32_t nentry_strs;
	/* Registers by full name, any case: open addressing over name_nslots
	 * (a power of two) probed from regdb_name_hash(name); a slot holds a
	 * register index + 1, and registers of one name chain through
	 * name_next (index + 1, 0 ends). */
	const uint32_t *name_slot;
	uint32_t name_nslots;
	const uint32_t *name_next;
	/* Every register index, by the address of its first element (then
	 * scalars before arrays, then index). */
	const uint32_t *by_addr;
	/* Per chipset c, the registers on it in by_addr's order:
	 * chip_regs[chip_first[c] .. chip_first[c + 1]), and how much a view
	 * of them materialises (the generated ones, their fields and enums):
	 * a view is built without looking at any other register. */
	const uint16_t *chip_regs;
	const uint32_t *chip_first;     /* nchipsets + 1 */
	const uint32_t *chip_counts;    /* 3 per chipset: registers, fields, enums */
};

/* A string of the tables; offset 0 is none. */
static inline const char *regdb_str(const struct regdb_tables *t, rt_str off)
{
	return off ? t->str + off : NULL;
}

struct hwpc_regdb;
/* The compiled form of a loaded (parsed, finalised) database; *out is one
 * malloc'd block, freed with free(). */
int regdb_compact(const struct hwpc_regdb *db, struct regdb_tables **out, struct hwpc_err *err);
/* A database serving the API from tables (which must outlive it; owned:
 * freed with it). */
int regdb_open_tables(const struct regdb_tables *t, void *owned, struct hwpc_regdb **out,
		      struct hwpc_err *err);
/* One entry of the tables as the API's struct (regdb_fill.c). */
void regdb_fill_dims(const struct regdb_tables *t, struct hwpc_dim *out, uint32_t first, unsigned n);
void regdb_fill_enum(const struct regdb_tables *t, struct hwpc_enum *o, const struct rt_enum *e);
void regdb_fill_field(const struct regdb_tables *t, struct hwpc_field *o, const struct rt_field *f,
		      const struct hwpc_enum *enums);
void regdb_fill_reg(const struct regdb_tables *t, struct hwpc_reg *o, const struct rt_reg *r,
		    const struct hwpc_space *space, const struct hwpc_field *fields);
/* The tables compiled into libhwpc (generated by regdb-compile). */
extern const struct regdb_tables hwpc_regdb_builtin;

#endif
