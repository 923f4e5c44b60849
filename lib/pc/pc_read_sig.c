/* SPDX-License-Identifier: MIT */
/* Signal status of a domain (SIG_STATUS), activity scans, and what the
 * domain's inputs count (its SRC/OP registers decompiled). */
#include "core/err_local.h"
#include "dev/backend.h"
#include "hwpc/pc.h"
#include "hwpc/core.h"
#include "pc/pc_cmd.h"

#include <stdio.h>
#include <string.h>

int hwpc_pc_read_signals(struct hwpc_pcr *r, uint32_t *words, size_t nwords, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	if (nwords < r->nstatus)
		return hwpc_err_set(err, HWPC_EINPUT, "%u status words needed", r->nstatus);
	for (unsigned i = 0; i < r->nstatus; i++)
		if (hwpc_rd32(r->dev, r->status_addr[i], &words[i]))
			return hwpc_err_set(err, r->dev->err.status, "%s", r->dev->err.msg);
	/* Bits past the domain's last signal are not signals. */
	if (r->di->nsignals % 32)
		words[r->nstatus - 1] &= (1u << (r->di->nsignals % 32)) - 1;
	return 0;
}

void hwpc_pc_read_scan_init(struct hwpc_pc_read_scan *sc)
{
	memset(sc, 0, sizeof *sc);
}

int hwpc_pc_read_scan_sample(struct hwpc_pcr *r, struct hwpc_pc_read_scan *sc, struct hwpc_err *err)
{
	uint32_t w[HWPC_LOP_MAX_SIGNALS / 32];
	int rc = hwpc_pc_read_signals(r, w, sizeof w / sizeof w[0], err);
	if (rc)
		return rc;
	for (unsigned i = 0; i < r->nstatus; i++)
		for (uint32_t v = w[i]; v; v &= v - 1)
			sc->ones[i * 32 + (unsigned)__builtin_ctz(v)]++;
	sc->samples++;
	return 0;
}

#define SCAN_MAX_SAMPLES 100000

int hwpc_pc_read_scan_for(struct hwpc_pcr *r, struct hwpc_pc_read_scan *sc, uint64_t ns, const volatile sig_atomic_t *stop,
		      struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	struct hwpc_sampler smp;
	uint64_t hz = hwpc_dev_clock_named_hz(r->dev, r->di->name);
	uint64_t cycles = (uint64_t)((unsigned __int128)ns * hz / 1000000000u);
	uint64_t step = cycles > SCAN_MAX_SAMPLES ? cycles / SCAN_MAX_SAMPLES : 1;
	int rc;
	hwpc_pc_read_scan_init(sc);
	if (cycles && hwpc_sampler_start_cycles(&smp, r->dev, hz, step)) {
		/* Where sampling is slower than the domain (real time), the
		 * scan still ends on time, with fewer samples. */
		uint64_t end = smp.start_ns + ns;
		for (uint64_t c = 0, k = 1; c < cycles && !*stop; c += step, k++) {
			if ((rc = hwpc_pc_read_scan_sample(r, sc, err)) || (rc = hwpc_sampler_wait(&smp, k, err)))
				return rc;
			if (hwpc_dev_now_ns(r->dev) > end)
				break;
		}
		return 0;
	}
	uint64_t end = hwpc_dev_now_ns(r->dev) + ns;
	do {
		if ((rc = hwpc_pc_read_scan_sample(r, sc, err)))
			return rc;
	} while (hwpc_dev_now_ns(r->dev) < end && !*stop);
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
		return hwpc_err_set(err, r->dev->err.status, "%s", r->dev->err.msg);
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
	for (int in = 0; in < HWPC_LOP_NINPUTS; in++) {
		exprs[in][0] = 0;
		if (!(regs.op[in] >> caps.op[in].func & 0xffff))
			continue; /* constant 0: the input is unused */
		if ((rc = hwpc_lop_decompile(&caps, &names->tab, &regs, (enum hwpc_lop_input)in, exprs[in],
					     HWPC_PC_READ_EXPR_LEN, err)))
			return rc;
	}
	return 0;
}
