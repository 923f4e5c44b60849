/* SPDX-License-Identifier: MIT */
/* Remembering the control words pcsetup wrote on an R10000/R12000, so that
 * pcread can tell when someone else reprogrammed the counters since: the
 * PCOUNTER setup note (hwpc_pc_note_*) under the name "r10k", one
 * entry per counter. */
#include "pc/pc_cmd.h"
#include "core/err_local.h"
#include "hwpc/pc.h"
#include "r10k/r10k_internal.h"

#include <stdio.h>

int hwpc_r10k_note_save(struct hwpc_dev *dev, const struct hwpc_r10k_cpu *cpu, unsigned counter, uint32_t word,
			  uint64_t *generation, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	struct hwpc_pc_note rec = { 0 };
	struct hwpc_r10k_decoded d;
	if (counter >= cpu->ncounters)
		return hwpc_err_set(err, HWPC_EINPUT, "no counter %u (the %s has %u)", counter, cpu->chip->name,
				    cpu->ncounters);
	if (!hwpc_pc_note_add(&rec, cpu->db, cpu->chip, r10k_addr(cpu->ctrl, counter), word))
		return hwpc_err_set(err, HWPC_EOP, "setup note full");
	if (hwpc_r10k_decode_word(cpu, (int)counter, word, &d, err))
		return err->status;
	hwpc_r10k_describe(&d, rec.what, sizeof rec.what);
	/* The other counter's entry stays: each pcsetup programs one. */
	if (hwpc_pc_note_merge(dev, HWPC_R10K_NOTE, &rec, err))
		return err->status;
	if (generation)
		*generation = rec.generation;
	return 0;
}
