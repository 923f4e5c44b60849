/* SPDX-License-Identifier: MIT */
/* One line of the kernel's mmiotrace text format (see hwpc/mmiotrace.h):
 * a keyword, then space-separated values; MARK's text runs to the end. */
#include "core/err_local.h"
#include "stream/mmiotrace.h"

#include <ctype.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#define MAX_WORDS 24

/* "12.345678": seconds with decimals. */
static bool timestamp(const char *w)
{
	size_t n = strspn(w, "0123456789");
	return n && w[n] == '.' && strspn(w + n + 1, "0123456789") == strlen(w + n + 1) && w[n + 1];
}

/* A number: hex with 0x, or (base 16) bare hex, or decimal. */
static bool num(const char *w, int base, uint64_t *out)
{
	char *end;
	if (!*w || *w == '-' || *w == '+')
		return false;
	if (base == 16 && !strncmp(w, "0x", 2))
		w += 2;
	if (!isxdigit((unsigned char)*w))
		return false;
	*out = strtoull(w, &end, base);
	return !*end;
}

/* "0x" and 1 to 16 hex digits, n bytes at w. */
static bool hex_word(const char *w, size_t n, uint64_t *out)
{
	if (n < 3 || n > 18 || w[0] != '0' || w[1] != 'x')
		return false;
	uint64_t v = 0;
	for (size_t i = 2; i < n; i++) {
		unsigned c = (unsigned char)w[i], d = c - '0';
		if (d > 9) {
			d = (c | 0x20) - 'a';
			if (d > 5)
				return false;
			d += 10;
		}
		v = v << 4 | d;
	}
	*out = v;
	return true;
}

/* The records that make up nearly all of a trace, R and W, read without
 * copying or scanning twice.  false: not a plain one; the general parser
 * reads it (and says what is wrong with it). */
static bool fast_access(const char *line, struct hwpc_mmt_rec *out)
{
	const char *w[8];
	size_t len[8];
	unsigned n = 0;
	const char *p = line + 1;
	for (;;) {
		while (*p == ' ' || *p == '\t')
			p++;
		if (!*p || *p == '\r')
			break;
		if (n == 8)
			return false;
		w[n] = p;
		while (*p && *p != ' ' && *p != '\t' && *p != '\r')
			p++;
		len[n] = (size_t)(p - w[n]);
		n++;
	}
	if (n != 7 || len[0] != 1 || (w[0][0] != '1' && w[0][0] != '2' && w[0][0] != '4' && w[0][0] != '8'))
		return false;
	size_t ip = 0, fp = 0;
	while (ip < len[1] && w[1][ip] >= '0' && w[1][ip] <= '9')
		ip++;
	for (fp = ip + 1; fp < len[1] && w[1][fp] >= '0' && w[1][fp] <= '9'; fp++)
		;
	if (!ip || ip + 1 >= len[1] || w[1][ip] != '.' || fp != len[1] || len[1] >= sizeof out->ts)
		return false;
	uint64_t id = 0;
	if (len[2] > 9)
		return false;
	for (size_t i = 0; i < len[2]; i++) {
		if (w[2][i] < '0' || w[2][i] > '9')
			return false;
		id = id * 10 + (unsigned)(w[2][i] - '0');
	}
	uint64_t phys, value;
	unsigned width = (unsigned)(w[0][0] - '0');
	if (!len[2] || !hex_word(w[3], len[3], &phys) || !hex_word(w[4], len[4], &value) ||
	    (width < 8 && value >> (8 * width)))
		return false;
	memset(out, 0, sizeof *out);
	out->kind = line[0] == 'R' ? HWPC_MMT_READ : HWPC_MMT_WRITE;
	out->width = width;
	memcpy(out->ts, w[1], len[1]);
	out->map_id = (int)id;
	out->phys = phys;
	out->value = value;
	return true;
}

