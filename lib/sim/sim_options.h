/* SPDX-License-Identifier: MIT */
/* A simulator's options (sim:CHIP,key=value...), typed: parsed and checked
 * once, when the spec is opened or created, and read by the state file's
 * code and the models as fields.  The keys and what they mean are in
 * pcsim(1). */
#ifndef HWPC_SIM_OPTIONS_H
#define HWPC_SIM_OPTIONS_H

#include "hwpc/dev.h"

#include <stdbool.h>
#include <stdint.h>

/* The fastest clock the simulator takes (1 THz: simulated time counts
 * picoseconds, sim.h). */
#define SIM_MAX_HZ 1000000000000ULL
/* pchz0..pchz7: a domain's own PCOUNTER clock. */
#define SIM_OPT_PC_DOMAINS 8
/* mem=: the largest simulated memory. */
#define SIM_MEM_MAX (4ULL << 30)

struct sim_opts {
	/* The state file's */
	bool has_state, has_clock;
	char state[512];    /* state=FILE */
	bool virtual_clock; /* clock=virtual (else realtime) */
	bool has_hz[HWPC_CLOCK_COUNT];
	uint64_t hz[HWPC_CLOCK_COUNT]; /* crystal=, nvclk=, mclk=, hclk=, tclk= */
	char hz_text[HWPC_CLOCK_COUNT][32]; /* as given, for messages */
	/* PCOUNTER */
	bool has_profile, has_pchz, has_reclat, has_engine;
	char profile[64];
	uint64_t pchz;
	bool has_pchz_dom[SIM_OPT_PC_DOMAINS];
	uint64_t pchz_dom[SIM_OPT_PC_DOMAINS];
	uint64_t reclat;
	bool reference_engine; /* engine=reference (else fast) */
	/* Simulated memory */
	bool has_mem, has_membase;
	uint64_t mem, membase;
	/* R10000/R12000 */
	bool has_cpuclk, has_cpurev;
	uint64_t cpuclk;
	unsigned cpurev_major, cpurev_minor;
	/* The create-time options as given, in canonical order (state= left
	 * out): a state file keeps them, so that a spec never silently means
	 * another machine. */
	char canon[256];
};

/* Parse spec's options.  An unknown key, or a value that is not one the
 * key takes, is HWPC_EINPUT naming it ("bad sim option pchz=x (expected a
 * frequency such as 100k)"). */
int sim_opts_parse(const struct hwpc_devspec *spec, struct sim_opts *o, struct hwpc_err *err);
/* The same from the canonical text a state file keeps. */
int sim_opts_parse_canon(const char *chip, const char *canon, struct sim_opts *o, struct hwpc_err *err);
/* Where the state lives: state=, or the user's runtime directory's
 * sim-CHIP.state. */
int sim_opts_state_path(const struct sim_opts *o, const char *chip, char *buf, size_t len, struct hwpc_err *err);
#endif
