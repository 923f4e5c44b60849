/* SPDX-License-Identifier: MIT */
/* Driving the simulated R10000/R12000 (pcsim rate, pcsim cpu-mode): the
 * synthetic workload the counters count and the mode the CPU runs in.
 * Both take effect at the current simulated time. */
#ifndef HWPC_SIM_R10K_H
#define HWPC_SIM_R10K_H

#include "hwpc/api.h"

#include "hwpc/device.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Set the rate of an event (a name sets every event number it names, a
 * number that one): "1000" or "1000/s" events per second, "0.5/cycle"
 * per CPU cycle, with k, M, G multipliers ("2.5M/s"). */
HWPC_API int hwpc_sim_r10k_set_rate(struct hwpc_dev *dev, const char *event, const char *rate, struct hwpc_err *err);
/* Put the CPU in mode user, kernel, exl, supervisor (where regdb says the
 * CPU has it) or erl (error level: no counter counts). */
HWPC_API int hwpc_sim_r10k_set_mode(struct hwpc_dev *dev, const char *mode, struct hwpc_err *err);

#ifdef __cplusplus
}
#endif
#endif
