/* SPDX-License-Identifier: MIT */
/* Names for logic-op expressions of one PCOUNTER domain, from regdb:
 * signal records, trailer records, and where other names are valid. */
#include "core/err_local.h"
#include "core/strdist.h"
#include "pc/pc_names.h"

#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Strings are stored as offsets until the buffer stops moving. */
static long intern(struct hwpc_pc_names *n, const char *s)
{
	size_t len = strlen(s) + 1;
	if (n->slen + len > n->scap) {
		size_t cap = (n->scap + len) * 2;
		char *p = realloc(n->strings, cap);
		if (!p)
			return -1;
		n->strings = p;
		n->scap = cap;
	}
	memcpy(n->strings + n->slen, s, len);
	n->slen += len;
	return (long)(n->slen - len);
}

static int add(struct hwpc_pc_names *n, const char *name, enum hwpc_lop_symkind kind, unsigned signal,
	       const char *where)
{
	if (n->tab.nsyms == n->cap) {
		size_t cap = n->cap ? n->cap * 2 : 64;
		struct hwpc_lop_sym *p = realloc(n->syms, cap * sizeof *p);
		if (!p)
			return -1;
		n->syms = p;
		n->cap = cap;
	}
	long o = intern(n, name), w = where ? intern(n, where) : -1;
	if (o < 0 || (where && w < 0))
		return -1;
	struct hwpc_lop_sym *sym = &n->syms[n->tab.nsyms++];
	/* Offsets now, pointers once every string is in (see finish). */
	sym->name = (const char *)(intptr_t)o;
	sym->where = (const char *)(intptr_t)w;
	sym->kind = kind;
	sym->signal = signal;
	return 0;
}

static void finish(struct hwpc_pc_names *n)
{
	for (size_t i = 0; i < n->tab.nsyms; i++) {
		struct hwpc_lop_sym *s = &n->syms[i];
		s->name = n->strings + (intptr_t)s->name;
		s->where = (intptr_t)s->where < 0 ? NULL : n->strings + (intptr_t)s->where;
	}
	n->tab.syms = n->syms;
}

static bool num(const char *s, uint64_t *out)
{
	char *end;
	*out = strtoull(s, &end, 0);
	return *s && !*end;
}

void hwpc_pc_trailer_spell(const char *trailer, char *buf, size_t len)
{
	size_t k = 0;
	unsigned u;
	if (sscanf(trailer, "USER_%u", &u) == 1) {
		snprintf(buf, len, "user%u", u);
		return;
	}
	for (; trailer[k] && k + 1 < len; k++)
		buf[k] = (char)tolower((unsigned char)trailer[k]);
	buf[k] = 0;
}

int hwpc_pc_names_build(const struct hwpc_pc_layout *l, unsigned d, struct hwpc_pc_names *n, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	const struct hwpc_pc_domain *dom = &l->dom[d];
	memset(n, 0, sizeof *n);
	char buf[64], where[96];
	int rc = 0;

	/* This domain's signal names come first: the decompiler prints a
	 * signal's first name. */
	for (unsigned i = 0; i < hwpc_regdb_entry_count(l->db) && !rc; i++) {
		const struct hwpc_regdb_entry *r = hwpc_regdb_entry_at(l->db, i);
		uint64_t sig;
		if (strcmp(r->keyword, "signal") || r->nwords < 3 || !num(r->words[1], &sig))
			continue;
		bool here_chip = hwpc_gens_has(&r->gens, l->chip);
		if (here_chip && !strcasecmp(r->words[0], dom->base) && sig < dom->nsignals)
			rc = add(n, r->words[2], HWPC_LOP_SYM_SIGNAL, (unsigned)sig, NULL);
	}
	/* Trailers, at the domain's trailer base. */
	for (unsigned i = 0; i < hwpc_regdb_entry_count(l->db) && !rc; i++) {
		const struct hwpc_regdb_entry *r = hwpc_regdb_entry_at(l->db, i);
		uint64_t off;
		if (strcmp(r->keyword, "trailer") || r->nwords < 2 || !num(r->words[1], &off))
			continue;
		hwpc_pc_trailer_spell(r->words[0], buf, sizeof buf);
		if (hwpc_gens_has(&r->gens, l->chip) && dom->trailer + off < dom->nsignals) {
			rc = add(n, buf, HWPC_LOP_SYM_SIGNAL, (unsigned)(dom->trailer + off), NULL);
			/* "flag" is the domain's own flag, whatever its number. */
			unsigned x;
			char what[16];
			if (!rc && sscanf(r->words[0], "DOM%u.%15s", &x, what) == 2 && x == dom->local &&
			    !strcmp(what, "FLAG"))
				rc = add(n, "flag", HWPC_LOP_SYM_SIGNAL, (unsigned)(dom->trailer + off), NULL);
		}
	}
	/* Names valid elsewhere: other domains of this chip, then other
	 * chipsets (a name with records of both kinds is said to be in the
	 * other domain: that is where to look on this chip). */
	unsigned nrec = hwpc_regdb_entry_count(l->db);
	for (unsigned i = 0; i < 2 * nrec && !rc; i++) {
		const struct hwpc_regdb_entry *r = hwpc_regdb_entry_at(l->db, i % nrec);
		bool sigrec = !strcmp(r->keyword, "signal") && r->nwords >= 3;
		bool trailer = !strcmp(r->keyword, "trailer") && r->nwords >= 2;
		if ((!sigrec && !trailer) || (i < nrec) != hwpc_gens_has(&r->gens, l->chip))
			continue;
		const char *name = sigrec ? r->words[2] : (hwpc_pc_trailer_spell(r->words[0], buf, sizeof buf), buf);
		bool known = false;
		for (size_t k = 0; k < n->tab.nsyms && !known; k++)
			known = !strcasecmp(n->strings + (intptr_t)n->syms[k].name, name);
		if (known)
			continue;
		if (!hwpc_gens_has(&r->gens, l->chip)) {
			char g[64];
			hwpc_gens_format(l->db, &r->gens, g, sizeof g);
			snprintf(where, sizeof where, "only on %s", g);
		} else if (sigrec) {
			const char *other = r->words[0];
			for (unsigned k = 0; k < l->ndomains; k++)
				if (!strcasecmp(l->dom[k].base, r->words[0]))
					other = l->dom[k].name;
			snprintf(where, sizeof where, "only in domain %s", other);
		} else {
			snprintf(where, sizeof where, "not in domain %s (outside its %u signals)", dom->name,
				 dom->nsignals);
		}
		rc = add(n, name, HWPC_LOP_SYM_ELSEWHERE, 0, where);
	}
	if (rc) {
		hwpc_pc_names_free(n);
		return hwpc_err_set(err, HWPC_EOP, "out of memory");
	}
	finish(n);
	return 0;
}

