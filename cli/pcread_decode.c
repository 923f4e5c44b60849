/* SPDX-License-Identifier: MIT */
/* pcread --decode REG=VALUE (envytools' lookup): a value decoded against
 * regdb for a chipset, by register or field name or by address, without
 * reading the device. */
#include "pcread.h"
#include "common/regarg.h"

#include <string.h>

int pcread_decode(FILE *out, enum hwpc_format fmt, const struct hwpc_regdb *db, const struct hwpc_chipset *chip,
		  const char *const *args, unsigned n)
{
	struct hwpc_err err;
	struct regassign a;
	struct hwpc_out *o = pcread_out_new(out, fmt, &err);
	int rc = o ? 0 : cli_fail_err(&err);
	/* Every value first: a typo decodes nothing. */
	for (unsigned i = 0; i < n && !rc; i++) {
		if (regassign_parse(db, chip, 0, args[i], &a, &err))
			rc = cli_fail(HWPC_EINPUT, "--decode %s: %s", args[i], err.msg);
		else if (strchr(strchr(args[i], '='), ':'))
			rc = cli_fail(HWPC_EINPUT, "--decode %s: a value to decode takes no :MASK", args[i]);
	}
	for (unsigned i = 0; i < n && !rc; i++) {
		char name[160], text[512] = "";
		const struct hwpc_reg *r;
		const struct hwpc_field *f = NULL;
		regassign_parse(db, chip, 0, args[i], &a, &err);
		if (a.target.by_addr)
			r = regarg_name_at(db, chip, a.target.addr, name, sizeof name);
		else {
			r = a.target.ref.reg;
			f = a.target.ref.field;
			hwpc_regref_format(&a.target.ref, name, sizeof name);
		}
		uint64_t v = f ? hwpc_field_get(f, a.value) : a.value;
		if (f) {
			const struct hwpc_enum *e = hwpc_enum_find_value(f, chip, v);
			snprintf(text, sizeof text, "%s", e ? e->name : "");
		} else if (r)
			hwpc_reg_decode(r, chip, a.value, text, sizeof text);
		hwpc_out_set_device(o, pcread_device_name, chip->name);
		hwpc_out_record(o, "reg_decode");
		hwpc_out_str(o, "reg", name);
		hwpc_out_hex(o, "addr", a.target.addr, 6);
		if (f)
			hwpc_out_hex(o, "value", v, 0);
		else
			hwpc_out_hex32(o, "value", (uint32_t)v);
		hwpc_out_str(o, "fields", text);
		if (hwpc_out_end(o, &err))
			rc = cli_fail_err(&err);
	}
	if (o && hwpc_out_finish(o, &err) && !rc)
		rc = cli_fail_err(&err);
	hwpc_out_free(o);
	return rc;
}

int pcread_decode_chip(FILE *out, enum hwpc_format fmt, const char *name, const char *const *args, unsigned n)
{
	struct hwpc_regdb *db;
	struct hwpc_err err;
	if (hwpc_regdb_load(&db, &err))
		return cli_fail_err(&err);
	const struct hwpc_chipset *chip = hwpc_chipset_by_name(db, name);
	int rc;
	if (!chip) {
		const struct hwpc_chipset *near = hwpc_chipset_nearest(db, name);
		rc = cli_fail(HWPC_EINPUT, "--chip %s: no such chipset in regdb%s%s%s", name, near ? " (did you mean " : "",
			      near ? near->name : "", near ? "?)" : "");
	} else
		rc = pcread_decode(out, fmt, db, chip, args, n);
	hwpc_regdb_free(db);
	return rc;
}
