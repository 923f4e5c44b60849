/* SPDX-License-Identifier: MIT */
/* Planned register writes: shown by --dry-run, checked before any is made
 * (see hwpc/wplan.h). */
#include "dev/dev_cmd.h"
#include "dev/backend.h"
#include "core/err_local.h"
#include "hwpc/dev.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void hwpc_wplan_init(struct hwpc_wplan *p, struct hwpc_dev *dev)
{
	memset(p, 0, sizeof *p);
	p->dev = dev;
}

void hwpc_wplan_free(struct hwpc_wplan *p)
{
	free(p->w);
	memset(p, 0, sizeof *p);
}

static void name_of(struct hwpc_dev *dev, uint32_t addr, char *buf, size_t len, int *readable)
{
	uint32_t idx[HWPC_MAX_DIMS];
	const struct hwpc_reg *r = hwpc_dev_reg_at(dev, addr, idx);
	*readable = !r || r->access != HWPC_ACCESS_WO;
	if (!r) {
		snprintf(buf, len, "0x%06x", addr);
		return;
	}
	size_t n = (size_t)snprintf(buf, len, "%s", r->name);
	for (unsigned i = 0; i < r->ndims && n < len; i++)
		n += (size_t)snprintf(buf + n, len - n, "[%u]", idx[i]);
}

int hwpc_wplan_addr(struct hwpc_wplan *p, uint32_t addr, uint32_t value, const char *why,
		    struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	if (p->n == p->cap) {
		size_t cap = p->cap ? p->cap * 2 : 16;
		struct hwpc_write *w = realloc(p->w, cap * sizeof *w);
		if (!w)
			return hwpc_err_set(err, HWPC_EOP, "out of memory");
		p->w = w;
		p->cap = cap;
	}
	struct hwpc_write *w = &p->w[p->n];
	memset(w, 0, sizeof *w);
	w->addr = addr;
	w->value = value;
	name_of(p->dev, addr, w->name, sizeof w->name, &w->old_valid);
	if (w->old_valid && hwpc_rd32(p->dev, addr, &w->old))
		return hwpc_err_set(err, p->dev->err.status, "reading %s: %s", w->name, p->dev->err.msg);
	if (why)
		snprintf(w->why, sizeof w->why, "%s", why);
	p->n++;
	return 0;
}

int hwpc_wplan_reg(struct hwpc_wplan *p, const char *name, uint32_t value, const char *why,
		   struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	uint32_t addr;
	if (hwpc_reg_lookup(p->dev, name, &addr, err))
		return err->status;
	return hwpc_wplan_addr(p, addr, value, why, err);
}

int hwpc_wplan_apply(struct hwpc_wplan *p, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	for (size_t i = 0; i < p->n; i++)
		if (hwpc_wr32_allowed(p->dev, p->w[i].addr, err))
			return err->status;
	for (size_t i = 0; i < p->n; i++)
		if (hwpc_wr32(p->dev, p->w[i].addr, p->w[i].value))
			return hwpc_err_set(err, p->dev->err.status, "writing %s: %s", p->w[i].name,
					    p->dev->err.msg);
	return 0;
}

/* A write that leaves the register as it is: the old value was read, the
 * new one equals it, and the register is plain storage.  A write to a
 * write-1-to-clear or write-only register acts even when the value read
 * back is the one written, and an unknown register may do anything. */
static const char *const access_names[] = {
	[HWPC_ACCESS_RW] = "read-write",
	[HWPC_ACCESS_RO] = "read-only",
	[HWPC_ACCESS_WO] = "write-only",
	[HWPC_ACCESS_W1C] = "write-1-to-clear",
};

/* why: when the value written is the one read but the write may still
 * act, the reason (a dry run that says "unchanged: false" of equal values
 * says why); else "". */
static bool write_unchanged(const struct hwpc_wplan *p, size_t at, const struct hwpc_reg *r, char *why, size_t len)
{
	const struct hwpc_write *w = &p->w[at];
	const struct hwpc_chipset *chip = p->dev->chip;
	/* An earlier write of the plan to the same register is what this one
	 * replaces, not the value read when planning. */
	uint32_t before = w->old;
	for (size_t k = 0; k < at; k++)
		if (p->w[k].addr == w->addr)
			before = p->w[k].value;
	why[0] = 0;
	if (!w->old_valid || before != w->value)
		return false;
	if (!r) {
		snprintf(why, len, "written all the same: regdb does not describe the register");
		return false;
	}
	if (r->access != HWPC_ACCESS_RW) {
		snprintf(why, len, "written all the same: the register is %s", access_names[r->access]);
		return false;
	}
	for (unsigned f = 0; f < r->nfields; f++)
		if (hwpc_gens_has(&r->fields[f].gens, chip) && r->fields[f].access != HWPC_ACCESS_RW &&
		    r->fields[f].access != HWPC_ACCESS_RO) {
			snprintf(why, len, "written all the same: %s is %s", r->fields[f].name,
				 access_names[r->fields[f].access]);
			return false;
		}
	return true;
}

/* One planned_write record per write (lib/output/schema_pcsetup.c). */
int hwpc_wplan_print(const struct hwpc_wplan *p, struct hwpc_out *o, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	for (size_t i = 0; i < p->n; i++) {
		const struct hwpc_write *w = &p->w[i];
		uint32_t idx[HWPC_MAX_DIMS];
		const struct hwpc_reg *r = hwpc_dev_reg_at(p->dev, w->addr, idx);
		char fields[512] = "";
		if (r)
			hwpc_reg_decode(r, p->dev->chip, w->value, fields, sizeof fields);
		hwpc_out_record(o, "planned_write");
		hwpc_out_str(o, "reg", w->name);
		hwpc_out_hex(o, "addr", w->addr, 6);
		if (w->old_valid)
			hwpc_out_hex32(o, "old", w->old);
		else
			hwpc_out_null(o, "old");
		hwpc_out_hex32(o, "new", w->value);
		/* Still written (the plan is applied as printed), but marked:
		 * the reader sees at once which writes change something. */
		char still[128], note[sizeof w->why + sizeof still + 2];
		hwpc_out_bool(o, "unchanged", write_unchanged(p, i, r, still, sizeof still));
		if (*fields)
			hwpc_out_str(o, "fields", fields);
		else
			hwpc_out_null(o, "fields");
		snprintf(note, sizeof note, "%s%s%s", w->why, *w->why && *still ? "; " : "", still);
		if (*note)
			hwpc_out_str(o, "note", note);
		else
			hwpc_out_null(o, "note");
		if (hwpc_out_end(o, err))
			return err->status;
	}
	return 0;
}
