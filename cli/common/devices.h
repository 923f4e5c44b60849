/* SPDX-License-Identifier: MIT */
/* Several devices in one command: -d given more than once, or -d all
 * (every NVIDIA GPU found; simulators only when named).  Each device is
 * opened and named as output names it (hwpc_dev_name); one that fails to
 * open is reported and left out, and the others go on.  hwpc(7) EXIT
 * STATUS: when some devices failed and others worked, the command exits
 * CLI_EXIT_SOME_FAILED. */
#ifndef HWPC_CLI_DEVICES_H
#define HWPC_CLI_DEVICES_H

#include "cli.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* Some devices failed (reported on stderr), the others' output is whole. */
#define CLI_EXIT_SOME_FAILED 5
/* -d given more than this many times (-d all has no limit). */
#define CLI_MAX_DEVICE_ARGS 64

struct cli_device {
	char *name;          /* as output names it */
	const char *chipset; /* "G84" (regdb's name) */
	struct hwpc_devspec spec;
	struct hwpc_dev *dev;
};

struct cli_devices {
	struct hwpc_regdb *db;
	struct cli_device *v; /* the devices that opened */
	size_t n;
	unsigned failed;      /* how many could not be opened */
	int fail_status;      /* the status of the last that failed */
};

/* Open every device the -d values name (none: $HWPC_DEVICE or the first
 * GPU, as one -d).  "all" may not be combined with other values.  Returns
 * 0 when at least one device opened (failures counted in out->failed, each
 * reported), else the exit status after reporting. */
int cli_devices_open(const char *const *specs, size_t nspecs, unsigned flags, struct cli_devices *out);
/* The exit status for a run whose per-device status was rc: rc itself for
 * one device; with several, 0 when all worked, CLI_EXIT_SOME_FAILED when
 * some failed (at open, or rc != 0), the failure's status when all did. */
int cli_devices_status(const struct cli_devices *d, unsigned run_failures, int rc);
/* Prepare a writer for these devices: with several, text output names the
 * device in every record (hwpc_out_set_multi with the longest name).
 * Before hwpc_out_table(). */
void cli_devices_writer(const struct cli_devices *d, struct hwpc_out *o);
/* A writer on fp for --format fmt, for these devices: the command named
 * (cli_prog), cli_devices_writer done, tagged with the first device (none:
 * untagged), and the text table's columns when ncols is not 0. */
struct hwpc_out *cli_devices_out(const struct cli_devices *d, FILE *fp, enum hwpc_format fmt,
				 const struct hwpc_col *cols, size_t ncols, struct hwpc_err *err);
/* Tag the following records with device i. */
void cli_devices_tag(const struct cli_devices *d, size_t i, struct hwpc_out *o);

/* A mode that runs on each device in turn, on one writer. */
struct cli_each {
	const struct hwpc_col *cols; /* the text table's columns (NULL: none) */
	size_t ncols;
	const char *const *kinds; /* the record kinds of one CSV table (NULL: the first record's) */
	size_t nkinds;
	/* A device's status that is no failure, whose output is whole
	 * (--strict's 3): the run's status when no device failed (0: none). */
	int whole;
	/* One device's run, tagged with it; dev NULL: a run without a device
	 * (--chip), once.  Its status, reported. */
	int (*fn)(const void *ctx, const struct cli_device *dev, struct hwpc_out *o);
	const void *ctx;
};
/* Each device in turn on one writer on fp (cli_devices_out): a device that
 * fails is counted and the others go on.  The run's exit status
 * (cli_devices_status). */
int cli_devices_each(const struct cli_devices *d, FILE *fp, enum hwpc_format fmt, const struct cli_each *each);
/* The registers a mode works with: --chip NAME's when chip is not NULL (a
 * view of its own, *own, to free), else dev's (*own NULL); opt names the
 * mode in the error for a device of no known chipset ("--decode: the
 * device's chipset is not known"). */
int cli_devices_view(const struct cli_devices *d, const struct cli_device *dev, const char *chip, const char *opt,
		     const struct hwpc_regview **v, struct hwpc_regview **own);
void cli_devices_close(struct cli_devices *d);

#endif
