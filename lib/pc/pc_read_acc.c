/* SPDX-License-Identifier: MIT */
/* 64-bit totals across samples (hwpc_pc_read_acc_*) and the perf-style scaling
 * of rotated counter sets (hwpc_pc_read_rot_*). */
#include "hwpc/pc.h"
#include "pc/pc_cmd.h"

#include <math.h>
#include <string.h>

void hwpc_pc_read_acc_init(struct hwpc_pc_read_acc *a)
{
	memset(a, 0, sizeof *a);
}

/* What a running counter gained since the last sample. */
static uint64_t gained(const struct hwpc_pc_read_ctrdesc *d, uint64_t prev, uint64_t now)
{
	if (d->sticky) {
		/* The low bits wrap and set the sticky top bit; only a reset
		 * (a new counting period or process) clears it. */
		const uint64_t top = 1ULL << (d->bits - 1), low = top - 1;
		bool ps = prev & top, ns = now & top;
		if (ps && !ns)
			return now; /* reset */
		if (!ps && !ns)
			return now >= prev ? now - prev : now;
		/* sticky now set: the low bits went round (once, if sampled often
		 * enough: 2^39 cycles is hours at these chips' clocks) */
		uint64_t pl = prev & low, nl = now & low;
		return !ps || nl < pl ? nl + top - pl : nl - pl;
	}
	/* 32-bit: saturating counters never wrap, so going down is a reset. */
	return now >= prev ? now - prev : now;
}

void hwpc_pc_read_acc_add(struct hwpc_pc_read_acc *a, const struct hwpc_pcr *r, const struct hwpc_pc_read_sample *s)
{
	if (s->mode == HWPC_PC_READ_MODE_QUAD) {
		/* Each latched set once: only a read that acked it is sure to
		 * be the first read of that set. */
		if (s->latched && s->acks) {
			for (int c = 0; c < HWPC_PC_READ_NCTRS; c++)
				if (s->present >> c & 1)
					a->total[c] += s->ctr[c];
			a->saturated |= s->saturated;
			a->sets++;
		}
		a->lost += s->lost;
	} else if (s->mode != HWPC_PC_READ_MODE_RECORD) {
		bool cont = a->have_prev && a->prev.mode == s->mode;
		for (int c = 0; c < HWPC_PC_READ_NCTRS; c++) {
			if (!(s->present >> c & 1))
				continue;
			if (!cont) {
				/* The first sample: what the counter holds so far
				 * (its low bits, when the sticky bit hides a wrap). */
				a->total[c] += r->ctr[c].sticky ? s->ctr[c] & ((1ULL << (r->ctr[c].bits - 1)) - 1)
								: s->ctr[c];
				if (r->ctr[c].sticky && (s->saturated >> c & 1))
					a->saturated |= 1u << c;
			} else {
				a->total[c] += gained(&r->ctr[c], a->prev.ctr[c], s->ctr[c]);
			}
			if (r->ctr[c].saturates && (s->saturated >> c & 1))
				a->saturated |= 1u << c;
		}
	}
	a->prev = *s;
	a->have_prev = true;
}

void hwpc_pc_read_rot_add(struct hwpc_pc_read_rotset *set, const uint64_t count[HWPC_PC_READ_NCTRS], uint64_t cycles)
{
	for (int c = 0; c < HWPC_PC_READ_NCTRS; c++)
		set->count[c] += count[c];
	set->counted += cycles;
	set->periods++;
}

uint64_t hwpc_pc_read_rot_total(const struct hwpc_pc_read_rotset *sets, size_t nsets)
{
	uint64_t t = 0;
	for (size_t i = 0; i < nsets; i++)
		t += sets[i].counted;
	return t;
}

double hwpc_pc_read_rot_scale(uint64_t count, uint64_t counted, uint64_t total)
{
	if (!counted)
		return NAN;
	if (counted == total)
		return (double)count;
	/* long double keeps 64-bit counts exact through the product. */
	return (double)((long double)count * (long double)total / (long double)counted);
}

double hwpc_pc_read_rot_fraction(uint64_t counted, uint64_t total)
{
	return total ? (double)counted / (double)total : 0.0;
}
