/* SPDX-License-Identifier: MIT */
/* Error records shared by the whole library (see hwpc/error.h). */
#include "core/err_local.h"
#include "hwpc/error.h"

#include <stdio.h>
#include <string.h>

int hwpc_err_vset(struct hwpc_err *err, int status, const char *fmt, va_list ap)
{
	if (err) {
		err->status = status;
		vsnprintf(err->msg, sizeof err->msg, fmt, ap);
	}
	return status;
}

int hwpc_err_set(struct hwpc_err *err, int status, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	hwpc_err_vset(err, status, fmt, ap);
	va_end(ap);
	return status;
}

int hwpc_err_prefix(struct hwpc_err *err, const char *fmt, ...)
{
	char prefix[256], old[sizeof err->msg];
	va_list ap;

	if (!err)
		return HWPC_EOP;
	va_start(ap, fmt);
	vsnprintf(prefix, sizeof prefix, fmt, ap);
	va_end(ap);
	memcpy(old, err->msg, sizeof old);
	/* Truncation is acceptable: the message keeps its most useful start.
	 * Using the result tells gcc the truncation was considered. */
	if (snprintf(err->msg, sizeof err->msg, "%s: %s", prefix, old) < 0)
		err->msg[0] = 0;
	return err->status;
}

void hwpc_err_clear(struct hwpc_err *err)
{
	if (err) {
		err->status = HWPC_OK;
		err->msg[0] = 0;
	}
}
