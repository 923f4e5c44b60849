/* SPDX-License-Identifier: MIT */
/* Rates over a window of time (see hwpc/core.h), the one way every command
 * turns a count and two timestamped reads into a rate with its uncertainty:
 * ptime --measure, pcread --clocks, pcread -- CMD.  Each end of the window
 * is known only between the timestamps taken before and after the access
 * that read it (the process may be descheduled in between, and on a loaded
 * machine is), so the time is the midpoints' distance, give or take the
 * half-widths and a nanosecond for the timestamps' resolution; the count is
 * give or take count_unc; and a device that skipped lag_ns of the window
 * counted over that much less time. */
#include "core/core_cmd.h"
#include "core/err_local.h"
#include "hwpc/core.h"

#include <math.h>

void hwpc_rate_mid(double mid0, double half0, double mid1, double half1, uint64_t count, uint64_t count_unc,
		   uint64_t lag_ns, struct hwpc_rate *out)
{
	double mid = mid1 - mid0;
	double half = half0 + half1 + 1.0;
	double c = (double)count, cu = (double)count_unc;
	out->elapsed_ns = mid;
	out->hz = mid > 0 ? c * 1e9 / mid : NAN;
	double lo = c > cu ? (c - cu) * 1e9 / (mid + half) : 0;
	double span = mid - half - (double)lag_ns;
	double hi = span > 0 ? (c + cu) * 1e9 / span : INFINITY;
	out->uncertainty_hz = isnan(out->hz) ? NAN : fmax(hi - out->hz, out->hz - lo);
	out->uncertainty_ppm = out->hz > 0 ? out->uncertainty_hz / out->hz * 1e6 : NAN;
}

void hwpc_rate_from(const uint64_t t0[2], const uint64_t t1[2], uint64_t count, uint64_t count_unc, uint64_t lag_ns,
		    struct hwpc_rate *out)
{
	hwpc_rate_mid(((double)t0[0] + (double)t0[1]) / 2.0, (double)(t0[1] - t0[0]) / 2.0,
		      ((double)t1[0] + (double)t1[1]) / 2.0, (double)(t1[1] - t1[0]) / 2.0, count, count_unc, lag_ns,
		      out);
}
