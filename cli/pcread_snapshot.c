/* SPDX-License-Identifier: MIT */
/* pcread --snapshot and --diff: save every readable register of the chip,
 * and compare two snapshots or a snapshot with the device, by unit,
 * leaving out what changes with nobody writing (regdb's read=live) unless
 * --all, and what --ignore names; the summary says how many.
 * --diff follows diff(1): 1 means "different", so trouble of any kind, a
 * device error included, is 2. */
#include "pcread_mode.h"
#include "regs/regs_cmd.h"

static bool two_files(const struct pcread_opts *op)
{
	return op->diff_b != NULL;
}

/* What the formats and files allow (no other reading mode goes with them:
 * pcread.c's relations). */
static int check(const struct pcread_opts *op)
{
	if (op->snapshot && op->fmt != HWPC_FMT_TEXT && op->fmt != HWPC_FMT_JSON)
		return cli_fail(HWPC_EINPUT, "--snapshot writes JSON; --format %s is for other modes",
				hwpc_format_name(op->fmt));
	if (op->diff && op->fmt == HWPC_FMT_TRACE)
		return cli_fail(HWPC_EINPUT, "--format trace is for counter samples (text, json or csv here)");
	if (op->diff_b && op->ndevices)
		return cli_fail(HWPC_EINPUT, "--diff %s %s compares two snapshots: -d %s has no part in it", op->diff,
				op->diff_b, op->devices[0]);
	/* A snapshot that cannot be read is said before a device is looked
	 * for. */
	struct hwpc_err err;
	return op->diff && hwpc_snapshot_check_inputs(op->diff, op->diff_b, &err) ? cli_fail_err(&err) : 0;
}

static int snapshot(const struct pcread_run *r)
{
	struct hwpc_err err;
	return hwpc_snapshot_save(r->devs->v[0].dev, r->of->fp, &err) ? cli_fail_err(&err) : 0;
}

static int trouble(const struct hwpc_err *err)
{
	int rc = cli_fail_err(err);
	return rc == HWPC_EOP ? HWPC_EINPUT : rc;
}

/* B is the second file, or the device. */
static int diff(const struct pcread_run *r)
{
	const struct pcread_opts *op = r->op;
	const struct hwpc_snap_filter filter = { .all = op->diff_all, .ignore = op->ignore, .nignore = op->nignore };
	struct hwpc_err err;
	unsigned n;
	struct hwpc_out *o = cli_devices_out(r->devs, r->of->fp, op->fmt, NULL, 0, &err);
	int rc = !o || hwpc_snapshot_compare_out(r->devs->db, op->diff, op->diff_b, r->devs->n ? r->devs->v[0].dev : NULL,
						&filter, op->fmt, o, &n, &err) || hwpc_out_finish(o, &err)
			 ? trouble(&err) : 0;
	hwpc_out_free(o);
	return rc ? rc : n ? 1 : 0;
}

const struct pcread_mode pcread_snapshot = {
	.asks = { "--snapshot" }, .one = true, .check = check, .run = snapshot,
};
const struct pcread_mode pcread_diff_files = {
	.asks = { "--diff" }, .also = two_files, .no_device = true, .one = true, .check = check, .run = diff,
	.whole = 1, .trouble = HWPC_EINPUT,
};
const struct pcread_mode pcread_diff_dev = {
	.asks = { "--diff" }, .one = true, .check = check, .run = diff, .whole = 1,
	.trouble = HWPC_EINPUT,
};
