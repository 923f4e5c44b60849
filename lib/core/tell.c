/* SPDX-License-Identifier: MIT */
/* Warnings a library run tells its caller (core_cmd.h). */
#include "core/core_cmd.h"

#include <stdarg.h>
#include <stdio.h>

HWPC_PRINTF(3, 0) static void tell(void (*fn)(void *, const char *), void *ctx, const char *fmt, va_list ap)
{
	char msg[1024];
	vsnprintf(msg, sizeof msg, fmt, ap);
	fn(ctx, msg);
}

void hwpc_tell_warn(const struct hwpc_tell *t, const char *fmt, ...)
{
	va_list ap;
	if (!t || !t->warn)
		return;
	va_start(ap, fmt);
	tell(t->warn, t->ctx, fmt, ap);
	va_end(ap);
}

void hwpc_tell_note(const struct hwpc_tell *t, const char *fmt, ...)
{
	va_list ap;
	if (!t || !t->note || !t->verbose)
		return;
	va_start(ap, fmt);
	tell(t->note, t->ctx, fmt, ap);
	va_end(ap);
}

int hwpc_tell_fail(const struct hwpc_tell *t, const struct hwpc_err *err)
{
	if (t && t->fail)
		t->fail(t->ctx, err);
	return err->status ? err->status : HWPC_EOP;
}
