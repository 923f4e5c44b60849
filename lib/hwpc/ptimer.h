/* SPDX-License-Identifier: MIT */
/* PTIMER and the timers behind one interface (ptime). */
#ifndef HWPC_PTIMER_H
#define HWPC_PTIMER_H

#include "hwpc/api.h"

#include <stdbool.h>
#include <stdint.h>

#include "hwpc/dev.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- PTIMER ------------------------------------------------------------- */

/* PTIMER: the consistent 64-bit read, the clock configuration decoded
 * (source, ratio, tick rate, warnings), ns conversion, and the writes that
 * set the ratio, the source and the alarm (as a write plan). */
struct hwpc_ptimer {
	struct hwpc_dev *dev;
	uint32_t a_lo, a_hi, a_div, a_mul, a_src, a_alarm, a_intr;
	bool has_src;
	unsigned shift;        /* TIME_LOW bit of counter bit 0 (5) */
	unsigned low_bits;     /* counter bits in TIME_LOW (27) */
	unsigned counter_bits; /* 56 */
	const struct hwpc_field *div, *mul, *src_mul, *src_div, *src_select, *alarm_time, *intr_alarm;
	uint64_t internal_enum, external_enum;
	const char *external_clock; /* "TCLK": what PTIMER counts without CLOCK_SOURCE */
	uint64_t crystal_hz;        /* from PSTRAPS, 0 if unknown */
};

HWPC_API int hwpc_ptimer_init(struct hwpc_ptimer *pt, struct hwpc_dev *dev, struct hwpc_err *err);

/* The 64-bit time: read TIME_HIGH, TIME_LOW, TIME_HIGH until both highs
 * agree (envytools' PTIMER documentation).  *retries counts the repeats (may be NULL). */
HWPC_API int hwpc_ptimer_read(struct hwpc_ptimer *pt, uint64_t *raw, unsigned *retries, struct hwpc_err *err);
static inline uint64_t hwpc_ptimer_ticks(const struct hwpc_ptimer *pt, uint64_t raw)
{
	return raw >> pt->shift;
}

enum hwpc_ptimer_warn {
	HWPC_PTIMER_DIV_ZERO = 1 << 0,     /* CLOCK_DIV 0: invalid */
	HWPC_PTIMER_MUL_ZERO = 1 << 1,     /* CLOCK_MUL 0: the counter is stopped */
	HWPC_PTIMER_MUL_GT_DIV = 1 << 2,   /* MUL > DIV: invalid, the converter misbehaves */
	HWPC_PTIMER_INTERNAL_FAST = 1 << 3 /* internal clock asked faster than the external one */
};

struct hwpc_ptimer_config {
	uint32_t clock_div, clock_mul, clock_source;
	bool has_source_reg;
	bool internal;          /* CLOCK_SOURCE.SELECT = INTERNAL */
	unsigned internal_mul;  /* the real factors: field + 1 */
	unsigned internal_div;
	const char *source_name; /* "internal", "TCLK", "HCLK", ... */
	double source_hz;        /* 0: unknown */
	const char *source_from; /* how source_hz was found */
	double tick_hz;          /* source_hz * MUL / DIV; 0: unknown or stopped */
	unsigned warn;           /* enum hwpc_ptimer_warn */
};

/* Decode the clock configuration.  source_hz_override (0: none) replaces
 * what PTIMER counts, for clocks hwpc cannot know (external sources on real
 * hardware; the simulator knows its own). */
HWPC_API int hwpc_ptimer_config(struct hwpc_ptimer *pt, double source_hz_override,
		       struct hwpc_ptimer_config *cfg, struct hwpc_err *err);
/* A one-line explanation of each warning bit set, joined by "; ". */
HWPC_API void hwpc_ptimer_warn_text(unsigned warn, char *buf, size_t len);

/* Planned writes.  Ratios envytools' PTIMER documentation calls invalid are refused: DIV 0,
 * MUL > DIV, values over 16 bits; MUL 0 (stops the counter) only with
 * allow_stop. */
HWPC_API int hwpc_ptimer_plan_ratio(struct hwpc_ptimer *pt, uint64_t mul, uint64_t div, bool allow_stop,
			   struct hwpc_wplan *plan, struct hwpc_err *err);
/* internal: crystal * mul / div with 1 <= mul <= 256, 1 <= div <= 16
 * (0/0: keep the current factors); or the external clock. */
HWPC_API int hwpc_ptimer_plan_source(struct hwpc_ptimer *pt, bool internal, unsigned mul, unsigned div,
			    struct hwpc_wplan *plan, struct hwpc_err *err);
/* Alarm when the counter's low bits reach those of ticks: clear a stale
 * INTR.ALARM, then write ALARM. */
