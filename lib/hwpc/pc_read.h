/* SPDX-License-Identifier: MIT */
/* Reading PCOUNTER domains (pcread(1)): counters with their 40-bit
 * assembly (NV10:NV30) or saturation (NV30+), mode and state, the flag,
 * quad-mode latched sets and their ack, record-mode buffer status, signal
 * status and activity scans, 64-bit accumulation across samples, and the
 * perf-style scaling of rotated counter sets.
 *
 * Every register and field comes from regdb through the PCOUNTER layout;
 * a reader resolves them once (hwpc_pc_read_init), so a sample is only the
 * MMIO accesses the hardware needs. */
#ifndef HWPC_PC_READ_H
#define HWPC_PC_READ_H

#include "hwpc/api.h"

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hwpc/device.h"
#include "hwpc/pc.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The counters, in the order of envytools' PCOUNTER documentation. */
enum hwpc_pc_read_ctr {
	HWPC_PC_READ_CYCLES,
	HWPC_PC_READ_CYCLES_ALT,
	HWPC_PC_READ_EVENT,
	HWPC_PC_READ_START,
	HWPC_PC_READ_PRE,
	HWPC_PC_READ_STOP,
	HWPC_PC_READ_NCTRS
};
/* "cycles", "cycles_alt", "event", ... (output keys); NULL out of range. */
HWPC_API const char *hwpc_pc_read_ctr_key(enum hwpc_pc_read_ctr c);

/* What a domain is doing, from CTRL's MODE enum (by name). */
enum hwpc_pc_read_mode {
	HWPC_PC_READ_MODE_SINGLE,
	HWPC_PC_READ_MODE_QUAD,
	HWPC_PC_READ_MODE_RECORD,
	HWPC_PC_READ_MODE_OTHER, /* GF100's HALTED and unknown values */
};

/* One domain's resolved registers and fields. */
struct hwpc_pc_read_ctrdesc {
	bool present;
	uint32_t lo, hi; /* hi: the _HI register (NV10:NV30 40-bit counters) */
	bool has_hi;
	unsigned bits;   /* 40 or 32 */
	bool sticky;     /* the top bit is sticky (40-bit NV10:NV30) */
	bool saturates;  /* stops at 2^bits - 1 (NV30+) */
};

struct hwpc_pcr {
	struct hwpc_dev *dev;
	const struct hwpc_pc_layout *l;
	unsigned dom;
	const struct hwpc_pc_domain *di;
	struct hwpc_pc_read_ctrdesc ctr[HWPC_PC_READ_NCTRS];
	uint32_t ctrl;  /* CTRL (NV10:NV40: shared, DOMn_ fields) */
	const struct hwpc_field *f_mode, *f_single, *f_quad, *f_ctr_mode, *f_period, *f_rec_format;
	bool has_ack;   /* QUAD_ACK_TRIGGER (NV30+) */
	uint32_t ack_addr, ack_value;
	bool has_flag;  /* the domain's own FLAG trailer signal */
	unsigned flag_signal;
	uint32_t flag_addr; /* the SIG_STATUS register holding it */
	unsigned nstatus;   /* SIG_STATUS registers of the domain */
	uint32_t status_addr[HWPC_LOP_MAX_SIGNALS / 32];
	bool has_record;    /* RECORD_START/LIMIT/STATUS (G84:GF100) */
	uint32_t rec_start, rec_limit, rec_status;
	const struct hwpc_field *f_rec_addr, *f_rec_pos, *f_rec_fault;
	unsigned rec_long, rec_short; /* packet bytes per format */
};

HWPC_API int hwpc_pc_read_init(struct hwpc_pcr *r, struct hwpc_dev *dev, const struct hwpc_pc_layout *l, unsigned dom,
		  struct hwpc_err *err);

