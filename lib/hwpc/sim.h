/* Driving the simulator (what pcsim does): create, reset, advance time,
 * show state.  The simulator is also an ordinary device: open it with
 * hwpc_dev_open("sim:CHIP[,key=value...]"). */
#ifndef HWPC_SIM_PUBLIC_H
#define HWPC_SIM_PUBLIC_H

#include <stdbool.h>
#include <stdint.h>

#include "hwpc/device.h"
#include "hwpc/output.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Is this device the simulator? */
bool hwpc_dev_is_sim(const struct hwpc_dev *dev);

/* Create (or, with reset, recreate) the state file a sim spec names, with
 * the spec's options (clock=, state=, crystal=, ...).  Without reset an
 * existing file is an error. */
int hwpc_sim_create(const char *spec, bool reset, const struct hwpc_regdb *db, struct hwpc_err *err);
/* Where the state of a spec lives (state= or the default path). */
int hwpc_sim_state_path(const struct hwpc_devspec *spec, char *buf, size_t len, struct hwpc_err *err);

/* Advance simulated time by ns (virtual clock: the only way time moves;
 * realtime clock: a jump ahead). */
int hwpc_sim_advance_ns(struct hwpc_dev *dev, uint64_t ns, struct hwpc_err *err);
/* Nanoseconds a number of cycles of a clock take (rounded up), for
 * "advance N cycles of CLOCK". */
int hwpc_sim_cycles_to_ns(struct hwpc_dev *dev, const char *clock, uint64_t cycles, uint64_t *ns,
			  struct hwpc_err *err);
uint64_t hwpc_sim_now_ns(struct hwpc_dev *dev);
bool hwpc_sim_is_virtual(struct hwpc_dev *dev);
/* Every model's state as one record. */
int hwpc_sim_show(struct hwpc_dev *dev, struct hwpc_out *o, struct hwpc_err *err);
/* Simulated memory (Tensix L1, ...): where it is, and bulk reads by
 * address under one lock.  hwpc_sim_mem_list returns how many there are
 * and fills up to max of them. */
struct hwpc_sim_mem {
	const char *name;
	uint64_t base, size;
};
unsigned hwpc_sim_mem_list(struct hwpc_dev *dev, struct hwpc_sim_mem *out, unsigned max);
int hwpc_sim_mem_read(struct hwpc_dev *dev, uint64_t addr, void *buf, size_t len, struct hwpc_err *err);
/* Report ignored accesses (registers the generation lacks) on stderr. */
void hwpc_sim_set_verbose(struct hwpc_dev *dev, bool on);

#ifdef __cplusplus
}
#endif
#endif
