/* SPDX-License-Identifier: MIT */
/* Test helper: set a simulated PCOUNTER counter to a value, for the states
 * no test can reach by counting (2^39 cycles, 0xffffffff events):
 *   pc_poke SPEC DOMAIN COUNTER VALUE [shadow]
 * COUNTER is cycles, cycles_alt, event, start, pre or stop; "shadow" pokes
 * the quad-mode counting set instead of the visible one. */
#include "hwpc.h"
#include "sim/pcm.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
	struct hwpc_regdb *db;
	struct hwpc_dev *dev;
	struct hwpc_err err;
	unsigned dom;
	int c;

	if (argc < 5 || argc > 6 || (argc == 6 && strcmp(argv[5], "shadow"))) {
		fprintf(stderr, "usage: pc_poke SPEC DOMAIN COUNTER VALUE [shadow]\n");
		return 2;
	}
	for (c = 0; c < HWPC_PC_READ_NCTRS && strcmp(hwpc_pc_read_ctr_key((enum hwpc_pc_read_ctr)c), argv[3]); c++)
		;
	if (c == HWPC_PC_READ_NCTRS) {
		fprintf(stderr, "pc_poke: unknown counter '%s'\n", argv[3]);
		return 2;
	}
	if (hwpc_regdb_load(&db, &err) || hwpc_dev_open(argv[1], HWPC_OPEN_WRITE, db, &dev, &err) ||
	    hwpc_sim_pc_domain(dev, argv[2], &dom, &err)) {
		fprintf(stderr, "pc_poke: %s\n", err.msg);
		return err.status;
	}
	struct sim *s = (struct sim *)dev;
	sim_lock(s);
	struct pc_state *st = sim_model_state(s, SIM_MODEL_PCOUNTER, NULL);
	/* The reader's counter order is the seed's, as the model's is. */
	uint64_t *ctr = argc == 6 ? st->dom[dom].shadow : st->dom[dom].ctr;
	ctr[c] = strtoull(argv[4], NULL, 0);
	sim_unlock(s);
	hwpc_dev_close(dev);
	hwpc_regdb_free(db);
	return 0;
}
