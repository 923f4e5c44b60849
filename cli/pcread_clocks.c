/* SPDX-License-Identifier: MIT */
/* pcread --clocks: every domain's clock measured at once, nvatiming
 * style, each figure with its uncertainty (hwpc_pc_clocks_*); the domains'
 * setup is put back afterwards.  --dry-run prints the writes both ways. */
#include "pcread_mode.h"
#include "pc/pc_cmd.h"

#include <stdio.h>
#include <stdlib.h>

/* What nvatiming waits; long enough for a few ppm on real hardware, short
 * enough that no 32-bit CYCLES saturates below 40 GHz. */
#define DEFAULT_WINDOW_NS 100000000ull

static bool asked(const struct pcread_opts *op)
{
	return op->clocks;
}

/* One device: its domains (-D, all by default), measured or planned. */
static int one_device(const struct pcread_run *r, struct hwpc_dev *dev, const char *name, struct hwpc_out *o)
{
	const struct pcread_opts *op = r->op;
	struct hwpc_err err;
	struct hwpc_pc_layout l;
	unsigned doms[HWPC_PC_MAX_DOMAINS], n;
	struct hwpc_pc_clocks *c = calloc(1, sizeof *c);
	int rc = c ? 0 : cli_fail(HWPC_EOP, "out of memory");
	if (!rc && (hwpc_pc_layout_dev(dev, op->profile, &l, &err) ||
		    hwpc_pc_domains_pick(&l, op->domains, op->ndomains, doms, &n, &err)))
		rc = cli_fail(err.status, "%s%s", err.status == HWPC_EINPUT && op->ndomains ? "-D: " : "", err.msg);
	if (!rc && hwpc_pc_clocks_plan(c, dev, &l, doms, n, &err))
		rc = cli_fail_err(&err);
	if (!rc && op->dry_run) {
		if (hwpc_wplan_print(&c->setup, o, &err) || hwpc_wplan_print(&c->keep.restore_first, o, &err) ||
		    hwpc_wplan_print(&c->keep.restore, o, &err))
			rc = cli_fail_err(&err);
	} else if (!rc) {
		if (hwpc_pc_clocks_measure(c, op->have_window ? op->window_ns : DEFAULT_WINDOW_NS, &err) ||
		    hwpc_pc_clocks_out(o, op->fmt, c, &err))
			rc = cli_fail_err(&err);
		else if (hwpc_pc_clocks_suspect(c, name, op->strict, &cli_tell))
			rc = op->strict ? HWPC_ELOST : 0;
	}
	if (c)
		hwpc_pc_clocks_free(c);
	free(c);
	return rc;
}

/* Each device in turn; one that fails is reported and the others go on. */
static int run(const struct pcread_run *r)
{
	struct hwpc_err err;
	const struct cli_devices *devs = r->devs;
	const char *kinds[] = { "planned_write" };
	const struct hwpc_col *cols;
	size_t ncols = hwpc_pc_clocks_cols(&cols);
	struct hwpc_out *o = cli_devices_out(devs, r->of->fp, r->op->fmt, r->op->dry_run ? NULL : cols,
					     r->op->dry_run ? 0 : ncols, &err);
	if (!o)
		return cli_fail_err(&err);
	if (r->op->dry_run && hwpc_out_kinds(o, kinds, 1, &err)) {
		hwpc_out_free(o);
		return cli_fail_err(&err);
	}
	unsigned failures = 0;
	int rc = 0, last = 0;
	for (size_t j = 0; j < devs->n; j++) {
		cli_devices_tag(devs, j, o);
		int drc = one_device(r, devs->v[j].dev, devs->v[j].name, o);
		if (drc == HWPC_ELOST && !last)
			rc = drc;
		else if (drc)
			failures++, last = drc;
	}
	if (hwpc_out_finish(o, &err) && !rc)
		rc = cli_fail_err(&err);
	hwpc_out_free(o);
	return rc ? rc : cli_devices_status(devs, failures, last);
}

const struct pcread_mode pcread_clocks = { .asked = asked, .run = run, .whole = HWPC_ELOST };
