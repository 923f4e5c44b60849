/* SPDX-License-Identifier: MIT */
/* pcread -f: the counter sets of a setup file take turns on one quad
 * domain, an interval each, and are reported with perf-style estimates
 * scaled to the whole time. */
#include "pcread_mode.h"
#include "pc/pc_cmd.h"

#include <stdlib.h>

static bool asked(const struct pcread_opts *op)
{
	return op->setfile;
}

/* The sets take turns until -n turns or a signal; a device that knows the
 * domain's clock is stepped exactly (hwpc_pc_read_rot_turn). */
static int one_device(const struct pcread_run *r, struct pcread_dev *p, struct hwpc_out *o)
{
	const struct pcread_opts *op = r->op;
	const char *setfile = op->setfile;
	struct hwpc_err err;
	struct hwpc_pc_setfile sf;
	struct hwpc_pc_read_rotation rt = { 0 };
	struct hwpc_pc_read_rotset *sets = NULL;
	struct hwpc_pc_reader_dom *d = &p->rd.doms[0];
	const volatile sig_atomic_t *stop = cli_catch_stop();
	unsigned dn;
	int rc = 0;

	if (hwpc_pc_setfile_parse(setfile, &sf, &err))
		return cli_fail_err(&err);
	if (hwpc_pc_setfile_rotation_domain(&p->layout, &sf, op->ndomains ? op->domains[0] : NULL, &dn, &err) ||
	    hwpc_pc_read_init(&d->r, p->dev, &p->layout, dn, &err) || hwpc_pc_read_rot_init(&rt, &d->r, &err))
		rc = cli_fail_err(&err);
	else if (!(sets = calloc(sf.n, sizeof *sets)))
		rc = cli_fail(HWPC_EOP, "out of memory");
	/* A turn that ends with PM_TRIGGER swaps every quad-mode domain. */
	uint32_t others = 0;
	char names[HWPC_PC_MAX_DOMAINS * (HWPC_PC_NAME_LEN + 2)];
	if (!rc && rt.by_trigger &&
	    hwpc_pc_trigger_check(p->dev, &p->layout, 1u << dn, op->force, &others, names, sizeof names, &err))
		rc = cli_fail_err(&err);
	if (!rc && others)
		cli_warn("--force: PM_TRIGGER, fired to swap the quad sets, swaps those of %s too: whoever reads them loses them",
			 names);
	p->rd.ndoms = 1;
	for (uint64_t k = 0; !rc && !*stop && (!op->have_count || k < op->count); k++) {
		const struct hwpc_pc_setfile_entry *e = &sf.e[k % sf.n];
		if (hwpc_pc_read_rot_turn(&rt, &e->setup, op->interval_ns, &sets[k % sf.n], &err))
			rc = cli_fail(err.status, "%s:%u: %s %s: %s", setfile, hwpc_pc_setup_line(&e->setup, err.msg),
				      *e->set ? "set" : "domain", *e->set ? e->set : d->r.di->name, err.msg);
	}
	/* The hardware now holds a set pcread wrote: say so in the record
	 * (after an error too: a turn may have been programmed). */
	if (hwpc_pc_read_rot_save(&rt, &err) && !rc)
		rc = cli_fail_err(&err);
	for (size_t j = 0; j < sf.n && !rc; j++)
		if (sets[j].saturated && !d->warned_sat) {
			cli_warn("%s: a counter saturated in set '%s': its count is a lower bound", d->r.di->name,
				 sf.e[j].set);
			d->warned_sat = p->suspect = true;
		}
	if (!rc && hwpc_pc_sets_out(o, &d->r, &sf, sets, &err))
		rc = cli_fail_err(&err);
	free(sets);
	hwpc_pc_setfile_free(&sf);
	return rc;
}

static int run(const struct pcread_run *r)
{
	static const struct pcread_pc_read how = { .each = one_device, .cols = hwpc_pc_set_cols, .ncols = 8 };
	return pcread_pc(r, &how);
}

const struct pcread_mode pcread_rotate = { .asked = asked, .run = run, .whole = HWPC_ELOST };
