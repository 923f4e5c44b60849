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

/* The registers of a device's chipset, or of the one --chip names. */
static int list_one(const void *ctx, const struct cli_device *dev, struct hwpc_out *o)
{
	const struct pcread_run *r = ctx;
	struct hwpc_err err;
	const struct hwpc_regview *v;
	struct hwpc_regview *own;
	int rc = cli_devices_view(r->devs, dev, r->op->chip, "--list-regs", &v, &own);
	if (!rc && !dev)
		hwpc_out_set_device(o, NULL, hwpc_regview_chip(v)->name);
	if (!rc && hwpc_regs_list_out(v, r->op->pattern, o, &err))
		rc = cli_fail(err.status, "--list-regs: %s", err.msg);
	hwpc_regview_free(own);
	return rc;
}

static int read_one(const void *ctx, const struct cli_device *dev, struct hwpc_out *o)
{
	const struct pcread_opts *op = ((const struct pcread_run *)ctx)->op;
	struct hwpc_err err;
	if (hwpc_regs_read_out(dev->dev, op->regs, op->nregs, "--reg", op->fmt == HWPC_FMT_TEXT, o, &err))
		return cli_fail_err(&err);
	return 0;
}

static bool a_list(const struct pcread_opts *op)
{
	return op->nregs > 1 || (op->nregs && !strchr("0123456789", op->regs[0][0]) && strpbrk(op->regs[0], "*?"));
}

static int list(const struct pcread_run *r)
{
	const struct cli_each each = {
		.cols = list_cols, .ncols = sizeof list_cols / sizeof list_cols[0], .fn = list_one, .ctx = r,
	};
	return cli_devices_each(r->devs, r->of->fp, r->op->fmt, &each);
}

static int read_regs(const struct pcread_run *r)
{
	struct cli_each each = { .fn = read_one, .ctx = r };
	if (a_list(r->op)) {
		each.cols = value_cols;
		each.ncols = sizeof value_cols / sizeof value_cols[0];
	}
	return cli_devices_each(r->devs, r->of->fp, r->op->fmt, &each);
}

const struct pcread_mode pcread_list_chip = {
	.asks = { "--list-regs" }, .with = "--chip", .no_device = true, .check = chip_check, .run = list,
};
const struct pcread_mode pcread_list_regs = { .asks = { "--list-regs" }, .run = list };
const struct pcread_mode pcread_read_regs = { .asks = { "--reg" }, .run = read_regs };
