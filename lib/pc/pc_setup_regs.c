/* SPDX-License-Identifier: MIT */
/* Registers, fields and enums of a domain by their regdb names, for the
 * plan builder; and, when the generation lacks one, where it exists. */
#include "dev/backend.h"
#include "core/err_local.h"
#include "core/strdist.h"
#include "pc/pc_setup_internal.h"
#include "pc/pc_cmd.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

bool pc_setup_reg(struct pc_setup *c, const char *reg, uint32_t *addr)
{
	char name[96];
	struct hwpc_regref ref;
	return hwpc_pc_reg_name(c->l, c->dom, reg, name, sizeof name) &&
	       !hwpc_regref_parse(c->db, c->chip, name, &ref, NULL) && (*addr = ref.addr, true);
}

bool pc_setup_own(struct pc_setup *c, uint32_t addr)
{
	uint32_t idx[HWPC_MAX_DIMS], own;
	const struct hwpc_reg *r = hwpc_reg_at(c->db, c->chip, addr, idx);
	/* The domain's name for the register is at this very address: not
	 * another domain's element of the same array. */
	return r && !strcmp(r->space->name, c->di->space) && pc_setup_reg(c, r->short_name, &own) && own == addr;
}

int pc_setup_read(struct pc_setup *c, uint32_t addr, uint32_t *v)
{
	uint32_t idx[HWPC_MAX_DIMS];
	const struct hwpc_reg *r = hwpc_reg_at(c->db, c->chip, addr, idx);
	*v = 0;
	for (size_t k = c->nprev; k-- > 0;)
		for (size_t i = c->prev[k]->n; i-- > 0;)
			if (c->prev[k]->w[i].addr == addr) {
				*v = c->prev[k]->w[i].value;
				return 0;
			}
	if (!c->dev || (r && r->access == HWPC_ACCESS_WO))
		return 0;
	if (hwpc_rd32(c->dev, addr, v))
		return hwpc_err_set(c->err, hwpc_dev_error(c->dev)->status, "reading 0x%06x: %s", addr, hwpc_dev_error(c->dev)->msg);
	return 0;
}

uint32_t pc_setup_writable_bits(struct pc_setup *c, uint32_t addr, uint32_t v)
{
	uint32_t idx[HWPC_MAX_DIMS];
	const struct hwpc_reg *r = hwpc_reg_at(c->db, c->chip, addr, idx);
	for (unsigned i = 0; r && i < r->nfields; i++)
		if (hwpc_gens_has(&r->fields[i].gens, c->chip) && r->fields[i].access != HWPC_ACCESS_RW)
			v &= ~hwpc_field_mask(&r->fields[i]);
	return v;
}

const struct hwpc_field *pc_setup_field(struct pc_setup *c, const char *reg, const char *field)
{
	char name[96];
	const struct hwpc_field *f;
	return hwpc_pc_field(c->l, c->dom, reg, field, name, sizeof name, &f) ? f : NULL;
}

static const struct hwpc_reg *any_space_reg(const struct hwpc_regdb *db, const struct hwpc_chipset *chip,
					    const char *reg)
{
	/* regdb-names: PCOUNTER.HUB GF100- */
	static const char *const spaces[] = { "PCOUNTER", "PCOUNTER.HUB" };
	for (unsigned i = 0; i < 2; i++) {
		char name[96];
		snprintf(name, sizeof name, "%s.%s", spaces[i], reg);
		const struct hwpc_reg *r = hwpc_reg_find(db, chip, name, NULL);
		if (r && !strcmp(r->name, name))
			return r;
	}
	return NULL;
}

void pc_setup_where(struct pc_setup *c, const char *reg, const char *field, const char *enumname, char *buf, size_t len)
{
	struct hwpc_gens g;
	bool any = false;
	memset(&g, 0, sizeof g);
	for (unsigned i = 0; i < hwpc_regdb_chipset_count(c->db); i++) {
		const struct hwpc_chipset *chip = hwpc_regdb_chipset(c->db, i);
		const struct hwpc_reg *r = any_space_reg(c->db, chip, reg);
		const struct hwpc_field *f = NULL;
		char dfield[48];
		if (r && field) {
			snprintf(dfield, sizeof dfield, "DOM0_%s", field);
			if (!(f = hwpc_field_find(r, chip, field)))
				f = hwpc_field_find(r, chip, dfield);
		}
		if (!r || (field && !f) || (enumname && !hwpc_enum_find_name(f, chip, enumname)))
			continue;
		g.bits[chip->index / 64] |= 1ULL << (chip->index % 64);
		any = true;
	}
	if (any)
		hwpc_gens_format(c->db, &g, buf, len);
	else if (len)
		buf[0] = 0;
}

