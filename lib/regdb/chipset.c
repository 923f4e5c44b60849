/* SPDX-License-Identifier: MIT */
/* Chip identification from PMC.BOOT_0, with the layout and the pre-NV10
 * rules taken from regdb (pmc.regdb, chipsets.regdb). */
#include "regdb/regdb_cmd.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One boot0= condition: "BITS OP VALUE", OP one of = != < >=. */
struct cond {
	unsigned lo, hi;
	char op[3];
	uint32_t value;
};

static int parse_cond(const char *s, size_t n, struct cond *c)
{
	char buf[48];
	if (n >= sizeof buf)
		return 0;
	memcpy(buf, s, n);
	buf[n] = 0;
	char *end;
	c->lo = (unsigned)strtoul(buf, &end, 10);
	c->hi = c->lo;
	if (*end == '-')
		c->hi = (unsigned)strtoul(end + 1, &end, 10);
	size_t opn = strspn(end, "=!<>");
	if (opn == 0 || opn > 2 || c->hi > 31 || c->lo > c->hi)
		return 0;
	memcpy(c->op, end, opn);
	c->op[opn] = 0;
	c->value = (uint32_t)strtoul(end + opn, &end, 0);
	return *end == 0;
}

static uint32_t bits(uint32_t v, unsigned lo, unsigned hi)
{
	unsigned w = hi - lo + 1;
	return (v >> lo) & (w >= 32 ? 0xffffffffu : (1u << w) - 1);
}

static int cond_holds(const struct cond *c, uint32_t boot0)
{
	uint32_t f = bits(boot0, c->lo, c->hi);
	if (!strcmp(c->op, "="))
		return f == c->value;
	if (!strcmp(c->op, "!="))
		return f != c->value;
	if (!strcmp(c->op, "<"))
		return f < c->value;
	if (!strcmp(c->op, ">="))
		return f >= c->value;
	return 0;
}

/* Calls fn for each condition of a boot0= string; stops on a nonzero return. */
static int each_cond(const char *s, int (*fn)(const struct cond *, void *), void *arg)
{
	while (*s) {
		size_t n = strcspn(s, " ");
		struct cond c;
		if (n && (!parse_cond(s, n, &c) || fn(&c, arg)))
			return 1;
		s += n;
		while (*s == ' ')
			s++;
	}
	return 0;
}

static int fails(const struct cond *c, void *arg)
{
	return !cond_holds(c, *(uint32_t *)arg);
}

/* The first chipset of the table whose BOOT_0 has the NV10 format (an id). */
static const struct hwpc_chipset *first_with_id(const struct hwpc_regdb *db)
{
	for (unsigned i = 0; i < hwpc_regdb_chipset_count(db); i++)
		if (hwpc_regdb_chipset(db, i)->id >= 0)
			return hwpc_regdb_chipset(db, i);
	return NULL;
}

static const struct hwpc_field *boot0_field(const struct hwpc_regdb *db, const char *name)
{
	/* Identification happens before the chipset is known.  ID_FORMAT is
	 * the same bit on every chipset; the NV10-format fields (ID,
	 * STEPPING) are those of any chipset that has the format, the first
	 * will do. */
	const struct hwpc_chipset *c = strcmp(name, "ID_FORMAT") ? first_with_id(db) : hwpc_regdb_chipset(db, 0);
	const struct hwpc_reg *r = c ? hwpc_reg_find(db, c, "PMC.BOOT_0", NULL) : NULL;
	return r ? hwpc_field_find(r, c, name) : NULL;
}

