/* SPDX-License-Identifier: MIT */
/* The record kinds ptime writes (hwpc-output(7), "ptime"). */
#include "schema_internal.h"

const struct hwpc_schema_rec schema_ptime[] = {
	{ 0 },
};