void hwpc_pc_names_free(struct hwpc_pc_names *n)
{
	free(n->syms);
	free(n->strings);
	memset(n, 0, sizeof *n);
}

const char *hwpc_pc_signal_name(const struct hwpc_pc_names *n, unsigned signal)
{
	for (size_t i = 0; i < n->tab.nsyms; i++)
		if (n->syms[i].kind == HWPC_LOP_SYM_SIGNAL && n->syms[i].signal == signal)
			return n->syms[i].name;
	return NULL;
}

unsigned hwpc_pc_signal_aliases(const struct hwpc_pc_names *n, unsigned signal, const char *sep, char *buf,
				size_t len)
{
	const char *first = hwpc_pc_signal_name(n, signal);
	unsigned count = 0;
	size_t used = 0;
	buf[0] = 0;
	for (size_t i = 0; first && i < n->tab.nsyms; i++) {
		const struct hwpc_lop_sym *s = &n->syms[i];
		if (s->kind != HWPC_LOP_SYM_SIGNAL || s->signal != signal || !strcasecmp(s->name, first))
			continue;
		/* one name in two records (other chips, other sources): once */
		bool seen = false;
		for (size_t k = 0; k < i && !seen; k++)
			seen = n->syms[k].kind == HWPC_LOP_SYM_SIGNAL && n->syms[k].signal == signal &&
			       !strcasecmp(n->syms[k].name, s->name);
		if (seen)
			continue;
		int w = snprintf(buf + used, len - used, "%s%s", count ? sep : "", s->name);
		if (w < 0 || (size_t)w >= len - used) {
			buf[used] = 0; /* whole names only */
			break;
		}
		used += (size_t)w;
		count++;
	}
	return count;
}

/* Does text hold name as a word (the characters of a name around it)? */
static bool uses(const char *text, const char *name)
{
	size_t len = strlen(name);
	for (const char *p = text; len && (p = strcasestr(p, name)); p++) {
		bool start = p == text || !(isalnum((unsigned char)p[-1]) || p[-1] == '_' || p[-1] == '.');
		bool end = !(isalnum((unsigned char)p[len]) || p[len] == '_' || p[len] == '.');
		if (start && end)
			return true;
	}
	return false;
}

void hwpc_pc_syms_prefer(struct hwpc_lop_sym *syms, size_t n, const char *text)
{
	/* A stable partition, in place: n is a few hundred names. */
	size_t front = 0;
	for (size_t i = 0; text && i < n; i++) {
		if (syms[i].kind != HWPC_LOP_SYM_SIGNAL || !uses(text, syms[i].name))
			continue;
		struct hwpc_lop_sym s = syms[i];
		memmove(&syms[front + 1], &syms[front], (i - front) * sizeof s);
		syms[front++] = s;
	}
}

const char *hwpc_pc_names_near(const struct hwpc_pc_names *n, const char *typed)
{
	struct hwpc_near near;
	hwpc_near_init(&near, typed);
	for (size_t i = 0; i < n->tab.nsyms; i++)
		if (n->tab.syms[i].kind == HWPC_LOP_SYM_SIGNAL)
			hwpc_near_add(&near, n->tab.syms[i].name);
	return hwpc_near_best(&near);
}
