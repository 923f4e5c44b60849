/* SPDX-License-Identifier: MIT */
/* Looking things up in a loaded register database: registers by name or by
 * address, parameters and module records.  One register's own layout is in
 * regdb_addr.c and regdb_field.c; references as users write them in
 * regdb_regref.c. */
#include "regdb/regdb_internal.h"
#include "regdb/regdb_tables.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

unsigned hwpc_regdb_reg_count(const struct hwpc_regdb *db)
{
	return (unsigned)db->regs.len;
}

const struct hwpc_reg *hwpc_regdb_reg(const struct hwpc_regdb *db, unsigned index)
{
	return index < db->regs.len ? VEC_AT(db->regs, struct hwpc_reg, index) : NULL;
}

unsigned hwpc_regdb_space_count(const struct hwpc_regdb *db)
{
	/* The hand-written spaces: those of generated registers are reached
	 * through their registers (a chip's view). */
	return db->tables ? db->tables->nhand_spaces : (unsigned)db->spaces.len;
}

const struct hwpc_space *hwpc_regdb_space(const struct hwpc_regdb *db, unsigned index)
{
	return index < hwpc_regdb_space_count(db) ? VEC_AT(db->spaces, struct hwpc_space, index) : NULL;
}

const struct hwpc_reg *hwpc_reg_find(const struct hwpc_regdb *db, const struct hwpc_chipset *chip,
				     const char *name, struct hwpc_err *err)
{
	const struct hwpc_reg *found = NULL;
	struct hwpc_gens where = { { 0 } };
	bool elsewhere = false;

	/* An exact full name, valid for chip, is a hash probe: into the
	 * compiled tables' index (the hand-written registers lead them), or
	 * the one built for a parsed database. */
	const struct regdb_tables *t = db->tables;
	if (t) {
		size_t k = (size_t)regdb_name_hash(name) & (t->name_nslots - 1);
		for (uint32_t cur; (cur = t->name_slot[k]); k = (k + 1) & (t->name_nslots - 1)) {
			if (strcasecmp(t->str + t->regs[cur - 1].name, name))
				continue;
			for (uint32_t i = cur; i; i = t->name_next[i - 1]) {
				const struct hwpc_reg *r = i - 1 < t->nhand ? hwpc_regdb_reg(db, i - 1) : NULL;
				if (r && hwpc_gens_has(&r->gens, chip))
					return r;
			}
			break;
		}
	} else if (db->name_nslots) {
		size_t k = (size_t)regdb_name_hash(name) & (db->name_nslots - 1);
		for (size_t cur; (cur = db->name_slot[k]); k = (k + 1) & (db->name_nslots - 1)) {
			const struct hwpc_reg *r = VEC_AT(db->regs, struct hwpc_reg, cur - 1);
			if (strcasecmp(r->name, name))
				continue;
			for (size_t i = cur; i; i = db->name_next[i - 1]) {
				r = VEC_AT(db->regs, struct hwpc_reg, i - 1);
				if (hwpc_gens_has(&r->gens, chip))
					return r;
			}
			break;
		}
	}
	struct regdb_miss miss = REGDB_MISS_INIT;
	for (size_t i = 0; i < db->regs.len; i++) {
		const struct hwpc_reg *r = VEC_AT(db->regs, struct hwpc_reg, i);
		if (!regdb_name_matches(r->name, name))
			continue;
		if (!hwpc_gens_has(&r->gens, chip)) {
			elsewhere = true;
			for (size_t k = 0; k < sizeof where.bits / sizeof where.bits[0]; k++)
				where.bits[k] |= r->gens.bits[k];
			continue;
		}
		if (!strcasecmp(r->name, name))
			return r; /* an exact full name always wins */
		regdb_miss_match(&miss, r);
		found = r;
	}
	if (miss.nfound == 1)
		return found;
	if (!err)
		return NULL; /* a probe ("does the chip have X?"): no message to build */
	if (regdb_miss_found(err, db, &miss, name, chip->name, elsewhere ? &where : NULL))
		return NULL;
	/* Suggest the closest names valid on this chipset. */
	for (size_t i = 0; i < db->regs.len; i++) {
		const struct hwpc_reg *r = VEC_AT(db->regs, struct hwpc_reg, i);
		if (hwpc_gens_has(&r->gens, chip))
			regdb_miss_near(&miss, name, r);
	}
	regdb_miss_unknown(err, &miss, name, chip->name);
	return NULL;
}

const struct hwpc_reg *hwpc_reg_at(const struct hwpc_regdb *db, const struct hwpc_chipset *chip,
				   uint32_t addr, uint32_t idx[HWPC_MAX_DIMS])
{
	const struct hwpc_reg *arr = NULL;
	uint32_t tmp[HWPC_MAX_DIMS];

	for (size_t i = 0; i < db->regs.len; i++) {
		const struct hwpc_reg *r = VEC_AT(db->regs, struct hwpc_reg, i);
		if (!hwpc_gens_has(&r->gens, chip))
			continue;
		if (r->ndims == 0) {
			if ((uint64_t)r->space->base + r->offset == addr)
				return r; /* scalars win over overlapping array elements */
			continue;
		}
		if (!arr && regdb_element_at(r, addr, tmp)) {
			arr = r;
			memcpy(idx, tmp, sizeof tmp);
		}
	}
	return arr;
}

const struct hwpc_param *hwpc_param_find(const struct hwpc_regdb *db, const struct hwpc_chipset *chip,
					 const char *name)
{
	for (size_t i = 0; i < db->params.len; i++) {
		const struct hwpc_param *p = VEC_AT(db->params, struct hwpc_param, i);
		if (!strcasecmp(p->name, name) && hwpc_gens_has(&p->gens, chip))
			return p;
	}
	return NULL;
}

int64_t hwpc_param_num(const struct hwpc_regdb *db, const struct hwpc_chipset *chip,
		       const char *name, int64_t def)
{
	const struct hwpc_param *p = hwpc_param_find(db, chip, name);
	return p && p->is_num ? p->num : def;
}

const char *hwpc_param_str(const struct hwpc_regdb *db, const struct hwpc_chipset *chip,
			   const char *name, const char *def)
{
	const struct hwpc_param *p = hwpc_param_find(db, chip, name);
	return p ? p->value : def;
}

unsigned hwpc_regdb_param_count(const struct hwpc_regdb *db)
{
	return (unsigned)db->params.len;
}

const struct hwpc_param *hwpc_regdb_param(const struct hwpc_regdb *db, unsigned index)
{
	return index < db->params.len ? VEC_AT(db->params, struct hwpc_param, index) : NULL;
}

unsigned hwpc_regdb_entry_count(const struct hwpc_regdb *db)
{
	return (unsigned)db->records.len;
}

const struct hwpc_regdb_entry *hwpc_regdb_entry_at(const struct hwpc_regdb *db, unsigned index)
{
	return index < db->records.len ? VEC_AT(db->records, struct hwpc_regdb_entry, index) : NULL;
}

const char *hwpc_entry_attr(const struct hwpc_regdb_entry *r, const char *key)
{
	for (unsigned i = 0; i < r->nattrs; i++)
		if (!strcmp(r->keys[i], key))
			return r->values[i];
	return NULL;
}
