/* SPDX-License-Identifier: MIT */
/* PGRAPH's PM_TRIGGER fired by software (pcsetup --trigger, pcread
 * --trigger): one pulse into every PCOUNTER domain, which swaps the
 * counter sets of the quad-mode domains whose SWAP input it is.  Which
 * register fires it is regdb's PCOUNTER.PM_TRIGGER_WRITE (PGRAPH.DEBUG_1's
 * PM_TRIGGER bit on NV40:GF100, as nvatiming and nouveau write it); where
 * no public document names one, there is no entry and the error says so. */
#include "dev/dev_cmd.h"
#include "core/err_local.h"
#include "pc/pc_cmd.h"
#include "dev/backend.h"

#include <stdio.h>
#include <string.h>

int hwpc_pc_trigger_find(const struct hwpc_dev *dev, struct hwpc_pc_trigger *t, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	/* regdb-names: PCOUNTER.PM_TRIGGER_WRITE NV40:GF100 */
	const struct hwpc_param *p = hwpc_dev_chip(dev) ? hwpc_param_find(hwpc_dev_regdb(dev), hwpc_dev_chip(dev), "PCOUNTER.PM_TRIGGER_WRITE") : NULL;
	if (!p)
		return hwpc_err_set(err, HWPC_EINPUT,
				    "no public document names a register that fires PM_TRIGGER on %s (regdb has "
				    "no PCOUNTER.PM_TRIGGER_WRITE for it); on the simulator, 'pcsim pulse pm_trigger' "
				    "fires it", hwpc_dev_chip(dev) ? hwpc_dev_chip(dev)->name : "this device");
	struct hwpc_regref ref;
	if (hwpc_regref_parse(hwpc_dev_regdb(dev), hwpc_dev_chip(dev), p->value, &ref, err))
		return hwpc_err_set(err, HWPC_EINPUT, "regdb %s:%u: %s %s: %s", p->file, p->line, p->name,
				    p->value, err->msg);
	if (!ref.field)
		return hwpc_err_set(err, HWPC_EINPUT, "regdb %s:%u: %s %s names no field", p->file, p->line,
				    p->name, p->value);
	t->reg = ref.reg;
	t->field = ref.field;
	t->addr = ref.addr;
	/* The register's other bits are written back as read where regdb
	 * says they read back what was written, else left 0, as nouveau does. */
	t->keep = hwpc_reg_read_bits(ref.reg, hwpc_dev_chip(dev), HWPC_READ_WRITTEN) & ~hwpc_field_mask(ref.field);
	snprintf(t->name, sizeof t->name, "%s.%s", ref.reg->name, ref.field->name);
	return 0;
}

int hwpc_pc_trigger_plan(struct hwpc_dev *dev, struct hwpc_wplan *plan, struct hwpc_pc_trigger *t,
			 struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	uint32_t old = 0, v;
	if (hwpc_pc_trigger_find(dev, t, err))
		return err->status;
	if (t->keep && hwpc_rd32(dev, t->addr, &old))
		return hwpc_err_set(err, hwpc_dev_error(dev)->status, "reading %s: %s", t->reg->name, hwpc_dev_error(dev)->msg);
	v = old & t->keep;
	hwpc_field_put(t->field, &v, 1);
	t->value = v;
	return hwpc_wplan_addr(plan, t->addr, v, "fires PM_TRIGGER", err);
}

int hwpc_pc_trigger_fire(struct hwpc_dev *dev, const struct hwpc_pc_layout *l, const unsigned *doms, unsigned n,
			 struct hwpc_pc_trigger *t, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	struct hwpc_wplan plan;
	hwpc_wplan_init(&plan, dev);
	int rc = hwpc_pc_trigger_plan(dev, &plan, t, err);
	if (!rc)
		rc = hwpc_wplan_apply(&plan, err);
	hwpc_wplan_free(&plan);
	/* The pulse lands on each domain's next cycle: a virtual simulator
	 * clock is stepped there, real hardware is given 10 us. */
	for (unsigned j = 0; !rc && j < n; j++)
		rc = hwpc_pc_wait_cycles(dev, l, doms[j], 1, j ? 0 : 10000, err);
	return rc;
}

