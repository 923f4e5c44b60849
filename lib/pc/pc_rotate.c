/* SPDX-License-Identifier: MIT */
/* Rotation (pcread -f): more counter sets than a domain has, taking turns
 * in quad mode.  A turn programs its set, swaps (so whatever counted during
 * programming is latched and dropped), counts for an interval, and ends
 * with another swap: that swap latches exactly the set's period, whose
 * CYCLES say how long it counted.  The swap is a PRE_OP write where it
 * swaps (G84:GF100; the setup's own PRE_OP write is the first swap), else
 * PM_TRIGGER fired the way regdb names (NV40:G84, where SWAP is wired to
 * it; it swaps every quad-mode domain).  IRIX r10k_evcntrs(5)'s multiplexing, scaled as perf
 * stat scales (hwpc_pc_read_rot_scale). */
#include "core/err_local.h"
#include "dev/backend.h"
#include "hwpc/pc.h"
#include "hwpc/dev.h"
#include "pc/pc_cmd.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int hwpc_pc_read_rot_init(struct hwpc_pc_read_rotation *rt, struct hwpc_pcr *r, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	char name[96];
	struct hwpc_regref ref;
	memset(rt, 0, sizeof *rt);
	rt->r = r;
	/* Only a chip whose software can swap lets a turn end. */
	/* regdb-names: PCOUNTER.PRE_OP_SWAPS G84:GF100 */
	if (!hwpc_param_num(r->l->db, r->l->chip, "PCOUNTER.PRE_OP_SWAPS", 0)) {
		struct hwpc_pc_trigger t;
		struct hwpc_err why;
		if (hwpc_pc_trigger_find(r->dev, &t, &why))
			return hwpc_err_set(err, HWPC_EINPUT, "rotating counter sets needs a swap software can make "
					    "(a PRE_OP write on G84:GF100, PM_TRIGGER on NV40:G84); %s", why.msg);
		rt->by_trigger = true;
		return 0;
	}
	if (!hwpc_pc_reg_name(r->l, r->dom, "PRE_OP", name, sizeof name) ||
	    hwpc_regref_parse(r->l->db, r->l->chip, name, &ref, err))
		return hwpc_err_set(err, HWPC_EINPUT, "regdb: no PRE_OP for domain %s", r->di->name);
	rt->preop = ref.addr;
	return 0;
}

static int drain(struct hwpc_pc_read_rotation *rt, struct hwpc_pc_read_sample *s, struct hwpc_err *err)
{
	int rc = hwpc_pc_read(rt->r, true, s, err);
	if (!rc && s->mode != HWPC_PC_READ_MODE_QUAD)
		rc = hwpc_err_set(err, HWPC_EOP, "domain %s left quad mode during rotation (%s)", rt->r->di->name,
				  s->mode_name);
	return rc;
}

/* Swap (a PRE_OP write, or PM_TRIGGER) and wait until the set latches,
 * read into s with an ack.  The swap lands on the domain's next cycle:
 * wait for it a cycle at a time where the device knows the domain's clock
 * (a virtual simulator clock is stepped exactly), else 10 us at a time;
 * give up after a thousand cycles or a second. */
static int swap_and_wait(struct hwpc_pc_read_rotation *rt, struct hwpc_pc_read_sample *s, struct hwpc_err *err)
{
	struct hwpc_dev *dev = rt->r->dev;
	int rc;
	uint32_t v;
	if (rt->by_trigger) {
		struct hwpc_pc_trigger t;
		if ((rc = hwpc_pc_trigger_fire(dev, rt->r->l, NULL, 0, &t, err)))
			return rc;
	} else if (hwpc_rd32(dev, rt->preop, &v) || hwpc_wr32(dev, rt->preop, v)) {
		return hwpc_err_set(err, hwpc_dev_error(dev)->status, "ending a rotation period: %s",
				    hwpc_dev_error(dev)->msg);
	}
	uint64_t hz = hwpc_dev_clock_named_hz(dev, rt->r->di->name);
	for (uint64_t tries = hz ? 1000 : 100000;; tries--) {
		if ((rc = hwpc_dev_wait_cycles(dev, hz, 1, 10000, err)) || (rc = drain(rt, s, err)))
			return rc;
		if (s->latched)
			return 0;
		if (tries == 1)
			return hwpc_err_set(err, HWPC_EOP, "domain %s: no counter set latched %s after the swap "
					    "(is its clock running?)", rt->r->di->name, hz ? "1000 cycles" : "a second");
	}
}

int hwpc_pc_read_rot_begin(struct hwpc_pc_read_rotation *rt, const struct hwpc_pc_setup *set, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	struct hwpc_pc_setup q = *set;
	struct hwpc_wplan plan;
	struct hwpc_pc_read_sample s;
	if ((q.given & HWPC_PC_SETUP_MODE) && q.mode != HWPC_PC_QUAD)
		return hwpc_err_set(err, HWPC_EINPUT, "a rotated counter set counts in quad mode (this one "
				    "asks for another mode)");
	q.given |= HWPC_PC_SETUP_MODE;
	q.mode = HWPC_PC_QUAD;
	hwpc_wplan_init(&plan, rt->r->dev);
	int rc = hwpc_pc_setup_plan(rt->r->dev, rt->r->l, rt->r->dom, &q, &plan, &rt->rec, err);
	if (!rc)
		rc = hwpc_wplan_apply(&plan, err);
	hwpc_wplan_free(&plan);
	/* What counted while programming: latched by PRE_OP's swap, or by a
	 * trigger of our own, and dropped. */
	if (!rc && rt->by_trigger)
		rc = swap_and_wait(rt, &s, err);
	if (!rc)
		rc = drain(rt, &s, err);
	/* from here the set counts: someone else's setup would count instead */
	rt->reprogrammed = false;
	return rc ? rc : hwpc_pc_watch_begin(rt->r->dev, rt->r->l, rt->r->dom, &rt->watch, err);
}

