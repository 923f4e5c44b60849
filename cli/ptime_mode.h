/* SPDX-License-Identifier: MIT */
/* ptime's modes.  ptime.c parses the command line into struct ptime_opts,
 * opens the devices' timers, makes the writes asked for (ptime_config.c)
 * and runs the first row of its table that the options ask for; each mode
 * is a file, ptime_MODE.c, that defines its row.  What the modes share is
 * here and in ptime_out.c: no mode calls ptime.c or another mode. */
#ifndef HWPC_CLI_PTIME_MODE_H
#define HWPC_CLI_PTIME_MODE_H

#include "common/devices.h"
#include "common/outfile.h"

#include <stdio.h>

/* The command line. */
struct ptime_opts {
	const char *devices[CLI_MAX_DEVICE_ARGS];
	unsigned ndevices;
	const char *output;
	bool verbose, dry_run, force, wait_alarm, strict;
	enum hwpc_format fmt;
	double source_hz;
	uint64_t measure_ns, interval_ns, count, timeout_ns;
	bool have_interval, have_count;
	const char *alarm, *ratio, *source;
	char **cmd;
};

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

/* A run over every device. */
struct ptime {
	const struct ptime_opts *op;
	struct cli_devices devs;
	struct ptime_dev *d; /* devs.n of them, in -d order */
	size_t n;
	unsigned failures; /* devices that failed after opening */
	int last_fail;     /* the status of the last that failed */
	int cmd_status;    /* -- COMMAND: the command's exit status */
	/* The report: on stdout, or stderr for -- COMMAND, or -o FILE
	 * (written atomically). */
	FILE *fallback; /* where the report goes without -o */
	struct cli_outfile of;
	struct hwpc_out *o;
	size_t records; /* written to o since it was opened */
	bool rotated;   /* -i: the report was replaced per sample */
	bool write_failed; /* and was said: not again when it is closed */
};

/* A row of the table: a mode runs over every device that has not failed,
 * and returns the status of a failure of the whole run (the report could
 * not be written), or 0; a device's failure is counted (ptime_dev_fail). */
struct ptime_mode {
	bool (*asked)(const struct ptime_opts *op);
	int (*run)(struct ptime *p);
};

extern const struct ptime_mode ptime_wait_alarm, ptime_measure, ptime_sample, ptime_command, ptime_read;

/* --set-ratio, --set-source, --alarm on every device (ptime_config.c):
 * planned, printed (--dry-run) or written; and what the rate then is. */
void ptime_config(struct ptime *p);
/* A device's rate as it was read, with its warnings (a ratio that
 * disagrees with the hardware...). */
void ptime_warn_config(const struct ptime *p, const struct ptime_dev *t);
/* Options that program PTIMER have no meaning on other timers. */
int ptime_only_ptimer(const struct ptime_dev *t, const struct ptime_opts *op, struct hwpc_err *err);
/* The alarms set, on stderr (where the modes' records have no place). */
void ptime_say_alarms(const struct ptime *p);

/* ---- Shared by the modes (ptime_out.c) ----------------------------------- */

/* Open the report (-o FILE, or p->fallback) and its writer. */
int ptime_out_open(struct ptime *p);
/* Finish the report; with ok, -o FILE replaces FILE, else FILE is kept. */
int ptime_out_close(struct ptime *p, bool ok);
/* Tag the following records with device i. */
void ptime_tag(struct ptime *p, size_t i);
/* End a record: an error is the writer's, which ends the run. */
int ptime_end_record(struct ptime *p);
/* A device failed: report err (naming the device when there are several),
 * count it and leave it out from now on.  Returns the error's status. */
int ptime_dev_fail(struct ptime *p, size_t i, const struct hwpc_err *err);
/* "NAME: " when there are several devices, else "". */
void ptime_who(const struct ptime *p, const struct ptime_dev *t, char *buf, size_t len);

/* ns at the configured rate; NAN when the rate is unknown. */
double ptime_ticks_ns(const struct ptime_dev *t, uint64_t ticks);
/* A ns value, or null when unknown (NAN). */
void ptime_put_ns(struct hwpc_out *o, const char *key, double ns);
/* A frequency, or null when unknown (0). */
void ptime_put_hz(struct hwpc_out *o, const char *key, double hz);
/* With -v: where the rate comes from. */
void ptime_report_config(const struct ptime *p, const struct ptime_dev *t, struct hwpc_out *o);
/* Read the timer, with the time it corresponds to: the device's, or with
 * host the host's; at[] are the timestamps just before and after the
 * read (may be NULL). */
int ptime_stamp(struct ptime_dev *t, bool host, uint64_t *ticks, uint64_t *time, uint64_t at[2],
		struct hwpc_err *err);
/* Something suspect about device t's figures (why, said for people): a
 * warning, or with --strict the device's failure (exit 3; its records
 * are out already). */
void ptime_suspect(struct ptime *p, struct ptime_dev *t, const char *why);

#endif
