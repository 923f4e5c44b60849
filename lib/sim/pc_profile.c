/* Chipset profiles: which PCOUNTER domains the simulated chip has, their
 * clocks and signal layout, the trailer signals and the signal names.  All
 * of it is regdb data (pcounter-profiles.regdb, pcounter-signals*.regdb);
 * this file only reads the records. */
#include "pc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static bool rec_valid(struct sim *s, const struct hwpc_record *r, const char *kw)
{
	return !strcmp(r->keyword, kw) && hwpc_gens_has(&r->gens, s->dev.chip);
}

static bool rec_num(const struct hwpc_record *r, const char *key, uint64_t *out)
{
	const char *v = hwpc_record_attr(r, key);
	char *end;
	if (!v)
		return false;
	*out = strtoull(v, &end, 0);
	return *v && !*end;
}

static bool word_num(const char *w, uint64_t *out)
{
	char *end;
	*out = strtoull(w, &end, 0);
	return *w && !*end;
}

int pc_profile_default(struct sim *s, char *buf, size_t len, struct hwpc_err *err)
{
	const char *first = NULL;
	for (unsigned i = 0; i < hwpc_regdb_record_count(s->dev.db); i++) {
		const struct hwpc_record *r = hwpc_regdb_record(s->dev.db, i);
		if (!rec_valid(s, r, "profile") || r->nwords < 1)
			continue;
		const char *def = hwpc_record_attr(r, "default");
		if (def && !strcmp(def, "yes")) {
			snprintf(buf, len, "%s", r->words[0]);
			return 0;
		}
		if (!first)
			first = r->words[0];
	}
	if (!first)
		return hwpc_err_set(err, HWPC_EINPUT, "regdb has no PCOUNTER profile for %s", s->dev.chip->name);
	snprintf(buf, len, "%s", first);
	return 0;
}

static int unknown_profile(struct sim *s, const char *name, struct hwpc_err *err)
{
	char list[256] = "";
	size_t used = 0;
	for (unsigned i = 0; i < hwpc_regdb_record_count(s->dev.db); i++) {
		const struct hwpc_record *r = hwpc_regdb_record(s->dev.db, i);
		if (rec_valid(s, r, "profile") && r->nwords >= 1)
			used += (size_t)snprintf(list + used, used < sizeof list ? sizeof list - used : 0, "%s%s",
						 used ? ", " : "", r->words[0]);
	}
	return hwpc_err_set(err, HWPC_EINPUT, "unknown profile '%s' for %s (expected one of: %s)", name,
			    s->dev.chip->name, *list ? list : "none");
}

/* What a trailer name (regdb "trailer" records) is wired to. */
static bool trailer_wire(const char *name, unsigned own, uint8_t *wire, uint8_t *arg)
{
	unsigned x;
	char what[16];
	*arg = 0;
	if (!strcmp(name, "FLAG")) {
		*wire = PC_W_FLAG, *arg = (uint8_t)own;
	} else if (sscanf(name, "DOM%u.%15s", &x, what) == 2 && x < PC_SET_DOMAINS) {
		*arg = (uint8_t)x;
		if (!strcmp(what, "FLAG"))
			*wire = PC_W_FLAG;
		else if (!strcmp(what, "EVENT"))
			*wire = PC_W_EVENT;
		else
			return false;
	} else if (!strcmp(name, "ZERO")) {
		*wire = PC_W_ZERO;
	} else if (!strcmp(name, "PM_TRIGGER")) {
		*wire = PC_W_PM_TRIGGER;
	} else if (!strcmp(name, "WRCACHE_FLUSH")) {
		*wire = PC_W_WRCACHE;
	} else if (!strcmp(name, "PERIODIC")) {
		*wire = PC_W_PERIODIC;
	} else if (!strcmp(name, "PAUSED")) {
		*wire = PC_W_PAUSED;
	} else if (sscanf(name, "USER_%u", &x) == 1 && x < 4) {
		*wire = PC_W_USER, *arg = (uint8_t)x;
	} else {
		return false;
	}
	return true;
}

static int find_set(struct pc_priv *p, const char *setname, unsigned inst)
{
	for (unsigned d = 0; d < p->ndomains; d++)
		if (!strcmp(p->dom[d].setname, setname) && p->dom[d].inst == inst)
			return (int)p->dom[d].set;
	return -1;
}

