/* libhwpc: NVIDIA PCOUNTER/PTIMER access, a simulator of the documented
 * hardware, and the knowledge to program and decode them.  Include this one
 * header; the pieces are in hwpc/. */
#ifndef HWPC_H
#define HWPC_H

#include "hwpc/error.h"
#include "hwpc/logicop.h"
#include "hwpc/regdb.h"

#endif
