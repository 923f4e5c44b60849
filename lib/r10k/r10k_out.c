/* SPDX-License-Identifier: MIT */
/* pcread --decode CPU[:COUNTER]:WORD: parse the argument, and write what a
 * control word means as records (one per meaning) in any output format. */
#include "core/err_local.h"
#include "hwpc/core.h"
#include "r10k/r10k_internal.h"

#include <stdio.h>
#include <string.h>

int hwpc_r10k_decode_arg(const struct hwpc_regdb *db, const char *text, int rev, struct hwpc_r10k_cpu *cpu,
			 struct hwpc_r10k_decoded *out, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	char part[3][64];
	unsigned n = 0;
	const char *s = text;
	uint64_t word, counter = 0;

	for (;;) {
		size_t len = strcspn(s, ":");
		if (n == 3 || len == 0 || len >= sizeof part[0])
			return hwpc_err_set(err, HWPC_EINPUT,
					    "bad control word '%s' (expected CPU[:COUNTER]:WORD, e.g. "
					    "r10000:0x138)",
					    text);
		memcpy(part[n], s, len);
		part[n++][len] = 0;
		s += len;
		if (!*s)
			break;
		s++;
	}
	if (n < 2)
		return hwpc_err_set(err, HWPC_EINPUT,
				    "bad control word '%s' (expected CPU[:COUNTER]:WORD, e.g. r10000:0x138)", text);
	if (hwpc_r10k_cpu_init(cpu, db, part[0], rev, err) ||
	    (n == 3 && hwpc_parse_u64(part[1], 255, "counter", &counter, err)) ||
	    hwpc_parse_u64(part[n - 1], UINT32_MAX, "control word", &word, err))
		return err->status;
	return hwpc_r10k_decode_word(cpu, n == 3 ? (int)counter : -1, (uint32_t)word, out, err);
}

int hwpc_r10k_decoded_print(const struct hwpc_r10k_cpu *cpu, const struct hwpc_r10k_decoded *d,
			    struct hwpc_out *o, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	char fields[256], modes[64];

	hwpc_reg_decode(cpu->ctrl, cpu->chip, d->word, fields, sizeof fields);
	hwpc_r10k_modes_format(d->modes, modes, sizeof modes);
	for (unsigned i = 0; i < d->nevents; i++) {
		const struct hwpc_r10k_event *e = d->events[i];
		const char *r10000, *r12000;
		hwpc_out_record(o, "r10k_decode");
		hwpc_out_str(o, "cpu", cpu->chip->name);
		if (d->counter >= 0 || e->counter >= 0)
			hwpc_out_u64(o, "counter", (uint64_t)(d->counter >= 0 ? d->counter : e->counter));
		else
			hwpc_out_null(o, "counter");
		hwpc_out_hex32(o, "word", d->word);
		hwpc_out_str(o, "fields", fields);
		hwpc_out_str(o, "modes", modes);
		hwpc_out_bool(o, "ie", d->ie);
		hwpc_out_u64(o, "event_index", e->num);
		hwpc_out_str(o, "event", e->name);
		if (e->rev)
			hwpc_out_u64(o, "rev", (uint64_t)e->rev);
		else
			hwpc_out_null(o, "rev");
		hwpc_out_str(o, "title", e->title ? e->title : "");
		hwpc_out_str(o, "description", e->desc);
		if (hwpc_r10k_event_note(cpu->db, e->num, &r10000, &r12000)) {
			char note[200];
			snprintf(note, sizeof note, "R10000 rev 3: %s; R12000: %s", r10000 && *r10000 ? r10000 : "-",
				 r12000 && *r12000 ? r12000 : "-");
			hwpc_out_str(o, "differs", note);
		} else {
			hwpc_out_null(o, "differs");
		}
		if (hwpc_out_end(o, err))
			return err->status;
	}
	return 0;
}
