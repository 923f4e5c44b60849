/* SPDX-License-Identifier: MIT */
/* pcread's modes.  pcread.c parses the command line into struct
 * pcread_opts, takes the first row of its table that the options ask for
 * and the device fits, opens the devices as the row says, and runs it.
 * Each mode is a file, pcread_MODE.c, that defines its rows; a new mode is
 * such a file, its row in pcread.c's table and its options in pcread.c's
 * option table.  Nothing but this header is shared: no mode calls
 * pcread.c or another mode, except the PCOUNTER modes' common part
 * (pcread_pc.c). */
#ifndef HWPC_CLI_PCREAD_MODE_H
#define HWPC_CLI_PCREAD_MODE_H

#include "common/devices.h"
#include "common/outfile.h"
#include "pc/pc_cmd.h"

#define PCREAD_MAX_ARGS 64
/* The exit status of --until that timed out. */
#define PCREAD_TIMEOUT 4

/* The command line. */
struct pcread_opts {
	const char *devices[CLI_MAX_DEVICE_ARGS];
	unsigned ndevices;
	const char *domains[HWPC_PC_MAX_DOMAINS];
	unsigned ndomains;
	const char *profile, *output, *setfile;
	const char *pattern; /* --list-regs [PATTERN] */
	bool ack, expr, totals, signals, list_regs, strict, verbose, have_interval, have_count, snapshot;
	uint64_t interval_ns, count, scan_ns, timeout_ns;
	uint64_t scan_samples, seed; /* --scan-samples N, --seed N (0: not given) */
	enum hwpc_format fmt;
	const char *regs[PCREAD_MAX_ARGS], *watch[PCREAD_MAX_ARGS], *decode[PCREAD_MAX_ARGS];
	unsigned nregs, nwatch, ndecode;
	const char *until, *chip;
	const char *diff, *diff_b;  /* --diff A [B] */
	bool diff_all;              /* --all: volatile registers too */
	const char *ignore[PCREAD_MAX_ARGS]; /* --ignore GLOB... */
	unsigned nignore;
	const char *events, *modes; /* R10000/R12000: --events, --modes */
	bool trigger;               /* --trigger: PM_TRIGGER before each read */
	bool clocks, have_window;   /* --clocks [--window DUR] */
	uint64_t window_ns;
	bool dry_run, force;
	/* -- CMD [ARG...]: the command counted around (NULL-terminated), and
	 * the setup it is counted with: setup options as pcsetup takes them
	 * (by name, as given), or -f FILE [--set NAME]. */
	char **cmd;
	struct hwpc_pc_setup_arg sopt[PCREAD_MAX_ARGS];
	unsigned nsopt;
	const char *set;
	const char *serve;          /* --serve [ADDR:]PORT */
	bool timestamps;            /* --timestamps: samples carry their read's time */
};

/* What a mode runs with. */
struct pcread_run {
	const struct pcread_opts *op;
	struct cli_devices *devs; /* opened for it; without a device n is 0 and db loaded */
	struct cli_outfile *of;   /* -o FILE, or standard output */
	/* Set by a mode whose output is whole whatever its status (-- CMD:
	 * the command's). */
	bool *whole;
};

/* A row of the table. */
struct pcread_mode {
	/* The options that ask for this mode, any one of them, named as in
	 * messages ("--watch", "-f"); none: every run does (the device
	 * decides, or it is the last row). */
	const char *asks[2];
	/* An option it needs besides ("--chip"), or NULL. */
	const char *with;
	/* What else the command line must say (NULL: nothing): -- CMD, a
	 * word to --decode, the second file of --diff. */
	bool (*also)(const struct pcread_opts *op);
	/* Does the device suit it (NULL: every device)?  The first device
	 * decides; a row that does not suit passes the run to the next. */
	bool (*fits)(struct hwpc_dev *dev);
	/* It opens no device (regdb is loaded for it). */
	bool no_device;
	/* It takes one device: the message names the option that asked for
	 * it ("--watch takes one device"). */
	bool one;
	/* Or what limits it to one device, said so ("--format trace"), or NULL. */
	const char *(*one_device)(const struct pcread_opts *op);
	/* Options it refuses, checked before a device is opened (NULL: none). */
	int (*check)(const struct pcread_opts *op);
	int (*run)(const struct pcread_run *r);
	/* An exit status besides 0 whose output is whole all the same (-o
	 * FILE is replaced): --strict's 3, --until's 4, --diff's 1. */
	int whole;
	/* The status of a device or -o failure, when not 1 (--diff: 2). */
	int trouble;
};

extern const struct pcread_mode pcread_decode_word, pcread_decode_chip, pcread_decode_dev;
extern const struct pcread_mode pcread_snapshot, pcread_diff_files, pcread_diff_dev;
extern const struct pcread_mode pcread_list_chip, pcread_list_regs, pcread_read_regs, pcread_watch;
extern const struct pcread_mode pcread_r10k, pcread_clocks, pcread_command, pcread_serve;
extern const struct pcread_mode pcread_signals, pcread_scan, pcread_rotate, pcread_counters;

/* ---- The PCOUNTER modes' common part (pcread_pc.c) ----------------------- */

/* How a PCOUNTER mode reads its devices (pc/pc_cmd.h: hwpc_pc_devset):
 * every device at once (all), or each device in turn (each) on one writer
 * with these columns. */
struct pcread_pc_read {
	int (*all)(const struct pcread_run *r, struct hwpc_pc_devset_dev *const *ds, size_t n);
	int (*each)(const struct pcread_run *r, struct hwpc_pc_devset_dev *d, struct hwpc_out *o);
	const struct hwpc_col *cols;
	size_t ncols;
	bool domains; /* reads -D's domains (all by default), checked against pcsetup's note */
};
/* Set up every device (one that cannot be is reported and left out), read
 * them, and check them after: was a domain reprogrammed while it was read,
 * did the device lag?  Either makes --strict exit 3.  Several devices: the
 * run exits 5 when some failed and others worked. */
int pcread_pc(const struct pcread_run *r, const struct pcread_pc_read *how);

#endif
