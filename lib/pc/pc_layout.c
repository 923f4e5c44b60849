/* SPDX-License-Identifier: MIT */
/* A chip's PCOUNTER domains, from the regdb profile records
 * (pcounter-profiles.regdb): which domain sets, how many domains, their
 * signal counts, trailer bases and clocks; and how their registers are
 * named in regdb. */
#include "core/err_local.h"
#include "core/textlist.h"
#include "hwpc/pc.h"
#include "pc/pc_cmd.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static bool rec_valid(const struct hwpc_pc_layout *l, const struct hwpc_regdb_entry *r, const char *kw)
{
	return !strcmp(r->keyword, kw) && hwpc_gens_has(&r->gens, l->chip);
}

static bool num(const char *s, uint64_t *out)
{
	char *end;
	if (!s || !*s)
		return false;
	*out = strtoull(s, &end, 0);
	return !*end;
}

int hwpc_pc_profile_default(const struct hwpc_regdb *db, const struct hwpc_chipset *chip, char *buf,
			    size_t len, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	const char *first = NULL;
	for (unsigned i = 0; i < hwpc_regdb_entry_count(db); i++) {
		const struct hwpc_regdb_entry *r = hwpc_regdb_entry_at(db, i);
		if (strcmp(r->keyword, "profile") || !hwpc_gens_has(&r->gens, chip) || r->nwords < 1)
			continue;
		const char *def = hwpc_entry_attr(r, "default");
		if (def && !strcmp(def, "yes")) {
			snprintf(buf, len, "%s", r->words[0]);
			return 0;
		}
		if (!first)
			first = r->words[0];
	}
	if (!first)
		return hwpc_err_set(err, HWPC_EINPUT, "%s has no PCOUNTER (no profile in regdb)", chip->name);
	snprintf(buf, len, "%s", first);
	return 0;
}

static int unknown_profile(const struct hwpc_pc_layout *l, const char *name, struct hwpc_err *err)
{
	char list[256] = "";
	size_t used = 0;
	for (unsigned i = 0; i < hwpc_regdb_entry_count(l->db); i++) {
		const struct hwpc_regdb_entry *r = hwpc_regdb_entry_at(l->db, i);
		if (rec_valid(l, r, "profile") && r->nwords >= 1)
			used += (size_t)snprintf(list + used, used < sizeof list ? sizeof list - used : 0, "%s%s",
						 used ? ", " : "", r->words[0]);
	}
	return hwpc_err_set(err, HWPC_EINPUT, "unknown profile '%s' for %s (expected one of: %s)", name,
			    l->chip->name, *list ? list : "none");
}

static int find_set(const struct hwpc_pc_layout *l, const char *setname, unsigned inst)
{
	for (unsigned d = 0; d < l->ndomains; d++)
		if (!strcmp(l->dom[d].setname, setname) && l->dom[d].inst == inst)
			return (int)l->dom[d].set;
	return -1;
}

