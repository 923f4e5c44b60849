/* SPDX-License-Identifier: MIT */
/* Counting across a span of time (pcread -- CMD, perf stat's job): from
 * hwpc_pc_span_begin to the last hwpc_pc_span_sample, every domain's
 * counts, cut into intervals at each sample.
 *
 * A single-event domain's counters run live: a read at each sample, and
 * what they gained since the last (hwpc_pc_read_acc: 40-bit wraps, resets).
 * A quad-mode domain counts into shadow counters that only a swap makes
 * visible: each sample swaps (a PRE_OP write where it swaps, G84:GF100,
 * else PM_TRIGGER fired the way regdb names, NV40:G84), waits for the set
 * to latch, reads and acks it; the begin swaps once and drops what counted
 * before.  Consecutive swaps tile the span, so the sets sum to all of it,
 * and a sample at least every few seconds keeps a 32-bit set from
 * saturating.  Where software can make no swap (NV30:NV40, GF100), a quad
 * domain cannot be counted across a span: the error says so.  Record-mode
 * domains write their counts to memory and are left out. */
#include "core/err_local.h"
#include "pc/pc_cmd.h"
#include "dev/backend.h"

#include <string.h>

static int preop_addr(const struct hwpc_pcr *r, uint32_t *addr, struct hwpc_err *err)
{
	char name[96];
	struct hwpc_regref ref;
	if (!hwpc_pc_reg_name(r->l, r->dom, "PRE_OP", name, sizeof name) ||
	    hwpc_regref_parse(r->l->db, r->l->chip, name, &ref, NULL))
		return hwpc_err_set(err, HWPC_EINPUT, "regdb: no PRE_OP for domain %s", r->di->name);
	*addr = ref.addr;
	return 0;
}

/* The end of a domain's interval: the middle of the timestamps t[0], t[1]
 * around the access that ends it, give or take half their distance. */
static void stamp(struct hwpc_pc_span_dom *d, const uint64_t t[2])
{
	d->now_ns = t[0] + (t[1] - t[0]) / 2;
	d->now_unc_ns = (t[1] - t[0] + 1) / 2;
}

/* How this chip's quad domains are swapped by software.  PM_TRIGGER goes
 * to every domain: other quad-mode domains' sets would be swapped at every
 * sample, and whoever reads them would find them lost (OVERFLOW) or cut
 * short; that is refused, as someone else's setup is, unless force. */
/* How quad domains are swapped around a run on this chip (PRE_OP on
 * G84:GF100, else PM_TRIGGER, *t then says how it is fired), or HWPC_EINPUT
 * where no public document says how to fire it. */
static int swap_kind(struct hwpc_dev *dev, const struct hwpc_pc_layout *l, struct hwpc_pc_trigger *t,
		     struct hwpc_err *err)
{
	struct hwpc_err why;
	/* regdb-names: PCOUNTER.PRE_OP_SWAPS G84:GF100 */
	if (hwpc_param_num(l->db, l->chip, "PCOUNTER.PRE_OP_SWAPS", 0))
		return HWPC_PC_SPAN_PRE_OP;
	if (hwpc_pc_trigger_find(dev, t, &why))
		return -hwpc_err_set(err, HWPC_EINPUT, "counting a quad-mode domain around a command swaps its sets by "
				     "PM_TRIGGER on %s (whatever its SWAP input), and %s", l->chip->name, why.msg);
	return HWPC_PC_SPAN_TRIGGER;
}

static int pick_swap(struct hwpc_pc_span *sp, bool force, struct hwpc_err *err)
{
	int kind = swap_kind(sp->dev, sp->l, &sp->trigger, err);
	if (kind < 0)
		return -kind;
	sp->swap = kind;
	if (kind == HWPC_PC_SPAN_PRE_OP)
		return 0;
	uint32_t mine = 0;
	for (unsigned i = 0; i < sp->n; i++)
		mine |= 1u << sp->d[i].r->dom;
	return hwpc_pc_trigger_check(sp->dev, sp->l, mine | sp->left_out, force, &sp->others, sp->others_names,
				     sizeof sp->others_names, err);
}

int hwpc_pc_span_check(struct hwpc_dev *dev, const struct hwpc_pc_layout *l, uint32_t mine, uint32_t quad,
		       bool force, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	struct hwpc_pc_trigger t;
	uint32_t others;
	char names[HWPC_PC_MAX_DOMAINS * (HWPC_PC_NAME_LEN + 2)];
	if (!quad)
		return 0;
	int kind = swap_kind(dev, l, &t, err);
	if (kind < 0)
		return -kind;
	if (kind == HWPC_PC_SPAN_PRE_OP)
		return 0;
	return hwpc_pc_trigger_check(dev, l, mine, force, &others, names, sizeof names, err);
}

/* Read (and ack) every latched quad set into the totals; with drop, the
 * sets are acked and forgotten (what counted before the span). */
