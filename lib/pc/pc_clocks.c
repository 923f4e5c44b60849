/* SPDX-License-Identifier: MIT */
/* Every domain's clock, measured at once (pcread --clocks), as nvatiming
 * measures them: each domain's CYCLES counter runs for a window of device
 * time, and cycles / time is its clock.  Single-event mode with PRE and
 * START always 1 and STOP never counts every cycle on every generation
 * (NV10 to GF100), with no trigger to fire; CYCLES is read live, alone,
 * between two device timestamps, at the start and at the end of the
 * window.  The write plan is pcsetup's; the plan that restores what was
 * found writes the same registers again with the values they held, in the
 * same order, PRE_OP last (found_value says where it cannot be that
 * simple). */
#include "core/err_local.h"
#include "pc/pc_cmd.h"

#include <stdlib.h>
#include <string.h>

/* Is addr one of the counters of the domains measured (a live count, not
 * the value written)? */
static bool is_counter(const struct hwpc_pc_clocks *c, uint32_t addr)
{
	for (unsigned j = 0; j < c->n; j++)
		for (int k = 0; k < HWPC_PC_READ_NCTRS; k++) {
			const struct hwpc_pc_read_ctrdesc *d = &c->clk[j].r.ctr[k];
			if (d->present && (d->lo == addr || (d->has_hi && d->hi == addr)))
				return true;
		}
	return false;
}

/* What was found in each domain before the measurement: the pcsetup note,
 * if the domain's configuration (its registers but the counters) is still
 * what it records, and whether a single-event process was under way. */
struct found {
	struct hwpc_pc_note note;
	bool note_valid;
	bool counting;   /* a single-event process under way: restarted */
	uint32_t preop;  /* its address */
};

static int look(struct hwpc_pc_clocks *c, unsigned j, struct found *f, struct hwpc_err *err)
{
	struct hwpc_pcr *r = &c->clk[j].r;
	struct hwpc_pc_read_sample s;
	char name[96];
	struct hwpc_regref ref;
	bool found;
	bool changed = false;
	int rc = hwpc_pc_note_load(c->dev, r->di->name, &f->note, &found, err);
	if (!rc && found)
		rc = hwpc_pc_note_check(c->dev, &f->note, &changed, NULL, 0, err);
	f->note_valid = found && !changed;
	if (!rc)
		rc = hwpc_pc_read(r, false, &s, err);
	f->counting = !rc && s.mode == HWPC_PC_READ_MODE_SINGLE && strcmp(s.state_name, "INACTIVE");
	if (!rc && (!hwpc_pc_reg_name(c->l, r->dom, "PRE_OP", name, sizeof name) ||
		    hwpc_regref_parse(c->l->db, c->l->chip, name, &ref, err)))
		rc = hwpc_err_set(err, HWPC_EINPUT, "regdb: no PRE_OP for domain %s", r->di->name);
	f->preop = rc ? 0 : ref.addr;
	return rc;
}

/* The value to put back at w's register: a counter gets the value
 * pcsetup wrote (its note's, when still valid), else the count read;
 * everything else what was read. */
static uint32_t found_value(const struct hwpc_pc_clocks *c, const struct found *fs, const struct hwpc_write *w)
{
	uint32_t v = w->old;
	for (unsigned j = 0; j < c->n; j++)
		for (unsigned i = 0; fs[j].note_valid && i < fs[j].note.n; i++)
			if (fs[j].note.reg[i].addr == w->addr && is_counter(c, w->addr))
				v = fs[j].note.reg[i].value;
	return v;
}

/* PRE_OP's write starts a single-event process, and swaps in quad mode
 * (G84:GF100).  So each PRE_OP is put back first, while the domains are
 * still in the measurement's single-event mode, where the writes that
 * follow abort that process (a cycle later: restore_first, then restore);
 * then the rest in the setup's order; and last
 * PRE_OP again where a single-event process was under way (restarting it,
 * as pcsetup's own last write started it).  An idle domain stays idle, a
 * quad-mode one keeps its state: no swap. */
static int plan_restore(struct hwpc_pc_clocks *c, struct hwpc_err *err)
{
	struct found *fs = calloc(c->n, sizeof *fs);
	int rc = !fs ? hwpc_err_set(err, HWPC_EOP, "out of memory") : 0;
	for (unsigned j = 0; j < c->n && !rc; j++)
		rc = look(c, j, &fs[j], err);
	for (int pass = 0; pass < 3 && !rc; pass++)
		for (size_t i = 0; i < c->setup.n && !rc; i++) {
			const struct hwpc_write *w = &c->setup.w[i];
			bool preop = false, restart = false;
			for (unsigned j = 0; j < c->n; j++)
				if (w->addr == fs[j].preop) {
					preop = true;
					restart = fs[j].counting;
				}
			if (pass == 0 ? !preop : pass == 1 ? preop : !restart)
				continue;
			if (!w->old_valid)
				rc = hwpc_err_set(err, HWPC_EINPUT, "%s is write-only: what it held cannot be put back",
						  w->name);
			else
				rc = hwpc_wplan_addr(pass ? &c->restore : &c->restore_first, w->addr,
						     found_value(c, fs, w),
						     pass == 2 ? "restarts the counting found" : "puts back what was found",
						     err);
		}
	free(fs);
	return rc;
}

int hwpc_pc_clocks_plan(struct hwpc_pc_clocks *c, struct hwpc_dev *dev, const struct hwpc_pc_layout *l,
			const unsigned *doms, unsigned n, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	struct hwpc_pc_job jobs[HWPC_PC_MAX_DOMAINS];
	memset(c, 0, sizeof *c);
	c->dev = dev;
	c->l = l;
	hwpc_wplan_init(&c->setup, dev);
	hwpc_wplan_init(&c->restore_first, dev);
	hwpc_wplan_init(&c->restore, dev);
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
	return plan_restore(c, err);
}

void hwpc_pc_clocks_free(struct hwpc_pc_clocks *c)
{
	hwpc_wplan_free(&c->setup);
	hwpc_wplan_free(&c->restore_first);
	hwpc_wplan_free(&c->restore);
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
		int rc = hwpc_dev_wait_pc_cycles(c->dev, c->clk[j].dom, 1, j ? 0 : 10000, err);
		if (rc)
			return rc;
	}
	for (unsigned j = 0; j < c->n; j++) {
		struct hwpc_pc_clock *k = &c->clk[j];
		uint64_t hz = hwpc_dev_pc_domain_hz(c->dev, k->dom);
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
			if ((rc = hwpc_dev_wait_pc_cycles(c->dev, k->dom, 1, 10000, err)))
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
	/* What was found is put back whatever happened: the PRE_OP writes a
	 * cycle of every domain before the rest. */
	int rrc = hwpc_wplan_apply(&c->restore_first, &why);
	for (unsigned j = 0; j < c->n && !rrc; j++)
		rrc = hwpc_dev_wait_pc_cycles(c->dev, c->clk[j].dom, 1, j ? 0 : 10000, &why);
	if (!rrc)
		rrc = hwpc_wplan_apply(&c->restore, &why);
	if (rrc && !rc)
		rc = hwpc_err_set(err, why.status, "putting the setup back: %s", why.msg);
	return rc;
}
