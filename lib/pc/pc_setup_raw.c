/* SPDX-License-Identifier: MIT */
/* Raw writes by name (--reg NAME[IDX][.FIELD]=VALUE[:MASK]): a register
 * of regdb for the generation, the selected domain's when no index is
 * given; a field or mask is read-modify-write against what the plan
 * already writes there, else against the register's current value. */
#include "dev/backend.h"
#include "core/err_local.h"
#include "hwpc/dev.h"
#include "pc/pc_setup_internal.h"
#include "regdb/regdb_cmd.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The register reference of lhs: "CTRL.MODE" means the domain's CTRL. */
static int resolve(struct pc_setup *c, const char *lhs, struct hwpc_regref *ref)
{
	char name[160], dname[96];
	if (!strchr(lhs, '[')) {
		if (hwpc_pc_reg_name(c->l, c->dom, lhs, dname, sizeof dname))
			return hwpc_regref_parse(c->db, c->chip, dname, ref, c->err);
		const char *dot = strrchr(lhs, '.');
		if (dot && (size_t)(dot - lhs) < sizeof name) {
			snprintf(name, sizeof name, "%.*s", (int)(dot - lhs), lhs);
			if (hwpc_pc_reg_name(c->l, c->dom, name, dname, sizeof dname)) {
				snprintf(name, sizeof name, "%s%s", dname, dot);
				return hwpc_regref_parse(c->db, c->chip, name, ref, c->err);
			}
		}
	}
	if (hwpc_regref_parse(c->db, c->chip, lhs, ref, c->err))
		return c->err->status;
	if (ref->nidx == 0 && ref->reg->ndims > 0) {
		/* A full name without an index: the domain's, if it is in the
		 * domain's space. */
		if (strcmp(ref->reg->space->name, c->di->space) ||
		    !hwpc_pc_reg_name(c->l, c->dom, ref->reg->short_name, dname, sizeof dname))
			return hwpc_err_set(c->err, HWPC_EINPUT, "--reg %s: give an index (%s is an array)", lhs,
					    ref->reg->name);
		snprintf(name, sizeof name, "%s%s%s", dname, ref->field ? "." : "", ref->field ? ref->field->name : "");
		return hwpc_regref_parse(c->db, c->chip, name, ref, c->err);
	}
	return 0;
}

static int value_of(struct pc_setup *c, const char *text, const struct hwpc_field *f, uint64_t max, uint64_t *v)
{
	if (f && !isdigit((unsigned char)text[0])) {
		return hwpc_enum_value(f, c->chip, text, v, c->err);
	}
	return hwpc_parse_u64(text, max, "--reg VALUE", v, c->err);
}

int pc_setup_raw(struct pc_setup *c, const char *text)
{
	char lhs[128], rhs[128];
	const char *eq = strchr(text, '=');
	struct hwpc_regref ref;
	bool force = c->dev && (c->dev->flags & HWPC_OPEN_FORCE);
	snprintf(lhs, sizeof lhs, "%.*s", (int)(eq - text), text);
	snprintf(rhs, sizeof rhs, "%s", eq + 1);
	char *colon = strchr(rhs, ':');
	if (colon)
		*colon++ = 0;

	uint32_t addr;
	const struct hwpc_field *f = NULL;
	char regname[128];
	if (isdigit((unsigned char)lhs[0])) {
		uint64_t a;
		if (!force)
			return hwpc_err_set(c->err, HWPC_EINPUT, "--reg %s: a register by address needs --force", lhs);
		if (hwpc_parse_u64(lhs, 0xfffffffc, "--reg ADDRESS", &a, c->err))
			return c->err->status;
		addr = (uint32_t)a;
		snprintf(regname, sizeof regname, "0x%06x", addr);
	} else {
		if (resolve(c, lhs, &ref))
			return hwpc_err_prefix(c->err, "--reg %s", lhs);
		addr = ref.addr;
		f = ref.field;
		hwpc_regref_format(&ref, regname, sizeof regname);
		bool ro = ref.reg->access == HWPC_ACCESS_RO || (f && f->access == HWPC_ACCESS_RO);
		if (ro && !force)
			return hwpc_err_set(c->err, HWPC_EINPUT, "--reg %s: read-only (--force writes it anyway)",
					    regname);
	}
	uint64_t v, mask = 0xffffffffu;
	if (value_of(c, rhs, f, f ? (f->width >= 64 ? UINT64_MAX : (1ULL << f->width) - 1) : 0xffffffffu, &v))
		return hwpc_err_prefix(c->err, "--reg %s", regname);
	if (colon) {
		if (f)
			return hwpc_err_set(c->err, HWPC_EINPUT, "--reg %s: a field takes no :MASK", regname);
		if (hwpc_parse_u64(colon, 0xffffffffu, "--reg MASK", &mask, c->err))
			return hwpc_err_prefix(c->err, "--reg %s", regname);
		if (v & ~mask)
			return hwpc_err_set(c->err, HWPC_EINPUT, "--reg %s: VALUE 0x%llx has bits outside MASK 0x%llx",
					    regname, (unsigned long long)v, (unsigned long long)mask);
	}
	if (f)
		mask = hwpc_field_mask(f);
	c->raw_own |= pc_setup_own(c, addr);
	/* The latest planned write to the register is the base, and takes
	 * the change itself: a register is written once where it can be. */
	struct pc_setup_write *w = NULL;
	for (size_t i = c->n; i-- > 0 && !w;)
		if (c->w[i].addr == addr)
			w = &c->w[i];
	uint32_t base;
	if (w)
		base = w->value;
	else if (mask == 0xffffffffu)
		base = 0;
	else if (pc_setup_read(c, addr, &base))
		return c->err->status;
	else
		base = pc_setup_writable_bits(c, addr, base);
	uint32_t nv = base;
	if (f)
		hwpc_field_put(f, &nv, v);
	else
		nv = (uint32_t)((base & ~mask) | (v & mask));
	if (w) {
		w->value = nv;
		w->own |= (uint32_t)mask;
		size_t n = strlen(w->note);
		snprintf(w->note + n, sizeof w->note - n, "%s--reg", n ? "; " : "");
		return 0;
	}
	return pc_setup_stage(c, addr, nv, (uint32_t)mask, "--reg");
}
