/* SPDX-License-Identifier: MIT */
/* Internal to the record writer: OpenMetrics samples, kept until the end
 * because a metric family's samples must be written together. */
#ifndef HWPC_OUTPUT_OM_H
#define HWPC_OUTPUT_OM_H

#include <locale.h>
#include <stdbool.h>
#include <stddef.h>

#include "hwpc/output.h"
#include "output/output_buf.h"

struct om;

struct om *om_new(void);
void om_free(struct om *m);
/* Forget every sample (after they are written). */
void om_reset(struct om *m);
/* One key of the record being built: text is its rendered value (NULL:
 * null), num its value as a number.  Keys that are not metrics or labels
 * are ignored. */
void om_value(struct om *m, const struct hwpc_schema_rec *kind, const struct hwpc_schema_key *key,
	      const char *text, size_t len, double num);
/* The record is complete: its metric values become samples labelled with
 * the device, the chipset and its label keys; its counters began at
 * created (seconds since the epoch; NAN: not said), and were measured at
 * ts (the same; NAN: not said).  A sample with the same
 * family and labels as an earlier one replaces it (the latest reading of
 * a series).  -1 when out of memory. */
int om_sample(struct om *m, const struct hwpc_schema_rec *kind, const char *device, const char *chipset,
	      double created, double ts);
/* Every family with samples, in schema order: "# TYPE", "# HELP", the
 * samples; then "# EOF".  prometheus: the Prometheus text format instead
 * (hwpc/output.h). */
void om_write(struct om *m, struct obuf *b, locale_t c, bool prometheus);

#endif
