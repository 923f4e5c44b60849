/* SPDX-License-Identifier: MIT */
/* Register arguments: names, globs, addresses, ranges, assignments (see
 * regs_cmd.h). */
#include "core/err_local.h"
#include "regs/regs_cmd.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

static int parse_addr(uint32_t bar_size, const char *text, bool range_ok, struct hwpc_regarg *out, struct hwpc_err *err)
{
	char a[64];
	const char *colon = strchr(text, ':');
	uint64_t addr, len = 4;
	snprintf(a, sizeof a, "%.*s", (int)(colon ? (size_t)(colon - text) : strlen(text)), text);
	if (hwpc_parse_u64(a, UINT32_MAX, "address", &addr, err))
		return err->status;
	if (colon) {
		if (!range_ok)
			return hwpc_err_set(err, HWPC_EINPUT, "a range is not allowed here (one register)");
		if (hwpc_parse_u64(colon + 1, UINT32_MAX, "range length", &len, err))
			return err->status;
		if (!len || len % 4)
			return hwpc_err_set(err, HWPC_EINPUT,
					    "range length %s is not a positive multiple of 4 bytes", colon + 1);
		if (addr + len > (uint64_t)UINT32_MAX + 1)
			return hwpc_err_set(err, HWPC_EINPUT, "range 0x%llx:0x%llx overflows the 32-bit address space",
					    (unsigned long long)addr, (unsigned long long)len);
	}
	if (addr % 4)
		return hwpc_err_set(err, HWPC_EINPUT, "address 0x%llx is not 4-byte aligned (registers are 32-bit)",
				    (unsigned long long)addr);
	if (bar_size && addr + len > bar_size)
		return hwpc_err_set(err, HWPC_EINPUT, "%s 0x%llx is past the end of BAR0 (0x%x bytes)",
				    addr >= bar_size ? "address" : "range end", (unsigned long long)(addr >= bar_size ? addr : addr + len), bar_size);
	out->by_addr = true;
	out->addr = (uint32_t)addr;
	out->len = (uint32_t)len;
	return 0;
}

int hwpc_regarg_parse(const struct hwpc_regdb *db, const struct hwpc_chipset *chip, uint32_t bar_size, const char *text,
		 bool range_ok, bool glob_ok, struct hwpc_regarg *out, struct hwpc_err *err)
{
	*out = (struct hwpc_regarg){ .text = text, .len = 4 };
	if (!*text)
		return hwpc_err_set(err, HWPC_EINPUT, "empty register");
	if (isdigit((unsigned char)text[0]))
		return parse_addr(bar_size, text, range_ok, out, err);
	/* A glob character outside an index: "PTIMER.TIME_*", "PCOUNTER.*CTR*". */
	if (glob_ok && (strchr(text, '*') || strchr(text, '?'))) {
		unsigned pos = 0;
		if (!hwpc_regdb_select_next(db, chip, text, &pos))
			return hwpc_err_set(err, HWPC_EINPUT, "no register of %s matches '%s'", chip->name, text);
		out->glob = true;
		return 0;
	}
	if (hwpc_regref_parse(db, chip, text, &out->ref, err))
		return err->status;
	out->addr = out->ref.addr;
	if (bar_size && out->addr >= bar_size)
		return hwpc_err_set(err, HWPC_EINPUT, "%s at 0x%06x is past the end of BAR0 (0x%x bytes)", out->ref.reg->name, out->addr,
				    bar_size);
	return 0;
}

const struct hwpc_reg *hwpc_regarg_name_at(const struct hwpc_regdb *db, const struct hwpc_chipset *chip, uint32_t addr,
				      char *name, size_t len)
{
	struct hwpc_regref ref = { .addr = addr };
	ref.reg = hwpc_reg_at(db, chip, addr, ref.idx);
	if (!ref.reg) {
		snprintf(name, len, "unknown");
		return NULL;
	}
	ref.nidx = ref.reg->ndims;
	hwpc_regref_format(&ref, name, len);
	return ref.reg;
}

int hwpc_regarg_value(const struct hwpc_chipset *chip, const struct hwpc_field *f, const char *text, uint64_t *out,
		 struct hwpc_err *err)
{
	if (f && *text && !isdigit((unsigned char)text[0])) {
		const struct hwpc_enum *e = hwpc_enum_find_name(f, chip, text);
		if (!e)
			return hwpc_err_set(err, HWPC_EINPUT, "%s has no value named '%s' on %s", f->name, text, chip->name);
		*out = e->value;
		return 0;
	}
	uint64_t max = !f ? UINT32_MAX : f->width >= 64 ? UINT64_MAX : (1ULL << f->width) - 1;
	return hwpc_parse_u64(text, max, f ? "field value" : "value", out, err);
}

int hwpc_regassign_parse(const struct hwpc_regdb *db, const struct hwpc_chipset *chip, uint32_t bar_size,
		    const char *text, struct hwpc_regassign *out, struct hwpc_err *err)
{
	char lhs[160], rhs[160];
	const char *eq = strchr(text, '=');
	*out = (struct hwpc_regassign){ .mask = UINT32_MAX };
	if (!eq || eq == text || !eq[1])
		return hwpc_err_set(err, HWPC_EINPUT, "expected NAME|ADDR=VALUE[:MASK]");
	snprintf(lhs, sizeof lhs, "%.*s", (int)(eq - text), text);
	snprintf(rhs, sizeof rhs, "%s", eq + 1);
	char *colon = strchr(rhs, ':');
	if (colon)
		*colon++ = 0;
	if (hwpc_regarg_parse(db, chip, bar_size, lhs, false, false, &out->target, err))
		return err->status;
	out->target.text = text;
	const struct hwpc_field *f = out->target.by_addr ? NULL : out->target.ref.field;
	uint64_t v, mask = UINT32_MAX;
	if (!*rhs || hwpc_regarg_value(chip, f, rhs, &v, err))
		return !*rhs ? hwpc_err_set(err, HWPC_EINPUT, "expected NAME|ADDR=VALUE[:MASK]")
			     : err->status;
	if (colon) {
		if (f)
			return hwpc_err_set(err, HWPC_EINPUT, "a field takes no :MASK (%s)", f->name);
		if (hwpc_parse_u64(colon, UINT32_MAX, "mask", &mask, err))
			return err->status;
		if (v & ~mask)
			return hwpc_err_set(err, HWPC_EINPUT, "value 0x%llx has bits outside mask 0x%llx",
					    (unsigned long long)v, (unsigned long long)mask);
	}
	if (f) {
		uint32_t placed = 0;
		hwpc_field_put(f, &placed, v);
		out->value = placed;
		out->mask = hwpc_field_mask(f);
	} else {
		out->value = (uint32_t)v;
		out->mask = (uint32_t)mask;
	}
	return 0;
}
