/* SPDX-License-Identifier: MIT */
/* Logic-op capabilities from regdb: which OP fields a chipset has and where
 * (see hwpc_pc_lop_caps). */
#include "core/err_local.h"
#include "hwpc/pc.h"

#include <stdio.h>
#include <string.h>

static const struct hwpc_reg *reg_in(const struct hwpc_regdb *db, const struct hwpc_chipset *chip,
				     const char *space, const char *reg)
{
	char name[96];
	snprintf(name, sizeof name, "%s.%s", space, reg);
	return hwpc_reg_find(db, chip, name, NULL);
}

/* Lowest bit of a one-range field, or -1 when the chipset lacks it. */
static int bit_of(const struct hwpc_reg *r, const struct hwpc_chipset *chip, const char *field)
{
	const struct hwpc_field *f = r ? hwpc_field_find(r, chip, field) : NULL;
	return f && f->nranges == 1 ? f->ranges[0].lo : -1;
}

int hwpc_pc_lop_caps(const struct hwpc_regdb *db, const struct hwpc_chipset *chip, const char *space,
		     unsigned nsignals, struct hwpc_lop_caps *caps, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	memset(caps, 0, sizeof *caps);
	caps->nsignals = nsignals;
	const struct hwpc_reg *src = reg_in(db, chip, space, "PRE_SRC");
	if (!src)
		return hwpc_err_set(err, HWPC_EINPUT, "%s has no %s.PRE_SRC: no PCOUNTER there", chip->name,
				    space);
	for (unsigned k = 0; k < HWPC_LOP_NARGS; k++) {
		char f[8];
		snprintf(f, sizeof f, "SRC%u", k);
		if ((caps->src_slot[k] = bit_of(src, chip, f)) < 0)
			return hwpc_err_set(err, HWPC_EINPUT, "regdb: %s.PRE_SRC lacks field %s on %s", space, f,
					    chip->name);
	}
	for (int in = 0; in < HWPC_LOP_NINPUTS; in++) {
		char name[32];
		snprintf(name, sizeof name, "%s_OP", hwpc_lop_input_name((enum hwpc_lop_input)in));
		const struct hwpc_reg *op = reg_in(db, chip, space, name);
		if (!op)
			return hwpc_err_set(err, HWPC_EINPUT, "regdb: no %s.%s on %s", space, name, chip->name);
		struct hwpc_lop_op_layout *l = &caps->op[in];
		l->func = bit_of(op, chip, "FUNC");
		l->delay[0] = bit_of(op, chip, "ARG0_DELAY");
		l->delay[1] = bit_of(op, chip, "ARG1_DELAY");
		l->arg2_src0_prev = bit_of(op, chip, "ARG2_SRC0_DELAYED");
		l->arg3_src1_prev = bit_of(op, chip, "ARG3_SRC1_DELAYED");
		l->arg3_setflag = bit_of(op, chip, "ARG3_SETFLAG");
		if (l->func < 0)
			return hwpc_err_set(err, HWPC_EINPUT, "regdb: %s.%s lacks FUNC on %s", space, name,
					    chip->name);
	}
	/* NV10:NV30 have SETFLAG_SRC/CLRFLAG_SRC; later chips share slots. */
	caps->own_flag_srcs = reg_in(db, chip, space, "SETFLAG_SRC") != NULL;
	caps->setflag_arg3 = caps->op[HWPC_LOP_EVENT].arg3_setflag >= 0;
	caps->delay_replace = caps->op[HWPC_LOP_PRE].arg2_src0_prev >= 0;
	return 0;
}
