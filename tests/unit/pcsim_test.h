/* SPDX-License-Identifier: MIT */
/* Helpers for the PCOUNTER model tests: a fresh simulated GPU in virtual
 * time (every PCOUNTER domain at 1 MHz unless the test says otherwise, so
 * domains step in lockstep), registers by name, generators, traces and
 * cycles of a domain.  Included by tests/unit/test_pcsim_*.c. */
#ifndef PCSIM_TEST_H
#define PCSIM_TEST_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "hwpc.h"
#include "sim/pcm.h"

struct pt {
	struct hwpc_regdb *db;
	struct hwpc_dev *dev;
	char dir[64];
	char state[128];
	char spec[512];
};

static inline void pt_open(struct pt *t, const char *chip, const char *opts)
{
	struct hwpc_err err;
	memset(t, 0, sizeof *t);
	snprintf(t->dir, sizeof t->dir, "/tmp/hwpc-pcsim-XXXXXX");
	assert_non_null(mkdtemp(t->dir));
	snprintf(t->state, sizeof t->state, "%s/sim.state", t->dir);
	snprintf(t->spec, sizeof t->spec, "sim:%s,clock=virtual,state=%s%s%s", chip, t->state,
		 opts && strstr(opts, "pchz=") ? "" : ",pchz=1M", opts ? "," : "");
	if (opts)
		strncat(t->spec, opts, sizeof t->spec - strlen(t->spec) - 1);
	if (hwpc_regdb_load(&t->db, &err))
		fail_msg("regdb: %s", err.msg);
	if (hwpc_sim_create(t->spec, true, t->db, &err))
		fail_msg("create %s: %s", t->spec, err.msg);
	if (hwpc_dev_open(t->spec, HWPC_OPEN_WRITE, t->db, &t->dev, &err))
		fail_msg("open %s: %s", t->spec, err.msg);
}

static inline void pt_close(struct pt *t)
{
	char path[160];
	hwpc_dev_close(t->dev);
	hwpc_regdb_free(t->db);
	unlink(t->state);
	snprintf(path, sizeof path, "%s/trace.txt", t->dir);
	unlink(path);
	rmdir(t->dir);
}

/* Write / read a register by name ("PRE_OP[1]", "PCOUNTER.HUB.CTRL[2]"). */
static inline void W(struct pt *t, const char *name, uint32_t v)
{
	struct hwpc_err err;
	if (hwpc_reg_write(t->dev, name, v, &err))
		fail_msg("write %s: %s", name, err.msg);
}

static inline uint32_t R(struct pt *t, const char *name)
{
	struct hwpc_err err;
	uint32_t v;
	if (hwpc_reg_read(t->dev, name, &v, &err))
		fail_msg("read %s: %s", name, err.msg);
	return v;
}

/* Indexed names: RN(t, "CTR_EVENT[%u]", 1), WN(t, 0x20, "PRE_SRC[%u]", d) */
static inline uint32_t RN(struct pt *t, const char *fmt, ...) HWPC_PRINTF(2, 3);
static inline uint32_t RN(struct pt *t, const char *fmt, ...)
{
	char name[96];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(name, sizeof name, fmt, ap);
	va_end(ap);
	return R(t, name);
}

static inline void WN(struct pt *t, uint32_t v, const char *fmt, ...) HWPC_PRINTF(3, 4);
static inline void WN(struct pt *t, uint32_t v, const char *fmt, ...)
{
	char name[96];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(name, sizeof name, fmt, ap);
	va_end(ap);
	W(t, name, v);
}

/* A field of a register, as regdb places it. */
static inline uint32_t FIELD(struct pt *t, const char *regname, const char *field)
{
	struct hwpc_regref ref;
	struct hwpc_err err;
	if (hwpc_regref_parse(t->db, t->dev->chip, regname, &ref, &err))
		fail_msg("%s: %s", regname, err.msg);
	const struct hwpc_field *f = hwpc_field_find(ref.reg, t->dev->chip, field);
	if (!f)
		fail_msg("%s has no field %s", regname, field);
	return (uint32_t)hwpc_field_get(f, R(t, regname));
}

