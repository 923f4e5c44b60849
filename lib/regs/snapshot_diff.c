/* SPDX-License-Identifier: MIT */
/* Two register snapshots compared register by register and field by field,
 * grouped by unit (see hwpc/snapshot.h). */
#include "core/err_local.h"
#include "hwpc/regs.h"

#include <stdlib.h>
#include <string.h>

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

/* "F: old -> new, ..." for the fields of r that differ between a and b. */
static void changed_fields(const struct hwpc_reg *r, const struct hwpc_chipset *chip, uint32_t a, uint32_t b,
			   char *buf, size_t len)
{
	size_t k = 0;
	buf[0] = 0;
	for (unsigned i = 0; r && i < r->nfields && k < len; i++) {
		const struct hwpc_field *f = &r->fields[i];
		uint64_t fa, fb;
		char sa[96], sb[96];
		if (!hwpc_gens_has(&f->gens, chip) || (fa = hwpc_field_get(f, a)) == (fb = hwpc_field_get(f, b)))
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

int hwpc_snapshot_diff(const struct hwpc_snapshot *a, const struct hwpc_snapshot *b,
		       struct hwpc_snap_change **out, unsigned *n, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	*out = NULL;
	*n = 0;
	if (a->chip != b->chip)
		return hwpc_err_set(err, HWPC_EINPUT, "snapshots of different chipsets (%s, %s) do not compare",
				    a->chip->name, b->chip->name);
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
			if (ra->value == rb->value)
				continue;
			ch[k] = (struct hwpc_snap_change){ .unit = unit_of(ra), .a = ra, .b = rb };
			changed_fields(ra->reg, a->chip, ra->value, rb->value, ch[k].fields, sizeof ch[k].fields);
		} else if (ra && (!rb || ra->addr < rb->addr)) {
			i++;
			ch[k] = (struct hwpc_snap_change){ .unit = unit_of(ra), .a = ra };
		} else {
			j++;
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
