/* SPDX-License-Identifier: MIT */
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

/* A duration: a number with an optional fraction and always a unit ns,
 * us, ms, s, m, h (0.5s, 100ms).  A bare number other than 0 is an error:
 * it has meant different units in different places, so no unit is assumed
 * (a count of clock cycles is written Nt where it is accepted, and parsed
 * by the caller).  Must be positive unless allow_zero; overflow and
 * garbage are errors. */
HWPC_API int hwpc_parse_duration_ns(const char *s, int allow_zero, const char *what, uint64_t *out, struct hwpc_err *err);

#ifdef __cplusplus
}
#endif
#endif
