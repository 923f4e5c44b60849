/* SPDX-License-Identifier: MIT */
/* pcread's counter reads over time (pc_cmd.h: hwpc_pc_sampling_run):
 * every device started on a clock of its own (a virtual one is advanced, a
 * realtime one waited for; the first device's wait covers the others'),
 * then each sample reads the devices in turn; a device that fails among
 * several is left out, and sampling that fell behind is told. */
#include "core/err_local.h"
#include "dev/dev_cmd.h"
#include "hwpc/dev.h"
#include "pc/pc_cmd.h"

/* One device's start: its clock and the first sample, which decides the
 * optional columns. */
static int start(const struct hwpc_pc_sampling *o, struct hwpc_pc_sampling_dev *d, struct hwpc_err *err)
{
	struct hwpc_pc_reader *rd = d->rd;
	o->lc->lag |= rd->can_lag;
	for (unsigned i = 0; i < rd->ndoms; i++)
		hwpc_pc_cols_widen(o->lc, &rd->doms[i].r);
	hwpc_sampler_start(&d->clock, rd->dev, o->sampling ? o->interval_ns : 0);
	if (hwpc_pc_reader_start(rd, o->ro, d->first, err))
		return err->status;
	for (unsigned i = 0; i < rd->ndoms; i++) {
		o->lc->quad |= d->first[i].mode == HWPC_PC_READ_MODE_QUAD;
		o->lc->record |= d->first[i].mode == HWPC_PC_READ_MODE_RECORD;
	}
	return 0;
}

/* Sample k of device j: each domain read (the first sample was read
 * already) and written.  Returns the device's failure (told); the
 * writer's goes to *wrc. */
static int sample(const struct hwpc_pc_sampling *o, struct hwpc_pc_sampling_dev *ds, size_t j, uint64_t k,
		  uint64_t t_ns, int *wrc)
{
	struct hwpc_pc_reader *rd = ds[j].rd;
	struct hwpc_err err;
	struct hwpc_pc_read_sample s;
	if (k && hwpc_pc_reader_trigger(rd, &err))
		return hwpc_tell_fail(o->tell, &err);
	for (unsigned i = 0; i < rd->ndoms; i++) {
		if (hwpc_pc_reader_read(rd, i, k ? NULL : &ds[j].first[i], &s, &err))
			return hwpc_tell_fail(o->tell, &err);
		ds[j].last_k = k, ds[j].last_t_ns = t_ns;
		if ((*wrc = o->write(o->ctx, j, &rd->doms[i], &s, k, t_ns)))
			return 0;
	}
	return 0;
}

int hwpc_pc_sampling_run(struct hwpc_pc_sampling_dev *ds, size_t np, const struct hwpc_pc_sampling *o)
{
	struct hwpc_err err;
	int rc = 0, wrc = 0;
	for (size_t j = 0; j < np && !rc; j++) {
		int drc = start(o, &ds[j], &err) ? hwpc_tell_fail(o->tell, &err) : 0;
		rc = drc && np == 1 ? drc : 0;
		ds[j].failed = drc != 0;
	}
	rc = rc ? rc : o->open(o->ctx);
	for (uint64_t k = 0; !rc && !hwpc_sampler_stopped(o->stop, k) && (!k || o->sampling) && (!o->count || k < o->count);
	     k++) {
		for (size_t j = 0; j < np && !rc && !hwpc_sampler_stopped(o->stop, k); j++) {
			int drc = ds[j].failed ? 0 : k && hwpc_sampler_wait(&ds[j].clock, k, &err) ? hwpc_tell_fail(o->tell, &err) : 0;
			if (!drc && !ds[j].failed && !hwpc_sampler_stopped(o->stop, k))
				drc = sample(o, ds, j, k, k ? hwpc_sampler_elapsed_ns(&ds[j].clock) : 0, &wrc);
			if (drc)
				ds[j].failed = true; /* counted by the caller, alone or not */
			if (wrc || (drc && np == 1))
				rc = wrc ? wrc : drc;
		}
		bool more = o->sampling && (!o->count || k + 1 < o->count) && !*o->stop;
		if (!rc && o->round)
			rc = o->round(o->ctx, more);
	}
	/* Sampling that fell behind says so (strict: suspect). */
	for (size_t j = 0; o->sampling && j < np; j++) {
		char why[256];
		if (!ds[j].failed && hwpc_sampler_behind(&ds[j].clock, ds[j].last_k, ds[j].last_t_ns, why, sizeof why)) {
			hwpc_tell_warn(o->tell, "%s%s%s", np > 1 ? ds[j].name : "", np > 1 ? ": " : "", why);
			ds[j].suspect |= o->strict;
		}
	}
	return rc;
}
