/* SPDX-License-Identifier: MIT */
/* A simulator's options, parsed once (see sim_options.h): one table of
 * keys, in the canonical order state files keep them, each with the
 * parser that checks its value and fills its field. */
#include "core/err_local.h"
#include "core/rundir.h"
#include "core/strdist.h"
#include "sim/sim_options.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* A frequency: "27000000", "27M", "100k", "1.5G" (Hz), 1 Hz to SIM_MAX_HZ. */
static int parse_hz(const char *s, uint64_t *out)
{
	char *end;
	double v;

	if (!*s || !(isdigit((unsigned char)*s) || *s == '.'))
		return -1;
	errno = 0;
	v = strtod(s, &end);
	if (errno)
		return -1;
	if (!strcasecmp(end, "k") || !strcasecmp(end, "khz"))
		v *= 1e3;
	else if (!strcmp(end, "M") || !strcasecmp(end, "mhz"))
		v *= 1e6;
	else if (!strcasecmp(end, "G") || !strcasecmp(end, "ghz"))
		v *= 1e9;
	else if (*end && strcasecmp(end, "hz"))
		return -1;
	if (!(v >= 1) || v > (double)SIM_MAX_HZ || v != floor(v))
		return -1;
	*out = (uint64_t)v;
	return 0;
}

/* "16M", "4096", "64k", "1G" (binary units), up to SIM_MEM_MAX. */
static int parse_size(const char *v, uint64_t *out)
{
	char *end;
	if (!*v || *v == '-')
		return -1;
	unsigned long long x = strtoull(v, &end, 0);
	uint64_t mul = 1;
	if (!strcmp(end, "k") || !strcmp(end, "K"))
		mul = 1 << 10;
	else if (!strcmp(end, "M"))
		mul = 1 << 20;
	else if (!strcmp(end, "G"))
		mul = 1 << 30;
	else if (*end)
		return -1;
	if (x > SIM_MEM_MAX / mul)
		return -1;
	*out = x * mul;
	return *out > SIM_MEM_MAX ? -1 : 0;
}

/* MAJOR[.MINOR], each 0..15: the PRID revision fields. */
static int parse_rev(const char *v, unsigned *major, unsigned *minor)
{
	char *end;
	unsigned long a = strtoul(v, &end, 10), b = 0;
	if (end == v || a > 15)
		return -1;
	if (*end == '.') {
		const char *p = end + 1;
		b = strtoul(p, &end, 10);
		if (end == p || b > 15)
			return -1;
	}
	if (*end)
		return -1;
	*major = (unsigned)a;
	*minor = (unsigned)b;
	return 0;
}

static int bad(struct hwpc_err *err, const char *key, const char *v, const char *expected)
{
	return hwpc_err_set(err, HWPC_EINPUT, "bad sim option %s=%s (expected %s)", key, v, expected);
}

/* Each key's parser: i is the key's index among keys of its kind (the
 * clock, the domain). */
static int p_state(struct sim_opts *o, const char *k, const char *v, unsigned i, struct hwpc_err *err)
{
	if (!*v)
		return hwpc_err_set(err, HWPC_EINPUT, "sim option state= needs a file name");
	if ((size_t)snprintf(o->state, sizeof o->state, "%s", v) >= sizeof o->state)
		return hwpc_err_set(err, HWPC_EINPUT, "state file name too long");
	o->has_state = true;
	return 0;
}

static int p_clock(struct sim_opts *o, const char *k, const char *v, unsigned i, struct hwpc_err *err)
{
	if (strcmp(v, "realtime") && strcmp(v, "virtual"))
		return bad(err, k, v, "realtime or virtual");
	o->has_clock = true;
	o->virtual_clock = !strcmp(v, "virtual");
	return 0;
}

static int p_hz(struct sim_opts *o, const char *k, const char *v, unsigned i, struct hwpc_err *err)
{
	if (parse_hz(v, &o->hz[i]))
		return bad(err, k, v, "a frequency such as 100M or 27000000");
	snprintf(o->hz_text[i], sizeof o->hz_text[i], "%s", v);
	o->has_hz[i] = true;
	return 0;
}

