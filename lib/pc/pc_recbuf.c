/* SPDX-License-Identifier: MIT */
/* A domain's record buffer as the registers describe it (envytools' PCOUNTER documentation, "Record
 * mode setup"): RECORD_START, RECORD_LIMIT, RECORD_STATUS (position, FAULT),
 * RECORD_ADDRESS_HIGH on G92+, CTRL.MODE and CTRL.RECORD_FORMAT. */
#include "core/err_local.h"
#include "hwpc/dev.h"
#include "hwpc/pc.h"
#include "pc/pc_cmd.h"

#include <string.h>

static int rd_field(struct hwpc_dev *dev, const struct hwpc_pc_layout *l, unsigned d, const char *reg,
		    const char *field, uint64_t *out, bool *present, struct hwpc_err *err)
{
	char name[96];
	const struct hwpc_field *f;
	uint32_t v;
	*present = hwpc_pc_field(l, d, reg, field, name, sizeof name, &f);
	if (!*present)
		return 0;
	int rc = hwpc_reg_read(dev, name, &v, err);
	if (rc)
		return rc;
	*out = hwpc_field_get(f, v);
	/* ADDRESS/POSITION fields hold bits 4-31: give the address itself. */
	if (!strcmp(field, "ADDRESS") || !strcmp(field, "POSITION"))
		*out <<= f->ranges[0].lo;
	return 0;
}

int hwpc_pc_recbuf_read(struct hwpc_dev *dev, const struct hwpc_pc_layout *l, unsigned d,
			struct hwpc_pc_recbuf *out, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	uint64_t start, limit, pos, fault, high = 0, fmt = 0, mode = 0;
	bool have, have_high, have_fmt, have_mode;
	int rc;
	memset(out, 0, sizeof *out);
	if ((rc = rd_field(dev, l, d, "RECORD_START", "ADDRESS", &start, &have, err)))
		return rc;
	if (!have)
		return hwpc_err_set(err, HWPC_EINPUT, "%s has no record mode (RECORD_START is G84-)",
				    l->chip->name);
	if ((rc = rd_field(dev, l, d, "RECORD_LIMIT", "ADDRESS", &limit, &have, err)) ||
	    (rc = rd_field(dev, l, d, "RECORD_STATUS", "POSITION", &pos, &have, err)) ||
	    (rc = rd_field(dev, l, d, "RECORD_STATUS", "FAULT", &fault, &have, err)) ||
	    (rc = rd_field(dev, l, d, "RECORD_ADDRESS_HIGH", "ADDRESS_HIGH", &high, &have_high, err)) ||
	    (rc = rd_field(dev, l, d, "CTRL", "RECORD_FORMAT", &fmt, &have_fmt, err)) ||
	    (rc = rd_field(dev, l, d, "CTRL", "MODE", &mode, &have_mode, err)))
		return rc;
	/* The position is a 32-bit address that wraps at 4 GiB (G92+). */
	if (pos < start)
		return hwpc_err_set(err, HWPC_EOP,
				    "%s: RECORD_STATUS position 0x%llx is below RECORD_START 0x%llx (the "
				    "buffer wrapped at 4 GiB or was not started)",
				    l->dom[d].name, (unsigned long long)pos, (unsigned long long)start);
	out->start = high << 32 | start;
	out->limit = high << 32 | limit;
	out->used = pos - start;
	out->fault = fault != 0;
	/* "After a packet is written with address >= the value of this
	 * register, ... all further writes will be ignored" */
	out->full = out->used && pos - 1 >= limit;
	char name[96];
	const struct hwpc_field *f;
	if (have_fmt && hwpc_pc_field(l, d, "CTRL", "RECORD_FORMAT", name, sizeof name, &f)) {
		const struct hwpc_enum *e = hwpc_enum_find_value(f, l->chip, fmt);
		out->short_format = e && !strcmp(e->name, "SHORT");
	}
	if (have_mode && hwpc_pc_field(l, d, "CTRL", "MODE", name, sizeof name, &f)) {
		const struct hwpc_enum *e = hwpc_enum_find_value(f, l->chip, mode);
		out->record_mode = e && !strcmp(e->name, "RECORD");
	}
	out->hz = hwpc_pc_domain_hz(dev, l, d);
	return 0;
}
