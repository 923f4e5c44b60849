/* SPDX-License-Identifier: MIT */
/* A small JSON reader for the files hwpc writes and reads back (register
 * snapshots): the whole text becomes a tree; an error names the line and
 * what was expected.  Internal to libhwpc. */
#ifndef HWPC_JSON_READ_H
#define HWPC_JSON_READ_H

#include <stdbool.h>
#include <stddef.h>

enum json_kind { JSON_NULL, JSON_BOOL, JSON_NUM, JSON_STR, JSON_ARR, JSON_OBJ };

struct json {
	enum json_kind kind;
	unsigned line;     /* where the value starts */
	bool b;
	double num;
	char *str;         /* JSON_STR; a member's key is in key */
	char *key;         /* set on object members */
	struct json *kids; /* array elements or object members, in order */
	size_t nkids;
};

/* Parse text (NUL-terminated).  NULL on error with "line N: why" in msg. */
struct json *json_parse(const char *text, char *msg, size_t msglen);
void json_free(struct json *j);
/* An object's member by key, or NULL. */
const struct json *json_get(const struct json *obj, const char *key);

#endif
