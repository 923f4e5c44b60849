/* SPDX-License-Identifier: MIT */
/* MIPS R10000/R12000 event counters (IRIX r10k_evcntrs(5); the
 * manual page is hwpc-r10k(7)).
 *
 * Two 32-bit counters per CPU, each counting one event selected by its
 * control register, in the modes the control register enables, with an
 * optional interrupt when bit 31 becomes set.  Above the hardware, as IRIX
 * does: 64-bit virtual counters, more events than counters by rotation
 * (scaled perf-style, not perfex's fixed x16), and detection of anyone
 * else reprogramming the counters between reads (generation numbers).
 *
 * Every hardware fact (bits, event tables, counter width, which modes a
 * CPU has) comes from regdb (regdb/r10k.regdb); struct hwpc_r10k_cpu holds
 * what was looked up, once. */
#ifndef HWPC_R10K_H
#define HWPC_R10K_H

#include "hwpc/api.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hwpc/dev.h"
#include "hwpc/error.h"
#include "hwpc/output.h"
#include "hwpc/regdb.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Capacities; regdb's R10K.COUNTERS and R10K.EVENTS must fit them. */
#define HWPC_R10K_MAX_COUNTERS 2
#define HWPC_R10K_MAX_NUMS 32   /* IRIX event numbers 0..31 */
#define HWPC_R10K_MAX_EVENTS 48 /* table entries, revision variants included */

/* Counting modes: which CPU modes a counter counts in.  The control
 * register bit of each is regdb's (fields U, K, EXL, S). */
enum hwpc_r10k_mode {
	HWPC_R10K_USER = 1u << 0,
	HWPC_R10K_KERNEL = 1u << 1,
	HWPC_R10K_EXL = 1u << 2,
	HWPC_R10K_SUPERVISOR = 1u << 3,
};
#define HWPC_R10K_NMODES 4

/* "user,kernel,exl,supervisor" (any order, case-insensitive; "all" is the
 * first three) -> enum hwpc_r10k_mode bits. */
HWPC_API int hwpc_r10k_modes_parse(const char *text, unsigned *modes, struct hwpc_err *err);
/* Bits -> "user,kernel" ("none" for 0). */
HWPC_API void hwpc_r10k_modes_format(unsigned modes, char *buf, size_t len);

/* One row of a CPU's event table (regdb "event" records). */
struct hwpc_r10k_event {
	unsigned num;        /* IRIX event number, 0..31 */
	const char *name;    /* short name, "INSTRUCTION_CACHE_MISSES" */
	const char *libpfm;  /* libpfm-3's name, or NULL */
	const char *papi;    /* PAPI IRIX substrate's name, or NULL */
	const char *title;   /* r10k_evcntrs(5)'s heading for the event */
	const char *desc;    /* r10k_evcntrs(5)'s description */
	const char *source;  /* where the name comes from when not libpfm, or NULL */
	int counter;         /* the counter it counts on; -1: either counter */
	unsigned select;     /* the control register's EVENT field value */
	int rev;             /* 0: every revision; 2 or 3: that R10000 revision only */
	unsigned per_cycle;  /* counts exactly this many each cycle (0: workload-driven) */
	const struct hwpc_chipset *chip;
};

struct hwpc_r10k_cpu {
	const struct hwpc_regdb *db;
	const struct hwpc_chipset *chip; /* R10000 or R12000 */
	int rev;                         /* major revision; 0 when unknown */
	unsigned ncounters;              /* R10K.COUNTERS */
	unsigned counter_bits;           /* R10K.COUNTER_BITS */
	unsigned overflow_bit;           /* R10K.OVERFLOW_BIT */
	unsigned nnums;                  /* R10K.EVENTS */
	bool supervisor;                 /* R10K.SUPERVISOR: the S bit counts */
	const struct hwpc_reg *ctrl, *count, *intr, *prid;
	const struct hwpc_field *mode_field[HWPC_R10K_NMODES]; /* by bit of enum hwpc_r10k_mode */
	const struct hwpc_field *ie, *event;
	uint32_t defined; /* control word bits the CPU defines; the rest are reserved */
	unsigned nevents;
	struct hwpc_r10k_event events[HWPC_R10K_MAX_EVENTS];
};

/* The CPU named chip ("r10000", "R12000") from regdb; rev is the R10000
 * major revision (2 or 3) or 0 when unknown, which keeps both meanings of
 * the revision-dependent events. */
HWPC_API int hwpc_r10k_cpu_init(struct hwpc_r10k_cpu *cpu, const struct hwpc_regdb *db, const char *chip, int rev,
		       struct hwpc_err *err);
/* The CPU of a device, with its revision read from PRID. */
HWPC_API int hwpc_r10k_cpu_from_dev(struct hwpc_r10k_cpu *cpu, struct hwpc_dev *dev, struct hwpc_err *err);