static int identify(const struct hwpc_regdb *db, uint32_t boot0, const struct hwpc_chipset **out,
		    struct hwpc_err *err)
{
	*out = NULL;
	if (boot0 == 0xffffffff)
		return hwpc_err_set(err, HWPC_EOP,
				    "PMC.BOOT_0 reads 0xffffffff: the GPU is dead, powered down, or BAR0 "
				    "is not really mapped");
	const struct hwpc_field *fmt = boot0_field(db, "ID_FORMAT"), *id = boot0_field(db, "ID");
	if (!fmt || !id)
		return hwpc_err_set(err, HWPC_EINPUT, "regdb lacks PMC.BOOT_0 fields ID_FORMAT and ID");
	const struct hwpc_chipset *any = hwpc_regdb_chipset(db, 0);
	const struct hwpc_enum *e = hwpc_enum_find_value(fmt, any, hwpc_field_get(fmt, boot0));
	if (e && !strcmp(e->name, "NV10")) {
		int v = (int)hwpc_field_get(id, boot0);
		if ((*out = hwpc_chipset_by_id(db, v)))
			return 0;
		return hwpc_err_set(err, HWPC_EOP,
				    "unknown chipset: PMC.BOOT_0 0x%08x has chipset id 0x%x, which is not "
				    "in the chipset table",
				    boot0, v);
	}
	for (unsigned i = 0; i < hwpc_regdb_chipset_count(db); i++) {
		const struct hwpc_chipset *c = hwpc_regdb_chipset(db, i);
		if (c->boot0 && !each_cond(c->boot0, fails, &boot0)) {
			*out = c;
			return 0;
		}
	}
	return hwpc_err_set(err, HWPC_EOP,
			    "unknown chipset: PMC.BOOT_0 0x%08x matches no chipset (pre-NV10 format)", boot0);
}

int hwpc_chipset_identify(const struct hwpc_regdb *db, uint32_t boot0, const struct hwpc_chipset **out,
			  struct hwpc_err *err)
{
	int rc = identify(db, boot0, out, err);
	if (boot0 == 0xffffffff || (!rc && !(*out)->boot0))
		return rc; /* dead, or an NV10-format id: exact */
	/* A GPU whose registers were switched to big-endian (as a driver on
	 * a big-endian host does) reads byte-swapped through a little-endian
	 * view, and envytools' pre-NV10 rules match such values (NV4's takes
	 * any 0xa1......): an NV10-format id when swapped wins over them, and
	 * is reported rather than taken for a chip.  hwpc does not switch the
	 * GPU back, that would be a write nobody asked for. */
	const struct hwpc_chipset *c;
	uint32_t swapped = __builtin_bswap32(boot0);
	if (swapped != boot0 && !identify(db, swapped, &c, NULL) && !c->boot0) {
		*out = NULL;
		return hwpc_err_set(err, HWPC_EOP,
				    "PMC.BOOT_0 reads 0x%08x, which is %s's 0x%08x byte-swapped: the GPU's "
				    "registers are in big-endian mode, and hwpc reads them little-endian only",
				    boot0, c->name, swapped);
	}
	return rc;
}

static int satisfy(const struct cond *c, void *arg)
{
	uint32_t *v = arg, f = c->value;
	unsigned w = c->hi - c->lo + 1;
	uint32_t m = w >= 32 ? 0xffffffffu : (1u << w) - 1;
	if (!strcmp(c->op, "!="))
		f = c->value ? 0 : 1;
	else if (!strcmp(c->op, "<"))
		f = 0;
	*v = (*v & ~(m << c->lo)) | ((f & m) << c->lo);
	return 0;
}

bool hwpc_chipset_boot0(const struct hwpc_regdb *db, const struct hwpc_chipset *chip, uint32_t *out)
{
	const struct hwpc_field *fmt = boot0_field(db, "ID_FORMAT"), *id = boot0_field(db, "ID");
	const struct hwpc_field *step = boot0_field(db, "STEPPING");
	const struct hwpc_chipset *any = hwpc_regdb_chipset(db, 0);
	uint32_t v = 0;

	if (!fmt || !id || !step)
		return false;
	if (chip->id >= 0) {
		const struct hwpc_enum *e = hwpc_enum_find_name(fmt, any, "NV10");
		/* Stepping A1, as on most shipped parts. */
		if (!e || !hwpc_field_put(step, &v, 0xa1) || !hwpc_field_put(fmt, &v, e->value) ||
		    !hwpc_field_put(id, &v, (uint64_t)chip->id))
			return false;
	} else if (chip->boot0) {
		each_cond(chip->boot0, satisfy, &v);
	} else {
		return false;
	}
	const struct hwpc_chipset *back;
	if (hwpc_chipset_identify(db, v, &back, NULL) || back != chip)
		return false;
	*out = v;
	return true;
}
