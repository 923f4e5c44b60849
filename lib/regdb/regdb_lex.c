/* SPDX-License-Identifier: MIT */
/* Line tokenizer for the regdb text format (hwpc-regdb(5)). */
#include "regdb/regdb_lex.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* Blank as the format defines it; a plain test, not a locale table lookup
 * per character (start-up parses every line of the database). */
static inline int blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

int regdb_parse_u64(const char *s, unsigned long long *out)
{
	char *end;

	if (!s || !*s || *s == '-' || *s == '+' || isspace((unsigned char)*s))
		return 0;
	errno = 0;
	*out = strtoull(s, &end, 0);
	return errno == 0 && *end == 0;
}

/* Read a quoted string starting at text[*pos] == '"'; unescape \" and \\. */
static const char *lex_quoted(struct arena *a, const char *text, size_t len, size_t *pos,
			      struct hwpc_err *err)
{
	char *buf = arena_alloc(a, len + 1);
	size_t n = 0, i = *pos + 1;

	if (!buf) {
		hwpc_err_set(err, HWPC_EOP, "out of memory");
		return NULL;
	}
	for (; i < len && text[i] != '"'; i++) {
		if (text[i] == '\\' && i + 1 < len && (text[i + 1] == '"' || text[i + 1] == '\\'))
			i++;
		buf[n++] = text[i];
	}
	if (i >= len) {
		hwpc_err_set(err, HWPC_EINPUT, "unterminated string (expected a closing '\"')");
		return NULL;
	}
	buf[n] = 0;
	*pos = i + 1;
	return buf;
}

int regdb_lex_line(struct arena *a, const char *text, size_t len, struct regdb_line *out,
		   struct hwpc_err *err)
{
	size_t i = 0;

	out->nwords = out->nattrs = 0;
	while (i < len) {
		while (i < len && blank(text[i]))
			i++;
		if (i >= len || text[i] == '#')
			break;
		if (out->nwords + out->nattrs >= REGDB_MAX_TOKENS)
			return hwpc_err_set(err, HWPC_EINPUT, "too many words on one line (at most %d)",
					    REGDB_MAX_TOKENS);

		const char *tok;
		if (text[i] == '"') {
			tok = lex_quoted(a, text, len, &i, err);
			if (!tok)
				return err ? err->status : HWPC_EINPUT;
			out->words[out->nwords++] = tok;
			continue;
		}
		size_t start = i, eq = 0;
		while (i < len && !blank(text[i]) && text[i] != '#') {
			if (text[i] == '=' && !eq && i > start) {
				eq = i;
				if (i + 1 < len && text[i + 1] == '"')
					break;
			}
			i++;
		}
		if (!eq) {
			tok = arena_strndup(a, text + start, i - start);
			if (!tok)
				return hwpc_err_set(err, HWPC_EOP, "out of memory");
			out->words[out->nwords++] = tok;
			continue;
		}
		const char *key = arena_strndup(a, text + start, eq - start);
		const char *val;
		if (i < len && text[i] == '=' && i + 1 < len && text[i + 1] == '"') {
			i++;
			val = lex_quoted(a, text, len, &i, err);
			if (!val)
				return err ? err->status : HWPC_EINPUT;
		} else {
			val = arena_strndup(a, text + eq + 1, i - eq - 1);
		}
		if (!key || !val)
			return hwpc_err_set(err, HWPC_EOP, "out of memory");
		for (unsigned k = 0; k < out->nattrs; k++)
			if (!strcmp(out->keys[k], key))
				return hwpc_err_set(err, HWPC_EINPUT, "attribute '%s' given twice", key);
		out->keys[out->nattrs] = key;
		out->values[out->nattrs++] = val;
	}
	return HWPC_OK;
}
