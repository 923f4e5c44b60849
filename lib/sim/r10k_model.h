/* SPDX-License-Identifier: MIT */
/* The R10000/R12000 event counter model's state and what its public
 * functions (pcsim rate, pcsim cpu-mode) share with it. */
#ifndef HWPC_SIM_R10K_MODEL_H
#define HWPC_SIM_R10K_MODEL_H

#include "hwpc/r10k.h"
#include "sim/r10k_model_rate.h"
#include "sim/sim.h"

/* CPU modes the simulated CPU can be in (pcsim cpu-mode). */
enum r10k_cpu_mode { R10K_MODE_USER, R10K_MODE_KERNEL, R10K_MODE_EXL, R10K_MODE_SUPERVISOR, R10K_MODE_ERL,
		     R10K_MODE_COUNT };

/* Fixed-width: the state file means the same to every process. */
struct r10k_state {
	uint64_t cpu_hz;
	uint32_t prid;
	uint32_t mode; /* enum r10k_cpu_mode */
	uint32_t ctrl[HWPC_R10K_MAX_COUNTERS];
	uint32_t count[HWPC_R10K_MAX_COUNTERS];
	uint32_t intr;
	uint32_t pad;
	uint64_t overflows[HWPC_R10K_MAX_COUNTERS]; /* bit-31 crossings, IE or not */
	struct r10k_rate rate[HWPC_R10K_MAX_NUMS];
};

struct r10k_priv {
	struct hwpc_r10k_cpu cpu;
	uint32_t a_ctrl[HWPC_R10K_MAX_COUNTERS], a_count[HWPC_R10K_MAX_COUNTERS], a_intr, a_prid;
	uint32_t intr_bit[HWPC_R10K_MAX_COUNTERS];
};

extern const char *const sim_r10k_mode_names[R10K_MODE_COUNT];
/* The library's mode bit the CPU mode counts under (0: none, ERL). */
unsigned sim_r10k_mode_bit(enum r10k_cpu_mode m);

#endif
