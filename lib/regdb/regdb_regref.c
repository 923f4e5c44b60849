/* SPDX-License-Identifier: MIT */
/* Register references as users write them, NAME[IDX]...[.FIELD]: one
 * parser for the database's registers and for a chip view's, and the text
 * back. */
#include "regdb/regdb_internal.h"
#include "regdb/regdb_lex.h"

#include <stdio.h>
#include <string.h>

/* Registers by name from the database (its hand-written registers) or
 * from a chip's view (every register): one parser for both. */
struct finder {
	const struct hwpc_regdb *db;
	const struct hwpc_regview *view;
	const struct hwpc_chipset *chip;
};

static const struct hwpc_reg *find(const struct finder *fd, const char *name, struct hwpc_err *err)
{
	return fd->view ? hwpc_regview_find(fd->view, name, err) : hwpc_reg_find(fd->db, fd->chip, name, err);
}

static int regref_parse(const struct finder *fd, const char *text, struct hwpc_regref *out,
			struct hwpc_err *err)
{
	const struct hwpc_chipset *chip = fd->chip;
	char name[128];
	const char *s = text;
	size_t n = strcspn(s, "[");

	memset(out, 0, sizeof *out);
	/* NAME may contain dots (PTIMER.TIME_LOW); a trailing .FIELD is split
	 * off after the register is known. */
	if (n >= sizeof name)
		return hwpc_err_set(err, HWPC_EINPUT, "register name too long: '%s'", text);
	memcpy(name, s, n);
	name[n] = 0;
	s += n;
	const char *field = NULL;
	if (!*s) {
		/* No index: "REG" or "REG.FIELD".  Probed without a message
		 * first: the message's nearest-name search is the costly part
		 * of a lookup, and REG.FIELD always misses as a whole name. */
		if (!(out->reg = find(fd, name, NULL))) {
			char *dot = strrchr(name, '.');
			if (dot) {
				*dot = 0;
				field = text + (dot - name) + 1;
				/* a register with a field it lacks: named
				 * below, with the fields it has */
				out->reg = find(fd, name, NULL);
			}
			if (!out->reg) {
				memcpy(name, text, n);
				name[n] = 0;
				find(fd, name, err);
				return err ? err->status : HWPC_EINPUT;
			}
		}
	} else if (!(out->reg = find(fd, name, err))) {
		return HWPC_EINPUT;
	}
	while (*s == '[') {
		char *end;
		unsigned long long v;
		const char *close = strchr(s, ']');
		char num[32];
		size_t m = close ? (size_t)(close - s - 1) : 0;
		if (!close || m == 0 || m >= sizeof num)
			return hwpc_err_set(err, HWPC_EINPUT, "bad index in '%s' (expected NAME[N])", text);
		memcpy(num, s + 1, m);
		num[m] = 0;
		if (!regdb_parse_u64(num, &v) || v > 0xffffffffULL)
			return hwpc_err_set(err, HWPC_EINPUT, "bad index '%s' in '%s'", num, text);
		if (out->nidx >= HWPC_MAX_DIMS)
			return hwpc_err_set(err, HWPC_EINPUT, "too many indices in '%s'", text);
		out->idx[out->nidx++] = (uint32_t)v;
		s = close + 1;
		(void)end;
	}
	if (*s == '.')
		field = s + 1;
	else if (*s)
		return hwpc_err_set(err, HWPC_EINPUT, "trailing text '%s' in '%s'", s, text);
	if (field) {
		if (!(out->field = hwpc_field_find(out->reg, chip, field))) {
			char list[256] = "";
			size_t used = 0;
			for (unsigned i = 0; i < out->reg->nfields; i++)
				if (hwpc_gens_has(&out->reg->fields[i].gens, chip)) {
					int w = snprintf(list + used, used < sizeof list ? sizeof list - used : 0,
							 "%s%s", used ? ", " : "", out->reg->fields[i].name);
					used += (size_t)(w > 0 ? w : 0);
				}
			return hwpc_err_set(err, HWPC_EINPUT, "%s has no field '%s' on %s (fields: %s)",
					    out->reg->name, field, chip->name, used ? list : "none");
		}
	}
	return hwpc_reg_addr(out->reg, out->idx, out->nidx, &out->addr, err);
}

int hwpc_regref_parse(const struct hwpc_regdb *db, const struct hwpc_chipset *chip, const char *text,
		      struct hwpc_regref *out, struct hwpc_err *err)
{
	struct finder fd = { .db = db, .chip = chip };
	return regref_parse(&fd, text, out, err);
}

int hwpc_regview_ref_parse(const struct hwpc_regview *v, const char *text, struct hwpc_regref *out,
			   struct hwpc_err *err)
{
	struct finder fd = { .db = hwpc_regview_db(v), .view = v, .chip = hwpc_regview_chip(v) };
	return regref_parse(&fd, text, out, err);
}

void hwpc_regref_format(const struct hwpc_regref *ref, char *buf, size_t len)
{
	size_t used = (size_t)snprintf(buf, len, "%s", ref->reg->name);
	for (unsigned i = 0; i < ref->nidx && used < len; i++)
		used += (size_t)snprintf(buf + used, len - used, "[%u]", ref->idx[i]);
	if (ref->field && used < len)
		snprintf(buf + used, len - used, ".%s", ref->field->name);
}
