/* SPDX-License-Identifier: MIT */
/* A domain watched while pcread counts it (pc_cmd.h): reprogrammed since
 * the count began?  A new setup restarts the counters, and a sum across
 * it would take the restart for a reset or a wrap and add the new setup's
 * counts to the old one's: every total from there on is wrong, silently.
 * Two witnesses: the setup note's generation, which every setup hwpc makes
 * bumps (so a pcsetup that finds pcread's own note, and so no foreign
 * setup, is still seen), and the configuration registers themselves, for
 * whatever else writes them. */
#include "core/err_local.h"
#include "dev/backend.h"
#include "pc/pc_cmd.h"

#include <stdio.h>
#include <string.h>

/* Does domain d share register reg with the other domains of its set
 * (NV10:NV40's CTRL: no index)?  Another domain's setup writes it. */
static bool shared(const struct hwpc_pc_layout *l, unsigned d, const char *name)
{
	unsigned in_set = 0;
	for (unsigned k = 0; k < l->ndomains; k++)
		in_set += l->dom[k].set == l->dom[d].set;
	return !strchr(name, '[') && in_set > 1;
}

/* Note register reg of domain d (when the chip has it) with its value now. */
static int note_reg(struct hwpc_dev *dev, const struct hwpc_pc_layout *l, unsigned d, const char *reg,
		    struct hwpc_pc_note *conf, struct hwpc_err *err)
{
	char name[96];
	struct hwpc_regref ref;
	uint32_t v;
	if (!hwpc_pc_reg_name(l, d, reg, name, sizeof name) || hwpc_regref_parse(l->db, l->chip, name, &ref, NULL) ||
	    shared(l, d, name))
		return 0;
	if (hwpc_rd32(dev, ref.addr, &v))
		return hwpc_err_set(err, hwpc_dev_error(dev)->status, "reading %s: %s", name, hwpc_dev_error(dev)->msg);
	hwpc_pc_note_add(conf, l->db, l->chip, ref.addr, v);
	return 0;
}

int hwpc_pc_watch_begin(struct hwpc_dev *dev, const struct hwpc_pc_layout *l, unsigned dom, struct hwpc_pc_watch *w,
			struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	static const char *const regs[] = { "CTRL", "SPEC_SRC", "SWAP_SRC", "THRESHOLD" };
	struct hwpc_pc_note note;
	memset(w, 0, sizeof *w);
	snprintf(w->domain, sizeof w->domain, "%s", l->dom[dom].name);
	if (hwpc_pc_note_load(dev, w->domain, &note, &w->found, err))
		return err->status;
	w->generation = w->found ? note.generation : 0;
	for (size_t i = 0; i < sizeof regs / sizeof regs[0]; i++)
		if (note_reg(dev, l, dom, regs[i], &w->conf, err))
			return err->status;
	for (int in = 0; in < HWPC_LOP_NINPUTS; in++) {
		char reg[32];
		const char *name = hwpc_lop_input_name((enum hwpc_lop_input)in);
		snprintf(reg, sizeof reg, "%s_SRC", name);
		if (note_reg(dev, l, dom, reg, &w->conf, err))
			return err->status;
		snprintf(reg, sizeof reg, "%s_OP", name);
		if (note_reg(dev, l, dom, reg, &w->conf, err))
			return err->status;
	}
	/* What the note lists besides (a raw --reg, the record registers),
	 * as it reads now: the configuration found is what is watched. */
	for (unsigned i = 0; w->found && i < note.n; i++) {
		uint32_t v;
		if (!note.reg[i].mask)
			continue;
		if (hwpc_rd32(dev, note.reg[i].addr, &v))
			return hwpc_err_set(err, hwpc_dev_error(dev)->status, "%s", hwpc_dev_error(dev)->msg);
		hwpc_pc_note_add(&w->conf, l->db, l->chip, note.reg[i].addr, v);
	}
	return 0;
}

int hwpc_pc_watch_check(struct hwpc_dev *dev, const struct hwpc_pc_watch *w, bool *changed, char *why, size_t len,
			struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	struct hwpc_pc_note note;
	bool found;
	*changed = false;
	if (len)
		why[0] = 0;
	if (hwpc_pc_note_load(dev, w->domain, &note, &found, err))
		return err->status;
	uint64_t gen = found ? note.generation : 0;
	if (gen != w->generation || found != w->found) {
		char was[32];
		snprintf(was, sizeof was, w->found ? "%llu" : "none", (unsigned long long)w->generation);
		if (found)
			snprintf(why, len, "set up again: setup note generation %s -> %llu (%s)", was,
				 (unsigned long long)gen, note.what);
		else
			snprintf(why, len, "setup note generation %s gone (the simulator was reset?)", was);
		*changed = true;
		return 0;
	}
	char diff[256];
	if (hwpc_pc_note_diff(dev, &w->conf, "was", changed, diff, sizeof diff, err))
		return err->status;
	if (*changed)
		snprintf(why, len, "reprogrammed since the count began: %s", diff);
	return 0;
}
