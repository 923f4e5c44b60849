/* SPDX-License-Identifier: MIT */
/* Throughput of the tsdump decoders on a large Tensix event stream.
 *
 *   bench_tsdump [MiB]     (default 1024; the stream file is deleted after)
 *   bench_tsdump gen FILE MiB   only write the stream to FILE (for timing
 *                               the tsdump command on it; prints the events)
 *
 * Writes a stream of mixed event sizes (32/64/96/128-bit, flushes, 96-bit
 * straddles) to a file in $TMPDIR (or /tmp), then times, on the same file:
 *   read      read(2) into a buffer, nothing else: the bandwidth reference
 *   summary   the decoder in summary mode, per-token statistics kept by
 *             the decoder itself (what tsdump --summary does)
 *   csv       the decoder writing every event as CSV to /dev/null
 * and the PCOUNTER record decoder on a LONG-packet file of the same size.
 * Each pass reads the file again (from the page cache after the first). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <sys/stat.h>

#include "hwpc.h"
#include "stream/tsdump_state.h" /* pieces joined, for the report */

#define CHUNK (1u << 20)

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static uint64_t rng = 0x243f6a8885a308d3ull;
static unsigned rnd(unsigned n)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (unsigned)(rng % n);
}

static void put32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
	p[2] = (uint8_t)(v >> 16);
	p[3] = (uint8_t)(v >> 24);
}

/* One 1 MiB block of the stream: groups of whole units, each group one
 * event size, as a writer that flushes between sizes would produce. */
static uint64_t counter = 1000;
static size_t gen_block(uint8_t *b, uint64_t *events)
{
	size_t w = 0, nw = CHUNK / 4;
	while (w + 20 <= nw) { /* the longest group is 20 words */
		unsigned kind = rnd(4);
		switch (kind) {
		case 0: /* 4 units of 32-bit events */
			for (int i = 0; i < 16; i++, w++) {
				counter += 1 + rnd(200);
				put32(b + 4 * w, (uint32_t)((i << 3 | 2) & 0xffff) +
							 (uint32_t)((counter & 0x1fffe0) << 11));
			}
			*events += 16;
			break;
		case 1: /* 64-bit events, the last one flushed */
			for (int i = 0; i < 7; i++) {
				counter += 1 + rnd(200);
				put32(b + 4 * w++, (uint32_t)(i << 3 | 1));
				put32(b + 4 * w++, (uint32_t)counter);
			}
			put32(b + 4 * w++, 0);
			put32(b + 4 * w++, 0);
			*events += 7;
			break;
		case 2: /* four 96-bit events straddling three units */
			for (int i = 0; i < 4; i++) {
				counter += 1 + rnd(200);
				put32(b + 4 * w++, (uint32_t)(i << 3 | 4));
				put32(b + 4 * w++, (uint32_t)counter);
				put32(b + 4 * w++, (uint32_t)(counter >> 32));
			}
			put32(b + 4 * w++, 0x7 << 3 | 4); /* a fifth, flushed */
			put32(b + 4 * w++, (uint32_t)counter);
			put32(b + 4 * w++, (uint32_t)(counter >> 32));
			put32(b + 4 * w++, 0);
			for (int i = 0; i < 4; i++)
				put32(b + 4 * w++, 0);
			*events += 5;
			break;
		default: /* 128-bit events */
			for (int i = 0; i < 4; i++) {
				counter += 1 + rnd(200);
				put32(b + 4 * w++, (uint32_t)(i << 3));
				put32(b + 4 * w++, (uint32_t)counter);
				put32(b + 4 * w++, (uint32_t)(counter >> 32));
				put32(b + 4 * w++, 0);
			}
			*events += 4;
		}
	}
	memset(b + 4 * w, 0, CHUNK - 4 * w);
	return CHUNK;
}

static uint64_t rec_cycles;
static size_t gen_record_block(uint8_t *b)
{
	for (size_t off = 0; off < CHUNK; off += 32) {
		rec_cycles += 100 + rnd(1000);
		uint8_t *p = b + off;
		for (int k = 0; k < 3; k++) {
			p[2 * k] = (uint8_t)(rec_cycles >> (16 * k));
			p[2 * k + 1] = (uint8_t)(rec_cycles >> (16 * k + 8));
		}
		p[6] = 1;
		p[7] = 0;
		for (int i = 0; i < 12; i++) {
			unsigned v = rnd(600);
			p[8 + 2 * i] = (uint8_t)v;
			p[9 + 2 * i] = (uint8_t)(v >> 8);
		}
	}
	return CHUNK;
}

static int nothing(void *ctx, const struct hwpc_tensix_item *it)
{
	return 0;
}

static int batch_nothing(void *ctx, const struct hwpc_tensix_ev *ev, size_t n)
{
	return 0;
}

static int rec_nothing(void *ctx, const struct hwpc_rec_item *it)
{
	return 0;
}