static int p_profile(struct sim_opts *o, const char *k, const char *v, unsigned i, struct hwpc_err *err)
{
	snprintf(o->profile, sizeof o->profile, "%s", v);
	o->has_profile = true;
	return 0;
}

static int p_pchz(struct sim_opts *o, const char *k, const char *v, unsigned i, struct hwpc_err *err)
{
	if (parse_hz(v, i ? &o->pchz_dom[i - 1] : &o->pchz))
		return bad(err, k, v, "a frequency such as 100k");
	*(i ? &o->has_pchz_dom[i - 1] : &o->has_pchz) = true;
	return 0;
}

static int p_reclat(struct sim_opts *o, const char *k, const char *v, unsigned i, struct hwpc_err *err)
{
	char *end;
	unsigned long long x = strtoull(v, &end, 0);
	if (!*v || *end || x > 1000000 || *v == '-')
		return bad(err, k, v, "0..1000000");
	if (x == 0)
		return hwpc_err_set(err, HWPC_EINPUT, "bad sim option reclat=0 (a packet write takes at least 1 cycle)");
	o->reclat = x;
	o->has_reclat = true;
	return 0;
}

static int p_engine(struct sim_opts *o, const char *k, const char *v, unsigned i, struct hwpc_err *err)
{
	if (strcmp(v, "fast") && strcmp(v, "reference"))
		return bad(err, k, v, "fast or reference");
	o->reference_engine = !strcmp(v, "reference");
	o->has_engine = true;
	return 0;
}

static int p_mem(struct sim_opts *o, const char *k, const char *v, unsigned i, struct hwpc_err *err)
{
	if (parse_size(v, &o->mem))
		return bad(err, k, v, "a size up to 4G, e.g. 16M");
	o->has_mem = true;
	return 0;
}

static int p_membase(struct sim_opts *o, const char *k, const char *v, unsigned i, struct hwpc_err *err)
{
	char *end;
	unsigned long long x = strtoull(v, &end, 0);
	if (!*v || *v == '-' || *end || x >= 1ULL << 40 || (x & 0xfff))
		return bad(err, k, v, "a 4 KiB aligned 40-bit address");
	o->membase = x;
	o->has_membase = true;
	return 0;
}

static int p_cpuclk(struct sim_opts *o, const char *k, const char *v, unsigned i, struct hwpc_err *err)
{
	if (parse_hz(v, &o->cpuclk))
		return bad(err, k, v, "a frequency such as 200M");
	o->has_cpuclk = true;
	return 0;
}

static int p_cpurev(struct sim_opts *o, const char *k, const char *v, unsigned i, struct hwpc_err *err)
{
	if (parse_rev(v, &o->cpurev_major, &o->cpurev_minor))
		return bad(err, k, v, "MAJOR[.MINOR], e.g. 2.6");
	o->has_cpurev = true;
	return 0;
}

/* Every key, in canonical order: the state file's (state, clock and the
 * clocks, as hwpc_clock_name spells them), then PCOUNTER's, the R10000's
 * and the simulated memory's. */
static const struct key {
	const char *name;
	int (*parse)(struct sim_opts *o, const char *k, const char *v, unsigned i, struct hwpc_err *err);
	unsigned index;
} keys[] = {
	{ "state", p_state, 0 },     { "clock", p_clock, 0 },	  { "crystal", p_hz, HWPC_CLOCK_CRYSTAL },
	{ "nvclk", p_hz, HWPC_CLOCK_NVCLK }, { "mclk", p_hz, HWPC_CLOCK_MCLK }, { "hclk", p_hz, HWPC_CLOCK_HCLK },
	{ "tclk", p_hz, HWPC_CLOCK_TCLK }, { "profile", p_profile, 0 }, { "pchz", p_pchz, 0 },
	{ "pchz0", p_pchz, 1 },      { "pchz1", p_pchz, 2 },	  { "pchz2", p_pchz, 3 },
	{ "pchz3", p_pchz, 4 },      { "pchz4", p_pchz, 5 },	  { "pchz5", p_pchz, 6 },
	{ "pchz6", p_pchz, 7 },      { "pchz7", p_pchz, 8 },	  { "reclat", p_reclat, 0 },
	{ "engine", p_engine, 0 },   { "cpuclk", p_cpuclk, 0 },	  { "cpurev", p_cpurev, 0 },
	{ "mem", p_mem, 0 },	     { "membase", p_membase, 0 },
};
#define NKEYS (sizeof keys / sizeof keys[0])

