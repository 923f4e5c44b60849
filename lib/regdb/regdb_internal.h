/* SPDX-License-Identifier: MIT */
/* Internal representation of a loaded register database (hwpc/regdb.h). */
#ifndef HWPC_REGDB_INTERNAL_H
#define HWPC_REGDB_INTERNAL_H

#include "core/arena.h"
#include "hwpc/regdb.h"

/* A growable array of fixed-size elements; pointers into it are only taken
 * once loading has finished (regdb_vec.c). */
struct vec {
	void *data;
	size_t len, cap, elsize;
};
void *vec_push(struct vec *v); /* zeroed new element, NULL on ENOMEM */
void vec_free(struct vec *v);
#define VEC_AT(v, type, i) (&((type *)(v).data)[i])

/* Generation ranges are resolved after every file is read, because a range
 * names chipsets that may be declared in a later file. */
enum pending_kind { PK_SPACE, PK_REG, PK_FIELD, PK_ENUM, PK_PARAM, PK_RECORD };
struct pending_gens {
	enum pending_kind kind;
	size_t index;
	const char *text;
	const char *file;
	unsigned line;
};

/* Register under construction: fields are referenced by index until done. */
struct reg_build {
	size_t first_field, nfields;
	size_t space; /* index */
	/* fields=partial: its fields are the ones hwpc needs; a generated
	 * register at its address adds the others (regdb_resolve.c). */
	bool partial;
};
/* A generated register's fields joining a partial hand-written one on the
 * chipsets both cover (regdb_compact.c emits them with its own). */
struct field_merge {
	size_t hand, gen; /* register indices */
	struct hwpc_gens gens;
};
struct field_build {
	size_t first_enum, nenums;
};
struct space_build {
	const char *like; /* copy the registers of this space */
	const char *file;
	unsigned line;
	size_t first_reg, nregs;
};
/* Where a chipset was declared: errors about it name the line. */
struct chipset_build {
	const char *file;
	unsigned line;
};
struct record_build {
	struct vec words, keys, values; /* const char * */
};

struct hwpc_regdb {
	struct arena arena;
	struct vec vendors;  /* struct hwpc_vendor */
	struct vec chipsets; /* struct hwpc_chipset */
	struct vec chipset_b; /* struct chipset_build, one per chipset */
	struct vec spaces;   /* struct hwpc_space */
	struct vec space_b;  /* struct space_build */
	struct vec regs;     /* struct hwpc_reg */
	struct vec reg_b;    /* struct reg_build */
	struct vec fields;   /* struct hwpc_field */
	struct vec field_b;  /* struct field_build */
	struct vec enums;    /* struct hwpc_enum */
	struct vec params;   /* struct hwpc_param */
	struct vec records;  /* struct hwpc_regdb_entry */
	struct vec record_b; /* struct record_build */
	struct vec pending;  /* struct pending_gens */
	struct vec merges;   /* struct field_merge */
	struct hwpc_gens all;
	/* Registers by full name (case-insensitive hash, open addressing);
	 * same-named registers for other chipsets follow through name_next. */
	size_t *name_slot; /* reg index + 1, 0 = empty */
	size_t name_nslots;
	size_t *name_next; /* per reg: next reg index + 1 with the same name */
	/* A database served from compiled tables (regdb_tables.h): the vecs
	 * above hold the chipsets, spaces, parameters, entries and the
	 * hand-written registers, their strings point into the tables, and
	 * chip views (hwpc_regview_new) add the generated registers.  NULL
	 * while parsing text. */
	const struct regdb_tables *tables;
	void *tables_owned; /* freed with the database (HWPC_REGDB=DIR) */
	const char **entry_strs; /* the entries' words, keys and values */
};
/* The full-name index's hash of a register name (regdb_names.c). */
uint64_t regdb_name_hash(const char *s);
/* The full-name index of the registers in db->regs (regdb_load.c). */
int regdb_index_names(struct hwpc_regdb *db, struct hwpc_err *err);
/* An empty database, its vecs typed (regdb_new.c); hwpc_regdb_free frees it. */
struct hwpc_regdb *regdb_new(void);
/* Parse texts into a finalised database of vecs, not compiled (what
 * regdb-compile and regdb_compact start from). */
int regdb_parse_raw(const struct hwpc_regdb_text *files, unsigned nfiles, struct hwpc_regdb **out,
		    struct hwpc_err *err);
/* Every *.regdb in dir and its subdirectories (one level), in name order,
 * named by path (by_path) or by their name relative to dir. */
int regdb_read_dir(const char *dir, bool by_path, struct hwpc_regdb_text **out, unsigned *n,
		   struct hwpc_err *err);
void regdb_free_texts(struct hwpc_regdb_text *files, unsigned n);
/* Parse one regdb file's text into db (regdb_parse.c); errors name file:line. */
int regdb_parse_text(struct hwpc_regdb *db, const char *file, const char *text, struct hwpc_err *err);

/* Looking a register up by name (regdb_names.c, shared by the database's
 * and the chip view's lookups): does name match full, or a suffix of it
 * after a '.'? */
bool regdb_name_matches(const char *full, const char *name);
/* What a lookup that found no single register says: the registers the
 * name matched (ambiguous), the chipsets it exists on, or the closest
 * name on this chipset. */
struct regdb_miss {
	unsigned nfound; /* registers name matched on this chipset */
	char cand[256]; /* the first four of them */
	const char *best; /* the closest name seen by regdb_miss_near */
	unsigned bestd;
};
#define REGDB_MISS_INIT { 0, "", NULL, ~0u }
void regdb_miss_match(struct regdb_miss *m, const struct hwpc_reg *r);
void regdb_miss_near(struct regdb_miss *m, const char *name, const struct hwpc_reg *r);
/* The message when nfound != 1; where (NULL: none) holds the chipsets
 * the name exists on.  Returns true if a message was set for
 * nfound > 1 or where, false when the caller must call regdb_miss_near
 * on this chipset's registers and then regdb_miss_unknown. */
bool regdb_miss_found(struct hwpc_err *err, const struct hwpc_regdb *db, const struct regdb_miss *m,
		      const char *name, const char *chip, const struct hwpc_gens *where);
void regdb_miss_unknown(struct hwpc_err *err, const struct regdb_miss *m, const char *name,
			const char *chip);

/* Is addr exactly an element of r (regdb_addr.c)?  idx receives its indices. */
bool regdb_element_at(const struct hwpc_reg *r, uint32_t addr, uint32_t *idx);
/* Generated registers give up the chipsets where they meet hand-written
 * ones (regdb_resolve.c); run once spaces and gens are final. */
void regdb_resolve_generated(struct hwpc_regdb *db);

/* Extension keywords kept as records for the modules that own them. */
extern const char *const hwpc_regdb_extension_keywords[];

#endif
