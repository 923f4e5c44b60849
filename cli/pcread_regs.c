/* SPDX-License-Identifier: MIT */
/* pcread --list-regs and --reg: the chip's registers by pattern, and
 * registers read by name (with index and field), by glob, by address or by
 * address range (nvapeek's ADDR:LEN), each named where regdb knows the
 * address and its fields decoded.  A register whose read has a side effect
 * (regdb's onread=) is read only when named. */
#include "pcread.h"
#include "common/regarg.h"

#include <stdlib.h>

int pcread_list_regs(struct hwpc_out *o, struct hwpc_dev *dev, const char *pattern)
{
	struct hwpc_err err;
	const struct hwpc_reg *r;
	unsigned pos = 0, n = 0;
	while ((r = hwpc_regdb_select_next(dev->db, dev->chip, pattern, &pos))) {
		char dims[96];
		hwpc_reg_dims_format(r, dims, sizeof dims);
		hwpc_out_record(o, "reg_info");
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

static int emit(struct hwpc_out *o, const char *name, uint32_t addr, const uint64_t *value, bool is_field,
		const char *fields)
{
	struct hwpc_err err;
	hwpc_out_record(o, "reg_value");
	hwpc_out_str(o, "reg", name);
	hwpc_out_hex(o, "addr", addr, 6);
	if (!value)
		hwpc_out_null(o, "value");
	else if (is_field)
		hwpc_out_hex(o, "value", *value, 0);
	else
		hwpc_out_hex32(o, "value", (uint32_t)*value);
	hwpc_out_str(o, "fields", fields);
	return hwpc_out_end(o, &err) ? cli_fail_err(&err) : 0;
}

/* One word at addr, named by regdb ("unknown" where it has nothing).  Not
 * named by the user: a read with a side effect is left out, and said so. */
static int read_word(struct hwpc_out *o, struct hwpc_dev *dev, uint32_t addr, bool named)
{
	char name[160], text[512] = "";
	const struct hwpc_reg *r = regarg_name_at(dev->db, dev->chip, addr, name, sizeof name);
	if (r && r->onread && !named) {
		snprintf(text, sizeof text, "not read (reading it %s; name it to read it)", r->onread);
		return emit(o, name, addr, NULL, false, text);
	}
	uint32_t v;
	if (hwpc_rd32(dev, addr, &v))
		return cli_fail(dev->err.status, "reading 0x%06x: %s", addr, dev->err.msg);
	if (r)
		hwpc_reg_decode(r, dev->chip, v, text, sizeof text);
	uint64_t v64 = v;
	return emit(o, name, addr, &v64, false, text);
}

static int read_ref(struct hwpc_out *o, struct hwpc_dev *dev, const struct hwpc_regref *ref)
{
	struct hwpc_err err;
	struct hwpc_regval v;
	if (hwpc_regref_read(dev, ref, &v, &err))
		return cli_fail_err(&err);
	return emit(o, v.name, v.addr, &v.value, v.is_field, v.text);
}

/* Every element of every register the glob selects, in regdb order. */
static int read_glob(struct hwpc_out *o, struct hwpc_dev *dev, const char *pattern)
{
	const struct hwpc_reg *r;
	unsigned pos = 0;
	int rc = 0;
	while (!rc && (r = hwpc_regdb_select_next(dev->db, dev->chip, pattern, &pos))) {
		if (r->access == HWPC_ACCESS_WO)
			continue;
		for (uint32_t i = 0; i < hwpc_reg_elements(r) && !rc; i++) {
			uint32_t addr;
			struct hwpc_err err;
			if (hwpc_reg_addr(r, &i, r->ndims ? 1 : 0, &addr, &err))
				return cli_fail_err(&err);
			if (addr + 4 <= dev->size)
				rc = read_word(o, dev, addr, false);
		}
	}
	return rc;
}

int pcread_read_regs(struct hwpc_out *o, struct hwpc_dev *dev, const char *const *names, unsigned n)
{
	struct hwpc_err err;
	struct regarg *args = calloc(n ? n : 1, sizeof *args);
	int rc = args ? 0 : cli_fail(HWPC_EOP, "out of memory");
	/* Every argument first: a typo reads nothing. */
	for (unsigned i = 0; i < n && !rc; i++) {
		if (regarg_parse(dev->db, dev->chip, dev->size, names[i], true, true, &args[i], &err))
			rc = cli_fail(HWPC_EINPUT, "--reg %s: %s", names[i], err.msg);
		else if (!args[i].by_addr && !args[i].glob && args[i].ref.reg->access == HWPC_ACCESS_WO)
			rc = cli_fail(HWPC_EINPUT, "--reg %s: %s is write-only", names[i], args[i].ref.reg->name);
	}
	for (unsigned i = 0; i < n && !rc; i++) {
		if (args[i].glob)
			rc = read_glob(o, dev, args[i].text);
		else if (!args[i].by_addr)
			rc = read_ref(o, dev, &args[i].ref);
		else if (args[i].len == 4)
			/* One address is named: read it whatever regdb says. */
			rc = read_word(o, dev, args[i].addr, true);
		else
			for (uint64_t a = args[i].addr; a < (uint64_t)args[i].addr + args[i].len && !rc; a += 4)
				rc = read_word(o, dev, (uint32_t)a, false);
	}
	free(args);
	return rc;
}
