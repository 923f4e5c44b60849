/* SPDX-License-Identifier: MIT */
/* The device layer's part the hwpc commands and the library's families use
 * that is not libhwpc's API (nothing here is exported from libhwpc.so; the
 * commands link libhwpc.a). */
#ifndef HWPC_DEV_CMD_H
#define HWPC_DEV_CMD_H

#include "hwpc/dev.h"

#include <signal.h>
#include <stdbool.h>

/* The interval asked, in ns (by cycles: the cycles at the domain's clock). */
uint64_t hwpc_sampler_interval_ns(const struct hwpc_sampler *s);

/* Does a sampling loop end before sample k?  A stop (*stop set, by a
 * command's SIGINT/SIGTERM/SIGHUP) ends it, except before the first
 * sample: that one is read at once and always written, so that a run's
 * output holds one however early the stop came (stop NULL: never). */
bool hwpc_sampler_stopped(const volatile sig_atomic_t *stop, uint64_t k);

#endif
