/* SPDX-License-Identifier: MIT */
/* 64-bit virtual counters over the 32-bit hardware counters, and the
 * reprogramming check: the document's kernel keeps 64-bit counts and bumps a
 * generation number when the counters stop being the program's; hwpc does
 * the same from user space by remembering the control words it expects
 * and comparing them at every read. */
#include "pc/pc_cmd.h"
#include "core/err_local.h"
#include "hwpc/pc.h"
#include "r10k/r10k_internal.h"
#include "r10k/r10k_cmd.h"

#include <string.h>

uint64_t hwpc_r10k_delta(uint32_t last, uint32_t now, unsigned bits)
{
	uint64_t mask = bits >= 64 ? ~0ull : (1ull << bits) - 1;
	/* Modular difference: a counter that wrapped once since the last read
	 * (overflow, or presetting near the top) still gives the right count. */
	return ((uint64_t)now - (uint64_t)last) & mask;
}

uint64_t hwpc_r10k_now_ns(struct hwpc_dev *dev)
{
	return hwpc_dev_now_ns(dev);
}

int hwpc_r10k_open(struct hwpc_r10k_session *s, struct hwpc_dev *dev, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	memset(s, 0, sizeof *s);
	s->dev = dev;
	if (hwpc_r10k_cpu_from_dev(&s->cpu, dev, err))
		return err->status;
	for (unsigned c = 0; c < s->cpu.ncounters; c++)
		if (r10k_rd(s->dev, s->cpu.ctrl, c, &s->ctrl[c], err) || r10k_rd(s->dev, s->cpu.count, c, &s->last[c], err))
			return err->status;
	return hwpc_r10k_note_generation(s, err);
}

int hwpc_r10k_note_generation(struct hwpc_r10k_session *s, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	struct hwpc_pc_note rec;
	if (hwpc_pc_note_load(s->dev, HWPC_R10K_NOTE, &rec, &s->noted, err))
		return err->status;
	s->generation = s->noted ? rec.generation : 0;
	return 0;
}

void hwpc_r10k_expect(struct hwpc_r10k_session *s, unsigned counter, uint32_t ctrl, uint32_t count)
{
	if (counter < s->cpu.ncounters) {
		s->ctrl[counter] = ctrl;
		s->last[counter] = count;
	}
}

int hwpc_r10k_read(struct hwpc_r10k_session *s, struct hwpc_r10k_sample *out, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	memset(out, 0, sizeof *out);
	/* Control words first: a change seen here invalidates the counts. */
	for (unsigned c = 0; c < s->cpu.ncounters; c++)
		if (r10k_rd(s->dev, s->cpu.ctrl, c, &out->ctrl[c], err))
			return err->status;
	for (unsigned c = 0; c < s->cpu.ncounters; c++)
		if (r10k_rd(s->dev, s->cpu.count, c, &out->raw[c], err))
			return err->status;
	if (r10k_rd(s->dev, s->cpu.intr, 0, &out->intr, err))
		return err->status;
	for (unsigned c = 0; c < s->cpu.ncounters; c++)
		out->changed |= out->ctrl[c] != s->ctrl[c];
	if (out->changed) {
		/* Someone else reprogrammed the counters: what they counted since
		 * the last read is not ours.  Keep the 64-bit values, restart from
		 * the new state, and count the change. */
		s->changes++;
		memcpy(s->ctrl, out->ctrl, sizeof s->ctrl);
	}
	for (unsigned c = 0; c < s->cpu.ncounters; c++) {
		if (!out->changed) {
			out->delta[c] = hwpc_r10k_delta(s->last[c], out->raw[c], s->cpu.counter_bits);
			s->virt[c] += out->delta[c];
		}
		s->last[c] = out->raw[c];
		out->virt[c] = s->virt[c];
	}
	out->changes = s->changes;
	return 0;
}
