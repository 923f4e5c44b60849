/* SPDX-License-Identifier: MIT */
/* Shared between the R10000/R12000 library files; not public. */
#ifndef HWPC_R10K_INTERNAL_H
#define HWPC_R10K_INTERNAL_H

#include "hwpc/r10k.h"

/* The error for an event asked of a counter it does not count on. */
int r10k_wrong_counter(const struct hwpc_r10k_cpu *cpu, const struct hwpc_r10k_event *ev, unsigned counter,
		       struct hwpc_err *err);
/* Address of element idx of an R10K register array (or the scalar). */
uint32_t r10k_addr(const struct hwpc_reg *reg, unsigned idx);
/* Read or write element idx of an R10K register; errors name it. */
int r10k_rd(struct hwpc_dev *dev, const struct hwpc_reg *reg, unsigned idx, uint32_t *v, struct hwpc_err *err);
int r10k_wr(struct hwpc_dev *dev, const struct hwpc_reg *reg, unsigned idx, uint32_t v, struct hwpc_err *err);
/* The session's generation: pcsetup's record's (hwpc_r10k_note_save),
 * noted false when there is none. */
int hwpc_r10k_note_generation(struct hwpc_r10k_session *s, struct hwpc_err *err);

#endif
