/* SPDX-License-Identifier: MIT */
/* The simulator's public interface: what pcsim drives from outside the
 * chip. */
#ifndef HWPC_SIM_H
#define HWPC_SIM_H

#include "hwpc/api.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hwpc/dev.h"
#include "hwpc/output.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- The simulator ------------------------------------------------------ */

/* Driving the simulator (what pcsim does): create, reset, advance time,
 * show state.  The simulator is also an ordinary device: open it with
 * hwpc_dev_open("sim:CHIP[,key=value...]"). */
/* Create (or, with reset, recreate) the state file a sim spec names, with
 * the spec's options (clock=, state=, crystal=, ...).  Without reset an
 * existing file is an error. */
HWPC_API int hwpc_sim_create(const char *spec, bool reset, const struct hwpc_regdb *db, struct hwpc_err *err);

/* Advance simulated time by ns (virtual clock: the only way time moves;
 * realtime clock: a jump ahead). */
HWPC_API int hwpc_sim_advance_ns(struct hwpc_dev *dev, uint64_t ns, struct hwpc_err *err);
/* Advance until an external clock ("nvclk", "crystal", ...) has ticked
 * exactly `cycles` more times (simulated time resolves every clock). */
HWPC_API int hwpc_sim_advance_cycles(struct hwpc_dev *dev, const char *clock, uint64_t cycles, struct hwpc_err *err);
HWPC_API bool hwpc_sim_is_virtual(struct hwpc_dev *dev);
/* Every model's state as one record. */
HWPC_API int hwpc_sim_show(struct hwpc_dev *dev, struct hwpc_out *o, struct hwpc_err *err);
/* Simulated memory (Tensix L1, the PCOUNTER record-buffer memory): where it is, and bulk reads by
 * address under one lock.  hwpc_sim_mem_list returns how many there are
 * and fills up to max of them. */
struct hwpc_sim_mem {
	const char *name;
	uint64_t base, size;
};
HWPC_API unsigned hwpc_sim_mem_list(struct hwpc_dev *dev, struct hwpc_sim_mem *out, unsigned max);
HWPC_API int hwpc_sim_mem_read(struct hwpc_dev *dev, uint64_t addr, void *buf, size_t len, struct hwpc_err *err);
/* Report ignored accesses (registers the generation lacks) on stderr. */
HWPC_API void hwpc_sim_set_verbose(struct hwpc_dev *dev, bool on);

/* --- PCOUNTER of a simulated GPU (pcsim(1)) ---------------------------- */

/* What drives a signal. */
enum hwpc_sim_gen_kind {
	HWPC_SIM_GEN_CONST,    /* value */
	HWPC_SIM_GEN_PERIODIC, /* 1 while (cycle + phase) % period < duty */
	HWPC_SIM_GEN_RANDOM,   /* 1 with probability, reproducible from seed */
	HWPC_SIM_GEN_PTIMER,   /* bit `bit` of the PTIMER counter */
};
struct hwpc_sim_gen {
	enum hwpc_sim_gen_kind kind;
	unsigned value;
	uint64_t period, duty, phase;
	double probability;
	uint64_t seed;
	unsigned bit;
};
/* Parse "const 1", "periodic period=10 duty=3 phase=2", "random p=0.25
 * seed=7", "ptimer bit=12" (argv[0] is the kind). */
HWPC_API int hwpc_sim_gen_parse(int argc, char *const argv[], struct hwpc_sim_gen *g, struct hwpc_err *err);

/* A domain by index ("3") or name ("core_a", "gpc1.0"). */
HWPC_API int hwpc_sim_pc_domain(struct hwpc_dev *dev, const char *name, unsigned *dom, struct hwpc_err *err);
/* A signal of a domain by number ("0x2c") or name ("PTIMER_TIME_B12",
 * "pc01_gr_idle", trailer names such as "dom2.flag" or "pm_trigger", as
 * pcread spells them, or regdb's "DOM2.FLAG"). */
HWPC_API int hwpc_sim_pc_signal(struct hwpc_dev *dev, unsigned dom, const char *name, unsigned *sig,
		       struct hwpc_err *err);
HWPC_API int hwpc_sim_pc_set_gen(struct hwpc_dev *dev, unsigned dom, unsigned sig, const struct hwpc_sim_gen *g,
			struct hwpc_err *err);
/* Drive signals of a domain from a trace file (pcsim(1), "TRACE FILES"). */
HWPC_API int hwpc_sim_pc_load_trace(struct hwpc_dev *dev, unsigned dom, const char *path, struct hwpc_err *err);
/* A one-cycle pulse of PGRAPH's "pm_trigger" or "wrcache_flush" in every
 * domain's next cycle. */
HWPC_API int hwpc_sim_pc_pulse(struct hwpc_dev *dev, const char *what, struct hwpc_err *err);
/* Advance simulated time until domain dom has run n more cycles. */
HWPC_API int hwpc_sim_pc_advance_cycles(struct hwpc_dev *dev, unsigned dom, uint64_t n, struct hwpc_err *err);
/* One record per PCOUNTER domain (dom < 0: every domain). */
HWPC_API int hwpc_sim_pc_show(struct hwpc_dev *dev, struct hwpc_out *o, int dom, struct hwpc_err *err);
HWPC_API unsigned hwpc_sim_pc_domain_count(struct hwpc_dev *dev);

/* ---- The simulated R10000/R12000 ---------------------------------------- */

/* Driving the simulated R10000/R12000 (pcsim rate, pcsim cpu-mode): the
 * synthetic workload the counters count and the mode the CPU runs in.
 * Both take effect at the current simulated time. */
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