/* An unknown key: a typo of a known one is named as one. */
static int unknown(const char *key, struct hwpc_err *err)
{
	const char *near = NULL;
	unsigned best = 3;
	char list[256];
	size_t used = 0;
	for (size_t k = 0; k < NKEYS; k++) {
		if (hwpc_strdist_ci(key, keys[k].name) < best)
			best = hwpc_strdist_ci(key, keys[k].name), near = keys[k].name;
		used += (size_t)snprintf(list + used, used < sizeof list ? sizeof list - used : 0, "%s%s",
					 used ? ", " : "", keys[k].name);
	}
	if (near && best * 3 <= strlen(key))
		return hwpc_err_set(err, HWPC_EINPUT, "unknown sim option '%s' (did you mean %s?)", key, near);
	return hwpc_err_set(err, HWPC_EINPUT, "unknown sim option '%s' (expected one of: %s)", key, list);
}

int sim_opts_parse(const struct hwpc_devspec *spec, struct sim_opts *o, struct hwpc_err *err)
{
	const char *given[NKEYS] = { NULL };
	memset(o, 0, sizeof *o);
	for (unsigned i = 0; i < spec->nopts; i++) {
		size_t k = 0;
		while (k < NKEYS && strcmp(keys[k].name, spec->keys[i]))
			k++;
		if (k == NKEYS)
			return unknown(spec->keys[i], err);
		if (!given[k]) /* the first of a key given twice, as ever */
			given[k] = spec->values[i];
	}
	size_t used = 0;
	for (size_t k = 0; k < NKEYS; k++) {
		if (!given[k])
			continue;
		if (keys[k].parse(o, keys[k].name, given[k], keys[k].index, err))
			return err->status;
		if (keys[k].parse != p_state)
			used += (size_t)snprintf(o->canon + used, used < sizeof o->canon ? sizeof o->canon - used : 0,
						 "%s%s=%s", used ? "," : "", keys[k].name, given[k]);
	}
	return 0;
}

int sim_opts_parse_canon(const char *chip, const char *canon, struct sim_opts *o, struct hwpc_err *err)
{
	struct hwpc_devspec stored;
	char text[512];
	snprintf(text, sizeof text, "sim:%s%s%s", chip, *canon ? "," : "", canon);
	if (hwpc_devspec_parse(text, &stored, err))
		return err->status;
	return sim_opts_parse(&stored, o, err);
}

int sim_opts_state_path(const struct sim_opts *o, const char *chip, char *buf, size_t len, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	char lower[32];
	size_t i;
	if (o->has_state) {
		if ((size_t)snprintf(buf, len, "%s", o->state) >= len)
			return hwpc_err_set(err, HWPC_EINPUT, "state file name too long");
		return 0;
	}
	for (i = 0; chip[i] && i + 1 < sizeof lower; i++)
		lower[i] = (char)tolower((unsigned char)chip[i]);
	lower[i] = 0;
	/* One directory per user, private: the state is the user's machine. */
	char dir[400];
	if (hwpc_runtime_dir(dir, sizeof dir, err))
		return err->status;
	if ((size_t)snprintf(buf, len, "%s/sim-%s.state", dir, lower) >= len)
		return hwpc_err_set(err, HWPC_EINPUT, "state file name too long");
	return 0;
}
