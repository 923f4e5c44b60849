/* SPDX-License-Identifier: MIT */
/* pcread --signals and --scan: every signal of the domains, its value now
 * or the share of samples it was 1 over a time (a virtual simulator clock
 * is stepped a domain cycle or more per sample: exact percentages). */
#include "pcread_mode.h"
#include "pc/pc_cmd.h"

#include <stdlib.h>

static bool signals_asked(const struct pcread_opts *op)
{
	return op->signals;
}

static bool scan_asked(const struct pcread_opts *op)
{
	return op->scan_ns;
}

static int one_device(const struct pcread_run *r, struct pcread_dev *p, struct hwpc_out *o)
{
	struct hwpc_err err;
	struct hwpc_pc_read_scan *sc = r->op->scan_ns ? malloc(sizeof *sc) : NULL;
	const volatile sig_atomic_t *stop = cli_catch_stop();
	int rc = r->op->scan_ns && !sc ? cli_fail(HWPC_EOP, "out of memory") : 0;
	for (unsigned i = 0; i < p->ndoms && !rc; i++) {
		struct pcread_dom *d = &p->doms[i];
		struct hwpc_pc_names names;
		uint32_t w[HWPC_LOP_MAX_SIGNALS / 32];
		if (hwpc_pc_names_build(&p->layout, d->r.dom, &names, &err)) {
			rc = cli_fail_err(&err);
			break;
		}
		if (sc ? hwpc_pc_read_scan_for(&d->r, sc, r->op->scan_ns, stop, &err)
		       : hwpc_pc_read_signals(&d->r, w, sizeof w / sizeof w[0], &err))
			rc = cli_fail_err(&err);
		else if (hwpc_pc_signals_out(o, &d->r, &names, w, sc, &err))
			rc = cli_fail_err(&err);
		hwpc_pc_names_free(&names);
	}
	free(sc);
	return rc;
}

static int run_signals(const struct pcread_run *r)
{
	static const struct pcread_pc_read how = { .each = one_device, .cols = hwpc_pc_signal_cols,
						   .ncols = 4, .domains = true };
	return pcread_pc(r, &how);
}

static int run_scan(const struct pcread_run *r)
{
	static const struct pcread_pc_read how = { .each = one_device, .cols = hwpc_pc_scan_cols, .ncols = 6,
						   .domains = true };
	return pcread_pc(r, &how);
}

const struct pcread_mode pcread_signals = { .asked = signals_asked, .run = run_signals, .whole = HWPC_ELOST };
const struct pcread_mode pcread_scan = { .asked = scan_asked, .run = run_scan, .whole = HWPC_ELOST };
