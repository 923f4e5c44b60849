/* SPDX-License-Identifier: MIT */
/* Counted activity scans (pcsetup --scan; see pc_cmd.h): the counters count
 * each signal's 1s over a window, so every share is exact.  Where software
 * can swap quad-mode counter sets (a PRE_OP write on G84:GF100, PM_TRIGGER
 * on NV40:G84) a window counts four signals, one on each of PRE, START,
 * EVENT and STOP, with CYCLES; elsewhere (NV10:NV40, GF100) single-event
 * mode counts one, on EVENT, from the cycle PRE and START (always 1) let it
 * start to the write that aborts it, which freezes EVENT and CYCLES
 * together.  Every domain asked for is scanned at once, window by window;
 * the setup found is put back as pc_keep.c does, whatever happened. */
#include "core/err_local.h"
#include "pc/pc_cmd.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Where the last-written setup lives and how it ends a window. */
struct scan {
	struct hwpc_dev *dev;
	const struct hwpc_pc_layout *l;
	const unsigned *doms;
	unsigned n;
	bool quad, by_trigger;
	unsigned per;                          /* signals per window: 4 or 1 */
	struct hwpc_pcr r[HWPC_PC_MAX_DOMAINS];
	uint32_t preop[HWPC_PC_MAX_DOMAINS];   /* quad by PRE_OP: its address */
	uint32_t stopop[HWPC_PC_MAX_DOMAINS];  /* single: STOP_OP, whose write aborts */
	struct hwpc_pc_setup how[HWPC_PC_MAX_DOMAINS];
};

static int dreg(const struct scan *sc, unsigned j, const char *reg, uint32_t *addr, struct hwpc_err *err)
{
	char name[96];
	struct hwpc_regref ref;
	if (!hwpc_pc_reg_name(sc->l, sc->doms[j], reg, name, sizeof name) ||
	    hwpc_regref_parse(sc->l->db, sc->l->chip, name, &ref, NULL))
		return hwpc_err_set(err, HWPC_EINPUT, "regdb: no %s for domain %s", reg, sc->l->dom[sc->doms[j]].name);
	*addr = ref.addr;
	return 0;
}

/* Window w's setup of domain j: its signals on the inputs, the others 0. */
static int setup_for(struct scan *sc, unsigned j, unsigned w, struct hwpc_err *err)
{
	static const char *const quad_in[] = { "pre", "start", "event", "stop" };
	struct hwpc_pc_setup *s = &sc->how[j];
	unsigned nsig = sc->l->dom[sc->doms[j]].nsignals;
	hwpc_pc_setup_init(s);
	if (hwpc_pc_setup_option(s, "mode", sc->quad ? "quad" : "single", err))
		return err->status;
	for (unsigned k = 0; k < sc->per; k++) {
		char sig[16];
		unsigned g = w * sc->per + k;
		snprintf(sig, sizeof sig, g < nsig ? "0x%02x" : "0", g);
		if (hwpc_pc_setup_option(s, sc->quad ? quad_in[k] : "event", sig, err))
			return err->status;
	}
	/* Single-event mode counts from PRE and START (always 1) on; STOP
	 * never comes: the abort ends the window. */
	if (!sc->quad && (hwpc_pc_setup_option(s, "pre", "1", err) || hwpc_pc_setup_option(s, "start", "1", err)))
		return err->status;
	return 0;
}

static int plan(struct scan *sc, unsigned w, struct hwpc_wplan *p, struct hwpc_err *err)
{
	struct hwpc_pc_job jobs[HWPC_PC_MAX_DOMAINS];
	for (unsigned j = 0; j < sc->n; j++) {
		int rc = setup_for(sc, j, w, err);
		if (rc)
			return rc;
		jobs[j] = (struct hwpc_pc_job){ .dom = sc->doms[j], .setup = &sc->how[j] };
	}
	hwpc_wplan_init(p, sc->dev);
	return hwpc_pc_setup_plan_many(sc->dev, sc->l, jobs, sc->n, p, err);
}

/* Swap every domain's quad set, and take the set each latches (acked):
 * what counted since the swap before. */
