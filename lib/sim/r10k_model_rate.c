/* SPDX-License-Identifier: MIT */
/* Workload rates of the R10000/R12000 model, kept as exact fractions so
 * that counts in virtual time are whole, predictable numbers. */
#include "sim/r10k_model_rate.h"
#include "sim/sim.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

/* Keeps num * (cycles or ps) well inside 128 bits for any 64-bit interval. */
#define RATE_NUM_MAX (1ull << 48)

int sim_r10k_rate_parse(const char *text, struct r10k_rate *out, struct hwpc_err *err)
{
	const char *s = text;
	uint64_t num = 0, den = 1;
	unsigned frac = 0;

	memset(out, 0, sizeof *out);
	if (!isdigit((unsigned char)*s))
		goto bad;
	for (; isdigit((unsigned char)*s); s++) {
		num = num * 10 + (uint64_t)(*s - '0');
		if (num > RATE_NUM_MAX)
			goto big;
	}
	if (*s == '.') {
		for (s++; isdigit((unsigned char)*s); s++, frac++) {
			if (frac == 9)
				return hwpc_err_set(err, HWPC_EINPUT, "rate '%s': at most 9 decimals", text);
			num = num * 10 + (uint64_t)(*s - '0');
			den *= 10;
			if (num > RATE_NUM_MAX)
				goto big;
		}
		if (!frac)
			goto bad;
	}
	uint64_t mult = *s == 'k' ? 1000 : *s == 'M' ? 1000000 : *s == 'G' ? 1000000000 : 1;
	if (mult > 1) {
		s++;
		/* Scale the fraction's denominator down before the numerator up. */
		while (mult > 1 && den > 1) {
			mult /= 10;
			den /= 10;
		}
		if (num > RATE_NUM_MAX / mult)
			goto big;
		num *= mult;
	}
	if (!strcmp(s, "") || !strcmp(s, "/s"))
		out->per_cycle = 0;
	else if (!strcmp(s, "/cycle"))
		out->per_cycle = 1;
	else
		goto bad;
	out->num = num;
	out->den = den;
	return 0;
bad:
	return hwpc_err_set(err, HWPC_EINPUT,
			    "bad rate '%s' (expected events per second or per cycle: 1000, 2.5M/s, 0.5/cycle)",
			    text);
big:
	return hwpc_err_set(err, HWPC_EINPUT, "rate '%s' is too large", text);
}

void sim_r10k_rate_format(const struct r10k_rate *r, char *buf, size_t len)
{
	const char *unit = r->per_cycle ? "/cycle" : "/s";
	if (r->den <= 1) {
		snprintf(buf, len, "%llu%s", (unsigned long long)r->num, unit);
		return;
	}
	unsigned digits = 0;
	for (uint64_t d = r->den; d > 1; d /= 10)
		digits++;
	char frac[16];
	snprintf(frac, sizeof frac, "%0*llu", (int)digits, (unsigned long long)(r->num % r->den));
	/* 1.50 reads better as 1.5 */
	for (size_t n = strlen(frac); n > 1 && frac[n - 1] == '0'; n--)
		frac[n - 1] = 0;
	snprintf(buf, len, "%llu.%s%s", (unsigned long long)(r->num / r->den), frac, unit);
}

uint64_t sim_r10k_rate_events(struct r10k_rate *r, uint64_t ps, uint64_t cycles)
{
	if (!r->num || !r->den)
		return 0;
	unsigned __int128 per = r->per_cycle ? r->den : (unsigned __int128)r->den * SIM_PS_PER_S;
	unsigned __int128 t = r->rem + (unsigned __int128)(r->per_cycle ? cycles : ps) * r->num;
	r->rem = t % per;
	uint64_t n = (uint64_t)(t / per);
	r->total += n;
	return n;
}
