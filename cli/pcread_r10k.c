/* SPDX-License-Identifier: MIT */
/* pcread on an R10000/R12000: both counters as 64-bit virtual counters
 * (once, or every interval), more events than counters by rotation with
 * perf-style estimates, the control words checked against what pcsetup
 * recorded and between reads, and --decode of any control word. */
#include "pcread.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static bool suspect; /* --strict: exit 3 */

/* Warn (and mark the run suspect) when the control words are not what
 * pcsetup recorded. */
static int check_record(struct hwpc_dev *dev, bool verbose)
{
	struct hwpc_err err;
	struct hwpc_pc_note rec;
	bool found, changed;
	char diff[256];
	if (hwpc_pc_note_load(dev, HWPC_R10K_NOTE, &rec, &found, &err) ||
	    (found && hwpc_pc_note_check(dev, &rec, &changed, diff, sizeof diff, &err)))
		return cli_fail_err(&err);
	if (found && changed) {
		cli_warn("counter setup changed since pcsetup (generation %llu): %s", (unsigned long long)rec.generation,
			 diff);
		suspect = true;
	} else if (verbose && found) {
		cli_warn("setup as pcsetup left it (generation %llu: %s)", (unsigned long long)rec.generation, rec.what);
	} else if (verbose) {
		cli_warn("no pcsetup note (nothing to check the control words against)");
	}
	return 0;
}

static void warn_changed(const struct hwpc_r10k_session *s, const uint32_t *before, const struct hwpc_r10k_sample *x)
{
	for (unsigned c = 0; c < s->cpu.ncounters; c++)
		if (x->ctrl[c] != before[c])
			cli_warn("counter %u reprogrammed by someone else between reads (generation %u): control word "
				 "0x%08x, expected 0x%08x; its count since the last read is dropped",
				 c, x->generation, x->ctrl[c], before[c]);
	suspect = true;
}

static int put_sample(struct hwpc_out *o, const struct hwpc_r10k_session *s, const struct hwpc_r10k_sample *x,
		      const struct cli_r10k_read *a, uint64_t k, uint64_t t_ns)
{
	struct hwpc_err err;
	for (unsigned c = 0; c < s->cpu.ncounters; c++) {
		struct hwpc_r10k_decoded d;
		char modes[64], name[8];
		bool ok = !hwpc_r10k_decode_word(&s->cpu, (int)c, x->ctrl[c], &d, NULL) && d.nevents;
		const struct hwpc_field *f;
		snprintf(name, sizeof name, "CTR%u", c);
		f = hwpc_field_find(s->cpu.intr, s->cpu.chip, name);
		hwpc_r10k_modes_format(ok ? d.modes : 0, modes, sizeof modes);
		hwpc_out_record(o, "r10k_counter");
		if (a->have_interval) {
			hwpc_out_u64(o, "sample", k);
			hwpc_out_u64(o, "device_ns", t_ns);
		}
		hwpc_out_u64(o, "counter", c);
		hwpc_out_str(o, "event", ok ? d.events[0]->name : "?");
		hwpc_out_hex32(o, "word", x->ctrl[c]);
		hwpc_out_str(o, "modes", modes);
		hwpc_out_u64(o, "count", x->raw[c]);
		if (a->have_interval) {
			hwpc_out_u64(o, "delta", x->delta[c]);
			hwpc_out_u64(o, "count_total", x->virt[c]);
		}
		hwpc_out_bool(o, "overflow", f && hwpc_field_get(f, x->intr));
		hwpc_out_u64(o, "generation", x->generation);
		if (hwpc_out_end(o, &err))
			return cli_fail_err(&err);
	}
	return 0;
}

static int sample(struct hwpc_r10k_session *s, struct hwpc_out *o, const struct cli_r10k_read *a)
{
	struct hwpc_err err;
	struct hwpc_r10k_sample x;
	struct hwpc_sampler smp;
	int rc = 0;
	hwpc_sampler_start(&smp, s->dev, a->have_interval ? a->interval_ns : 0);
	for (uint64_t k = 0; !rc && !pcread_stop && (!a->have_count || k < a->count); k++) {
		uint32_t before[HWPC_R10K_MAX_COUNTERS];
		if (k && !a->have_interval)
			break;
		if (k && hwpc_sampler_wait(&smp, k, &err))
			return cli_fail_err(&err);
		if (pcread_stop)
			break;
		memcpy(before, s->ctrl, sizeof before);
		if (hwpc_r10k_read(s, &x, &err))
			return cli_fail_err(&err);
		if (x.changed)
			warn_changed(s, before, &x);
		rc = put_sample(o, s, &x, a, k, hwpc_sampler_elapsed_ns(&smp));
		if (a->have_interval)
			fflush(NULL);
	}
	return rc;
}

#define MAX_EVENTS HWPC_R10K_MAX_NUMS

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

