/* SPDX-License-Identifier: MIT */
/* R10000/R12000 records: what a control word means (pcread --decode
 * CPU[:COUNTER]:WORD, one record per meaning), the counters read, and the
 * estimates of multiplexed events (see r10k_cmd.h). */
#include "core/err_local.h"
#include "hwpc/dev.h"
#include "r10k/r10k_cmd.h"
#include "r10k/r10k_internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
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

int hwpc_r10k_decode_out(const struct hwpc_regdb *db, const char *text, struct hwpc_out *o, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	struct hwpc_r10k_cpu *cpu = calloc(1, sizeof *cpu); /* its event table is large */
	struct hwpc_r10k_decoded d;
	if (!cpu)
		return hwpc_err_set(err, HWPC_EOP, "out of memory");
	int rc = hwpc_r10k_decode_arg(db, text, 0, cpu, &d, err) || hwpc_r10k_decoded_print(cpu, &d, o, err) ? err->status : 0;
	free(cpu);
	return rc;
}

int hwpc_r10k_sample_out(struct hwpc_out *o, const struct hwpc_r10k_session *s, const struct hwpc_r10k_sample *x,
			 bool sampling, uint64_t k, uint64_t t_ns, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	for (unsigned c = 0; c < s->cpu.ncounters; c++) {
		struct hwpc_r10k_decoded d;
		char modes[64], name[8];
		bool ok = !hwpc_r10k_decode_word(&s->cpu, (int)c, x->ctrl[c], &d, NULL) && d.nevents;
		const struct hwpc_field *f;
		snprintf(name, sizeof name, "CTR%u", c);
		f = hwpc_field_find(s->cpu.intr, s->cpu.chip, name);
		hwpc_r10k_modes_format(ok ? d.modes : 0, modes, sizeof modes);
		hwpc_out_record(o, "r10k_counter");
		if (sampling) {
			hwpc_out_u64(o, "sample", k);
			hwpc_out_u64(o, "device_ns", t_ns);
		}
		hwpc_out_u64(o, "counter", c);
		hwpc_out_str(o, "event", ok ? d.events[0]->name : "?");
		hwpc_out_hex32(o, "word", x->ctrl[c]);
		hwpc_out_str(o, "modes", modes);
		hwpc_out_u64(o, "count", x->raw[c]);
		if (sampling) {
			hwpc_out_u64(o, "delta", x->delta[c]);
			hwpc_out_u64(o, "count_total", x->virt[c]);
		}
		hwpc_out_bool(o, "overflow", f && hwpc_field_get(f, x->intr));
		if (s->noted)
			hwpc_out_u64(o, "generation", s->generation);
		else
			hwpc_out_null(o, "generation");
		if (hwpc_out_end(o, err))
			return err->status;
	}
	return 0;
}

static size_t digits(uint64_t v)
{
	size_t n = 1;
	while (v >= 10) {
		v /= 10;
		n++;
	}
	return n;
}

/* A column at least as wide as its name and as len. */
static void widen(struct hwpc_col *c, size_t len)
{
	size_t name = strlen(c->name);
	if (len < name)
		len = name;
	if (len > c->width)
		c->width = (unsigned)len;
}

int hwpc_r10k_mux_out(struct hwpc_out *o, const struct hwpc_r10k_mux *m, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	struct hwpc_col cols[] = { { "event", 0 },	     { "counter", 0 },	       { "count", 0 },
				   { "scaled", 0 },	     { "scaled_unc", 0 },      { "counted_pct", 0 },
				   { "time_counted_ns", 0 }, { "time_unc_ns", 0 },     { "time_total_ns", 0 },
				   { "lag_ns", 0 } };
	struct hwpc_r10k_estimate e;
	for (unsigned i = 0; i < m->n; i++) {
		hwpc_r10k_mux_estimate(m, i, &e);
		widen(&cols[0], strlen(m->ev[i].ev->name));
		widen(&cols[2], digits(e.count));
		widen(&cols[3], e.counted ? digits((uint64_t)llround(e.scaled)) : 1);
		widen(&cols[4], e.counted ? digits((uint64_t)ceil(e.scaled_unc)) : 1);
		widen(&cols[6], digits(e.time_counted_ns));
		widen(&cols[7], digits(e.time_unc_ns));
		widen(&cols[8], digits(e.time_total_ns));
		widen(&cols[9], e.can_lag ? digits(e.lag_ns) : 1);
	}
	if (hwpc_out_table(o, cols, sizeof cols / sizeof cols[0], err))
		return err->status;
	for (unsigned i = 0; i < m->n; i++) {
		hwpc_r10k_mux_estimate(m, i, &e);
		hwpc_out_record(o, "r10k_estimate");
		hwpc_out_str(o, "event", m->ev[i].ev->name);
		hwpc_out_u64(o, "counter", m->ev[i].counter);
		hwpc_out_u64(o, "count", e.count);
		if (e.counted) {
			hwpc_out_u64(o, "scaled", (uint64_t)llround(e.scaled));
			hwpc_out_u64(o, "scaled_unc", (uint64_t)ceil(e.scaled_unc));
		} else {
			hwpc_out_null(o, "scaled");
			hwpc_out_null(o, "scaled_unc");
		}
		hwpc_out_double(o, "counted_pct", 100.0 * e.fraction, 2);
		hwpc_out_u64(o, "time_counted_ns", e.time_counted_ns);
		hwpc_out_u64(o, "time_unc_ns", e.time_unc_ns);
		hwpc_out_u64(o, "time_total_ns", e.time_total_ns);
		if (e.can_lag)
			hwpc_out_u64(o, "lag_ns", e.lag_ns);
		else
			hwpc_out_null(o, "lag_ns");
		if (hwpc_out_end(o, err))
			return err->status;
	}
	return 0;
}
