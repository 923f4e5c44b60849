/* SPDX-License-Identifier: MIT */
/* Registers by pattern and by name for people (pcread --list-regs, --reg):
 * which of a chip's registers a pattern selects, and a register read with
 * its fields decoded. */
#ifndef HWPC_REGDB_SELECT_H
#define HWPC_REGDB_SELECT_H

#include "hwpc/api.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hwpc/device.h"
#include "hwpc/regdb.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Does pattern select r?  NULL selects every register.  A pattern with a
 * glob character (* ? [) matches the whole full or short name, any case
 * ("PCOUNTER.CTR_*", "TIME_*"); any other pattern is a substring of the
 * full name, any case ("ptimer"). */
HWPC_API bool hwpc_reg_selected(const struct hwpc_reg *r, const char *pattern);
/* The next register of chip that pattern selects, in regdb order, from
 * *pos on (start with *pos = 0); NULL when there are no more. */
HWPC_API const struct hwpc_reg *hwpc_regdb_select_next(const struct hwpc_regdb *db, const struct hwpc_chipset *chip,
					      const char *pattern, unsigned *pos);
/* "[dom:8][i:4]": the register's dimensions. */
HWPC_API void hwpc_reg_dims_format(const struct hwpc_reg *r, char *buf, size_t len);
/* "rw", "ro", "wo", "w1c". */
HWPC_API const char *hwpc_reg_access_name(const struct hwpc_reg *r);

/* A register reference to read: parsed like hwpc_regref_parse, and refused
 * when the register is write-only. */
HWPC_API int hwpc_regref_parse_readable(const struct hwpc_regdb *db, const struct hwpc_chipset *chip, const char *text,
			       struct hwpc_regref *out, struct hwpc_err *err);
/* One read of a reference.  A field: its value, and its enum name when it
 * has one (else ""); a register: the word, and every field decoded. */
struct hwpc_regval {
	char name[160]; /* canonical: "PCOUNTER.CTRL[1].CTR_MODE" */
	uint32_t addr;
	uint64_t value;
	bool is_field;
	char text[512];
};
HWPC_API int hwpc_regref_read(struct hwpc_dev *dev, const struct hwpc_regref *ref, struct hwpc_regval *out,
		     struct hwpc_err *err);

#ifdef __cplusplus
}
#endif
#endif
