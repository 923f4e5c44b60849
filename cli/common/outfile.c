/* SPDX-License-Identifier: MIT */
/* Atomic -o FILE (outfile.h). */
#include "outfile.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"

int cli_outfile_open(struct cli_outfile *of, const char *path)
{
	memset(of, 0, sizeof *of);
	if (!path || strcmp(path, "-") == 0) {
		of->fp = stdout;
		return 0;
	}
	size_t n = strlen(path);
	if (!(of->path = strdup(path)) || !(of->tmp = malloc(n + 16))) {
		free(of->path);
		of->path = NULL;
		return cli_fail(HWPC_EOP, "out of memory");
	}
	/* Same directory, so rename() is atomic; a dot name, so collectors
	 * that read *.prom skip it. */
	const char *slash = strrchr(path, '/');
	size_t dir = slash ? (size_t)(slash - path) + 1 : 0;
	memcpy(of->tmp, path, dir);
	snprintf(of->tmp + dir, n + 16 - dir, ".%s.XXXXXX", path + dir);
	int fd = mkstemp(of->tmp);
	if (fd < 0) {
		int e = errno;
		free(of->tmp);
		of->tmp = NULL;
		int rc = cli_fail(HWPC_EOP, "cannot write '%s': %s", path, strerror(e));
		free(of->path);
		of->path = NULL;
		return rc;
	}
	/* mkstemp makes the file 0600; an output file gets the usual mode */
	mode_t um = umask(0);
	umask(um);
	fchmod(fd, 0666 & ~um);
	if (!(of->fp = fdopen(fd, "w"))) {
		int e = errno;
		close(fd);
		unlink(of->tmp);
		return cli_fail(HWPC_EOP, "cannot write '%s': %s", path, strerror(e));
	}
	return 0;
}

int cli_outfile_close(struct cli_outfile *of, bool ok)
{
	int rc = 0;
	if (!of->fp)
		return 0;
	if (!of->path) {
		if (fflush(stdout) != 0 && ok)
			rc = cli_fail(HWPC_EOP, "write error on standard output: %s", strerror(errno));
		of->fp = NULL;
		return rc;
	}
	bool written = fflush(of->fp) == 0 && !ferror(of->fp);
	int e = errno;
	if (fclose(of->fp) != 0 && written) {
		written = false;
		e = errno;
	}
	of->fp = NULL;
	if (ok && !written) {
		rc = cli_fail(HWPC_EOP, "cannot write '%s': %s", of->path, strerror(e));
		ok = false;
	}
	if (ok && rename(of->tmp, of->path) != 0) {
		rc = cli_fail(HWPC_EOP, "cannot write '%s': %s", of->path, strerror(errno));
		ok = false;
	}
	if (!ok)
		unlink(of->tmp);
	free(of->tmp);
	free(of->path);
	of->tmp = of->path = NULL;
	return rc;
}
