/* SPDX-License-Identifier: MIT */
/* What pcread's files share: the options the reading modes take, the
 * domains being read, and the modes themselves (pcread_*.c). */
#ifndef HWPC_CLI_PCREAD_H
#define HWPC_CLI_PCREAD_H

#include "common/cli.h"
#include "common/devices.h"
#include "common/outfile.h"

#include <signal.h>
#include <stdio.h>

/* A domain being read, and what has gone wrong with it so far. */
struct pcread_dom {
	struct hwpc_pcr r;
	struct hwpc_pc_read_acc acc;
	char expr[HWPC_LOP_NINPUTS][HWPC_PC_READ_EXPR_LEN];
	bool warned_lost, warned_sat, warned_noack, warned_setup;
};

/* A PCOUNTER run: the options that shape it, and its domains. */
struct pcread {
	bool ack, expr, verbose, have_interval, have_count;
	uint64_t interval_ns, count, scan_ns;
	enum hwpc_format fmt;
	struct hwpc_pc_layout layout;
	struct pcread_dom doms[HWPC_PC_MAX_DOMAINS];
	unsigned ndoms;
	bool suspect; /* --strict: exit 3 */
	bool can_lag;  /* a realtime simulator: records carry lag_ns */
	const char *name, *chipset; /* the device, as output names it */
	size_t dev_index;           /* in the run's cli_devices (cli_devices_tag) */
	bool failed;                /* reported; left out of the rest of the run */
};

/* Where a PCOUNTER run's records go: one writer for all its devices, on
 * the -o file (path, or NULL: standard output). */
struct pcread_sink {
	struct cli_outfile *of;
	const char *path;
	const struct cli_devices *devs;
};
/* A writer on the sink for --format fmt, ready for records of several
 * devices, with the text table's columns. */
struct hwpc_out *pcread_sink_writer(const struct pcread_sink *k, enum hwpc_format fmt, const struct hwpc_col *cols,
				    size_t ncols, struct hwpc_err *err);

/* The device being read, as output names it (hwpc-output(7)): every
 * writer pcread makes is tagged with it (pcread_out_new). */
extern const char *pcread_device_name, *pcread_chipset;
/* A record writer on out for --format fmt, tagged with the device. */
struct hwpc_out *pcread_out_new(FILE *out, enum hwpc_format fmt, struct hwpc_err *err);

/* Set by SIGINT/SIGTERM once pcread_catch_signals ran: end the run. */
extern volatile sig_atomic_t pcread_stop;
void pcread_catch_signals(void);

/* Counter reads of np devices, once or every interval (pcread_counters.c);
 * a device that fails is reported, marked failed and left out. */
int pcread_counters(struct pcread *const *ps, size_t np, const struct pcread_sink *k);
/* Warn (and mark the run suspect) when the domain's registers no longer
 * hold what pcsetup recorded. */
int pcread_check_setup(struct pcread *p, struct pcread_dom *d);
/* --signals and --scan of one device's domains (pcread_signals.c), on a
 * writer made with pcread_signal_cols' columns. */
int pcread_signals(struct pcread *p, struct hwpc_out *o);
extern const struct hwpc_col pcread_signal_cols[4], pcread_scan_cols[6];
/* -f SETFILE: the file's sets take turns on one domain of one device
 * (pcread_rotate.c), reported on a writer made with pcread_rotate_cols. */
int pcread_rotate(struct pcread *p, struct hwpc_out *o, struct hwpc_dev *dev, const char *setfile, const char *domain);
extern const struct hwpc_col pcread_rotate_cols[8];
/* --list-regs [PATTERN] and --reg NAME... (pcread_regs.c). */
int pcread_list_regs(struct hwpc_out *o, struct hwpc_dev *dev, const char *pattern);
int pcread_read_regs(struct hwpc_out *o, struct hwpc_dev *dev, const char *const *names, unsigned n);

/* --watch REG... [--until COND] (pcread_watch.c): every change, until -n
 * changes, --timeout or the condition holds.  --until that times out
 * exits PCREAD_TIMEOUT. */
#define PCREAD_TIMEOUT 4
struct pcread_watch {
	const char *const *regs;
	unsigned nregs;
	const char *until;
	uint64_t timeout_ns, interval_ns, count;
	bool have_count;
	enum hwpc_format fmt;
};
int pcread_watch(FILE *out, struct hwpc_dev *dev, const struct pcread_watch *w);

/* --decode REG=VALUE... against regdb for a chipset, no register read
 * (pcread_decode.c): by --chip name, or for an opened device's chip. */
int pcread_decode_chip(FILE *out, enum hwpc_format fmt, const char *chip, const char *const *args, unsigned n);
int pcread_decode(FILE *out, enum hwpc_format fmt, const struct hwpc_regdb *db, const struct hwpc_chipset *chip,
		  const char *const *args, unsigned n);

/* --snapshot and --diff A [B] (pcread_snapshot.c); dev is NULL with B.
 * --diff exits 0 when equal, 1 when not, 2 on bad input. */
int pcread_snapshot(FILE *out, struct hwpc_dev *dev);
int pcread_diff(FILE *out, enum hwpc_format fmt, const struct hwpc_regdb *db, struct hwpc_dev *dev,
		const char *path_a, const char *path_b);

/* The R10000/R12000 paths (pcread_r10k.c). */
struct cli_r10k_read {
	const char *events; /* --events LIST: multiplex */
	const char *modes;  /* their counting modes (default user) */
	bool have_interval, have_count, strict, verbose;
	uint64_t interval_ns, count;
	enum hwpc_format fmt;
};
/* pcread on an R10000/R12000: current values, -i sampling or --events. */
int cli_r10k_read(struct hwpc_dev *dev, FILE *out, const struct cli_r10k_read *a);
/* pcread --decode CPU[:COUNTER]:WORD, without a device. */
int cli_r10k_decode(const char *arg, FILE *out, enum hwpc_format fmt);

#endif
