/* SPDX-License-Identifier: MIT */
/* ptime --wait-alarm: wait in host time until each device's PTIMER alarm
 * has fired. */
#include "ptime.h"

#include <stdlib.h>

/* The alarm is set by an earlier ptime: wait for it in host time, leaving
 * the devices' clocks alone - one that does not move by itself (a virtual
 * simulator clock) will never fire it.  Each device is reported when its
 * alarm fires. */
int ptime_wait_alarm(struct ptime *p, uint64_t timeout_ns)
{
	struct hwpc_err err;
	uint64_t start = hwpc_host_now_ns();
	bool *fired = calloc(p->n, sizeof *fired);
	size_t left = p->n - p->failures;
	int rc = 0;
	if (!fired)
		return cli_fail(HWPC_EOP, "out of memory");
	while (!rc && left) {
		for (size_t i = 0; !rc && i < p->n; i++) {
			struct ptime_dev *t = &p->d[i];
			struct hwpc_ptimer *pt = &t->tm.pt;
			bool pending = false;
			uint64_t raw;
			if (t->failed || fired[i])
				continue;
			if (hwpc_ptimer_alarm_pending(pt, &pending, &err)) {
				ptime_dev_fail(p, i, &err), left--;
				continue;
			}
			if (!pending)
				continue;
			if (hwpc_ptimer_read(pt, &raw, NULL, &err)) {
				ptime_dev_fail(p, i, &err), left--;
				continue;
			}
			fired[i] = true;
			left--;
			uint64_t ticks = hwpc_ptimer_ticks(pt, raw);
			ptime_tag(p, i);
			hwpc_out_record(p->o, "timer_alarm");
			hwpc_out_str(p->o, "alarm", "fired");
			hwpc_out_u64(p->o, "ticks", ticks);
			ptime_put_ns(p->o, "ns", ptime_ticks_ns(t, ticks));
			hwpc_out_u64(p->o, "waited_ns", hwpc_host_now_ns() - start);
			rc = ptime_end_record(p);
		}
		bool late = hwpc_host_now_ns() - start >= timeout_ns;
		for (size_t i = 0; !rc && i < p->n; i++) {
			struct ptime_dev *t = &p->d[i];
			bool moved;
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
				ptime_dev_fail(p, i, &err), left--;
		}
	}
	free(fired);
	return rc;
}
