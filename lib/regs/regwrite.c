/* SPDX-License-Identifier: MIT */
/* Register writes by NAME[.FIELD]|ADDR=VALUE[:MASK] (see regs_cmd.h): the
 * one implementation pcsetup --reg and pcsim reg share.  A field write
 * reads the register and writes back its other bits (read-modify-write);
 * the read-back compares only the bits regdb says read what was written
 * (read= and readback=, hwpc-regdb(5)), so a trigger bit that reads 0 or a
 * counter that reads its live count is reported, not called a write that
 * did not stick. */
#include "core/err_local.h"
#include "regs/regs_cmd.h"

#include <stdio.h>
#include <string.h>

/* The bits of the access (bit 0 its first) whose read returns what kind
 * says, by regdb's read=, readback= and fields of the register holding it:
 * for a byte inside a register, that register's bits from the byte on. */
static uint64_t read_bits(const struct hwpc_regwrite *w, const struct hwpc_chipset *chip, enum hwpc_read kind)
{
	uint64_t m = 0;
	unsigned lo = w->at * 8;
	for (unsigned i = 0; i < w->a.target.bytes * 8 && lo + i < w->reg->width; i++)
		if (hwpc_reg_bit_read(w->reg, chip, lo + i) == kind)
			m |= 1ull << i;
	return m;
}

/* The bits of the access that no field of the register holding it
 * describes, where it has fields and readback= does not say which bits
 * read back: reserved, so what they read is not documented and a
 * read-back does not compare them (a card may keep them or not; the
 * simulator keeps what its fields hold). */
static uint64_t undescribed(const struct hwpc_regwrite *w, const struct hwpc_chipset *chip)
{
	const struct hwpc_reg *reg = w->reg;
	uint64_t covered = 0;
	if (!reg || !reg->nfields || reg->has_readback)
		return 0;
	for (unsigned i = 0; i < reg->nfields; i++) {
		const struct hwpc_field *f = &reg->fields[i];
		for (unsigned k = 0; hwpc_gens_has(&f->gens, chip) && k < f->nranges; k++) {
			unsigned n = f->ranges[k].hi - f->ranges[k].lo + 1u;
			covered |= (n >= 64 ? UINT64_MAX : (1ULL << n) - 1) << f->ranges[k].lo;
		}
	}
	if (!covered)
		return 0;
	uint64_t all = reg->width >= 64 ? UINT64_MAX : (1ULL << reg->width) - 1;
	unsigned bits = w->a.target.bytes * 8;
	uint64_t access = bits >= 64 ? UINT64_MAX : (1ULL << bits) - 1;
	return ((all & ~covered) >> (w->at * 8)) & access;
}

/* What regdb knows at the target, and whether it may be written. */
static int check(struct hwpc_dev *dev, struct hwpc_regwrite *w, unsigned flags, struct hwpc_err *err)
{
	const struct hwpc_field *f = w->a.target.by_addr ? NULL : w->a.target.ref.field;
	bool force = flags & HWPC_REGWRITE_FORCE;
	unsigned bytes = w->a.target.bytes;
	if (w->a.target.by_addr)
		w->reg = hwpc_regarg_name_at(hwpc_dev_regview(dev), w->a.target.addr, bytes, w->name, sizeof w->name,
					     &w->whole, &w->at);
	else {
		w->whole = true;
		w->reg = w->a.target.ref.reg;
		hwpc_regref_format(&w->a.target.ref, w->name, sizeof w->name);
	}
	if (!w->reg && !force)
		return hwpc_err_set(err, HWPC_EINPUT, "regdb knows no register at 0x%06x on %s (--force writes it anyway)",
				    w->a.target.addr, hwpc_dev_chip(dev)->name);
	bool ro = w->reg && (w->reg->access == HWPC_ACCESS_RO || (f && f->access == HWPC_ACCESS_RO));
	if (ro && !force)
		return hwpc_err_set(err, HWPC_EINPUT, "%s is read-only on %s (regdb: %s) (--force writes it anyway)",
				    w->name, hwpc_dev_chip(dev)->name, w->reg->doc ? w->reg->doc : "ro");
	w->readable = !w->reg || (w->reg->access != HWPC_ACCESS_WO && w->reg->access != HWPC_ACCESS_W1C &&
				  !w->reg->onread);
	uint64_t all = bytes >= 8 ? UINT64_MAX : (1ULL << bytes * 8) - 1;
	if (!w->readable && w->a.mask != all)
		return hwpc_err_set(err, HWPC_EINPUT, "%s cannot be read back (%s), so only a whole word can be written",
				    w->name, w->reg->onread ? w->reg->onread : hwpc_reg_access_name(w->reg));
	/* The bits the read-back compares: those written whose read returns
	 * what was written (of a byte inside a register, the register's bits
	 * there); where regdb does not describe the register, all of them
	 * unless told not to check. */
	if (flags & HWPC_REGWRITE_NO_VERIFY)
		w->check = 0;
	else if (!w->reg)
		w->check = w->a.mask;
	else
		w->check = w->a.mask & read_bits(w, hwpc_dev_chip(dev), HWPC_READ_WRITTEN) & ~undescribed(w, hwpc_dev_chip(dev));
	return 0;
}

