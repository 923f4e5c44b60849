/* SPDX-License-Identifier: MIT */
/* pcread --signals and --scan: every signal of the domains, its value now
 * or its share of a window, sampled at seeded random instants with a 95 %
 * interval (hwpc_pc_scan_sample: read only).  An interrupted scan prints
 * what it scanned, says so and exits 130. */
#include "pcread_mode.h"
#include "common/scan.h"
#include "pc/pc_cmd.h"

#include <stdio.h>
#include <stdlib.h>

/* The scan of one domain; progress on a terminal. */
static int scan(const struct pcread_run *r, struct hwpc_pc_reader_dom *d, unsigned i, unsigned n, struct hwpc_pc_scan *sc,
		struct hwpc_err *err)
{
	char what[64];
	struct cli_progress pg;
	snprintf(what, sizeof what, "%s (%u of %u)", d->r.di->name, i + 1, n);
	cli_progress_start(&pg, what);
	const struct hwpc_pc_scan_how how = { .window_ns = r->op->scan_ns, .samples = r->op->scan_samples,
					      .seed = r->op->seed, .stop = cli_catch_stop(),
					      .progress = cli_progress, .ctx = &pg };
	int rc = hwpc_pc_scan_sample(&d->r, &how, sc, err);
	cli_progress_end(&pg);
	return rc;
}

static int one_device(const struct pcread_run *r, struct hwpc_pc_devset_dev *p, struct hwpc_out *o)
{
	struct hwpc_err err;
	struct hwpc_pc_scan *sc = r->op->scan_ns ? calloc(1, sizeof *sc) : NULL;
	const volatile sig_atomic_t *stop = cli_catch_stop();
	int rc = r->op->scan_ns && !sc ? cli_fail(HWPC_EOP, "out of memory") : 0;
	unsigned i;
	/* --signals reads at once: every domain, whenever a stop comes */
	for (i = 0; i < p->rd.ndoms && !rc && (!sc || !*stop); i++) {
		struct hwpc_pc_reader_dom *d = &p->rd.doms[i];
		struct hwpc_pc_names names;
		uint32_t w[HWPC_LOP_MAX_SIGNALS / 32];
		if (hwpc_pc_names_build(&p->layout, d->r.dom, &names, &err)) {
			rc = cli_fail_err(&err);
			break;
		}
		if (sc ? scan(r, d, i, p->rd.ndoms, sc, &err) : hwpc_pc_read_signals(&d->r, w, sizeof w / sizeof w[0], &err))
			rc = cli_fail_err(&err);
		else if (hwpc_pc_signals_out(o, r->op->fmt, &d->r, &names, w, sc, &err))
			rc = cli_fail_err(&err);
		hwpc_pc_names_free(&names);
	}
	/* Interrupted: what was scanned is out; say what was not. */
	if (!rc && sc && *stop) {
		/* (i is 0 when the stop came before the first domain) */
		unsigned whole = i - (i && sc->partial ? 1 : 0);
		/* stopped before its first sample: nothing of it is out */
		bool some = i && sc->partial && sc->samples[0];
		cli_warn("--scan interrupted: %u of %u domain%s scanned%s%s%s", whole, p->rd.ndoms, p->rd.ndoms == 1 ? "" : "s",
			 some ? "; the shares of " : "", some ? p->rd.doms[i - 1].r.di->name : "",
			 some ? " cover the part of its window sampled" : "");
		rc = 130;
		*r->whole = i > 0; /* what was scanned is out, -o FILE too (nothing: FILE as it was) */
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
	static const struct pcread_pc_read how = { .each = one_device, .cols = hwpc_pc_scan_cols, .ncols = 10,
						   .domains = true };
	return pcread_pc(r, &how);
}

const struct pcread_mode pcread_signals = { .asks = { "--signals" }, .run = run_signals, .whole = HWPC_ELOST };
const struct pcread_mode pcread_scan = { .asks = { "--scan" }, .run = run_scan, .whole = HWPC_ELOST };
