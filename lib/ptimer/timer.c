/* SPDX-License-Identifier: MIT */
/* Timers behind one interface (see hwpc/timer.h). */
#include "dev/backend.h"
#include "core/err_local.h"
#include "hwpc/ptimer.h"

#include <string.h>

static bool has_reg(struct hwpc_dev *dev, const char *name)
{
	return hwpc_reg_find(hwpc_dev_regdb(dev), hwpc_dev_chip(dev), name, NULL) != NULL;
}

int hwpc_timer_open(struct hwpc_timer *t, struct hwpc_dev *dev, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	memset(t, 0, sizeof *t);
	t->dev = dev;
	if (has_reg(dev, "PTIMER.TIME_LOW")) {
		t->kind = HWPC_TIMER_PTIMER;
		t->name = "PTIMER";
		if (hwpc_ptimer_init(&t->pt, dev, err))
			return err->status;
		t->counter_bits = t->pt.counter_bits;
		return 0;
	}
	if (has_reg(dev, "RISCV_DEBUG_REG.WALL_CLOCK_L")) {
		t->kind = HWPC_TIMER_TENSIX;
		t->name = "Tensix wall clock";
		if (hwpc_reg_lookup(dev, "RISCV_DEBUG_REG.WALL_CLOCK_L", &t->a_lo, err) ||
		    hwpc_reg_lookup(dev, "RISCV_DEBUG_REG.WALL_CLOCK_L4", &t->a_hi_now, err))
			return err->status;
		t->counter_bits = 64;
		t->clock = hwpc_param_str(hwpc_dev_regdb(dev), hwpc_dev_chip(dev), "TENSIX.WALL_CLOCK_SOURCE", NULL);
		return 0;
	}
	return hwpc_err_set(err, HWPC_EINPUT, "%s has no timer hwpc knows (no PTIMER, no Tensix wall clock)",
			    hwpc_dev_chip(dev) ? hwpc_dev_chip(dev)->name : "the device");
}

/* Seed 002, several readers: L+4, L, L+4 until the high words agree.
 * (WALL_CLOCK_H would do for a lone reader, but another reader's
 * WALL_CLOCK_L access re-latches it in between.) */
static int tensix_read(struct hwpc_timer *t, uint64_t *raw, unsigned *retries, struct hwpc_err *err)
{
	struct hwpc_dev *dev = t->dev;
	uint32_t hi1, lo, hi2;
	for (unsigned i = 0; i < 1000; i++) {
		if (hwpc_rd32(dev, t->a_hi_now, &hi1) || hwpc_rd32(dev, t->a_lo, &lo) ||
		    hwpc_rd32(dev, t->a_hi_now, &hi2))
			return hwpc_err_set(err, hwpc_dev_error(dev)->status, "reading the Tensix wall clock: %s",
					    hwpc_dev_error(dev)->msg);
		if (hi1 == hi2) {
			*raw = (uint64_t)hi1 << 32 | lo;
			if (retries)
				*retries = i;
			return 0;
		}
	}
	return hwpc_err_set(err, HWPC_EOP, "the Tensix wall clock's high word changed on 1000 reads in a "
			    "row: the counter is not sane");
}

int hwpc_timer_read(struct hwpc_timer *t, uint64_t *raw, unsigned *retries, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	if (t->kind == HWPC_TIMER_PTIMER)
		return hwpc_ptimer_read(&t->pt, raw, retries, err);
	return tensix_read(t, raw, retries, err);
}

int hwpc_timer_rate(struct hwpc_timer *t, double override, struct hwpc_timer_rate *r, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	memset(r, 0, sizeof *r);
	if (t->kind == HWPC_TIMER_PTIMER) {
		if (hwpc_ptimer_config(&t->pt, override, &r->ptimer, err))
			return err->status;
		r->tick_hz = r->ptimer.tick_hz;
		r->source_name = r->ptimer.source_name;
		r->source_hz = r->ptimer.source_hz;
		r->source_from = r->ptimer.source_from;
		return 0;
	}
	/* The Tensix counter counts its clock one for one. */
	int c = t->clock ? hwpc_clock_by_name(t->clock) : -1;
	uint64_t hz = c >= 0 ? hwpc_dev_clock_hz(t->dev, (enum hwpc_clock)c) : 0;
	r->source_name = t->clock ? t->clock : "unknown";
	r->source_hz = (double)hz;
	r->source_from = hz ? "simulator profile" : "unknown";
	if (override > 0) {
		r->source_hz = override;
		r->source_from = "--source-hz";
	}
	r->tick_hz = r->source_hz;
	return 0;
}
