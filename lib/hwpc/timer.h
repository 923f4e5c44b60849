/* SPDX-License-Identifier: MIT */
/* A device's timer, whatever it is: PTIMER on NVIDIA chips (56 bits, read
 * high-low-high), the wall clock of a Tensix tile (64 bits, read with the
 * multiple-reader sequence of Tenstorrent's "Debug Timestamper"
 * documentation).  One consistent 64-bit read, the tick count, its width
 * and rate; ptime is written against this. */
#ifndef HWPC_TIMER_H
#define HWPC_TIMER_H

#include "hwpc/api.h"

#include <stdbool.h>
#include <stdint.h>

#include "hwpc/device.h"
#include "hwpc/ptimer.h"

#ifdef __cplusplus
extern "C" {
#endif

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
