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
static int one_device(const void *ctx, const struct cli_device *dev, struct hwpc_out *o)
{
	const struct pcread_opts *op = ctx;
	struct hwpc_err err;
	const struct hwpc_pc_clocks_opts co = {
		.profile = op->profile, .name = dev->name, .domains = op->domains, .ndomains = op->ndomains,
		.window_ns = op->have_window ? op->window_ns : DEFAULT_WINDOW_NS, .fmt = op->fmt, .dry_run = op->dry_run,
		.strict = op->strict, .tell = &cli_tell,
	};
	bool suspect;
	if (hwpc_pc_clocks_run_out(dev->dev, &co, o, &suspect, &err))
		return cli_fail_err(&err);
	return suspect && op->strict ? HWPC_ELOST : 0;
}

/* Each device in turn; one that fails is reported and the others go on. */
static int run(const struct pcread_run *r)
{
	static const char *const kinds[] = { "planned_write" };
	struct cli_each each = { .whole = HWPC_ELOST, .fn = one_device, .ctx = r->op };
	if (r->op->dry_run) {
		each.kinds = kinds;
		each.nkinds = 1;
	} else {
		each.ncols = hwpc_pc_clocks_cols(&each.cols);
	}
	return cli_devices_each(r->devs, r->of->fp, r->op->fmt, &each);
}

const struct pcread_mode pcread_clocks = { .asks = { "--clocks" }, .run = run, .whole = HWPC_ELOST };
