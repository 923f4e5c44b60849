/* SPDX-License-Identifier: MIT */
/* Fuzz number and duration parsing (hwpc/parse.h).  Byte 0 chooses the
 * function and its limits: bit 0 a duration (else a number), bits 1-2 the
 * maximum of a number (2^64-1, 2^32-1, 255, 0), bit 3 whether a zero
 * duration is allowed.  The rest is the text.
 *
 * Besides "no crash": a number accepted is at most the maximum, written
 * back in decimal it parses to itself; a duration is positive unless zero
 * is allowed, and it equals what its text says within a nanosecond when
 * the text is a plain decimal number with a unit; a bare number other
 * than 0 is refused (durations always carry their unit). */
#include "fuzz_common.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const uint64_t maxes[4] = {UINT64_MAX, UINT32_MAX, 255, 0};
	if (size < 1)
		return 0;
	unsigned sel = (data[0] >> 1) & 3;
	char *s = fuzz_str(data + 1, size - 1);
	struct hwpc_err err = {0, ""};
	uint64_t v = 0xdeadbeef;
	if (data[0] & 1) {
		int zero = (data[0] >> 3) & 1;
		if (!hwpc_parse_duration_ns(s, zero, "--fuzz", &v, &err)) {
			FUZZ_CHECK(zero || v > 0, "'%s' gave 0 ns without allow_zero", s);
			FUZZ_CHECK(!*s || !isdigit((unsigned char)s[strlen(s) - 1]) || v == 0,
				   "'%s': a bare number was taken as a duration", s);
			/* integer and unit only: exact */
			char *end;
			errno = 0;
			unsigned long long n = strtoull(s, &end, 10);
			if (end != s && isdigit((unsigned char)*s) && !errno && !strcmp(end, "s") &&
			    n <= UINT64_MAX / 1000000000u)
				FUZZ_CHECK(v == n * 1000000000u, "'%s' gave %" PRIu64 " ns", s, v);
		} else {
			FUZZ_CHECK(err.status == HWPC_EINPUT && strstr(err.msg, "--fuzz"), "error: %s", err.msg);
		}
	} else if (!hwpc_parse_u64(s, maxes[sel], "--fuzz", &v, &err)) {
		FUZZ_CHECK(v <= maxes[sel], "'%s' gave %" PRIu64 " above the maximum", s, v);
		char back[32];
		uint64_t w;
		snprintf(back, sizeof back, "%" PRIu64, v);
		FUZZ_CHECK(!hwpc_parse_u64(back, maxes[sel], "--fuzz", &w, &err) && w == v, "'%s' -> %s -> %s", s,
			   back, err.msg);
	} else {
		FUZZ_CHECK(err.status == HWPC_EINPUT && strstr(err.msg, "--fuzz"), "error: %s", err.msg);
	}
	free(s);
	return 0;
}
