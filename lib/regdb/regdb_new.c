/* SPDX-License-Identifier: MIT */
/* A database's life: an empty one, and freeing one, whichever way it was
 * filled (parsed from text by regdb_load.c or opened from compiled tables
 * by regdb_open.c). */
#include "regdb/regdb_internal.h"

#include <stdlib.h>

struct hwpc_regdb *regdb_new(void)
{
	struct hwpc_regdb *db = calloc(1, sizeof *db);
	if (!db)
		return NULL;
	db->vendors.elsize = sizeof(struct hwpc_vendor);
	db->chipsets.elsize = sizeof(struct hwpc_chipset);
	db->chipset_b.elsize = sizeof(struct chipset_build);
	db->spaces.elsize = sizeof(struct hwpc_space);
	db->space_b.elsize = sizeof(struct space_build);
	db->regs.elsize = sizeof(struct hwpc_reg);
	db->reg_b.elsize = sizeof(struct reg_build);
	db->fields.elsize = sizeof(struct hwpc_field);
	db->field_b.elsize = sizeof(struct field_build);
	db->enums.elsize = sizeof(struct hwpc_enum);
	db->params.elsize = sizeof(struct hwpc_param);
	db->records.elsize = sizeof(struct hwpc_regdb_entry);
	db->pending.elsize = sizeof(struct pending_gens);
	db->merges.elsize = sizeof(struct field_merge);
	return db;
}

void hwpc_regdb_free(struct hwpc_regdb *db)
{
	if (!db)
		return;
	vec_free(&db->vendors);
	vec_free(&db->chipsets);
	vec_free(&db->chipset_b);
	vec_free(&db->spaces);
	vec_free(&db->space_b);
	vec_free(&db->regs);
	vec_free(&db->reg_b);
	vec_free(&db->fields);
	vec_free(&db->field_b);
	vec_free(&db->enums);
	vec_free(&db->params);
	vec_free(&db->records);
	vec_free(&db->pending);
	vec_free(&db->merges);
	free(db->name_slot);
	free(db->name_next);
	free(db->entry_strs);
	free(db->tables_owned);
	arena_free(&db->arena);
	free(db);
}
