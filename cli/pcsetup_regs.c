/* SPDX-License-Identifier: MIT */
/* pcsetup --reg without a domain (nvapoke with regdb's checks): each
 * NAME|ADDR=VALUE[:MASK] is refused unless regdb knows a writable register
 * there for the chipset (--force overrides), shown as old -> new with its
 * fields (--dry-run), or written and read back; a write that did not
 * stick is an error (exit 1) saying what was expected and what was read. */
#include "pcsetup.h"
#include "regs/regs_cmd.h"

#include <stdlib.h>

struct poke {
	struct hwpc_regassign a;
	const struct hwpc_reg *reg; /* what regdb has there, or NULL */
	bool whole;                 /* the write is the whole register (its fields decode it) */
	char name[160];
	bool readable; /* neither write-only, w1c nor a read with a side effect */
	bool have_old;
	uint64_t old, nv;
};

/* What regdb knows at the target, and whether it may be written. */
static int check(struct hwpc_dev *dev, struct poke *p, const char *text, bool force)
{
	const struct hwpc_field *f = p->a.target.by_addr ? NULL : p->a.target.ref.field;
	if (p->a.target.by_addr)
		p->reg = hwpc_regarg_name_at(dev->regs, p->a.target.addr, p->a.target.bytes, p->name, sizeof p->name,
					     &p->whole);
	else {
		p->whole = true;
		p->reg = p->a.target.ref.reg;
		hwpc_regref_format(&p->a.target.ref, p->name, sizeof p->name);
	}
	if (!p->reg && !force)
		return cli_fail(HWPC_EINPUT, "--reg %s: regdb knows no register at 0x%06x on %s (--force writes it anyway)",
				text, p->a.target.addr, dev->chip->name);
	bool ro = p->reg && (p->reg->access == HWPC_ACCESS_RO || (f && f->access == HWPC_ACCESS_RO));
	if (ro && !force)
		return cli_fail(HWPC_EINPUT, "--reg %s: %s is read-only on %s (regdb: %s) (--force writes it anyway)", text,
				p->name, dev->chip->name, p->reg->doc ? p->reg->doc : "ro");
	p->readable = !p->reg || (p->reg->access != HWPC_ACCESS_WO && p->reg->access != HWPC_ACCESS_W1C &&
				  !p->reg->onread);
	uint64_t all = p->a.target.bytes >= 8 ? UINT64_MAX : (1ULL << p->a.target.bytes * 8) - 1;
	if (!p->readable && p->a.mask != all)
		return cli_fail(HWPC_EINPUT, "--reg %s: %s cannot be read back (%s), so only a whole word can be written",
				text, p->name, p->reg->onread ? p->reg->onread : hwpc_reg_access_name(p->reg));
	return 0;
}

/* A value as wide as the access: 0x%08x for a word, 0x%02x for a byte. */
static void out_val(struct hwpc_out *o, const char *key, const struct poke *p, uint64_t v)
{
	if (p->a.target.bytes == 4)
		hwpc_out_hex32(o, key, (uint32_t)v);
	else
		hwpc_out_hex(o, key, v, (int)p->a.target.bytes * 2);
}

static int row(struct hwpc_out *o, struct hwpc_dev *dev, const struct poke *p, const uint64_t *rb)
{
	struct hwpc_err err;
	char fields[512] = "";
	if (p->reg && p->whole)
		hwpc_reg_decode(p->reg, dev->chip, p->nv, fields, sizeof fields);
	hwpc_out_record(o, "reg_write");
	hwpc_out_str(o, "reg", p->name);
	hwpc_out_hex(o, "addr", p->a.target.addr, 6);
	if (p->have_old)
		out_val(o, "old", p, p->old);
	else
		hwpc_out_null(o, "old");
	out_val(o, "new", p, p->nv);
	if (rb)
		out_val(o, "read", p, *rb);
	else
		hwpc_out_null(o, "read");
	hwpc_out_str(o, "fields", fields);
	return hwpc_out_end(o, &err) ? cli_fail_err(&err) : 0;
}

int pcsetup_regs(struct hwpc_dev *dev, const char *const *assigns, unsigned n, bool dry_run, bool force,
		 struct hwpc_out *o)
{
	struct hwpc_err err;
	struct poke *p = calloc(n ? n : 1, sizeof *p);
	int rc = p ? 0 : cli_fail(HWPC_EOP, "out of memory");
	/* Every assignment is checked before anything is written. */
	for (unsigned i = 0; i < n && !rc; i++) {
		if (!dev->regs)
			rc = cli_fail(HWPC_EINPUT, "--reg %s: the device's chipset is not known", assigns[i]);
		else if (hwpc_regassign_parse(dev->regs, dev->size, assigns[i], &p[i].a, &err))
			rc = cli_fail(HWPC_EINPUT, "--reg %s: %s", assigns[i], err.msg);
		else
			rc = check(dev, &p[i], assigns[i], force);
	}
	for (unsigned i = 0; i < n && !rc; i++) {
		struct poke *q = &p[i];
		if (q->readable) {
			if (hwpc_rd(dev, q->a.target.addr, q->a.target.bytes, &q->old)) {
				rc = cli_fail(dev->err.status, "--reg %s: reading %s: %s", assigns[i], q->name, dev->err.msg);
				break;
			}
			q->have_old = true;
		}
		q->nv = (q->old & ~q->a.mask) | (q->a.value & q->a.mask);
		if (dry_run) {
			rc = row(o, dev, q, NULL);
			continue;
		}
		if (hwpc_wr(dev, q->a.target.addr, q->a.target.bytes, q->nv)) {
			rc = cli_fail(dev->err.status, "--reg %s: %s", assigns[i], dev->err.msg);
			break;
		}
		uint64_t rb;
		if (!q->readable) {
			rc = row(o, dev, q, NULL);
			continue;
		}
		if (hwpc_rd(dev, q->a.target.addr, q->a.target.bytes, &rb)) {
			rc = cli_fail(dev->err.status, "--reg %s: reading %s back: %s", assigns[i], q->name, dev->err.msg);
			break;
		}
		rc = row(o, dev, q, &rb);
		if (!rc && (rb & q->a.mask) != (q->nv & q->a.mask))
			rc = cli_fail(HWPC_EOP, "--reg %s: the write did not stick: expected 0x%08llx in %s (0x%06x, mask 0x%08llx), read 0x%08llx",
				      assigns[i], (unsigned long long)(q->nv & q->a.mask), q->name, q->a.target.addr,
				      (unsigned long long)q->a.mask, (unsigned long long)(rb & q->a.mask));
	}
	free(p);
	return rc;
}
