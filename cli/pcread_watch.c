/* SPDX-License-Identifier: MIT */
/* pcread --watch and --until (envytools' nvawatch -t): every change of the
 * registers or fields, timed, until -n changes, --timeout or the --until
 * condition holds; --until that times out exits PCREAD_TIMEOUT. */
#include "pcread_mode.h"
#include "regs/regs_cmd.h"

#include <stdlib.h>

static int watch(struct hwpc_watch *w, const struct pcread_run *r)
{
	const struct pcread_opts *op = r->op;
	struct hwpc_err err;
	struct hwpc_watch_change ch;
	struct hwpc_out *o;
	bool ended = false;
	int rc;
	for (unsigned i = 0; i < op->nwatch; i++)
		if (hwpc_watch_add(w, op->watch[i], "--watch", &err))
			return cli_fail_err(&err);
	if (op->until && hwpc_watch_until(w, op->until, "--until", &err))
		return cli_fail_err(&err);
	struct hwpc_col cols[HWPC_WATCH_COLS];
	hwpc_watch_cols(w, cols);
	if (!(o = cli_devices_out(r->devs, r->of->fp, op->fmt, cols, HWPC_WATCH_COLS, &err)))
		return cli_fail_err(&err);
	/* The start values, then every change as it is seen. */
	bool unwritten = false; /* each change as it comes; a write error ends the watch */
	while (!(rc = hwpc_watch_next(w, &ch, &ended, &err)) && !ended && !(rc = hwpc_watch_change_out(w, &ch, o, &err)))
		if ((rc = cli_outfile_flush(r->of))) {
			unwritten = true;
			break;
		}
	if (rc && !unwritten)
		rc = cli_fail_err(&err);
	if (hwpc_out_finish(o, &err) && !rc)
		rc = cli_fail_err(&err);
	hwpc_out_free(o);
	enum hwpc_watch_end end = rc ? HWPC_WATCH_HELD : hwpc_watch_end(w, &err);
	if (end == HWPC_WATCH_INTERRUPTED) {
		/* exit 0 says the condition held: a script's next step must not
		 * run after a ^C */
		cli_warn("%s", err.msg);
		*r->whole = true;
		return 130;
	}
	return end ? cli_fail(PCREAD_TIMEOUT, "%s", err.msg) : rc;
}

static int run(const struct pcread_run *r)
{
	const struct pcread_opts *op = r->op;
	const struct hwpc_watch_limits lim = { .timeout_ns = op->timeout_ns,
					       .interval_ns = op->have_interval ? op->interval_ns : 0,
					       .count = op->have_count ? op->count : 0, .stop = cli_catch_stop() };
	struct hwpc_watch *w = malloc(sizeof *w);
	if (!w)
		return cli_fail(HWPC_EOP, "out of memory");
	hwpc_watch_init(w, r->devs->v[0].dev, &lim);
	int rc = watch(w, r);
	free(w);
	return rc;
}

const struct pcread_mode pcread_watch = {
	.asks = { "--watch", "--until" }, .one = true, .run = run, .whole = PCREAD_TIMEOUT,
};
