/* SPDX-License-Identifier: MIT */
/* The timestamper's STATUS and CNTL fields from regdb (see
 * hwpc/tensix_fields.h).  The only place that turns their field records
 * into bit positions: the model and the decoder take the result. */
#include "core/err_local.h"
#include "hwpc/tensix.h"

#include <string.h>

#define REGS "RISCV_DEBUG_REG."

static const struct hwpc_chipset *first_with(const struct hwpc_regdb *db, const char *reg)
{
	for (unsigned i = 0; i < hwpc_regdb_chipset_count(db); i++)
		if (hwpc_reg_find(db, hwpc_regdb_chipset(db, i), reg, NULL))
			return hwpc_regdb_chipset(db, i);
	return NULL;
}

int hwpc_tensix_fields_load(const struct hwpc_regdb *db, const struct hwpc_chipset *chip,
			 struct hwpc_tensix_fields *out, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	const struct {
		const char *reg, *field;
		const struct hwpc_field **to;
	} want[] = {
		{ REGS "TIMESTAMP_STATUS", "BUF0_FULL", &out->full[0] },
		{ REGS "TIMESTAMP_STATUS", "BUF1_FULL", &out->full[1] },
		{ REGS "TIMESTAMP_STATUS", "BUF0_OVERFLOW", &out->overflow[0] },
		{ REGS "TIMESTAMP_STATUS", "BUF1_OVERFLOW", &out->overflow[1] },
		{ REGS "TIMESTAMP_STATUS", "ACCUM_POS_64B", &out->accum_pos_64b },
		{ REGS "TIMESTAMP_STATUS", "ACCUM_POS_32B", &out->accum_pos_32b },
		{ REGS "TIMESTAMP_STATUS", "ACCUM_POS_96B", &out->accum_pos_96b },
		{ REGS "TIMESTAMP_STATUS", "BUF0_POSITION", &out->buf0_position },
		{ REGS "TIMESTAMP_CNTL", "BUF0_VALID", &out->valid[0] },
		{ REGS "TIMESTAMP_CNTL", "BUF1_VALID", &out->valid[1] },
		{ REGS "TIMESTAMP_CNTL", "RESET_STREAMS", &out->reset_streams },
	};

	memset(out, 0, sizeof *out);
	if (!chip && !(chip = first_with(db, want[0].reg)))
		return hwpc_err_set(err, HWPC_EINPUT, "regdb has no chipset with %s (the Tensix timestamper)",
				    want[0].reg);
	for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
		const struct hwpc_reg *r = hwpc_reg_find(db, chip, want[i].reg, NULL);
		const struct hwpc_field *f = r ? hwpc_field_find(r, chip, want[i].field) : NULL;
		if (!r)
			return hwpc_err_set(err, HWPC_EINPUT, "regdb lacks %s for %s", want[i].reg, chip->name);
		if (!f)
			return hwpc_err_set(err, HWPC_EINPUT, "regdb lacks field %s.%s for %s", want[i].reg,
					    want[i].field, chip->name);
		if (f->nranges != 1)
			return hwpc_err_set(err, HWPC_EINPUT,
					    "regdb: %s.%s is in %u pieces; the Debug Timestamper's status fields are one bit range each",
					    want[i].reg, want[i].field, f->nranges);
		*want[i].to = f;
	}
	return 0;
}
