/* SPDX-License-Identifier: MIT */
/* Splitting one regdb line into words and key=value attributes. */
#ifndef HWPC_REGDB_LEX_H
#define HWPC_REGDB_LEX_H

#include "core/arena.h"
#include "hwpc/error.h"

#define REGDB_MAX_TOKENS 32

struct regdb_line {
	unsigned nwords;
	const char *words[REGDB_MAX_TOKENS];
	unsigned nattrs;
	const char *keys[REGDB_MAX_TOKENS];
	const char *values[REGDB_MAX_TOKENS];
};

/* Split text (one line, no newline) into out; strings are copied into a.
 * A word is a run of non-blank characters or a "quoted string"; key=value
 * (value possibly quoted) is an attribute; '#' outside quotes starts a
 * comment.  Errors are HWPC_EINPUT without the file:line prefix. */
int regdb_lex_line(struct arena *a, const char *text, size_t len, struct regdb_line *out,
		   struct hwpc_err *err);

/* Parse a number in C syntax (0x.., decimal); false if malformed. */
int regdb_parse_u64(const char *s, unsigned long long *out);

#endif
