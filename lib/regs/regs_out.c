/* SPDX-License-Identifier: MIT */
/* Registers listed, read and decoded as records (see regs_cmd.h): the
 * chip's registers by pattern; registers read by name (with index and
 * field), by glob, by address or by address range (envytools' nvapeek
 * ADDR:LEN), each named where regdb knows the address and its fields
 * decoded; values decoded without a device (envytools' lookup); and the
 * differences of two snapshots, or of a snapshot and a device. */
#include "dev/backend.h"
#include "core/err_local.h"
#include "regs/regs_cmd.h"

#include <stdlib.h>
#include <string.h>

int hwpc_regs_list_out(const struct hwpc_regview *v, const char *pattern, struct hwpc_out *o,
		       struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	const struct hwpc_reg *r;
	unsigned pos = 0, n = 0;
	while ((r = hwpc_regs_select_next(v, pattern, &pos))) {
		char dims[96];
		hwpc_reg_dims_format(r, dims, sizeof dims);
		hwpc_out_record(o, "reg_info");
		hwpc_out_str(o, "reg", r->name);
		hwpc_out_str(o, "dims", dims);
		hwpc_out_hex(o, "addr", r->space->base + r->offset, 6);
		hwpc_out_str(o, "access", hwpc_reg_access_name(r));
		hwpc_out_str(o, "doc", r->doc ? r->doc : "");
		if (hwpc_out_end(o, err))
			return err->status;
		n++;
	}
	if (!n && pattern)
		return hwpc_err_set(err, HWPC_EINPUT, "no register of %s matches '%s'", hwpc_regview_chip(v)->name,
				    pattern);
	return 0;
}

/* err's message, as bad input about what's argument arg ("--reg X: ..."). */
static int bad_arg(struct hwpc_err *err, const char *what, const char *arg)
{
	err->status = HWPC_EINPUT;
	return hwpc_err_prefix(err, "%s %s", what, arg);
}

/* A value as wide as its access: 0x%08x for a word, 0x%02x for a byte. */
static void out_value(struct hwpc_out *o, uint64_t v, unsigned bytes)
{
	if (bytes == 4)
		hwpc_out_hex32(o, "value", (uint32_t)v);
	else
		hwpc_out_hex(o, "value", v, (int)bytes * 2);
}

static int reg_value(struct hwpc_out *o, const char *name, uint32_t addr, const uint64_t *value, unsigned bytes,
		     bool is_field, const char *fields, struct hwpc_err *err)
{
	hwpc_out_record(o, "reg_value");
	hwpc_out_str(o, "reg", name);
	hwpc_out_hex(o, "addr", addr, 6);
	if (!value)
		hwpc_out_null(o, "value");
	else if (is_field)
		hwpc_out_hex(o, "value", *value, 0);
	else
		out_value(o, *value, bytes);
	hwpc_out_str(o, "fields", fields);
	return hwpc_out_end(o, err);
}

/* bytes at addr, named by regdb ("unknown" where it has nothing), as a
 * record unless quiet; *v gets what was read (0 when left out).  Not named
 * by the user: a read with a side effect is left out, and said so. */
static int read_at(struct hwpc_out *o, struct hwpc_dev *dev, uint32_t addr, unsigned bytes, bool named, bool quiet,
		   uint64_t *v, struct hwpc_err *err)
{
	char name[160], text[512] = "";
	bool whole;
	const struct hwpc_reg *r =
		hwpc_regarg_name_at(hwpc_dev_regview(dev), addr, bytes, name, sizeof name, &whole, NULL);
	*v = 0;
	if (r && r->onread && !named) {
		snprintf(text, sizeof text, "not read (reading it %s; name it to read it)", r->onread);
		return quiet ? 0 : reg_value(o, name, addr, NULL, bytes, false, text, err);
	}
	if (hwpc_rd(dev, addr, bytes, v))
		return hwpc_err_set(err, hwpc_dev_error(dev)->status, "reading 0x%06x: %s", addr, hwpc_dev_error(dev)->msg);
	if (r && whole)
		hwpc_reg_decode(r, hwpc_dev_chip(dev), *v, text, sizeof text);
	return quiet ? 0 : reg_value(o, name, addr, v, bytes, false, text, err);
}

