/* Parsing numbers and durations as users type them, with errors that name
 * the offending input. */
#ifndef HWPC_PARSE_H
#define HWPC_PARSE_H

#include "hwpc/api.h"

#include <stdint.h>

#include "hwpc/error.h"

#ifdef __cplusplus
extern "C" {
#endif

/* An unsigned integer (decimal or 0x hex) no larger than max.  what names
 * the input in the error ("--set-ratio MUL"). */
HWPC_API int hwpc_parse_u64(const char *s, uint64_t max, const char *what, uint64_t *out, struct hwpc_err *err);

/* A duration: a number with an optional fraction and a unit ns, us, ms, s,
 * m, h; a bare number takes def_unit_ns (e.g. 1000000 for milliseconds).
 * Must be positive unless allow_zero; overflow and garbage are errors. */
HWPC_API int hwpc_parse_duration_ns(const char *s, uint64_t def_unit_ns, int allow_zero, const char *what,
			   uint64_t *out, struct hwpc_err *err);

#ifdef __cplusplus
}
#endif
#endif
