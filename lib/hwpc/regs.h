/* SPDX-License-Identifier: MIT */
/* Registers of any device for people: by pattern and name, and snapshots
 * taken, written, read back and compared. */
#ifndef HWPC_REGS_H
#define HWPC_REGS_H

#include "hwpc/api.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "hwpc/core.h"
#include "hwpc/regdb.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Registers by pattern and by name ----------------------------------- */

/* Registers by pattern and by name for people (pcread --list-regs, --reg):
 * which of a chip's registers a pattern selects, and a register read with
 * its fields decoded. */
/* Does pattern select r?  NULL selects every register.  A pattern with a
 * glob character (* ? [) matches the whole full or short name, any case
 * ("PCOUNTER.CTR_*", "TIME_*"); any other pattern is a substring of the
 * full name, any case ("ptimer"). */
HWPC_API bool hwpc_reg_selected(const struct hwpc_reg *r, const char *pattern);
/* The next register of a chip's view that pattern selects, in address
 * order, from *pos on (start with *pos = 0); NULL when there are no more. */
HWPC_API const struct hwpc_reg *hwpc_regs_select_next(const struct hwpc_regview *v, const char *pattern,
						      unsigned *pos);
/* "[dom:8][i:4]": the register's dimensions. */
HWPC_API void hwpc_reg_dims_format(const struct hwpc_reg *r, char *buf, size_t len);
/* "rw", "ro", "wo", "w1c". */
HWPC_API const char *hwpc_reg_access_name(const struct hwpc_reg *r);

/* A register reference to read: parsed like hwpc_regref_parse, and refused
 * when the register is write-only. */
HWPC_API int hwpc_regref_parse_readable(const struct hwpc_regview *v, const char *text, struct hwpc_regref *out,
					struct hwpc_err *err);
/* One read of a reference, as wide as its register (1, 2, 4 or 8 bytes).
 * A field: its value, and its enum name when it has one (else ""); a
 * register: the value, and every field decoded. */
struct hwpc_regval {
	char name[160]; /* canonical: "PCOUNTER.CTRL[1].CTR_MODE" */
	uint32_t addr;
	uint64_t value;
	bool is_field;
	char text[512];
};
HWPC_API int hwpc_regref_read(struct hwpc_dev *dev, const struct hwpc_regref *ref, struct hwpc_regval *out,
		     struct hwpc_err *err);

/* ---- Register snapshots ------------------------------------------------- */

/* Register snapshots (pcread --snapshot, --diff): the chip's identity and
 * the value of every register regdb has for it, saved as one JSON object,
 * read back and compared register by register and field by field without
 * the device.  The file format is in pcread(1). */
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
HWPC_API bool hwpc_snapshot_skips(const struct hwpc_reg *reg);
/* Read every element of every register of dev's chip that is not skipped. */
HWPC_API int hwpc_snapshot_take(struct hwpc_dev *dev, struct hwpc_snapshot *out, struct hwpc_err *err);
/* Write s as JSON (with each register's fields decoded, for people). */
HWPC_API int hwpc_snapshot_write(const struct hwpc_snapshot *s, FILE *fp, struct hwpc_err *err);
/* Read a snapshot written by hwpc_snapshot_write from text; what names the
 * file in errors ("before.json: line 3: ..."), which are HWPC_EINPUT. */
HWPC_API int hwpc_snapshot_parse(const struct hwpc_regdb *db, const char *text, const char *what,
				 struct hwpc_snapshot *out, struct hwpc_err *err);
/* Read path ("-": standard input) with hwpc_snapshot_parse. */
HWPC_API int hwpc_snapshot_load(const struct hwpc_regdb *db, const char *path, struct hwpc_snapshot *out,
				struct hwpc_err *err);
HWPC_API void hwpc_snapshot_free(struct hwpc_snapshot *s);

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
HWPC_API int hwpc_snapshot_diff(const struct hwpc_snapshot *a, const struct hwpc_snapshot *b,
				struct hwpc_snap_change **out, unsigned *n, struct hwpc_err *err);

#ifdef __cplusplus
}
#endif
#endif
