/* SPDX-License-Identifier: MIT */
/* The clocks pcread --clocks measured, as pc_clock records (hwpc-output(7))
 * and as a judgement (pc_cmd.h); a device's run of them. */
#include "pc/pc_cmd.h"
#include "core/err_local.h"

#include <math.h>
#include <stdlib.h>

/* Wide enough for GHz with their uncertainty, and a second's cycles. */
static const struct hwpc_col text_cols[] = {
	{ "domain", 0 }, { "clock", 0 }, { "measured_hz", 24 }, { "uncertainty_ppm", 0 }, { "cycles", 10 },
	{ "elapsed_ns", 10 },
};

size_t hwpc_pc_clocks_cols(const struct hwpc_col **cols)
{
	*cols = text_cols;
	return sizeof text_cols / sizeof text_cols[0];
}

int hwpc_pc_clocks_out(struct hwpc_out *o, enum hwpc_format fmt, const struct hwpc_pc_clocks *c, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	for (unsigned j = 0; j < c->n; j++) {
		const struct hwpc_pc_clock *k = &c->clk[j];
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
		if (hwpc_out_end(o, err))
			return err->status;
	}
	return 0;
}

bool hwpc_pc_clocks_suspect(const struct hwpc_pc_clocks *c, const char *name, bool strict, const struct hwpc_tell *tell)
{
	if (c->lag_ns) {
		hwpc_tell_warn(tell, "%s: the device's time lagged %.6f s behind realtime during the window: the clocks "
			       "measured are low by up to that share (pcsim(1), \"PCOUNTER engines\")",
			       name, (double)c->lag_ns / 1e9);
		return true;
	}
	/* --strict: a clock less certain than the bound every measured rate
	 * is held to (hwpc_rate_from) is suspect; the first is told. */
	for (unsigned j = 0; j < c->n && strict; j++) {
		const struct hwpc_pc_clock *k = &c->clk[j];
		if (!(k->uncertainty_hz <= k->measured_hz * HWPC_RATE_STRICT_PPM / 1e6)) {
			hwpc_tell_warn(tell, "%s: domain %s: the clock is uncertain by %.0f ppm, past %.0f ppm (--strict)", name,
				       c->l->dom[k->dom].name, k->uncertainty_hz / k->measured_hz * 1e6,
				       HWPC_RATE_STRICT_PPM);
			return true;
		}
	}
	return false;
}

int hwpc_pc_clocks_run_out(struct hwpc_dev *dev, const struct hwpc_pc_clocks_opts *o, struct hwpc_out *out,
			   bool *suspect, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	struct hwpc_pc_layout l;
	unsigned doms[HWPC_PC_MAX_DOMAINS], n;
	struct hwpc_pc_clocks *c = calloc(1, sizeof *c);
	int rc = c ? 0 : hwpc_err_set(err, HWPC_EOP, "out of memory");
	*suspect = false;
	if (!rc && (hwpc_pc_layout_dev(dev, o->profile, &l, err) ||
		    hwpc_pc_domains_pick(&l, o->domains, o->ndomains, doms, &n, err)))
		rc = err->status == HWPC_EINPUT && o->ndomains ? hwpc_err_prefix(err, "-D") : err->status;
	if (!rc && hwpc_pc_clocks_plan(c, dev, &l, doms, n, err))
		rc = err->status;
	if (!rc && o->dry_run) {
		if (hwpc_wplan_print(&c->setup, out, err) || hwpc_wplan_print(&c->keep.restore_first, out, err) ||
		    hwpc_wplan_print(&c->keep.restore, out, err))
			rc = err->status;
	} else if (!rc) {
		if (hwpc_pc_clocks_measure(c, o->window_ns, err) || hwpc_pc_clocks_out(out, o->fmt, c, err))
			rc = err->status;
		else
			*suspect = hwpc_pc_clocks_suspect(c, o->name, o->strict, o->tell);
	}
	if (c)
		hwpc_pc_clocks_free(c);
	free(c);
	return rc;
}
