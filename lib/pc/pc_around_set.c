/* SPDX-License-Identifier: MIT */
/* Counting around a command over several devices (pc_cmd.h:
 * hwpc_pc_around_set_*, pcread [SETUP] -- CMD): each device's span (pc_around.c)
 * begun, sampled at the caller's steps and written, a device that fails
 * left out while the others go on. */
#include "core/err_local.h"
#include "pc/pc_cmd.h"

#include <stdlib.h>

int hwpc_pc_around_set_begin(struct hwpc_pc_around_set *x, struct hwpc_pc_devset_dev *const *ds, size_t n,
			     const struct hwpc_pc_around_set_opts *o, struct hwpc_out *out)
{
	const struct hwpc_tell *tell = o->around.tell;
	struct hwpc_err err;
	size_t failed = 0;
	int last = 0;
	*x = (struct hwpc_pc_around_set){
		.o = o, .ds = ds, .n = n, .as = calloc(n ? n : 1, sizeof *x->as), .out = out,
		/* the records are an interval's until the command ends */
		.w = { .command = o->command, .sampling = o->sampling, .interval = true },
	};
	if (!x->as) {
		hwpc_err_set(&err, HWPC_EOP, "out of memory");
		return hwpc_tell_fail(tell, &err);
	}
	for (size_t j = 0; j < n; j++) {
		struct hwpc_pc_around_opts ao = o->around;
		ao.name = ds[j]->name;
		hwpc_pc_devset_tag(ds[j], out);
		int drc = hwpc_pc_around_begin(&x->as[j], ds[j]->dev, &ds[j]->layout, &ao, out, &err)
				  ? hwpc_tell_fail(tell, &err)
				  : 0;
		ds[j]->suspect |= x->as[j].suspect;
		ds[j]->failed = drc != 0;
		last = drc ? drc : last;
		failed += drc != 0;
	}
	/* none began: nothing to count the command with, so it is not run */
	return failed == n ? last : 0;
}

/* Every device's domains that worked: an interval's records, or the whole
 * run's. */
static int report(struct hwpc_pc_around_set *x)
{
	struct hwpc_err err;
	for (size_t j = 0; j < x->n; j++) {
		if (x->ds[j]->failed)
			continue;
		hwpc_pc_devset_tag(x->ds[j], x->out);
		if (hwpc_pc_around_out(&x->as[j], x->out, x->o->fmt, &x->w, &err))
			return hwpc_tell_fail(x->o->around.tell, &err);
	}
	return 0;
}

int hwpc_pc_around_set_step(struct hwpc_pc_around_set *x, uint64_t k)
{
	for (size_t j = 0; j < x->n; j++) {
		if (x->ds[j]->failed)
			continue;
		if (hwpc_pc_around_sample(&x->as[j], x->n > 1 ? x->ds[j]->name : NULL, x->o->around.tell))
			x->ds[j]->failed = true;
		x->ds[j]->suspect |= x->as[j].suspect;
	}
	x->w.sample = k;
	return x->o->sampling ? report(x) : 0;
}

int hwpc_pc_around_set_end(struct hwpc_pc_around_set *x, bool ok, int *status)
{
	x->w.interval = false;
	x->w.status = *status;
	/* every device failed, at its start or while sampled: the run's
	 * status is theirs, not the command's */
	size_t failed = 0;
	for (size_t j = 0; j < x->n; j++)
		failed += x->ds[j]->failed;
	if (x->n && failed == x->n)
		*status = HWPC_EOP;
	return ok ? report(x) : 0;
}

void hwpc_pc_around_set_free(struct hwpc_pc_around_set *x)
{
	free(x->as);
	x->as = NULL;
}
