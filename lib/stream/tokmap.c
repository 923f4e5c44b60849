/* SPDX-License-Identifier: MIT */
/* Token map files (see hwpc/tokmap.h): parsed into an open-addressing hash
 * table, since tsdump looks a token up for every event. */
#include "core/err_local.h"
#include "hwpc/stream.h"
#include "hwpc/dev.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

struct hwpc_tokmap {
	struct hwpc_tok *toks;
	unsigned *lines; /* where each entry was defined */
	unsigned n, cap;
	int32_t *slots; /* index into toks, -1 empty; size mask + 1 */
	unsigned mask;
	unsigned npairs;
	char **pair_names;
};

static unsigned hash(uint32_t t)
{
	return (t * 2654435761u) >> 7;
}

const struct hwpc_tok *hwpc_tokmap_find(const struct hwpc_tokmap *m, uint32_t token)
{
	if (!m || !m->n)
		return NULL;
	for (unsigned i = hash(token) & m->mask;; i = (i + 1) & m->mask) {
		int32_t k = m->slots[i];
		if (k < 0)
			return NULL;
		if (m->toks[k].token == token)
			return &m->toks[k];
	}
}

unsigned hwpc_tokmap_pairs(const struct hwpc_tokmap *m)
{
	return m ? m->npairs : 0;
}

const char *hwpc_tokmap_pair_name(const struct hwpc_tokmap *m, unsigned i)
{
	return m && i < m->npairs ? m->pair_names[i] : NULL;
}

void hwpc_tokmap_free(struct hwpc_tokmap *m)
{
	if (!m)
		return;
	for (unsigned i = 0; i < m->n; i++)
		free((char *)m->toks[i].name);
	free(m->toks);
	free(m->lines);
	free(m->slots);
	free(m->pair_names); /* the names belong to toks */
	free(m);
}

static int rehash(struct hwpc_tokmap *m)
{
	unsigned size = 16;
	while (size < 2 * m->n + 2)
		size *= 2;
	int32_t *s = malloc(size * sizeof *s);
	if (!s)
		return -1;
	memset(s, 0xff, size * sizeof *s);
	free(m->slots);
	m->slots = s;
	m->mask = size - 1;
	for (unsigned k = 0; k < m->n; k++) {
		unsigned i = hash(m->toks[k].token) & m->mask;
		while (s[i] >= 0)
			i = (i + 1) & m->mask;
		s[i] = (int32_t)k;
	}
	return 0;
}

static int add(struct hwpc_tokmap *m, uint32_t token, const char *name, enum hwpc_tokmap_role role, unsigned line)
{
	if (m->n == m->cap) {
		unsigned cap = m->cap ? m->cap * 2 : 32;
		struct hwpc_tok *t = realloc(m->toks, cap * sizeof *t);
		if (!t)
			return -1;
		m->toks = t;
		unsigned *l = realloc(m->lines, cap * sizeof *l);
		if (!l)
			return -1;
		m->lines = l;
		m->cap = cap;
	}
	char *nm = strdup(name);
	if (!nm)
		return -1;
	m->toks[m->n] = (struct hwpc_tok){ .token = token, .role = role, .name = nm };
	m->lines[m->n] = line;
	m->n++;
	return 0;
}

