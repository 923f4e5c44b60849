/* SPDX-License-Identifier: MIT */
/* pcsetup on an R10000/R12000: one counter's control word, planned by the
 * library (stop, preset, clear the interrupt, control word), printed by
 * --dry-run, else written and recorded for pcread. */
#include "pcsetup_r10k.h"

int cli_r10k_setup(struct hwpc_dev *dev, const struct hwpc_r10k_cpu *cpu, const struct cli_r10k_setup *a,
		   struct hwpc_out *o)
{
	struct hwpc_err err;
	struct hwpc_r10k_req req = { .ie = a->ie };
	struct hwpc_wplan plan;
	uint64_t gen = 0;
	int rc = 0;

	if (!a->event)
		return cli_fail(HWPC_EINPUT, "nothing to set up: the %s needs --event NAME|NUM (pcsetup --help)",
				cpu->chip->name);
	if (hwpc_r10k_modes_parse(a->modes ? a->modes : "user", &req.modes, &err) ||
	    (a->threshold && hwpc_parse_u64(a->threshold, UINT64_MAX, "--threshold", &req.threshold, &err)))
		return cli_fail_err(&err);
	/* What each counter counts now (a word with no mode counts nothing). */
	struct hwpc_r10k_session s;
	struct hwpc_r10k_decoded now[HWPC_R10K_MAX_COUNTERS];
	if (hwpc_r10k_open(&s, dev, &err))
		return cli_fail_err(&err);
	for (unsigned c = 0; c < cpu->ncounters; c++)
		if (hwpc_r10k_decode_word(cpu, (int)c, s.ctrl[c], &now[c], &err))
			now[c].modes = 1; /* reserved bits: someone's, not free */
	if (a->counter >= 0) {
		req.counter = (unsigned)a->counter;
	} else {
		/* No --counter: the one the event belongs to; one that fits
		 * either takes a free counter, as perfex does (0 if none is). */
		const struct hwpc_r10k_event *ev = hwpc_r10k_event_find(cpu, a->event, -1, &err);
		if (!ev)
			return cli_fail_err(&err);
		req.counter = ev->counter > 0 ? (unsigned)ev->counter : 0;
		for (unsigned c = 0; c < cpu->ncounters; c++) {
			struct hwpc_err miss;
			if (!now[c].modes && hwpc_r10k_event_find(cpu, a->event, (int)c, &miss)) {
				req.counter = c;
				break;
			}
		}
	}
	req.event = a->event;
	hwpc_wplan_init(&plan, dev);
	if (hwpc_r10k_setup(&plan, cpu, &req, &err))
		rc = cli_fail_err(&err);
	else if (a->dry_run || a->verbose)
		rc = hwpc_wplan_print(&plan, o, &err) ? cli_fail_err(&err) : 0;
	if (!rc && !a->dry_run) {
		uint32_t word = plan.w[plan.n - 1].value;
		if (now[req.counter].modes && s.ctrl[req.counter] != word) {
			char was[160];
			hwpc_r10k_describe(&now[req.counter], was, sizeof was);
			cli_warn("replaced what counter %u counted (%s)%s", req.counter, was,
				 a->counter >= 0 ? "" : ": the event counts on no free counter (--counter N chooses)");
		}
		if (hwpc_wplan_apply(&plan, &err) || hwpc_r10k_note_save(dev, cpu, req.counter, word, &gen, &err))
			rc = cli_fail_err(&err);
		else if (!a->verbose) {
			char modes[64];
			hwpc_r10k_modes_format(req.modes, modes, sizeof modes);
			hwpc_out_record(o, "r10k_setup");
			hwpc_out_u64(o, "counter", req.counter);
			hwpc_out_str(o, "setup", plan.w[plan.n - 1].why);
			hwpc_out_hex32(o, "word", word);
			hwpc_out_str(o, "modes", modes);
			hwpc_out_bool(o, "ie", req.ie);
			hwpc_out_u64(o, "threshold", req.threshold);
			hwpc_out_u64(o, "generation", gen);
			rc = hwpc_out_end(o, &err) ? cli_fail_err(&err) : 0;
		}
	}
	hwpc_wplan_free(&plan);
	return rc;
}
