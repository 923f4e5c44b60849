/* SPDX-License-Identifier: MIT */
/* The core of libhwpc, what every family builds on: numbers and durations
 * from the command line, rates over a window of time.  Devices are
 * <hwpc/dev.h>. */
#ifndef HWPC_CORE_H
#define HWPC_CORE_H

#include "hwpc/api.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "hwpc/error.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Numbers and durations ---------------------------------------------- */

/* Parsing numbers and durations as users type them, with errors that name
 * the offending input. */
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

/* ---- Rates over a window of time ---------------------------------------- */

/* A count made between two reads, each timed only between the timestamps
 * taken just before and just after it (t[0], t[1]; any clock in ns): the
 * rate over the midpoints and how far the true rate may be from it, given
 * that the count may be off by count_unc (1 for a counter read at two
 * instants between its increments) and that the device skipped lag_ns of
 * the window (a realtime simulator that fell behind; 0 otherwise).  Every
 * rate hwpc measures over a window goes through here (ptime --measure,
 * pcread --clocks, pcread -- CMD), so the error lies within the
 * uncertainty whatever the load. */
struct hwpc_rate {
	double elapsed_ns;      /* between the midpoints */
	double hz;              /* count per second; NAN when no time passed */
	double uncertainty_hz;  /* the larger distance to the bounds; INFINITY when open */
	double uncertainty_ppm; /* of hz */
};
HWPC_API void hwpc_rate_from(const uint64_t t0[2], const uint64_t t1[2], uint64_t count, uint64_t count_unc,
			     uint64_t lag_ns, struct hwpc_rate *out);
/* The bound --strict holds a measured rate's uncertainty to, in ppm
 * (ptime(1), pcread(1)): past it the figure is suspect and the exit
 * status 3. */
#define HWPC_RATE_STRICT_PPM 1000.0

#ifdef __cplusplus
}
#endif
#endif
