/* SPDX-License-Identifier: MIT */
/* The Tensix debug timestamper through a device (Tenstorrent's "Debug Timestamper" documentation): issue
 * TIMESTAMP writes and the small command language pcsim scripts use, and
 * read the buffer layout and STATUS a decoder needs.  Register addresses
 * come from regdb (RISCV_DEBUG_REG). */
#ifndef HWPC_TENSIX_H
#define HWPC_TENSIX_H

#include "hwpc/api.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "hwpc/device.h"
#include "hwpc/tensix_stream.h"

#ifdef __cplusplus
extern "C" {
#endif

struct hwpc_tensix {
	struct hwpc_dev *dev;
	uint32_t a_ts, a_cntl, a_status, a_start[2], a_end[2];
	const struct hwpc_reg *cntl, *status;
	unsigned last_size; /* size of the last event written (flush picks 64 or 96) */
	unsigned commands;  /* commands run */
};

HWPC_API int hwpc_tensix_init(struct hwpc_tensix *t, struct hwpc_dev *dev, struct hwpc_err *err);

/* One command (a script line without its comment):
 *   ts32|ts64|ts96|ts128 [TOKEN]   append an event (TOKEN: 13 bits for ts32, else 29)
 *   flush64 | flush96 | flush      flush the accumulator (flush: the size last written,
 *                                  else what STATUS says)
 *   raw VALUE                      write VALUE to TIMESTAMP as it is
 *   cntl VALUE | FIELD[=V]...      write TIMESTAMP_CNTL (fields from regdb, V default 1)
 *   status VALUE | FIELD[=V]...    write TIMESTAMP_STATUS (1 clears a sticky bit)
 *   buf N START END                buffer N's bounds, in 16-byte units (END inclusive)
 *   advance N | DURATION           simulator only: N clock cycles, or 10us, 1ms, ...
 * Blank lines do nothing.  Errors name the command. */
HWPC_API int hwpc_tensix_command(struct hwpc_tensix *t, const char *line, struct hwpc_err *err);
/* Every line of a script ('#' starts a comment); errors are "name:line: ...". */
HWPC_API int hwpc_tensix_script(struct hwpc_tensix *t, FILE *fp, const char *name, struct hwpc_err *err);

/* The buffers' bounds, CNTL's valid bits and STATUS, for the decoder. */
HWPC_API int hwpc_tensix_read_layout(struct hwpc_tensix *t, struct hwpc_tensix_layout *lay, struct hwpc_err *err);

/* Read len bytes of device memory at addr: a simulator's memory in one
 * locked copy, else 32-bit reads through the BAR (addr and len multiples
 * of 4). */
HWPC_API int hwpc_dev_read_block(struct hwpc_dev *dev, uint64_t addr, void *buf, size_t len, struct hwpc_err *err);

#ifdef __cplusplus
}
#endif
#endif
