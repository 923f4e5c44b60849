/* SPDX-License-Identifier: MIT */
/* Internal to lib/: appending events to a Chrome trace writer (hwpc/output.h)
 * without its per-event calls, for a fast path that writes many events of
 * one shape (tsdump's instants).  The writer's events and the fast path's
 * share one buffer, so they stay in order. */
#ifndef HWPC_OUTPUT_TRACE_H
#define HWPC_OUTPUT_TRACE_H

#include <locale.h>
#include <stddef.h>

#include "hwpc/output.h"

/* Where events of at most n bytes may be written, each starting with the
 * separator ",\n" (the trace's first event comes through the writer's
 * calls; a fixed-size copy of OROW_PAD bytes past n is allowed), and the
 * writer's C locale for numbers; NULL before the first event, after a
 * write error or when out of memory. */
char *trace_room(struct hwpc_trace *t, size_t n, locale_t *c);
/* The events written end at end: nev of them. */
void trace_put(struct hwpc_trace *t, char *end, unsigned long nev);

#endif