/* Parse a generator as pcsim signal takes it, from one string. */
static inline int GEN_PARSE(const char *text, struct hwpc_sim_gen *g, struct hwpc_err *err)
{
	char buf[128], *argv[8];
	int argc = 0;
	snprintf(buf, sizeof buf, "%s", text);
	for (char *save = NULL, *tok = strtok_r(buf, " ", &save); tok && argc < 8; tok = strtok_r(NULL, " ", &save))
		argv[argc++] = tok;
	return hwpc_sim_gen_parse(argc, argv, g, err);
}

/* Drive signal sig of domain dom: "const 1", "periodic period=4 duty=1". */
static inline void G(struct pt *t, unsigned dom, unsigned sig, const char *gen)
{
	struct hwpc_sim_gen g;
	struct hwpc_err err;
	if (GEN_PARSE(gen, &g, &err) || hwpc_sim_pc_set_gen(t->dev, dom, sig, &g, &err))
		fail_msg("generator %s: %s", gen, err.msg);
}

/* Drive signals of a domain from a trace (text as in pcsim(1)). */
static inline void TRACE(struct pt *t, unsigned dom, const char *text)
{
	char path[160];
	struct hwpc_err err;
	snprintf(path, sizeof path, "%s/trace.txt", t->dir);
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
	if (hwpc_sim_pc_load_trace(t->dev, dom, path, &err))
		fail_msg("trace: %s", err.msg);
}

/* Run n cycles of domain dom (every domain at the same clock runs n too). */
static inline void ADV(struct pt *t, unsigned dom, uint64_t n)
{
	struct hwpc_err err;
	if (hwpc_sim_pc_advance_cycles(t->dev, dom, n, &err))
		fail_msg("advance: %s", err.msg);
}

static inline void PULSE(struct pt *t, const char *what)
{
	struct hwpc_err err;
	if (hwpc_sim_pc_pulse(t->dev, what, &err))
		fail_msg("pulse %s: %s", what, err.msg);
}

/* The model's state, for the few checks no register shows (and to preload
 * counters near their limits: 2^39 cycles cannot be simulated one by one). */
static inline struct pc_state *STATE(struct pt *t)
{
	struct sim *s = (struct sim *)t->dev;
	return sim_model_state(s, SIM_MODEL_PCOUNTER, NULL);
}

/* Signal sig of domain dom as SIG_STATUS shows it ("SIG_STATUS", or
 * "PCOUNTER.HUB.SIG_STATUS" on GF100): register [dom][sig / 32]. */
static inline unsigned SIG(struct pt *t, const char *reg, unsigned dom, unsigned sig)
{
	char name[96];
	snprintf(name, sizeof name, "%s[%u][%u]", reg, dom, sig / 32);
	return (R(t, name) >> (sig % 32)) & 1;
}

/* Record mode on domain d: PRE_SRC[0] counts (signal 0x20, constant 1);
 * STOP is signal 0x23, driven by stop_gen (none: left as it is). */
static inline void record_setup(struct pt *t, unsigned d, const char *stop_gen, uint32_t ctrl_extra, uint32_t start,
			 uint32_t limit)
{
	G(t, d, 0x20, "const 1");
	if (stop_gen)
		G(t, d, 0x23, stop_gen);
	WN(t, 0x20, "PRE_SRC[%u]", d);
	WN(t, 0x23, "STOP_SRC[%u]", d);
	WN(t, 0xaaaa, "STOP_OP[%u]", d);
	WN(t, 2 | ctrl_extra, "CTRL[%u]", d); /* RECORD, then RECORD_START: the seed's order */
	WN(t, limit, "RECORD_LIMIT[%u]", d);
	WN(t, start, "RECORD_START[%u]", d);
}

#endif
