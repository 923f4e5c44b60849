/* SPDX-License-Identifier: MIT */
/* ptime --set-ratio, --set-source and --alarm: PTIMER's clock and alarm
 * planned as register writes, printed (--dry-run) or written, and the
 * rate as it then is. */
#include "ptime_mode.h"

#include <math.h>
#include <stdio.h>

static int plan_writes(struct ptime_dev *t, struct hwpc_wplan *plan, const struct ptime_opts *op,
		       struct hwpc_err *err)
{
	struct hwpc_ptimer *pt = &t->tm.pt;
	if (op->source) {
		bool internal;
		unsigned m, d;
		if (hwpc_ptimer_parse_source(pt, op->source, &internal, &m, &d, err) ||
		    hwpc_ptimer_plan_source(pt, internal, m, d, plan, err))
			return err->status;
	}
	if (op->ratio) {
		uint64_t m, d;
		if (hwpc_ptimer_parse_ratio(op->ratio, "--set-ratio", &m, &d, err) ||
		    hwpc_ptimer_plan_ratio(pt, m, d, op->force, plan, err))
			return err->status;
	}
	if (op->alarm) {
		uint64_t raw, target;
		if (hwpc_ptimer_read(pt, &raw, NULL, err) ||
		    hwpc_ptimer_parse_alarm(pt, op->alarm, hwpc_ptimer_ticks(pt, raw), t->rate.tick_hz, &target, err) ||
		    hwpc_ptimer_plan_alarm(pt, target, plan, err))
			return err->status;
		/* The comparison is modulo the alarm period, so a target behind
		 * the counter fires after it wraps. */
		uint64_t period = hwpc_ptimer_alarm_period(pt);
		t->have_alarm = true;
		t->alarm_ticks = target;
		t->alarm_in_ticks = (target - hwpc_ptimer_ticks(pt, raw)) % period;
	}
	return 0;
}

int ptime_only_ptimer(const struct ptime_dev *t, const struct ptime_opts *op, struct hwpc_err *err)
{
	const char *opt = op->ratio ? "--set-ratio" : op->source ? "--set-source" : op->alarm ? "--alarm"
			  : op->wait_alarm ? "--wait-alarm" : NULL;
	if (!opt || t->tm.kind == HWPC_TIMER_PTIMER)
		return 0;
	return hwpc_err_set(err, HWPC_EINPUT, "%s: %s has no PTIMER; its %s has no clock ratio, source or alarm",
			    opt, hwpc_dev_chip(t->tm.dev)->name, t->tm.name);
}

void ptime_warn_config(const struct ptime *p, const struct ptime_dev *t)
{
	char w[512], who[300];
	if (!t->rate.ptimer.warn)
		return;
	hwpc_ptimer_warn_text(t->rate.ptimer.warn, w, sizeof w);
	ptime_who(p, t, who, sizeof who);
	cli_warn("%s%s", who, w);
}

/* Device i's writes, then the clock as it now is. */
static void write_config(struct ptime *p, size_t i)
{
	const struct ptime_opts *op = p->op;
	struct ptime_dev *t = &p->d[i];
	struct hwpc_err err;
	struct hwpc_wplan plan;
	hwpc_wplan_init(&plan, t->tm.dev);
	ptime_tag(p, i);
	int rc = plan_writes(t, &plan, op, &err);
	if (!rc && op->dry_run)
		rc = hwpc_wplan_print(&plan, p->o, &err);
	else if (!rc)
		rc = hwpc_wplan_apply(&plan, &err);
	hwpc_wplan_free(&plan);
	if (!rc && !op->dry_run)
		rc = hwpc_timer_rate(&t->tm, op->source_hz, &t->rate, &err);
	if (rc)
		ptime_dev_fail(p, i, &err);
	else if (!op->dry_run && (op->ratio || op->source))
		ptime_warn_config(p, t);
}

void ptime_config(struct ptime *p)
{
	for (size_t i = 0; i < p->n; i++)
		if (!p->d[i].failed)
			write_config(p, i);
}

void ptime_say_alarms(const struct ptime *p)
{
	for (size_t i = 0; i < p->n; i++) {
		const struct ptime_dev *t = &p->d[i];
		char who[300];
		if (t->failed || !t->have_alarm)
			continue;
		ptime_who(p, t, who, sizeof who);
		double in_ns = ptime_ticks_ns(t, t->alarm_in_ticks);
		if (isnan(in_ns))
			fprintf(stderr, "ptime: %salarm set at tick %llu (the tick rate is unknown)\n", who,
				(unsigned long long)t->alarm_ticks);
		else
			fprintf(stderr, "ptime: %salarm set at tick %llu, %.0f ns from now\n", who,
				(unsigned long long)t->alarm_ticks, in_ns);
	}
}
