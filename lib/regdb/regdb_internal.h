/* SPDX-License-Identifier: MIT */
/* Internal representation of a loaded register database (hwpc/regdb.h). */
#ifndef HWPC_REGDB_INTERNAL_H
#define HWPC_REGDB_INTERNAL_H

#include "core/arena.h"
#include "hwpc/regdb.h"

/* A growable array of fixed-size elements; pointers into it are only taken
 * once loading has finished. */
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
	struct hwpc_gens all;
	/* Registers by full name (case-insensitive hash, open addressing);
	 * same-named registers for other chipsets follow through name_next. */
	size_t *name_slot; /* reg index + 1, 0 = empty */
	size_t name_nslots;
	size_t *name_next; /* per reg: next reg index + 1 with the same name */
	/* Compiled-in files holding only module records (signal tables,
	 * profiles) are parsed when records are first asked for: most commands
	 * never need them, and start-up time is every command's.  The
	 * compiled-in text is checked whole by the test suite. */
	const struct hwpc_regdb_text *deferred[32];
	unsigned ndeferred;
};
/* Parse the deferred files now (hwpc_regdb_entry_count does). */
void regdb_load_deferred(struct hwpc_regdb *db);
uint64_t regdb_name_hash(const char *s);
/* Parse one regdb file's text into db (regdb_parse.c); errors name file:line. */
int regdb_parse_text(struct hwpc_regdb *db, const char *file, const char *text, struct hwpc_err *err);

/* Extension keywords kept as records for the modules that own them. */
extern const char *const hwpc_regdb_extension_keywords[];

#endif