/* Does a PM_TRIGGER swap domain d's sets (when it is in quad mode)? */
static int swaps(struct hwpc_dev *dev, const struct hwpc_pc_layout *l, unsigned d, bool *yes, struct hwpc_err *err)
{
	char name[96];
	const struct hwpc_field *f;
	struct hwpc_regref ref;
	unsigned pm;
	uint32_t v;
	/* regdb-names: PCOUNTER.SWAP_SIGNAL NV30:G84 */
	const char *wired = hwpc_param_str(l->db, l->chip, "PCOUNTER.SWAP_SIGNAL", NULL);
	*yes = false;
	if (!hwpc_pc_field(l, d, "SPEC_SRC", "SWAP", name, sizeof name, &f) &&
	    !hwpc_pc_field(l, d, "SWAP_SRC", "SWAP", name, sizeof name, &f)) {
		*yes = wired && !strcmp(wired, "PM_TRIGGER");
		return 0;
	}
	if (!hwpc_pc_trailer_signal(l, d, "PM_TRIGGER", &pm) || hwpc_regref_parse(l->db, l->chip, name, &ref, NULL))
		return 0;
	if (hwpc_rd32(dev, ref.addr, &v))
		return hwpc_err_set(err, hwpc_dev_error(dev)->status, "reading %s: %s", name, hwpc_dev_error(dev)->msg);
	*yes = hwpc_field_get(f, v) == pm;
	return 0;
}

int hwpc_pc_trigger_swaps(struct hwpc_dev *dev, const struct hwpc_pc_layout *l, uint32_t mine, uint32_t *swapped,
			  char *names, size_t len, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	size_t k = 0;
	*swapped = 0;
	if (len)
		names[0] = 0;
	for (unsigned d = 0; d < l->ndomains; d++) {
		struct hwpc_pcr r;
		struct hwpc_pc_read_sample s;
		bool yes;
		if (mine >> d & 1)
			continue;
		if (hwpc_pc_read_init(&r, dev, l, d, err) || hwpc_pc_read(&r, false, &s, err))
			return err->status;
		if (s.mode != HWPC_PC_READ_MODE_QUAD)
			continue;
		if (swaps(dev, l, d, &yes, err))
			return err->status;
		if (!yes)
			continue;
		*swapped |= 1u << d;
		if (k < len)
			k += (size_t)snprintf(names + k, len - k, "%s%s", k ? ", " : "", l->dom[d].name);
	}
	return 0;
}

int hwpc_pc_trigger_check(struct hwpc_dev *dev, const struct hwpc_pc_layout *l, uint32_t mine, bool force,
			  uint32_t *others, char *names, size_t len, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	if (hwpc_pc_trigger_swaps(dev, l, mine, others, names, len, err))
		return err->status;
	if (*others && !force)
		return hwpc_err_set(err, HWPC_EINPUT, "the quad sets are swapped by PM_TRIGGER on %s, which swaps those "
				    "of %s too (quad mode): whoever reads them would lose them (--force swaps them all "
				    "the same)", l->chip->name, names);
	return 0;
}

int hwpc_pc_trigger_others_text(struct hwpc_dev *dev, const struct hwpc_pc_layout *l, uint32_t mine, const char *where,
				bool *any, char *buf, size_t len, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	uint32_t others;
	char names[HWPC_PC_MAX_DOMAINS * (HWPC_PC_NAME_LEN + 2)];
	if (hwpc_pc_trigger_swaps(dev, l, mine, &others, names, sizeof names, err))
		return err->status;
	*any = others != 0;
	if (len)
		buf[0] = 0;
	if (*any)
		snprintf(buf, len, "--trigger swaps the quad sets of %s too (not %s): whoever reads them loses them",
			 names, where);
	return 0;
}
