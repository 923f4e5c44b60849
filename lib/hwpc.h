/* SPDX-License-Identifier: MIT */
/* libhwpc: NVIDIA PCOUNTER/PTIMER access, a simulator of the documented
 * hardware, and the knowledge to program and decode them.  Include this one
 * header; the pieces are in hwpc/. */
#ifndef HWPC_H
#define HWPC_H

/* One header per family, as lib/ has one folder per family. */
#include "hwpc/api.h"
#include "hwpc/error.h"
#include "hwpc/regdb.h"
#include "hwpc/output.h"
#include "hwpc/core.h"
#include "hwpc/dev.h"
#include "hwpc/lop.h"
#include "hwpc/pc.h"
#include "hwpc/ptimer.h"
#include "hwpc/tensix.h"
#include "hwpc/r10k.h"
#include "hwpc/stream.h"
#include "hwpc/sim.h"

#endif
