/* SPDX-License-Identifier: MIT */
/* Every domain's clock, measured at once (pcread --clocks), as nvatiming
 * measures them: each domain's CYCLES counter runs for a window of device
 * time, and cycles / time is its clock.  Single-event mode with PRE and
 * START always 1 and STOP never counts every cycle on every generation
 * (NV10 to GF100), with no trigger to fire; CYCLES is read live, alone,
 * between two device timestamps, at the start and at the end of the
 * window.  The write plan is pcsetup's; what was found is put back as
 * pc_keep.c does it. */
#include "core/err_local.h"
#include "pc/pc_cmd.h"
#include "dev/backend.h"

#include <stdlib.h>
#include <string.h>

int hwpc_pc_clocks_plan(struct hwpc_pc_clocks *c, struct hwpc_dev *dev, const struct hwpc_pc_layout *l,
			const unsigned *doms, unsigned n, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	struct hwpc_pc_job jobs[HWPC_PC_MAX_DOMAINS];
	memset(c, 0, sizeof *c);
	c->dev = dev;
	c->l = l;
	hwpc_wplan_init(&c->setup, dev);
	if (n > HWPC_PC_MAX_DOMAINS)
		return hwpc_err_set(err, HWPC_EINPUT, "more than %d domains", HWPC_PC_MAX_DOMAINS);
	hwpc_pc_setup_init(&c->how);
	if (hwpc_pc_setup_option(&c->how, "mode", "single", err) || hwpc_pc_setup_option(&c->how, "pre", "1", err) ||
	    hwpc_pc_setup_option(&c->how, "start", "1", err))
		return err->status;
	for (unsigned j = 0; j < n; j++) {
		c->clk[j].dom = doms[j];
		jobs[j] = (struct hwpc_pc_job){ .dom = doms[j], .setup = &c->how };
	}
	c->n = n;
	for (unsigned j = 0; j < n; j++) {
		int rc = hwpc_pc_read_init(&c->clk[j].r, dev, l, doms[j], err);
		if (rc)
			return rc;
	}
	if (hwpc_pc_setup_plan_many(dev, l, jobs, n, &c->setup, err))
		return err->status;
	return hwpc_pc_keep_plan(&c->keep, dev, l, doms, n, &c->setup, err);
}

void hwpc_pc_clocks_free(struct hwpc_pc_clocks *c)
{
	hwpc_wplan_free(&c->setup);
	hwpc_pc_keep_free(&c->keep);
}

/* CYCLES of one domain, read between two device timestamps. */
static int stamp(struct hwpc_pc_clock *k, uint64_t *cycles, uint64_t *lo, uint64_t *hi, struct hwpc_err *err)
{
	bool sat;
	*lo = hwpc_dev_now_ns(k->r.dev);
	int rc = hwpc_pc_read_ctr(&k->r, HWPC_PC_READ_CYCLES, cycles, &sat, err);
	*hi = hwpc_dev_now_ns(k->r.dev);
	k->saturated |= sat;
	return rc;
}

/* Every domain counting: PRE and START are 1 from the PRE_OP write on, so
 * a few cycles; a domain whose clock does not run never gets there. */
static int wait_counting(struct hwpc_pc_clocks *c, struct hwpc_err *err)
{
	/* The setup lands on each domain's next cycle: a state read before
	 * that is the old one. */
	for (unsigned j = 0; j < c->n; j++) {
		int rc = hwpc_pc_wait_cycles(c->dev, c->l, c->clk[j].dom, 1, j ? 0 : 10000, err);
		if (rc)
			return rc;
	}
	for (unsigned j = 0; j < c->n; j++) {
		struct hwpc_pc_clock *k = &c->clk[j];
		uint64_t hz = hwpc_pc_domain_hz(c->dev, c->l, k->dom);
		for (unsigned t = 0;; t++) {
			struct hwpc_pc_read_sample s;
			int rc = hwpc_pc_read(&k->r, false, &s, err);
			if (rc)
				return rc;
			if (!strcmp(s.state_name, "COUNTING"))
				break;
			if (t == (hz ? 1000u : 10000u))
				return hwpc_err_set(err, HWPC_EOP, "domain %s did not start counting (%s after %s): "
						    "is its clock running?", k->r.di->name, s.state_name,
						    hz ? "1000 cycles" : "0.1 s");
			if ((rc = hwpc_dev_wait_cycles(c->dev, hz, 1, 10000, err)))
				return rc;
		}
	}
	return 0;
}

/* The rate and its bounds (hwpc_rate_from): the count is within 1 of what
 * the clock made between the two reads, the time between them within the
 * brackets' half-widths, and the device may have skipped lag_ns. */
static void rate(struct hwpc_pc_clock *k, uint64_t c0, uint64_t c1, const uint64_t t0[2], const uint64_t t1[2],
		 uint64_t lag_ns)
{
	struct hwpc_rate rt;
	hwpc_rate_from(t0, t1, c1 - c0, 1, lag_ns, &rt);
	k->cycles = c1 - c0;
	k->elapsed_ns = rt.elapsed_ns;
	k->measured_hz = rt.hz;
	k->uncertainty_hz = rt.uncertainty_hz;
}

static int measure(struct hwpc_pc_clocks *c, uint64_t window_ns, struct hwpc_err *err)
{
	uint64_t c0[HWPC_PC_MAX_DOMAINS], t0[HWPC_PC_MAX_DOMAINS][2], lag0 = 0, lag1 = 0;
	int rc = wait_counting(c, err);
	hwpc_dev_lag_ns(c->dev, &lag0);
	for (unsigned j = 0; j < c->n && !rc; j++)
		rc = stamp(&c->clk[j], &c0[j], &t0[j][0], &t0[j][1], err);
	if (!rc)
		rc = hwpc_dev_wait_ns(c->dev, window_ns, err);
	uint64_t c1[HWPC_PC_MAX_DOMAINS], t1[HWPC_PC_MAX_DOMAINS][2];
	for (unsigned j = 0; j < c->n && !rc; j++) {
		if ((rc = stamp(&c->clk[j], &c1[j], &t1[j][0], &t1[j][1], err)))
			break;
		if (c1[j] < c0[j])
			rc = hwpc_err_set(err, HWPC_EOP, "domain %s: CYCLES went back during the window (%llu, then "
					  "%llu): someone reprogrammed it", c->clk[j].r.di->name,
					  (unsigned long long)c0[j], (unsigned long long)c1[j]);
	}
	c->can_lag = hwpc_dev_lag_ns(c->dev, &lag1);
	c->lag_ns = lag1 - lag0;
	for (unsigned j = 0; j < c->n && !rc; j++)
		rate(&c->clk[j], c0[j], c1[j], t0[j], t1[j], c->lag_ns);
	for (unsigned j = 0; j < c->n && !rc; j++)
		if (c->clk[j].saturated)
			rc = hwpc_err_set(err, HWPC_EINPUT, "domain %s: CYCLES saturated within the window (%u-bit): "
					  "give a shorter --window", c->clk[j].r.di->name, c->clk[j].r.ctr[0].bits);
	return rc;
}

int hwpc_pc_clocks_measure(struct hwpc_pc_clocks *c, uint64_t window_ns, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	struct hwpc_err why;
	if (hwpc_wplan_apply(&c->setup, err))
		return err->status;
	int rc = measure(c, window_ns, err);
	/* What was found is put back whatever happened. */
	if (hwpc_pc_keep_restore(&c->keep, &why) && !rc)
		rc = hwpc_err_set(err, why.status, "putting the setup back: %s", why.msg);
	return rc;
}