static int swap_take(struct scan *sc, struct hwpc_pc_read_sample *s, bool prop, struct hwpc_err *err)
{
	int rc = 0;
	if (sc->by_trigger) {
		struct hwpc_pc_trigger t;
		rc = hwpc_pc_trigger_fire(sc->dev, sc->l, sc->doms, sc->n, &t, err);
	} else if (!prop) {
		/* The plan's own PRE_OP writes (prop) swapped already. */
		for (unsigned j = 0; j < sc->n && !rc; j++) {
			uint32_t v;
			if (hwpc_rd32(sc->dev, sc->preop[j], &v) || hwpc_wr32(sc->dev, sc->preop[j], v))
				rc = hwpc_err_set(err, hwpc_dev_error(sc->dev)->status, "swapping domain %s: %s", sc->r[j].di->name,
						  hwpc_dev_error(sc->dev)->msg);
		}
	}
	for (unsigned j = 0; j < sc->n && !rc; j++) {
		uint64_t hz = hwpc_pc_domain_hz(sc->dev, sc->l, sc->doms[j]);
		for (uint64_t tries = hz ? 1000 : 100000;; tries--) {
			if ((rc = hwpc_pc_wait_cycles(sc->dev, sc->l, sc->doms[j], 1, 10000, err)) ||
			    (rc = hwpc_pc_read(&sc->r[j], true, &s[j], err)) || s[j].latched)
				break;
			if (tries == 1) {
				rc = hwpc_err_set(err, HWPC_EOP, "domain %s: no counter set latched after the swap (is "
						  "its clock running?)", sc->r[j].di->name);
				break;
			}
		}
	}
	return rc;
}

/* Single-event mode: wait until every domain counts (PRE, then START:
 * a cycle or two after PRE_OP). */
static int wait_counting(struct scan *sc, struct hwpc_err *err)
{
	for (unsigned j = 0; j < sc->n; j++) {
		uint64_t hz = hwpc_pc_domain_hz(sc->dev, sc->l, sc->doms[j]);
		for (uint64_t t = 0;; t++) {
			struct hwpc_pc_read_sample s;
			int rc = hwpc_pc_wait_cycles(sc->dev, sc->l, sc->doms[j], 1, 10000, err);
			if (rc || (rc = hwpc_pc_read(&sc->r[j], false, &s, err)))
				return rc;
			if (!strcmp(s.state_name, "COUNTING"))
				break;
			if (t == (hz ? 1000u : 10000u))
				return hwpc_err_set(err, HWPC_EOP, "domain %s did not start counting (%s): is its clock "
						    "running?", sc->r[j].di->name, s.state_name);
		}
	}
	return 0;
}

/* One window: set up, count for window_ns, and the counts into out. */
static int window(struct scan *sc, unsigned w, uint64_t window_ns, struct hwpc_pc_scan *out, struct hwpc_err *err)
{
	static const int quad_ctr[] = { HWPC_PC_READ_PRE, HWPC_PC_READ_START, HWPC_PC_READ_EVENT, HWPC_PC_READ_STOP };
	struct hwpc_wplan p;
	struct hwpc_pc_read_sample s[HWPC_PC_MAX_DOMAINS];
	int rc = plan(sc, w, &p, err);
	if (!rc)
		rc = hwpc_wplan_apply(&p, err);
	hwpc_wplan_free(&p);
	if (!rc)
		rc = sc->quad ? swap_take(sc, s, true, err) : wait_counting(sc, err); /* what programming latched */
	if (!rc)
		rc = hwpc_dev_wait_ns(sc->dev, window_ns, err);
	if (!rc && sc->quad)
		rc = swap_take(sc, s, false, err);
	for (unsigned j = 0; !rc && !sc->quad && j < sc->n; j++) {
		/* Writing STOP_OP (its own value) aborts the process: EVENT
		 * and CYCLES stop on the same cycle. */
		uint32_t v;
		if (hwpc_rd32(sc->dev, sc->stopop[j], &v) || hwpc_wr32(sc->dev, sc->stopop[j], v))
			rc = hwpc_err_set(err, hwpc_dev_error(sc->dev)->status, "ending the window of domain %s: %s",
					  sc->r[j].di->name, hwpc_dev_error(sc->dev)->msg);
	}
	for (unsigned j = 0; !rc && !sc->quad && j < sc->n; j++)
		if (!(rc = hwpc_pc_wait_cycles(sc->dev, sc->l, sc->doms[j], 1, 10000, err)))
			rc = hwpc_pc_read(&sc->r[j], false, &s[j], err);
	for (unsigned j = 0; !rc && j < sc->n; j++) {
		unsigned nsig = sc->l->dom[sc->doms[j]].nsignals;
		if (s[j].saturated)
			return hwpc_err_set(err, HWPC_EINPUT, "domain %s: a counter saturated within the window: give "
					    "a shorter --scan", sc->r[j].di->name);
		for (unsigned k = 0; k < sc->per && w * sc->per + k < nsig; k++) {
			unsigned g = w * sc->per + k;
			out[j].ones[g] = s[j].ctr[sc->quad ? quad_ctr[k] : HWPC_PC_READ_EVENT];
			out[j].samples[g] = s[j].ctr[HWPC_PC_READ_CYCLES];
		}
	}
	return rc;
}

