/* SPDX-License-Identifier: MIT */
/* Test helper: write a random Tensix event stream (the writer model of
 * tests/unit/tsx_gen.h: runs of one size, flushes, wrapping counters, and
 * some damage when asked), for tests of large inputs:
 *   tsx_stream FILE MIB [DAMAGE]
 * DAMAGE: damaged words per 64 KiB block (default 0). */
#include <stdio.h>
#include <stdlib.h>

#include "../unit/tsx_gen.h"

enum { BLOCK_WORDS = 16384 }; /* 64 KiB */

int main(int argc, char **argv)
{
	static uint32_t w[BLOCK_WORDS];
	static uint8_t b[4 * BLOCK_WORDS];
	if (argc < 3 || argc > 4) {
		fprintf(stderr, "usage: tsx_stream FILE MIB [DAMAGE]\n");
		return 2;
	}
	FILE *fp = fopen(argv[1], "wb");
	long mib = atol(argv[2]), damage = argc > 3 ? atol(argv[3]) : 0;
	if (!fp || mib <= 0 || damage < 0) {
		fprintf(stderr, "tsx_stream: cannot write %s, or a bad size\n", argv[1]);
		return 2;
	}
	for (long k = 0; k < mib * 16; k++) {
		size_t n = gen_runs(w, BLOCK_WORDS, (unsigned)damage);
		for (size_t i = 0; i < n; i++)
			for (int j = 0; j < 4; j++)
				b[4 * i + (size_t)j] = (uint8_t)(w[i] >> (8 * j));
		if (fwrite(b, 4, n, fp) != n) {
			fprintf(stderr, "tsx_stream: write error on %s\n", argv[1]);
			return 1;
		}
	}
	return fclose(fp) ? 1 : 0;
}
