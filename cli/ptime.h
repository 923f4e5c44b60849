/* SPDX-License-Identifier: MIT */
/* What ptime's files share: the devices whose timers are read, their
 * rates, where the report goes, and the reading modes (ptime_modes.c). */
#ifndef HWPC_CLI_PTIME_H
#define HWPC_CLI_PTIME_H

#include "common/cli.h"
#include "common/devices.h"
#include "common/outfile.h"

#include <stdio.h>

/* One device's timer. */
struct ptime_dev {
	const char *name; /* as output names it */
	struct hwpc_timer tm;
	struct hwpc_timer_rate rate;
	bool failed; /* reported; left out of what follows */
	/* The alarm --alarm set: the counter value it fires at, and how many
	 * ticks after the read it was computed from. */
	bool have_alarm;
	uint64_t alarm_ticks, alarm_in_ticks;
};

struct ptime {
	struct cli_devices devs;
	struct ptime_dev *d; /* devs.n of them, in -d order */
	size_t n;
	unsigned failures; /* devices that failed after opening */
	int last_fail;     /* the status of the last that failed */
	int cmd_status;    /* -- COMMAND: the command's exit status */
	bool verbose;
	bool strict; /* --measure: exit 3 when the device's time lagged */
	/* The report: on stdout, or stderr for -- COMMAND, or -o FILE
	 * (written atomically). */
	enum hwpc_format fmt;
	const char *output;
	FILE *fallback; /* where the report goes without -o */
	struct cli_outfile of;
	struct hwpc_out *o;
	size_t records; /* written to o since it was opened */
	bool rotated;   /* -i: the report was replaced per sample */
	bool write_failed; /* and was said: not again when it is closed */
};

/* Open the report (p->output, or p->fallback) and its writer. */
int ptime_out_open(struct ptime *p);
/* Finish the report; with ok, -o FILE replaces FILE, else FILE is kept. */
int ptime_out_close(struct ptime *p, bool ok);
/* Tag the following records with device i. */
void ptime_tag(struct ptime *p, size_t i);
/* A device failed: report err (naming the device when there are several),
 * count it and leave it out from now on.  Returns the error's status. */
int ptime_dev_fail(struct ptime *p, size_t i, const struct hwpc_err *err);

/* End the record being written: an error is the writer's (the report
 * cannot be written), which ends the run whatever the devices do. */
int ptime_end_record(struct ptime *p);
/* ns at the configured rate; NAN when the rate is unknown. */
double ptime_ticks_ns(const struct ptime_dev *t, uint64_t ticks);
/* A ns value, or null when unknown (NAN). */
void ptime_put_ns(struct hwpc_out *o, const char *key, double ns);
/* With -v: where the rate comes from. */
void ptime_report_config(const struct ptime *p, const struct ptime_dev *t, struct hwpc_out *o);

/* The modes, each over every device that has not failed: one read, -i
 * sampling, --measure, -- COMMAND (its status in cmd_status),
 * --wait-alarm.  They return the status of the last failure, or 0. */
int ptime_read_once(struct ptime *p);
int ptime_sample(struct ptime *p, uint64_t interval_ns, bool have_count, uint64_t count);
int ptime_measure(struct ptime *p, uint64_t measure_ns);
int ptime_run_command(struct ptime *p, char **cmd);
int ptime_wait_alarm(struct ptime *p, uint64_t timeout_ns);

#endif
