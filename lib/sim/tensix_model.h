/* SPDX-License-Identifier: MIT */
/* Functional model of the Tensix debug timestamper, following the document's
 * "Functional specification" (state, EveryCycle, CmdWrite, CntlWrite,
 * StatusRead/StatusWrite, SetEventSize, AppendU32, FlushAccum) and its
 * memory map.  Internal to libhwpc: the simulator backend maps MMIO
 * offsets (from the register database) to enum tsx_reg and calls
 * tsx_model_read/write; tests drive it directly.
 *
 * Pure: no I/O, no globals.  L1 is memory the caller owns, and so are the
 * bit positions of STATUS and CNTL (hwpc/tensix_fields.h): the caller
 * loads them from regdb, the model only applies them.  What the document
 * calls UndefinedBehaviour() (size codes 5 and 6, changing the event size
 * without a flush) is refused with HWPC_EINPUT and changes nothing.
 *
 * Consequences of the pseudocode that the model keeps as written: a flush
 * of an empty accumulator writes a unit of zeros; the automatic flush in
 * the middle of a 96-bit (or straddling 128-bit) event clears event_size,
 * so STATUS.accum_pos_96b reads 0 while that event's tail waits and the
 * next event may have any size; reset_streams clears full, overflow and
 * the accumulator but not the buffer positions. */
#ifndef HWPC_SIM_TENSIX_MODEL_H
#define HWPC_SIM_TENSIX_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hwpc/error.h"
#include "hwpc/tensix.h"

/* The memory map, in address order (0xFFB1_21F0 .. 0xFFB1_2214). */
enum tsx_reg {
	TSX_WALL_CLOCK_L = 0,  /* RISCV_DEBUG_REG_WALL_CLOCK_L */
	TSX_WALL_CLOCK_L4,     /* RISCV_DEBUG_REG_WALL_CLOCK_L+4 */
	TSX_WALL_CLOCK_H,      /* RISCV_DEBUG_REG_WALL_CLOCK_H */
	TSX_TIMESTAMP,         /* RISCV_DEBUG_REG_TIMESTAMP */
	TSX_TIMESTAMP_CNTL,    /* RISCV_DEBUG_REG_TIMESTAMP+4 */
	TSX_TIMESTAMP_STATUS,  /* RISCV_DEBUG_REG_TIMESTAMP_STATUS */
	TSX_BUF0_START,        /* RISCV_DEBUG_REG_TIMESTAMP+12 */
	TSX_BUF0_END,          /* RISCV_DEBUG_REG_TIMESTAMP+16 */
	TSX_BUF1_START,        /* RISCV_DEBUG_REG_TIMESTAMP+20 */
	TSX_BUF1_END,          /* RISCV_DEBUG_REG_TIMESTAMP+24 */
	TSX_REG_COUNT
};

/* The size codes of a TIMESTAMP write (TSX_APPEND_32b, ..., TSX_FLUSH_96b,
 * under TSX_SIZE_MASK) and the 32-bit event word: regdb's, generated at
 * build time (lib/tensix/gen_tensix_layout.awk); the simulator refuses a regdb
 * loaded at run time that differs (hwpc_tensix_layout_check). */
#include "tensix_layout.h"

struct tsx_buf {
	bool valid;
	bool full;     /* sticky */
	bool overflow; /* sticky */
	uint32_t start, end; /* 16-byte units, end inclusive */
	uint32_t position;   /* units written since the last clear */
};

struct tsx_model {
	struct tsx_buf bufs[2];
	struct {
		uint32_t data[4];
		uint32_t position;
		uint32_t event_size;
	} accum;
	bool reset_streams;
	uint32_t cntl_raw;
	uint64_t counter;
	uint32_t counter_high_at;
	const struct hwpc_tensix_fields *bits; /* caller's: STATUS and CNTL fields */
	uint8_t *l1; /* caller's memory standing for L1, from address 0 */
	size_t l1_size;
	uint64_t l1_writes_dropped; /* 16-byte writes that fell outside l1 */
};

/* The document's initial state; l1 may be NULL (writes are then dropped).
 * bits must stay valid while the model is used. */
void tsx_model_init(struct tsx_model *m, const struct hwpc_tensix_fields *bits, uint8_t *l1, size_t l1_size);
/* EveryCycle() n times. */
void tsx_model_advance(struct tsx_model *m, uint64_t cycles);
int tsx_model_read(struct tsx_model *m, enum tsx_reg reg, uint32_t *val, struct hwpc_err *err);
int tsx_model_write(struct tsx_model *m, enum tsx_reg reg, uint32_t val, struct hwpc_err *err);
/* "RISCV_DEBUG_REG_WALL_CLOCK_L", ... */
const char *tsx_reg_name(enum tsx_reg reg);
/* Byte offset of reg from RISCV_DEBUG_REG_WALL_CLOCK_L (0xFFB1_21F0). */
uint32_t tsx_reg_offset(enum tsx_reg reg);

#endif