/* A range: a record per word, or in text envytools' nvapeek dump, the
 * address and four words a line. */
static int read_range(struct hwpc_out *o, struct hwpc_dev *dev, uint32_t addr, uint32_t len, bool text,
		      struct hwpc_err *err)
{
	char line[64];
	size_t used = 0;
	int rc = 0;
	for (uint64_t a = addr; a < (uint64_t)addr + len && !rc; a += 4) {
		uint64_t v;
		rc = read_at(o, dev, (uint32_t)a, 4, false, text, &v, err);
		if (rc || !text)
			continue;
		if (!used)
			used = (size_t)snprintf(line, sizeof line, "%06llx:", (unsigned long long)a);
		used += (size_t)snprintf(line + used, sizeof line - used, " %08llx", (unsigned long long)v);
		if ((a - addr) % 16 == 12 || a + 4 >= (uint64_t)addr + len) {
			rc = hwpc_out_text(o, line, err);
			used = 0;
		}
	}
	return rc;
}

/* Every element of every register the glob selects, in address order. */
static int read_glob(struct hwpc_out *o, struct hwpc_dev *dev, const char *pattern, struct hwpc_err *err)
{
	const struct hwpc_reg *r;
	unsigned pos = 0;
	int rc = 0;
	while (!rc && (r = hwpc_regs_select_next(hwpc_dev_regview(dev), pattern, &pos))) {
		if (r->access == HWPC_ACCESS_WO)
			continue;
		for (uint32_t i = 0; i < hwpc_reg_elements(r) && !rc; i++) {
			uint32_t addr;
			uint64_t v;
			if (hwpc_reg_addr(r, &i, r->ndims ? 1 : 0, &addr, err))
				return err->status;
			if (addr + r->width / 8 <= hwpc_dev_bar_size(dev))
				rc = read_at(o, dev, addr, r->width / 8, false, false, &v, err);
		}
	}
	return rc;
}

static int read_arg(struct hwpc_out *o, struct hwpc_dev *dev, const struct hwpc_regarg *a, bool text,
		    struct hwpc_err *err)
{
	struct hwpc_regval v;
	uint64_t x;
	if (a->glob)
		return read_glob(o, dev, a->text, err);
	if (!a->by_addr)
		return hwpc_regref_read(dev, &a->ref, &v, err) ? err->status
							       : reg_value(o, v.name, v.addr, &v.value, a->bytes,
									   v.is_field, v.text, err);
	if (a->len == a->bytes) /* one address is named: read it whatever regdb says */
		return read_at(o, dev, a->addr, a->bytes, true, false, &x, err);
	return read_range(o, dev, a->addr, a->len, text, err);
}

int hwpc_regs_read_out(struct hwpc_dev *dev, const char *const *args, unsigned n, const char *what, bool text,
		       struct hwpc_out *o, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	struct hwpc_regarg *a = calloc(n ? n : 1, sizeof *a);
	int rc = a ? 0 : hwpc_err_set(err, HWPC_EOP, "out of memory");
	if (!rc && !hwpc_dev_regview(dev))
		rc = hwpc_err_set(err, HWPC_EINPUT, "%s: the device's chipset is not known", what);
	/* Every argument first: a typo reads nothing. */
	for (unsigned i = 0; i < n && !rc; i++) {
		if (hwpc_regarg_parse(hwpc_dev_regview(dev), hwpc_dev_bar_size(dev), args[i], true, true, &a[i], err))
			rc = bad_arg(err, what, args[i]);
		else if (!a[i].by_addr && !a[i].glob && a[i].ref.reg->access == HWPC_ACCESS_WO)
			rc = hwpc_err_set(err, HWPC_EINPUT, "%s %s: %s is write-only", what, args[i], a[i].ref.reg->name);
	}
	for (unsigned i = 0; i < n && !rc; i++)
		rc = read_arg(o, dev, &a[i], text, err);
	free(a);
	return rc;
}

