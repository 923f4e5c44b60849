/* SPDX-License-Identifier: MIT */
/* The record kinds pcsetup writes (hwpc-output(7), "pcsetup"). */
#include "schema_internal.h"

const struct hwpc_schema_rec schema_pcsetup[] = {
	{ 0 },
};
