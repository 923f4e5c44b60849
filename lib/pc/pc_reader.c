/* SPDX-License-Identifier: MIT */
/* A device's PCOUNTER domains read as pcread reads them (pc_cmd.h): once
 * or every interval, PM_TRIGGER fired first when asked, each read added to
 * the 64-bit totals, and what the reads show told once a domain: sets
 * lost, counters saturated, a quad domain read without its ack, an
 * EVENT/CYCLES ratio that cannot be given, a domain set up again while it
 * was read (its totals then null); opened and closed as pcread's
 * PCOUNTER modes do, each domain held against pcsetup's note. */
#include "pc/pc_cmd.h"
#include "core/err_local.h"

#include <math.h>

/* PM_TRIGGER reaches every domain: tell which quad-mode domains not read
 * here it swaps too (their sets lost to whoever reads them). */
static int others_swapped(struct hwpc_pc_reader *rd, struct hwpc_err *err)
{
	uint32_t mine = 0;
	bool any;
	char msg[HWPC_PC_MAX_DOMAINS * (HWPC_PC_NAME_LEN + 2) + 96];
	for (unsigned i = 0; i < rd->ndoms; i++)
		mine |= 1u << rd->doms[i].r.dom;
	if (hwpc_pc_trigger_others_text(rd->dev, rd->l, mine, "read here", &any, msg, sizeof msg, err))
		return err->status;
	if (any)
		hwpc_tell_warn(rd->o->tell, "%s", msg);
	return 0;
}

/* PM_TRIGGER fired before a read, so that quad-mode domains swapping on
 * it latch the set the read shows. */
static int trigger(struct hwpc_pc_reader *rd, struct hwpc_err *err)
{
	struct hwpc_pc_trigger t;
	unsigned doms[HWPC_PC_MAX_DOMAINS];
	for (unsigned i = 0; i < rd->ndoms; i++)
		doms[i] = rd->doms[i].r.dom;
	if (hwpc_pc_trigger_fire(rd->dev, rd->l, doms, rd->ndoms, &t, err))
		return hwpc_err_prefix(err, "--trigger");
	return 0;
}

int hwpc_pc_reader_start(struct hwpc_pc_reader *rd, const struct hwpc_pc_reader_opts *o,
			 struct hwpc_pc_read_sample *first, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	rd->o = o;
	for (unsigned i = 0; o->expr && i < rd->ndoms; i++) {
		struct hwpc_pc_names names;
		if (hwpc_pc_names_build(rd->l, rd->doms[i].r.dom, &names, err))
			return err->status;
		int rc = hwpc_pc_read_exprs(&rd->doms[i].r, &names, rd->doms[i].expr, err);
		hwpc_pc_names_free(&names);
		if (rc)
			return rc;
	}
	if (o->trigger && (others_swapped(rd, err) || trigger(rd, err)))
		return err->status;
	for (unsigned i = 0; i < rd->ndoms; i++)
		if (hwpc_pc_read(&rd->doms[i].r, o->ack, &first[i], err) ||
		    (o->sampling && hwpc_pc_watch_begin(rd->dev, rd->l, rd->doms[i].r.dom, &rd->doms[i].watch, err)))
			return err->status;
	return 0;
}

/* Sampling: was the domain set up again since the run began
 * (hwpc_pc_watch)?  Its totals sum counts of two setups from then on:
 * told once a change, null in the records, and the run suspect. */
static int watch(struct hwpc_pc_reader *rd, struct hwpc_pc_reader_dom *d, struct hwpc_err *err)
{
	bool changed;
	char why[320];
	if (hwpc_pc_watch_check(rd->dev, &d->watch, &changed, why, sizeof why, err))
		return err->status;
	if (!changed)
		return 0;
	hwpc_tell_warn(rd->o->tell, "%s: %s while it was read: its totals are lost from here on", d->r.di->name,
		       why);
	d->reprogrammed = rd->suspect = true;
	return hwpc_pc_watch_begin(rd->dev, rd->l, d->r.dom, &d->watch, err);
}

