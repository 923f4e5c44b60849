/* SPDX-License-Identifier: MIT */
/* Two register snapshots compared register by register and field by field,
 * grouped by unit (see hwpc/snapshot.h). */
#include "core/err_local.h"
#include "regs/snapshot.h"

#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const char *unit_of(const struct hwpc_snap_reg *r)
{
	return r->reg ? r->reg->space->name : "unknown";
}

static void field_value(const struct hwpc_field *f, const struct hwpc_chipset *chip, uint64_t v, char *buf,
			size_t len)
{
	const struct hwpc_enum *e = hwpc_enum_find_value(f, chip, v);
	if (e)
		snprintf(buf, len, "0x%llx (%s)", (unsigned long long)v, e->name);
	else
		snprintf(buf, len, "0x%llx", (unsigned long long)v);
}

/* "F: old -> new, ..." for the fields of r that differ between a and b
 * within the bits of which. */
static void changed_fields(const struct hwpc_reg *r, const struct hwpc_chipset *chip, uint32_t a, uint32_t b,
			   uint32_t which, char *buf, size_t len)
{
	size_t k = 0;
	buf[0] = 0;
	for (unsigned i = 0; r && i < r->nfields && k < len; i++) {
		const struct hwpc_field *f = &r->fields[i];
		uint64_t fa, fb;
		char sa[96], sb[96];
		if (!hwpc_gens_has(&f->gens, chip) || !(hwpc_field_mask(f) & which) ||
		    (fa = hwpc_field_get(f, a)) == (fb = hwpc_field_get(f, b)))
			continue;
		field_value(f, chip, fa, sa, sizeof sa);
		field_value(f, chip, fb, sb, sizeof sb);
		int w = snprintf(buf + k, len - k, "%s%s: %s -> %s", k ? ", " : "", f->name, sa, sb);
		k = w < 0 ? len : k + (size_t)w;
	}
}

static int by_unit(const void *x, const void *y)
{
	const struct hwpc_snap_change *a = x, *b = y;
	const struct hwpc_snap_reg *ra = a->a ? a->a : a->b, *rb = b->a ? b->a : b->b;
	int c = strcmp(a->unit, b->unit);
	return c ? c : (ra->addr > rb->addr) - (ra->addr < rb->addr);
}

/* Does one of the globs name text (case-insensitive; an exact name wins
 * over a glob, so "PCOUNTER.CTRL[1]" names the element, not a bracket
 * expression)? */
static bool named(const struct hwpc_snap_filter *f, const char *text)
{
	for (unsigned i = 0; f && i < f->nignore; i++)
		if (!strcasecmp(f->ignore[i], text) || !fnmatch(f->ignore[i], text, FNM_CASEFOLD))
			return true;
	return false;
}

static bool reg_named(const struct hwpc_snap_filter *f, const struct hwpc_snap_reg *r)
{
	return named(f, r->name) || (r->reg && (named(f, r->reg->name) || named(f, r->reg->short_name)));
}

/* The bits of r's fields the globs name ("PCOUNTER.CTRL.QUAD_STATE",
 * "CTRL[1].QUAD_STATE", "*.QUAD_STATE"). */
static uint32_t fields_named(const struct hwpc_snap_filter *f, const struct hwpc_snap_reg *r,
			     const struct hwpc_chipset *chip)
{
	uint32_t m = 0;
	const char *names[3] = { r->name, r->reg ? r->reg->name : NULL, r->reg ? r->reg->short_name : NULL };
	for (unsigned i = 0; f && f->nignore && r->reg && i < r->reg->nfields; i++) {
		const struct hwpc_field *fd = &r->reg->fields[i];
		if (!hwpc_gens_has(&fd->gens, chip))
			continue;
		for (int k = 0; k < 3; k++) {
			char full[160];
			snprintf(full, sizeof full, "%s.%s", names[k], fd->name);
			if (named(f, full))
				m |= hwpc_field_mask(fd);
		}
	}
	return m;
}

int hwpc_snapshot_diff_filtered(const struct hwpc_snapshot *a, const struct hwpc_snapshot *b,
				const struct hwpc_snap_filter *filter, struct hwpc_snap_change **out, unsigned *n,
				struct hwpc_snap_left *left, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	struct hwpc_snap_left dummy;
	left = left ? left : &dummy;
	*left = (struct hwpc_snap_left){ 0 };
	*out = NULL;
	*n = 0;
	if (a->chip != b->chip)
		return hwpc_err_set(err, HWPC_EINPUT, "snapshots of different chipsets (%s, %s) do not compare",
				    a->chip->name, b->chip->name);
	bool all = !filter || filter->all;
	struct hwpc_snap_change *ch = a->nregs + b->nregs ? calloc(a->nregs + b->nregs, sizeof *ch) : NULL;
	if (!ch && a->nregs + b->nregs)
		return hwpc_err_set(err, HWPC_EOP, "diff: out of memory");
	unsigned i = 0, j = 0, k = 0;
	/* Both are in address order: one merge. */
	while (i < a->nregs || j < b->nregs) {
		const struct hwpc_snap_reg *ra = i < a->nregs ? &a->regs[i] : NULL;
		const struct hwpc_snap_reg *rb = j < b->nregs ? &b->regs[j] : NULL;
		if (ra && rb && ra->addr == rb->addr) {
			i++, j++;
			uint32_t bits = ra->value ^ rb->value;
			if (!bits)
				continue;
			/* Volatile bits change with nobody writing (regdb's
			 * read=live): left out unless all is asked for. */
			if (!all && ra->reg && !(bits &= ~hwpc_reg_read_bits(ra->reg, a->chip, HWPC_READ_LIVE))) {
				left->volatile_n++;
				continue;
			}
			if (reg_named(filter, ra) || !(bits &= ~fields_named(filter, ra, a->chip))) {
				left->ignored_n++;
				continue;
			}
			ch[k] = (struct hwpc_snap_change){ .unit = unit_of(ra), .a = ra, .b = rb };
			changed_fields(ra->reg, a->chip, ra->value, rb->value, bits, ch[k].fields, sizeof ch[k].fields);
		} else if (ra && (!rb || ra->addr < rb->addr)) {
			i++;
			if (reg_named(filter, ra)) {
				left->ignored_n++;
				continue;
			}
			ch[k] = (struct hwpc_snap_change){ .unit = unit_of(ra), .a = ra };
		} else {
			j++;
			if (reg_named(filter, rb)) {
				left->ignored_n++;
				continue;
			}
			ch[k] = (struct hwpc_snap_change){ .unit = unit_of(rb), .b = rb };
		}
		k++;
	}
	if (!k) {
		free(ch);
		return 0;
	}
	qsort(ch, k, sizeof *ch, by_unit);
	*out = ch;
	*n = k;
	return 0;
}

int hwpc_snapshot_diff(const struct hwpc_snapshot *a, const struct hwpc_snapshot *b,
		       struct hwpc_snap_change **out, unsigned *n, struct hwpc_err *err)
{
	return hwpc_snapshot_diff_filtered(a, b, NULL, out, n, NULL, err);
}