/* --- events --- */
/* An event by short name, libpfm or PAPI name (case-insensitive) or IRIX
 * number, for counter (or -1: any).  Errors name close names, the counter
 * the event belongs to, or the revision it exists on. */
HWPC_API const struct hwpc_r10k_event *hwpc_r10k_event_find(const struct hwpc_r10k_cpu *cpu, const char *spec,
						   int counter, struct hwpc_err *err);
/* Whether ev can be counted on counter c. */
HWPC_API bool hwpc_r10k_event_on(const struct hwpc_r10k_event *ev, unsigned c);
/* r10k_evcntrs(5)'s NOTES row for an event number ("R10000 rev 3 and R12000
 * count different events"): false when the number has none. */
HWPC_API bool hwpc_r10k_event_note(const struct hwpc_regdb *db, unsigned num, const char **r10000,
			  const char **r12000);

/* --- control words --- */
struct hwpc_r10k_ctl {
	unsigned counter;
	const struct hwpc_r10k_event *event;
	unsigned modes; /* enum hwpc_r10k_mode; 0 stops the counter */
	bool ie;        /* interrupt when bit 31 becomes set */
};
HWPC_API int hwpc_r10k_encode(const struct hwpc_r10k_cpu *cpu, const struct hwpc_r10k_ctl *ctl, uint32_t *word,
		     struct hwpc_err *err);

/* A control word taken apart.  The word alone does not say which counter
 * it belongs to: on the R10000 the event then has a meaning on each
 * counter, and with the revision unknown events 6 and 14 have two. */
struct hwpc_r10k_decoded {
	uint32_t word;
	int counter; /* as given; -1 unknown */
	unsigned select;
	unsigned modes;
	bool ie;
	unsigned nevents;
	const struct hwpc_r10k_event *events[4];
};
/* Reserved bits set is an error (HWPC_EINPUT) naming them. */
HWPC_API int hwpc_r10k_decode_word(const struct hwpc_r10k_cpu *cpu, int counter, uint32_t word,
			  struct hwpc_r10k_decoded *out, struct hwpc_err *err);
/* One line: "counter 0: INSTRUCTION_CACHE_MISSES (event 9), user, interrupt". */
HWPC_API void hwpc_r10k_describe(const struct hwpc_r10k_decoded *d, char *buf, size_t len);
/* "CPU[:COUNTER]:WORD" as pcread --decode takes it ("r10000:0x138",
 * "r12000:1:0x2a8"): the CPU (revision rev) and the word decoded. */
HWPC_API int hwpc_r10k_decode_arg(const struct hwpc_regdb *db, const char *text, int rev, struct hwpc_r10k_cpu *cpu,
			 struct hwpc_r10k_decoded *out, struct hwpc_err *err);
/* One record per meaning: cpu, counter, word, fields, event, name, rev,
 * modes, ie, title, description. */
HWPC_API int hwpc_r10k_decoded_print(const struct hwpc_r10k_cpu *cpu, const struct hwpc_r10k_decoded *d,
			    struct hwpc_out *o, struct hwpc_err *err);

/* --- programming a counter --- */
struct hwpc_r10k_req {
	unsigned counter;
	const char *event; /* name or number */
	unsigned modes;
	bool ie;
	/* 0: count from 0.  n: preset the counter so that bit 31 becomes set
	 * after n events (r10k_evcntrs(5)'s overflow threshold), 1..2^31. */
	uint64_t threshold;
};
/* Plan the writes that program one counter: stop it, preset the count,
 * clear its pending interrupt, then write the control word (whose note
 * names the event).  --dry-run prints the plan; hwpc_wplan_apply does it. */
HWPC_API int hwpc_r10k_setup(struct hwpc_wplan *plan, const struct hwpc_r10k_cpu *cpu, const struct hwpc_r10k_req *req,
		    struct hwpc_err *err);

/* --- 64-bit virtual counters and generation numbers --- */

struct hwpc_r10k_session {
	struct hwpc_dev *dev;
	struct hwpc_r10k_cpu cpu;
	uint32_t ctrl[HWPC_R10K_MAX_COUNTERS]; /* the control words expected */
	uint32_t last[HWPC_R10K_MAX_COUNTERS]; /* counter values at the last read */
	uint64_t virt[HWPC_R10K_MAX_COUNTERS]; /* 64-bit virtual counters */
	/* Starts at 0; one more each time the control registers were found
	 * changed by someone else.  Counts across a change are not trusted:
	 * the virtual counter keeps its value and restarts from the new one. */
	unsigned changes;
	/* The generation of pcsetup's record (hwpc_r10k_note_save), the same
	 * number pcsetup printed; noted is false when nothing was recorded. */
	uint64_t generation;
	bool noted;
};
struct hwpc_r10k_sample {
	uint32_t ctrl[HWPC_R10K_MAX_COUNTERS];
	uint32_t raw[HWPC_R10K_MAX_COUNTERS];   /* the hardware counters */
	uint64_t delta[HWPC_R10K_MAX_COUNTERS]; /* events since the last read */
	uint64_t virt[HWPC_R10K_MAX_COUNTERS];
	uint32_t intr;  /* pending overflow interrupts (INTR) */
	bool changed;   /* the control registers differ from what was expected */
	unsigned changes; /* the session's changes so far */
};
/* Start: read the control words and the counters, and the generation
 * pcsetup recorded. */
