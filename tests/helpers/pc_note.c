/* SPDX-License-Identifier: MIT */
/* Test helper: program registers of a PCOUNTER domain and save them as its
 * setup note, as pcsetup does (hwpc_pc_note_add/save):
 *   pc_note SPEC DOMAIN NAME=VALUE...
 * NAME is a regdb register reference ("EVENT_OP[1]"). */
#include "hwpc.h"
#include "pc/pc_cmd.h"
#include "dev/backend.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
	struct hwpc_regdb *db;
	struct hwpc_dev *dev;
	struct hwpc_err err;
	struct hwpc_pc_note rec;

	if (argc < 4) {
		fprintf(stderr, "usage: pc_note SPEC DOMAIN NAME=VALUE...\n");
		return 2;
	}
	if (hwpc_regdb_load(&db, &err) || hwpc_dev_open(argv[1], HWPC_OPEN_WRITE, db, &dev, &err)) {
		fprintf(stderr, "pc_note: %s\n", err.msg);
		return err.status;
	}
	memset(&rec, 0, sizeof rec);
	snprintf(rec.what, sizeof rec.what, "pc_note test setup");
	for (int i = 3; i < argc; i++) {
		char name[128];
		const char *eq = strchr(argv[i], '=');
		uint32_t addr, v;
		if (!eq || (size_t)(eq - argv[i]) >= sizeof name) {
			fprintf(stderr, "pc_note: expected NAME=VALUE, got '%s'\n", argv[i]);
			return 2;
		}
		memcpy(name, argv[i], (size_t)(eq - argv[i]));
		name[eq - argv[i]] = 0;
		v = (uint32_t)strtoul(eq + 1, NULL, 0);
		if (hwpc_reg_lookup(dev, name, &addr, &err) || hwpc_reg_write(dev, name, v, &err)) {
			fprintf(stderr, "pc_note: %s\n", err.msg);
			return err.status;
		}
		hwpc_pc_note_add(&rec, db, dev->chip, addr, v);
	}
	if (hwpc_pc_note_save(dev, argv[2], &rec, &err)) {
		fprintf(stderr, "pc_note: %s\n", err.msg);
		return err.status;
	}
	hwpc_dev_close(dev);
	hwpc_regdb_free(db);
	return 0;
}