int hwpc_regwrite_parse(struct hwpc_dev *dev, const char *text, unsigned flags, struct hwpc_regwrite *w,
			struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	memset(w, 0, sizeof *w);
	w->flags = flags;
	if (!hwpc_dev_regview(dev))
		return hwpc_err_set(err, HWPC_EINPUT, "the device's chipset is not known");
	if (hwpc_regassign_parse(hwpc_dev_regview(dev), hwpc_dev_bar_size(dev), text, &w->a, err))
		return err->status;
	return check(dev, w, flags, err);
}

/* Why a written bit is not compared: what its read returns instead. */
static const char *why(enum hwpc_read k)
{
	switch (k) {
	case HWPC_READ_ZERO:
		return "reads 0";
	case HWPC_READ_LIVE:
		return "reads a live value";
	case HWPC_READ_FIXED:
		return "reads a fixed value";
	default:
		return "not checked";
	}
}

/* The written bits the read-back does not compare, each with what its read
 * returns instead: "PM_TRIGGER=0x1 (reads 0)". */
static void unverified(const struct hwpc_dev *dev, struct hwpc_regwrite *w)
{
	size_t n = 0, len = sizeof w->unverified;
	uint64_t left = w->a.mask & ~w->check;
	w->unverified[0] = 0;
	/* by field where the access is the whole register, else by bits */
	for (unsigned i = 0; w->reg && w->whole && i < w->reg->nfields && n < len; i++) {
		const struct hwpc_field *f = &w->reg->fields[i];
		uint64_t m = hwpc_field_mask(f);
		if (!(m & left) || !hwpc_gens_has(&f->gens, hwpc_dev_chip(dev)))
			continue;
		enum hwpc_read k = hwpc_reg_bit_read(w->reg, hwpc_dev_chip(dev), f->ranges[0].lo);
		left &= ~m;
		if (k == HWPC_READ_ZERO && !hwpc_field_get(f, w->nv))
			continue; /* 0 written, 0 read: nothing to say */
		n += (size_t)snprintf(w->unverified + n, len - n, "%s%s=0x%llx (%s)", n ? ", " : "", f->name,
				      (unsigned long long)hwpc_field_get(f, w->nv), why(k));
	}
	/* reserved bits: said where a 1 was written there */
	uint64_t reserved = left & undescribed(w, hwpc_dev_chip(dev));
	if ((reserved & w->nv) && n < len)
		n += (size_t)snprintf(w->unverified + n, len - n, "%sbits 0x%08llx (no field describes them)",
				      n ? ", " : "", (unsigned long long)(reserved & w->nv));
	left &= ~reserved;
	for (int k = HWPC_READ_WRITTEN; k <= HWPC_READ_FIXED && left && n < len; k++) {
		uint64_t m = w->reg ? left & read_bits(w, hwpc_dev_chip(dev), (enum hwpc_read)k) : left;
		left &= ~m;
		if (k == HWPC_READ_ZERO)
			m &= w->nv;
		if (m)
			n += (size_t)snprintf(w->unverified + n, len - n, "%sbits 0x%0*llx (%s)", n ? ", " : "",
					      w->a.target.bytes < 4 ? (int)w->a.target.bytes * 2 : 8,
					      (unsigned long long)m,
					      why(w->reg ? (enum hwpc_read)k : HWPC_READ_WRITTEN));
	}
}

