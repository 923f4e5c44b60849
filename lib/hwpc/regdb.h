/* SPDX-License-Identifier: MIT */
/* The register database: chipsets, register spaces, registers, bitfields,
 * enums and scalar parameters, each valid for a set of chipsets.  The text
 * format is described in hwpc-regdb(5); the data lives in regdb/ and is
 * compiled into libhwpc (HWPC_REGDB=DIR loads DIR/\*.regdb instead). */
#ifndef HWPC_REGDB_H
#define HWPC_REGDB_H

#include "hwpc/api.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hwpc/error.h"

#ifdef __cplusplus
extern "C" {
#endif

#define HWPC_MAX_CHIPSETS 256
#define HWPC_MAX_DIMS 6
#define HWPC_MAX_FIELD_RANGES 4

/* A set of chipsets, as bits indexed by the chipset's position in the
 * chipset table (the order generation ranges follow). */
struct hwpc_gens {
	uint64_t bits[HWPC_MAX_CHIPSETS / 64];
};

enum hwpc_access {
	HWPC_ACCESS_RW = 0,
	HWPC_ACCESS_RO,
	HWPC_ACCESS_WO,
	HWPC_ACCESS_W1C, /* read: status; write 1 to a bit clears it */
};

/* What a read of a register's bits returns (regdb's read= and readback=,
 * hwpc-regdb(5)): what a read-back check may compare and what a diff of a
 * live device leaves out. */
enum hwpc_read {
	HWPC_READ_WRITTEN = 0, /* the value last written (rw's default) */
	HWPC_READ_ZERO,        /* 0: write-only and trigger bits (wo's default) */
	HWPC_READ_LIVE,        /* a value the hardware changes by itself: counters, timers,
				  status (volatile; w1c's default) */
	HWPC_READ_FIXED,       /* what the chip was built or strapped with: identity, fuses;
				  the same on every read (ro's default) */
};

struct hwpc_chipset {
	const char *name;   /* "NV41" */
	const char *family; /* "Curie" */
	int index;          /* position in the chipset table */
	int id;             /* PMC.BOOT_0 chipset id (bits 20-28), -1 if none */
	const char *boot0;  /* pre-NV10 BOOT_0 match conditions, or NULL */
	uint16_t pci_vendor;
	int pci_device; /* first PCI device id, -1 if unknown */
	const char *source;
	/* Chipsets of one group ("nvidia", "tensix", "mips") are ordered among
	 * themselves; an open range (NV41-, :NV30) stops at its group's edge. */
	const char *group;
	/* Other names users type for it, '|'-separated ("GT200"), or NULL. */
	const char *aliases;
};

struct hwpc_enum {
	uint64_t value;
	const char *name;
	const char *doc;
	const char *attrs; /* extra key=value pairs, space separated, or NULL */
	struct hwpc_gens gens;
};

struct hwpc_bitrange {
	uint8_t lo, hi; /* inclusive, lo <= hi */
};

struct hwpc_field {
	const char *name;
	unsigned nranges; /* value bits are taken from the ranges, low to high */
	struct hwpc_bitrange ranges[HWPC_MAX_FIELD_RANGES];
	unsigned width; /* total bits */
	enum hwpc_access access;
	struct hwpc_gens gens;
	const struct hwpc_enum *enums;
	unsigned nenums;
	const char *doc;
	const char *source;
	/* What a read of the field returns: read=, else its own access word's
	 * default; when inherit_read, the register's for these bits. */
	enum hwpc_read read;
	bool inherit_read;
};

struct hwpc_dim {
	const char *name;
	uint32_t count;
	uint32_t stride;
};

struct hwpc_space;

struct hwpc_reg {
	const char *name;       /* full name, "PTIMER.TIME_LOW" */
	const char *short_name; /* "TIME_LOW" */
	const struct hwpc_space *space;
	uint32_t offset; /* from the space base */
	unsigned ndims;  /* space dims first, then the register's own */
	struct hwpc_dim dims[HWPC_MAX_DIMS];
	enum hwpc_access access;
	unsigned width; /* 8, 16, 32 or 64 */
	struct hwpc_gens gens;
	const struct hwpc_field *fields;
	unsigned nfields;
	const char *doc;
	const char *source;
	/* Reading has a side effect (onread=TEXT says which), or NULL: such a
	 * register is read only when named (not by a glob, a range or a
	 * snapshot). */
	const char *onread;
	const char *file;
	unsigned line;
	/* What a read returns (read=, else the access's default) for the bits
	 * no field describes; with has_readback, the bits of readback read
	 * what was written and the others read as read= says. */
	enum hwpc_read read;
	bool has_readback;
	uint32_t readback;
	/* From a generated file (regdb/rnndb/): it yields to a hand-written
	 * register where they meet; source says where it comes from. */
	bool generated;
};

struct hwpc_space {
	const char *name;
	uint32_t base;
	unsigned ndims;
	struct hwpc_dim dims[HWPC_MAX_DIMS];
	uint32_t size;
	struct hwpc_gens gens;
	const char *doc;
	const char *source;
	bool generated; /* declared in a generated file (regdb/rnndb/) */
};

struct hwpc_param {
	const char *name;
	const char *value; /* as written */
	bool is_num;
	int64_t num; /* when is_num */
	struct hwpc_gens gens;
	const char *doc;
	const char *source;
	const char *file;
	unsigned line;
};

struct hwpc_vendor {
	uint16_t id;
	const char *name;
};

struct hwpc_regdb;

/* Load the database: HWPC_REGDB=DIR if set, else the compiled-in copy.
 * Errors name file:line and what was expected (status HWPC_EINPUT). */
HWPC_API int hwpc_regdb_load(struct hwpc_regdb **out, struct hwpc_err *err);
/* Parse from explicit texts (used by tests and the loader). */
struct hwpc_regdb_text {
	const char *name;
	const char *text;
};
HWPC_API int hwpc_regdb_parse(const struct hwpc_regdb_text *files, unsigned nfiles,
		     struct hwpc_regdb **out, struct hwpc_err *err);
/* Load every *.regdb in dir, in name order. */
HWPC_API int hwpc_regdb_load_dir(const char *dir, struct hwpc_regdb **out, struct hwpc_err *err);
HWPC_API void hwpc_regdb_free(struct hwpc_regdb *db);

/* --- chipsets --- */
HWPC_API unsigned hwpc_regdb_chipset_count(const struct hwpc_regdb *db);
HWPC_API const struct hwpc_chipset *hwpc_regdb_chipset(const struct hwpc_regdb *db, unsigned index);
/* Case-insensitive. */
HWPC_API const struct hwpc_chipset *hwpc_chipset_by_name(const struct hwpc_regdb *db, const char *name);
/* The chipset whose name is nearest to a mistyped one, or NULL. */
HWPC_API const struct hwpc_chipset *hwpc_chipset_nearest(const struct hwpc_regdb *db, const char *name);
HWPC_API const struct hwpc_chipset *hwpc_chipset_by_id(const struct hwpc_regdb *db, int id);
HWPC_API bool hwpc_gens_has(const struct hwpc_gens *g, const struct hwpc_chipset *chip);
/* Parse a range expression ("NV41-", "NV10:NV30", "NV17:NV20,NV25:G80"). */
HWPC_API int hwpc_gens_parse(const struct hwpc_regdb *db, const char *text, struct hwpc_gens *out,
		    struct hwpc_err *err);
/* Write a range expression back in its shortest form. */
HWPC_API void hwpc_gens_format(const struct hwpc_regdb *db, const struct hwpc_gens *g, char *buf,
		      size_t len);

/* --- registers --- */
HWPC_API unsigned hwpc_regdb_reg_count(const struct hwpc_regdb *db);
HWPC_API const struct hwpc_reg *hwpc_regdb_reg(const struct hwpc_regdb *db, unsigned index);
HWPC_API unsigned hwpc_regdb_space_count(const struct hwpc_regdb *db);
HWPC_API const struct hwpc_space *hwpc_regdb_space(const struct hwpc_regdb *db, unsigned index);

/* Find a register valid for chip by full name ("PTIMER.TIME_LOW") or by an
 * unambiguous suffix ("TIME_LOW"), case-insensitive.  NULL with an error
 * naming close candidates, or where the name is valid, when not found. */
HWPC_API const struct hwpc_reg *hwpc_reg_find(const struct hwpc_regdb *db, const struct hwpc_chipset *chip,
				     const char *name, struct hwpc_err *err);
/* Number of elements of a register array (1 for a scalar). */
HWPC_API uint32_t hwpc_reg_elements(const struct hwpc_reg *reg);
/* Address of one element.  idx has nidx entries; when nidx is smaller than
 * reg->ndims the last given index is flattened over the remaining dims
 * (mixed radix: SIG_STATUS[dom][hi][lo] accepts [dom][i], i = hi*4 + lo). */
HWPC_API int hwpc_reg_addr(const struct hwpc_reg *reg, const uint32_t *idx, unsigned nidx, uint32_t *addr,
		  struct hwpc_err *err);
/* The register (element) at addr for chip, or NULL.  Scalar registers win
 * over array elements that overlap them.  idx receives reg->ndims indices. */
HWPC_API const struct hwpc_reg *hwpc_reg_at(const struct hwpc_regdb *db, const struct hwpc_chipset *chip,
				   uint32_t addr, uint32_t idx[HWPC_MAX_DIMS]);

/* Fields valid for chip, by name (case-insensitive); NULL if none. */
HWPC_API const struct hwpc_field *hwpc_field_find(const struct hwpc_reg *reg, const struct hwpc_chipset *chip,
					 const char *name);
HWPC_API uint64_t hwpc_field_get(const struct hwpc_field *f, uint64_t regval);
/* Insert v into regval; returns false if v does not fit the field. */
HWPC_API bool hwpc_field_put(const struct hwpc_field *f, uint32_t *regval, uint64_t v);
HWPC_API uint32_t hwpc_field_mask(const struct hwpc_field *f);
HWPC_API const struct hwpc_enum *hwpc_enum_find_value(const struct hwpc_field *f,
					     const struct hwpc_chipset *chip, uint64_t value);
HWPC_API const struct hwpc_enum *hwpc_enum_find_name(const struct hwpc_field *f,
					    const struct hwpc_chipset *chip, const char *name);
/* An extra attribute of an enum ("hz"), parsed as a number; false if absent. */
HWPC_API bool hwpc_enum_attr_num(const struct hwpc_enum *e, const char *key, int64_t *out);

/* What a read of bit returns on chip: the field's there, else the
 * register's (hwpc-regdb(5), read= and readback=). */
HWPC_API enum hwpc_read hwpc_reg_bit_read(const struct hwpc_reg *reg, const struct hwpc_chipset *chip, unsigned bit);
/* The bits of reg on chip whose read returns kind (of a 64-bit register,
 * the low word's: hwpc_reg_bit_read for the others). */
HWPC_API uint32_t hwpc_reg_read_bits(const struct hwpc_reg *reg, const struct hwpc_chipset *chip, enum hwpc_read kind);
/* "written", "zero", "live", "fixed". */
HWPC_API const char *hwpc_read_name(enum hwpc_read kind);

/* Decode regval into "FIELD=VALUE FIELD=ENUM ..." for chip. */
HWPC_API void hwpc_reg_decode(const struct hwpc_reg *reg, const struct hwpc_chipset *chip, uint64_t regval,
		     char *buf, size_t len);

/* A register reference as users write it: NAME[IDX]...[.FIELD]. */
struct hwpc_regref {
	const struct hwpc_reg *reg;
	uint32_t idx[HWPC_MAX_DIMS];
	unsigned nidx;
	const struct hwpc_field *field; /* NULL: whole register */
	uint32_t addr;
};
HWPC_API int hwpc_regref_parse(const struct hwpc_regdb *db, const struct hwpc_chipset *chip, const char *text,
		      struct hwpc_regref *out, struct hwpc_err *err);
/* "PCOUNTER.PRE_SRC[3]" */
HWPC_API void hwpc_regref_format(const struct hwpc_regref *ref, char *buf, size_t len);

/* --- one chip's registers ---
 * A chip's view: every register regdb has for one chipset -- the
 * hand-written ones this database serves above and the generated ones
 * (regdb/rnndb/, converted from envytools' rnndb) -- in address order, with
 * the lookups users' register accesses go through.  Opening a device builds
 * one (hwpc_dev_regs); it never changes after, and threads may share it. */
struct hwpc_regview;
HWPC_API int hwpc_regview_new(const struct hwpc_regdb *db, const struct hwpc_chipset *chip,
			      struct hwpc_regview **out, struct hwpc_err *err);
HWPC_API void hwpc_regview_free(struct hwpc_regview *v);
HWPC_API const struct hwpc_chipset *hwpc_regview_chip(const struct hwpc_regview *v);
HWPC_API const struct hwpc_regdb *hwpc_regview_db(const struct hwpc_regview *v);
/* The registers, ascending by the address of their first element. */
HWPC_API unsigned hwpc_regview_count(const struct hwpc_regview *v);
HWPC_API const struct hwpc_reg *hwpc_regview_reg(const struct hwpc_regview *v, unsigned i);
/* By full name, or by a short name that names one register (one of the
 * hand-written ones, if it names one of those), any case; NULL with an
 * error as hwpc_reg_find's when there is none. */
HWPC_API const struct hwpc_reg *hwpc_regview_find(const struct hwpc_regview *v, const char *name,
						  struct hwpc_err *err);
/* The register (element) at addr, as hwpc_reg_at. */
HWPC_API const struct hwpc_reg *hwpc_regview_at(const struct hwpc_regview *v, uint32_t addr,
						uint32_t idx[HWPC_MAX_DIMS]);
/* A reference NAME[IDX]...[.FIELD], as hwpc_regref_parse. */
HWPC_API int hwpc_regview_ref_parse(const struct hwpc_regview *v, const char *text,
				    struct hwpc_regref *out, struct hwpc_err *err);

/* --- parameters (scalar hardware facts: counts, widths, clock names) --- */
HWPC_API const struct hwpc_param *hwpc_param_find(const struct hwpc_regdb *db, const struct hwpc_chipset *chip,
					 const char *name);
/* Numeric parameter, or def when absent for chip. */
HWPC_API int64_t hwpc_param_num(const struct hwpc_regdb *db, const struct hwpc_chipset *chip,
		       const char *name, int64_t def);
/* String parameter, or def when absent for chip. */
HWPC_API const char *hwpc_param_str(const struct hwpc_regdb *db, const struct hwpc_chipset *chip,
			   const char *name, const char *def);
HWPC_API unsigned hwpc_regdb_param_count(const struct hwpc_regdb *db);
HWPC_API const struct hwpc_param *hwpc_regdb_param(const struct hwpc_regdb *db, unsigned index);

/* --- extension entries ---
 * Lines whose keyword the core parser does not know are kept as entries
 * (keyword, positional words, key=value attributes) for the modules that own
 * them (signal tables, event tables, chipset profiles).  An unknown keyword
 * is still an error unless a module registered it in hwpc_regdb_keywords. */
struct hwpc_regdb_entry {
	const char *keyword;
	unsigned nwords;
	const char *const *words;
	unsigned nattrs;
	const char *const *keys;
	const char *const *values;
	struct hwpc_gens gens; /* from gens=, all chipsets when absent */
	const char *file;
	unsigned line;
};
HWPC_API unsigned hwpc_regdb_entry_count(const struct hwpc_regdb *db);
HWPC_API const struct hwpc_regdb_entry *hwpc_regdb_entry_at(const struct hwpc_regdb *db, unsigned index);
HWPC_API const char *hwpc_entry_attr(const struct hwpc_regdb_entry *r, const char *key);

#ifdef __cplusplus
}
#endif
#endif
