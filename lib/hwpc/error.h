/* SPDX-License-Identifier: MIT */
/* hwpc error reporting: library functions never print or exit; they fill a
 * struct hwpc_err and return its status, and the command prints
 * "prog: msg" and exits with the status. */
#ifndef HWPC_ERROR_H
#define HWPC_ERROR_H

#include "hwpc/api.h"

#include <stdarg.h>

#ifdef __cplusplus
extern "C" {
#endif

/* These are the documented exit statuses of every hwpc command. */
enum hwpc_status {
	HWPC_OK = 0,
	HWPC_EOP = 1,    /* operational: device, permission, I/O */
	HWPC_EINPUT = 2, /* usage or bad input: option, expression, name, file format */
	HWPC_ELOST = 3,  /* with --strict: data was lost or is suspect */
};

struct hwpc_err {
	int status;
	char msg[512];
};

#if defined(__GNUC__)
#define HWPC_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define HWPC_PRINTF(a, b)
#endif

/* Record an error and return its status, so callers can write
 * "return hwpc_err_set(err, HWPC_EINPUT, ...)". err may be NULL. */
HWPC_API int hwpc_err_set(struct hwpc_err *err, int status, const char *fmt, ...) HWPC_PRINTF(3, 4);
HWPC_API void hwpc_err_clear(struct hwpc_err *err);

#ifdef __cplusplus
}
#endif
#endif