static void enum_list(struct pc_setup *c, const struct hwpc_field *f, char *buf, size_t len)
{
	size_t used = 0;
	buf[0] = 0;
	for (unsigned i = 0; i < f->nenums; i++)
		if (hwpc_gens_has(&f->enums[i].gens, c->chip))
			used += (size_t)snprintf(buf + used, used < len ? len - used : 0, "%s%s", used ? ", " : "",
						 f->enums[i].name);
}

/* "long" -> "LONG", "event-b4" -> "EVENT_B4" */
static void enum_word(const char *w, char *buf, size_t len)
{
	size_t k = 0;
	for (; w[k] && k + 1 < len; k++)
		buf[k] = w[k] == '-' ? '_' : (char)toupper((unsigned char)w[k]);
	buf[k] = 0;
}

int pc_setup_put_enum(struct pc_setup *c, const char *opt, const char *reg, const char *field, const char *word,
		 uint32_t *val, uint32_t *own)
{
	char up[HWPC_PC_SETUP_WORD + 8], where[128], list[256];
	const struct hwpc_field *f = pc_setup_field(c, reg, field);
	enum_word(word, up, sizeof up);
	if (!f) {
		pc_setup_where(c, reg, field, NULL, where, sizeof where);
		return hwpc_err_set(c->err, HWPC_EINPUT, "--%s: %s has no %s.%s (%s)", opt, c->chip->name, reg, field,
				    *where ? where : "no chipset");
	}
	const struct hwpc_enum *e = hwpc_enum_find_name(f, c->chip, up);
	if (!e) {
		enum_list(c, f, list, sizeof list);
		pc_setup_where(c, reg, field, up, where, sizeof where);
		if (*where)
			return hwpc_err_set(c->err, HWPC_EINPUT, "--%s %s: not on %s (%s: %s; %s has %s)", opt, word,
					    c->chip->name, up, where, c->chip->name, list);
		struct hwpc_near n;
		hwpc_near_init(&n, up);
		for (unsigned i = 0; i < f->nenums; i++)
			if (hwpc_gens_has(&f->enums[i].gens, c->chip))
				hwpc_near_add(&n, f->enums[i].name);
		const char *near = hwpc_near_best(&n);
		return hwpc_err_set(c->err, HWPC_EINPUT, "--%s: unknown value '%s' (%s%s%s%s has %s)", opt, word,
				    near ? "did you mean " : "", near ? near : "", near ? "? " : "", c->chip->name, list);
	}
	hwpc_field_put(f, val, e->value);
	*own |= hwpc_field_mask(f);
	return 0;
}

int pc_setup_put_num(struct pc_setup *c, const char *opt, const char *reg, const char *field, uint64_t v, uint32_t *val,
		uint32_t *own)
{
	const struct hwpc_field *f = pc_setup_field(c, reg, field);
	if (!f)
		return hwpc_err_set(c->err, HWPC_EINPUT, "--%s: %s has no %s.%s", opt, c->chip->name, reg, field);
	if (!hwpc_field_put(f, val, v))
		return hwpc_err_set(c->err, HWPC_EINPUT, "--%s: 0x%llx does not fit %s.%s (%u bits) on %s", opt,
				    (unsigned long long)v, reg, field, f->width, c->chip->name);
	*own |= hwpc_field_mask(f);
	return 0;
}

int pc_setup_stage(struct pc_setup *c, uint32_t addr, uint32_t value, uint32_t own, const char *note)
{
	if (c->n >= PC_SETUP_MAX_WRITES)
		return hwpc_err_set(c->err, HWPC_EINPUT, "more than %d register writes in one setup", PC_SETUP_MAX_WRITES);
	/* Keep the tail (reset release, PRE_OP) last. */
	memmove(&c->w[c->tail + 1], &c->w[c->tail], (c->n - c->tail) * sizeof c->w[0]);
	struct pc_setup_write *w = &c->w[c->tail];
	w->addr = addr;
	w->value = value;
	w->own = own;
	snprintf(w->note, sizeof w->note, "%s", note ? note : "");
	c->n++;
	c->tail++;
	return 0;
}
