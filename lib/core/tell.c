/* SPDX-License-Identifier: MIT */
/* Warnings a library run tells its caller (core_cmd.h). */
#include "core/core_cmd.h"

#include <stdarg.h>
#include <stdio.h>

void hwpc_tell_warn(const struct hwpc_tell *t, const char *fmt, ...)
{
	char msg[1024];
	va_list ap;
	if (!t || !t->warn)
		return;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	t->warn(t->ctx, msg);
}
