/* SPDX-License-Identifier: MIT */
/* The Tensix event layout of a loaded regdb against the one libhwpc was
 * built with (see hwpc_tensix_layout_check in hwpc/tensix_stream.h).
 *
 * The layout is compiled in, not read at run time, because the decoder's
 * fast path dispatches on size codes in a switch and tests four of them
 * with one mask: tensix_layout.h is generated from regdb/tensix.regdb by
 * lib/tensix/gen_tensix_layout.awk.  HWPC_REGDB may replace that regdb when a
 * command runs; STATUS and CNTL fields are read from it at run time and
 * may move, but a changed event layout would leave the decoder and the
 * simulator's model decoding with stale constants while the command
 * writer (tensix.c) follows the new ones.  So that is refused here, naming
 * the field, and the callers (the simulator's timestamper, hwpc_tensix_init,
 * tsdump) stop before any event is written or decoded. */
#include "core/err_local.h"
#include "hwpc/tensix.h"
#include "tensix_layout.h"

#include <string.h>
#include <strings.h>

#define TS "RISCV_DEBUG_REG.TIMESTAMP"
#define REBUILD "rebuild libhwpc with this regdb"

static int range_check(const struct hwpc_reg *r, const struct hwpc_chipset *chip, const char *name,
		       unsigned lo, unsigned hi, const struct hwpc_field **out, struct hwpc_err *err)
{
	const struct hwpc_field *f = hwpc_field_find(r, chip, name);
	if (!f)
		return hwpc_err_set(err, HWPC_EINPUT, "regdb lacks field " TS ".%s for %s", name, chip->name);
	if (f->nranges != 1 || f->ranges[0].lo != lo || f->ranges[0].hi != hi)
		return hwpc_err_set(err, HWPC_EINPUT,
				    "regdb's " TS ".%s is not bits %u-%u, where libhwpc's Tensix event layout has it (" REBUILD ")",
				    name, lo, hi);
	*out = f;
	return 0;
}

static int attr_check(const struct hwpc_enum *e, const char *key, int64_t want, struct hwpc_err *err)
{
	int64_t v;
	if (!hwpc_enum_attr_num(e, key, &v))
		return hwpc_err_set(err, HWPC_EINPUT, "regdb lacks %s= on " TS ".SIZE %s (the 32-bit event word)", key,
				    e->name);
	if (v != want)
		return hwpc_err_set(err, HWPC_EINPUT,
				    "regdb's " TS ".SIZE %s has %s=%lld, libhwpc's Tensix event layout %lld (" REBUILD ")",
				    e->name, key, (long long)v, (long long)want);
	return 0;
}

int hwpc_tensix_layout_check(const struct hwpc_regdb *db, const struct hwpc_chipset *chip, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	static const struct {
		const char *name;
		unsigned code;
	} codes[] = {
#define X(n) { #n, TSX_##n },
		TSX_SIZE_CODES(X)
#undef X
	};
	const struct hwpc_reg *r = NULL;
	for (unsigned i = 0; !chip && i < hwpc_regdb_chipset_count(db); i++)
		if (hwpc_reg_find(db, hwpc_regdb_chipset(db, i), TS, NULL))
			chip = hwpc_regdb_chipset(db, i);
	if (!chip || !(r = hwpc_reg_find(db, chip, TS, NULL)))
		return hwpc_err_set(err, HWPC_EINPUT, "regdb lacks " TS " for %s (the Tensix timestamper)",
				    chip ? chip->name : "any chipset");

	const struct hwpc_field *size, *token;
	if (range_check(r, chip, "SIZE", 0, TSX_SIZE_BITS - 1, &size, err) ||
	    range_check(r, chip, "TOKEN", TSX_TOKEN_LO, 31, &token, err))
		return err->status;
	for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++) {
		const struct hwpc_enum *e = hwpc_enum_find_name(size, chip, codes[i].name);
		if (!e)
			return hwpc_err_set(err, HWPC_EINPUT, "regdb lacks " TS ".SIZE %s for %s", codes[i].name,
					    chip->name);
		if (e->value != codes[i].code)
			return hwpc_err_set(err, HWPC_EINPUT,
					    "regdb's " TS ".SIZE %s is %llu, libhwpc's Tensix event layout has %u (" REBUILD ")",
					    codes[i].name, (unsigned long long)e->value, codes[i].code);
	}
	/* A code of its own would be an event size the decoder calls undecodable. */
	for (unsigned i = 0; i < size->nenums; i++) {
		const struct hwpc_enum *e = &size->enums[i];
		size_t k = 0;
		while (k < sizeof codes / sizeof codes[0] && strcasecmp(codes[k].name, e->name))
			k++;
		if (hwpc_gens_has(&e->gens, chip) && k == sizeof codes / sizeof codes[0])
			return hwpc_err_set(err, HWPC_EINPUT,
					    "regdb's " TS ".SIZE has %s (%llu), which libhwpc's Tensix event layout lacks (" REBUILD ")",
					    e->name, (unsigned long long)e->value);
	}
	const struct hwpc_enum *e32 = hwpc_enum_find_name(size, chip, "APPEND_32b");
	if (attr_check(e32, "header_bits", TSX_EV32_HEADER_BITS, err) ||
	    attr_check(e32, "counter_lsb", TSX_EV32_COUNTER_LSB, err))
		return err->status;
	return 0;
}