static int take_sets(struct hwpc_pc_span *sp, bool drop, struct hwpc_err *err)
{
	for (unsigned i = 0; i < sp->n; i++) {
		struct hwpc_pc_span_dom *d = &sp->d[i];
		struct hwpc_pc_read_sample s;
		if (d->mode != HWPC_PC_READ_MODE_QUAD)
			continue;
		int rc = hwpc_pc_read(d->r, true, &s, err);
		if (rc)
			return rc;
		if (s.mode != HWPC_PC_READ_MODE_QUAD)
			return hwpc_err_set(err, HWPC_EOP, "domain %s left quad mode while it was counted (%s): "
					    "someone reprogrammed it", d->r->di->name, s.mode_name);
		if (!drop)
			hwpc_pc_read_acc_add(&d->acc, d->r, &s);
	}
	return 0;
}

/* Swap every quad domain and wait until each has latched its set: the
 * swap lands on the domain's next cycle. */
static int swap(struct hwpc_pc_span *sp, struct hwpc_err *err)
{
	struct hwpc_dev *dev = sp->dev;
	int rc = 0;
	uint64_t t[2] = { 0, 0 };
	/* A set's time ends with the write that swaps it (the swap lands
	 * within a cycle of it), between the timestamps around the write. */
	if (sp->swap == HWPC_PC_SPAN_TRIGGER) {
		t[0] = hwpc_dev_now_ns(dev);
		rc = hwpc_pc_trigger_fire(dev, NULL, NULL, 0, &sp->trigger, err);
		t[1] = hwpc_dev_now_ns(dev);
	}
	for (unsigned i = 0; i < sp->n && !rc; i++) {
		struct hwpc_pc_span_dom *d = &sp->d[i];
		uint32_t v;
		if (d->mode != HWPC_PC_READ_MODE_QUAD)
			continue;
		if (sp->swap == HWPC_PC_SPAN_PRE_OP) {
			int bad = hwpc_rd32(dev, d->preop, &v);
			t[0] = hwpc_dev_now_ns(dev);
			if (!bad)
				bad = hwpc_wr32(dev, d->preop, v);
			t[1] = hwpc_dev_now_ns(dev);
			if (bad)
				rc = hwpc_err_set(err, bad, "swapping domain %s: %s", d->r->di->name, hwpc_dev_error(dev)->msg);
		}
		stamp(d, t);
	}
	for (unsigned i = 0; i < sp->n && !rc; i++) {
		struct hwpc_pc_span_dom *d = &sp->d[i];
		uint64_t hz = hwpc_pc_domain_hz(dev, d->r->l, d->r->dom);
		if (d->mode != HWPC_PC_READ_MODE_QUAD)
			continue;
		for (uint64_t tries = hz ? 1000 : 100000;; tries--) {
			struct hwpc_pc_read_sample s;
			/* Read without ack: take_sets reads it again, acked. */
			if ((rc = hwpc_pc_read(d->r, false, &s, err)) || s.latched)
				break;
			if (tries == 0) {
				rc = hwpc_err_set(err, HWPC_EOP, "domain %s: no counter set latched %s after the swap "
						  "(is its clock running?)", d->r->di->name, hz ? "1000 cycles" : "a second");
				break;
			}
			if ((rc = hwpc_dev_wait_cycles(dev, hz, 1, 10000, err)))
				break;
		}
	}
	return rc;
}

/* A single-event domain's live counters into its totals, timed by the
 * middle of the read. */
static int read_live(struct hwpc_pc_span *sp, struct hwpc_pc_span_dom *d, struct hwpc_err *err)
{
	struct hwpc_pc_read_sample s;
	uint64_t t[2] = { hwpc_dev_now_ns(sp->dev), 0 };
	int rc = hwpc_pc_read(d->r, false, &s, err);
	t[1] = hwpc_dev_now_ns(sp->dev);
	stamp(d, t);
	if (!rc && s.mode != d->mode)
		return hwpc_err_set(err, HWPC_EOP, "domain %s left single-event mode while it was counted (%s): "
				    "someone reprogrammed it", d->r->di->name, s.mode_name);
	if (!rc)
		hwpc_pc_read_acc_add(&d->acc, d->r, &s);
	return rc;
}

/* Was the domain reprogrammed in the interval that just ended?  The
 * watch then starts again from the new setup. */
static int watch(struct hwpc_pc_span *sp, struct hwpc_pc_span_dom *d, struct hwpc_err *err)
{
	bool changed;
	char why[sizeof d->why];
	if (hwpc_pc_watch_check(sp->dev, &d->watch, &changed, why, sizeof why, err))
		return err->status;
	d->reprogrammed = changed;
	if (!changed)
		return 0;
	d->reprogrammed_run = true;
	d->changes++;
	memcpy(d->why, why, sizeof why);
	return hwpc_pc_watch_begin(sp->dev, sp->l, d->r->dom, &d->watch, err);
}

