/* SPDX-License-Identifier: MIT */
/* A small recursive-descent JSON reader (see json_read.h).  Depth is
 * bounded so that a hostile file cannot exhaust the stack. */
#include "output/json_read.h"
#include "hwpc/error.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define JSON_MAX_DEPTH 32

struct jp {
	const char *s;
	unsigned line;
	char *msg;
	size_t msglen;
	bool failed;
};

static void fail(struct jp *p, const char *fmt, ...) HWPC_PRINTF(2, 3);
static void fail(struct jp *p, const char *fmt, ...)
{
	va_list ap;
	if (p->failed)
		return;
	p->failed = true;
	int k = snprintf(p->msg, p->msglen, "line %u: ", p->line);
	va_start(ap, fmt);
	if (k >= 0 && (size_t)k < p->msglen)
		vsnprintf(p->msg + k, p->msglen - (size_t)k, fmt, ap);
	va_end(ap);
}

static void skip_ws(struct jp *p)
{
	for (;; p->s++) {
		if (*p->s == '\n')
			p->line++;
		else if (*p->s != ' ' && *p->s != '\t' && *p->s != '\r')
			return;
	}
}

static void expected(struct jp *p, const char *what)
{
	if (*p->s)
		fail(p, "expected %s, found '%c'", what, *p->s);
	else
		fail(p, "expected %s, found end of file", what);
}

static char *parse_string(struct jp *p)
{
	size_t cap = 16, n = 0;
	char *buf = malloc(cap);
	p->s++; /* the opening quote */
	while (buf && *p->s != '"') {
		char c = *p->s++;
		if (!c || c == '\n') {
			fail(p, "unterminated string");
			break;
		}
		if ((unsigned char)c < 0x20) {
			fail(p, "control character in a string");
			break;
		}
		if (c == '\\') {
			char e = *p->s++;
			const char *from = "\"\\/bfnrt", *to = "\"\\/\b\f\n\r\t";
			const char *k = e ? strchr(from, e) : NULL;
			if (k)
				c = to[k - from];
			else if (e == 'u') {
				unsigned v;
				if (sscanf(p->s, "%4x", &v) != 1 || strspn(p->s, "0123456789abcdefABCDEF") < 4) {
					fail(p, "bad \\u escape");
					break;
				}
				p->s += 4;
				/* Only ASCII is ever written; anything else is kept visible. */
				c = v < 0x80 && v >= 0x20 ? (char)v : '?';
			} else {
				fail(p, "bad escape '\\%c'", e ? e : ' ');
				break;
			}
		}
		if (n + 2 > cap) {
			char *nb = realloc(buf, cap *= 2);
			if (!nb) {
				free(buf);
				buf = NULL;
				break;
			}
			buf = nb;
		}
		buf[n++] = c;
	}
	if (!buf) {
		fail(p, "out of memory");
		return NULL;
	}
	if (p->failed) {
		free(buf);
		return NULL;
	}
	p->s++; /* the closing quote */
	buf[n] = 0;
	return buf;
}

static bool parse_value(struct jp *p, struct json *j, unsigned depth);

static bool push(struct jp *p, struct json *j, size_t *cap)
{
	if (j->nkids == *cap) {
		size_t nc = *cap ? *cap * 2 : 8;
		struct json *nk = realloc(j->kids, nc * sizeof *nk);
		if (!nk) {
			fail(p, "out of memory");
			return false;
		}
		j->kids = nk;
		*cap = nc;
	}
	memset(&j->kids[j->nkids++], 0, sizeof *j->kids);
	return true;
}

static bool parse_container(struct jp *p, struct json *j, unsigned depth)
{
	bool obj = *p->s == '{';
	char close = obj ? '}' : ']';
	size_t cap = 0;
	j->kind = obj ? JSON_OBJ : JSON_ARR;
	p->s++;
	skip_ws(p);
	if (*p->s == close) {
		p->s++;
		return true;
	}
	for (;;) {
		skip_ws(p);
		if (!push(p, j, &cap))
			return false;
		struct json *k = &j->kids[j->nkids - 1];
		if (obj) {
			if (*p->s != '"') {
				expected(p, "a member name in quotes");
				return false;
			}
			if (!(k->key = parse_string(p)))
				return false;
			skip_ws(p);
			if (*p->s != ':') {
				expected(p, "':'");
				return false;
			}
			p->s++;
			skip_ws(p);
		}
		if (!parse_value(p, k, depth + 1))
			return false;
		skip_ws(p);
		if (*p->s == close) {
			p->s++;
			return true;
		}
		if (*p->s != ',') {
			expected(p, obj ? "',' or '}'" : "',' or ']'");
			return false;
		}
		p->s++;
	}
}

static bool parse_value(struct jp *p, struct json *j, unsigned depth)
{
	skip_ws(p);
	j->line = p->line;
	if (depth > JSON_MAX_DEPTH) {
		fail(p, "nested deeper than %u", JSON_MAX_DEPTH);
		return false;
	}
	switch (*p->s) {
	case '{':
	case '[':
		return parse_container(p, j, depth);
	case '"':
		j->kind = JSON_STR;
		return (j->str = parse_string(p)) != NULL;
	}
	static const struct { const char *word; enum json_kind kind; bool b; } words[] = {
		{ "true", JSON_BOOL, true }, { "false", JSON_BOOL, false }, { "null", JSON_NULL, false },
	};
	for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
		if (!strncmp(p->s, words[i].word, strlen(words[i].word))) {
			j->kind = words[i].kind;
			j->b = words[i].b;
			p->s += strlen(words[i].word);
			return true;
		}
	if (*p->s == '-' || (*p->s >= '0' && *p->s <= '9')) {
		char *end;
		j->kind = JSON_NUM;
		j->num = strtod(p->s, &end);
		if (end == p->s) {
			expected(p, "a number");
			return false;
		}
		p->s = end;
		return true;
	}
	expected(p, "a value");
	return false;
}

static void free_kids(struct json *j)
{
	for (size_t i = 0; i < j->nkids; i++)
		free_kids(&j->kids[i]);
	free(j->kids);
	free(j->str);
	free(j->key);
}

void json_free(struct json *j)
{
	if (j) {
		free_kids(j);
		free(j);
	}
}

struct json *json_parse(const char *text, char *msg, size_t msglen)
{
	struct jp p = { .s = text, .line = 1, .msg = msg, .msglen = msglen };
	struct json *j = calloc(1, sizeof *j);
	if (!j) {
		snprintf(msg, msglen, "out of memory");
		return NULL;
	}
	if (parse_value(&p, j, 0)) {
		skip_ws(&p);
		if (*p.s)
			expected(&p, "end of file after the top-level value");
	}
	if (p.failed) {
		json_free(j);
		return NULL;
	}
	return j;
}

const struct json *json_get(const struct json *obj, const char *key)
{
	if (!obj || obj->kind != JSON_OBJ)
		return NULL;
	for (size_t i = 0; i < obj->nkids; i++)
		if (!strcmp(obj->kids[i].key, key))
			return &obj->kids[i];
	return NULL;
}
