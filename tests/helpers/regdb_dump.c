/* SPDX-License-Identifier: MIT */
/* Test helper: print every register of a chipset as NAME ADDRESS ACCESS
 * DIMS, so CLI tests can compare the database against the seeds. */
#include "hwpc.h"

#include <stdio.h>

int main(int argc, char **argv)
{
	struct hwpc_regdb *db;
	struct hwpc_err err;

	if (argc != 2) {
		fprintf(stderr, "usage: regdb_dump CHIPSET\n");
		return 2;
	}
	if (hwpc_regdb_load(&db, &err)) {
		fprintf(stderr, "regdb_dump: %s\n", err.msg);
		return err.status;
	}
	const struct hwpc_chipset *chip = hwpc_chipset_by_name(db, argv[1]);
	if (!chip) {
		fprintf(stderr, "regdb_dump: unknown chipset '%s'\n", argv[1]);
		hwpc_regdb_free(db);
		return 2;
	}
	for (unsigned i = 0; i < hwpc_regdb_reg_count(db); i++) {
		const struct hwpc_reg *r = hwpc_regdb_reg(db, i);
		if (!hwpc_gens_has(&r->gens, chip))
			continue;
		static const char *const acc[] = { "rw", "ro", "wo", "w1c" };
		printf("%s 0x%06x %s", r->name, r->space->base + r->offset, acc[r->access]);
		for (unsigned d = 0; d < r->ndims; d++)
			printf(" [%s:%u/0x%x]", r->dims[d].name, r->dims[d].count, r->dims[d].stride);
		for (unsigned f = 0; f < r->nfields; f++)
			if (hwpc_gens_has(&r->fields[f].gens, chip))
				printf(" %s", r->fields[f].name);
		printf("\n");
	}
	hwpc_regdb_free(db);
	return 0;
}
