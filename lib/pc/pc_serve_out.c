/* SPDX-License-Identifier: MIT */
/* The exporter's exposition (pc_serve.h): per device its serve_device
 * record and, when it answered the scrape, a pc_counters record per
 * domain with the counts since the domain's _created; then the scrape's
 * serve_scrape.  The records go through the OpenMetrics writer
 * (hwpc/output.h), so the families, HELP and TYPE are those of
 * pcread --format openmetrics and hwpc-output(7). */
#include "core/err_local.h"
#include "pc/pc_cmd.h"
#include "pc/pc_serve_internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* A domain's counts: its totals where they count (not a quad domain's
 * without acks), EVENT/CYCLES of the last read, saturation and loss. */
static int domain_record(struct hwpc_out *o, const struct hwpc_pc_serve_opts *op, const struct serve_dom *m,
			 struct hwpc_err *err)
{
	const struct hwpc_pc_read_sample *s = &m->last;
	bool quad = s->mode == HWPC_PC_READ_MODE_QUAD;
	hwpc_out_record(o, "pc_counters");
	hwpc_out_created(o, m->created);
	if (op->timestamps)
		hwpc_out_timestamp(o, m->read_at);
	hwpc_out_str(o, "domain", m->name);
	for (int c = 0; c < HWPC_PC_READ_NCTRS && (!quad || op->ack); c++)
		if (s->present >> c & 1)
			hwpc_out_u64(o, hwpc_pc_total_key((enum hwpc_pc_read_ctr)c), m->acc.total[c]);
	double pct = hwpc_pc_read_event_pct(s);
	if (!isnan(pct))
		hwpc_out_double(o, "event_pct", pct, 2);
	hwpc_out_bool(o, "saturated", s->saturated != 0 || (m->acc.saturated != 0 && (!quad || op->ack)));
	if (quad)
		hwpc_out_bool(o, "lost", s->lost || m->acc.lost);
	return hwpc_out_end(o, err);
}

static int device_records(struct hwpc_out *o, const struct hwpc_pc_serve *s, struct serve_dev *d, bool up,
			  struct hwpc_err *err)
{
	int rc = 0;
	pthread_mutex_lock(&d->mu);
	hwpc_out_set_device(o, d->name, d->chipset);
	for (unsigned i = 0; i < d->ndoms && up && !rc; i++)
		if (!isnan(d->doms[i].created))
			rc = domain_record(o, &s->o, &d->doms[i], err);
	hwpc_out_record(o, "serve_device");
	hwpc_out_created(o, s->started);
	hwpc_out_bool(o, "up", up);
	if (d->reads)
		hwpc_out_u64(o, "read_ns", d->read_ns);
	if (d->can_lag)
		hwpc_out_u64(o, "lag_ns", d->lag_ns);
	hwpc_out_u64(o, "read_count_total", d->reads);
	hwpc_out_u64(o, "failure_count_total", d->failures);
	pthread_mutex_unlock(&d->mu);
	return rc ? rc : hwpc_out_end(o, err);
}

int serve_write(struct hwpc_pc_serve *s, const bool *up, uint64_t wait_ns, uint64_t scrape, enum hwpc_format fmt,
		char **text, size_t *len, struct hwpc_err *err)
{
	*text = NULL;
	*len = 0;
	FILE *fp = open_memstream(text, len);
	if (!fp)
		return hwpc_err_set(err, HWPC_EOP, "out of memory");
	struct hwpc_out *o = hwpc_out_new(fp, fmt, err);
	int rc = o ? 0 : err->status;
	for (size_t i = 0; i < s->n && !rc; i++) {
		rc = device_records(o, s, s->devs[i], up[i], err);
	}
	if (!rc) {
		hwpc_out_set_device(o, NULL, NULL);
		hwpc_out_record(o, "serve_scrape");
		hwpc_out_created(o, s->started);
		hwpc_out_u64(o, "duration_ns", wait_ns);
		hwpc_out_u64(o, "count_total", scrape);
		rc = hwpc_out_end(o, err);
	}
	rc = rc ? rc : hwpc_out_finish(o, err);
	hwpc_out_free(o);
	if (fclose(fp) && !rc)
		rc = hwpc_err_set(err, HWPC_EOP, "out of memory");
	if (rc) {
		free(*text);
		*text = NULL;
		*len = 0;
	}
	return rc;
}
