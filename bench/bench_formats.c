/* SPDX-License-Identifier: MIT */
/* Benchmark: the CPU tsdump takes to write one stream as CSV, JSON and a
 * Chrome trace, side by side, and the bytes it writes per record.
 *
 *   bench_formats [-r ROUNDS] [-b BEFORE_BIN] BIN STREAM
 *
 * Each round runs BIN/tsdump --format csv, json and trace on STREAM (and
 * the same with BEFORE_BIN/tsdump, another build, alternately), output
 * discarded; the CPU of each run is the child's user + system time
 * (wait4).  Printed: per build and format the median CPU with the range
 * over the rounds, and the median of the rounds' json/csv and trace/csv
 * ratios with their range: a ratio of runs side by side in one round is
 * what a shared, noisy machine still measures well.  Then, from one more
 * run of each into a pipe, the bytes written per record (records: the CSV
 * rows, the stream's items; the trace leaves out padding).
 *
 * Output goes to /dev/zero, which discards writes as /dev/null does:
 * /dev/null has been found a regular file on the shared VMs, where writing
 * gigabytes to it costs kernel time and memory. */
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

#define MAXROUNDS 100
enum { CSV, JSON, TRACE, NFMT };
static const char *const fmts[NFMT] = { "csv", "json", "trace" };

/* Run BIN/tsdump --format fmt stream with stdout on fd; the child's CPU
 * seconds. */
static double run(const char *bin, const char *fmt, const char *stream, int fd)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/tsdump", bin);
	char *argv[] = { path, "--format", (char *)fmt, (char *)stream, NULL };
	posix_spawn_file_actions_t fa;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, fd, 1);
	pid_t pid;
	int rc = posix_spawn(&pid, path, &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	if (rc) {
		fprintf(stderr, "bench_formats: %s: %s\n", path, strerror(rc));
		exit(1);
	}
	int st;
	struct rusage ru;
	if (wait4(pid, &st, 0, &ru) < 0 || !WIFEXITED(st) || WEXITSTATUS(st)) {
		fprintf(stderr, "bench_formats: %s --format %s %s failed\n", path, fmt, stream);
		exit(1);
	}
	return ru.ru_utime.tv_sec + ru.ru_utime.tv_usec * 1e-6 + ru.ru_stime.tv_sec + ru.ru_stime.tv_usec * 1e-6;
}

/* Bytes and lines of one run, read from a pipe. */
static void count(const char *bin, const char *fmt, const char *stream, unsigned long long *bytes,
		  unsigned long long *lines)
{
	int p[2];
	if (pipe(p)) {
		perror("pipe");
		exit(1);
	}
	char path[4096];
	snprintf(path, sizeof path, "%s/tsdump", bin);
	char *argv[] = { path, "--format", (char *)fmt, (char *)stream, NULL };
	posix_spawn_file_actions_t fa;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, p[1], 1);
	posix_spawn_file_actions_addclose(&fa, p[0]);
	pid_t pid;
	if (posix_spawn(&pid, path, &fa, NULL, argv, environ)) {
		perror(path);
		exit(1);
	}
	posix_spawn_file_actions_destroy(&fa);
	close(p[1]);
	static char buf[1 << 16];
	ssize_t n;
	*bytes = *lines = 0;
	while ((n = read(p[0], buf, sizeof buf)) > 0 || (n < 0 && errno == EINTR)) {
		for (ssize_t i = 0; i < n; i++)
			*lines += buf[i] == '\n';
		*bytes += n > 0 ? (unsigned long long)n : 0;
	}
	close(p[0]);
	int st;
	if (waitpid(pid, &st, 0) < 0 || !WIFEXITED(st) || WEXITSTATUS(st)) {
		fprintf(stderr, "bench_formats: %s --format %s failed\n", path, fmt);
		exit(1);
	}
}

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

/* median, min and max of v[0..n) (sorted in place) */
static void stats(double *v, int n, double *med, double *lo, double *hi)
{
	qsort(v, (size_t)n, sizeof *v, cmp);
	*med = n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
	*lo = v[0];
	*hi = v[n - 1];
}

int main(int argc, char **argv)
{
	int rounds = 5, opt;
	const char *before = NULL;
	while ((opt = getopt(argc, argv, "r:b:")) != -1) {
		if (opt == 'r')
			rounds = atoi(optarg);
		else if (opt == 'b')
			before = optarg;
		else
			return 2;
	}
	if (argc - optind != 2 || rounds < 1 || rounds > MAXROUNDS) {
		fprintf(stderr, "usage: bench_formats [-r ROUNDS] [-b BEFORE_BIN] BIN STREAM\n");
		return 2;
	}
	const char *bins[2] = { before, argv[optind] }, *stream = argv[optind + 1];
	const char *names[2] = { "before", "after" };
	int first = before ? 0 : 1;
	int sink = open("/dev/zero", O_WRONLY);
	if (sink < 0) {
		perror("/dev/zero");
		return 1;
	}
	static double cpu[2][NFMT][MAXROUNDS], ratio[2][2][MAXROUNDS];
	for (int r = 0; r < rounds; r++) {
		for (int b = first; b < 2; b++) {
			for (int f = 0; f < NFMT; f++)
				cpu[b][f][r] = run(bins[b], fmts[f], stream, sink);
			ratio[b][0][r] = cpu[b][JSON][r] / cpu[b][CSV][r];
			ratio[b][1][r] = cpu[b][TRACE][r] / cpu[b][CSV][r];
		}
	}
	printf("%s: %d rounds; CPU (user + system) per run, median [min-max] s; ratios: median [min-max] of the rounds'\n",
	       stream, rounds);
	printf("%-7s %-22s %-22s %-22s %-20s %-20s\n", "build", "csv", "json", "trace", "json/csv", "trace/csv");
	for (int b = first; b < 2; b++) {
		printf("%-7s", names[b]);
		for (int f = 0; f < NFMT; f++) {
			double m, lo, hi;
			stats(cpu[b][f], rounds, &m, &lo, &hi);
			char cell[64];
			snprintf(cell, sizeof cell, "%.3f [%.3f-%.3f]", m, lo, hi);
			printf(" %-22s", cell);
		}
		for (int k = 0; k < 2; k++) {
			double m, lo, hi;
			stats(ratio[b][k], rounds, &m, &lo, &hi);
			char cell[64];
			snprintf(cell, sizeof cell, "%.2f [%.2f-%.2f]", m, lo, hi);
			printf(" %-20s", cell);
		}
		printf("\n");
	}
	printf("bytes per record (records: the CSV rows):\n");
	for (int b = first; b < 2; b++) {
		unsigned long long bytes[NFMT], lines[NFMT];
		for (int f = 0; f < NFMT; f++)
			count(bins[b], fmts[f], stream, &bytes[f], &lines[f]);
		double recs = lines[CSV] > 1 ? (double)(lines[CSV] - 1) : 1;
		printf("%-7s %llu records;", names[b], lines[CSV] - 1);
		for (int f = 0; f < NFMT; f++)
			printf(" %s %.1f (%llu bytes)%s", fmts[f], bytes[f] / recs, bytes[f], f + 1 < NFMT ? "," : "\n");
	}
	return 0;
}
