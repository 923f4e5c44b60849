/* SPDX-License-Identifier: MIT */
/* The device layer's part the hwpc commands and the library's families use
 * that is not libhwpc's API (nothing here is exported from libhwpc.so; the
 * commands link libhwpc.a). */
#ifndef HWPC_DEV_CMD_H
#define HWPC_DEV_CMD_H

#include "hwpc/dev.h"

/* The interval asked, in ns (by cycles: the cycles at the domain's clock). */
uint64_t hwpc_sampler_interval_ns(const struct hwpc_sampler *s);

#endif
