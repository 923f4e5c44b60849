/* SPDX-License-Identifier: MIT */
/* Is a domain someone else's?  Before reprogramming a domain (pcsetup,
 * pcread SETUP -- CMD), the commands refuse a setup they did not make
 * unless --force: one whose configuration changed since pcsetup's note,
 * or, with no note, a domain whose inputs are in use (an OP register that
 * is not 0: at power-on every input is constant 0).  A driver counting
 * with the domain is not silently cut off.  The counters are no part of
 * the configuration: CTR_PRE and CTR_STOP take an initial value when
 * written and read the live count (regdb's read=live), and
 * hwpc_pc_note_check compares only what reads back, as pcread does. */
#include "core/err_local.h"
#include "pc/pc_cmd.h"
#include "dev/backend.h"

#include <stdio.h>

int hwpc_pc_foreign(struct hwpc_dev *dev, const struct hwpc_pc_layout *l, unsigned dom, bool *foreign, char *why,
		    size_t len, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	struct hwpc_pc_note note;
	bool found, changed = false;
	char diff[256];
	*foreign = false;
	if (len)
		why[0] = 0;
	if (hwpc_pc_note_load(dev, l->dom[dom].name, &note, &found, err) ||
	    (found && hwpc_pc_note_check(dev, &note, &changed, diff, sizeof diff, err)))
		return err->status;
	if (found) {
		if (changed)
			snprintf(why, len, "setup changed since pcsetup (generation %llu): %s",
				 (unsigned long long)note.generation, diff);
		*foreign = changed;
		return 0;
	}
	for (int in = 0; in < HWPC_LOP_NINPUTS && !*foreign; in++) {
		char reg[32], name[96];
		struct hwpc_regref ref;
		uint32_t v;
		snprintf(reg, sizeof reg, "%s_OP", hwpc_lop_input_name((enum hwpc_lop_input)in));
		if (!hwpc_pc_reg_name(l, dom, reg, name, sizeof name) || hwpc_regref_parse(l->db, l->chip, name, &ref, NULL))
			continue; /* the generation has no such input */
		if (hwpc_rd32(dev, ref.addr, &v))
			return hwpc_err_set(err, hwpc_dev_error(dev)->status, "reading %s: %s", name, hwpc_dev_error(dev)->msg);
		if (v) {
			snprintf(why, len, "set up by someone else: %s reads 0x%08x and no pcsetup note says hwpc set it",
				 name, v);
			*foreign = true;
		}
	}
	return 0;
}
