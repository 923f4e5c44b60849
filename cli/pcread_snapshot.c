/* SPDX-License-Identifier: MIT */
/* pcread --snapshot and --diff: save every readable register of the chip,
 * and compare two snapshots or a snapshot with the device, by unit. */
#include "pcread.h"

#include <stdlib.h>

int pcread_snapshot(FILE *out, struct hwpc_dev *dev)
{
	struct hwpc_snapshot s;
	struct hwpc_err err;
	if (hwpc_snapshot_take(dev, &s, &err))
		return cli_fail_err(&err);
	int rc = hwpc_snapshot_write(&s, out, &err) ? cli_fail_err(&err) : 0;
	hwpc_snapshot_free(&s);
	return rc;
}

static void side(struct hwpc_out *o, const char *key, const struct hwpc_snap_reg *r)
{
	if (r)
		hwpc_out_hex32(o, key, r->value);
	else
		hwpc_out_null(o, key);
}

/* --diff follows diff(1): 1 means "different", so trouble of any kind,
 * a device error included, is 2. */
static int trouble(const struct hwpc_err *err)
{
	int rc = cli_fail_err(err);
	return rc == HWPC_EOP ? HWPC_EINPUT : rc;
}

/* The changes as records: unit, reg, addr, a, b, fields.  Exit 1 when
 * there is any, as diff(1). */
static int report(struct hwpc_out *o, const struct hwpc_snapshot *a, const struct hwpc_snapshot *b)
{
	struct hwpc_snap_change *ch;
	struct hwpc_err err;
	unsigned n;
	if (hwpc_snapshot_diff(a, b, &ch, &n, &err))
		return trouble(&err);
	int rc = n ? 1 : 0;
	for (unsigned i = 0; i < n && rc == 1; i++) {
		const struct hwpc_snap_reg *r = ch[i].a ? ch[i].a : ch[i].b;
		hwpc_out_record(o, "reg_diff");
		hwpc_out_str(o, "unit", ch[i].unit);
		hwpc_out_str(o, "reg", r->name);
		hwpc_out_hex(o, "addr", r->addr, 6);
		side(o, "a", ch[i].a);
		side(o, "b", ch[i].b);
		hwpc_out_str(o, "fields", !ch[i].a ? "only in b" : !ch[i].b ? "only in a" : ch[i].fields);
		if (hwpc_out_end(o, &err))
			rc = trouble(&err);
	}
	free(ch);
	return rc;
}

int pcread_diff(FILE *out, enum hwpc_format fmt, const struct hwpc_regdb *db, struct hwpc_dev *dev,
		const char *path_a, const char *path_b)
{
	static const struct hwpc_col cols[] = {
		{ "unit", 0 }, { "reg", 0 }, { "addr", 8 }, { "a", 10 }, { "b", 10 }, { "fields", 0 },
	};
	struct hwpc_snapshot a, b = { 0 };
	struct hwpc_err err;
	struct hwpc_out *o = NULL;
	int rc;
	if (hwpc_snapshot_load(db, path_a, &a, &err))
		return trouble(&err);
	if (path_b) {
		rc = hwpc_snapshot_load(db, path_b, &b, &err) ? trouble(&err) : 0;
		if (!rc && a.chip != b.chip)
			rc = cli_fail(HWPC_EINPUT, "--diff: %s is a snapshot of %s, %s of %s: no register compares",
				      path_a, a.chip->name, path_b, b.chip->name);
	}
	else if (dev->chip != a.chip)
		rc = cli_fail(HWPC_EINPUT, "--diff %s: a snapshot of %s (BOOT_0 0x%08x), the device is %s (BOOT_0 0x%08x)",
			      path_a, a.chip->name, a.boot0, dev->chip ? dev->chip->name : "of no known chipset",
			      dev->boot0);
	else
		rc = hwpc_snapshot_take(dev, &b, &err) ? trouble(&err) : 0;
	if (!rc && (!(o = pcread_out_new(out, fmt, &err)) || hwpc_out_table(o, cols, 6, &err)))
		rc = trouble(&err);
	if (!rc)
		rc = report(o, &a, &b);
	if (o && hwpc_out_finish(o, &err) && rc < 2)
		rc = trouble(&err);
	hwpc_out_free(o);
	hwpc_snapshot_free(&a);
	hwpc_snapshot_free(&b);
	return rc;
}
