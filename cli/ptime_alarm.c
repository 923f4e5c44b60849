/* SPDX-License-Identifier: MIT */
/* ptime --wait-alarm: the alarm is set by an earlier ptime; wait for it in
 * host time, leaving the devices' clocks alone - one that does not move by
 * itself (a virtual simulator clock) will never fire it.  Each device is
 * reported when its alarm fires. */
#include "ptime_mode.h"

#include <stdlib.h>

static bool asked(const struct ptime_opts *op)
{
	return op->wait_alarm;
}

/* Has device i's alarm fired?  Then report it. */
static int poll_one(struct ptime *p, size_t i, uint64_t start, bool *fired)
{
	struct ptime_dev *t = &p->d[i];
	struct hwpc_ptimer *pt = &t->tm.pt;
	struct hwpc_err err;
	bool pending = false;
	uint64_t raw;
	if (hwpc_ptimer_alarm_pending(pt, &pending, &err) || (pending && hwpc_ptimer_read(pt, &raw, NULL, &err))) {
		ptime_dev_fail(p, i, &err);
		return 0;
	}
	if (!(*fired = pending))
		return 0;
	uint64_t ticks = hwpc_ptimer_ticks(pt, raw);
	ptime_tag(p, i);
	hwpc_out_record(p->o, "timer_alarm");
	hwpc_out_str(p->o, "alarm", "fired");
	hwpc_out_u64(p->o, "ticks", ticks);
	ptime_put_ns(p->o, "ns", ptime_ticks_ns(t, ticks));
	hwpc_out_u64(p->o, "waited_ns", hwpc_host_now_ns() - start);
	return ptime_end_record(p);
}

static int wait_alarm(struct ptime *p)
{
	struct hwpc_err err;
	uint64_t start = hwpc_host_now_ns(), timeout_ns = p->op->timeout_ns;
	bool *fired = calloc(p->n, sizeof *fired);
	int rc = 0;
	if (!fired)
		return cli_fail(HWPC_EOP, "out of memory");
	for (;;) {
		for (size_t i = 0; !rc && i < p->n; i++)
			if (!p->d[i].failed && !fired[i])
				rc = poll_one(p, i, start, &fired[i]);
		size_t left = 0;
		for (size_t i = 0; i < p->n; i++)
			left += !p->d[i].failed && !fired[i];
		if (rc || !left)
			break;
		bool late = hwpc_host_now_ns() - start >= timeout_ns;
		for (size_t i = 0; i < p->n; i++) {
			struct ptime_dev *t = &p->d[i];
			bool moved = false;
			if (t->failed || fired[i])
				continue;
			if (late)
				hwpc_err_set(&err, HWPC_EOP, "timed out after %.3f s waiting for the alarm",
					     (double)timeout_ns / 1e9);
			else
				hwpc_dev_pause_ns(t->tm.dev, 200000 / left, &moved);
			if (!late && !moved)
				hwpc_err_set(&err, HWPC_EOP, "the alarm has not fired, and the device's clock is not "
							     "moving (a simulator's virtual clock only moves with pcsim advance)");
			if (late || !moved)
				ptime_dev_fail(p, i, &err);
		}
	}
	free(fired);
	return rc;
}

const struct ptime_mode ptime_wait_alarm = { .asked = asked, .run = wait_alarm };
