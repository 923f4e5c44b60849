/* SPDX-License-Identifier: MIT */
/* pcread --clocks: every domain's clock measured at once, nvatiming
 * style, each figure with its uncertainty (hwpc_pc_clocks_*); the domains'
 * setup is put back afterwards.  --dry-run prints the writes both ways. */
#include "pcread_mode.h"
#include "pc/pc_cmd.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* What nvatiming waits; long enough for a few ppm on real hardware, short
 * enough that no 32-bit CYCLES saturates below 40 GHz. */
#define DEFAULT_WINDOW_NS 100000000ull

static bool asked(const struct pcread_opts *op)
{
	return op->clocks;
}

/* Wide enough for GHz with their uncertainty, and a second's cycles. */
static const struct hwpc_col text_cols[] = {
	{ "domain", 0 }, { "clock", 0 }, { "measured_hz", 24 }, { "uncertainty_ppm", 0 }, { "cycles", 10 },
	{ "elapsed_ns", 10 },
};

static int out_clock(struct hwpc_out *o, enum hwpc_format fmt, const struct hwpc_pc_clocks *c,
		     const struct hwpc_pc_clock *k)
{
	struct hwpc_err err;
	const struct hwpc_pc_domain *di = &c->l->dom[k->dom];
	double ppm = k->measured_hz > 0 ? k->uncertainty_hz / k->measured_hz * 1e6 : NAN;
	hwpc_out_record(o, "pc_clock");
	hwpc_out_str(o, "domain", di->name);
	if (di->clock)
		hwpc_out_str(o, "clock", di->clock);
	else
		hwpc_out_null(o, "clock");
	hwpc_out_measured(o, "measured_hz", k->measured_hz, k->uncertainty_hz, 1);
	if (fmt != HWPC_FMT_TEXT)
		hwpc_out_double(o, "uncertainty_hz", k->uncertainty_hz, 1);
	hwpc_out_double(o, "uncertainty_ppm", ppm, 3);
	hwpc_out_u64(o, "cycles", k->cycles);
	hwpc_out_u64(o, "elapsed_ns", (uint64_t)llround(k->elapsed_ns));
	if (fmt != HWPC_FMT_TEXT) {
		if (c->can_lag)
			hwpc_out_u64(o, "lag_ns", c->lag_ns);
		else
			hwpc_out_null(o, "lag_ns");
	}
	return hwpc_out_end(o, &err) ? cli_fail_err(&err) : 0;
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
		if (hwpc_pc_clocks_measure(c, op->have_window ? op->window_ns : DEFAULT_WINDOW_NS, &err))
			rc = cli_fail_err(&err);
		for (unsigned j = 0; j < c->n && !rc; j++)
			rc = out_clock(o, op->fmt, c, &c->clk[j]);
		if (!rc && c->lag_ns) {
			cli_warn("%s: the device's time lagged %.6f s behind realtime during the window: the clocks "
				 "measured are low by up to that share (pcsim(1), \"PCOUNTER engines\")",
				 name, (double)c->lag_ns / 1e9);
			rc = op->strict ? HWPC_ELOST : 0;
		} else {
			/* --strict: a clock less certain than the bound every measured
			 * rate is held to (hwpc_rate_from) is suspect. */
			for (unsigned j = 0; j < c->n && !rc && op->strict; j++) {
				const struct hwpc_pc_clock *k = &c->clk[j];
				if (!(k->uncertainty_hz <= k->measured_hz * HWPC_RATE_STRICT_PPM / 1e6)) {
					cli_warn("%s: domain %s: the clock is uncertain by %.0f ppm, past %.0f ppm (--strict)",
						 name, c->l->dom[k->dom].name, k->uncertainty_hz / k->measured_hz * 1e6,
						 HWPC_RATE_STRICT_PPM);
					rc = HWPC_ELOST;
				}
			}
		}
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
	struct hwpc_out *o = cli_devices_out(devs, r->of->fp, r->op->fmt, r->op->dry_run ? NULL : text_cols,
					     r->op->dry_run ? 0 : sizeof text_cols / sizeof text_cols[0], &err);
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
