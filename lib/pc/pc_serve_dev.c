/* SPDX-License-Identifier: MIT */
/* One device of the exporter (pc_serve.h): its domains set up, read
 * (PM_TRIGGER first when asked), and added to its counts. */
#include "core/err_local.h"
#include "pc/pc_cmd.h"
#include "pc/pc_serve_internal.h"

#include <math.h>
#include <string.h>
#include <time.h>

double serve_wall(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

uint64_t serve_mono_ns(void)
{
	return hwpc_host_now_ns();
}

int serve_dev_init(struct serve_dev *d, const struct hwpc_pc_serve_opts *o, struct hwpc_err *err)
{
	unsigned doms[HWPC_PC_MAX_DOMAINS];
	uint64_t lag;
	if (hwpc_pc_layout_dev(d->dev, o->profile, &d->layout, err) ||
	    hwpc_pc_domains_pick(&d->layout, o->domains, o->ndomains, doms, &d->ndoms, err))
		return err->status;
	for (unsigned i = 0; i < d->ndoms; i++) {
		struct serve_dom *m = &d->doms[i];
		if (hwpc_pc_read_init(&m->r, d->dev, &d->layout, doms[i], err) ||
		    hwpc_pc_watch_begin(d->dev, &d->layout, doms[i], &m->watch, err))
			return err->status;
		m->name = d->layout.dom[doms[i]].name;
		hwpc_pc_read_acc_init(&m->acc);
		m->created = NAN;
	}
	d->can_lag = hwpc_dev_lag_ns(d->dev, &lag);
	/* --trigger on a chip that cannot fire it, or a device opened
	 * read-only, is refused here rather than at every read. */
	if (o->trigger && (hwpc_pc_trigger_find(d->dev, &d->trigger, err) ||
			   hwpc_wr32_allowed(d->dev, d->trigger.addr, err)))
		return err->status;
	return 0;
}

int serve_dev_read(struct serve_dev *d, const struct hwpc_pc_serve_opts *o, struct hwpc_pc_read_sample *s, double *at,
		   uint64_t *ns, struct hwpc_err *err)
{
	uint64_t t0 = serve_mono_ns();
	double fired = serve_wall();
	int rc = 0;
	if (o->trigger) {
		/* The pulse lands on a domain's next cycle: the trigger waits for
		 * that on the domains in quad mode at the last read (all of them
		 * at the first), the only ones it latches a set on. */
		unsigned quad[HWPC_PC_MAX_DOMAINS], n = 0;
		for (unsigned i = 0; i < d->ndoms; i++)
			if (!d->read_once || d->doms[i].r_mode == HWPC_PC_READ_MODE_QUAD)
				quad[n++] = d->doms[i].r.dom;
		rc = hwpc_pc_trigger_fire(d->dev, &d->layout, quad, n, &d->trigger, err);
	}
	for (unsigned i = 0; i < d->ndoms && !rc; i++) {
		double now = serve_wall();
		struct serve_dom *m = &d->doms[i];
		rc = hwpc_pc_read(&m->r, o->ack, &s[i], err);
		m->r_mode = s[i].mode;
		/* set up again since the last read: watched afresh from here */
		if (!rc && !(rc = hwpc_pc_watch_check(d->dev, &m->watch, &m->restart, m->why, sizeof m->why, err)) &&
		    m->restart)
			rc = hwpc_pc_watch_begin(d->dev, &d->layout, m->r.dom, &m->watch, err);
		/* a set the trigger latched counts up to the trigger */
		at[i] = o->trigger && s[i].mode == HWPC_PC_READ_MODE_QUAD ? fired : now;
	}
	d->read_once |= !rc;
	*ns = serve_mono_ns() - t0;
	return rc;
}

void serve_dev_add(struct serve_dev *d, const struct hwpc_pc_read_sample *s, double now, const double *at)
{
	for (unsigned i = 0; i < d->ndoms; i++) {
		struct serve_dom *m = &d->doms[i];
		m->read_at = at[i];
		hwpc_pc_read_acc_add(&m->acc, &m->r, &s[i]);
		m->last = s[i];
		if (isnan(m->created) || m->restart) {
			/* The first read is where the counts begin: what the
			 * counters held before it (a set latched long ago, a
			 * single-mode count since pcsetup) is not the
			 * exporter's to count.  So is the first read under a
			 * new setup: a new _created tells a scraper that the
			 * counter was reset (Prometheus' rate() takes it as
			 * one). */
			memset(m->acc.total, 0, sizeof m->acc.total);
			m->acc.sets = m->acc.lost = 0;
			/* a running counter stuck at its maximum stays a lower
			 * bound; a set dropped is not */
			if (s[i].mode == HWPC_PC_READ_MODE_QUAD)
				m->acc.saturated = 0;
			m->created = now;
		}
	}
}
