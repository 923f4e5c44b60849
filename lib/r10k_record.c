/* SPDX-License-Identifier: MIT */
/* Remembering the control words pcsetup wrote on an R10000/R12000, so that
 * pcread can tell when someone else reprogrammed the counters since: the
 * PCOUNTER setup record (hwpc_pc_record_*) under the name "r10k", one
 * entry per counter. */
#include "err_local.h"
#include "hwpc/pc.h"
#include "r10k_internal.h"

#include <stdio.h>

int hwpc_r10k_record_save(struct hwpc_dev *dev, const struct hwpc_r10k_cpu *cpu, unsigned counter, uint32_t word,
			  uint64_t *generation, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	struct hwpc_pc_record rec;
	struct hwpc_r10k_decoded d;
	bool found;
	if (counter >= cpu->ncounters)
		return hwpc_err_set(err, HWPC_EINPUT, "no counter %u (the %s has %u)", counter, cpu->chip->name,
				    cpu->ncounters);
	/* The other counter's entry stays: each pcsetup programs one. */
	if (hwpc_pc_record_load(dev, HWPC_R10K_RECORD, &rec, &found, err))
		return err->status;
	if (!hwpc_pc_record_add(&rec, cpu->db, cpu->chip, r10k_addr(cpu->ctrl, counter), word))
		return hwpc_err_set(err, HWPC_EOP, "setup record full");
	if (hwpc_r10k_decode_word(cpu, (int)counter, word, &d, err))
		return err->status;
	hwpc_r10k_describe(&d, rec.what, sizeof rec.what);
	if (hwpc_pc_record_save(dev, HWPC_R10K_RECORD, &rec, err))
		return err->status;
	if (generation)
		*generation = rec.generation;
	return 0;
}
