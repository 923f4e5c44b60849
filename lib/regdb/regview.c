/* SPDX-License-Identifier: MIT */
/* One chip's registers: every register regdb has for the chipset, the
 * hand-written ones (shared with the database) and the generated ones
 * (materialised here from the compiled tables), in address order, with the
 * lookups by name and by address that users' register accesses go
 * through.  Built once (at device open), never changed after: threads may
 * share it. */
#include "core/err_local.h"
#include "regdb/regdb_internal.h"
#include "regdb/regdb_tables.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

struct hwpc_regview {
	const struct hwpc_regdb *db;
	const struct hwpc_chipset *chip;
	unsigned nregs;
	const struct hwpc_reg **regs; /* ascending address of the first element */
	uint32_t *start;              /* regs[i]'s first address */
	uint64_t *reach;              /* max over regs[0..i] of one past the last byte */
	/* compiled register index -> this view's register, NULL off the chip */
	const struct hwpc_reg **by_index;
};

static uint64_t end_of(const struct hwpc_reg *r)
{
	uint64_t last = (uint64_t)r->space->base + r->offset;
	for (unsigned i = 0; i < r->ndims; i++)
		last += (uint64_t)(r->dims[i].count - 1) * r->dims[i].stride;
	return last + r->width / 8;
}

static size_t align8(size_t n)
{
	return (n + 7) & ~(size_t)7;
}

int hwpc_regview_new(const struct hwpc_regdb *db, const struct hwpc_chipset *chip,
		     struct hwpc_regview **out, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	const struct regdb_tables *t = db->tables;
	*out = NULL;
	if (!t || !chip)
		return hwpc_err_set(err, HWPC_EINPUT, "no register view without compiled tables and a chipset");
	/* The chip's registers, and what its view materialises, were counted
	 * at compile time. */
	const uint16_t *list = t->chip_regs + t->chip_first[chip->index];
	size_t n = t->chip_first[chip->index + 1] - t->chip_first[chip->index];
	size_t nown = t->chip_counts[3 * chip->index], nfields = t->chip_counts[3 * chip->index + 1],
	       nenums = t->chip_counts[3 * chip->index + 2];
	size_t bytes = align8(sizeof(struct hwpc_regview)) + align8(n * sizeof(void *)) +
		       align8(n * sizeof(uint32_t)) + align8(n * sizeof(uint64_t)) +
		       align8(t->nregs * sizeof(void *)) + align8(nown * sizeof(struct hwpc_reg)) +
		       align8(nfields * sizeof(struct hwpc_field)) + nenums * sizeof(struct hwpc_enum);
	char *block = calloc(1, bytes); /* zeroed: by_index starts empty */
	if (!block)
		return hwpc_err_set(err, HWPC_EOP, "out of memory building %s's registers", chip->name);
	struct hwpc_regview *v = (struct hwpc_regview *)block;
	char *at = block + align8(sizeof *v);
	v->db = db;
	v->chip = chip;
	v->nregs = (unsigned)n;
	v->regs = (const struct hwpc_reg **)at;
	at += align8(n * sizeof(void *));
	v->start = (uint32_t *)at;
	at += align8(n * sizeof(uint32_t));
	v->reach = (uint64_t *)at;
	at += align8(n * sizeof(uint64_t));
	v->by_index = (const struct hwpc_reg **)at;
	at += align8(t->nregs * sizeof(void *));
	struct hwpc_reg *own = (struct hwpc_reg *)at;
	at += align8(nown * sizeof(struct hwpc_reg));
	struct hwpc_field *fields = (struct hwpc_field *)at;
	at += align8(nfields * sizeof(struct hwpc_field));
	struct hwpc_enum *enums = (struct hwpc_enum *)at;

	const struct hwpc_space *spaces = db->spaces.data;
	uint64_t reach = 0;
	for (size_t i = 0; i < n; i++) {
		uint32_t ri = list[i];
		const struct rt_reg *r = &t->regs[ri];
		const struct hwpc_reg *reg;
		if (ri < t->nhand) {
			reg = VEC_AT(db->regs, struct hwpc_reg, ri);
		} else {
			struct hwpc_field *f0 = fields;
			for (unsigned f = 0; f < r->nfields; f++) {
				const struct rt_field *rf = &t->fields[r->fields + f];
				for (unsigned e = 0; e < rf->nenums; e++)
					regdb_fill_enum(t, &enums[e], &t->enums[rf->enums + e]);
				regdb_fill_field(t, fields++, rf, enums);
				enums += rf->nenums;
			}
			regdb_fill_reg(t, own, r, &spaces[r->space], f0);
			reg = own++;
		}
		v->by_index[ri] = reg;
		v->regs[i] = reg;
		v->start[i] = reg->space->base + reg->offset;
		uint64_t end = end_of(reg);
		reach = end > reach ? end : reach;
		v->reach[i] = reach;
	}
	*out = v;
	return 0;
}

