/* SPDX-License-Identifier: MIT */
/* libhwpc: NVIDIA PCOUNTER/PTIMER access, a simulator of the documented
 * hardware, and the knowledge to program and decode them.  Include this one
 * header; the pieces are in hwpc/. */
#ifndef HWPC_H
#define HWPC_H

#include "hwpc/api.h"

#include "hwpc/error.h"
#include "hwpc/input.h"
#include "hwpc/lop.h"
#include "hwpc/pc.h"
#include "hwpc/pc_read.h"
#include "hwpc/pc_setup.h"
#include "hwpc/regdb.h"
#include "hwpc/parse.h"
#include "hwpc/output.h"
#include "hwpc/schema.h"
#include "hwpc/device.h"
#include "hwpc/wplan.h"
#include "hwpc/ptimer.h"
#include "hwpc/timer.h"
#include "hwpc/sampler.h"
#include "hwpc/regdb_select.h"
#include "hwpc/sim.h"
#include "hwpc/tensix_fields.h"
#include "hwpc/tensix_stream.h"
#include "hwpc/stream_record.h"
#include "hwpc/tensix.h"
#include "hwpc/tokmap.h"
#include "hwpc/tsdump.h"
#include "hwpc/r10k.h"
#include "hwpc/sim_r10k.h"
#include "hwpc/snapshot.h"
#include "hwpc/mmiotrace.h"

#endif
