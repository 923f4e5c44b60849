/* SPDX-License-Identifier: MIT */
/* What every output part of tsdump writes with: a record writer on its
 * output, and its times in the trace's unit.  Here, below tsdump.c and
 * its parts, so the statistics, the trace and the record-buffer path need
 * not call back into the file that dispatches to them. */
#include "stream/tsdump_state.h"

double tsdump_us(const struct hwpc_tsdump *t, uint64_t ticks)
{
	/* Unknown rate: one tick per nanosecond (tsdump(1) says so). */
	return t->o.hz > 0 ? (double)ticks / t->o.hz * 1e6 : (double)ticks / 1e3;
}

struct hwpc_out *tsdump_out_new(struct hwpc_tsdump *t, enum hwpc_format fmt, struct hwpc_err *err)
{
	struct hwpc_out *o = hwpc_out_new(t->o.out, fmt, err);
	if (!o)
		return NULL;
	hwpc_out_set_command(o, "tsdump");
	/* Text names the device once, above the first table. */
	if (fmt != HWPC_FMT_TEXT || !t->device_shown)
		hwpc_out_set_device(o, t->o.device, t->o.chipset);
	t->device_shown = true;
	return o;
}
