/* SPDX-License-Identifier: MIT */
/* R10000/R12000 counter reads as the hwpc commands report them: not
 * libhwpc's API (nothing here is exported from libhwpc.so; the commands
 * link libhwpc.a).  The record kinds are hwpc-output(7)'s r10k_counter and
 * r10k_estimate. */
#ifndef HWPC_R10K_CMD_H
#define HWPC_R10K_CMD_H

#include "hwpc/r10k.h"
#include "core/core_cmd.h"

#include <signal.h>

/* Whether dev is an R10000/R12000 (its counters, not PCOUNTER's). */
bool hwpc_r10k_dev_is_cpu(struct hwpc_dev *dev);
/* Multiplex events (a comma-separated list) counting in modes (a list for
 * hwpc_r10k_modes_parse; NULL: user) over the session's counters, from
 * now: hwpc_r10k_mux_plan and hwpc_r10k_mux_start. */
int hwpc_r10k_mux_begin(struct hwpc_r10k_mux *m, struct hwpc_r10k_session *s, const char *events, const char *modes,
			struct hwpc_err *err);
/* pcread --decode CPU[:COUNTER]:WORD: the word decoded
 * (hwpc_r10k_decode_arg, the newest revision) as its records on o
 * (hwpc_r10k_decoded_print). */
int hwpc_r10k_decode_out(const struct hwpc_regdb *db, const char *text, struct hwpc_out *o, struct hwpc_err *err);
/* A sample of the session's counters, one r10k_counter record each; with
 * sampling, numbered k and taken t_ns after the first, with the deltas and
 * the 64-bit totals. */
int hwpc_r10k_sample_out(struct hwpc_out *o, const struct hwpc_r10k_session *s, const struct hwpc_r10k_sample *x,
			 bool sampling, uint64_t k, uint64_t t_ns, struct hwpc_err *err);
/* The multiplexed events' estimates as r10k_estimate records, under
 * columns as wide as their widest value (every row is known first). */
int hwpc_r10k_mux_out(struct hwpc_out *o, const struct hwpc_r10k_mux *m, struct hwpc_err *err);

/* ---- pcread's runs ---------------------------------------------------------- */

/* How pcread reads the counters: once (interval_ns 0) or every interval,
 * count times (have_count) or until *stop; events (and their modes)
 * multiplexed over the counters.  tell gets the warnings and, verbose, the
 * notes; flush, when set, is called after each interval's records and
 * returns 0 or the errno of a write that failed, which ends the run. */
struct hwpc_r10k_run_opts {
	uint64_t interval_ns, count;
	bool have_count;
	const char *events, *modes;
	const volatile sig_atomic_t *stop;
	const struct hwpc_tell *tell;
	int (*flush)(void *ctx);
	void *flush_ctx;
};
struct hwpc_r10k_run {
	const struct hwpc_r10k_run_opts *op;
	struct hwpc_out *o;
	struct hwpc_r10k_session s;
	struct hwpc_r10k_mux m;
	struct hwpc_r10k_sample smp; /* around a command: the last read */
	uint64_t d0;                 /* around a command: device time at its start */
	bool warned;  /* the setup changed since pcsetup: told */
	bool suspect; /* data lost or suspect: --strict exits 3 */
};
/* Open the session on dev, records to o, and hold the control words
 * against pcsetup's note. */
int hwpc_r10k_run_open(struct hwpc_r10k_run *x, struct hwpc_dev *dev, const struct hwpc_r10k_run_opts *op,
		       struct hwpc_out *o, struct hwpc_err *err);
/* Without a command: read the counters once or every interval
 * (r10k_counter records), or with op->events multiplex them, a turn per
 * interval (r10k_estimate records). */
int hwpc_r10k_run_read(struct hwpc_r10k_run *x, struct hwpc_err *err);
/* Around a command: begin just before it starts; step every
 * hwpc_r10k_run_period_ns of host time (k from 0) and once when it has
 * ended (with an interval, each interval's records are flushed as it
 * ends); end after it (ok: every step worked; then the estimates are
 * written).  step and end are a command runner's callbacks (ctx: the
 * run); a failure is told (op->tell's fail) and its status returned, and
 * end leaves *status, the command's, as it is. */
uint64_t hwpc_r10k_run_period_ns(const struct hwpc_r10k_run *x);
int hwpc_r10k_run_cmd_begin(struct hwpc_r10k_run *x, struct hwpc_err *err);
int hwpc_r10k_run_cmd_step(void *ctx, uint64_t k, bool ended);
int hwpc_r10k_run_cmd_end(void *ctx, bool ok, int *status);
/* After any run: the time a lagging device skipped is told, and a run by
 * intervals holds the control words against pcsetup's note once more. */
int hwpc_r10k_run_end(struct hwpc_r10k_run *x, bool ok, struct hwpc_err *err);

/* ---- Not exported: for the commands and the library ---------------------- */

/* Refuse CPUs that are not all one type: using the counters of a machine
 * with both R10000 and R12000 processors is undefined (seed). */
int hwpc_r10k_check_same(const struct hwpc_r10k_cpu *const *cpus, unsigned n, struct hwpc_err *err);

/* Add the events a counter of `bits` bits counted since `last` (wrapping
 * at most once: reads must come more often than the counter wraps). */
uint64_t hwpc_r10k_delta(uint32_t last, uint32_t now, unsigned bits);

/* The session now expects these control words (after programming them). */
void hwpc_r10k_expect(struct hwpc_r10k_session *s, unsigned counter, uint32_t ctrl, uint32_t count);

/* Simulated time for a simulated device, else CLOCK_MONOTONIC, in ns. */
uint64_t hwpc_r10k_now_ns(struct hwpc_dev *dev);

/* perf's arithmetic: scaled = count * total / counted. */
void hwpc_r10k_scale(uint64_t count, uint64_t counted_ns, uint64_t total_ns, struct hwpc_r10k_estimate *out);

/* Every table entry spec names (one name can mean an event on each
 * counter, like the R10000's CYCLES); returns how many, 0 with err set. */
unsigned hwpc_r10k_event_match(const struct hwpc_r10k_cpu *cpu, const char *spec,
			       const struct hwpc_r10k_event **out, unsigned max, struct hwpc_err *err);

/* Assign events (names or numbers) to counters: an event that belongs to
 * one counter goes there, one that fits either goes to the counter with
 * fewer events.  Each counter then rotates through its own list. */
int hwpc_r10k_mux_plan(struct hwpc_r10k_mux *m, const struct hwpc_r10k_cpu *cpu, const char *const *events,
		       unsigned n, unsigned modes, struct hwpc_err *err);

/* Program each counter's first event at now_ns. */
int hwpc_r10k_mux_start(struct hwpc_r10k_mux *m, struct hwpc_r10k_session *s, uint64_t now_ns,
			struct hwpc_err *err);

#endif
