/* SPDX-License-Identifier: MIT */
/* pcread -f: the counter sets of a setup file take turns on one quad
 * domain, an interval each, and are reported with perf-style estimates
 * scaled to the whole time. */
#include "pcread_mode.h"
#include "pc/pc_cmd.h"


/* The sets take turns until -n turns or a signal; a device that knows the
 * domain's clock is stepped exactly (hwpc_pc_read_rot_turn). */
static int one_device(const struct pcread_run *r, struct hwpc_pc_devset_dev *p, struct hwpc_out *o)
{
	const struct pcread_opts *op = r->op;
	struct hwpc_err err;
	const struct hwpc_pc_rotate_opts ro = {
		.setfile = op->setfile, .domain = op->ndomains ? op->domains[0] : NULL, .interval_ns = op->interval_ns,
		.count = op->count, .have_count = op->have_count, .force = op->force, .stop = cli_catch_stop(),
		.tell = &cli_tell,
	};
	return hwpc_pc_rotate_out(&p->rd, &ro, o, &err) ? cli_fail_err(&err) : 0;
}

static int run(const struct pcread_run *r)
{
	static const struct pcread_pc_read how = { .each = one_device, .cols = hwpc_pc_set_cols, .ncols = 8 };
	return pcread_pc(r, &how);
}

const struct pcread_mode pcread_rotate = { .asks = { "-f" }, .run = run, .whole = HWPC_ELOST };