/* One read of a domain. */
struct hwpc_pc_read_sample {
	enum hwpc_pc_read_mode mode;
	const char *mode_name;     /* CTRL's enum name ("SINGLE"); NV10:NV30 have no mode: "SINGLE" */
	const char *state_name;    /* single: INACTIVE..COUNTING; quad: EMPTY/VALID/OVERFLOW;
				      record: RECORDING/FULL/FAULT */
	const char *ctr_mode_name; /* "SIMPLE", ... or NULL */
	uint64_t ctr[HWPC_PC_READ_NCTRS];
	unsigned present;   /* bit per counter the generation has */
	unsigned saturated; /* bit per counter whose value is not a count: NV30+ at
			       0xffffffff (a lower bound), NV10:NV30 with the sticky
			       bit 39 set (the low bits wrapped) */
	int flag;           /* 0/1, -1 when the domain has no FLAG trailer */
	/* quad mode */
	bool latched; /* VALID or OVERFLOW: the visible set is one not yet acked */
	bool lost;    /* OVERFLOW: at least one counter set was lost */
	unsigned acks;/* acks written by this read */
	/* record mode */
	uint32_t rec_start, rec_limit, rec_pos;
	bool rec_fault, rec_full;
	uint64_t rec_packets; /* packets between start and the position */
	/* what the reader did */
	unsigned mmio_reads, retries;
};

/* Read the domain.  With ack (quad mode, device open for writing), the
 * latched set is acked after it is read: once for VALID, twice for
 * OVERFLOW (only the newest set is visible; the others are lost), so the
 * state is EMPTY until the next swap. */
HWPC_API int hwpc_pc_read(struct hwpc_pcr *r, bool ack, struct hwpc_pc_read_sample *s, struct hwpc_err *err);

/* EVENT / CYCLES in percent; NAN when CYCLES is 0 or either saturated. */
HWPC_API double hwpc_pc_read_event_pct(const struct hwpc_pc_read_sample *s);

/* --- accumulation across samples --------------------------------------
 * 64-bit totals of a domain's counters.  Single mode: the running counters
 * extended across the resets and wraps seen between samples (a 40-bit
 * counter's low 39 bits wrap and set the sticky bit; a reset clears it; a
 * 32-bit counter only resets or saturates).  Quad mode: the sum of the
 * latched sets read (each set counted once: only acked reads add). */
struct hwpc_pc_read_acc {
	bool have_prev;
	struct hwpc_pc_read_sample prev;
	uint64_t total[HWPC_PC_READ_NCTRS];
	unsigned saturated; /* counters whose total is a lower bound */
	uint64_t sets;      /* quad sets summed */
	uint64_t lost;      /* reads that found sets lost (OVERFLOW) */
};
HWPC_API void hwpc_pc_read_acc_init(struct hwpc_pc_read_acc *a);
HWPC_API void hwpc_pc_read_acc_add(struct hwpc_pc_read_acc *a, const struct hwpc_pcr *r, const struct hwpc_pc_read_sample *s);

/* --- signals ------------------------------------------------------------ */

/* The value of every signal of the domain (one read per SIG_STATUS
 * register): bit s of words[s / 32]. */
HWPC_API int hwpc_pc_read_signals(struct hwpc_pcr *r, uint32_t *words, size_t nwords, struct hwpc_err *err);

/* Activity: ones[s] counts the samples in which signal s was 1. */
struct hwpc_pc_read_scan {
	uint64_t samples;
	uint64_t ones[HWPC_LOP_MAX_SIGNALS];
};
HWPC_API void hwpc_pc_read_scan_init(struct hwpc_pc_read_scan *sc);
HWPC_API int hwpc_pc_read_scan_sample(struct hwpc_pcr *r, struct hwpc_pc_read_scan *sc, struct hwpc_err *err);
/* Scan for ns of device time.  Where the device knows the domain's clock,
 * one sample every step cycles (a cycle, or as many as keep it to 100000
 * samples), each on its cycle boundary: a virtual simulator clock is
 * stepped by exactly that, so the percentages are exact.  Otherwise as
 * many samples as fit in the time.  Stops early when *stop becomes set. */
HWPC_API int hwpc_pc_read_scan_for(struct hwpc_pcr *r, struct hwpc_pc_read_scan *sc, uint64_t ns, const volatile sig_atomic_t *stop,
		      struct hwpc_err *err);