int hwpc_pc_read_rot_end(struct hwpc_pc_read_rotation *rt, struct hwpc_pc_read_rotset *set, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	struct hwpc_pc_read_sample s;
	/* Whatever programming latched goes first, so that the set read
	 * below can only be the one this PRE_OP write swaps in. */
	int rc = drain(rt, &s, err);
	if (rc)
		return rc;
	if ((rc = swap_and_wait(rt, &s, err)))
		return rc;
	/* A period counted under another setup is no count of this set's
	 * (and the swap that ended it may have been someone else's): the
	 * registers still hold what the turn wrote (someone who wrote after
	 * that and before the watch began included), and no setup was made
	 * since the watch began (one that wrote the same values included). */
	if ((rc = hwpc_pc_note_diff(rt->r->dev, &rt->rec, "the turn set", &rt->reprogrammed, rt->why, sizeof rt->why,
				    err)) ||
	    rt->reprogrammed)
		return rc;
	if ((rc = hwpc_pc_watch_check(rt->r->dev, &rt->watch, &rt->reprogrammed, rt->why, sizeof rt->why, err)) ||
	    rt->reprogrammed)
		return rc;
	hwpc_pc_read_rot_add(set, s.ctr, s.ctr[HWPC_PC_READ_CYCLES]);
	set->saturated |= s.saturated;
	return 0;
}

int hwpc_pc_read_rot_turn(struct hwpc_pc_read_rotation *rt, const struct hwpc_pc_setup *set, uint64_t interval_ns,
		      struct hwpc_pc_read_rotset *out, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	int rc = hwpc_pc_read_rot_begin(rt, set, err);
	if (!rc)
		rc = hwpc_dev_wait_ns(rt->r->dev, interval_ns, err);
	return rc ? rc : hwpc_pc_read_rot_end(rt, out, err);
}

int hwpc_pc_read_rot_save(struct hwpc_pc_read_rotation *rt, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	if (!rt->rec.n)
		return 0;
	return hwpc_pc_note_save(rt->r->dev, rt->r->di->name, &rt->rec, err);
}

int hwpc_pc_rotate_out(struct hwpc_pc_reader *rd, const struct hwpc_pc_rotate_opts *o, struct hwpc_out *out,
		       struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	struct hwpc_pc_setfile sf;
	struct hwpc_pc_read_rotation rt = { 0 };
	struct hwpc_pc_read_rotset *sets = NULL;
	struct hwpc_pc_reader_dom *d = &rd->doms[0];
	struct hwpc_err serr;
	unsigned dn;
	int rc = 0;
	if (hwpc_pc_setfile_parse(o->setfile, &sf, err))
		return err->status;
	if (hwpc_pc_setfile_rotation_domain(rd->l, &sf, o->domain, &dn, err) ||
	    hwpc_pc_read_init(&d->r, rd->dev, rd->l, dn, err) || hwpc_pc_read_rot_init(&rt, &d->r, err))
		rc = err->status;
	else if (!(sets = calloc(sf.n, sizeof *sets)))
		rc = hwpc_err_set(err, HWPC_EOP, "out of memory");
	/* A turn that ends with PM_TRIGGER swaps every quad-mode domain. */
	uint32_t others = 0;
	char names[HWPC_PC_MAX_DOMAINS * (HWPC_PC_NAME_LEN + 2)];
	if (!rc && rt.by_trigger &&
	    hwpc_pc_trigger_check(rd->dev, rd->l, 1u << dn, o->force, &others, names, sizeof names, err))
		rc = err->status;
	if (!rc && others)
		hwpc_tell_warn(o->tell, "--force: PM_TRIGGER, fired to swap the quad sets, swaps those of %s too: whoever "
			       "reads them loses them", names);
	rd->ndoms = 1;
	for (uint64_t k = 0; !rc && !*o->stop && (!o->have_count || k < o->count); k++) {
		const struct hwpc_pc_setfile_entry *e = &sf.e[k % sf.n];
		if (hwpc_pc_read_rot_turn(&rt, &e->setup, o->interval_ns, &sets[k % sf.n], &serr))
			rc = hwpc_err_set(err, serr.status, "%s:%u: %s %s: %s", o->setfile,
					  hwpc_pc_setup_line(&e->setup, serr.msg), *e->set ? "set" : "domain",
					  *e->set ? e->set : d->r.di->name, serr.msg);
		else if (rt.reprogrammed) {
			hwpc_tell_warn(o->tell, "%s: reprogrammed by someone else during turn %llu (set '%s'): its counts "
				       "are dropped (%s)", d->r.di->name, (unsigned long long)k + 1, e->set, rt.why);
			rd->suspect = true;
		}
	}
	/* The hardware now holds a set pcread wrote: say so in the record
	 * (after an error too: a turn may have been programmed). */
	if (hwpc_pc_read_rot_save(&rt, rc ? &serr : err) && !rc)
		rc = err->status;
	for (size_t j = 0; j < sf.n && !rc; j++)
		if (sets[j].saturated && !d->warned_sat) {
			hwpc_tell_warn(o->tell, "%s: a counter saturated in set '%s': its count is a lower bound",
				       d->r.di->name, sf.e[j].set);
			d->warned_sat = rd->suspect = true;
		}
	if (!rc && hwpc_pc_sets_out(out, &d->r, &sf, sets, err))
		rc = err->status;
	free(sets);
	hwpc_pc_setfile_free(&sf);
	return rc;
}