int hwpc_regwrite_plan(struct hwpc_dev *dev, struct hwpc_regwrite *w, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	unsigned bytes = w->a.target.bytes;
	uint64_t all = bytes >= 8 ? UINT64_MAX : (1ULL << bytes * 8) - 1;
	if (w->readable && (!(w->flags & HWPC_REGWRITE_RAW) || w->a.mask != all)) {
		if (hwpc_rd(dev, w->a.target.addr, w->a.target.bytes, &w->old))
			return hwpc_err_set(err, hwpc_dev_error(dev)->status, "reading %s: %s", w->name, hwpc_dev_error(dev)->msg);
		w->have_old = true;
	}
	w->nv = (w->old & ~w->a.mask) | (w->a.value & w->a.mask);
	unverified(dev, w);
	return 0;
}

int hwpc_regwrite_apply(struct hwpc_dev *dev, struct hwpc_regwrite *w, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	if (hwpc_wr(dev, w->a.target.addr, w->a.target.bytes, w->nv))
		return hwpc_err_set(err, hwpc_dev_error(dev)->status, "%s", hwpc_dev_error(dev)->msg);
	if (!w->readable || (w->flags & HWPC_REGWRITE_RAW))
		return 0;
	if (hwpc_rd(dev, w->a.target.addr, w->a.target.bytes, &w->rb))
		return hwpc_err_set(err, hwpc_dev_error(dev)->status, "reading %s back: %s", w->name, hwpc_dev_error(dev)->msg);
	w->have_read = true;
	return 0;
}

int hwpc_regwrite_verify(const struct hwpc_regwrite *w, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	if (!w->have_read || (w->rb & w->check) == (w->nv & w->check))
		return 0;
	int d = w->a.target.bytes < 4 ? (int)w->a.target.bytes * 2 : 8; /* digits: as wide as the access */
	return hwpc_err_set(err, HWPC_EOP,
			    "the write did not stick: expected 0x%0*llx in %s (0x%06x, mask 0x%0*llx), read 0x%0*llx%s",
			    d, (unsigned long long)(w->nv & w->check), w->name, w->a.target.addr, d,
			    (unsigned long long)w->check, d, (unsigned long long)(w->rb & w->check),
			    w->reg ? "" : " (regdb does not describe it: --no-verify writes without checking)");
}

/* A value as wide as the access: 0x%08x for a word, 0x%02x for a byte. */
static void out_val(struct hwpc_out *o, const char *key, const struct hwpc_regwrite *w, uint64_t v)
{
	if (w->a.target.bytes == 4)
		hwpc_out_hex32(o, key, (uint32_t)v);
	else
		hwpc_out_hex(o, key, v, (int)w->a.target.bytes * 2);
}

int hwpc_regwrite_out(struct hwpc_out *o, const struct hwpc_dev *dev, const struct hwpc_regwrite *w,
		      struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	char fields[512] = "";
	if (w->reg && w->whole)
		hwpc_reg_decode(w->reg, hwpc_dev_chip(dev), w->nv, fields, sizeof fields);
	hwpc_out_record(o, "reg_write");
	hwpc_out_str(o, "reg", w->name);
	hwpc_out_hex(o, "addr", w->a.target.addr, 6);
	if (w->have_old)
		out_val(o, "old", w, w->old);
	else
		hwpc_out_null(o, "old");
	out_val(o, "new", w, w->nv);
	if (w->have_read)
		out_val(o, "read", w, w->rb);
	else
		hwpc_out_null(o, "read");
	out_val(o, "checked_mask", w, w->check);
	hwpc_out_str(o, "unverified", w->unverified);
	hwpc_out_str(o, "fields", fields);
	return hwpc_out_end(o, err);
}
