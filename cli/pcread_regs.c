/* SPDX-License-Identifier: MIT */
/* pcread --list-regs and --reg: the chip's registers by pattern (for a
 * device, or for --chip without one), and registers read by name, glob,
 * address or range, on each device in turn. */
#include "pcread_mode.h"
#include "regs/regs_cmd.h"

#include <string.h>

/* In text, a list of registers is a line each (nvapeek's, lookup's
 * listing); one register alone stays a block. */
static const struct hwpc_col list_cols[] = { { "reg", 28 }, { "dims", 0 }, { "addr", 8 }, { "access", 0 }, { "doc", 0 } };
static const struct hwpc_col value_cols[] = { { "reg", 28 }, { "addr", 8 }, { "value", 10 }, { "fields", 0 } };

static int chip_check(const struct pcread_opts *op)
{
	return op->ndevices ? cli_fail(HWPC_EINPUT, "--list-regs: give --chip or -d, not both") : 0;
}

/* The registers of a chipset named with --chip, without a device. */
static int list_chip(const struct pcread_run *r)
{
	struct hwpc_err err;
	const struct hwpc_chipset *chip;
	struct hwpc_regview *v = NULL;
	struct hwpc_out *o = NULL;
	int rc = cli_chip_view(r->devs->db, r->op->chip, "--chip", &chip, &v);
	if (!rc && !(o = cli_devices_out(r->devs, r->of->fp, r->op->fmt, list_cols, sizeof list_cols / sizeof list_cols[0],
					 &err)))
		rc = cli_fail_err(&err);
	if (!rc) {
		hwpc_out_set_device(o, NULL, chip->name);
		if (hwpc_regs_list_out(v, r->op->pattern, o, &err))
			rc = cli_fail(err.status, "--list-regs: %s", err.msg);
		else if (hwpc_out_finish(o, &err))
			rc = cli_fail_err(&err);
	}
	hwpc_out_free(o);
	hwpc_regview_free(v);
	return rc;
}

static bool a_list(const struct pcread_opts *op)
{
	if (op->list_regs || op->nregs > 1)
		return true;
	return op->nregs && !strchr("0123456789", op->regs[0][0]) && strpbrk(op->regs[0], "*?");
}

static int each_device(const struct pcread_run *r, bool list)
{
	const struct pcread_opts *op = r->op;
	struct hwpc_err err;
	const struct hwpc_col *cols = !a_list(op) ? NULL : list ? list_cols : value_cols;
	size_t ncols = !cols ? 0 : list ? sizeof list_cols / sizeof list_cols[0] : sizeof value_cols / sizeof value_cols[0];
	struct hwpc_out *o = cli_devices_out(r->devs, r->of->fp, op->fmt, cols, ncols, &err);
	unsigned failures = 0;
	int rc = 0, last = 0;
	if (!o)
		return cli_fail_err(&err);
	for (size_t j = 0; j < r->devs->n; j++) {
		struct hwpc_dev *dev = r->devs->v[j].dev;
		cli_devices_tag(r->devs, j, o);
		int drc = list ? (hwpc_dev_regview(dev) ? hwpc_regs_list_out(hwpc_dev_regview(dev), op->pattern, o, &err)
					    : hwpc_err_set(&err, HWPC_EINPUT, "the device's chipset is not known"))
			       : hwpc_regs_read_out(dev, op->regs, op->nregs, "--reg", op->fmt == HWPC_FMT_TEXT, o, &err);
		if (drc) {
			last = list ? cli_fail(err.status, "--list-regs: %s", err.msg) : cli_fail_err(&err);
			failures++;
		}
	}
	if (hwpc_out_finish(o, &err))
		rc = cli_fail_err(&err);
	hwpc_out_free(o);
	return rc ? rc : cli_devices_status(r->devs, failures, last);
}

static int list(const struct pcread_run *r)
{
	return each_device(r, true);
}

static int read_regs(const struct pcread_run *r)
{
	return each_device(r, false);
}

const struct pcread_mode pcread_list_chip = {
	.asks = { "--list-regs" }, .with = "--chip", .no_device = true, .check = chip_check, .run = list_chip,
};
const struct pcread_mode pcread_list_regs = { .asks = { "--list-regs" }, .run = list };
const struct pcread_mode pcread_read_regs = { .asks = { "--reg" }, .run = read_regs };