static int multiplex(struct hwpc_r10k_session *s, struct hwpc_out *o, const struct cli_r10k_read *a)
{
	struct hwpc_col cols[] = { { "event", 0 },  { "counter", 0 },	   { "count", 0 },
				   { "scaled", 0 }, { "counted_pct", 0 }, { "time_counted_ns", 0 },
				   { "time_total_ns", 0 } };
	struct hwpc_err err;
	struct hwpc_r10k_mux *m = calloc(1, sizeof *m);
	char *list = strdup(a->events), *save = NULL;
	const char *names[MAX_EVENTS + 1];
	unsigned n = 0, modes;
	int rc = 0;

	if (!m || !list) {
		free(m);
		free(list);
		return cli_fail(HWPC_EOP, "out of memory");
	}
	for (char *t = strtok_r(list, ",", &save); t && n <= MAX_EVENTS; t = strtok_r(NULL, ",", &save))
		names[n++] = t;
	if (!a->have_interval)
		rc = cli_fail(HWPC_EINPUT, "--events needs -i: how long each event counts in its turn");
	else if (hwpc_r10k_modes_parse(a->modes ? a->modes : "user", &modes, &err) ||
		 hwpc_r10k_mux_plan(m, &s->cpu, names, n, modes, &err) ||
		 hwpc_r10k_mux_start(m, s, hwpc_dev_now_ns(s->dev), &err))
		rc = cli_fail_err(&err);
	struct hwpc_sampler smp;
	hwpc_sampler_start(&smp, s->dev, a->interval_ns);
	for (uint64_t k = 1; !rc && !pcread_stop && (!a->have_count || k <= a->count); k++) {
		bool changed;
		if (hwpc_sampler_wait(&smp, k, &err)) {
			rc = cli_fail_err(&err);
			break;
		}
		if (hwpc_r10k_mux_rotate(m, s, hwpc_dev_now_ns(s->dev), &changed, &err))
			rc = cli_fail_err(&err);
		else if (changed) {
			cli_warn("the counters were reprogrammed by someone else during interval %llu (generation %u): "
				 "its counts are dropped and the events put back",
				 (unsigned long long)k, s->generation);
			suspect = true;
		}
	}
	/* The counters now hold words pcread wrote: say so in the record
	 * (after an error too: a rotation may have been programmed). */
	if (hwpc_r10k_mux_save(m, s, &err) && !rc)
		rc = cli_fail_err(&err);
	/* Every row is known before the first is printed: size the text
	 * columns to the widest value, not to the first row's. */
	for (unsigned i = 0; !rc && i < m->n; i++) {
		struct hwpc_r10k_estimate e;
		hwpc_r10k_mux_estimate(m, i, &e);
		widen(&cols[0], strlen(m->ev[i].ev->name));
		widen(&cols[2], digits(e.count));
		widen(&cols[3], e.counted ? digits((uint64_t)llround(e.scaled)) : 1);
		widen(&cols[5], digits(e.time_counted_ns));
		widen(&cols[6], digits(e.time_total_ns));
	}
	if (!rc && hwpc_out_table(o, cols, sizeof cols / sizeof cols[0], &err))
		rc = cli_fail_err(&err);
	for (unsigned i = 0; !rc && i < m->n; i++) {
		struct hwpc_r10k_estimate e;
		hwpc_r10k_mux_estimate(m, i, &e);
		hwpc_out_record(o, "r10k_estimate");
		hwpc_out_str(o, "event", m->ev[i].ev->name);
		hwpc_out_u64(o, "counter", m->ev[i].counter);
		hwpc_out_u64(o, "count", e.count);
		if (e.counted)
			hwpc_out_u64(o, "scaled", (uint64_t)llround(e.scaled));
		else
			hwpc_out_null(o, "scaled");
		hwpc_out_double(o, "counted_pct", 100.0 * e.fraction, 2);
		hwpc_out_u64(o, "time_counted_ns", e.time_counted_ns);
		hwpc_out_u64(o, "time_total_ns", e.time_total_ns);
		rc = hwpc_out_end(o, &err) ? cli_fail_err(&err) : 0;
	}
	free(list);
	free(m);
	return rc;
}

int cli_r10k_read(struct hwpc_dev *dev, FILE *out, const struct cli_r10k_read *a)
{
	struct hwpc_err err;
	struct hwpc_r10k_session *s = calloc(1, sizeof *s);
	struct hwpc_out *o = NULL;
	int rc = 0;

	if (!s)
		return cli_fail(HWPC_EOP, "out of memory");
	if (a->modes && !a->events)
		rc = cli_fail(HWPC_EINPUT, "--modes applies to --events (pcsetup --modes sets a counter's modes)");
	else if (hwpc_r10k_open(s, dev, &err) || !(o = pcread_out_new(out, a->fmt, &err)))
		rc = cli_fail_err(&err);
	else
		rc = check_record(dev, a->verbose);
	pcread_catch_signals();
	if (!rc)
		rc = a->events ? multiplex(s, o, a) : sample(s, o, a);
	/* A long run ends with a second look at what pcsetup recorded. */
	if (!rc && a->have_interval && !a->events)
		rc = check_record(dev, false);
	if (o && hwpc_out_finish(o, &err) && !rc)
		rc = cli_fail_err(&err);
	hwpc_out_free(o);
	free(s);
	if (!rc && a->strict && suspect)
		rc = HWPC_ELOST;
	return rc;
}

int cli_r10k_decode(const char *arg, FILE *out, enum hwpc_format fmt)
{
	struct hwpc_err err;
	struct hwpc_regdb *db;
	struct hwpc_r10k_cpu *cpu = calloc(1, sizeof *cpu);
	struct hwpc_r10k_decoded d;
	struct hwpc_out *o = NULL;
	int rc = 0;
	if (!cpu)
		return cli_fail(HWPC_EOP, "out of memory");
	if (hwpc_regdb_load(&db, &err)) {
		free(cpu);
		return cli_fail_err(&err);
	}
	if (hwpc_r10k_decode_arg(db, arg, 0, cpu, &d, &err) || !(o = pcread_out_new(out, fmt, &err)) ||
	    hwpc_r10k_decoded_print(cpu, &d, o, &err))
		rc = cli_fail(err.status, "--decode %s: %s", arg, err.msg);
	if (o && hwpc_out_finish(o, &err) && !rc)
		rc = cli_fail_err(&err);
	hwpc_out_free(o);
	hwpc_regdb_free(db);
	free(cpu);
	return rc;
}