/* The CSV path as tsdump would write it: one row per item. */
static int to_csv(void *ctx, const struct hwpc_tensix_item *it)
{
	struct hwpc_out *o = ctx;
	hwpc_out_begin(o);
	hwpc_out_str(o, "kind", hwpc_tensix_kind_name(it->kind));
	hwpc_out_u64(o, "offset", it->offset);
	if (it->kind == HWPC_TENSIX_EVENT) {
		hwpc_out_u64(o, "index", it->index);
		hwpc_out_u64(o, "size", it->size);
		hwpc_out_hex32(o, "header", it->header);
		hwpc_out_u64(o, "token", it->token);
		hwpc_out_u64(o, "ts", it->ts);
		hwpc_out_str(o, "time", hwpc_tensix_time_name(it->time));
	} else {
		hwpc_out_u64(o, "count", it->count);
		hwpc_out_str(o, "msg", it->msg);
	}
	return hwpc_out_end(o, NULL);
}

enum pass { P_READ, P_SUMMARY, P_CSV, P_RECORD };

static double run(const char *path, enum pass pass, uint8_t *buf, uint64_t *items)
{
	static const struct hwpc_col cols[] = {
		{"kind", 0}, {"offset", 0}, {"index", 0}, {"size", 0}, {"header", 0},
		{"token", 0}, {"ts", 0},     {"time", 0},  {"count", 0}, {"msg", 0}};
	int fd = open(path, O_RDONLY);
	if (fd < 0) {
		perror(path);
		exit(1);
	}
	FILE *null = NULL;
	struct hwpc_out *o = NULL;
	struct hwpc_tensix_dec *d = NULL;
	struct hwpc_recdec *r = NULL;
	if (pass == P_CSV) {
		null = fopen("/dev/null", "w");
		o = hwpc_out_new(null, HWPC_FMT_CSV, NULL);
		hwpc_out_table(o, cols, sizeof cols / sizeof *cols, NULL);
		d = hwpc_tensix_dec_new(NULL, to_csv, o);
	} else if (pass == P_SUMMARY) {
		static struct hwpc_tensix_tokstat tab[HWPC_TENSIX_DIRECT_TOKENS];
		memset(tab, 0, sizeof tab);
		d = hwpc_tensix_dec_new(NULL, nothing, NULL);
		if (!d || hwpc_tensix_dec_set_batch(d, batch_nothing, NULL)) {
			perror("tsdec");
			exit(1);
		}
		hwpc_tensix_dec_set_stats(d, tab);
	} else if (pass == P_RECORD) {
		struct hwpc_regdb *rdb;
		struct hwpc_err err;
		static struct hwpc_rec_layout lay;
		if (hwpc_regdb_load(&rdb, &err) || hwpc_rec_layout_load(rdb, &lay, &err)) {
			fprintf(stderr, "bench_tsdump: %s\n", err.msg);
			exit(1);
		}
		hwpc_regdb_free(rdb);
		r = hwpc_recdec_new(HWPC_REC_LONG, &lay, rec_nothing, NULL);
	}
	double t0 = now();
	ssize_t n;
	uint64_t sum = 0;
	while ((n = read(fd, buf, CHUNK)) > 0) {
		if (d)
			hwpc_tensix_dec_feed(d, buf, (size_t)n);
		else if (r)
			hwpc_recdec_feed(r, buf, (size_t)n);
		else
			sum += buf[0] + buf[n - 1]; /* touch the data */
	}
	if (d)
		hwpc_tensix_dec_finish(d);
	if (r)
		hwpc_recdec_finish(r, NULL);
	if (o)
		hwpc_out_finish(o, NULL);
	double t = now() - t0;
	*items = d ? hwpc_tensix_dec_summary(d)->events : r ? hwpc_recdec_summary(r)->packets : sum & 0;
	hwpc_tensix_dec_free(d);
	hwpc_recdec_free(r);
	hwpc_out_free(o);
	if (null)
		fclose(null);
	close(fd);
	return t;
}

/* What tsdump --summary FILE does: hwpc_tsdump_feed_file, on threads
 * threads (0: one per CPU), summary to /dev/null.  *joined, *redone: the
 * pieces joined and decoded again. */
