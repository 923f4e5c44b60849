/* SPDX-License-Identifier: MIT */
/* pcread --list-regs and --reg: the chip's registers by pattern, and any
 * register or field read by name with its fields decoded. */
#include "pcread.h"

int pcread_list_regs(struct hwpc_out *o, struct hwpc_dev *dev, const char *pattern)
{
	struct hwpc_err err;
	const struct hwpc_reg *r;
	unsigned pos = 0, n = 0;
	while ((r = hwpc_regdb_select_next(dev->db, dev->chip, pattern, &pos))) {
		char dims[96];
		hwpc_reg_dims_format(r, dims, sizeof dims);
		hwpc_out_begin(o);
		hwpc_out_str(o, "reg", r->name);
		hwpc_out_str(o, "dims", dims);
		hwpc_out_hex(o, "addr", r->space->base + r->offset, 6);
		hwpc_out_str(o, "access", hwpc_reg_access_name(r));
		hwpc_out_str(o, "doc", r->doc ? r->doc : "");
		if (hwpc_out_end(o, &err))
			return cli_fail_err(&err);
		n++;
	}
	if (!n && pattern)
		return cli_fail(HWPC_EINPUT, "--list-regs: no register of %s matches '%s'", dev->chip->name, pattern);
	return 0;
}

int pcread_read_regs(struct hwpc_out *o, struct hwpc_dev *dev, const char *const *names, unsigned n)
{
	struct hwpc_err err;
	struct hwpc_regref refs[64];
	if (n > sizeof refs / sizeof refs[0])
		return cli_fail(HWPC_EINPUT, "--reg: more than %zu registers", sizeof refs / sizeof refs[0]);
	/* Every name first: a typo reads nothing. */
	for (unsigned i = 0; i < n; i++)
		if (hwpc_regref_parse_readable(dev->db, dev->chip, names[i], &refs[i], &err))
			return cli_fail(HWPC_EINPUT, "--reg %s: %s", names[i], err.msg);
	for (unsigned i = 0; i < n; i++) {
		struct hwpc_regval v;
		if (hwpc_regref_read(dev, &refs[i], &v, &err))
			return cli_fail_err(&err);
		hwpc_out_begin(o);
		hwpc_out_str(o, "reg", v.name);
		hwpc_out_hex(o, "addr", v.addr, 6);
		if (v.is_field)
			hwpc_out_hex(o, "value", v.value, 0);
		else
			hwpc_out_hex32(o, "value", (uint32_t)v.value);
		hwpc_out_str(o, "fields", v.text);
		if (hwpc_out_end(o, &err))
			return cli_fail_err(&err);
	}
	return 0;
}