/* What a sample shows that the records alone do not say, told once. */
static void tell_sample(struct hwpc_pc_reader *rd, struct hwpc_pc_reader_dom *d, const struct hwpc_pc_read_sample *s)
{
	const struct hwpc_pc_reader_opts *o = rd->o;
	if (s->lost && !d->warned_lost) {
		hwpc_tell_warn(o->tell, "%s: counter sets were lost (quad OVERFLOW: swapped again before being read%s)",
			       d->r.di->name, o->ack ? "" : "; --ack frees the hardware for the next set");
		d->warned_lost = rd->suspect = true;
	}
	if (s->saturated && !d->warned_sat) {
		char which[64];
		hwpc_pc_ctr_list(s->saturated, ", ", which, sizeof which);
		hwpc_tell_warn(o->tell, "%s: saturated: %s (%s)", d->r.di->name, which,
			       d->r.ctr[HWPC_PC_READ_CYCLES].sticky ? "the 40-bit counter passed 2^39: its low bits wrapped"
								    : "stopped at 0xffffffff: the count is a lower bound");
		d->warned_sat = rd->suspect = true;
	}
	/* Text has no column for why event_pct is empty: say it once, where
	 * the reason is more than an idle domain (JSON and CSV: event_pct_note). */
	const char *why;
	if (o->text && isnan(hwpc_pc_read_event_pct_why(s, &why)) && !d->warned_pct && s->ctr[HWPC_PC_READ_CYCLES] &&
	    !(s->saturated & (1u << HWPC_PC_READ_CYCLES | 1u << HWPC_PC_READ_EVENT)) &&
	    (s->present >> HWPC_PC_READ_EVENT & 1)) {
		hwpc_tell_warn(o->tell, "%s: no event_pct: %s", d->r.di->name, why);
		d->warned_pct = true;
	}
	if (s->mode == HWPC_PC_READ_MODE_QUAD && o->sampling && !o->ack && !d->warned_noack) {
		hwpc_tell_warn(o->tell, "%s: quad mode without --ack: every sample reads the same set until it is acked",
			       d->r.di->name);
		d->warned_noack = true;
	}
}

int hwpc_pc_reader_trigger(struct hwpc_pc_reader *rd, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	return rd->o->trigger ? trigger(rd, err) : 0;
}

int hwpc_pc_reader_read(struct hwpc_pc_reader *rd, unsigned i, const struct hwpc_pc_read_sample *first,
			struct hwpc_pc_read_sample *s, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	struct hwpc_pc_reader_dom *d = &rd->doms[i];
	if (first)
		*s = *first;
	else if (hwpc_pc_read(&d->r, rd->o->ack, s, err) || watch(rd, d, err))
		return err->status;
	hwpc_pc_read_acc_add(&d->acc, &d->r, s);
	tell_sample(rd, d, s);
	return 0;
}

int hwpc_pc_reader_open(struct hwpc_pc_reader *rd, struct hwpc_dev *dev, struct hwpc_pc_layout *l, const char *profile,
			const char *const *domains, unsigned ndomains, bool pick, const struct hwpc_tell *tell,
			struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	unsigned doms[HWPC_PC_MAX_DOMAINS];
	uint64_t lag;
	if (hwpc_pc_layout_dev(dev, profile, l, err))
		return err->status;
	rd->dev = dev;
	rd->l = l;
	/* The device's lag counts from its open, the first access's catch-up
	 * included: what that catch-up skipped is missing from the counts. */
	rd->can_lag = hwpc_dev_lag_ns(dev, &lag);
	if (!pick)
		return 0;
	if (hwpc_pc_domains_pick(l, domains, ndomains, doms, &rd->ndoms, err)) {
		hwpc_err_prefix(err, "-D");
		return err->status = HWPC_EINPUT;
	}
	for (unsigned i = 0; i < rd->ndoms; i++)
		if (hwpc_pc_read_init(&rd->doms[i].r, dev, l, doms[i], err))
			return err->status;
	return hwpc_pc_reader_verify(rd, tell, err);
}

int hwpc_pc_reader_verify(struct hwpc_pc_reader *rd, const struct hwpc_tell *tell, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	for (unsigned i = 0; i < rd->ndoms; i++)
		if (hwpc_pc_note_verify_dom(rd->dev, rd->doms[i].r.di->name, tell, &rd->doms[i].warned_setup,
					    &rd->suspect, err))
			return err->status;
	return 0;
}

void hwpc_pc_reader_lag(struct hwpc_pc_reader *rd, const char *who, const struct hwpc_tell *tell)
{
	uint64_t lag;
	hwpc_dev_lag_ns(rd->dev, &lag);
	if (!lag)
		return;
	hwpc_tell_warn(tell, "%s: the device's time lagged %.6f s behind realtime since pcread opened it (the catch-up "
		       "of the time before included): the counts cover that much less time (pcsim(1), \"PCOUNTER "
		       "engines\")", who, (double)lag / 1e9);
	rd->suspect = true;
}