static int add_domain(struct sim *s, struct pc_priv *p, const struct hwpc_record *r, const char *setname,
		      unsigned inst, unsigned nsets, struct hwpc_err *err)
{
	uint64_t idx, nsig, trailer, hz;
	if (r->nwords < 3 || !word_num(r->words[1], &idx) || idx >= PC_SET_DOMAINS ||
	    !rec_num(r, "signals", &nsig) || nsig > PC_MAX_SIGNALS || !rec_num(r, "trailer", &trailer) ||
	    !rec_num(r, "hz", &hz) || hz == 0)
		return hwpc_err_set(err, HWPC_EINPUT, "%s:%u: bad domain record (expected 'domain PROFILE "
				    "INDEX NAME signals=N trailer=N hz=N')", r->file, r->line);
	if (p->ndomains >= PC_MAX_DOMAINS)
		return hwpc_err_set(err, HWPC_EINPUT, "%s:%u: more than %d PCOUNTER domains", r->file, r->line,
				    PC_MAX_DOMAINS);
	int set = find_set(p, setname, inst);
	if (set < 0) {
		if (p->nsets >= PC_MAX_SETS)
			return hwpc_err_set(err, HWPC_EINPUT, "%s:%u: more than %d domain sets", r->file,
					    r->line, PC_MAX_SETS);
		set = (int)p->nsets++;
		for (unsigned k = 0; k < PC_SET_DOMAINS; k++)
			p->set_dom[set][k] = -1;
	}
	if (p->set_dom[set][idx] >= 0)
		return hwpc_err_set(err, HWPC_EINPUT, "%s:%u: domain %u given twice", r->file, r->line,
				    (unsigned)idx);
	struct pc_domain_info *di = &p->dom[p->ndomains];
	memset(di, 0, sizeof *di);
	snprintf(di->setname, sizeof di->setname, "%s", setname);
	di->inst = inst;
	di->set = (unsigned)set;
	di->local = (unsigned)idx;
	di->nsignals = (unsigned)nsig;
	di->trailer = (unsigned)trailer;
	di->default_hz = hz;
	di->clock = hwpc_record_attr(r, "clock");
	if (!strcmp(setname, "main")) {
		snprintf(di->name, sizeof di->name, "%s", r->words[2]);
		snprintf(di->base, sizeof di->base, "%s", r->words[2]);
	} else {
		snprintf(di->base, sizeof di->base, "%s.%u", setname, (unsigned)idx);
		if (nsets > 1)
			snprintf(di->name, sizeof di->name, "%s%u.%u", setname, inst, (unsigned)idx);
		else
			snprintf(di->name, sizeof di->name, "%s.%u", setname, (unsigned)idx);
	}
	p->set_dom[set][idx] = (int)p->ndomains++;
	return 0;
}

static void wire_domain(struct sim *s, struct pc_priv *p, unsigned d)
{
	struct pc_domain_info *di = &p->dom[d];
	memset(di->wire, PC_W_GEN, sizeof di->wire);
	for (unsigned i = 0; i < hwpc_regdb_record_count(s->dev.db); i++) {
		const struct hwpc_record *r = hwpc_regdb_record(s->dev.db, i);
		uint64_t off, num;
		uint8_t w, a;
		if (rec_valid(s, r, "trailer") && r->nwords >= 2 && word_num(r->words[1], &off) &&
		    di->trailer + off < di->nsignals && trailer_wire(r->words[0], di->local, &w, &a)) {
			di->wire[di->trailer + off] = w;
			di->warg[di->trailer + off] = a;
		}
		const char *src = hwpc_record_attr(r, "src");
		if (src && rec_valid(s, r, "signal") && r->nwords >= 3 && !strcasecmp(r->words[0], di->base) &&
		    word_num(r->words[1], &num) && num < di->nsignals) {
			if (!strcmp(src, "PM_TRIGGER"))
				di->wire[num] = PC_W_PM_TRIGGER;
			else if (!strncmp(src, "USER_", 5) && trailer_wire(src, 0, &w, &a))
				di->wire[num] = PC_W_USER, di->warg[num] = a;
		}
	}
}

int pc_profile_load(struct sim *s, const char *profile, struct pc_priv *p, struct hwpc_err *err)
{
	bool found = false;
	const struct hwpc_regdb *db = s->dev.db;
	for (unsigned i = 0; i < hwpc_regdb_record_count(db) && !found; i++) {
		const struct hwpc_record *r = hwpc_regdb_record(db, i);
		found = rec_valid(s, r, "profile") && r->nwords >= 1 && !strcasecmp(r->words[0], profile);
	}
	if (!found)
		return unknown_profile(s, profile, err);
	p->ndomains = p->nsets = 0;
	/* Domain sets in the order they first appear; GPC and partition sets
	 * repeat their domains once per GPC / partition. */
	const char *seen[PC_MAX_SETS];
	unsigned nseen = 0;
	for (unsigned i = 0; i < hwpc_regdb_record_count(db); i++) {
		const struct hwpc_record *r = hwpc_regdb_record(db, i);
		if (!rec_valid(s, r, "domain") || r->nwords < 1 || strcasecmp(r->words[0], profile))
			continue;
		const char *set = hwpc_record_attr(r, "set");
		set = set ? set : "main";
		unsigned k;
		for (k = 0; k < nseen && strcmp(seen[k], set); k++)
			;
		if (k == nseen && nseen < PC_MAX_SETS)
			seen[nseen++] = set;
	}
	for (unsigned k = 0; k < nseen; k++) {
		uint64_t nsets = 1;
		for (unsigned inst = 0; inst < nsets; inst++)
			for (unsigned i = 0; i < hwpc_regdb_record_count(db); i++) {
				const struct hwpc_record *r = hwpc_regdb_record(db, i);
				const char *set = hwpc_record_attr(r, "set");
				if (!rec_valid(s, r, "domain") || r->nwords < 1 || strcasecmp(r->words[0], profile) ||
				    strcmp(set ? set : "main", seen[k]))
					continue;
				if (set && (!rec_num(r, "sets", &nsets) || nsets == 0 || nsets > PC_MAX_SETS))
					return hwpc_err_set(err, HWPC_EINPUT, "%s:%u: bad sets=", r->file, r->line);
				if (add_domain(s, p, r, seen[k], inst, (unsigned)nsets, err))
					return err->status;
			}
	}
	if (!p->ndomains)
		return hwpc_err_set(err, HWPC_EINPUT, "profile '%s' has no domains for %s", profile,
				    s->dev.chip->name);
	for (unsigned d = 0; d < p->ndomains; d++)
		wire_domain(s, p, d);
	return 0;
}

