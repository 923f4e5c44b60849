/* SPDX-License-Identifier: MIT */
/* Test helper: open a device through libhwpc read-only or writable and print
 * the permissions of its BAR0 mapping from /proc/self/maps ("r--s" for a
 * reader), proving commands that only read cannot write. */
#include "hwpc.h"
#include "dev/backend.h"

#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
	struct hwpc_regdb *db;
	struct hwpc_dev *dev;
	struct hwpc_err err;
	char line[512];

	if (argc != 3 || (strcmp(argv[2], "ro") && strcmp(argv[2], "rw"))) {
		fprintf(stderr, "usage: map_check SPEC ro|rw\n");
		return 2;
	}
	if (hwpc_regdb_load(&db, &err) ||
	    hwpc_dev_open(argv[1], strcmp(argv[2], "rw") ? HWPC_OPEN_READ : HWPC_OPEN_WRITE, db, &dev, &err)) {
		fprintf(stderr, "map_check: %s\n", err.msg);
		return err.status;
	}
	FILE *f = fopen("/proc/self/maps", "r");
	int found = 0;
	while (f && fgets(line, sizeof line, f)) {
		unsigned long lo;
		char perms[8];
		if (sscanf(line, "%lx-%*x %7s", &lo, perms) == 2 && (void *)lo == (void *)dev->mmio.map) {
			printf("%s\n", perms);
			found = 1;
		}
	}
	if (f)
		fclose(f);
	hwpc_dev_close(dev);
	hwpc_regdb_free(db);
	return found ? 0 : 1;
}
