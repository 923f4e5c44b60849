/* SPDX-License-Identifier: MIT */
/* tsdump --mmiotrace (tsdump_mmiotrace.c). */
#ifndef HWPC_CLI_TSDUMP_MMIOTRACE_H
#define HWPC_CLI_TSDUMP_MMIOTRACE_H

#include "tsdump_opts.h"

/* Check the options that go with it (arg: a positional argument, which
 * none does), then decode. */
int tsdump_mmiotrace_args(const struct tsdump_opts *o, const char *arg);
int tsdump_mmiotrace(const struct tsdump_opts *o);

#endif
