/* SPDX-License-Identifier: MIT */
/* Generation ranges: "NV41-", "NV10:NV30", ":NV40", "G84", "all", comma
 * lists.  Ranges follow the chipset table's order, not numeric ids. */
#include "regdb/regdb_internal.h"
#include "core/strdist.h"
#include "regdb/regdb_cmd.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

bool hwpc_gens_has(const struct hwpc_gens *g, const struct hwpc_chipset *chip)
{
	return chip && (g->bits[chip->index / 64] >> (chip->index % 64)) & 1;
}

static void gens_set(struct hwpc_gens *g, unsigned i)
{
	g->bits[i / 64] |= 1ULL << (i % 64);
}

unsigned hwpc_regdb_chipset_count(const struct hwpc_regdb *db)
{
	return (unsigned)db->chipsets.len;
}

const struct hwpc_chipset *hwpc_regdb_chipset(const struct hwpc_regdb *db, unsigned index)
{
	return index < db->chipsets.len ? VEC_AT(db->chipsets, struct hwpc_chipset, index) : NULL;
}

/* "NV84", "nva0", "NV117": nouveau's name, the BOOT_0 chipset id in hex
 * after "NV"; -1 if name is not of that form. */
static int nv_codename_id(const char *name)
{
	if (strncasecmp(name, "NV", 2) || !name[2] || strlen(name) > 5)
		return -1;
	int id = 0;
	for (const char *s = name + 2; *s; s++) {
		int d = isdigit((unsigned char)*s) ? *s - '0'
		      : isxdigit((unsigned char)*s) ? tolower((unsigned char)*s) - 'a' + 10 : -1;
		if (d < 0)
			return -1;
		id = id * 16 + d;
	}
	return id;
}

/* Equal ignoring case, blanks and '-': "geforce 8600gt" is "GeForce 8600 GT". */
static bool same_words(const char *a, size_t n, const char *b)
{
	size_t i = 0;
	for (;; b++) {
		while (i < n && (a[i] == ' ' || a[i] == '-'))
			i++;
		while (*b == ' ' || *b == '-')
			b++;
		if (i == n || !*b)
			return i == n && !*b;
		if (tolower((unsigned char)a[i++]) != tolower((unsigned char)*b))
			return false;
	}
}

/* Is name one of c's aliases (regdb's alias=, '|'-separated)? */
static bool is_alias(const struct hwpc_chipset *c, const char *name)
{
	for (const char *s = c->aliases; s && *s;) {
		size_t n = strcspn(s, "|");
		if (same_words(s, n, name))
			return true;
		s += n + (s[n] == '|');
	}
	return false;
}

const struct hwpc_chipset *hwpc_chipset_by_name(const struct hwpc_regdb *db, const char *name)
{
	for (size_t i = 0; i < db->chipsets.len; i++) {
		const struct hwpc_chipset *c = VEC_AT(db->chipsets, struct hwpc_chipset, i);
		if (!strcasecmp(c->name, name))
			return c;
	}
	for (size_t i = 0; i < db->chipsets.len; i++) {
		const struct hwpc_chipset *c = VEC_AT(db->chipsets, struct hwpc_chipset, i);
		if (is_alias(c, name))
			return c;
	}
	int id = nv_codename_id(name);
	return id >= 0x10 ? hwpc_chipset_by_id(db, id) : NULL;
}

/* The letters a name starts with: "GF" of GF100, "G" of G84, "MCP" of MCP77. */
static size_t letters(const char *s)
{
	size_t n = 0;
	while (isalpha((unsigned char)s[n]))
		n++;
	return n;
}

const struct hwpc_chipset *hwpc_chipset_nearest(const struct hwpc_regdb *db, const char *name)
{
	const struct hwpc_chipset *best = NULL;
	/* nouveau's NVxx: the chipset of the nearest id, in its family by
	 * construction (ids are given out by family). */
	int id = nv_codename_id(name);
	if (id >= 0x10) {
		int bestd = 0x40; /* farther is another generation, not a typo */
		for (size_t i = 0; i < db->chipsets.len; i++) {
			const struct hwpc_chipset *c = VEC_AT(db->chipsets, struct hwpc_chipset, i);
			int d = c->id >= 0 ? abs(c->id - id) : bestd;
			if (d < bestd) {
				bestd = d;
				best = c;
			}
		}
		return best;
	}
	/* Else the nearest name of the family the letters name ("GF101":
	 * Fermi's GF100, not Kepler's); a name whose letters no chipset has
	 * is compared with every name. */
	size_t nl = letters(name);
	bool same_family = false;
	for (size_t i = 0; i < db->chipsets.len && !same_family; i++) {
		const struct hwpc_chipset *c = VEC_AT(db->chipsets, struct hwpc_chipset, i);
		same_family = nl && letters(c->name) == nl && !strncasecmp(c->name, name, nl);
	}
	unsigned bestd = ~0u;
	for (size_t i = 0; i < db->chipsets.len; i++) {
		const struct hwpc_chipset *c = VEC_AT(db->chipsets, struct hwpc_chipset, i);
		if (same_family && !(letters(c->name) == nl && !strncasecmp(c->name, name, nl)))
			continue;
		/* Ties go to a name of the typed length: a typo, not a cut. */
		unsigned d = 2 * hwpc_strdist_ci(name, c->name) + (strlen(c->name) != strlen(name));
		if (d < bestd) {
			bestd = d;
			best = c;
		}
	}
	/* A typo, not another name: at most one edit in three characters. */
	return bestd / 2 * 3 <= strlen(name) ? best : NULL;
}