int hwpc_mmt_parse_line(const char *line, struct hwpc_mmt_rec *out, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	char buf[1024], *words[MAX_WORDS], *save = NULL;
	unsigned n = 0;
	line += strspn(line, " \t");
	if ((line[0] == 'R' || line[0] == 'W') && (line[1] == ' ' || line[1] == '\t') && fast_access(line, out))
		return 0;
	memset(out, 0, sizeof *out);
	out->map_id = -1;
	if (!*line || *line == '#')
		return 0;
	if (strlen(line) >= sizeof buf)
		return hwpc_err_set(err, HWPC_EINPUT, "line longer than %zu characters", sizeof buf - 1);
	strcpy(buf, line);
	buf[strcspn(buf, "\r")] = 0;
	const char *key = strtok_r(buf, " \t", &save);
	if (!strcmp(key, "MARK")) {
		const char *ts = strtok_r(NULL, " \t", &save);
		if (!ts || !timestamp(ts))
			return hwpc_err_set(err, HWPC_EINPUT, "MARK: expected a timestamp (seconds.micros)");
		snprintf(out->ts, sizeof out->ts, "%s", ts);
		const char *text = save ? save + strspn(save, " \t") : "";
		unsigned long long lost;
		char tail[16];
		out->kind = HWPC_MMT_MARK;
		/* The kernel reports ring-buffer overruns as this marker. */
		if (sscanf(text, "Lost %llu events%15s", &lost, tail) == 2 && !strcmp(tail, ".")) {
			out->kind = HWPC_MMT_LOST;
			out->value = lost;
		}
		snprintf(out->text, sizeof out->text, "%s", text);
		return 0;
	}
	for (char *w; n < MAX_WORDS && (w = strtok_r(NULL, " \t", &save));)
		words[n++] = w;
	static const struct {
		const char *key;
		enum hwpc_mmt_kind kind;
		unsigned min, max;
	} kinds[] = {
		{ "VERSION", HWPC_MMT_VERSION, 1, 1 }, { "PCIDEV", HWPC_MMT_PCIDEV, 17, 18 },
		{ "MAP", HWPC_MMT_MAP, 7, 7 },         { "UNMAP", HWPC_MMT_UNMAP, 4, 4 },
		{ "R", HWPC_MMT_READ, 7, 7 },          { "W", HWPC_MMT_WRITE, 7, 7 },
		{ "LSPCI", HWPC_MMT_OTHER, 0, MAX_WORDS }, { "UNKNOWN", HWPC_MMT_UNKNOWN, 0, MAX_WORDS },
	};
	size_t k = 0;
	while (k < sizeof kinds / sizeof kinds[0] && strcmp(kinds[k].key, key))
		k++;
	if (k == sizeof kinds / sizeof kinds[0])
		return hwpc_err_set(err, HWPC_EINPUT, "unknown record '%.40s' (VERSION, PCIDEV, MAP, UNMAP, R, W, MARK)", key);
	if (n < kinds[k].min || n > kinds[k].max) {
		if (kinds[k].min == kinds[k].max)
			return hwpc_err_set(err, HWPC_EINPUT, "%s: expected %u values, found %u", key, kinds[k].min, n);
		return hwpc_err_set(err, HWPC_EINPUT, "%s: expected %u to %u values, found %u", key, kinds[k].min,
				    kinds[k].max, n);
	}
	out->kind = kinds[k].kind;
	uint64_t v;
	switch (out->kind) {
	case HWPC_MMT_VERSION:
		snprintf(out->text, sizeof out->text, "%s", words[0]);
		return 0;
	case HWPC_MMT_PCIDEV:
		if (!num(words[0], 16, &v) || v > 0xffff)
			return hwpc_err_set(err, HWPC_EINPUT, "PCIDEV: bad bus/devfn '%s'", words[0]);
		out->devfn = (unsigned)v;
		if (!num(words[1], 16, &v) || v > 0xffffffffu || strlen(words[1]) != 8)
			return hwpc_err_set(err, HWPC_EINPUT, "PCIDEV: bad vendor and device '%s' (8 hex digits)", words[1]);
		out->vendor = (uint16_t)(v >> 16);
		out->device = (uint16_t)v;
		for (unsigned b = 0; b < 14; b++)
			if (!num(words[3 + b], 16, b < 7 ? &out->bar[b] : &out->bar_size[b - 7]))
				return hwpc_err_set(err, HWPC_EINPUT, "PCIDEV: bad %s %u '%s'", b < 7 ? "address" : "size",
						    b % 7, words[3 + b]);
		/* The low bits of a memory BAR are its flags. */
		for (unsigned b = 0; b < 7; b++)
			out->bar[b] &= ~(uint64_t)0xf;
		return 0;
	case HWPC_MMT_OTHER:
	case HWPC_MMT_UNKNOWN:
		return 0;
	default:
		break;
	}
	bool access = out->kind == HWPC_MMT_READ || out->kind == HWPC_MMT_WRITE;
	unsigned i = 0;
	if (access) {
		if (!num(words[i++], 10, &v) || (v != 1 && v != 2 && v != 4 && v != 8))
			return hwpc_err_set(err, HWPC_EINPUT, "%s: bad width '%s' (1, 2, 4 or 8 bytes)", key, words[0]);
		out->width = (unsigned)v;
	}
	if (!timestamp(words[i]))
		return hwpc_err_set(err, HWPC_EINPUT, "%s: bad timestamp '%s' (seconds.micros)", key, words[i]);
	snprintf(out->ts, sizeof out->ts, "%s", words[i++]);
	if (!num(words[i], 10, &v) || v > INT32_MAX)
		return hwpc_err_set(err, HWPC_EINPUT, "%s: bad map id '%s'", key, words[i]);
	out->map_id = (int)v;
	i++;
	if (out->kind == HWPC_MMT_UNMAP)
		return 0;
	uint64_t *dest[] = { &out->phys, access ? &out->value : &out->virt, &out->len };
	const char *names[] = { "physical address", access ? "value" : "virtual address", "length" };
	for (unsigned j = 0; j < (access ? 2u : 3u); j++, i++)
		if (strncmp(words[i], "0x", 2) || !num(words[i], 16, dest[j]))
			return hwpc_err_set(err, HWPC_EINPUT, "%s: bad %s '%s' (0x and hex digits)", key, names[j], words[i]);
	if (access && out->width < 8 && out->value >> (8 * out->width))
		return hwpc_err_set(err, HWPC_EINPUT, "%s: value 0x%" PRIx64 " does not fit %u bytes", key, out->value,
				    out->width);
	return 0;
}
