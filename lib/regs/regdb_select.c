/* SPDX-License-Identifier: MIT */
/* Registers by pattern and by name for people (see hwpc/regdb_select.h). */
#include "dev/backend.h"
#include "core/err_local.h"
#include "regs/snapshot.h"
#include "regs/regs_cmd.h"

#include <fnmatch.h>
#include <stdio.h>
#include <string.h>

bool hwpc_reg_selected(const struct hwpc_reg *r, const char *pattern)
{
	if (!pattern)
		return true;
	if (strpbrk(pattern, "*?["))
		return !fnmatch(pattern, r->name, FNM_CASEFOLD) || !fnmatch(pattern, r->short_name, FNM_CASEFOLD);
	return strcasestr(r->name, pattern) != NULL;
}

const struct hwpc_reg *hwpc_regs_select_next(const struct hwpc_regview *v, const char *pattern, unsigned *pos)
{
	while (*pos < hwpc_regview_count(v)) {
		const struct hwpc_reg *r = hwpc_regview_reg(v, (*pos)++);
		if (hwpc_reg_selected(r, pattern))
			return r;
	}
	return NULL;
}

void hwpc_reg_dims_format(const struct hwpc_reg *r, char *buf, size_t len)
{
	size_t k = 0;
	if (len)
		buf[0] = 0;
	for (unsigned d = 0; d < r->ndims && k < len; d++)
		k += (size_t)snprintf(buf + k, len - k, "[%s:%u]", r->dims[d].name, r->dims[d].count);
}

const char *hwpc_reg_access_name(const struct hwpc_reg *r)
{
	static const char *const names[] = { "rw", "ro", "wo", "w1c" };
	return (unsigned)r->access < sizeof names / sizeof names[0] ? names[r->access] : "?";
}

int hwpc_regref_parse_readable(const struct hwpc_regview *v, const char *text, struct hwpc_regref *out,
			       struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	int rc = hwpc_regview_ref_parse(v, text, out, err);
	if (rc)
		return rc;
	if (out->reg->access == HWPC_ACCESS_WO)
		return hwpc_err_set(err, HWPC_EINPUT, "%s is write-only", out->reg->name);
	return 0;
}

int hwpc_regref_read(struct hwpc_dev *dev, const struct hwpc_regref *ref, struct hwpc_regval *out,
		     struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	uint64_t v;
	hwpc_regref_format(ref, out->name, sizeof out->name);
	if (hwpc_rd(dev, ref->addr, ref->reg->width / 8, &v))
		return hwpc_err_set(err, hwpc_dev_error(dev)->status, "reading %s: %s", out->name, hwpc_dev_error(dev)->msg);
	out->addr = ref->addr;
	out->is_field = ref->field != NULL;
	if (ref->field) {
		const struct hwpc_enum *e;
		out->value = hwpc_field_get(ref->field, v);
		e = hwpc_enum_find_value(ref->field, hwpc_dev_chip(dev), out->value);
		snprintf(out->text, sizeof out->text, "%s", e ? e->name : "");
	} else {
		out->value = v;
		hwpc_reg_decode(ref->reg, hwpc_dev_chip(dev), v, out->text, sizeof out->text);
	}
	return 0;
}
