/* SPDX-License-Identifier: MIT */
/* Register snapshots (pcread --snapshot, --diff): the chip's identity and
 * the value of every register regdb has for it, saved as one JSON object,
 * read back and compared register by register and field by field without
 * the device.  A command's file format, not libhwpc's API: nothing here is
 * exported from libhwpc.so (the commands link libhwpc.a), so the format
 * can grow without an ABI break.  The file format is in pcread(1). */
#ifndef HWPC_REGS_SNAPSHOT_H
#define HWPC_REGS_SNAPSHOT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "hwpc/dev.h"
#include "hwpc/regdb.h"

/* The "format" member every snapshot file starts with, and its version. */
#define HWPC_SNAPSHOT_FORMAT "hwpc-snapshot"
#define HWPC_SNAPSHOT_VERSION 1

struct hwpc_snap_reg {
	char name[96];              /* "PCOUNTER.CTR_EVENT[2]", or "0x009400" when regdb does not know it */
	const struct hwpc_reg *reg; /* regdb's register at addr for the chip, or NULL */
	uint32_t addr;
	uint32_t value;
};

struct hwpc_snapshot {
	const struct hwpc_chipset *chip;
	uint32_t boot0;
	char device[256]; /* hwpc_dev_key of the device it was taken from */
	struct hwpc_snap_reg *regs; /* ascending address */
	unsigned nregs;
};

/* Is the register left out of snapshots?  Write-only registers are, and
 * those whose read has a side effect (regdb's read-side-effect mark, once
 * regdb has it). */
bool hwpc_snapshot_skips(const struct hwpc_reg *reg);
/* Read every element of every register of dev's chip that is not skipped. */
int hwpc_snapshot_take(struct hwpc_dev *dev, struct hwpc_snapshot *out, struct hwpc_err *err);
/* Write s as JSON (with each register's fields decoded, for people). */
int hwpc_snapshot_write(const struct hwpc_snapshot *s, FILE *fp, struct hwpc_err *err);
/* pcread --snapshot: take dev's snapshot and write it to fp. */
int hwpc_snapshot_save(struct hwpc_dev *dev, FILE *fp, struct hwpc_err *err);
/* Read a snapshot written by hwpc_snapshot_write from text; what names the
 * file in errors ("before.json: line 3: ..."), which are HWPC_EINPUT. */
int hwpc_snapshot_parse(const struct hwpc_regdb *db, const char *text, const char *what,
				 struct hwpc_snapshot *out, struct hwpc_err *err);
/* Read path ("-": standard input) with hwpc_snapshot_parse. */
int hwpc_snapshot_load(const struct hwpc_regdb *db, const char *path, struct hwpc_snapshot *out,
				struct hwpc_err *err);
void hwpc_snapshot_free(struct hwpc_snapshot *s);

/* One difference: a register whose value differs, or that only one side
 * has (the other is NULL). */
struct hwpc_snap_change {
	const char *unit; /* regdb space ("PTIMER"), "unknown" outside regdb */
	const struct hwpc_snap_reg *a, *b;
	char fields[512]; /* "MODE: 0 (OFF) -> 2 (ON), ..." for fields that changed */
};
/* The differences between a and b, grouped by unit (units in name order,
 * registers by address within one); a and b must be of one chipset (a
 * different chipset is an HWPC_EINPUT error saying both).  *out is
 * malloc'd (NULL when there is no change). */
int hwpc_snapshot_diff(const struct hwpc_snapshot *a, const struct hwpc_snapshot *b,
				struct hwpc_snap_change **out, unsigned *n, struct hwpc_err *err);

/* What a diff of a live device leaves out (pcread --diff): the bits regdb
 * says are volatile (read=live: counters, timers, status), unless all;
 * and registers or fields a glob of ignore names ("PTIMER.ALARM",
 * "PCOUNTER.CTRL[1]", "*.QUAD_STATE"; case-insensitive, an exact name wins
 * over a glob). */
struct hwpc_snap_filter {
	bool all;
	const char *const *ignore;
	unsigned nignore;
};
/* How many registers that differ a diff left out, and why. */
struct hwpc_snap_left {
	unsigned volatile_n; /* only volatile bits differ */
	unsigned ignored_n;  /* named by an ignore glob */
};
/* hwpc_snapshot_diff through filter (NULL: everything, as
 * hwpc_snapshot_diff); a register whose other bits differ too is kept,
 * with only those fields listed.  left may be NULL. */
int hwpc_snapshot_diff_filtered(const struct hwpc_snapshot *a, const struct hwpc_snapshot *b,
					 const struct hwpc_snap_filter *filter, struct hwpc_snap_change **out,
					 unsigned *n, struct hwpc_snap_left *left, struct hwpc_err *err);

#endif
