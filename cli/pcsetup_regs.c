/* SPDX-License-Identifier: MIT */
/* pcsetup --reg without a domain (nvapoke with regdb's checks): each
 * NAME|ADDR=VALUE[:MASK] is checked before anything is written (regdb must
 * know a writable register there unless --force), shown as old -> new with
 * its fields (--dry-run), or written and read back by the library's one
 * register-write implementation (hwpc_regwrite_*); a write whose compared
 * bits did not stick is an error (exit 1). */
#include "pcsetup_regs.h"
#include "regs/regs_cmd.h"

#include <stdlib.h>

int pcsetup_regs(struct hwpc_dev *dev, const char *const *assigns, unsigned n, bool dry_run, unsigned flags,
		 struct hwpc_out *o)
{
	struct hwpc_err err;
	struct hwpc_regwrite *w = calloc(n ? n : 1, sizeof *w);
	int rc = w ? 0 : cli_fail(HWPC_EOP, "out of memory");
	for (unsigned i = 0; i < n && !rc; i++)
		if (hwpc_regwrite_parse(dev, assigns[i], flags, &w[i], &err))
			rc = cli_fail(err.status, "--reg %s: %s", assigns[i], err.msg);
	for (unsigned i = 0; i < n && !rc; i++) {
		if (hwpc_regwrite_plan(dev, &w[i], &err) || (!dry_run && hwpc_regwrite_apply(dev, &w[i], &err)))
			rc = cli_fail(err.status, "--reg %s: %s", assigns[i], err.msg);
		else if (hwpc_regwrite_out(o, dev, &w[i], &err))
			rc = cli_fail_err(&err);
		else if (hwpc_regwrite_verify(&w[i], &err))
			rc = cli_fail(err.status, "--reg %s: %s", assigns[i], err.msg);
	}
	free(w);
	return rc;
}
