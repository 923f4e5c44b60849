/* SPDX-License-Identifier: MIT */
/* What ptime's files share: the timer being read, its rate, and the
 * reading modes (ptime_modes.c). */
#ifndef HWPC_CLI_PTIME_H
#define HWPC_CLI_PTIME_H

#include "common/cli.h"

#include <stdio.h>

struct ptime {
	struct hwpc_timer tm;
	struct hwpc_timer_rate rate;
	FILE *out;
	bool verbose;
	bool strict; /* --measure: exit 3 when the device's time lagged */
	/* The alarm --alarm set: the counter value it fires at, and how many
	 * ticks after the read it was computed from. */
	bool have_alarm;
	uint64_t alarm_ticks, alarm_in_ticks;
};

/* ns at the configured rate; NAN when the rate is unknown. */
double ptime_ticks_ns(const struct ptime *p, uint64_t ticks);
/* A ns value, or null when unknown (NAN). */
void ptime_put_ns(struct hwpc_out *o, const char *key, double ns);
/* With -v: where the rate comes from. */
void ptime_report_config(const struct ptime *p, struct hwpc_out *o);

/* The modes: one read, -i sampling, --measure, -- COMMAND, --wait-alarm. */
int ptime_read_once(struct ptime *p, struct hwpc_out *o);
int ptime_sample(struct ptime *p, struct hwpc_out *o, uint64_t interval_ns, bool have_count, uint64_t count);
int ptime_measure(struct ptime *p, struct hwpc_out *o, uint64_t measure_ns);
int ptime_run_command(struct ptime *p, struct hwpc_out *o, char **cmd);
int ptime_wait_alarm(struct ptime *p, struct hwpc_out *o, uint64_t timeout_ns);

#endif