/* Pair begins with ends by name; every one needs the other. */
static int pair_up(struct hwpc_tokmap *m, const char *file, struct hwpc_err *err)
{
	for (unsigned k = 0; k < m->n; k++) {
		struct hwpc_tok *t = &m->toks[k];
		if (t->role != HWPC_TOKMAP_BEGIN)
			continue;
		char **p = realloc(m->pair_names, (m->npairs + 1) * sizeof *p);
		if (!p)
			return hwpc_err_set(err, HWPC_EOP, "%s: out of memory", file);
		m->pair_names = p;
		p[m->npairs] = (char *)t->name;
		t->pair = m->npairs++;
		bool found = false;
		for (unsigned j = 0; j < m->n; j++) {
			struct hwpc_tok *e = &m->toks[j];
			if (j == k || strcmp(e->name, t->name))
				continue;
			if (e->role == HWPC_TOKMAP_BEGIN)
				return hwpc_err_set(err, HWPC_EINPUT, "%s:%u: '%s' begins twice (also on line %u)",
						    file, m->lines[j], t->name, m->lines[k]);
			if (e->role == HWPC_TOKMAP_END) {
				if (found)
					return hwpc_err_set(err, HWPC_EINPUT,
							    "%s:%u: '%s' ends twice (one end token per name)",
							    file, m->lines[j], t->name);
				e->pair = t->pair;
				found = true;
			}
		}
		if (!found)
			return hwpc_err_set(err, HWPC_EINPUT, "%s:%u: '%s' has a begin token but no end token",
					    file, m->lines[k], t->name);
	}
	for (unsigned k = 0; k < m->n; k++) {
		const struct hwpc_tok *t = &m->toks[k];
		if (t->role != HWPC_TOKMAP_END)
			continue;
		bool found = false;
		for (unsigned j = 0; j < m->n && !found; j++)
			found = m->toks[j].role == HWPC_TOKMAP_BEGIN && !strcmp(m->toks[j].name, t->name);
		if (!found)
			return hwpc_err_set(err, HWPC_EINPUT, "%s:%u: '%s' has an end token but no begin token",
					    file, m->lines[k], t->name);
	}
	return 0;
}

int hwpc_tokmap_load(FILE *fp, const char *file, struct hwpc_tokmap **out, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	struct hwpc_tokmap *m = calloc(1, sizeof *m);
	char line[512];
	unsigned ln = 0;
	int rc = 0;

	*out = NULL;
	if (!m)
		return hwpc_err_set(err, HWPC_EOP, "%s: out of memory", file);
	while (!rc && fgets(line, sizeof line, fp)) {
		ln++;
		size_t len = strlen(line);
		if (len == sizeof line - 1 && line[len - 1] != '\n' && !feof(fp)) {
			rc = hwpc_err_set(err, HWPC_EINPUT, "%s:%u: line too long", file, ln);
			break;
		}
		line[strcspn(line, "#")] = 0;
		char *w[4];
		int n = 0;
		for (char *s = strtok(line, " \t\r\n"); s && n < 4; s = strtok(NULL, " \t\r\n"))
			w[n++] = s;
		if (n == 0)
			continue;
		if (n < 2 || n > 3) {
			rc = hwpc_err_set(err, HWPC_EINPUT, "%s:%u: expected 'TOKEN NAME [begin|end]'", file, ln);
			break;
		}
		uint64_t tok;
		struct hwpc_err e2;
		if (hwpc_parse_u64(w[0], (1u << 29) - 1, "token", &tok, &e2)) {
			rc = hwpc_err_set(err, HWPC_EINPUT, "%s:%u: %s", file, ln, e2.msg);
			break;
		}
		if (strlen(w[1]) > 63) {
			rc = hwpc_err_set(err, HWPC_EINPUT, "%s:%u: name longer than 63 characters", file, ln);
			break;
		}
		enum hwpc_tokmap_role role = HWPC_TOKMAP_INSTANT;
		if (n == 3 && !strcmp(w[2], "begin"))
			role = HWPC_TOKMAP_BEGIN;
		else if (n == 3 && !strcmp(w[2], "end"))
			role = HWPC_TOKMAP_END;
		else if (n == 3) {
			rc = hwpc_err_set(err, HWPC_EINPUT, "%s:%u: unknown role '%s' (expected begin or end)",
					  file, ln, w[2]);
			break;
		}
		for (unsigned k = 0; k < m->n; k++)
			if (m->toks[k].token == tok) {
				rc = hwpc_err_set(err, HWPC_EINPUT, "%s:%u: token %llu already mapped on line %u",
						  file, ln, (unsigned long long)tok, m->lines[k]);
				break;
			}
		if (!rc && add(m, (uint32_t)tok, w[1], role, ln))
			rc = hwpc_err_set(err, HWPC_EOP, "%s: out of memory", file);
	}
	if (!rc && ferror(fp))
		rc = hwpc_err_set(err, HWPC_EOP, "%s: %s", file, strerror(errno));
	if (!rc)
		rc = pair_up(m, file, err);
	if (!rc && rehash(m))
		rc = hwpc_err_set(err, HWPC_EOP, "%s: out of memory", file);
	if (rc) {
		hwpc_tokmap_free(m);
		return rc;
	}
	*out = m;
	return 0;
}