int hwpc_pc_span_begin(struct hwpc_pc_span *sp, struct hwpc_dev *dev, const struct hwpc_pc_layout *l,
		       struct hwpc_pcr *const *rs, unsigned n, bool force, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	bool quad = false;
	memset(sp, 0, sizeof *sp);
	sp->dev = dev;
	sp->l = l;
	for (unsigned i = 0; i < n && i < HWPC_PC_MAX_DOMAINS; i++) {
		struct hwpc_pc_span_dom *d = &sp->d[sp->n];
		struct hwpc_pc_read_sample s;
		int rc = hwpc_pc_read(rs[i], false, &s, err);
		if (rc)
			return rc;
		if (s.mode == HWPC_PC_READ_MODE_RECORD || s.mode == HWPC_PC_READ_MODE_OTHER) {
			sp->left_out |= 1u << rs[i]->dom;
			continue;
		}
		d->r = rs[i];
		d->mode = s.mode;
		hwpc_pc_read_acc_init(&d->acc);
		quad |= s.mode == HWPC_PC_READ_MODE_QUAD;
		if (s.mode == HWPC_PC_READ_MODE_QUAD && !rs[i]->has_ack)
			return hwpc_err_set(err, HWPC_EINPUT, "domain %s is in quad mode, and %s has no QUAD_ACK_TRIGGER",
					    rs[i]->di->name, l->chip->name);
		if (s.mode == HWPC_PC_READ_MODE_QUAD && (rc = preop_addr(rs[i], &d->preop, err)))
			return rc;
		sp->n++;
	}
	int rc = quad ? pick_swap(sp, force, err) : 0;
	/* What the quad domains counted before now is latched and dropped. */
	if (!rc && quad)
		rc = take_sets(sp, true, err);
	if (!rc && quad)
		rc = swap(sp, err);
	if (!rc && quad)
		rc = take_sets(sp, true, err);
	/* The single-event counters' values now are the span's zero. */
	for (unsigned i = 0; i < sp->n && !rc; i++) {
		struct hwpc_pc_span_dom *d = &sp->d[i];
		if (d->mode != HWPC_PC_READ_MODE_QUAD && !(rc = read_live(sp, d, err)))
			memcpy(d->base, d->acc.total, sizeof d->base);
	}
	for (unsigned i = 0; i < sp->n && !rc; i++)
		rc = hwpc_pc_watch_begin(dev, l, sp->d[i].r->dom, &sp->d[i].watch, err);
	for (unsigned i = 0; i < sp->n; i++) {
		sp->d[i].start_ns = sp->d[i].last_ns = sp->d[i].now_ns;
		sp->d[i].start_unc_ns = sp->d[i].last_unc_ns = sp->d[i].now_unc_ns;
	}
	sp->now_ns = hwpc_dev_now_ns(dev);
	return rc;
}

int hwpc_pc_span_sample(struct hwpc_pc_span *sp, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	bool quad = false;
	for (unsigned i = 0; i < sp->n; i++)
		quad |= sp->d[i].mode == HWPC_PC_READ_MODE_QUAD;
	for (unsigned i = 0; i < sp->n; i++) {
		sp->d[i].last_ns = sp->d[i].now_ns;
		sp->d[i].last_unc_ns = sp->d[i].now_unc_ns;
	}
	/* Nothing counts in no time (a virtual clock nobody advanced): no
	 * swap, which would step it. */
	if (hwpc_dev_now_ns(sp->dev) == sp->now_ns) {
		for (unsigned i = 0; i < sp->n; i++) {
			memset(sp->d[i].delta, 0, sizeof sp->d[i].delta);
			sp->d[i].reprogrammed = false;
		}
		return 0;
	}
	/* A set a hardware SWAP latched since the last sample is the span's. */
	int rc = quad ? take_sets(sp, false, err) : 0;
	if (!rc && quad)
		rc = swap(sp, err);
	if (!rc && quad)
		rc = take_sets(sp, false, err);
	for (unsigned i = 0; i < sp->n && !rc; i++)
		if (sp->d[i].mode != HWPC_PC_READ_MODE_QUAD)
			rc = read_live(sp, &sp->d[i], err);
	sp->now_ns = hwpc_dev_now_ns(sp->dev);
	for (unsigned i = 0; i < sp->n && !rc; i++) {
		struct hwpc_pc_span_dom *d = &sp->d[i];
		for (int c = 0; c < HWPC_PC_READ_NCTRS; c++) {
			uint64_t total = d->acc.total[c] - d->base[c];
			d->delta[c] = total - d->total[c];
			d->total[c] = total;
		}
	}
	/* After the reads: a setup made before one of them is seen. */
	for (unsigned i = 0; i < sp->n && !rc; i++)
		rc = watch(sp, &sp->d[i], err);
	return rc;
}
