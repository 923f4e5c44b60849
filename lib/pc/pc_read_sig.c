/* SPDX-License-Identifier: MIT */
/* Signal status of a domain (SIG_STATUS) and what the domain's inputs
 * count (its SRC/OP registers decompiled). */
#include "core/err_local.h"
#include "dev/backend.h"
#include "hwpc/pc.h"
#include "hwpc/dev.h"
#include "pc/pc_cmd.h"
#include "pc/pc_names.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int hwpc_pc_read_signals(struct hwpc_pcr *r, uint32_t *words, size_t nwords, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	if (nwords < r->nstatus)
		return hwpc_err_set(err, HWPC_EINPUT, "%u status words needed", r->nstatus);
	for (unsigned i = 0; i < r->nstatus; i++)
		if (hwpc_rd32(r->dev, r->status_addr[i], &words[i]))
			return hwpc_err_set(err, hwpc_dev_error(r->dev)->status, "%s", hwpc_dev_error(r->dev)->msg);
	/* Bits past the domain's last signal are not signals. */
	if (r->di->nsignals % 32)
		words[r->nstatus - 1] &= (1u << (r->di->nsignals % 32)) - 1;
	return 0;
}

/* A domain register by its short name, read; false if the chip lacks it. */
static int read_dreg(struct hwpc_pcr *r, const char *reg, bool *have, uint32_t *v, struct hwpc_err *err)
{
	char name[96];
	struct hwpc_regref ref;
	*have = hwpc_pc_reg_name(r->l, r->dom, reg, name, sizeof name) &&
		!hwpc_regref_parse(r->l->db, r->l->chip, name, &ref, NULL);
	*v = 0;
	if (*have && hwpc_rd32(r->dev, ref.addr, v))
		return hwpc_err_set(err, hwpc_dev_error(r->dev)->status, "%s", hwpc_dev_error(r->dev)->msg);
	return 0;
}

int hwpc_pc_read_exprs(struct hwpc_pcr *r, const struct hwpc_pc_names *names,
		   char exprs[HWPC_LOP_NINPUTS][HWPC_PC_READ_EXPR_LEN], struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	struct hwpc_lop_caps caps;
	struct hwpc_lop_regs regs;
	int rc = hwpc_pc_lop_caps(r->l->db, r->l->chip, r->di->space, r->di->nsignals, &caps, err);
	if (rc)
		return rc;
	memset(&regs, 0, sizeof regs);
	for (int in = 0; in < HWPC_LOP_NINPUTS; in++) {
		char reg[32];
		bool have;
		const char *iname = hwpc_lop_input_name((enum hwpc_lop_input)in);
		snprintf(reg, sizeof reg, "%s_SRC", iname);
		if ((rc = read_dreg(r, reg, &have, &regs.src[in], err)))
			return rc;
		snprintf(reg, sizeof reg, "%s_OP", iname);
		if ((rc = read_dreg(r, reg, &have, &regs.op[in], err)))
			return rc;
	}
	/* A signal with two names (PGRAPH.IDLE, nouveau's pc01_gr_idle) is
	 * printed as the user wrote it when pcsetup set the domain up: its
	 * note says what was asked.  Only the spelling comes from the note,
	 * never the function (the registers), so a note someone else's setup
	 * has made stale prints a true expression all the same. */
	struct hwpc_pc_note note;
	bool found = false;
	struct hwpc_lop_symtab tab = names->tab;
	struct hwpc_lop_sym *mine = NULL;
	if (!hwpc_pc_note_load(r->dev, r->di->name, &note, &found, NULL) && found &&
	    (mine = malloc(tab.nsyms * sizeof *mine + 1))) {
		memcpy(mine, tab.syms, tab.nsyms * sizeof *mine);
		hwpc_pc_syms_prefer(mine, tab.nsyms, note.what);
		tab.syms = mine;
	}
	for (int in = 0; in < HWPC_LOP_NINPUTS && !rc; in++) {
		exprs[in][0] = 0;
		if (!(regs.op[in] >> caps.op[in].func & 0xffff))
			continue; /* constant 0: the input is unused */
		rc = hwpc_lop_decompile(&caps, &tab, &regs, (enum hwpc_lop_input)in, exprs[in], HWPC_PC_READ_EXPR_LEN,
					err);
	}
	free(mine);
	return rc;
}