HWPC_API int hwpc_r10k_open(struct hwpc_r10k_session *s, struct hwpc_dev *dev, struct hwpc_err *err);
/* Read both counters into the virtual counters, checking the control words. */
HWPC_API int hwpc_r10k_read(struct hwpc_r10k_session *s, struct hwpc_r10k_sample *out, struct hwpc_err *err);

/* What pcsetup wrote, for pcread (the setup note named HWPC_R10K_NOTE,
 * which the commands check): counter's control word added to the device's
 * record, whose generation goes up by one. */
#define HWPC_R10K_NOTE "r10k"
HWPC_API int hwpc_r10k_note_save(struct hwpc_dev *dev, const struct hwpc_r10k_cpu *cpu, unsigned counter, uint32_t word,
			  uint64_t *generation, struct hwpc_err *err);

/* --- multiplexing: up to 32 events over 2 counters --- */
struct hwpc_r10k_mux_event {
	const struct hwpc_r10k_event *ev;
	unsigned counter;        /* the counter it rotates on */
	uint32_t word;           /* its control word there */
	uint64_t count;          /* events counted while it was on the counter */
	uint64_t time_counted_ns; /* device time it counted (time skipped left out) */
	/* How far time_counted_ns can be off: at each end of each of its
	 * turns, the device time between reading the clock and the counters
	 * being read and set (a host preempted there stretches it). */
	uint64_t time_unc_ns;
};
struct hwpc_r10k_mux {
	unsigned n;
	struct hwpc_r10k_mux_event ev[HWPC_R10K_MAX_NUMS];
	unsigned modes;
	unsigned nper[HWPC_R10K_MAX_COUNTERS];                   /* events per counter */
	unsigned order[HWPC_R10K_MAX_COUNTERS][HWPC_R10K_MAX_NUMS]; /* indices into ev */
	unsigned pos[HWPC_R10K_MAX_COUNTERS];                    /* current position */
	uint64_t start_ns, last_ns;
	/* hwpc_dev_lag_ns at the start and at the last step: the device time
	 * a lagging simulator skipped, which no event counted */
	uint64_t lag_start, lag_last;
	/* the width of the first and of the last step's clock bracket (see
	 * hwpc_r10k_mux_event.time_unc_ns) */
	uint64_t start_unc_ns, last_unc_ns;
	bool can_lag;
	unsigned steps;
	bool started;
};
/* One rotation at now_ns: credit each counter's count and the device time
 * it counted since the last step (now_ns less what the device skipped:
 * hwpc_dev_lag_ns, read first) to its current event, then move every
 * counter that has more than one event to its next.  *changed reports a
 * generation change (then this interval's counts are dropped, not
 * credited). */
HWPC_API int hwpc_r10k_mux_rotate(struct hwpc_r10k_mux *m, struct hwpc_r10k_session *s, uint64_t now_ns, bool *changed,
			 struct hwpc_err *err);
/* After the rotations: the setup note (hwpc_r10k_note_save) gets the
 * word each multiplexed counter now holds, so that a later pcread does not
 * report the multiplexing's own writes as someone else's.  Nothing before
 * hwpc_r10k_mux_start. */
HWPC_API int hwpc_r10k_mux_save(const struct hwpc_r10k_mux *m, struct hwpc_r10k_session *s, struct hwpc_err *err);

struct hwpc_r10k_estimate {
	uint64_t count;           /* counted while on a counter */
	uint64_t time_counted_ns; /* device time it was on a counter */
	uint64_t time_total_ns;   /* device time since the multiplexing started, less lag_ns */
	uint64_t lag_ns;          /* device time skipped meanwhile (a lagging simulator): counted by none */
	bool can_lag;             /* the device can lag (else lag_ns is 0 and means nothing) */
	double fraction;          /* time_counted / time_total */
	double scaled;            /* count * time_total / time_counted */
	/* How far scaled can be off from the timing of the turns alone
	 * (time_unc_ns, and the brackets of the run's two ends); how the
	 * event's rate varied between the turns adds to that, unmeasured. */
	double scaled_unc;
	uint64_t time_unc_ns;     /* how far time_counted_ns can be off */
	bool counted;             /* false: never on a counter (scaled is 0) */
};
HWPC_API void hwpc_r10k_mux_estimate(const struct hwpc_r10k_mux *m, unsigned i, struct hwpc_r10k_estimate *out);

#ifdef __cplusplus
}
#endif
#endif