int hwpc_pc_scan_count_init(struct hwpc_pc_scan_count *c, struct hwpc_dev *dev, const struct hwpc_pc_layout *l,
			    const unsigned *doms, unsigned n, bool force, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	memset(c, 0, sizeof *c);
	struct scan *sc = calloc(1, sizeof *sc);
	if (!sc)
		return hwpc_err_set(err, HWPC_EOP, "out of memory");
	c->priv = sc;
	hwpc_wplan_init(&c->first, dev);
	*sc = (struct scan){ .dev = dev, .l = l, .doms = doms, .n = n };
	if (n > HWPC_PC_MAX_DOMAINS)
		return hwpc_err_set(err, HWPC_EINPUT, "more than %d domains", HWPC_PC_MAX_DOMAINS);
	/* Quad mode where software can end a window with a swap. */
	struct hwpc_pc_trigger t;
	struct hwpc_err why;
	/* regdb-names: PCOUNTER.PRE_OP_SWAPS G84:GF100 */
	bool preop = hwpc_param_num(l->db, l->chip, "PCOUNTER.PRE_OP_SWAPS", 0) != 0;
	sc->by_trigger = !preop && !hwpc_pc_trigger_find(dev, &t, &why);
	sc->quad = preop || sc->by_trigger;
	sc->per = sc->quad ? 4 : 1;
	/* PM_TRIGGER swaps every quad-mode domain: another's sets would be
	 * lost to whoever reads them (checked before anything is written) */
	uint32_t mine = 0, others;
	for (unsigned j = 0; j < n; j++)
		mine |= 1u << doms[j];
	if (sc->by_trigger && hwpc_pc_trigger_check(dev, l, mine, force, &others, c->others, sizeof c->others, err))
		return err->status;
	if (!sc->by_trigger || !others)
		c->others[0] = 0;
	for (unsigned j = 0; j < n; j++) {
		int rc = hwpc_pc_read_init(&sc->r[j], dev, l, doms[j], err);
		if (!rc && preop)
			rc = dreg(sc, j, "PRE_OP", &sc->preop[j], err);
		if (!rc && !sc->quad)
			rc = dreg(sc, j, "STOP_OP", &sc->stopop[j], err);
		if (rc)
			return rc;
		unsigned w = (l->dom[doms[j]].nsignals + sc->per - 1) / sc->per;
		c->windows = w > c->windows ? w : c->windows;
		c->per_window = sc->per;
	}
	/* The first window's plan reads what each register holds: what to
	 * put back. */
	if (plan(sc, 0, &c->first, err))
		return err->status;
	return hwpc_pc_keep_plan(&c->keep, dev, l, doms, n, &c->first, err);
}

int hwpc_pc_scan_count_run(struct hwpc_pc_scan_count *c, const struct hwpc_pc_scan_how *how, struct hwpc_pc_scan *out,
			   struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	struct scan *sc = c->priv;
	struct hwpc_err why;
	int rc = 0;
	for (unsigned j = 0; j < sc->n; j++) {
		memset(&out[j], 0, sizeof out[j]);
		out[j].counted = true;
		out[j].nsignals = sc->l->dom[sc->doms[j]].nsignals;
	}
	for (unsigned w = 0; w < c->windows && !rc; w++) {
		if (how->stop && *how->stop) {
			for (unsigned j = 0; j < sc->n; j++)
				out[j].partial = true;
			break;
		}
		if (how->progress)
			how->progress(how->ctx, w, c->windows);
		rc = window(sc, w, how->window_ns, out, err);
	}
	/* What was found goes back whatever happened. */
	if (hwpc_pc_keep_restore(&c->keep, &why) && !rc)
		rc = hwpc_err_set(err, why.status, "putting the setup back: %s", why.msg);
	return rc;
}

void hwpc_pc_scan_count_free(struct hwpc_pc_scan_count *c)
{
	hwpc_wplan_free(&c->first);
	hwpc_pc_keep_free(&c->keep);
	free(c->priv);
	c->priv = NULL;
}
