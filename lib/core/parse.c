/* SPDX-License-Identifier: MIT */
/* Numbers and durations from the command line (see hwpc/parse.h). */
#include "core/core_cmd.h"
#include "hwpc/core.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int hwpc_parse_u64(const char *s, uint64_t max, const char *what, uint64_t *out, struct hwpc_err *err)
{
	char *end;
	unsigned long long v;

	if (!s || !*s || !isdigit((unsigned char)*s))
		return hwpc_err_set(err, HWPC_EINPUT, "%s: '%s' is not a number", what, s ? s : "");
	errno = 0;
	v = strtoull(s, &end, 0);
	if (*end)
		return hwpc_err_set(err, HWPC_EINPUT, "%s: '%s' is not a number", what, s);
	if (errno == ERANGE || v > max)
		return hwpc_err_set(err, HWPC_EINPUT, "%s: %s is too large (at most %llu)", what, s,
				    (unsigned long long)max);
	*out = v;
	return 0;
}

int hwpc_parse_duration_ns(const char *s, int allow_zero, const char *what, uint64_t *out, struct hwpc_err *err)
{
	static const struct {
		const char *unit;
		uint64_t ns;
	} units[] = { { "ns", 1 },
		      { "us", 1000 },
		      { "ms", 1000000 },
		      { "s", 1000000000 },
		      { "m", 60000000000ULL },
		      { "h", 3600000000000ULL } };
	const char *p = s;
	uint64_t ip = 0, frac = 0, fden = 1, unit = 0;

	if (!s || !*s)
		return hwpc_err_set(err, HWPC_EINPUT, "%s: empty duration", what);
	if (!isdigit((unsigned char)*p) && *p != '.')
		goto bad;
	for (; isdigit((unsigned char)*p); p++) {
		uint64_t d = (uint64_t)(*p - '0');
		if (ip > (UINT64_MAX - d) / 10)
			goto overflow;
		ip = ip * 10 + d;
	}
	if (*p == '.') {
		p++;
		if (!isdigit((unsigned char)*p) && p == s + 1)
			goto bad;
		for (; isdigit((unsigned char)*p); p++)
			if (fden < 1000000000000ULL) {
				frac = frac * 10 + (uint64_t)(*p - '0');
				fden *= 10;
			}
	}
	if (*p) {
		size_t i;
		for (i = 0; i < sizeof units / sizeof units[0]; i++)
			if (!strcmp(p, units[i].unit))
				break;
		if (i == sizeof units / sizeof units[0])
			goto bad;
		unit = units[i].ns;
	} else if (ip || frac) {
		/* A bare number meant milliseconds, seconds, nanoseconds or
		 * cycles depending on where it was typed: now it means nothing. */
		return hwpc_err_set(err, HWPC_EINPUT, "%s: '%s' needs a unit (ns, us, ms, s, m, h), e.g. %sms", what,
				    s, s);
	} else {
		unit = 1; /* 0 is 0 in any unit */
	}
	if (ip > UINT64_MAX / unit)
		goto overflow;
	unsigned __int128 v = (unsigned __int128)ip * unit + (unsigned __int128)frac * unit / fden;
	if (v > UINT64_MAX)
		goto overflow;
	if (v == 0 && !allow_zero)
		return hwpc_err_set(err, HWPC_EINPUT, "%s: duration '%s' must be greater than zero", what, s);
	*out = (uint64_t)v;
	return 0;
bad:
	return hwpc_err_set(err, HWPC_EINPUT,
			    "%s: bad duration '%s' (expected a number and a unit: ns, us, ms, s, m or h)",
			    what, s);
overflow:
	return hwpc_err_set(err, HWPC_EINPUT, "%s: duration '%s' is too large", what, s);
}

void hwpc_duration_text(uint64_t ns, char *buf, size_t len)
{
	static const struct {
		uint64_t ns;
		const char *unit;
	} units[] = { { 1000000000, "s" }, { 1000000, "ms" }, { 1000, "us" }, { 1, "ns" } };
	size_t i = 0;
	while (ns % units[i].ns)
		i++;
	snprintf(buf, len, "%llu%s", (unsigned long long)(ns / units[i].ns), units[i].unit);
}
