/* SPDX-License-Identifier: MIT */
/* Public functions accept err == NULL ("I only want the status"); this
 * gives them a local record to write into so the body needs no checks. */
#ifndef HWPC_ERR_LOCAL_H
#define HWPC_ERR_LOCAL_H

#include "hwpc/error.h"

#define HWPC_ERR_ENSURE(e)                \
	struct hwpc_err hwpc_err_local_; \
	if (!(e))                         \
	(e) = &hwpc_err_local_

#endif
