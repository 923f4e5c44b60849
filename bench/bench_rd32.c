/* SPDX-License-Identifier: MIT */
/* Benchmark: hwpc_rd32 through the device layer vs a raw volatile-load
 * loop, over the same mapping of a file (as libpciaccess maps a BAR).
 * Target: the layer costs at most 1.2x the raw loop.
 *
 * usage: bench_rd32 [READS_PER_ROUND] [ROUNDS]
 * The two loops alternate round by round and the medians are compared,
 * so machine noise hits both alike. */
#include "hwpc.h"
#include "dev/backend.h" /* the device as a backend leaves it */

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#define BAR_SIZE (16u << 20)

/* Register offsets a PTIMER/PCOUNTER read loop touches. */
static const uint32_t offs[16] = { 0x9400, 0x9410, 0x9200, 0x9210, 0xa400, 0xa420, 0xa440, 0xa460,
				   0xa600, 0xa640, 0xa680, 0xa6c0, 0xa700, 0xa740, 0xa7c0, 0x0000 };

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

__attribute__((noinline)) static uint32_t raw_loop(volatile uint8_t *map, unsigned long n)
{
	uint32_t sum = 0;
	for (unsigned long i = 0; i < n; i++)
		sum += *(const volatile uint32_t *)(map + offs[i & 15]);
	return sum;
}

/* The same, with each address depending on the previous value, as code
 * that uses what it reads (polling, read-modify-write) does. */
__attribute__((noinline)) static uint32_t raw_chain(volatile uint8_t *map, unsigned long n)
{
	uint32_t v = 0;
	for (unsigned long i = 0; i < n; i++)
		v = *(const volatile uint32_t *)(map + offs[(i + v) & 15]);
	return v;
}

__attribute__((noinline)) static uint32_t layer_chain(struct hwpc_dev *dev, unsigned long n)
{
	uint32_t v = 0;
	for (unsigned long i = 0; i < n; i++)
		if (hwpc_rd32(dev, offs[(i + v) & 15], &v))
			abort();
	return v;
}

__attribute__((noinline)) static uint32_t layer_loop(struct hwpc_dev *dev, unsigned long n)
{
	uint32_t sum = 0, v;
	for (unsigned long i = 0; i < n; i++) {
		if (hwpc_rd32(dev, offs[i & 15], &v))
			abort();
		sum += v;
	}
	return sum;
}

int main(int argc, char **argv)
{
	unsigned long n = argc > 1 ? strtoul(argv[1], NULL, 0) : 10000000;
	int rounds = argc > 2 ? atoi(argv[2]) : 15;
	char path[] = "/tmp/hwpc-bench-bar0-XXXXXX";
	int fd = mkstemp(path);
	if (fd < 0 || ftruncate(fd, BAR_SIZE)) {
		perror("bench_rd32: temp file");
		return 1;
	}
	unlink(path);
	void *map = mmap(NULL, BAR_SIZE, PROT_READ, MAP_SHARED, fd, 0);
	if (map == MAP_FAILED) {
		perror("bench_rd32: mmap");
		return 1;
	}
	/* The device as the libpciaccess backend leaves it after open. */
	struct hwpc_dev dev = { .mmio.map = map, .size = BAR_SIZE };
	hwpc_dev_set_fastpath(&dev, BAR_SIZE, true);
	double raw[64], layer[64], rawc[64], layerc[64];
	uint32_t sink = 0;
	if (rounds > 64)
		rounds = 64;
	raw_loop(map, n / 10);
	layer_loop(&dev, n / 10);
	for (int r = 0; r < rounds; r++) {
		double t0 = now();
		sink += raw_loop(map, n);
		double t1 = now();
		sink += layer_loop(&dev, n);
		double t2 = now();
		sink += raw_chain(map, n);
		double t3 = now();
		sink += layer_chain(&dev, n);
		double t4 = now();
		raw[r] = (t1 - t0) / n;
		layer[r] = (t2 - t1) / n;
		rawc[r] = (t3 - t2) / n;
		layerc[r] = (t4 - t3) / n;
	}
	qsort(raw, rounds, sizeof raw[0], cmp);
	qsort(layer, rounds, sizeof layer[0], cmp);
	qsort(rawc, rounds, sizeof rawc[0], cmp);
	qsort(layerc, rounds, sizeof layerc[0], cmp);
	printf("independent reads: raw volatile loop %.3f ns/read, device layer %.3f ns/read, ratio %.3f\n",
	       raw[rounds / 2], layer[rounds / 2], layer[rounds / 2] / raw[rounds / 2]);
	printf("dependent reads:   raw volatile loop %.3f ns/read, device layer %.3f ns/read, ratio %.3f\n",
	       rawc[rounds / 2], layerc[rounds / 2], layerc[rounds / 2] / rawc[rounds / 2]);
	printf("(median of %d alternating rounds of %lu reads each; checksum %u)\n", rounds, n, sink);
	return 0;
}