const struct hwpc_chipset *hwpc_chipset_by_id(const struct hwpc_regdb *db, int id)
{
	for (size_t i = 0; i < db->chipsets.len; i++) {
		const struct hwpc_chipset *c = VEC_AT(db->chipsets, struct hwpc_chipset, i);
		if (c->id == id)
			return c;
	}
	return NULL;
}

static const struct hwpc_chipset *chip_n(const struct hwpc_regdb *db, const char *s, size_t n)
{
	char buf[32];
	if (n == 0 || n >= sizeof buf)
		return NULL;
	memcpy(buf, s, n);
	buf[n] = 0;
	return hwpc_chipset_by_name(db, buf);
}

/* The first index of c's group, and one past its last. */
static unsigned group_first(const struct hwpc_regdb *db, const struct hwpc_chipset *c)
{
	unsigned i = (unsigned)c->index;
	while (i > 0 && !strcmp(hwpc_regdb_chipset(db, i - 1)->group, c->group))
		i--;
	return i;
}

static unsigned group_end(const struct hwpc_regdb *db, const struct hwpc_chipset *c)
{
	unsigned i = (unsigned)c->index + 1, n = (unsigned)db->chipsets.len;
	while (i < n && !strcmp(hwpc_regdb_chipset(db, i)->group, c->group))
		i++;
	return i;
}

int hwpc_gens_parse(const struct hwpc_regdb *db, const char *text, struct hwpc_gens *out,
		    struct hwpc_err *err)
{
	const char *s = text;
	unsigned nchips = (unsigned)db->chipsets.len;

	memset(out, 0, sizeof *out);
	if (!strcmp(text, "all")) {
		*out = db->all;
		return 0;
	}
	while (*s) {
		size_t n = strcspn(s, ",");
		const char *colon = memchr(s, ':', n);
		const char *item = s;
		unsigned from = 0, to = nchips; /* [from, to) */

		if (n == 0)
			return hwpc_err_set(err, HWPC_EINPUT, "empty item in range '%s'", text);
		if (colon) {
			const struct hwpc_chipset *a = NULL, *b = NULL;
			if (colon > s && !(a = chip_n(db, s, (size_t)(colon - s))))
				goto unknown;
			item = colon + 1;
			if (!(b = chip_n(db, colon + 1, n - (size_t)(colon - s) - 1)))
				goto unknown;
			if (a && strcmp(a->group, b->group))
				return hwpc_err_set(err, HWPC_EINPUT,
						    "range '%.*s' in '%s' spans two chipset groups (%s, %s)",
						    (int)n, s, text, a->group, b->group);
			from = a ? (unsigned)a->index : group_first(db, b);
			to = (unsigned)b->index;
			if (from >= to)
				return hwpc_err_set(err, HWPC_EINPUT,
						    "empty range '%.*s' in '%s' (%s does not come after %s "
						    "in the chipset table)",
						    (int)n, s, text, b->name, a ? a->name : "the start");
		} else if (s[n - 1] == '-') {
			const struct hwpc_chipset *a = chip_n(db, s, n - 1);
			if (!a)
				goto unknown;
			from = (unsigned)a->index;
			to = group_end(db, a);
		} else {
			const struct hwpc_chipset *a = chip_n(db, s, n);
			if (!a)
				goto unknown;
			from = (unsigned)a->index;
			to = from + 1;
		}
		for (unsigned i = from; i < to; i++)
			gens_set(out, i);
		s += n;
		if (*s == ',')
			s++;
		continue;
	unknown:
		return hwpc_err_set(err, HWPC_EINPUT,
				    "unknown chipset in range item '%.*s' of '%s' (expected names from the "
				    "chipset table, as in NV41-, NV10:NV30 or G84)",
				    (int)n, item == s ? s : s, text);
	}
	return 0;
}

void hwpc_gens_format(const struct hwpc_regdb *db, const struct hwpc_gens *g, char *buf, size_t len)
{
	unsigned n = (unsigned)db->chipsets.len, i = 0;
	size_t used = 0;

	if (len)
		buf[0] = 0;
	if (!memcmp(g, &db->all, sizeof *g)) {
		snprintf(buf, len, "all");
		return;
	}
	while (i < n) {
		while (i < n && !hwpc_gens_has(g, hwpc_regdb_chipset(db, i)))
			i++;
		if (i >= n)
			break;
		unsigned start = i, end = group_end(db, hwpc_regdb_chipset(db, start));
		while (i < end && hwpc_gens_has(g, hwpc_regdb_chipset(db, i)))
			i++;
		const char *a = hwpc_regdb_chipset(db, start)->name;
		int w;
		if (i == end && i > start + 1)
			w = snprintf(buf + used, used < len ? len - used : 0, "%s%s-", used ? "," : "", a);
		else if (i == start + 1)
			w = snprintf(buf + used, used < len ? len - used : 0, "%s%s", used ? "," : "", a);
		else
			w = snprintf(buf + used, used < len ? len - used : 0, "%s%s:%s", used ? "," : "", a,
				     hwpc_regdb_chipset(db, i)->name);
		used += (size_t)(w > 0 ? w : 0);
	}
	if (!used)
		snprintf(buf, len, "none");
}

bool hwpc_vendor_known(const struct hwpc_regdb *db, uint16_t vendor)
{
	for (size_t i = 0; i < db->vendors.len; i++)
		if (VEC_AT(db->vendors, struct hwpc_vendor, i)->id == vendor)
			return true;
	return false;
}
