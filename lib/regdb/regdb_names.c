/* SPDX-License-Identifier: MIT */
/* Register names, as every lookup by name treats them: the hash of the
 * full-name index (built by regdb_load.c and regdb_compact.c, searched by
 * regdb_query.c and regview.c), matching a name or a dotted suffix of it,
 * and what a lookup that found no single register says. */
#include "core/hash.h"
#include "core/strdist.h"
#include "regdb/regdb_internal.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

uint64_t regdb_name_hash(const char *s)
{
	return hwpc_fnv1a_str(s, true, HWPC_FNV1A_START); /* over the lower-cased name */
}

bool regdb_name_matches(const char *full, const char *name)
{
	size_t n = strlen(full), m = strlen(name);
	if (m > n)
		return false;
	if (strcasecmp(full + n - m, name))
		return false;
	return m == n || full[n - m - 1] == '.';
}

void regdb_miss_match(struct regdb_miss *m, const struct hwpc_reg *r)
{
	if (m->nfound++ < 4) {
		size_t n = strlen(m->cand);
		snprintf(m->cand + n, sizeof m->cand - n, "%s%s", n ? ", " : "", r->name);
	}
}

void regdb_miss_near(struct regdb_miss *m, const char *name, const struct hwpc_reg *r)
{
	unsigned d = hwpc_strdist_ci(name, r->short_name);
	unsigned d2 = hwpc_strdist_ci(name, r->name);
	if (d2 < d)
		d = d2;
	if (d < m->bestd) {
		m->bestd = d;
		m->best = r->name;
	}
}

bool regdb_miss_found(struct hwpc_err *err, const struct hwpc_regdb *db, const struct regdb_miss *m,
		      const char *name, const char *chip, const struct hwpc_gens *where)
{
	if (m->nfound > 1) {
		hwpc_err_set(err, HWPC_EINPUT, "register name '%s' is ambiguous on %s: %s%s", name, chip,
			     m->cand, m->nfound > 4 ? ", ..." : "");
		return true;
	}
	if (where) {
		char g[256];
		hwpc_gens_format(db, where, g, sizeof g);
		hwpc_err_set(err, HWPC_EINPUT, "register %s does not exist on %s (it exists on %s)", name,
			     chip, g);
		return true;
	}
	return false;
}

void regdb_miss_unknown(struct hwpc_err *err, const struct regdb_miss *m, const char *name,
			const char *chip)
{
	if (m->best && m->bestd <= 3)
		hwpc_err_set(err, HWPC_EINPUT, "unknown register '%s' on %s (did you mean %s?)", name, chip,
			     m->best);
	else
		hwpc_err_set(err, HWPC_EINPUT, "unknown register '%s' on %s (pcread --list-regs lists them)",
			     name, chip);
}
