/* SPDX-License-Identifier: MIT */
/* Workload rates of the R10000/R12000 model (r10k_model_rate.c): exact
 * fractions of events per second or per cycle.  A header of its own: the
 * model's state holds rates, and the rates need nothing of the model. */
#ifndef HWPC_SIM_R10K_MODEL_RATE_H
#define HWPC_SIM_R10K_MODEL_RATE_H

#include "hwpc/error.h"

#include <stddef.h>
#include <stdint.h>

/* A workload rate: num/den events per second or per CPU cycle.  rem
 * carries the fraction of an event from one advance to the next, so the
 * count never depends on how time is sliced. */
struct r10k_rate {
	uint64_t num, den;
	uint32_t per_cycle; /* 1: per cycle, 0: per second */
	uint32_t pad;
	uint64_t total; /* events that happened since power-on */
	unsigned __int128 rem; /* below den (per cycle) or den * 1e12 (per second, ps) */
};

/* "1000", "1000/s", "2.5M/s", "0.5/cycle". */
int sim_r10k_rate_parse(const char *text, struct r10k_rate *out, struct hwpc_err *err);
void sim_r10k_rate_format(const struct r10k_rate *r, char *buf, size_t len);
/* Events in an interval of ps picoseconds holding cycles CPU cycles. */
uint64_t sim_r10k_rate_events(struct r10k_rate *r, uint64_t ps, uint64_t cycles);

#endif