static int add_domain(struct hwpc_pc_layout *l, const struct hwpc_regdb_entry *r, const char *setname,
		      unsigned inst, unsigned nsets, struct hwpc_err *err)
{
	uint64_t idx, nsig, trailer, hz;
	if (r->nwords < 3 || !num(r->words[1], &idx) || idx >= HWPC_PC_SET_DOMAINS ||
	    !num(hwpc_entry_attr(r, "signals"), &nsig) || nsig > 256 ||
	    !num(hwpc_entry_attr(r, "trailer"), &trailer) || !num(hwpc_entry_attr(r, "hz"), &hz) || !hz)
		return hwpc_err_set(err, HWPC_EINPUT, "%s:%u: bad domain record (expected 'domain PROFILE "
				    "INDEX NAME signals=N trailer=N hz=N')", r->file, r->line);
	if (l->ndomains >= HWPC_PC_MAX_DOMAINS)
		return hwpc_err_set(err, HWPC_EINPUT, "%s:%u: more than %d PCOUNTER domains", r->file, r->line,
				    HWPC_PC_MAX_DOMAINS);
	int set = find_set(l, setname, inst);
	if (set < 0) {
		if (l->nsets >= HWPC_PC_MAX_SETS)
			return hwpc_err_set(err, HWPC_EINPUT, "%s:%u: more than %d domain sets", r->file, r->line,
					    HWPC_PC_MAX_SETS);
		set = (int)l->nsets++;
	}
	for (unsigned d = 0; d < l->ndomains; d++)
		if (l->dom[d].set == (unsigned)set && l->dom[d].local == idx)
			return hwpc_err_set(err, HWPC_EINPUT, "%s:%u: domain %u given twice", r->file, r->line,
					    (unsigned)idx);
	struct hwpc_pc_domain *di = &l->dom[l->ndomains];
	memset(di, 0, sizeof *di);
	snprintf(di->setname, sizeof di->setname, "%s", setname);
	di->inst = inst;
	di->set = (unsigned)set;
	di->local = (unsigned)idx;
	di->nsignals = (unsigned)nsig;
	di->trailer = (unsigned)trailer;
	di->default_hz = hz;
	di->clock = hwpc_entry_attr(r, "clock");
	if (!strcmp(setname, "main")) {
		snprintf(di->name, sizeof di->name, "%s", r->words[2]);
		snprintf(di->base, sizeof di->base, "%s", r->words[2]);
		snprintf(di->space, sizeof di->space, "PCOUNTER");
	} else {
		char up[8];
		size_t k;
		for (k = 0; setname[k] && k + 1 < sizeof up; k++)
			up[k] = (char)toupper((unsigned char)setname[k]);
		up[k] = 0;
		snprintf(di->base, sizeof di->base, "%s.%u", setname, (unsigned)idx);
		if (nsets > 1)
			snprintf(di->name, sizeof di->name, "%s%u.%u", setname, inst, (unsigned)idx);
		else
			snprintf(di->name, sizeof di->name, "%s.%u", setname, (unsigned)idx);
		snprintf(di->space, sizeof di->space, "PCOUNTER.%s", up);
	}
	l->ndomains++;
	return 0;
}

int hwpc_pc_layout_load(const struct hwpc_regdb *db, const struct hwpc_chipset *chip, const char *profile,
			struct hwpc_pc_layout *l, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	memset(l, 0, sizeof *l);
	l->db = db;
	l->chip = chip;
	if (!profile) {
		int rc = hwpc_pc_profile_default(db, chip, l->profile, sizeof l->profile, err);
		if (rc)
			return rc;
	} else {
		snprintf(l->profile, sizeof l->profile, "%s", profile);
	}
	bool found = false;
	for (unsigned i = 0; i < hwpc_regdb_entry_count(db) && !found; i++) {
		const struct hwpc_regdb_entry *r = hwpc_regdb_entry_at(db, i);
		found = rec_valid(l, r, "profile") && r->nwords >= 1 && !strcasecmp(r->words[0], l->profile);
	}
	if (!found)
		return unknown_profile(l, l->profile, err);
	/* Domain sets in the order they first appear; GPC and partition sets
	 * repeat their domains once per GPC / partition. */
	const char *seen[HWPC_PC_MAX_SETS];
	unsigned nseen = 0;
	for (unsigned i = 0; i < hwpc_regdb_entry_count(db); i++) {
		const struct hwpc_regdb_entry *r = hwpc_regdb_entry_at(db, i);
		if (!rec_valid(l, r, "domain") || r->nwords < 1 || strcasecmp(r->words[0], l->profile))
			continue;
		const char *set = hwpc_entry_attr(r, "set");
		set = set ? set : "main";
		unsigned k;
		for (k = 0; k < nseen && strcmp(seen[k], set); k++)
			;
		if (k == nseen && nseen < HWPC_PC_MAX_SETS)
			seen[nseen++] = set;
	}
	for (unsigned k = 0; k < nseen; k++) {
		uint64_t nsets = 1;
		for (unsigned inst = 0; inst < nsets; inst++)
			for (unsigned i = 0; i < hwpc_regdb_entry_count(db); i++) {
				const struct hwpc_regdb_entry *r = hwpc_regdb_entry_at(db, i);
				const char *set = hwpc_entry_attr(r, "set");
				if (!rec_valid(l, r, "domain") || r->nwords < 1 ||
				    strcasecmp(r->words[0], l->profile) || strcmp(set ? set : "main", seen[k]))
					continue;
				if (set && (!num(hwpc_entry_attr(r, "sets"), &nsets) || nsets == 0 ||
					    nsets > HWPC_PC_MAX_SETS))
					return hwpc_err_set(err, HWPC_EINPUT, "%s:%u: bad sets=", r->file, r->line);
				int rc = add_domain(l, r, seen[k], inst, (unsigned)nsets, err);
				if (rc)
					return rc;
			}
	}
	if (!l->ndomains)
		return hwpc_err_set(err, HWPC_EINPUT, "profile '%s' has no domains for %s", l->profile,
				    chip->name);
	return 0;
}

