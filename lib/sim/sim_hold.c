/* SPDX-License-Identifier: MIT */
/* Holding a simulator's state for an access: the state file's lock
 * (sim_lock.c) taken for a struct sim, and the checks that the state is
 * still the one this process attached, before the clock, MMIO or an API
 * call touches it.  Below all of them: it opens nothing and moves no
 * model (it only puts back what a dead process's advance left,
 * sim_journal.c). */
#include "core/err_local.h"
#include "sim/sim.h"

#include <sys/stat.h>

void sim_lock(struct sim *s)
{
	sim_lock_take(&s->lk);
}

void sim_unlock(struct sim *s)
{
	sim_lock_drop(&s->lk);
}

/* Lock, and refuse to touch a state another process has replaced since
 * this one attached (it lives on only in this process's mapping, and what
 * is done to it would be lost), or removed: the machine is gone, as a card
 * pulled from its slot (a long-running reader such as pcread --serve says
 * so rather than go on with a machine no other command can reach). */
int sim_lock_fresh(struct sim *s, struct hwpc_err *err)
{
	bool outer = !s->lk.depth;
	sim_lock(s);
	struct stat st;
	if (s->hdr && !fstat(s->fd, &st) && st.st_nlink == 0 && !s->hdr->superseded) {
		sim_unlock(s);
		return hwpc_err_set(err, HWPC_EOP, "simulator state %s was removed", s->path);
	}
	if (!s->hdr || s->hdr->superseded || s->hdr->create_id != s->create_id) {
		sim_unlock(s);
		return hwpc_err_set(err, HWPC_EOP,
				    "simulator state %s was reset by another process; run the command again",
				    s->path);
	}
	if (s->attach_err.status) {
		sim_unlock(s);
		return hwpc_err_set(err, s->attach_err.status, "%s", s->attach_err.msg);
	}
	/* an advance another process did not finish leaves nothing */
	if (outer && sim_journal_recover(s, err)) {
		sim_unlock(s);
		return err->status;
	}
	return 0;
}
