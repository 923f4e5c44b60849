/* SPDX-License-Identifier: MIT */
/* pcread --clocks: every domain's clock measured at once, nvatiming
 * style, each figure with its uncertainty (hwpc_pc_clocks_*); the domains'
 * setup is put back afterwards.  --dry-run prints the writes both ways. */
#include "pcread_mode.h"
#include "pc/pc_cmd.h"


/* What nvatiming waits; long enough for a few ppm on real hardware, short
 * enough that no 32-bit CYCLES saturates below 40 GHz. */
#define DEFAULT_WINDOW_NS 100000000ull

/* One device: its domains (-D, all by default), measured or planned. */
static int one_device(const struct pcread_run *r, struct hwpc_dev *dev, const char *name, struct hwpc_out *o)
{
	const struct pcread_opts *op = r->op;
	struct hwpc_err err;
	const struct hwpc_pc_clocks_opts co = {
		.profile = op->profile, .name = name, .domains = op->domains, .ndomains = op->ndomains,
		.window_ns = op->have_window ? op->window_ns : DEFAULT_WINDOW_NS, .fmt = op->fmt, .dry_run = op->dry_run,
		.strict = op->strict, .tell = &cli_tell,
	};
	bool suspect;
	if (hwpc_pc_clocks_run_out(dev, &co, o, &suspect, &err))
		return cli_fail_err(&err);
	return suspect && op->strict ? HWPC_ELOST : 0;
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

const struct pcread_mode pcread_clocks = { .asks = { "--clocks" }, .run = run, .whole = HWPC_ELOST };
