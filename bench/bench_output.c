/* SPDX-License-Identifier: MIT */
/* Benchmark: the generic record writer (hwpc/output.h) alone, on records
 * shaped like pcread's interval samples.
 *
 *   bench_output [RECORDS]     (default 200000)
 *
 * Writes RECORDS records of kind pc_counters, every key of the schema set
 * (a number, string or boolean by its type; the keys a sample leaves null
 * in quad mode left unset), as JSON and as CSV to /dev/zero, alternately,
 * five rounds; prints the median records per second of CPU time for each
 * and its range.  (/dev/zero discards writes as /dev/null does; on the
 * shared VMs /dev/null has been found a regular file.) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "hwpc.h"

#define ROUNDS 5

static double cpu_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* The keys pcread leaves null in a quad-mode sample without a setup. */
static bool left_null(const char *name)
{
	return strstr(name, "_expr") || strstr(name, "record_") || !strcmp(name, "event_pct") ||
	       !strcmp(name, "mmio_read_count") || !strcmp(name, "lag_ns");
}

static double pass(enum hwpc_format fmt, FILE *sink, const struct hwpc_schema_rec *rec, long n)
{
	struct hwpc_err err;
	struct hwpc_out *o = hwpc_out_new(sink, fmt, &err);
	if (!o) {
		fprintf(stderr, "bench_output: %s\n", err.msg);
		exit(1);
	}
	hwpc_out_set_command(o, "pcread");
	hwpc_out_set_device(o, "sim:g84", "G84");
	bool skip[256] = { false };
	for (size_t k = 0; k < rec->nkeys && k < 256; k++)
		skip[k] = left_null(rec->keys[k].name);
	double t0 = cpu_now();
	for (long r = 0; r < n; r++) {
		hwpc_out_record(o, rec->type);
		for (size_t k = 0; k < rec->nkeys; k++) {
			const struct hwpc_schema_key *key = &rec->keys[k];
			if (k >= 256 || skip[k])
				continue;
			uint64_t v = (uint64_t)r * 977 + k * 1000003;
			switch (key->type) {
			case HWPC_VT_U64: hwpc_out_u64(o, key->name, v); break;
			case HWPC_VT_I64: hwpc_out_i64(o, key->name, (int64_t)v); break;
			case HWPC_VT_DOUBLE: hwpc_out_double(o, key->name, (double)v / 7, 3); break;
			case HWPC_VT_STR: hwpc_out_str(o, key->name, k % 2 ? "core_a" : "QUAD"); break;
			case HWPC_VT_HEX: hwpc_out_hex32(o, key->name, (uint32_t)v); break;
			case HWPC_VT_BOOL: hwpc_out_bool(o, key->name, v & 1); break;
			}
		}
		if (hwpc_out_end(o, &err)) {
			fprintf(stderr, "bench_output: %s\n", err.msg);
			exit(1);
		}
	}
	hwpc_out_finish(o, NULL);
	double dt = cpu_now() - t0;
	hwpc_out_free(o);
	return dt;
}

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 200000;
	const struct hwpc_schema_rec *rec = hwpc_schema_find("pc_counters");
	FILE *sink = fopen("/dev/zero", "w");
	if (!rec || !sink || n < 1) {
		fprintf(stderr, "bench_output: no pc_counters kind or /dev/zero\n");
		return 1;
	}
	double rate[2][ROUNDS];
	for (int r = 0; r < ROUNDS; r++) {
		rate[0][r] = n / pass(HWPC_FMT_JSON, sink, rec, n);
		rate[1][r] = n / pass(HWPC_FMT_CSV, sink, rec, n);
	}
	printf("record writer, %ld pc_counters records (%zu keys), %d alternating rounds:\n", n, rec->nkeys, ROUNDS);
	static const char *const names[2] = { "json", "csv" };
	for (int f = 0; f < 2; f++) {
		qsort(rate[f], ROUNDS, sizeof rate[f][0], cmp);
		printf("  %-4s %8.0f records/s of CPU (range %.0f-%.0f), %.2f us a record\n", names[f],
		       rate[f][ROUNDS / 2], rate[f][0], rate[f][ROUNDS - 1], 1e6 / rate[f][ROUNDS / 2]);
	}
	fclose(sink);
	return 0;
}
