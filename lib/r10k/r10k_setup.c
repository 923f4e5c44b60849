/* SPDX-License-Identifier: MIT */
/* Programming one counter as a write plan (what pcsetup does): checked
 * completely before anything is planned, shown by --dry-run. */
#include "dev/dev_cmd.h"
#include "dev/backend.h"
#include "core/err_local.h"
#include "r10k/r10k_internal.h"

#include <stdio.h>
#include <string.h>

int hwpc_r10k_setup(struct hwpc_wplan *plan, const struct hwpc_r10k_cpu *cpu, const struct hwpc_r10k_req *req,
		    struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	struct hwpc_dev *dev = plan->dev;
	const struct hwpc_r10k_event *ev;
	uint32_t word, preset = 0, ibit = 0;
	char why[96], name[8];

	if (hwpc_dev_chip(dev) != cpu->chip)
		return hwpc_err_set(err, HWPC_EINPUT,
				    "the device is an %s and the events are the %s's: mixing R10000 and "
				    "R12000 counters is undefined",
				    hwpc_dev_chip(dev)->name, cpu->chip->name);
	if (!(ev = hwpc_r10k_event_find(cpu, req->event, (int)req->counter, err)))
		return err->status;
	struct hwpc_r10k_ctl ctl = { .counter = req->counter, .event = ev, .modes = req->modes, .ie = req->ie };
	if (hwpc_r10k_encode(cpu, &ctl, &word, err))
		return err->status;
	/* The document's overflow threshold n: an interrupt after n events, that
	 * is, when the counter reaches bit 31 from 2^31 - n. */
	uint64_t top = 1ull << cpu->overflow_bit;
	if (req->threshold) {
		if (!req->ie)
			return hwpc_err_set(err, HWPC_EINPUT, "an overflow threshold needs the interrupt enabled (ie)");
		if (req->threshold > top)
			return hwpc_err_set(err, HWPC_EINPUT, "overflow threshold %llu is above 2^%u",
					    (unsigned long long)req->threshold, cpu->overflow_bit);
		preset = (uint32_t)(top - req->threshold);
	}
	snprintf(name, sizeof name, "CTR%u", req->counter);
	const struct hwpc_field *f = hwpc_field_find(cpu->intr, cpu->chip, name);
	if (f)
		hwpc_field_put(f, &ibit, 1);

	uint32_t ctrl = r10k_addr(cpu->ctrl, req->counter), count = r10k_addr(cpu->count, req->counter);
	snprintf(why, sizeof why, "stop counter %u while it is set up", req->counter);
	if (hwpc_wplan_addr(plan, ctrl, 0, why, err))
		return err->status;
	if (req->threshold)
		snprintf(why, sizeof why, "threshold %llu: bit %u sets after %llu events",
			 (unsigned long long)req->threshold, cpu->overflow_bit, (unsigned long long)req->threshold);
	else
		snprintf(why, sizeof why, "count from 0");
	if (hwpc_wplan_addr(plan, count, preset, why, err))
		return err->status;
	if (ibit) {
		snprintf(why, sizeof why, "clear counter %u's pending overflow interrupt", req->counter);
		if (hwpc_wplan_addr(plan, r10k_addr(cpu->intr, 0), ibit, why, err))
			return err->status;
	}
	struct hwpc_r10k_decoded d;
	if (hwpc_r10k_decode_word(cpu, (int)req->counter, word, &d, err))
		return err->status;
	hwpc_r10k_describe(&d, why, sizeof why);
	return hwpc_wplan_addr(plan, ctrl, word, why, err);
}