HWPC_API int hwpc_ptimer_plan_alarm(struct hwpc_ptimer *pt, uint64_t ticks, struct hwpc_wplan *plan,
			   struct hwpc_err *err);
HWPC_API int hwpc_ptimer_alarm_pending(struct hwpc_ptimer *pt, bool *pending, struct hwpc_err *err);
/* Modulus of the alarm comparison in ticks (2^27). */
HWPC_API uint64_t hwpc_ptimer_alarm_period(const struct hwpc_ptimer *pt);

/* --- option values (ptime(1)) -------------------------------------------
 * Errors name the option (what) and the value. */
/* "MUL/DIV": two numbers; their range is for the plan to check. */
HWPC_API int hwpc_ptimer_parse_ratio(const char *s, const char *what, uint64_t *mul, uint64_t *div, struct hwpc_err *err);
/* --set-source: "internal" (mul = div = 0: keep the factors),
 * "internal=MUL/DIV" within the CLOCK_SOURCE fields regdb gives, or
 * "external". */
HWPC_API int hwpc_ptimer_parse_source(const struct hwpc_ptimer *pt, const char *s, bool *internal, unsigned *mul,
			     unsigned *div, struct hwpc_err *err);
/* --alarm: "@TICKS" (absolute), "+Nt" (N ticks from now_ticks) or
 * "+DURATION" (from now, at tick_hz; 0: unknown, refused), within the
 * alarm's range.  *target is the tick count to alarm at. */
HWPC_API int hwpc_ptimer_parse_alarm(const struct hwpc_ptimer *pt, const char *s, uint64_t now_ticks, double tick_hz,
			    uint64_t *target, struct hwpc_err *err);

/* ---- Timers behind one interface ---------------------------------------- */

/* A device's timer, whatever it is: PTIMER on NVIDIA chips (56 bits, read
 * high-low-high), the wall clock of a Tensix tile (64 bits, read with the
 * multiple-reader sequence of Tenstorrent's "Debug Timestamper"
 * documentation).  One consistent 64-bit read, the tick count, its width
 * and rate; ptime is written against this. */
enum hwpc_timer_kind {
	HWPC_TIMER_PTIMER, /* NVIDIA PTIMER: pt and the ptimer calls apply */
	HWPC_TIMER_TENSIX, /* Tensix debug timestamper wall clock */
};

struct hwpc_timer {
	struct hwpc_dev *dev;
	enum hwpc_timer_kind kind;
	const char *name;      /* "PTIMER", "Tensix wall clock" */
	unsigned counter_bits; /* 56, 64 */
	struct hwpc_ptimer pt; /* HWPC_TIMER_PTIMER */
	uint32_t a_lo, a_hi_now; /* Tensix: WALL_CLOCK_L, WALL_CLOCK_L+4 */
	const char *clock;       /* Tensix: the clock it counts ("TCLK") */
};

/* What the timer counts and how fast. */
struct hwpc_timer_rate {
	double tick_hz;          /* 0: unknown or stopped */
	const char *source_name; /* "internal", "TCLK", ... */
	double source_hz;        /* 0: unknown */
	const char *source_from; /* how source_hz was found */
	struct hwpc_ptimer_config ptimer; /* HWPC_TIMER_PTIMER: the whole decode */
};

/* The chip's timer: PTIMER where regdb has PTIMER.TIME_LOW, else the
 * Tensix wall clock where it has RISCV_DEBUG_REG.WALL_CLOCK_L. */
HWPC_API int hwpc_timer_open(struct hwpc_timer *t, struct hwpc_dev *dev, struct hwpc_err *err);
/* One consistent read.  raw is the register pair as read (PTIMER: the
 * counter sits in bits 5..60), *retries counts repeats (may be NULL). */
HWPC_API int hwpc_timer_read(struct hwpc_timer *t, uint64_t *raw, unsigned *retries, struct hwpc_err *err);
static inline uint64_t hwpc_timer_ticks(const struct hwpc_timer *t, uint64_t raw)
{
	return t->kind == HWPC_TIMER_PTIMER ? hwpc_ptimer_ticks(&t->pt, raw) : raw;
}
/* Mask of the counter's bits, for differences across a wrap. */
static inline uint64_t hwpc_timer_mask(const struct hwpc_timer *t)
{
	return t->counter_bits >= 64 ? ~0ULL : (1ULL << t->counter_bits) - 1;
}
/* The tick rate; source_hz_override (0: none) is the frequency of what the
 * timer counts, for clocks hwpc cannot know. */
HWPC_API int hwpc_timer_rate(struct hwpc_timer *t, double source_hz_override, struct hwpc_timer_rate *r,
		    struct hwpc_err *err);

#ifdef __cplusplus
}
#endif
#endif