int hwpc_pc_domain_find(const struct hwpc_pc_layout *l, const char *name, unsigned *dom, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	for (unsigned d = 0; d < l->ndomains; d++)
		if (!strcasecmp(l->dom[d].name, name)) {
			*dom = d;
			return 0;
		}
	uint64_t v;
	if (num(name, &v) && v < l->ndomains) {
		*dom = (unsigned)v;
		return 0;
	}
	/* as many whole names as the message holds, and how many more */
	char list[384], item[64];
	struct hwpc_textlist tl;
	hwpc_textlist_init(&tl, list, sizeof list);
	for (unsigned d = 0; d < l->ndomains; d++) {
		snprintf(item, sizeof item, "%u=%s", d, l->dom[d].name);
		hwpc_textlist_add(&tl, ", ", item);
	}
	return hwpc_err_set(err, HWPC_EINPUT, "no PCOUNTER domain '%.40s' on %s: it has %u (%s)", name,
			    l->chip->name, l->ndomains, hwpc_textlist_end(&tl));
}

int hwpc_pc_domains_pick(const struct hwpc_pc_layout *l, const char *const *names, unsigned n, unsigned *doms,
			 unsigned *ndoms, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	bool all = !n;
	for (unsigned i = 0; i < n; i++)
		all |= !strcasecmp(names[i], "all");
	*ndoms = 0;
	for (unsigned d = 0; d < l->ndomains && all; d++)
		doms[(*ndoms)++] = d;
	for (unsigned i = 0; i < n && !all; i++)
		if (hwpc_pc_domain_find(l, names[i], &doms[(*ndoms)++], err))
			return err->status;
	return 0;
}

bool hwpc_pc_reg_name(const struct hwpc_pc_layout *l, unsigned d, const char *reg, char *buf, size_t len)
{
	const struct hwpc_pc_domain *di = &l->dom[d];
	char name[96];
	snprintf(name, sizeof name, "%s.%s", di->space, reg);
	const struct hwpc_reg *r = hwpc_reg_find(l->db, l->chip, name, NULL);
	if (!r) {
		/* A shared register of the set may live in its own space
		 * (GF100's PCOUNTER.GPC_DSET.CTRL[gpc] for G84's GCTRL). */
		return false;
	}
	/* Space dims first (GPC/partition, then domain), then the register's. */
	size_t n = (size_t)snprintf(buf, len, "%s", r->name);
	unsigned sd = r->space->ndims;
	if (sd == 2)
		n += (size_t)snprintf(buf + n, n < len ? len - n : 0, "[%u][%u]", di->inst, di->local);
	else if (sd == 1)
		n += (size_t)snprintf(buf + n, n < len ? len - n : 0, "[%u]", di->local);
	else if (r->ndims >= 1 && !strcmp(r->dims[0].name, "dom"))
		n += (size_t)snprintf(buf + n, n < len ? len - n : 0, "[%u]", di->local);
	return n < len;
}

bool hwpc_pc_field(const struct hwpc_pc_layout *l, unsigned d, const char *reg, const char *field,
		   char *regname, size_t len, const struct hwpc_field **out)
{
	char dfield[48];
	if (!hwpc_pc_reg_name(l, d, reg, regname, len))
		return false;
	struct hwpc_regref ref;
	if (hwpc_regref_parse(l->db, l->chip, regname, &ref, NULL))
		return false;
	snprintf(dfield, sizeof dfield, "DOM%u_%s", l->dom[d].local, field);
	*out = hwpc_field_find(ref.reg, l->chip, dfield);
	if (!*out)
		*out = hwpc_field_find(ref.reg, l->chip, field);
	return *out != NULL;
}
