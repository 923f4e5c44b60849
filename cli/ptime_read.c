/* SPDX-License-Identifier: MIT */
/* ptime's reads: one read of every device's timer, and -i sampling with
 * the ticks between samples.  Waits go through the device's clock: a
 * virtual simulator clock is advanced by -i as any sampling advances it. */
#include "ptime_mode.h"
#include "dev/dev_cmd.h"

#include <stdlib.h>

static bool read_asked(const struct ptime_opts *op)
{
	return true;
}

static bool sample_asked(const struct ptime_opts *op)
{
	return op->have_interval;
}

static int read_once(struct ptime *p)
{
	struct hwpc_err err;
	struct hwpc_out *o = p->o;
	uint64_t raw;
	unsigned retries;
	char desc[256];
	int rc = 0;

	for (size_t i = 0; i < p->n && !rc; i++) {
		struct ptime_dev *t = &p->d[i];
		if (t->failed)
			continue;
		if (hwpc_timer_read(&t->tm, &raw, &retries, &err)) {
			ptime_dev_fail(p, i, &err);
			continue;
		}
		uint64_t ticks = hwpc_timer_ticks(&t->tm, raw);
		ptime_tag(p, i);
		hwpc_out_record(o, "timer");
		hwpc_out_hex(o, "raw", raw, 16);
		hwpc_out_u64(o, "ticks", ticks);
		ptime_put_ns(o, "ns", ptime_ticks_ns(t, ticks));
		ptime_put_hz(o, "tick_hz", t->rate.tick_hz);
		if (t->have_alarm) {
			hwpc_out_u64(o, "alarm_ticks", t->alarm_ticks);
			ptime_put_ns(o, "alarm_in_ns", ptime_ticks_ns(t, t->alarm_in_ticks));
		}
		if (p->op->verbose) {
			hwpc_dev_describe(t->tm.dev, desc, sizeof desc);
			hwpc_out_str(o, "description", desc);
		}
		ptime_report_config(p, t, o);
		if (p->op->verbose) {
			hwpc_out_u64(o, "retries", retries);
			hwpc_out_str(o, "timer", t->tm.name);
		}
		rc = ptime_end_record(p);
	}
	return rc;
}

/* OpenMetrics keeps the latest value of each series until the writer
 * finishes: with -o, each sample's exposition replaces the file. */
static int publish_sample(struct ptime *p)
{
	if (p->op->fmt != HWPC_FMT_OPENMETRICS || !p->op->output)
		return 0;
	int rc = ptime_out_close(p, true);
	p->rotated = true;
	return rc ? rc : ptime_out_open(p);
}

static int put_sample(struct ptime *p, size_t i, uint64_t k, uint64_t elapsed, uint64_t *prev)
{
	struct hwpc_err err;
	struct ptime_dev *t = &p->d[i];
	uint64_t raw;
	if (hwpc_timer_read(&t->tm, &raw, NULL, &err)) {
		ptime_dev_fail(p, i, &err);
		return 0;
	}
	uint64_t host = hwpc_host_now_ns();
	uint64_t ticks = hwpc_timer_ticks(&t->tm, raw);
	ptime_tag(p, i);
	hwpc_out_record(p->o, "timer_sample");
	hwpc_out_u64(p->o, "sample", k);
	hwpc_out_u64(p->o, "elapsed_ns", elapsed);
	hwpc_out_u64(p->o, "host_ns", host);
	hwpc_out_hex(p->o, "raw", raw, 16);
	hwpc_out_u64(p->o, "ticks", ticks);
	ptime_put_ns(p->o, "ns", ptime_ticks_ns(t, ticks));
	if (k)
		hwpc_out_u64(p->o, "delta_ticks", (ticks - *prev) & hwpc_timer_mask(&t->tm));
	else
		hwpc_out_null(p->o, "delta_ticks");
	*prev = ticks;
	return ptime_end_record(p);
}

/* Each sample reads every device in turn.  Each device has its own
 * sampler: a host clock's wait sleeps once for all (the later ones are
 * already due), and each virtual simulator clock is advanced. */
static int sample(struct ptime *p)
{
	static const struct hwpc_col cols[] = { { "sample", 6 }, { "elapsed_ns", 12 }, { "host_ns", 16 },
						{ "raw", 18 }, { "ticks", 14 }, { "ns", 14 },
						{ "delta_ticks", 11 } };
	const struct ptime_opts *op = p->op;
	struct hwpc_err err;
	struct hwpc_sampler *smp = calloc(p->n, sizeof *smp);
	uint64_t *prev = calloc(p->n, sizeof *prev);
	int rc = 0;

	if (!smp || !prev)
		rc = cli_fail(HWPC_EOP, "out of memory");
	else if (hwpc_out_table(p->o, cols, sizeof cols / sizeof cols[0], &err))
		rc = cli_fail_err(&err);
	const volatile sig_atomic_t *stop = cli_catch_stop();
	for (size_t i = 0; !rc && i < p->n; i++)
		if (!p->d[i].failed)
			hwpc_sampler_start(&smp[i], p->d[i].tm.dev, op->interval_ns);
	uint64_t k;
	for (k = 0; !rc && !hwpc_sampler_stopped(stop, k) && (!op->have_count || k < op->count) && p->failures < p->n;
	     k++) {
		for (size_t i = 0; k && i < p->n && !*stop; i++)
			if (!p->d[i].failed && hwpc_sampler_wait(&smp[i], k, &err))
				ptime_dev_fail(p, i, &err);
		if (hwpc_sampler_stopped(stop, k))
			break;
		for (size_t i = 0; !rc && i < p->n; i++)
			if (!p->d[i].failed)
				rc = put_sample(p, i, k, hwpc_sampler_elapsed_ns(&smp[i]), &prev[i]);
		if (!rc && (!op->have_count || k + 1 < op->count))
			rc = publish_sample(p);
		if (!rc && p->o && (rc = cli_outfile_flush(&p->of)))
			p->write_failed = true; /* a write error ends it */
	}
	/* Sampling that fell behind says so (--strict: exit 3). */
	for (size_t i = 0; smp && !rc && k > 1 && i < p->n; i++) {
		char why[256];
		if (!p->d[i].failed && hwpc_sampler_behind(&smp[i], k - 1, hwpc_sampler_elapsed_ns(&smp[i]), why, sizeof why))
			ptime_suspect(p, &p->d[i], why);
	}
	free(smp);
	free(prev);
	return rc;
}

const struct ptime_mode ptime_read = { .asked = read_asked, .run = read_once };
const struct ptime_mode ptime_sample = { .asked = sample_asked, .run = sample };
