/* SPDX-License-Identifier: MIT */
/* pcread's counter reads written (pc_cmd.h: hwpc_pc_counters_run): the
 * sampling (pc_sample.c) with its writer, pc_counters records or a Chrome
 * trace, made once every device started, when the columns are known.  The
 * caller makes the records' writer, which names the command and its
 * devices, and may replace the output between samples (round). */
#include "core/err_local.h"
#include "pc/pc_cmd.h"

#include <stdio.h>
#include <stdlib.h>

int hwpc_pc_counters_open(struct hwpc_pc_counters_writer *w)
{
	struct hwpc_err err;
	char name[64];
	if (w->fmt != HWPC_FMT_TRACE) {
		struct hwpc_col cols[HWPC_PC_MAX_COLS];
		size_t ncols = hwpc_pc_counter_cols(&w->lc, cols);
		w->o = w->records(w->ctx, cols, ncols, &err);
		return w->o ? 0 : hwpc_tell_fail(w->tell, &err);
	}
	if (!(w->t = hwpc_trace_new(w->fp, &err)))
		return hwpc_tell_fail(w->tell, &err);
	snprintf(name, sizeof name, "%s %s", w->name, w->ds[0]->layout.chip->name);
	hwpc_trace_process_name(w->t, 1, name);
	return 0;
}

int hwpc_pc_counters_close(struct hwpc_pc_counters_writer *w)
{
	struct hwpc_err err;
	int rc = (w->t && hwpc_trace_finish(w->t, &err)) || (w->o && hwpc_out_finish(w->o, &err))
			 ? w->broken ? w->broken : hwpc_tell_fail(w->tell, &err) /* a broken writer was told */
			 : 0;
	hwpc_trace_free(w->t);
	hwpc_out_free(w->o);
	w->t = NULL;
	w->o = NULL;
	return rc;
}

static int opened(void *ctx)
{
	return hwpc_pc_counters_open(ctx);
}

/* Domain d's sample of device j as a record or on the trace; a failure
 * ends the run. */
static int write_one(void *ctx, size_t j, struct hwpc_pc_reader_dom *d, const struct hwpc_pc_read_sample *s,
		     uint64_t k, uint64_t t_ns)
{
	struct hwpc_pc_counters_writer *w = ctx;
	struct hwpc_err err;
	if (w->t) {
		hwpc_pc_counters_trace(w->t, &d->r, s, t_ns);
		return 0;
	}
	hwpc_pc_devset_tag(w->ds[j], w->o);
	if (hwpc_pc_counters_out(w->o, w->fmt, &w->lc, &d->r, &d->acc, d->reprogrammed, d->expr, s, k, t_ns, &err))
		return w->broken = hwpc_tell_fail(w->tell, &err);
	w->written++;
	return 0;
}

static int round_done(void *ctx, bool more)
{
	struct hwpc_pc_counters_writer *w = ctx;
	return w->round ? w->round(w->ctx, more) : 0;
}

int hwpc_pc_counters_run(struct hwpc_pc_devset_dev *const *ds, size_t n, const struct hwpc_pc_sampling *so,
			 struct hwpc_pc_counters_writer *w)
{
	struct hwpc_err err;
	struct hwpc_pc_sampling o = *so;
	struct hwpc_pc_sampling_dev *sd = calloc(n ? n : 1, sizeof *sd);
	if (!sd) {
		hwpc_err_set(&err, HWPC_EOP, "out of memory");
		return hwpc_tell_fail(w->tell, &err);
	}
	w->ds = ds;
	w->lc.sample = so->sampling;
	w->lc.count = so->count;
	w->lc.interval_ns = so->interval_ns;
	o.lc = &w->lc;
	o.ctx = w;
	o.open = opened;
	o.write = write_one;
	o.round = round_done;
	for (size_t j = 0; j < n; j++)
		sd[j] = (struct hwpc_pc_sampling_dev){ .rd = &ds[j]->rd, .name = ds[j]->name };
	int rc = hwpc_pc_sampling_run(sd, n, &o);
	for (size_t j = 0; j < n; j++) {
		ds[j]->failed = sd[j].failed;
		ds[j]->suspect |= sd[j].suspect;
	}
	int crc = hwpc_pc_counters_close(w);
	free(sd);
	return rc ? rc : crc;
}
