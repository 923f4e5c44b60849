/* SPDX-License-Identifier: MIT */
/* Parsing -d SPEC: a device index, a PCI slot or a simulator spec. */
#include "hwpc/dev.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int all_digits(const char *s)
{
	if (!*s)
		return 0;
	for (; *s; s++)
		if (!isdigit((unsigned char)*s))
			return 0;
	return 1;
}

/* Exactly n hex digits, no more, into *out. */
static int hexn(const char *s, size_t n, unsigned *out)
{
	unsigned v = 0;
	for (size_t i = 0; i < n; i++) {
		if (!isxdigit((unsigned char)s[i]))
			return 0;
		v = v * 16 + (unsigned)(isdigit((unsigned char)s[i]) ? s[i] - '0'
								     : tolower((unsigned char)s[i]) - 'a' + 10);
	}
	*out = v;
	return 1;
}

/* "[DDDD:]BB:DD.F" as lspci prints it. */
static int parse_slot(const char *s, struct hwpc_devspec *out)
{
	size_t n = strlen(s);
	const char *p = s;

	out->domain = 0;
	if (n == 12) {
		if (!hexn(p, 4, &out->domain) || p[4] != ':')
			return 0;
		p += 5;
	} else if (n != 7) {
		return 0;
	}
	if (!hexn(p, 2, &out->bus) || p[2] != ':' || !hexn(p + 3, 2, &out->dev) || p[5] != '.' ||
	    !hexn(p + 6, 1, &out->func))
		return 0;
	return out->dev < 32 && out->func < 8;
}

/* An option's value, at s, into out (len bytes): up to the next ',' not
 * escaped, or "quoted".  A backslash takes the next byte as it is (\, is a
 * comma, \\ a backslash), in quotes or not, so that a state file's name
 * can hold any byte.  *end is where the value ends; -1 when it does not
 * fit, -2 when a quote is not closed or not followed by ',' or the end. */
static int sim_value(const char *s, char *out, size_t len, const char **end)
{
	bool quoted = *s == '"';
	size_t k = 0;
	int rc = 0;
	for (s += quoted; *s && (quoted ? *s != '"' : *s != ','); s++) {
		if (*s == '\\' && s[1])
			s++;
		if (k + 1 < len)
			out[k++] = *s;
		else
			rc = -1;
	}
	out[k] = 0;
	if (quoted && *s != '"')
		return -2;
	if (quoted && *++s && *s != ',')
		return -2;
	*end = s;
	return rc;
}

static int parse_sim(const char *spec, struct hwpc_devspec *out, struct hwpc_err *err)
{
	const char *s = spec + 4;
	size_t n = strcspn(s, ",");

	if (n == 0)
		return hwpc_err_set(err, HWPC_EINPUT, "device '%s': no chipset after 'sim:' (e.g. sim:g84)",
				    spec);
	if (n >= sizeof out->chip)
		return hwpc_err_set(err, HWPC_EINPUT, "device '%s': chipset name too long", spec);
	memcpy(out->chip, s, n);
	out->chip[n] = 0;
	s += n;
	while (*s == ',') {
		s++;
		n = strcspn(s, ",=");
		if (s[n] != '=' || n == 0)
			return hwpc_err_set(err, HWPC_EINPUT,
					    "device '%s': option '%.*s' is not key=value", spec,
					    (int)strcspn(s, ","), s);
		if (out->nopts >= HWPC_SIM_MAX_OPTS)
			return hwpc_err_set(err, HWPC_EINPUT, "device '%s': too many options", spec);
		if (n >= sizeof out->keys[0])
			return hwpc_err_set(err, HWPC_EINPUT, "device '%s': option '%.*s' too long", spec,
					    (int)n, s);
		for (unsigned i = 0; i < out->nopts; i++)
			if (strlen(out->keys[i]) == n && !strncmp(out->keys[i], s, n))
				return hwpc_err_set(err, HWPC_EINPUT, "device '%s': option '%.*s' given twice",
						    spec, (int)n, s);
		memcpy(out->keys[out->nopts], s, n);
		out->keys[out->nopts][n] = 0;
		const char *end;
		int vrc = sim_value(s + n + 1, out->values[out->nopts], sizeof out->values[0], &end);
		if (vrc == -1)
			return hwpc_err_set(err, HWPC_EINPUT, "device '%s': option '%.*s' too long", spec,
					    (int)n, s);
		if (vrc == -2)
			return hwpc_err_set(err, HWPC_EINPUT, "device '%s': option '%.*s': a quoted value "
					    "ends with '\"' followed by ',' or the end", spec, (int)n, s);
		out->nopts++;
		s = end;
	}
	return 0;
}

int hwpc_devspec_parse(const char *spec, struct hwpc_devspec *out, struct hwpc_err *err)
{
	memset(out, 0, sizeof *out);
	if (!spec || !*spec) {
		spec = getenv("HWPC_DEVICE");
		out->from_default = true;
		if (!spec || !*spec) {
			out->kind = HWPC_DEV_INDEX;
			return 0;
		}
	}
	if (!strncmp(spec, "sim:", 4)) {
		bool def = out->from_default;
		out->kind = HWPC_DEV_SIM;
		int rc = parse_sim(spec, out, err);
		out->from_default = def;
		return rc;
	}
	if (all_digits(spec)) {
		char *end;
		unsigned long v = strtoul(spec, &end, 10);
		if (v > 255)
			return hwpc_err_set(err, HWPC_EINPUT, "device index '%s' out of range (0..255)", spec);
		out->kind = HWPC_DEV_INDEX;
		out->index = (unsigned)v;
		return 0;
	}
	if (strchr(spec, ':')) {
		out->kind = HWPC_DEV_SLOT;
		if (parse_slot(spec, out))
			return 0;
		return hwpc_err_set(err, HWPC_EINPUT,
				    "malformed PCI slot '%s' (expected [DDDD:]BB:DD.F as lspci prints it, "
				    "e.g. 01:00.0)",
				    spec);
	}
	return hwpc_err_set(err, HWPC_EINPUT,
			    "bad device '%s' (expected an index such as 0, a PCI slot such as 01:00.0, "
			    "or sim:CHIP such as sim:g84)",
			    spec);
}
