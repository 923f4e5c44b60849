/* SPDX-License-Identifier: MIT */
/* A setup note held against the device, as pcread tells it (pc_cmd.h). */
#include "pc/pc_cmd.h"

#include <stdio.h>

int hwpc_pc_note_verify(struct hwpc_dev *dev, const char *key, const struct hwpc_pc_note_say *say,
			const struct hwpc_tell *tell, bool *warned, bool *suspect, struct hwpc_err *err)
{
	struct hwpc_pc_note rec;
	bool found, changed = false;
	char diff[256];
	if (hwpc_pc_note_load(dev, key, &rec, &found, err) ||
	    (found && hwpc_pc_note_check(dev, &rec, &changed, diff, sizeof diff, err)))
		return err->status;
	unsigned long long gen = (unsigned long long)rec.generation;
	if (changed && !*warned)
		hwpc_tell_warn(tell, "%s%s changed since pcsetup (generation %llu): %s", say->who, say->what, gen, diff);
	else if (found && !changed)
		hwpc_tell_note(tell, "%ssetup as pcsetup left it (generation %llu: %s)", say->who, gen, rec.what);
	else if (!found)
		hwpc_tell_note(tell, "%sno pcsetup note (nothing to check %s against)", say->who, say->against);
	*warned |= changed;
	*suspect |= changed;
	return 0;
}

int hwpc_pc_note_verify_dom(struct hwpc_dev *dev, const char *dom, const struct hwpc_tell *tell, bool *warned,
			    bool *suspect, struct hwpc_err *err)
{
	char who[HWPC_PC_NAME_LEN + 2];
	snprintf(who, sizeof who, "%s: ", dom);
	const struct hwpc_pc_note_say say = { who, "setup", "the setup" };
	return hwpc_pc_note_verify(dev, dom, &say, tell, warned, suspect, err);
}
