/* SPDX-License-Identifier: MIT */
/* The record kinds pcread writes (hwpc-output(7), "pcread"). */
#include "schema_internal.h"

const struct hwpc_schema_rec schema_pcread[] = {
	{ 0 },
};
