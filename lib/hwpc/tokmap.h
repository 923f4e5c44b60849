/* SPDX-License-Identifier: MIT */
/* Token maps for tsdump: names for Tensix timestamp tokens, and which
 * tokens begin and end a named slice.  A text file, one token a line:
 *
 *	# comment
 *	TOKEN NAME              an instant called NAME
 *	TOKEN NAME begin        NAME's slice starts here
 *	TOKEN NAME end          ... and ends here
 *
 * TOKEN is decimal or 0x hex, at most 29 bits (the token of a 32-bit event
 * has 13).  A NAME with a begin needs an end and the other way round.
 * Errors are "FILE:LINE: what". */
#ifndef HWPC_TOKMAP_H
#define HWPC_TOKMAP_H

#include "hwpc/api.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "hwpc/error.h"

#ifdef __cplusplus
extern "C" {
#endif

enum hwpc_tokmap_role { HWPC_TOKMAP_INSTANT = 0, HWPC_TOKMAP_BEGIN, HWPC_TOKMAP_END };

struct hwpc_tok {
	uint32_t token;
	enum hwpc_tokmap_role role;
	const char *name;
	unsigned pair; /* BEGIN/END: index of the pair (0..npairs-1) */
};

struct hwpc_tokmap;

HWPC_API int hwpc_tokmap_load(FILE *fp, const char *file, struct hwpc_tokmap **out, struct hwpc_err *err);
HWPC_API void hwpc_tokmap_free(struct hwpc_tokmap *m);
/* The entry for a token, or NULL. */
HWPC_API const struct hwpc_tok *hwpc_tokmap_find(const struct hwpc_tokmap *m, uint32_t token);
HWPC_API unsigned hwpc_tokmap_pairs(const struct hwpc_tokmap *m);
/* The name of pair i. */
HWPC_API const char *hwpc_tokmap_pair_name(const struct hwpc_tokmap *m, unsigned i);

#ifdef __cplusplus
}
#endif
#endif
