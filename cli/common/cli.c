/* SPDX-License-Identifier: MIT */
/* Shared command plumbing (see cli.h). */
#include "cli.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

const char *cli_prog = "hwpc";

void cli_init(const char *prog)
{
	cli_prog = prog;
}

/* One line on stderr: "prog: " what, then the message. */
static void say(const char *what, const char *fmt, va_list ap) HWPC_PRINTF(2, 0);
static void say(const char *what, const char *fmt, va_list ap)
{
	fprintf(stderr, "%s: %s", cli_prog, what);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
}

int cli_fail(int status, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	say("", fmt, ap);
	va_end(ap);
	return status;
}

int cli_fail_err(const struct hwpc_err *err)
{
	return cli_fail(err->status ? err->status : HWPC_EOP, "%s", err->msg);
}

void cli_warn(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	say("warning: ", fmt, ap);
	va_end(ap);
}

void cli_version(void)
{
	printf("%s (hwpc) %s, output schema %d\n", cli_prog, HWPC_VERSION, HWPC_SCHEMA_VERSION);
}

int cli_open(const char *spec, unsigned flags, struct hwpc_regdb **db, struct hwpc_dev **dev)
{
	struct hwpc_err err;
	*dev = NULL;
	if (hwpc_regdb_load(db, &err))
		return cli_fail_err(&err);
	if (hwpc_dev_open(spec, flags, *db, dev, &err)) {
		hwpc_regdb_free(*db);
		*db = NULL;
		return cli_fail_err(&err);
	}
	return 0;
}

void cli_close(struct hwpc_regdb *db, struct hwpc_dev *dev)
{
	hwpc_dev_close(dev);
	hwpc_regdb_free(db);
}

int cli_chipset_arg(const struct hwpc_regdb *db, const char *name, const char *opt,
		    const struct hwpc_chipset **out)
{
	if ((*out = hwpc_chipset_by_name(db, name)))
		return 0;
	const struct hwpc_chipset *near = hwpc_chipset_nearest(db, name);
	return cli_fail(HWPC_EINPUT, "%s %s: no such chipset in regdb%s%s%s", opt, name, near ? " (did you mean " : "",
			near ? near->name : "", near ? "?)" : " (pcsim list shows the chipsets)");
}
