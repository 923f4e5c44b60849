/* SPDX-License-Identifier: MIT */
/* More about the names of a domain's signals (pc_names.c), for the
 * commands and the simulator; not exported from libhwpc.so. */
#ifndef HWPC_PC_NAMES_H
#define HWPC_PC_NAMES_H

#include "hwpc/pc.h"

/* The names of signal after its first (hwpc_pc_signal_name), in table
 * order, joined by sep: the documented name comes first in regdb, a
 * driver's name for the same signal (nouveau's pc01_gr_idle) after, and a
 * domain's own flag is "flag" too.  Returns how many ("" when none). */
unsigned hwpc_pc_signal_aliases(const struct hwpc_pc_names *names, unsigned signal, const char *sep, char *buf,
				size_t len);

/* The one spelling of a regdb trailer record's name, as expressions,
 * pcread and pcsim print it: "DOM1.FLAG" -> "dom1.flag", "USER_0" ->
 * "user0", "PM_TRIGGER" -> "pm_trigger". */
void hwpc_pc_trailer_spell(const char *trailer, char *buf, size_t len);

/* Put the names text uses (as words) before the other names of their
 * signals, keeping the order otherwise: the decompiler and --explain
 * print a signal's first name, so they then print it as the user wrote it. */
void hwpc_pc_syms_prefer(struct hwpc_lop_sym *syms, size_t n, const char *text);

/* The name usable in this domain nearest typed, for "did you mean"
 * (hwpc_near's rule), or NULL. */
const char *hwpc_pc_names_near(const struct hwpc_pc_names *names, const char *typed);

#endif