int hwpc_regs_decode_out(const struct hwpc_regview *v, const char *device, const char *const *args, unsigned n,
			 const char *what, struct hwpc_out *o, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	const struct hwpc_chipset *chip = hwpc_regview_chip(v);
	struct hwpc_regassign a;
	/* Every value first: a typo decodes nothing. */
	for (unsigned i = 0; i < n; i++) {
		if (hwpc_regassign_parse(v, 0, args[i], &a, err))
			return bad_arg(err, what, args[i]);
		if (strchr(strchr(args[i], '='), ':'))
			return hwpc_err_set(err, HWPC_EINPUT, "%s %s: a value to decode takes no :MASK", what, args[i]);
	}
	for (unsigned i = 0; i < n; i++) {
		char name[160], text[512] = "";
		const struct hwpc_reg *r;
		const struct hwpc_field *f = NULL;
		hwpc_regassign_parse(v, 0, args[i], &a, err);
		if (a.target.by_addr) {
			bool whole;
			r = hwpc_regarg_name_at(v, a.target.addr, a.target.bytes, name, sizeof name, &whole, NULL);
			r = whole ? r : NULL; /* part of a register: its fields do not apply */
		} else {
			r = a.target.ref.reg;
			f = a.target.ref.field;
			hwpc_regref_format(&a.target.ref, name, sizeof name);
		}
		uint64_t x = f ? hwpc_field_get(f, a.value) : a.value;
		if (f) {
			const struct hwpc_enum *e = hwpc_enum_find_value(f, chip, x);
			snprintf(text, sizeof text, "%s", e ? e->name : "");
		} else if (r) {
			hwpc_reg_decode(r, chip, a.value, text, sizeof text);
		}
		hwpc_out_set_device(o, device, chip->name);
		hwpc_out_record(o, "reg_decode");
		hwpc_out_str(o, "reg", name);
		hwpc_out_hex(o, "addr", a.target.addr, 6);
		if (f)
			hwpc_out_hex(o, "value", x, 0);
		else
			out_value(o, x, a.target.bytes);
		hwpc_out_str(o, "fields", text);
		if (hwpc_out_end(o, err))
			return err->status;
	}
	return 0;
}

static void side(struct hwpc_out *o, const char *key, const struct hwpc_snap_reg *r)
{
	if (r)
		hwpc_out_hex32(o, key, r->value);
	else
		hwpc_out_null(o, key);
}

int hwpc_snapshot_diff_out(const struct hwpc_snapshot *a, const struct hwpc_snapshot *b,
			   const struct hwpc_snap_filter *filter, struct hwpc_out *o, unsigned *ndiff,
			   struct hwpc_snap_left *left, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	static const struct hwpc_col cols[] = {
		{ "unit", 0 }, { "reg", 0 }, { "addr", 8 }, { "a", 10 }, { "b", 10 }, { "fields", 0 },
	};
	struct hwpc_snap_change *ch;
	int rc = 0;
	*ndiff = 0;
	if (hwpc_out_table(o, cols, sizeof cols / sizeof cols[0], err) ||
	    hwpc_snapshot_diff_filtered(a, b, filter, &ch, ndiff, left, err))
		return err->status;
	for (unsigned i = 0; i < *ndiff && !rc; i++) {
		const struct hwpc_snap_reg *r = ch[i].a ? ch[i].a : ch[i].b;
		hwpc_out_record(o, "reg_diff");
		hwpc_out_str(o, "unit", ch[i].unit);
		hwpc_out_str(o, "reg", r->name);
		hwpc_out_hex(o, "addr", r->addr, 6);
		side(o, "a", ch[i].a);
		side(o, "b", ch[i].b);
		hwpc_out_str(o, "fields", !ch[i].a ? "only in b" : !ch[i].b ? "only in a" : ch[i].fields);
		rc = hwpc_out_end(o, err);
	}
	free(ch);
	return rc;
}

int hwpc_snapshot_diff_summary_out(struct hwpc_out *o, unsigned ndiff, const struct hwpc_snap_left *left,
				   struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	hwpc_out_record(o, "reg_diff_summary");
	hwpc_out_u64(o, "changed_count", ndiff);
	hwpc_out_u64(o, "volatile_count", left->volatile_n);
	hwpc_out_u64(o, "ignored_count", left->ignored_n);
	return hwpc_out_end(o, err);
}
