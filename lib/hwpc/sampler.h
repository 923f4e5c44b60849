/* SPDX-License-Identifier: MIT */
/* Sampling on a device's own clock.  Every wait goes through the device
 * (hwpc_dev_wait_until_ns): real hardware and a realtime simulator sleep, a
 * virtual simulator clock is advanced.  So a sampling loop - pcread -i,
 * --scan, rotation, R10000 multiplexing, ptime -i and --measure - moves a
 * virtual clock the same way in every mode, and no command asks which
 * device it has. */
#ifndef HWPC_SAMPLER_H
#define HWPC_SAMPLER_H

#include "hwpc/api.h"

#include <stdbool.h>
#include <stdint.h>

#include "hwpc/device.h"
#include "hwpc/error.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Samples at fixed device times: sample k is due at start + k * period.
 * With a PCOUNTER domain's clock known, the period is whole cycles of the
 * domain and sample k falls on the cycle boundary k * step cycles after
 * the cycle current at start, so a virtual clock is stepped exactly. */
struct hwpc_sampler {
	struct hwpc_dev *dev;
	uint64_t start_ns;    /* device time at hwpc_sampler_start */
	uint64_t interval_ns; /* by time; 0 when by cycles */
	uint64_t hz, cycle0, step_cycles; /* by cycles */
};

/* Sample every interval_ns of device time, from now.  Intervals under a
 * millisecond ask the host for fine wakeups. */
HWPC_API void hwpc_sampler_start(struct hwpc_sampler *s, struct hwpc_dev *dev, uint64_t interval_ns);
/* Sample every step_cycles cycles of PCOUNTER domain dom, from now.
 * Returns false (and starts nothing) when the device does not know the
 * domain's clock (hwpc_dev_pc_domain_hz 0): sample by time instead. */
HWPC_API bool hwpc_sampler_start_cycles(struct hwpc_sampler *s, struct hwpc_dev *dev, unsigned dom, uint64_t step_cycles);
/* The device time sample k is due. */
HWPC_API uint64_t hwpc_sampler_due_ns(const struct hwpc_sampler *s, uint64_t k);
/* Wait until sample k is due (at once when it is past).  A sleep that a
 * signal interrupts returns 0 early, so the caller can check its stop flag. */
HWPC_API int hwpc_sampler_wait(const struct hwpc_sampler *s, uint64_t k, struct hwpc_err *err);
/* Device time since the start. */
HWPC_API uint64_t hwpc_sampler_elapsed_ns(const struct hwpc_sampler *s);

/* Wait ns of device time from now. */
HWPC_API int hwpc_dev_wait_ns(struct hwpc_dev *dev, uint64_t ns, struct hwpc_err *err);
/* Wait until n more cycle boundaries of PCOUNTER domain dom have passed;
 * when the device does not know the domain's clock, wait fallback_ns. */
HWPC_API int hwpc_dev_wait_pc_cycles(struct hwpc_dev *dev, unsigned dom, uint64_t n, uint64_t fallback_ns,
			    struct hwpc_err *err);
/* Wait for something off the device (an alarm set earlier): sleep the host
 * for ns without moving the device's clock, and say whether the device's
 * clock moved meanwhile (a virtual clock moves only when told). */
HWPC_API void hwpc_dev_pause_ns(struct hwpc_dev *dev, uint64_t ns, bool *clock_moved);

#ifdef __cplusplus
}
#endif
#endif
