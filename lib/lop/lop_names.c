/* SPDX-License-Identifier: MIT */
/* Names in logic-op expressions: the caller's symbol table (one domain of
 * one chipset), the words of the language, and "did you mean" suggestions. */
#include "lop/lop_internal.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "core/strdist.h"

enum { MAX_SUGGEST = 3, NAME_MAX_LEN = 63 };

static const char *const keywords[] = {
	"not", "and", "or", "xor", "true", "false", "prev", "rise", "fall", "edge", "setflag",
};

static bool eq_ci(const char *name, const char *s, size_t len)
{
	return strlen(name) == len && strncasecmp(name, s, len) == 0;
}

bool lop_is_keyword(const char *s, size_t len)
{
	for (size_t i = 0; i < sizeof keywords / sizeof keywords[0]; i++)
		if (eq_ci(keywords[i], s, len))
			return true;
	return false;
}

const struct hwpc_lop_sym *lop_lookup(const struct hwpc_lop_symtab *syms, const char *s,
				      size_t len)
{
	const struct hwpc_lop_sym *elsewhere = NULL;

	if (!syms)
		return NULL;
	for (size_t i = 0; i < syms->nsyms; i++) {
		const struct hwpc_lop_sym *sym = &syms->syms[i];
		if (!sym->name || !eq_ci(sym->name, s, len))
			continue;
		/* A name usable here beats the same name listed as valid
		 * elsewhere, whatever the order of the table. */
		if (sym->kind != HWPC_LOP_SYM_ELSEWHERE)
			return sym;
		if (!elsewhere)
			elsewhere = sym;
	}
	return elsewhere;
}

/* Would the parser read name back as itself? */
static bool printable_name(const struct hwpc_lop_symtab *syms, const struct hwpc_lop_sym *sym)
{
	const char *n = sym->name;
	size_t len = strlen(n);

	if (!len || !(isalpha((unsigned char)n[0]) || n[0] == '_') || lop_is_keyword(n, len))
		return false;
	for (size_t i = 1; i < len; i++)
		if (!isalnum((unsigned char)n[i]) && n[i] != '_' && n[i] != '.')
			return false;
	return lop_lookup(syms, n, len) == sym;
}

const char *lop_signal_name(const struct hwpc_lop_symtab *syms, unsigned signal)
{
	if (!syms)
		return NULL;
	for (size_t i = 0; i < syms->nsyms; i++) {
		const struct hwpc_lop_sym *sym = &syms->syms[i];
		if (sym->kind == HWPC_LOP_SYM_SIGNAL && sym->signal == signal && sym->name &&
		    printable_name(syms, sym))
			return sym->name;
	}
	return NULL;
}

static bool contains_ci(const char *hay, const char *needle)
{
	size_t n = strlen(needle);

	for (; *hay; hay++)
		if (strncasecmp(hay, needle, n) == 0)
			return true;
	return false;
}

struct candidates {
	unsigned n;
	unsigned dist[MAX_SUGGEST];
	const char *name[MAX_SUGGEST];
	const char *where[MAX_SUGGEST]; /* names valid elsewhere: where */
};

/* Keep the MAX_SUGGEST closest names, earlier ones first on a tie. */
static void consider(struct candidates *c, const char *typed, const char *name, const char *where)
{
	size_t tlen = strlen(typed);
	unsigned limit = tlen <= 4 ? 1 : tlen <= 8 ? 2 : 3;
	unsigned d = hwpc_strdist_ci(typed, name);
	unsigned at;

	/* A fragment of a long name ("gr_idle" for "pc01_gr_idle") is a
	 * good guess even though its edit distance is large. */
	if (d > limit && tlen >= 3 && contains_ci(name, typed))
		d = limit;
	if (d > limit)
		return;
	for (unsigned i = 0; i < c->n; i++)
		if (strcasecmp(c->name[i], name) == 0)
			return;
	for (at = c->n; at > 0 && c->dist[at - 1] > d; at--)
		;
	if (at >= MAX_SUGGEST)
		return;
	if (c->n < MAX_SUGGEST)
		c->n++;
	memmove(&c->dist[at + 1], &c->dist[at], (c->n - 1 - at) * sizeof c->dist[0]);
	memmove(&c->name[at + 1], &c->name[at], (c->n - 1 - at) * sizeof c->name[0]);
	memmove(&c->where[at + 1], &c->where[at], (c->n - 1 - at) * sizeof c->where[0]);
	c->dist[at] = d;
	c->name[at] = name;
	c->where[at] = where;
}

void lop_suggest(const struct hwpc_lop_symtab *syms, const char *s, size_t len, char *buf,
		 size_t size)
{
	char typed[NAME_MAX_LEN + 1];
	struct candidates c = {0};
	size_t used = 0;

	snprintf(typed, sizeof typed, "%.*s", (int)(len < NAME_MAX_LEN ? len : NAME_MAX_LEN), s);
	for (size_t i = 0; syms && i < syms->nsyms; i++)
		if (syms->syms[i].name && syms->syms[i].kind != HWPC_LOP_SYM_ELSEWHERE)
			consider(&c, typed, syms->syms[i].name, NULL);
	for (size_t i = 0; i < sizeof keywords / sizeof keywords[0]; i++)
		consider(&c, typed, keywords[i], NULL);
	/* Nothing close here: a name valid elsewhere (another domain, other
	 * chips), said with where, so that a typo of it is not a dead end. */
	bool here = c.n > 0;
	for (size_t i = 0; !here && syms && i < syms->nsyms; i++)
		if (syms->syms[i].name && syms->syms[i].kind == HWPC_LOP_SYM_ELSEWHERE)
			consider(&c, typed, syms->syms[i].name, syms->syms[i].where);
	buf[0] = 0;
	for (unsigned i = 0; i < c.n; i++) {
		lop_append(buf, size, &used, "%s%s", i ? ", " : " (did you mean ", c.name[i]);
		if (c.where[i])
			lop_append(buf, size, &used, " [%s]", c.where[i]);
	}
	if (c.n)
		lop_append(buf, size, &used, "?)");
}
