/* SPDX-License-Identifier: MIT */
/* R10000/R12000 counter reads as the hwpc commands report them: not
 * libhwpc's API (nothing here is exported from libhwpc.so; the commands
 * link libhwpc.a).  The record kinds are hwpc-output(7)'s r10k_counter and
 * r10k_estimate. */
#ifndef HWPC_R10K_CMD_H
#define HWPC_R10K_CMD_H

#include "hwpc/r10k.h"

/* Multiplex events (a comma-separated list) counting in modes (a list for
 * hwpc_r10k_modes_parse; NULL: user) over the session's counters, from
 * now: hwpc_r10k_mux_plan and hwpc_r10k_mux_start. */
int hwpc_r10k_mux_begin(struct hwpc_r10k_mux *m, struct hwpc_r10k_session *s, const char *events, const char *modes,
			struct hwpc_err *err);
/* A sample of the session's counters, one r10k_counter record each; with
 * sampling, numbered k and taken t_ns after the first, with the deltas and
 * the 64-bit totals. */
int hwpc_r10k_sample_out(struct hwpc_out *o, const struct hwpc_r10k_session *s, const struct hwpc_r10k_sample *x,
			 bool sampling, uint64_t k, uint64_t t_ns, struct hwpc_err *err);
/* The multiplexed events' estimates as r10k_estimate records, under
 * columns as wide as their widest value (every row is known first). */
int hwpc_r10k_mux_out(struct hwpc_out *o, const struct hwpc_r10k_mux *m, struct hwpc_err *err);

#endif
