/* SPDX-License-Identifier: MIT */
/* What ptime's modes share (ptime_mode.h): the report and its records,
 * a device's failure, the timer read with the time it corresponds to. */
#include "ptime_mode.h"

#include <math.h>
#include <stdio.h>

double ptime_ticks_ns(const struct ptime_dev *t, uint64_t ticks)
{
	return t->rate.tick_hz > 0 ? (double)((long double)ticks * 1e9L / (long double)t->rate.tick_hz) : NAN;
}

void ptime_put_ns(struct hwpc_out *o, const char *key, double ns)
{
	if (isnan(ns))
		hwpc_out_null(o, key);
	else
		hwpc_out_u64(o, key, (uint64_t)llroundl((long double)ns));
}

void ptime_put_hz(struct hwpc_out *o, const char *key, double hz)
{
	if (hz > 0)
		hwpc_out_double(o, key, hz, 3);
	else
		hwpc_out_null(o, key);
}

void ptime_report_config(const struct ptime *p, const struct ptime_dev *t, struct hwpc_out *o)
{
	const struct hwpc_ptimer_config *cfg = &t->rate.ptimer;
	bool ptimer = t->tm.kind == HWPC_TIMER_PTIMER;
	if (!p->op->verbose)
		return;
	hwpc_out_str(o, "source", t->rate.source_name);
	if (ptimer && cfg->internal) {
		hwpc_out_double(o, "crystal_hz", (double)t->tm.pt.crystal_hz, 0);
		hwpc_out_u64(o, "internal_mul", cfg->internal_mul);
		hwpc_out_u64(o, "internal_div", cfg->internal_div);
	}
	ptime_put_hz(o, "source_hz", t->rate.source_hz);
	hwpc_out_str(o, "source_from", t->rate.source_from);
	if (ptimer) {
		hwpc_out_u64(o, "clock_mul", cfg->clock_mul);
		hwpc_out_u64(o, "clock_div", cfg->clock_div);
	}
}

int ptime_end_record(struct ptime *p)
{
	struct hwpc_err err;
	p->records++;
	if (!hwpc_out_end(p->o, &err))
		return 0;
	p->write_failed = true;
	return cli_fail_err(&err);
}

int ptime_out_open(struct ptime *p)
{
	struct hwpc_err err;
	int rc = cli_outfile_open(&p->of, p->op->output);
	if (rc)
		return rc;
	if (!p->op->output)
		p->of.fp = p->fallback; /* stdout, or stderr beside a command */
	if (!(p->o = cli_devices_out(&p->devs, p->of.fp, p->op->fmt, NULL, 0, &err))) {
		cli_outfile_close(&p->of, false);
		return cli_fail_err(&err);
	}
	p->records = 0;
	return 0;
}

int ptime_out_close(struct ptime *p, bool ok)
{
	struct hwpc_err err;
	int rc = 0;
	if (!p->o)
		return 0;
	/* -i with OpenMetrics to a file: a writer reopened for a sample that
	 * never came leaves the last sample's file in place. */
	if (p->rotated && !p->records)
		ok = false;
	/* Nothing written and nothing to keep (a command that could not be
	 * started): no closing line either, OpenMetrics' "# EOF" of a run
	 * that never happened. */
	if ((ok || p->records) && hwpc_out_finish(p->o, &err)) {
		rc = p->write_failed ? HWPC_EOP : cli_fail_err(&err);
		ok = false;
	}
	hwpc_out_free(p->o);
	p->o = NULL;
	if (p->of.fp == p->fallback && !p->op->output)
		p->of.fp = stdout; /* what cli_outfile_close flushes */
	int crc = cli_outfile_close(&p->of, ok);
	return rc ? rc : crc;
}

void ptime_tag(struct ptime *p, size_t i)
{
	cli_devices_tag(&p->devs, i, p->o);
}

void ptime_who(const struct ptime *p, const struct ptime_dev *t, char *buf, size_t len)
{
	snprintf(buf, len, "%s%s", p->n + p->devs.failed > 1 ? t->name : "", p->n + p->devs.failed > 1 ? ": " : "");
}

int ptime_dev_fail(struct ptime *p, size_t i, const struct hwpc_err *err)
{
	char who[300];
	if (!p->d[i].failed) {
		p->d[i].failed = true;
		p->failures++;
	}
	p->last_fail = err->status;
	ptime_who(p, &p->d[i], who, sizeof who);
	return cli_fail(err->status ? err->status : HWPC_EOP, "%s%s", who, err->msg);
}

void ptime_suspect(struct ptime *p, struct ptime_dev *t, const char *why)
{
	struct hwpc_err err;
	char who[300];
	ptime_who(p, t, who, sizeof who);
	if (!p->op->strict) {
		cli_warn("%s%s", who, why);
		return;
	}
	hwpc_err_set(&err, HWPC_ELOST, "%s%s (--strict)", who, why);
	t->failed = true;
	p->failures++;
	p->last_fail = cli_fail_err(&err);
}

int ptime_stamp(struct ptime_dev *t, bool host, uint64_t *ticks, uint64_t *time, uint64_t at[2],
		struct hwpc_err *err)
{
	/* A first read, thrown away, lets the simulator catch its models up
	 * (milliseconds of CPU after a sleep); the timed read that follows is
	 * then as quick as on hardware, and the midpoint of the times around
	 * it is the moment it sampled. */
	uint64_t raw;
	if (hwpc_timer_read(&t->tm, &raw, NULL, err))
		return err->status;
	uint64_t a = host ? hwpc_host_now_ns() : hwpc_dev_now_ns(t->tm.dev);
	if (hwpc_timer_read(&t->tm, &raw, NULL, err))
		return err->status;
	uint64_t b = host ? hwpc_host_now_ns() : hwpc_dev_now_ns(t->tm.dev);
	*time = a + (b - a) / 2;
	if (at)
		at[0] = a, at[1] = b;
	*ticks = hwpc_timer_ticks(&t->tm, raw);
	return 0;
}
