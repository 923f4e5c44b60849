/* SPDX-License-Identifier: MIT */
/* Looking things up in a loaded register database: registers by name or by
 * address, fields, enums, parameters and module records. */
#include "regdb/regdb_internal.h"
#include "regdb/regdb_lex.h"
#include "regdb/regdb_tables.h"
#include "core/strdist.h"
#include "regdb/regdb_cmd.h"

#include <ctype.h>
#include <stdlib.h>
#include <stdio.h>
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

bool regdb_name_matches(const char *full, const char *name)
{
	size_t n = strlen(full), m = strlen(name);
	if (m > n)
		return false;
	if (strcasecmp(full + n - m, name))
		return false;
	return m == n || full[n - m - 1] == '.';
}

void regdb_miss_match(struct regdb_miss *m, const struct hwpc_reg *r)
{
	if (m->nfound++ < 4) {
		size_t n = strlen(m->cand);
		snprintf(m->cand + n, sizeof m->cand - n, "%s%s", n ? ", " : "", r->name);
	}
}

void regdb_miss_near(struct regdb_miss *m, const char *name, const struct hwpc_reg *r)
{
	unsigned d = hwpc_strdist_ci(name, r->short_name);
	unsigned d2 = hwpc_strdist_ci(name, r->name);
	if (d2 < d)
		d = d2;
	if (d < m->bestd) {
		m->bestd = d;
		m->best = r->name;
	}
}

bool regdb_miss_found(struct hwpc_err *err, const struct hwpc_regdb *db, const struct regdb_miss *m,
		      const char *name, const char *chip, const struct hwpc_gens *where)
{
	if (m->nfound > 1) {
		hwpc_err_set(err, HWPC_EINPUT, "register name '%s' is ambiguous on %s: %s%s", name, chip,
			     m->cand, m->nfound > 4 ? ", ..." : "");
		return true;
	}
	if (where) {
		char g[256];
		hwpc_gens_format(db, where, g, sizeof g);
		hwpc_err_set(err, HWPC_EINPUT, "register %s does not exist on %s (it exists on %s)", name,
			     chip, g);
		return true;
	}
	return false;
}

