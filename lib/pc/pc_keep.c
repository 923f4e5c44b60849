/* SPDX-License-Identifier: MIT */
/* A setup put back (see pc_cmd.h): the commands that borrow domains for a
 * measurement (pcread --clocks, pcsetup --scan) write pcsetup's plans, then
 * give the registers those plans wrote the values they held, in the same
 * order, PRE_OP last (found_value says where it cannot be that simple). */
#include "dev/dev_cmd.h"
#include "core/err_local.h"
#include "dev/backend.h"
#include "pc/pc_cmd.h"

#include <stdlib.h>
#include <string.h>

/* A counter's register: its read is the live count, not the value
 * written (regdb's read=live on every bit of an rw register). */
static bool is_counter(const struct hwpc_dev *dev, uint32_t addr)
{
	uint32_t idx[HWPC_MAX_DIMS];
	const struct hwpc_reg *r = hwpc_reg_at(hwpc_dev_regdb(dev), hwpc_dev_chip(dev), addr, idx);
	return r && r->access == HWPC_ACCESS_RW && !hwpc_reg_read_bits(r, hwpc_dev_chip(dev), HWPC_READ_WRITTEN) &&
	       hwpc_reg_read_bits(r, hwpc_dev_chip(dev), HWPC_READ_LIVE);
}

/* What was found in each domain before the setup: the pcsetup note, if the
 * domain's configuration is still what it records, and whether a
 * single-event process was under way. */
struct found {
	struct hwpc_pc_note note;
	bool note_valid;
	bool counting;  /* a single-event process under way: restarted */
	uint32_t preop; /* its address */
};

static int look(struct hwpc_pc_keep *k, unsigned j, struct found *f, struct hwpc_err *err)
{
	struct hwpc_pcr *r = &k->r[j];
	struct hwpc_pc_read_sample s;
	char name[96];
	struct hwpc_regref ref;
	bool found, changed = false;
	int rc = hwpc_pc_note_load(k->dev, r->di->name, &f->note, &found, err);
	if (!rc && found)
		rc = hwpc_pc_note_check(k->dev, &f->note, &changed, NULL, 0, err);
	f->note_valid = found && !changed;
	if (!rc)
		rc = hwpc_pc_read(r, false, &s, err);
	f->counting = !rc && s.mode == HWPC_PC_READ_MODE_SINGLE && strcmp(s.state_name, "INACTIVE");
	if (!rc && (!hwpc_pc_reg_name(r->l, r->dom, "PRE_OP", name, sizeof name) ||
		    hwpc_regref_parse(r->l->db, r->l->chip, name, &ref, err)))
		rc = hwpc_err_set(err, HWPC_EINPUT, "regdb: no PRE_OP for domain %s", r->di->name);
	f->preop = rc ? 0 : ref.addr;
	return rc;
}

/* The value to put back at w's register: a counter gets the value
 * pcsetup wrote (its note's, when still valid), else the count read;
 * everything else what was read. */
static uint32_t found_value(const struct hwpc_pc_keep *k, const struct found *fs, const struct hwpc_write *w)
{
	uint32_t v = w->old;
	for (unsigned j = 0; j < k->n; j++)
		for (unsigned i = 0; fs[j].note_valid && i < fs[j].note.n; i++)
			if (fs[j].note.reg[i].addr == w->addr && is_counter(k->dev, w->addr))
				v = fs[j].note.reg[i].value;
	return v;
}

/* PRE_OP's write starts a single-event process, and swaps in quad mode
 * (G84:GF100).  So each PRE_OP is put back first, while the domains are
 * still in the borrowed single-event or quad setup, where the writes that
 * follow abort that process (a cycle later: restore_first, then restore);
 * then the rest in the setup's order; and last PRE_OP again where a
 * single-event process was under way (restarting it, as pcsetup's own last
 * write started it).  An idle domain stays idle, a quad-mode one keeps its
 * state: no swap. */
int hwpc_pc_keep_plan(struct hwpc_pc_keep *k, struct hwpc_dev *dev, const struct hwpc_pc_layout *l,
		      const unsigned *doms, unsigned n, const struct hwpc_wplan *setup, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	memset(k, 0, sizeof *k);
	k->dev = dev;
	hwpc_wplan_init(&k->restore_first, dev);
	hwpc_wplan_init(&k->restore, dev);
	if (n > HWPC_PC_MAX_DOMAINS)
		return hwpc_err_set(err, HWPC_EINPUT, "more than %d domains", HWPC_PC_MAX_DOMAINS);
	k->n = n;
	for (unsigned j = 0; j < n; j++)
		if (hwpc_pc_read_init(&k->r[j], dev, l, doms[j], err))
			return err->status;
	struct found *fs = calloc(n ? n : 1, sizeof *fs);
	int rc = !fs ? hwpc_err_set(err, HWPC_EOP, "out of memory") : 0;
	for (unsigned j = 0; j < n && !rc; j++)
		rc = look(k, j, &fs[j], err);
	for (int pass = 0; pass < 3 && !rc; pass++)
		for (size_t i = 0; i < setup->n && !rc; i++) {
			const struct hwpc_write *w = &setup->w[i];
			bool preop = false, restart = false;
			for (unsigned j = 0; j < n; j++)
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
				rc = hwpc_wplan_addr(pass ? &k->restore : &k->restore_first, w->addr,
						     found_value(k, fs, w),
						     pass == 2 ? "restarts the counting found" : "puts back what was found",
						     err);
		}
	free(fs);
	return rc;
}

int hwpc_pc_keep_restore(struct hwpc_pc_keep *k, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	/* The PRE_OP writes a cycle of every domain before the rest. */
	int rc = hwpc_wplan_apply(&k->restore_first, err);
	for (unsigned j = 0; j < k->n && !rc; j++)
		rc = hwpc_dev_wait_cycles(k->dev, hwpc_dev_clock_named_hz(k->dev, k->r[j].di->name), 1, j ? 0 : 10000, err);
	return rc ? rc : hwpc_wplan_apply(&k->restore, err);
}

void hwpc_pc_keep_free(struct hwpc_pc_keep *k)
{
	hwpc_wplan_free(&k->restore_first);
	hwpc_wplan_free(&k->restore);
}
