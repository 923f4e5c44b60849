/* SPDX-License-Identifier: MIT */
/* PCOUNTER reads as the hwpc commands report them: not libhwpc's API
 * (nothing here is exported from libhwpc.so; the commands link
 * libhwpc.a).  The record kinds are hwpc-output(7)'s pc_counters,
 * pc_signal and pc_set_count. */
#ifndef HWPC_PC_CMD_H
#define HWPC_PC_CMD_H

#include "hwpc/pc.h"

/* The domains names[] name (by name or number), in order; none, or "all"
 * among them, is every domain.  doms has room for HWPC_PC_MAX_DOMAINS. */
int hwpc_pc_domains_pick(const struct hwpc_pc_layout *l, const char *const *names, unsigned n, unsigned *doms,
			 unsigned *ndoms, struct hwpc_err *err);

/* Which optional columns pc_counters records carry, fixed before the
 * first: text shows only these, the machine formats every key. */
struct hwpc_pc_cols {
	bool sample;  /* sampling: sample, elapsed_ns (and host_ns) */
	bool quad;    /* lost, ack_count */
	bool record;  /* record_position, record_packet_count */
	bool totals;  /* the 64-bit totals */
	bool expr;    /* what each input counts */
	bool verbose; /* mmio_read_count */
	bool lag;     /* lag_ns (a device that can lag) */
};
#define HWPC_PC_MAX_COLS 64
/* The text table's columns for lc (at most HWPC_PC_MAX_COLS); the count. */
size_t hwpc_pc_counter_cols(const struct hwpc_pc_cols *lc, struct hwpc_col *cols);

/* One domain's sample as a pc_counters record: sample number k, taken
 * t_ns after the first; acc holds the totals (with lc->totals), exprs
 * what each input counts (with lc->expr).  Text shows a saturated counter
 * as the word and the saturated counters as a list; the machine formats
 * give null and a boolean. */
int hwpc_pc_counters_out(struct hwpc_out *o, enum hwpc_format fmt, const struct hwpc_pc_cols *lc,
			 const struct hwpc_pcr *r, const struct hwpc_pc_read_acc *acc,
			 char exprs[HWPC_LOP_NINPUTS][HWPC_PC_READ_EXPR_LEN], const struct hwpc_pc_read_sample *s,
			 uint64_t k, uint64_t t_ns, struct hwpc_err *err);
/* The same on a Chrome trace: a counter track per domain, its counters as
 * series, and the EVENT/CYCLES percentage on a track of its own. */
void hwpc_pc_counters_trace(struct hwpc_trace *t, const struct hwpc_pcr *r, const struct hwpc_pc_read_sample *s,
			    uint64_t t_ns);
/* "cycles, event" (sep ", ") or "cycles+event": the counters of mask. */
void hwpc_pc_ctr_list(unsigned mask, const char *sep, char *buf, size_t len);

/* Every signal of a domain as pc_signal records: its value (bit s of
 * words[s / 32]), or with sc the share of sc's samples it was 1. */
extern const struct hwpc_col hwpc_pc_signal_cols[4], hwpc_pc_scan_cols[6];
int hwpc_pc_signals_out(struct hwpc_out *o, const struct hwpc_pcr *r, const struct hwpc_pc_names *names,
			const uint32_t *words, const struct hwpc_pc_read_scan *sc, struct hwpc_err *err);

/* Rotated counter sets (pcread -f) as pc_set_count records: each set's
 * counts and their estimates scaled to the whole time. */
extern const struct hwpc_col hwpc_pc_set_cols[8];
int hwpc_pc_sets_out(struct hwpc_out *o, const struct hwpc_pcr *r, const struct hwpc_pc_setfile *sf,
		     const struct hwpc_pc_read_rotset *sets, struct hwpc_err *err);

#endif
