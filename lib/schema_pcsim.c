/* SPDX-License-Identifier: MIT */
/* The record kinds pcsim writes (hwpc-output(7), "pcsim"). */
#include "schema_internal.h"

const struct hwpc_schema_rec schema_pcsim[] = {
	{ 0 },
};