void hwpc_regview_free(struct hwpc_regview *v)
{
	free(v);
}

const struct hwpc_chipset *hwpc_regview_chip(const struct hwpc_regview *v)
{
	return v->chip;
}

const struct hwpc_regdb *hwpc_regview_db(const struct hwpc_regview *v)
{
	return v->db;
}

unsigned hwpc_regview_count(const struct hwpc_regview *v)
{
	return v->nregs;
}

const struct hwpc_reg *hwpc_regview_reg(const struct hwpc_regview *v, unsigned i)
{
	return i < v->nregs ? v->regs[i] : NULL;
}

const struct hwpc_reg *hwpc_regview_at(const struct hwpc_regview *v, uint32_t addr,
				       uint32_t idx[HWPC_MAX_DIMS])
{
	/* The last register starting at or before addr, then back while the
	 * registers before could still reach it; the scalar at addr wins,
	 * else the first array with an element there. */
	unsigned lo = 0, hi = v->nregs;
	while (lo < hi) {
		unsigned mid = lo + (hi - lo) / 2;
		if (v->start[mid] <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	const struct hwpc_reg *scalar = NULL, *arr = NULL;
	uint32_t tmp[HWPC_MAX_DIMS];
	for (unsigned j = lo; j-- > 0 && v->reach[j] > addr;) {
		const struct hwpc_reg *r = v->regs[j];
		if (r->ndims == 0) {
			if (v->start[j] == addr)
				scalar = r;
		} else if (regdb_element_at(r, addr, tmp)) {
			arr = r;
			memcpy(idx, tmp, sizeof tmp);
		}
	}
	if (scalar)
		return scalar;
	return arr;
}

/* name matches full (case-insensitive) or is a suffix of it after a '.'. */
const struct hwpc_reg *hwpc_regview_find(const struct hwpc_regview *v, const char *name,
					 struct hwpc_err *err)
{
	const struct regdb_tables *t = v->db->tables;
	/* An exact full name is a hash probe. */
	size_t k = (size_t)regdb_name_hash(name) & (t->name_nslots - 1);
	for (uint32_t cur; (cur = t->name_slot[k]); k = (k + 1) & (t->name_nslots - 1)) {
		if (strcasecmp(t->str + t->regs[cur - 1].name, name))
			continue;
		for (uint32_t i = cur; i; i = t->name_next[i - 1])
			if (v->by_index[i - 1])
				return v->by_index[i - 1];
		break;
	}
	/* A short name: the one register it names, a hand-written one first
	 * (those are the ones the hardware documents name). */
	const struct hwpc_reg *found = NULL, *hand = NULL;
	unsigned nhand = 0;
	struct regdb_miss miss = REGDB_MISS_INIT;
	for (unsigned i = 0; i < v->nregs; i++) {
		const struct hwpc_reg *r = v->regs[i];
		if (!regdb_name_matches(r->name, name))
			continue;
		if (!r->generated) {
			hand = r;
			nhand++;
		}
		regdb_miss_match(&miss, r);
		found = r;
	}
	if (nhand == 1)
		return hand;
	if (miss.nfound == 1)
		return found;
	if (!err)
		return NULL;
	/* On other chipsets? */
	struct hwpc_gens where = { { 0 } };
	bool elsewhere = false;
	if (!miss.nfound)
		for (uint32_t i = 0; i < t->nregs; i++)
			if (regdb_name_matches(t->str + t->regs[i].name, name)) {
				const struct hwpc_gens *g = &t->gens[t->regs[i].gens];
				for (size_t b = 0; b < sizeof where.bits / sizeof where.bits[0]; b++)
					where.bits[b] |= g->bits[b];
				elsewhere = true;
			}
	if (regdb_miss_found(err, v->db, &miss, name, v->chip->name, elsewhere ? &where : NULL))
		return NULL;
	/* The closest names on this chipset. */
	for (unsigned i = 0; i < v->nregs; i++)
		regdb_miss_near(&miss, name, v->regs[i]);
	regdb_miss_unknown(err, &miss, name, v->chip->name);
	return NULL;
}
