/* SPDX-License-Identifier: MIT */
/* Public functions accept err == NULL ("I only want the status"); this
 * gives them a local record to write into so the body needs no checks. */
#ifndef HWPC_ERR_LOCAL_H
#define HWPC_ERR_LOCAL_H

#include "hwpc/error.h"

/* The library's own helpers (not exported: callers have hwpc_err_set). */
#include <stdarg.h>
int hwpc_err_vset(struct hwpc_err *err, int status, const char *fmt, va_list ap)
	HWPC_PRINTF(3, 0);
/* Prefix an existing message with more context ("reading X: <old>"). */
int hwpc_err_prefix(struct hwpc_err *err, const char *fmt, ...) HWPC_PRINTF(2, 3);

#define HWPC_ERR_ENSURE(e)                \
	struct hwpc_err hwpc_err_local_; \
	if (!(e))                         \
	(e) = &hwpc_err_local_

#endif