/* Trailer names, as pcsim and show print them. */
static const char *wire_name(const struct pc_domain_info *di, unsigned sig, char *buf, size_t len)
{
	unsigned a = di->warg[sig];
	switch (di->wire[sig]) {
	case PC_W_ZERO: return "ZERO";
	case PC_W_FLAG: snprintf(buf, len, "DOM%u.FLAG", a); return buf;
	case PC_W_EVENT: snprintf(buf, len, "DOM%u.EVENT", a); return buf;
	case PC_W_PM_TRIGGER: return "PM_TRIGGER";
	case PC_W_WRCACHE: return "WRCACHE_FLUSH";
	case PC_W_PERIODIC: return "PERIODIC";
	case PC_W_USER: snprintf(buf, len, "USER_%u", a); return buf;
	case PC_W_PAUSED: return "PAUSED";
	default: return NULL;
	}
}

const char *pc_signal_name(struct sim *s, const struct pc_priv *p, unsigned dom, unsigned sig)
{
	static char buf[32]; /* single-threaded tool use: names are printed at once */
	const struct pc_domain_info *di = &p->dom[dom];
	const char *w = wire_name(di, sig, buf, sizeof buf);
	if (w)
		return w;
	for (unsigned i = 0; i < hwpc_regdb_record_count(s->dev.db); i++) {
		const struct hwpc_record *r = hwpc_regdb_record(s->dev.db, i);
		uint64_t num;
		if (rec_valid(s, r, "signal") && r->nwords >= 3 && !strcasecmp(r->words[0], di->base) &&
		    word_num(r->words[1], &num) && num == sig)
			return r->words[2];
	}
	return NULL;
}

int pc_signal_by_name(struct sim *s, const struct pc_priv *p, unsigned dom, const char *name)
{
	const struct pc_domain_info *di = &p->dom[dom];
	char buf[32];
	for (unsigned sig = 0; sig < di->nsignals; sig++) {
		const char *w = wire_name(di, sig, buf, sizeof buf);
		if (w && !strcasecmp(w, name))
			return (int)sig;
	}
	for (unsigned i = 0; i < hwpc_regdb_record_count(s->dev.db); i++) {
		const struct hwpc_record *r = hwpc_regdb_record(s->dev.db, i);
		uint64_t num;
		if (rec_valid(s, r, "signal") && r->nwords >= 3 && !strcasecmp(r->words[0], di->base) &&
		    !strcasecmp(r->words[2], name) && word_num(r->words[1], &num) && num < di->nsignals)
			return (int)num;
	}
	return -1;
}

void pc_init_generators(struct sim *s, struct pc_state *st, const struct pc_priv *p)
{
	for (unsigned d = 0; d < p->ndomains; d++) {
		memset(st->dom[d].gen, 0, sizeof st->dom[d].gen); /* constant 0 */
		for (unsigned i = 0; i < hwpc_regdb_record_count(s->dev.db); i++) {
			const struct hwpc_record *r = hwpc_regdb_record(s->dev.db, i);
			const char *src = hwpc_record_attr(r, "src");
			uint64_t num;
			/* PTIMER_TIME_B12 is bit 12 of the PTIMER counter at its
			 * documented signal number. */
			if (src && !strcmp(src, "PTIMER_B12") && rec_valid(s, r, "signal") && r->nwords >= 3 &&
			    !strcasecmp(r->words[0], p->dom[d].base) && word_num(r->words[1], &num) &&
			    num < p->dom[d].nsignals) {
				st->dom[d].gen[num].kind = PC_GEN_PTIMER;
				st->dom[d].gen[num].bit = 12;
			}
		}
	}
}
