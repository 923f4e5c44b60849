/* SPDX-License-Identifier: MIT */
/* A register's value, from the register alone (no database): its fields'
 * bits, their enum values by value and by name, what each bit reads back,
 * and a value decoded into words. */
#include "regdb/regdb_internal.h"
#include "regdb/regdb_lex.h"
#include "core/strdist.h"
#include "regdb/regdb_cmd.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

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
