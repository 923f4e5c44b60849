/* SPDX-License-Identifier: MIT */
/* pcread --diff (see regs_cmd.h): a snapshot compared with another or with
 * the device as it is now, as records, and in text what the comparison
 * left out, in words; and the snapshot files checked before the command
 * looks for a device, so that "no GPU found" does not hide a missing
 * file. */
#include "core/core_cmd.h"
#include "core/err_local.h"
#include "regs/regs_cmd.h"

#include <string.h>
#include <unistd.h>

int hwpc_snapshot_check_inputs(const char *path_a, const char *path_b, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	const char *paths[] = { path_a, path_b };
	for (int i = 0; i < 2; i++) {
		if (!paths[i] || strcmp(paths[i], "-") == 0)
			continue;
		int fd = hwpc_input_open(paths[i], NULL, err);
		if (fd < 0)
			return err->status;
		close(fd);
	}
	return 0;
}

/* Text: the table, then what it leaves out, in words.  The line stands
 * apart from the device's records: no device line of its own, even after
 * a table with no row. */
static int left_out_text(struct hwpc_out *o, const struct hwpc_snap_left *left, struct hwpc_err *err)
{
	char line[256];
	if (!left->volatile_n && !left->ignored_n)
		return 0;
	snprintf(line, sizeof line,
		 "left out: %u register%s whose only changes are volatile (counters, timers, status; --all keeps "
		 "them), %u named by --ignore",
		 left->volatile_n, left->volatile_n == 1 ? "" : "s", left->ignored_n);
	hwpc_out_set_device(o, NULL, NULL);
	return hwpc_out_text(o, line, err);
}

int hwpc_snapshot_compare_out(const struct hwpc_regdb *db, const char *path_a, const char *path_b, struct hwpc_dev *dev,
			      const struct hwpc_snap_filter *filter, enum hwpc_format fmt, struct hwpc_out *o,
			      unsigned *ndiff, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	const struct hwpc_chipset *chip = dev ? hwpc_dev_chip(dev) : NULL;
	struct hwpc_snapshot a, b = { 0 };
	struct hwpc_snap_left left = { 0 };
	int rc;
	*ndiff = 0;
	if (hwpc_snapshot_load(db, path_a, &a, err))
		return err->status;
	if (path_b) {
		rc = hwpc_snapshot_load(db, path_b, &b, err);
		if (!rc && a.chip != b.chip)
			rc = hwpc_err_set(err, HWPC_EINPUT, "--diff: %s is a snapshot of %s, %s of %s: no register compares",
					  path_a, a.chip->name, path_b, b.chip->name);
	} else if (chip != a.chip) {
		rc = hwpc_err_set(err, HWPC_EINPUT,
				  "--diff %s: a snapshot of %s (BOOT_0 0x%08x), the device is %s (BOOT_0 0x%08x)", path_a,
				  a.chip->name, a.boot0, chip ? chip->name : "of no known chipset", hwpc_dev_boot0(dev));
	} else {
		rc = hwpc_snapshot_take(dev, &b, err);
	}
	/* The differences and their summary: two kinds in one CSV table;
	 * text says what it leaves out in words, after the table. */
	static const char *const kinds[] = { "reg_diff", "reg_diff_summary" };
	if (!rc && ((fmt == HWPC_FMT_CSV && hwpc_out_kinds(o, kinds, 2, err)) ||
		    hwpc_snapshot_diff_out(&a, &b, filter, o, ndiff, &left, err) ||
		    (fmt != HWPC_FMT_TEXT && hwpc_snapshot_diff_summary_out(o, *ndiff, &left, err)) ||
		    (fmt == HWPC_FMT_TEXT && left_out_text(o, &left, err))))
		rc = err->status;
	hwpc_snapshot_free(&a);
	hwpc_snapshot_free(&b);
	return rc;
}
