/* SPDX-License-Identifier: MIT */
/* make difftest: the fast PCOUNTER engine against the per-cycle reference
 * on many random configurations (tests/unit/pcdiff.h).
 *
 *   pcsim_difftest [COUNT [FIRST_SEED]]     (default 10000, from seed 1)
 *
 * Prints each disagreement with its seed, then one closing line; exits 1
 * if any configuration disagreed. */
#include "../unit/pcdiff.h"

#include <time.h>

int main(int argc, char **argv)
{
	uint64_t count = argc > 1 ? strtoull(argv[1], NULL, 0) : 10000;
	uint64_t first = argc > 2 ? strtoull(argv[2], NULL, 0) : 1;
	struct pcd t;
	struct timespec t0, t1;
	if (!count || pcd_init(&t)) {
		fprintf(stderr, "pcsim_difftest: cannot set up (usage: pcsim_difftest [COUNT [FIRST_SEED]])\n");
		return 2;
	}
	clock_gettime(CLOCK_MONOTONIC, &t0);
	uint64_t failed = 0;
	for (uint64_t seed = first; seed < first + count; seed++)
		if (pcd_run(&t, seed)) {
			printf("DIFFER %s\n", t.why);
			failed++;
		}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	pcd_fini(&t);
	struct pc_fast_stats fs;
	pc_fast_stats_get(&fs);
	printf("pcsim_difftest: %llu configurations (seeds %llu-%llu), %u checkpoints, %llu disagreed, %.1f s; "
	       "fast engine skipped %llu cycles, evaluated %llu 64 at a time, stepped %llu, delegated %llu advances\n",
	       (unsigned long long)count, (unsigned long long)first, (unsigned long long)(first + count - 1),
	       t.checkpoints, (unsigned long long)failed,
	       (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9,
	       (unsigned long long)fs.skipped, (unsigned long long)fs.parallel, (unsigned long long)fs.stepped,
	       (unsigned long long)fs.delegated);
	return failed ? 1 : 0;
}