void regdb_miss_unknown(struct hwpc_err *err, const struct regdb_miss *m, const char *name,
			const char *chip)
{
	if (m->best && m->bestd <= 3)
		hwpc_err_set(err, HWPC_EINPUT, "unknown register '%s' on %s (did you mean %s?)", name, chip,
			     m->best);
	else
		hwpc_err_set(err, HWPC_EINPUT, "unknown register '%s' on %s (pcread --list-regs lists them)",
			     name, chip);
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

uint32_t hwpc_reg_elements(const struct hwpc_reg *reg)
{
	uint32_t n = 1;
	for (unsigned i = 0; i < reg->ndims; i++)
		n *= reg->dims[i].count;
	return n;
}

int hwpc_reg_addr(const struct hwpc_reg *reg, const uint32_t *idx, unsigned nidx, uint32_t *addr,
		  struct hwpc_err *err)
{
	uint64_t a = (uint64_t)reg->space->base + reg->offset;
	unsigned d = 0;

	if (nidx > reg->ndims)
		return hwpc_err_set(err, HWPC_EINPUT, "%s takes %u index%s, %u given", reg->name,
				    reg->ndims, reg->ndims == 1 ? "" : "es", nidx);
	if (nidx == 0 && reg->ndims > 0)
		return hwpc_err_set(err, HWPC_EINPUT, "%s is an array: give an index, e.g. %s[0]",
				    reg->name, reg->name);
	for (unsigned i = 0; i + 1 < nidx; i++, d++) {
		if (idx[i] >= reg->dims[d].count)
			return hwpc_err_set(err, HWPC_EINPUT, "%s: index %u out of range for [%s] (0..%u)",
					    reg->name, idx[i], reg->dims[d].name, reg->dims[d].count - 1);
		a += (uint64_t)idx[i] * reg->dims[d].stride;
	}
	if (nidx) {
		/* The last index covers every remaining dimension, mixed radix. */
		uint64_t rest = 1;
		for (unsigned k = d; k < reg->ndims; k++)
			rest *= reg->dims[k].count;
		uint32_t v = idx[nidx - 1];
		if (v >= rest)
			return hwpc_err_set(err, HWPC_EINPUT, "%s: index %u out of range for [%s] (0..%llu)",
					    reg->name, v, reg->dims[d].name, (unsigned long long)rest - 1);
		for (unsigned k = reg->ndims; k-- > d;) {
			a += (uint64_t)(v % reg->dims[k].count) * reg->dims[k].stride;
			v /= reg->dims[k].count;
		}
	}
	*addr = (uint32_t)a;
	return 0;
}

/* Decompose off into reg's dims; true if it is exactly an element. */
bool regdb_element_at(const struct hwpc_reg *r, uint32_t addr, uint32_t *idx)
{
	uint64_t base = (uint64_t)r->space->base + r->offset;
	if (addr < base)
		return false;
	uint64_t off = addr - base;
	/* Dims are not sorted by stride in general (NV10 SIG_STATUS has
	 * 0x100/0x200/0x4): try the largest strides first. */
	unsigned order[HWPC_MAX_DIMS];
	for (unsigned i = 0; i < r->ndims; i++)
		order[i] = i;
	for (unsigned i = 0; i < r->ndims; i++)
		for (unsigned j = i + 1; j < r->ndims; j++)
			if (r->dims[order[j]].stride > r->dims[order[i]].stride) {
				unsigned t = order[i];
				order[i] = order[j];
				order[j] = t;
			}
	for (unsigned k = 0; k < r->ndims; k++) {
		const struct hwpc_dim *d = &r->dims[order[k]];
		uint64_t q = off / d->stride;
		if (q >= d->count)
			q = d->count - 1;
		idx[order[k]] = (uint32_t)q;
		off -= q * d->stride;
	}
	return off == 0;
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

const struct hwpc_field *hwpc_field_find(const struct hwpc_reg *reg, const struct hwpc_chipset *chip,
					 const char *name)
{
	for (unsigned i = 0; i < reg->nfields; i++)
		if (hwpc_gens_has(&reg->fields[i].gens, chip) && !strcasecmp(reg->fields[i].name, name))
			return &reg->fields[i];
	return NULL;
}

uint64_t hwpc_field_get(const struct hwpc_field *f, uint64_t regval)
{
	uint64_t v = 0;
	unsigned shift = 0;
	for (unsigned i = 0; i < f->nranges; i++) {
		unsigned w = f->ranges[i].hi - f->ranges[i].lo + 1u;
		uint64_t bits = (regval >> f->ranges[i].lo) & (w >= 64 ? ~0ULL : ((1ULL << w) - 1));
		v |= bits << shift;
		shift += w;
	}
	return v;
}

bool hwpc_field_put(const struct hwpc_field *f, uint32_t *regval, uint64_t v)
{
	if (f->width < 64 && v >> f->width)
		return false;
	for (unsigned i = 0; i < f->nranges; i++) {
		unsigned w = f->ranges[i].hi - f->ranges[i].lo + 1u;
		uint32_t m = w >= 32 ? 0xffffffffu : ((1u << w) - 1);
		*regval = (*regval & ~(m << f->ranges[i].lo)) | (uint32_t)((v & m) << f->ranges[i].lo);
		v >>= w;
	}
	return true;
}

uint32_t hwpc_field_mask(const struct hwpc_field *f)
{
	uint32_t m = 0;
	for (unsigned i = 0; i < f->nranges; i++) {
		/* the low word's bits of the range (a 64-bit register's high
		 * fields have none) */
		unsigned w = f->ranges[i].hi - f->ranges[i].lo + 1u, lo = f->ranges[i].lo;
		if (lo < 32)
			m |= (uint32_t)((w >= 64 ? UINT64_MAX : (1ULL << w) - 1) << lo);
	}
	return m;
}

enum hwpc_read hwpc_reg_bit_read(const struct hwpc_reg *reg, const struct hwpc_chipset *chip, unsigned bit)
{
	/* fields and readback= describe bits 0-31 (hwpc_field_mask) */
	for (unsigned i = 0; i < reg->nfields && bit < 32; i++) {
		const struct hwpc_field *f = &reg->fields[i];
		if (!f->inherit_read && (hwpc_field_mask(f) >> bit & 1) && hwpc_gens_has(&f->gens, chip))
			return f->read;
	}
	if (reg->has_readback && bit < 32 && (reg->readback >> bit & 1))
		return HWPC_READ_WRITTEN;
	return reg->read;
}

uint32_t hwpc_reg_read_bits(const struct hwpc_reg *reg, const struct hwpc_chipset *chip, enum hwpc_read kind)
{
	uint32_t m = 0;
	for (unsigned bit = 0; bit < reg->width && bit < 32; bit++)
		if (hwpc_reg_bit_read(reg, chip, bit) == kind)
			m |= 1u << bit;
	return m;
}

const char *hwpc_read_name(enum hwpc_read kind)
{
	static const char *const names[] = { "written", "zero", "live", "fixed" };
	return (unsigned)kind < sizeof names / sizeof names[0] ? names[kind] : "?";
}

const struct hwpc_enum *hwpc_enum_find_value(const struct hwpc_field *f,
					     const struct hwpc_chipset *chip, uint64_t value)
{
	for (unsigned i = 0; i < f->nenums; i++)
		if (f->enums[i].value == value && hwpc_gens_has(&f->enums[i].gens, chip))
			return &f->enums[i];
	return NULL;
}

const struct hwpc_enum *hwpc_enum_find_name(const struct hwpc_field *f,
					    const struct hwpc_chipset *chip, const char *name)
{
	for (unsigned i = 0; i < f->nenums; i++)
		if (!strcasecmp(f->enums[i].name, name) && hwpc_gens_has(&f->enums[i].gens, chip))
			return &f->enums[i];
	return NULL;
}

int hwpc_enum_value(const struct hwpc_field *f, const struct hwpc_chipset *chip, const char *text, uint64_t *out,
		    struct hwpc_err *err)
{
	const struct hwpc_enum *e = hwpc_enum_find_name(f, chip, text);
	if (e) {
		*out = e->value;
		return 0;
	}
	struct hwpc_near near;
	char list[160] = "";
	size_t used = 0;
	unsigned n = 0;
	hwpc_near_init(&near, text);
	for (unsigned i = 0; i < f->nenums; i++)
		if (hwpc_gens_has(&f->enums[i].gens, chip)) {
			hwpc_near_add(&near, f->enums[i].name);
			int w = snprintf(list + used, sizeof list - used, "%s%s", n++ ? ", " : "", f->enums[i].name);
			used = w < 0 || (size_t)w >= sizeof list - used ? sizeof list : used + (size_t)w;
		}
	const char *best = hwpc_near_best(&near);
	if (best)
		return hwpc_err_set(err, HWPC_EINPUT, "%s has no value named '%s' on %s (did you mean %s?)", f->name,
				    text, chip->name, best);
	if (n && used < sizeof list)
		return hwpc_err_set(err, HWPC_EINPUT, "%s has no value named '%s' on %s (values: %s)", f->name, text,
				    chip->name, list);
	return hwpc_err_set(err, HWPC_EINPUT, "%s has no value named '%s' on %s", f->name, text, chip->name);
}

bool hwpc_enum_attr_num(const struct hwpc_enum *e, const char *key, int64_t *out)
{
	size_t n = strlen(key);
	for (const char *s = e->attrs; s && *s;) {
		size_t len = strcspn(s, " ");
		if (len > n && !strncmp(s, key, n) && s[n] == '=') {
			char buf[32];
			size_t m = len - n - 1;
			unsigned long long v;
			if (m >= sizeof buf)
				return false;
			memcpy(buf, s + n + 1, m);
			buf[m] = 0;
			if (!regdb_parse_u64(buf, &v))
				return false;
			*out = (int64_t)v;
			return true;
		}
		s += len;
		while (*s == ' ')
			s++;
	}
	return false;
}

void hwpc_reg_decode(const struct hwpc_reg *reg, const struct hwpc_chipset *chip, uint64_t regval,
		     char *buf, size_t len)
{
	size_t used = 0;
	if (len)
		buf[0] = 0;
	for (unsigned i = 0; i < reg->nfields; i++) {
		const struct hwpc_field *f = &reg->fields[i];
		if (!hwpc_gens_has(&f->gens, chip))
			continue;
		uint64_t v = hwpc_field_get(f, regval);
		const struct hwpc_enum *e = hwpc_enum_find_value(f, chip, v);
		int w;
		if (e)
			w = snprintf(buf + used, used < len ? len - used : 0, "%s%s=%s", used ? " " : "",
				     f->name, e->name);
		else if (f->width == 1 || v < 10)
			w = snprintf(buf + used, used < len ? len - used : 0, "%s%s=%llu", used ? " " : "",
				     f->name, (unsigned long long)v);
		else
			w = snprintf(buf + used, used < len ? len - used : 0, "%s%s=0x%llx", used ? " " : "",
				     f->name, (unsigned long long)v);
		used += (size_t)(w > 0 ? w : 0);
	}
}

/* Registers by name from the database (its hand-written registers) or
 * from a chip's view (every register): one parser for both. */
struct finder {
	const struct hwpc_regdb *db;
	const struct hwpc_regview *view;
	const struct hwpc_chipset *chip;
};

static const struct hwpc_reg *find(const struct finder *fd, const char *name, struct hwpc_err *err)
{
	return fd->view ? hwpc_regview_find(fd->view, name, err) : hwpc_reg_find(fd->db, fd->chip, name, err);
}

static int regref_parse(const struct finder *fd, const char *text, struct hwpc_regref *out,
			struct hwpc_err *err)
{
	const struct hwpc_chipset *chip = fd->chip;
	char name[128];
	const char *s = text;
	size_t n = strcspn(s, "[");

	memset(out, 0, sizeof *out);
	/* NAME may contain dots (PTIMER.TIME_LOW); a trailing .FIELD is split
	 * off after the register is known. */
	if (n >= sizeof name)
		return hwpc_err_set(err, HWPC_EINPUT, "register name too long: '%s'", text);
	memcpy(name, s, n);
	name[n] = 0;
	s += n;
	const char *field = NULL;
	if (!*s) {
		/* No index: "REG" or "REG.FIELD".  Probed without a message
		 * first: the message's nearest-name search is the costly part
		 * of a lookup, and REG.FIELD always misses as a whole name. */
		if (!(out->reg = find(fd, name, NULL))) {
			char *dot = strrchr(name, '.');
			if (dot) {
				*dot = 0;
				field = text + (dot - name) + 1;
				/* a register with a field it lacks: named
				 * below, with the fields it has */
				out->reg = find(fd, name, NULL);
			}
			if (!out->reg) {
				memcpy(name, text, n);
				name[n] = 0;
				find(fd, name, err);
				return err ? err->status : HWPC_EINPUT;
			}
		}
	} else if (!(out->reg = find(fd, name, err))) {
		return HWPC_EINPUT;
	}
	while (*s == '[') {
		char *end;
		unsigned long long v;
		const char *close = strchr(s, ']');
		char num[32];
		size_t m = close ? (size_t)(close - s - 1) : 0;
		if (!close || m == 0 || m >= sizeof num)
			return hwpc_err_set(err, HWPC_EINPUT, "bad index in '%s' (expected NAME[N])", text);
		memcpy(num, s + 1, m);
		num[m] = 0;
		if (!regdb_parse_u64(num, &v) || v > 0xffffffffULL)
			return hwpc_err_set(err, HWPC_EINPUT, "bad index '%s' in '%s'", num, text);
		if (out->nidx >= HWPC_MAX_DIMS)
			return hwpc_err_set(err, HWPC_EINPUT, "too many indices in '%s'", text);
		out->idx[out->nidx++] = (uint32_t)v;
		s = close + 1;
		(void)end;
	}
	if (*s == '.')
		field = s + 1;
	else if (*s)
		return hwpc_err_set(err, HWPC_EINPUT, "trailing text '%s' in '%s'", s, text);
	if (field) {
		if (!(out->field = hwpc_field_find(out->reg, chip, field))) {
			char list[256] = "";
			size_t used = 0;
			for (unsigned i = 0; i < out->reg->nfields; i++)
				if (hwpc_gens_has(&out->reg->fields[i].gens, chip)) {
					int w = snprintf(list + used, used < sizeof list ? sizeof list - used : 0,
							 "%s%s", used ? ", " : "", out->reg->fields[i].name);
					used += (size_t)(w > 0 ? w : 0);
				}
			return hwpc_err_set(err, HWPC_EINPUT, "%s has no field '%s' on %s (fields: %s)",
					    out->reg->name, field, chip->name, used ? list : "none");
		}
	}
	return hwpc_reg_addr(out->reg, out->idx, out->nidx, &out->addr, err);
}

int hwpc_regref_parse(const struct hwpc_regdb *db, const struct hwpc_chipset *chip, const char *text,
		      struct hwpc_regref *out, struct hwpc_err *err)
{
	struct finder fd = { .db = db, .chip = chip };
	return regref_parse(&fd, text, out, err);
}

int hwpc_regview_ref_parse(const struct hwpc_regview *v, const char *text, struct hwpc_regref *out,
			   struct hwpc_err *err)
{
	struct finder fd = { .db = hwpc_regview_db(v), .view = v, .chip = hwpc_regview_chip(v) };
	return regref_parse(&fd, text, out, err);
}

void hwpc_regref_format(const struct hwpc_regref *ref, char *buf, size_t len)
{
	size_t used = (size_t)snprintf(buf, len, "%s", ref->reg->name);
	for (unsigned i = 0; i < ref->nidx && used < len; i++)
		used += (size_t)snprintf(buf + used, len - used, "[%u]", ref->idx[i]);
	if (ref->field && used < len)
		snprintf(buf + used, len - used, ".%s", ref->field->name);
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
