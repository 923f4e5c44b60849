/* SPDX-License-Identifier: MIT */
/* Where the Tensix debug timestamper's TIMESTAMP_STATUS and TIMESTAMP_CNTL
 * keep their bits, as regdb's field records give them (tensix.regdb, from
 * the Debug Timestamper documentation's StatusBits and CntlWrite).
 *
 * Loaded once from the register database and handed to what needs the
 * bits: the functional model (sim/tensix_model.h), which builds STATUS and
 * takes CNTL and STATUS writes, and hwpc_tensix_status_decode (tensix_stream.h),
 * which turns a STATUS value into its fields.  The model is not given the
 * database, only these fields of it. */
#ifndef HWPC_TENSIX_FIELDS_H
#define HWPC_TENSIX_FIELDS_H

#include "hwpc/api.h"

#include "hwpc/error.h"
#include "hwpc/regdb.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Pointers into the database (valid while it is): read and write them
 * with hwpc_field_get and hwpc_field_put. */
struct hwpc_tensix_fields {
	/* RISCV_DEBUG_REG.TIMESTAMP_STATUS */
	const struct hwpc_field *full[2];     /* BUF0_FULL, BUF1_FULL */
	const struct hwpc_field *overflow[2]; /* BUF0_OVERFLOW, BUF1_OVERFLOW */
	const struct hwpc_field *accum_pos_64b, *accum_pos_32b, *accum_pos_96b; /* ACCUM_POS_* */
	const struct hwpc_field *buf0_position; /* BUF0_POSITION */
	/* RISCV_DEBUG_REG.TIMESTAMP_CNTL */
	const struct hwpc_field *valid[2];    /* BUF0_VALID, BUF1_VALID */
	const struct hwpc_field *reset_streams; /* RESET_STREAMS */
};

/* The fields of chip's timestamper; chip NULL: of the first chipset that
 * has RISCV_DEBUG_REG.TIMESTAMP_STATUS.  HWPC_EINPUT, naming the register
 * or field, when regdb lacks one or gives one in pieces (the Debug Timestamper documentation's
 * StatusBits are C bit-fields: one run of bits each). */
HWPC_API int hwpc_tensix_fields_load(const struct hwpc_regdb *db, const struct hwpc_chipset *chip,
			 struct hwpc_tensix_fields *out, struct hwpc_err *err);

#ifdef __cplusplus
}
#endif
#endif
