/* SPDX-License-Identifier: MIT */
/* The record kinds tsdump writes (hwpc-output(7), "tsdump"). */
#include "schema_internal.h"

const struct hwpc_schema_rec schema_tsdump[] = {
	{ 0 },
};
