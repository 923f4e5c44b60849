/* SPDX-License-Identifier: MIT */
/* Register arguments: names, globs, addresses, ranges, assignments (see
 * regs_cmd.h). */
#include "core/err_local.h"
#include "regdb/regdb_cmd.h"
#include "regs/regs_cmd.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

/* setpci's width suffixes: .b .w .l (any case). */
static unsigned suffix_bytes(const char *s)
{
	if (s[0] != '.' || !s[1] || s[2])
		return 0;
	switch (s[1]) {
	case 'b': case 'B': return 1;
	case 'w': case 'W': return 2;
	case 'l': case 'L': return 4;
	}
	return 0;
}

static int parse_addr(uint32_t bar_size, const char *text, bool range_ok, struct hwpc_regarg *out, struct hwpc_err *err)
{
	char a[64];
	const char *colon = strchr(text, ':'), *dot = strchr(text, '.');
	size_t alen = colon ? (size_t)(colon - text) : dot ? (size_t)(dot - text) : strlen(text);
	uint64_t addr, len = 4;
	unsigned bytes = 4;
	if (dot && (colon || !(bytes = suffix_bytes(dot))))
		return hwpc_err_set(err, HWPC_EINPUT, colon ? "a range takes no .b/.w/.l suffix ('%s')"
					: "bad width suffix in '%s' (expected .b, .w or .l, as setpci's)", text);
	snprintf(a, sizeof a, "%.*s", (int)alen, text);
	if (hwpc_parse_u64(a, UINT32_MAX, "address", &addr, err))
		return err->status;
	len = bytes;
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
	if (addr % bytes)
		return hwpc_err_set(err, HWPC_EINPUT, bytes == 4 ? "address 0x%llx is not 4-byte aligned (registers "
					"are 32-bit; .b or .w reads 1 or 2 bytes)" : "address 0x%llx is not %u-byte aligned",
				    (unsigned long long)addr, bytes);
	if (bar_size && addr + len > bar_size)
		return hwpc_err_set(err, HWPC_EINPUT, "%s 0x%llx is past the end of BAR0 (0x%x bytes)",
				    addr >= bar_size ? "address" : "range end", (unsigned long long)(addr >= bar_size ? addr : addr + len), bar_size);
	out->by_addr = true;
	out->addr = (uint32_t)addr;
	out->len = (uint32_t)len;
	out->bytes = bytes;
	return 0;
}

int hwpc_regarg_parse(const struct hwpc_regview *v, uint32_t bar_size, const char *text, bool range_ok, bool glob_ok,
		 struct hwpc_regarg *out, struct hwpc_err *err)
{
	*out = (struct hwpc_regarg){ .text = text, .len = 4, .bytes = 4 };
	if (!*text)
		return hwpc_err_set(err, HWPC_EINPUT, "empty register");
	if (isdigit((unsigned char)text[0]))
		return parse_addr(bar_size, text, range_ok, out, err);
	/* A glob character outside an index: "PTIMER.TIME_*", "PCOUNTER.*CTR*". */
	if (glob_ok && (strchr(text, '*') || strchr(text, '?'))) {
		unsigned pos = 0;
		if (!hwpc_regs_select_next(v, text, &pos))
			return hwpc_err_set(err, HWPC_EINPUT, "no register of %s matches '%s'", hwpc_regview_chip(v)->name,
					    text);
		out->glob = true;
		return 0;
	}
	if (hwpc_regview_ref_parse(v, text, &out->ref, err))
		return err->status;
	out->addr = out->ref.addr;
	out->bytes = out->len = out->ref.reg->width / 8;
	if (bar_size && out->addr >= bar_size)
		return hwpc_err_set(err, HWPC_EINPUT, "%s at 0x%06x is past the end of BAR0 (0x%x bytes)", out->ref.reg->name, out->addr,
				    bar_size);
	return 0;
}

