/* SPDX-License-Identifier: MIT */
/* What the libFuzzer harnesses share: the register database (loaded once,
 * never modified), a private temporary directory removed at exit, and
 * small helpers to turn fuzz bytes into a C string or a temporary file.
 *
 * Header-only on purpose: every harness is its own program.  Harnesses
 * write only inside fuzz_dir() and keep no state from one input to the
 * next beyond the read-only database. */
#ifndef HWPC_FUZZ_COMMON_H
#define HWPC_FUZZ_COMMON_H

#include <fcntl.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hwpc.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

static struct hwpc_regdb *fuzz_db;
static char fuzz_tmp[256];

static void fuzz_cleanup(void)
{
	char cmd[300];
	if (!fuzz_tmp[0])
		return;
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", fuzz_tmp);
	if (system(cmd) != 0)
		fprintf(stderr, "fuzz: could not remove %s\n", fuzz_tmp);
	hwpc_regdb_free(fuzz_db);
	fuzz_db = NULL;
}

/* A directory of our own under $TMPDIR (or /tmp), made on first use. */
static inline const char *fuzz_dir(void)
{
	if (!fuzz_tmp[0]) {
		const char *t = getenv("TMPDIR");
		snprintf(fuzz_tmp, sizeof fuzz_tmp, "%s/hwpc-fuzz-XXXXXX", t && *t ? t : "/tmp");
		if (!mkdtemp(fuzz_tmp)) {
			perror("fuzz: mkdtemp");
			abort();
		}
		atexit(fuzz_cleanup);
	}
	return fuzz_tmp;
}

/* The compiled-in database, whatever HWPC_REGDB says: a corpus must mean
 * the same thing on every machine. */
static inline const struct hwpc_regdb *fuzz_regdb(void)
{
	if (!fuzz_db) {
		struct hwpc_err err;
		unsetenv("HWPC_REGDB");
		if (hwpc_regdb_load(&fuzz_db, &err)) {
			fprintf(stderr, "fuzz: regdb: %s\n", err.msg);
			abort();
		}
		fuzz_dir(); /* registers the cleanup that frees the database */
	}
	return fuzz_db;
}

/* data as a NUL-terminated string (malloc'd: ASan sees overreads). */
static inline char *fuzz_str(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1);
	if (!s)
		abort();
	memcpy(s, data, size);
	s[size] = 0;
	return s;
}

/* Write data to fuzz_dir()/name; returns the path (static buffer). */
static inline const char *fuzz_file(const char *name, const uint8_t *data, size_t size)
{
	static char path[512];
	snprintf(path, sizeof path, "%s/%s", fuzz_dir(), name);
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	if (fd < 0) {
		perror(path);
		abort();
	}
	for (size_t off = 0; off < size;) {
		ssize_t n = write(fd, data + off, size - off);
		if (n <= 0) {
			perror(path);
			abort();
		}
		off += (size_t)n;
	}
	close(fd);
	return path;
}

/* With FUZZ_VERBOSE set, say why an input was refused (to check that a
 * seed reaches past the parser). */
static inline void fuzz_note(const char *what, const struct hwpc_err *err)
{
	if (getenv("FUZZ_VERBOSE"))
		fprintf(stderr, "fuzz: %s: %s\n", what, err->msg);
}

/* A failed property: abort so libFuzzer saves the input. */
#define FUZZ_CHECK(cond, ...)                                                   \
	do {                                                                    \
		if (!(cond)) {                                                  \
			fprintf(stderr, "fuzz: property failed: %s: ", #cond); \
			fprintf(stderr, __VA_ARGS__);                           \
			fputc('\n', stderr);                                    \
			abort();                                                \
		}                                                               \
	} while (0)

#endif
