/* SPDX-License-Identifier: MIT */
/* Benchmark: wall time of one-shot commands, side by side.  Runs each
 * command N times, alternating between them so machine noise hits all
 * alike, and prints the median and the ratio to the first command.
 *
 * usage: bench_spawn RUNS 'CMD ARGS' 'CMD ARGS'...
 * (arguments are split on spaces; no shell is involved) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <fcntl.h>

#define MAXCMD 8
#define MAXRUNS 5000

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

static double run(char **argv)
{
	double t0 = now();
	pid_t pid = fork();
	if (pid == 0) {
		int null = open("/dev/null", O_WRONLY);
		dup2(null, 1);
		execv(argv[0], argv);
		_exit(127);
	}
	int st;
	waitpid(pid, &st, 0);
	if (!WIFEXITED(st) || WEXITSTATUS(st)) {
		fprintf(stderr, "bench_spawn: %s failed (status %d)\n", argv[0], st);
		exit(1);
	}
	return now() - t0;
}

int main(int argc, char **argv)
{
	if (argc < 3) {
		fprintf(stderr, "usage: bench_spawn RUNS 'CMD ARGS'...\n");
		return 2;
	}
	int runs = atoi(argv[1]), ncmd = argc - 2;
	if (runs < 1 || runs > MAXRUNS || ncmd > MAXCMD)
		return 2;
	char *args[MAXCMD][32];
	static double t[MAXCMD][MAXRUNS];
	for (int c = 0; c < ncmd; c++) {
		int k = 0;
		for (char *tok = strtok(argv[c + 2], " "); tok && k < 31; tok = strtok(NULL, " "))
			args[c][k++] = tok;
		args[c][k] = NULL;
	}
	for (int c = 0; c < ncmd; c++) /* warm caches */
		for (int i = 0; i < 5; i++)
			run(args[c]);
	for (int i = 0; i < runs; i++)
		for (int c = 0; c < ncmd; c++)
			t[c][i] = run(args[c]);
	double base = 0;
	for (int c = 0; c < ncmd; c++) {
		qsort(t[c], runs, sizeof t[c][0], cmp);
		double med = t[c][runs / 2];
		if (c == 0)
			base = med;
		printf("%-50s median %.3f ms  p90 %.3f ms  ratio %.2f\n", argv[c + 2] ? args[c][0] : "", med,
		       t[c][runs * 9 / 10], med / base);
	}
	return 0;
}
