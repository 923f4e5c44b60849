/* SPDX-License-Identifier: MIT */
/* Where a domain's own FLAG shows among its signals: the trailer record
 * FLAG (one domain per set) or DOM<n>.FLAG for the domain's index n, at
 * the domain's trailer base; and any trailer signal by name.  A direct look-up: pcread needs only this one
 * position, not every name hwpc_pc_names_build makes. */
#include "hwpc/pc.h"
#include "pc/pc_cmd.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool hwpc_pc_trailer_signal(const struct hwpc_pc_layout *l, unsigned d, const char *name, unsigned *signal)
{
	const struct hwpc_pc_domain *dom = &l->dom[d];
	for (unsigned i = 0; i < hwpc_regdb_entry_count(l->db); i++) {
		const struct hwpc_regdb_entry *r = hwpc_regdb_entry_at(l->db, i);
		char *end;
		if (strcmp(r->keyword, "trailer") || r->nwords < 2 || !hwpc_gens_has(&r->gens, l->chip) ||
		    strcmp(r->words[0], name))
			continue;
		unsigned long off = strtoul(r->words[1], &end, 0);
		if (*end || dom->trailer + off >= dom->nsignals)
			continue;
		*signal = (unsigned)(dom->trailer + off);
		return true;
	}
	return false;
}

bool hwpc_pc_own_flag(const struct hwpc_pc_layout *l, unsigned d, unsigned *signal)
{
	char own[24];
	snprintf(own, sizeof own, "DOM%u.FLAG", l->dom[d].local);
	return hwpc_pc_trailer_signal(l, d, "FLAG", signal) || hwpc_pc_trailer_signal(l, d, own, signal);
}
