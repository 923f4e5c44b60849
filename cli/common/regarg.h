/* SPDX-License-Identifier: MIT */
/* Registers as the register commands take them (pcread --reg, --watch,
 * --decode; pcsetup --reg without a domain): a name with indices and a
 * field, a glob, a raw BAR0 address or an address range, and
 * NAME|ADDR=VALUE[:MASK] assignments; each checked against the chip and
 * the BAR before anything is touched. */
#ifndef HWPC_CLI_REGARG_H
#define HWPC_CLI_REGARG_H

#include "cli.h"

#include <stdbool.h>
#include <stdint.h>

struct regarg {
	const char *text;       /* as given */
	bool by_addr;           /* 0x9400 or 0x9400:0x20 */
	bool glob;              /* a name with * ? or [: text is the pattern */
	uint32_t addr, len;     /* by_addr: first address, length in bytes */
	struct hwpc_regref ref; /* a name: the register (element) and field */
};

/* Parse one register argument.  bar_size 0: no device, no BAR check.
 * Ranges only when range_ok; globs only when glob_ok.  Errors (status 2)
 * say what is wrong with text: unaligned, outside BAR0, a range that
 * overflows, a name or field the chip lacks. */
int regarg_parse(const struct hwpc_regdb *db, const struct hwpc_chipset *chip, uint32_t bar_size, const char *text,
		 bool range_ok, bool glob_ok, struct regarg *out, struct hwpc_err *err);

/* The register regdb has at addr on chip, named with its indices in name
 * ("PCOUNTER.CTRL[1]"), or NULL with name "unknown". */
const struct hwpc_reg *regarg_name_at(const struct hwpc_regdb *db, const struct hwpc_chipset *chip, uint32_t addr,
				      char *name, size_t len);

/* NAME|ADDR=VALUE[:MASK]: the target (one register or field, no range or
 * glob), the value (a field's may be an enum name) and the mask of the
 * bits it sets (a field's bits; 0xffffffff by default). */
struct regassign {
	struct regarg target;
	uint32_t value; /* placed: already shifted into the field's bits */
	uint32_t mask;
};
int regassign_parse(const struct hwpc_regdb *db, const struct hwpc_chipset *chip, uint32_t bar_size,
		    const char *text, struct regassign *out, struct hwpc_err *err);

/* A value for a register or field: a number, or for a field one of its
 * enum names. */
int regarg_value(const struct hwpc_chipset *chip, const struct hwpc_field *f, const char *text, uint64_t *out,
		 struct hwpc_err *err);

#endif
