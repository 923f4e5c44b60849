/* SPDX-License-Identifier: MIT */
/* ptime -- COMMAND: the command runs in host time; device time is
 * reported beside it, for every device, read just before and just after
 * it (common/runcmd.h: its signals passed on, its exit status as a shell
 * gives it).  The report goes to stderr (perf stat does the same). */
#include "ptime_mode.h"
#include "common/runcmd.h"

#include <math.h>
#include <stdlib.h>

static bool asked(const struct ptime_opts *op)
{
	return op->cmd;
}

static int report(struct ptime *p, size_t i, uint64_t t0, uint64_t h0)
{
	struct ptime_dev *t = &p->d[i];
	struct hwpc_out *o = p->o;
	struct hwpc_err err;
	uint64_t t1, h1;
	if (ptime_stamp(t, true, &t1, &h1, NULL, &err)) {
		ptime_dev_fail(p, i, &err);
		return 0;
	}
	uint64_t dt = (t1 - t0) & hwpc_timer_mask(&t->tm);
	double ns = ptime_ticks_ns(t, dt);
	/* A clock that stood still while the command ran (a simulator's
	 * virtual clock moves only when something advances it; a real timer
	 * only when stopped): its 0 ticks and ratio 0 say nothing of the
	 * command. */
	if (!dt)
		cli_warn("%s: the timer did not move while %s ran (a virtual clock moves only when advanced, e.g. "
			 "pcsim advance; a real one only when stopped): ticks and ratio say nothing of the command",
			 t->name, p->op->cmd[0]);
	ptime_tag(p, i);
	hwpc_out_record(o, "timed_command");
	hwpc_out_str(o, "command", p->op->cmd[0]);
	hwpc_out_i64(o, "status", p->cmd_status);
	hwpc_out_u64(o, "ticks", dt);
	ptime_put_ns(o, "ns", ns);
	hwpc_out_u64(o, "host_ns", h1 - h0);
	if (!isnan(ns) && h1 > h0)
		hwpc_out_double(o, "device_host_ratio", ns / (double)(h1 - h0), 6);
	else
		hwpc_out_null(o, "device_host_ratio");
	return ptime_end_record(p);
}

static int timed(struct ptime *p)
{
	struct hwpc_err err;
	uint64_t *t0 = calloc(p->n, sizeof *t0), *h0 = calloc(p->n, sizeof *h0);
	int rc = !t0 || !h0 ? cli_fail(HWPC_EOP, "out of memory") : 0;
	fflush(NULL);
	for (size_t i = 0; !rc && i < p->n; i++)
		if (!p->d[i].failed && ptime_stamp(&p->d[i], true, &t0[i], &h0[i], NULL, &err))
			ptime_dev_fail(p, i, &err);
	/* with no device left, nothing to time it with; a command that could
	 * not be started has no report */
	struct cli_cmd_run run;
	if (!rc && p->failures < p->n && !(rc = cli_cmd_start(&run, p->op->cmd))) {
		cli_cmd_finish(&run);
		p->cmd_status = run.status;
	}
	for (size_t i = 0; !rc && p->failures < p->n && i < p->n; i++)
		if (!p->d[i].failed)
			rc = report(p, i, t0[i], h0[i]);
	free(t0);
	free(h0);
	return rc;
}

const struct ptime_mode ptime_command = { .asked = asked, .run = timed };
