/* SPDX-License-Identifier: MIT */
/* Messages of the logic-op compiler: one line saying what is wrong, then the
 * expression and a caret line under the offending token, so that a user
 * editing a long pcsetup command line sees where to look. */
#include "lop/lop_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* Long expressions are echoed as a window around the caret: the message
 * buffer is 512 bytes and a terminal line is not much wider. */
enum { ECHO_WIDTH = 100 };

static const char *const input_names[HWPC_LOP_NINPUTS] = {
	"PRE", "START", "EVENT", "STOP", "SETFLAG", "CLRFLAG",
};

const char *hwpc_lop_input_name(enum hwpc_lop_input in)
{
	return (unsigned)in < HWPC_LOP_NINPUTS ? input_names[in] : NULL;
}

void lop_append(char *buf, size_t size, size_t *used, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (*used >= size)
		return;
	va_start(ap, fmt);
	n = vsnprintf(buf + *used, size - *used, fmt, ap);
	va_end(ap);
	if (n > 0)
		*used = *used + (size_t)n < size ? *used + (size_t)n : size - 1;
}

void lop_phys_text(unsigned phys, char *buf, size_t size)
{
	snprintf(buf, size, "%s_SRC[%u]", input_names[phys / HWPC_LOP_NARGS],
		 phys % HWPC_LOP_NARGS);
}

void lop_var_text(const struct lop_expr *ex, unsigned v, char *buf, size_t size)
{
	const struct lop_var *var = &ex->var[v];

	snprintf(buf, size, "%s%.*s%s", var->leaf.prev ? "prev(" : "", (int)var->len,
		 ex->text + var->pos, var->leaf.prev ? ")" : "");
}

int lop_error_at(struct hwpc_err *err, enum hwpc_lop_input in, const char *text, size_t pos,
		 size_t len, const char *fmt, ...)
{
	char what[384], msg[sizeof err->msg];
	size_t used = 0;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(what, sizeof what, fmt, ap);
	va_end(ap);
	lop_append(msg, sizeof msg, &used, "%s: %s", hwpc_lop_input_name(in), what);
	/* The echo and caret lines share what the first line left of the
	 * message buffer; too little room, and they are left out. */
	size_t width = (sizeof msg - used) / 2 > 16 ? (sizeof msg - used) / 2 - 16 : 0;
	if (width > ECHO_WIDTH)
		width = ECHO_WIDTH;
	if (text && width >= 20) {
		size_t tlen = strlen(text), start = 0, end = tlen;

		if (tlen > width) {
			start = pos > width / 2 ? pos - width / 2 : 0;
			end = start + width < tlen ? start + width : tlen;
		}
		lop_append(msg, sizeof msg, &used, "\n  %s", start ? "..." : "");
		/* Tabs and control characters would misalign the caret. */
		for (size_t i = start; i < end; i++)
			lop_append(msg, sizeof msg, &used, "%c",
				   (unsigned char)text[i] < ' ' ? ' ' : text[i]);
		lop_append(msg, sizeof msg, &used, "%s\n  %*s^", end < tlen ? "..." : "",
			   (int)(pos - start + (start ? 3 : 0)), "");
		for (size_t i = 1; i < len && pos + i < end; i++)
			lop_append(msg, sizeof msg, &used, "~");
	}
	return hwpc_err_set(err, HWPC_EINPUT, "%s", msg);
}