static double run_file(const char *path, unsigned threads, uint64_t *items, unsigned *joined, unsigned *redone)
{
	struct hwpc_err err;
	FILE *null = fopen("/dev/null", "w");
	int fd = open(path, O_RDONLY);
	struct stat st;
	if (!null || fd < 0 || fstat(fd, &st)) {
		perror(path);
		exit(1);
	}
	struct hwpc_tsdump_opts o = { .out = null, .fmt = HWPC_FMT_TEXT, .summary = true, .input = path };
	struct hwpc_tsdump_file fo = { .threads = threads };
	bool mapped = false;
	double t0 = now();
	struct hwpc_tsdump *t = hwpc_tsdump_new(&o, &err);
	if (!t || hwpc_tsdump_feed_file(t, fd, path, (uint64_t)st.st_size, &fo, &mapped, &err) || !mapped ||
	    hwpc_tsdump_finish(t, &err)) {
		fprintf(stderr, "bench_tsdump: %s\n", err.msg[0] ? err.msg : "cannot map the file");
		exit(1);
	}
	double dt = now() - t0;
	*items = hwpc_tsdump_items(t);
	*joined = t->pieces_joined;
	*redone = t->pieces_redone;
	hwpc_tsdump_free(t);
	close(fd);
	fclose(null);
	return dt;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

/* One thread and the default, alternately, ROUNDS times: best and median
 * of each, and the median of the per-round ratios. */
#define ROUNDS 7
static int file_passes(const char *path, double mb, uint64_t gen_events)
{
	double t1[ROUNDS], tn[ROUNDS], ratio[ROUNDS];
	unsigned joined = 0, redone = 0, j, r;
	uint64_t items;
	for (int k = 0; k < ROUNDS; k++) {
		t1[k] = run_file(path, 1, &items, &j, &r);
		if (items != gen_events)
			return 1;
		tn[k] = run_file(path, 0, &items, &joined, &redone);
		if (items != gen_events)
			return 1;
		ratio[k] = t1[k] / tn[k];
	}
	qsort(t1, ROUNDS, sizeof *t1, cmp_double);
	qsort(tn, ROUNDS, sizeof *tn, cmp_double);
	qsort(ratio, ROUNDS, sizeof *ratio, cmp_double);
	printf("tsdump --summary FILE (hwpc_tsdump_feed_file), %d alternating rounds, best / median:\n", ROUNDS);
	printf("  -j 1     %7.3f / %.3f s  %6.1f / %.1f M events/s\n", t1[0], t1[ROUNDS / 2],
	       gen_events / t1[0] / 1e6, gen_events / t1[ROUNDS / 2] / 1e6);
	printf("  default  %7.3f / %.3f s  %6.1f / %.1f M events/s  (%u pieces joined, %u decoded again)\n", tn[0],
	       tn[ROUNDS / 2], gen_events / tn[0] / 1e6, gen_events / tn[ROUNDS / 2] / 1e6, joined, redone);
	printf("  speed-up, median of the rounds' ratios: %.2fx  (%.0f MB/s)\n", ratio[ROUNDS / 2],
	       mb / tn[ROUNDS / 2]);
	return 0;
}

static void make_file(const char *path, unsigned mib, bool record, uint64_t *events)
{
	uint8_t *b = malloc(CHUNK);
	FILE *f = fopen(path, "wb");
	if (!b || !f) {
		perror(path);
		exit(1);
	}
	for (unsigned i = 0; i < mib; i++) {
		size_t n = record ? gen_record_block(b) : gen_block(b, events);
		if (fwrite(b, 1, n, f) != n) {
			perror(path);
			exit(1);
		}
	}
	if (fclose(f) != 0) {
		perror(path);
		exit(1);
	}
	free(b);
}

int main(int argc, char **argv)
{
	if (argc == 4 && !strcmp(argv[1], "gen")) {
		uint64_t ev = 0;
		make_file(argv[2], (unsigned)strtoul(argv[3], NULL, 0), false, &ev);
		printf("%llu\n", (unsigned long long)ev);
		return 0;
	}
	unsigned mib = argc > 1 ? (unsigned)strtoul(argv[1], NULL, 0) : 1024;
	const char *tmp = getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
	char path[512];
	snprintf(path, sizeof path, "%s/bench_tsdump.%ld", tmp, (long)getpid());
	uint8_t *buf = malloc(CHUNK);
	uint64_t gen_events = 0, items;

	make_file(path, mib, false, &gen_events);
	double mb = mib * (double)CHUNK / 1e6;
	printf("tensix stream: %u MiB, %llu events\n", mib, (unsigned long long)gen_events);
	run(path, P_READ, buf, &items); /* warm the page cache */
	static const char *const names[] = {"read", "summary", "csv"};
	for (int p = P_READ; p <= P_CSV; p++) {
		double best = 1e30;
		for (int rep = 0; rep < 3; rep++) {
			double t = run(path, (enum pass)p, buf, &items);
			if (t < best)
				best = t;
		}
		if (p != P_READ && items != gen_events) {
			fprintf(stderr, "decoded %llu events, generated %llu\n",
				(unsigned long long)items, (unsigned long long)gen_events);
			unlink(path);
			return 1;
		}
		printf("  %-8s %7.3f s  %8.1f MB/s", names[p], best, mb / best);
		if (p != P_READ)
			printf("  %6.1f M events/s", gen_events / best / 1e6);
		printf("\n");
	}
	if (file_passes(path, mb, gen_events)) {
		fprintf(stderr, "tsdump decoded a different number of events than generated\n");
		unlink(path);
		return 1;
	}
	unlink(path);

	make_file(path, mib, true, &gen_events);
	run(path, P_READ, buf, &items);
	double best = 1e30;
	for (int rep = 0; rep < 3; rep++) {
		double t = run(path, P_RECORD, buf, &items);
		if (t < best)
			best = t;
	}
	printf("record LONG: %u MiB, %llu packets\n  %-8s %7.3f s  %8.1f MB/s  %6.1f M packets/s\n",
	       mib, (unsigned long long)items, "summary", best, mb / best, items / best / 1e6);
	unlink(path);
	free(buf);
	return 0;
}
