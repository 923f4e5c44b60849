/* SPDX-License-Identifier: MIT */
/* pcread --list-regs and --reg: the chip's registers by pattern, and
 * registers read by name, glob, address or range, on each device in turn. */
#include "pcread_mode.h"
#include "regs/regs_cmd.h"

static bool list_asked(const struct pcread_opts *op)
{
	return op->list_regs;
}

static bool read_asked(const struct pcread_opts *op)
{
	return op->nregs;
}

static int each_device(const struct pcread_run *r, bool list)
{
	const struct pcread_opts *op = r->op;
	struct hwpc_err err;
	struct hwpc_out *o = cli_devices_out(r->devs, r->of->fp, op->fmt, NULL, 0, &err);
	unsigned failures = 0;
	int rc = 0, last = 0;
	if (!o)
		return cli_fail_err(&err);
	for (size_t j = 0; j < r->devs->n; j++) {
		struct hwpc_dev *dev = r->devs->v[j].dev;
		cli_devices_tag(r->devs, j, o);
		int drc = list ? hwpc_regs_list_out(dev, op->pattern, o, &err)
			       : hwpc_regs_read_out(dev, op->regs, op->nregs, "--reg", o, &err);
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

const struct pcread_mode pcread_list_regs = { .asked = list_asked, .run = list };
const struct pcread_mode pcread_read_regs = { .asked = read_asked, .run = read_regs };
