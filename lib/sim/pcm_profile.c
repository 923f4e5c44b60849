/* SPDX-License-Identifier: MIT */
/* Chipset profiles: which PCOUNTER domains the simulated chip has, their
 * clocks and signal layout, the trailer signals and the signal names.  All
 * of it is regdb data (pcounter-profiles.regdb, pcounter-signals*.regdb);
 * this file only reads the records. */
#include "core/strdist.h"
#include "pc/pc_cmd.h"
#include "hwpc/pc.h"
#include "pc/pc_names.h"
#include "sim/pcm.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static bool rec_valid(struct sim *s, const struct hwpc_regdb_entry *r, const char *kw)
{
	return !strcmp(r->keyword, kw) && hwpc_gens_has(&r->gens, s->dev.chip);
}

static bool word_num(const char *w, uint64_t *out)
{
	char *end;
	*out = strtoull(w, &end, 0);
	return *w && !*end;
}

int pc_profile_default(struct sim *s, char *buf, size_t len, struct hwpc_err *err)
{
	return hwpc_pc_profile_default(s->dev.db, s->dev.chip, buf, len, err);
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

static void wire_domain(struct sim *s, struct pc_priv *p, unsigned d)
{
	struct pc_domain_info *di = &p->dom[d];
	memset(di->wire, PC_W_GEN, sizeof di->wire);
	for (unsigned i = 0; i < hwpc_regdb_entry_count(s->dev.db); i++) {
		const struct hwpc_regdb_entry *r = hwpc_regdb_entry_at(s->dev.db, i);
		uint64_t off, num;
		uint8_t w, a;
		if (rec_valid(s, r, "trailer") && r->nwords >= 2 && word_num(r->words[1], &off) &&
		    di->trailer + off < di->nsignals && trailer_wire(r->words[0], di->local, &w, &a)) {
			di->wire[di->trailer + off] = w;
			di->warg[di->trailer + off] = a;
		}
		/* The cheap tests first: this runs for every record and domain. */
		if (r->keyword[0] != 's' || r->nattrs < 2 || r->nwords < 3 || !rec_valid(s, r, "signal"))
			continue;
		const char *src = hwpc_entry_attr(r, "src");
		if (src && !strcasecmp(r->words[0], di->base) &&
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
	/* The layout is library knowledge (pcsetup and pcread use it too);
	 * the simulator adds the wiring of trailers and special signals. */
	struct hwpc_pc_layout *l = malloc(sizeof *l);
	if (!l)
		return hwpc_err_set(err, HWPC_EOP, "out of memory");
	int rc = hwpc_pc_layout_load(s->dev.db, s->dev.chip, profile, l, err);
	if (rc) {
		free(l);
		return rc;
	}
	p->ndomains = l->ndomains;
	p->nsets = l->nsets;
	for (unsigned set = 0; set < PC_MAX_SETS; set++)
		for (unsigned k = 0; k < PC_SET_DOMAINS; k++)
			p->set_dom[set][k] = -1;
	for (unsigned d = 0; d < l->ndomains; d++) {
		const struct hwpc_pc_domain *src = &l->dom[d];
		struct pc_domain_info *di = &p->dom[d];
		memset(di, 0, sizeof *di);
		snprintf(di->name, sizeof di->name, "%s", src->name);
		snprintf(di->base, sizeof di->base, "%s", src->base);
		snprintf(di->setname, sizeof di->setname, "%s", src->setname);
		di->inst = src->inst;
		di->set = src->set;
		di->local = src->local;
		di->nsignals = src->nsignals;
		di->trailer = src->trailer;
		di->clock = src->clock;
		di->default_hz = src->default_hz;
		p->set_dom[src->set][src->local] = (int)d;
		wire_domain(s, p, d);
	}
	free(l);
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
	/* A trailer as expressions and pcread spell it ("dom5.flag"). */
	for (unsigned i = 0; i < hwpc_regdb_entry_count(s->dev.db); i++) {
		const struct hwpc_regdb_entry *r = hwpc_regdb_entry_at(s->dev.db, i);
		uint64_t off;
		if (rec_valid(s, r, "trailer") && r->nwords >= 2 && word_num(r->words[1], &off) &&
		    di->trailer + off == sig) {
			hwpc_pc_trailer_spell(r->words[0], buf, sizeof buf);
			return buf;
		}
	}
	for (unsigned i = 0; i < hwpc_regdb_entry_count(s->dev.db); i++) {
		const struct hwpc_regdb_entry *r = hwpc_regdb_entry_at(s->dev.db, i);
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
	char buf[32], spelt[32];
	for (unsigned sig = 0; sig < di->nsignals; sig++) {
		const char *w = wire_name(di, sig, buf, sizeof buf);
		/* regdb's spelling ("DOM5.FLAG", "USER_0") or pcread's ("dom5.flag", "user0") */
		if (w)
			hwpc_pc_trailer_spell(w, spelt, sizeof spelt);
		if (w && (!strcasecmp(w, name) || !strcasecmp(spelt, name)))
			return (int)sig;
		/* "flag" is the domain's own flag, as in expressions */
		if (di->wire[sig] == PC_W_FLAG && di->warg[sig] == di->local && !strcasecmp(name, "flag"))
			return (int)sig;
	}
	for (unsigned i = 0; i < hwpc_regdb_entry_count(s->dev.db); i++) {
		const struct hwpc_regdb_entry *r = hwpc_regdb_entry_at(s->dev.db, i);
		uint64_t num;
		if (rec_valid(s, r, "signal") && r->nwords >= 3 && !strcasecmp(r->words[0], di->base) &&
		    !strcasecmp(r->words[2], name) && word_num(r->words[1], &num) && num < di->nsignals)
			return (int)num;
	}
	return -1;
}

const char *pc_signal_near(struct sim *s, const struct pc_priv *p, unsigned dom, const char *name)
{
	static char spelt[PC_MAX_SIGNALS][16]; /* single-threaded tool use, as pc_signal_name */
	const struct pc_domain_info *di = &p->dom[dom];
	struct hwpc_near near;
	char buf[32];
	hwpc_near_init(&near, name);
	for (unsigned sig = 0; sig < di->nsignals && sig < PC_MAX_SIGNALS; sig++) {
		const char *w = wire_name(di, sig, buf, sizeof buf);
		if (w) {
			hwpc_pc_trailer_spell(w, spelt[sig], sizeof spelt[sig]);
			hwpc_near_add(&near, spelt[sig]);
		}
		if (di->wire[sig] == PC_W_FLAG && di->warg[sig] == di->local)
			hwpc_near_add(&near, "flag");
	}
	for (unsigned i = 0; i < hwpc_regdb_entry_count(s->dev.db); i++) {
		const struct hwpc_regdb_entry *r = hwpc_regdb_entry_at(s->dev.db, i);
		uint64_t num;
		if (rec_valid(s, r, "signal") && r->nwords >= 3 && !strcasecmp(r->words[0], di->base) &&
		    word_num(r->words[1], &num) && num < di->nsignals)
			hwpc_near_add(&near, r->words[2]);
	}
	return hwpc_near_best(&near);
}

void pc_init_generators(struct sim *s, struct pc_state *st, const struct pc_priv *p)
{
	for (unsigned d = 0; d < p->ndomains; d++) {
		memset(st->gen[d], 0, sizeof st->gen[d]); /* constant 0 */
		for (unsigned i = 0; i < hwpc_regdb_entry_count(s->dev.db); i++) {
			const struct hwpc_regdb_entry *r = hwpc_regdb_entry_at(s->dev.db, i);
			const char *src = hwpc_entry_attr(r, "src");
			uint64_t num;
			/* PTIMER_TIME_B12 is bit 12 of the PTIMER counter at its
			 * documented signal number. */
			if (src && !strcmp(src, "PTIMER_B12") && rec_valid(s, r, "signal") && r->nwords >= 3 &&
			    !strcasecmp(r->words[0], p->dom[d].base) && word_num(r->words[1], &num) &&
			    num < p->dom[d].nsignals) {
				st->gen[d][num].kind = PC_GEN_PTIMER;
				st->gen[d][num].bit = 12;
			}
		}
	}
}

/* How many instances ("gpc", "part") of a domain set the simulated
 * profile has: what the chip's unit count registers report (punits.c). */
unsigned pc_set_instances(struct sim *s, const char *setname)
{
	void *priv;
	if (!sim_model_state(s, SIM_MODEL_PCOUNTER, &priv))
		return 0;
	const struct pc_priv *p = priv;
	unsigned n = 0;
	for (unsigned d = 0; d < p->ndomains; d++)
		if (!strcmp(p->dom[d].setname, setname) && p->dom[d].inst + 1 > n)
			n = p->dom[d].inst + 1;
	return n;
}