static inline double hwpc_pc_read_scan_pct(const struct hwpc_pc_read_scan *sc, unsigned signal)
{
	return sc->samples ? 100.0 * (double)sc->ones[signal] / (double)sc->samples : 0.0;
}

/* --- what the domain counts ----------------------------------------------
 * The SRC/OP registers of the domain, decompiled into expressions with the
 * domain's signal names (hwpc-expr(7)); exprs[i] is "" for an input whose
 * OP is 0 (constant false). */
#define HWPC_PC_READ_EXPR_LEN 160
HWPC_API int hwpc_pc_read_exprs(struct hwpc_pcr *r, const struct hwpc_pc_names *names,
		   char exprs[HWPC_LOP_NINPUTS][HWPC_PC_READ_EXPR_LEN], struct hwpc_err *err);

/* --- rotation: perf-style scaling -----------------------------------------
 * Several counter sets take turns on one domain.  Each set counted for part
 * of the time (its quad periods' CYCLES); its estimate over the whole time
 * is count * total / counted, as perf stat scales multiplexed events, and
 * the fraction counted is counted / total. */
struct hwpc_pc_read_rotset {
	uint64_t count[HWPC_PC_READ_NCTRS]; /* summed over the periods this set counted */
	uint64_t counted;               /* domain cycles this set counted */
	uint64_t periods;
	unsigned saturated;             /* counters that saturated in some period */
};
/* Add one latched period of set k's counters (count[] from a quad read). */
HWPC_API void hwpc_pc_read_rot_add(struct hwpc_pc_read_rotset *set, const uint64_t count[HWPC_PC_READ_NCTRS], uint64_t cycles);
/* The total time all sets together span: the sum of their counted times. */
HWPC_API uint64_t hwpc_pc_read_rot_total(const struct hwpc_pc_read_rotset *sets, size_t nsets);
/* Scaled estimate of count over total (count when counted == total; NAN
 * when the set never counted). */
HWPC_API double hwpc_pc_read_rot_scale(uint64_t count, uint64_t counted, uint64_t total);
/* counted / total, 0..1 (0 when total is 0). */
HWPC_API double hwpc_pc_read_rot_fraction(uint64_t counted, uint64_t total);

/* Taking turns on the hardware (G84:GF100, whose PRE_OP write swaps): begin
 * programs a set in quad mode with pcsetup's plan (the device open for
 * writing) and drops what counted meanwhile; end swaps, reads the set's
 * period, acks it and adds it to set.  step, when set, is called between
 * the swap and the read (a virtual simulator clock must move a cycle). */
struct hwpc_pc_setup;
struct hwpc_pc_read_rotation {
	struct hwpc_pcr *r;
	uint32_t preop;
	struct hwpc_pc_record rec; /* what the last turn set up (rec.n 0: no turn yet) */
};
HWPC_API int hwpc_pc_read_rot_init(struct hwpc_pc_read_rotation *rt, struct hwpc_pcr *r, struct hwpc_err *err);
HWPC_API int hwpc_pc_read_rot_begin(struct hwpc_pc_read_rotation *rt, const struct hwpc_pc_setup *set, struct hwpc_err *err);
HWPC_API int hwpc_pc_read_rot_end(struct hwpc_pc_read_rotation *rt, struct hwpc_pc_read_rotset *set, struct hwpc_err *err);
/* One whole turn: begin with set, let it count interval_ns of device time
 * (hwpc_dev_wait_ns: a virtual simulator clock is advanced), end into out. */
HWPC_API int hwpc_pc_read_rot_turn(struct hwpc_pc_read_rotation *rt, const struct hwpc_pc_setup *set, uint64_t interval_ns,
		      struct hwpc_pc_read_rotset *out, struct hwpc_err *err);
/* After the turns: the setup record (hwpc_pc_record_save) becomes what the
 * last turn set up, so that a later pcread does not report the rotation's
 * own writes as a setup changed by someone else.  Nothing without a turn. */
HWPC_API int hwpc_pc_read_rot_save(struct hwpc_pc_read_rotation *rt, struct hwpc_err *err);

#ifdef __cplusplus
}
#endif
#endif
