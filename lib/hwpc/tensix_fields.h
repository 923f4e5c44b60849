/* Where the Tensix debug timestamper's TIMESTAMP_STATUS and TIMESTAMP_CNTL
 * keep their bits, as regdb's field records give them (tensix.regdb, from
 * seed 002's StatusBits and CntlWrite).
 *
 * Loaded once from the register database and handed to what needs the
 * bits: the functional model (sim/tensix_model.h), which builds STATUS and
 * takes CNTL and STATUS writes, and hwpc_ts_status_decode (stream_tensix.h),
 * which turns a STATUS value into its fields.  They are copied out of the
 * database as shift and width, not kept as struct hwpc_field pointers, so
 * that they outlive it, need no regdb calls on the model's paths, and keep
 * the model free of the database. */
#ifndef HWPC_TENSIX_FIELDS_H
#define HWPC_TENSIX_FIELDS_H

#include <stdint.h>

#include "hwpc/error.h"
#include "hwpc/regdb.h"

#ifdef __cplusplus
extern "C" {
#endif

/* One field: bits shift .. shift + width - 1 of its register. */
struct hwpc_tsx_bits {
	uint8_t shift, width; /* width 1..32 */
};

struct hwpc_tsx_fields {
	/* RISCV_DEBUG_REG.TIMESTAMP_STATUS */
	struct hwpc_tsx_bits full[2];     /* BUF0_FULL, BUF1_FULL */
	struct hwpc_tsx_bits overflow[2]; /* BUF0_OVERFLOW, BUF1_OVERFLOW */
	struct hwpc_tsx_bits accum_pos_64b, accum_pos_32b, accum_pos_96b; /* ACCUM_POS_* */
	struct hwpc_tsx_bits buf0_position; /* BUF0_POSITION */
	/* RISCV_DEBUG_REG.TIMESTAMP_CNTL */
	struct hwpc_tsx_bits valid[2];    /* BUF0_VALID, BUF1_VALID */
	struct hwpc_tsx_bits reset_streams; /* RESET_STREAMS */
};

/* The fields of chip's timestamper; chip NULL: of the first chipset that
 * has RISCV_DEBUG_REG.TIMESTAMP_STATUS.  HWPC_EINPUT, naming the register
 * or field, when regdb lacks one or gives one in pieces. */
int hwpc_tsx_fields_load(const struct hwpc_regdb *db, const struct hwpc_chipset *chip,
			 struct hwpc_tsx_fields *out, struct hwpc_err *err);

static inline uint32_t hwpc_tsx_mask(struct hwpc_tsx_bits b)
{
	return b.width >= 32 ? 0xffffffffu : (1u << b.width) - 1;
}

/* The field's value in a register value. */
static inline uint32_t hwpc_tsx_get(struct hwpc_tsx_bits b, uint32_t reg)
{
	return reg >> b.shift & hwpc_tsx_mask(b);
}

/* v in the field's place (bits above its width dropped), for OR-ing into a
 * register value. */
static inline uint32_t hwpc_tsx_put(struct hwpc_tsx_bits b, uint32_t v)
{
	return (v & hwpc_tsx_mask(b)) << b.shift;
}

#ifdef __cplusplus
}
#endif
#endif