const struct hwpc_reg *hwpc_regarg_name_at(const struct hwpc_regview *v, uint32_t addr, unsigned bytes, char *name,
					   size_t len, bool *whole, unsigned *at)
{
	struct hwpc_regref ref = { .addr = addr };
	*whole = false;
	/* The register at addr, or the one below that holds these bytes. */
	for (unsigned w = 1; w <= 8 && !ref.reg; w *= 2) {
		ref.addr = addr & ~(w - 1);
		ref.reg = hwpc_regview_at(v, ref.addr, ref.idx);
		if (ref.reg && ref.addr + ref.reg->width / 8 < addr + bytes)
			ref.reg = NULL;
	}
	if (!ref.reg) {
		snprintf(name, len, "unknown");
		return NULL;
	}
	ref.nidx = ref.reg->ndims;
	hwpc_regref_format(&ref, name, len);
	*whole = ref.addr == addr && ref.reg->width / 8 == bytes;
	if (at)
		*at = addr - ref.addr;
	size_t n = strlen(name);
	if (ref.addr != addr)
		snprintf(name + n, len - n, "+%u", addr - ref.addr);
	return ref.reg;
}

int hwpc_regarg_value(const struct hwpc_chipset *chip, const struct hwpc_field *f, const char *text, uint64_t *out,
		 struct hwpc_err *err)
{
	if (f && *text && !isdigit((unsigned char)text[0])) {
		return hwpc_enum_value(f, chip, text, out, err);
	}
	uint64_t max = !f ? UINT32_MAX : f->width >= 64 ? UINT64_MAX : (1ULL << f->width) - 1;
	return hwpc_parse_u64(text, max, f ? "field value" : "value", out, err);
}

int hwpc_regassign_parse(const struct hwpc_regview *v, uint32_t bar_size, const char *text, struct hwpc_regassign *out,
		    struct hwpc_err *err)
{
	char lhs[160], rhs[160];
	const char *eq = strchr(text, '=');
	const struct hwpc_chipset *chip = hwpc_regview_chip(v);
	*out = (struct hwpc_regassign){ .mask = UINT32_MAX };
	if (!eq || eq == text || !eq[1])
		return hwpc_err_set(err, HWPC_EINPUT, "expected NAME|ADDR=VALUE[:MASK]");
	snprintf(lhs, sizeof lhs, "%.*s", (int)(eq - text), text);
	snprintf(rhs, sizeof rhs, "%s", eq + 1);
	char *colon = strchr(rhs, ':');
	if (colon)
		*colon++ = 0;
	if (hwpc_regarg_parse(v, bar_size, lhs, false, false, &out->target, err))
		return err->status;
	out->target.text = text;
	const struct hwpc_field *f = out->target.by_addr ? NULL : out->target.ref.field;
	unsigned bits = out->target.bytes * 8;
	uint64_t all = bits >= 64 ? UINT64_MAX : (1ULL << bits) - 1, val, mask = all;
	if (!*rhs)
		return hwpc_err_set(err, HWPC_EINPUT, "expected NAME|ADDR=VALUE[:MASK]");
	if (f ? hwpc_regarg_value(chip, f, rhs, &val, err) : hwpc_parse_u64(rhs, all, "value", &val, err))
		return err->status;
	if (colon) {
		if (f)
			return hwpc_err_set(err, HWPC_EINPUT, "a field takes no :MASK (%s)", f->name);
		if (hwpc_parse_u64(colon, all, "mask", &mask, err))
			return err->status;
		if (val & ~mask)
			return hwpc_err_set(err, HWPC_EINPUT, "value 0x%llx has bits outside mask 0x%llx",
					    (unsigned long long)val, (unsigned long long)mask);
	}
	if (f) {
		/* The value into the field's bits (a 64-bit register's fields
		 * may lie above bit 31). */
		out->value = out->mask = 0;
		for (unsigned i = 0; i < f->nranges; i++) {
			unsigned w = f->ranges[i].hi - f->ranges[i].lo + 1u;
			uint64_t m = w >= 64 ? UINT64_MAX : (1ULL << w) - 1;
			out->value |= (val & m) << f->ranges[i].lo;
			out->mask |= m << f->ranges[i].lo;
			val = w >= 64 ? 0 : val >> w;
		}
	} else {
		out->value = val;
		out->mask = mask;
	}
	return 0;
}
