/* SPDX-License-Identifier: MIT */
/* pcread -f: the counter sets of a setup file take turns on one quad
 * domain, an interval each, and are reported with perf-style estimates
 * scaled to the whole time. */
#include "pcread.h"

#include <math.h>
#include <stdlib.h>

const struct hwpc_col pcread_rotate_cols[8] = { { "set", 0 },	 { "domain", 0 },      { "counter", 10 },
						{ "count", 0 },	 { "scaled", 0 },      { "counted_pct", 0 },
						{ "period_count", 0 }, { "saturated", 0 } };

static int report(struct hwpc_out *o, struct pcread *p, struct pcread_dom *d, const struct hwpc_pc_setfile *sf,
		  const struct hwpc_pc_read_rotset *sets)
{
	struct hwpc_err err;
	int rc = 0;
	uint64_t total = hwpc_pc_read_rot_total(sets, sf->n);
	for (size_t j = 0; j < sf->n && !rc; j++) {
		if (sets[j].saturated && !d->warned_sat) {
			cli_warn("%s: a counter saturated in set '%s': its count is a lower bound", d->r.di->name,
				 sf->e[j].set);
			d->warned_sat = p->suspect = true;
		}
		for (int c = 0; c < HWPC_PC_READ_NCTRS && !rc; c++) {
			if (!d->r.ctr[c].present)
				continue;
			double scaled = hwpc_pc_read_rot_scale(sets[j].count[c], sets[j].counted, total);
			hwpc_out_record(o, "pc_set_count");
			hwpc_out_str(o, "set", sf->e[j].set);
			hwpc_out_str(o, "domain", d->r.di->name);
			hwpc_out_str(o, "counter", hwpc_pc_read_ctr_key((enum hwpc_pc_read_ctr)c));
			hwpc_out_u64(o, "count", sets[j].count[c]);
			if (isnan(scaled))
				hwpc_out_null(o, "scaled");
			else
				hwpc_out_u64(o, "scaled", (uint64_t)llround(scaled));
			hwpc_out_double(o, "counted_pct", 100.0 * hwpc_pc_read_rot_fraction(sets[j].counted, total), 2);
			hwpc_out_u64(o, "period_count", sets[j].periods);
			hwpc_out_bool(o, "saturated", sets[j].saturated >> c & 1);
			rc = hwpc_out_end(o, &err) ? cli_fail_err(&err) : 0;
		}
	}
	return rc;
}

/* The sets take turns until -n turns or a signal; a device that knows the
 * domain's clock is stepped exactly (hwpc_pc_read_rot_turn). */
int pcread_rotate(struct pcread *p, struct hwpc_out *o, struct hwpc_dev *dev, const char *setfile, const char *domain)
{
	struct hwpc_err err;
	struct hwpc_pc_setfile sf;
	struct hwpc_pc_read_rotation rt = { 0 };
	struct hwpc_pc_read_rotset *sets = NULL;
	struct pcread_dom *d = &p->doms[0];
	unsigned dn;
	int rc = 0;

	if (hwpc_pc_setfile_parse(setfile, &sf, &err))
		return cli_fail_err(&err);
	if (hwpc_pc_setfile_rotation_domain(&p->layout, &sf, domain, &dn, &err) ||
	    hwpc_pc_read_init(&d->r, dev, &p->layout, dn, &err) || hwpc_pc_read_rot_init(&rt, &d->r, &err))
		rc = cli_fail_err(&err);
	else if (!(sets = calloc(sf.n, sizeof *sets)))
		rc = cli_fail(HWPC_EOP, "out of memory");
	p->ndoms = 1;
	pcread_catch_signals();
	for (uint64_t k = 0; !rc && !pcread_stop && (!p->have_count || k < p->count); k++) {
		const struct hwpc_pc_setfile_entry *e = &sf.e[k % sf.n];
		if (hwpc_pc_read_rot_turn(&rt, &e->setup, p->interval_ns, &sets[k % sf.n], &err))
			rc = cli_fail(err.status, "%s:%u: %s %s: %s", setfile, hwpc_pc_setup_line(&e->setup, err.msg),
				      *e->set ? "set" : "domain", *e->set ? e->set : d->r.di->name, err.msg);
	}
	/* The hardware now holds a set pcread wrote: say so in the record
	 * (after an error too: a turn may have been programmed). */
	if (hwpc_pc_read_rot_save(&rt, &err) && !rc)
		rc = cli_fail_err(&err);
	if (!rc)
		rc = report(o, p, d, &sf, sets);
	free(sets);
	hwpc_pc_setfile_free(&sf);
	return rc;
}
