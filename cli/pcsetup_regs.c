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
	char name[160];
	bool readable; /* neither write-only, w1c nor a read with a side effect */
	bool have_old;
	uint32_t old, nv;
};

/* What regdb knows at the target, and whether it may be written. */
static int check(struct hwpc_dev *dev, struct poke *p, const char *text, bool force)
{
	const struct hwpc_field *f = p->a.target.by_addr ? NULL : p->a.target.ref.field;
	if (p->a.target.by_addr)
		p->reg = hwpc_regarg_name_at(hwpc_dev_regdb(dev), hwpc_dev_chip(dev), p->a.target.addr, p->name, sizeof p->name);
	else {
		p->reg = p->a.target.ref.reg;
		hwpc_regref_format(&p->a.target.ref, p->name, sizeof p->name);
	}
	if (!p->reg && !force)
		return cli_fail(HWPC_EINPUT, "--reg %s: regdb knows no register at 0x%06x on %s (--force writes it anyway)",
				text, p->a.target.addr, hwpc_dev_chip(dev)->name);
	bool ro = p->reg && (p->reg->access == HWPC_ACCESS_RO || (f && f->access == HWPC_ACCESS_RO));
	if (ro && !force)
		return cli_fail(HWPC_EINPUT, "--reg %s: %s is read-only on %s (regdb: %s) (--force writes it anyway)", text,
				p->name, hwpc_dev_chip(dev)->name, p->reg->doc ? p->reg->doc : "ro");
	p->readable = !p->reg || (p->reg->access != HWPC_ACCESS_WO && p->reg->access != HWPC_ACCESS_W1C &&
				  !p->reg->onread);
	if (!p->readable && p->a.mask != UINT32_MAX)
		return cli_fail(HWPC_EINPUT, "--reg %s: %s cannot be read back (%s), so only a whole word can be written",
				text, p->name, p->reg->onread ? p->reg->onread : hwpc_reg_access_name(p->reg));
	return 0;
}

static int row(struct hwpc_out *o, struct hwpc_dev *dev, const struct poke *p, const uint32_t *rb)
{
	struct hwpc_err err;
	char fields[512] = "";
	if (p->reg)
		hwpc_reg_decode(p->reg, hwpc_dev_chip(dev), p->nv, fields, sizeof fields);
	hwpc_out_record(o, "reg_write");
	hwpc_out_str(o, "reg", p->name);
	hwpc_out_hex(o, "addr", p->a.target.addr, 6);
	if (p->have_old)
		hwpc_out_hex32(o, "old", p->old);
	else
		hwpc_out_null(o, "old");
	hwpc_out_hex32(o, "new", p->nv);
	if (rb)
		hwpc_out_hex32(o, "read", *rb);
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
		if (hwpc_regassign_parse(hwpc_dev_regdb(dev), hwpc_dev_chip(dev), hwpc_dev_bar_size(dev), assigns[i], &p[i].a, &err))
			rc = cli_fail(HWPC_EINPUT, "--reg %s: %s", assigns[i], err.msg);
		else
			rc = check(dev, &p[i], assigns[i], force);
	}
	for (unsigned i = 0; i < n && !rc; i++) {
		struct poke *q = &p[i];
		if (q->readable) {
			if (hwpc_rd32(dev, q->a.target.addr, &q->old)) {
				rc = cli_fail(hwpc_dev_error(dev)->status, "--reg %s: reading %s: %s", assigns[i], q->name, hwpc_dev_error(dev)->msg);
				break;
			}
			q->have_old = true;
		}
		q->nv = (q->old & ~q->a.mask) | (q->a.value & q->a.mask);
		if (dry_run) {
			rc = row(o, dev, q, NULL);
			continue;
		}
		if (hwpc_wr32(dev, q->a.target.addr, q->nv)) {
			rc = cli_fail(hwpc_dev_error(dev)->status, "--reg %s: %s", assigns[i], hwpc_dev_error(dev)->msg);
			break;
		}
		uint32_t rb;
		if (!q->readable) {
			rc = row(o, dev, q, NULL);
			continue;
		}
		if (hwpc_rd32(dev, q->a.target.addr, &rb)) {
			rc = cli_fail(hwpc_dev_error(dev)->status, "--reg %s: reading %s back: %s", assigns[i], q->name, hwpc_dev_error(dev)->msg);
			break;
		}
		rc = row(o, dev, q, &rb);
		if (!rc && (rb & q->a.mask) != (q->nv & q->a.mask))
			rc = cli_fail(HWPC_EOP, "--reg %s: the write did not stick: expected 0x%08x in %s (0x%06x, mask 0x%08x), read 0x%08x",
				      assigns[i], q->nv & q->a.mask, q->name, q->a.target.addr, q->a.mask, rb & q->a.mask);
	}
	free(p);
	return rc;
}
