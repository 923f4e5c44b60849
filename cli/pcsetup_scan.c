/* SPDX-License-Identifier: MIT */
/* pcsetup --scan: every signal of the domains (-D one, else all) counted
 * over windows of DURATION by the counters, so every share is exact
 * (hwpc_pc_scan_count_*: four signals a window where software can swap
 * quad sets, one elsewhere); the setup found is put back after.  Progress
 * on a terminal; an interrupted scan prints what it counted, says so and
 * exits 130.  --dry-run prints the first window's writes and those that
 * put the setup back. */
#include "pcsetup_scan.h"
#include "common/scan.h"
#include "pc/pc_cmd.h"

#include <stdlib.h>

static int out(const struct hwpc_pc_layout *l, const unsigned *doms, unsigned n,
	       const struct hwpc_pc_scan *sc, struct hwpc_dev *dev, enum hwpc_format fmt, struct hwpc_out *o)
{
	struct hwpc_err err;
	int rc = 0;
	for (unsigned j = 0; j < n && !rc; j++) {
		struct hwpc_pc_names names;
		struct hwpc_pcr r;
		if (hwpc_pc_read_init(&r, dev, l, doms[j], &err) || hwpc_pc_names_build(l, doms[j], &names, &err))
			return cli_fail_err(&err);
		if (hwpc_pc_signals_out(o, fmt, &r, &names, NULL, &sc[j], &err))
			rc = cli_fail_err(&err);
		hwpc_pc_names_free(&names);
	}
	return rc;
}

int pcsetup_scan(const struct pcsetup_opts *op, struct hwpc_dev *dev, struct hwpc_out *o)
{
	struct hwpc_err err;
	struct hwpc_pc_layout l;
	unsigned doms[HWPC_PC_MAX_DOMAINS], n = 0;
	const char *one[1] = { op->domain };
	if (hwpc_pc_layout_dev(dev, op->profile, &l, &err) ||
	    hwpc_pc_domains_pick(&l, op->domain ? one : NULL, op->domain ? 1 : 0, doms, &n, &err))
		return cli_fail(err.status, "%s%s", err.status == HWPC_EINPUT && op->domain ? "-D: " : "", err.msg);
	struct hwpc_pc_scan_count c = { .windows = 0 };
	struct hwpc_pc_scan *sc = calloc(n, sizeof *sc);
	int rc = sc ? 0 : cli_fail(HWPC_EOP, "out of memory");
	if (!rc && hwpc_pc_scan_count_init(&c, dev, &l, doms, n, op->force, &err))
		rc = cli_fail(err.status, "--scan: %s", err.msg);
	if (!rc && c.others[0])
		cli_warn("--force: the windows' PM_TRIGGER swaps the quad sets of %s too: whoever reads them loses them",
			 c.others);
	if (!rc && op->dry_run) {
		if (hwpc_wplan_print(&c.first, o, &err) || hwpc_wplan_print(&c.keep.restore_first, o, &err) ||
		    hwpc_wplan_print(&c.keep.restore, o, &err))
			rc = cli_fail_err(&err);
	} else if (!rc) {
		struct cli_progress pg;
		const volatile sig_atomic_t *stop = cli_catch_stop();
		const struct hwpc_pc_scan_how how = { .window_ns = op->scan_ns, .stop = stop, .progress = cli_progress,
						      .ctx = &pg };
		cli_progress_start(&pg, n == 1 ? l.dom[doms[0]].name : "every domain");
		int src = hwpc_pc_scan_count_run(&c, &how, sc, &err);
		cli_progress_end(&pg);
		rc = out(&l, doms, n, sc, dev, op->fmt, o);
		if (src)
			rc = cli_fail_err(&err);
		else if (!rc && *stop) {
			bool any = false;
			for (unsigned j = 0; j < n; j++)
				for (unsigned s = 0; s < sc[j].nsignals; s++)
					any |= sc[j].samples[s] != 0;
			if (any)
				cli_warn("--scan interrupted: the signals counted so far are printed, the rest were not "
					 "counted (the setup found is back)");
			else
				cli_warn("--scan interrupted before its first window: nothing was counted (the setup "
					 "found is back)");
			rc = 130;
		}
	}
	hwpc_pc_scan_count_free(&c);
	free(sc);
	return rc;
}
