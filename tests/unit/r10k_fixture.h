/* SPDX-License-Identifier: MIT */
/* What the simulated-R10000/R12000 tests share: a private state directory,
 * the register database, fresh virtual-clock CPUs, register access and
 * the workload knobs, each failing the test with the library's message. */
#ifndef R10K_FIXTURE_H
#define R10K_FIXTURE_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "hwpc.h"

static struct hwpc_regdb *db;
static char dir[64];

static int setup(void **state)
{
	(void)state;
	unsetenv("HWPC_REGDB");
	snprintf(dir, sizeof dir, "/tmp/hwpc-r10k-XXXXXX");
	if (!mkdtemp(dir))
		return -1;
	return hwpc_regdb_load(&db, NULL);
}

static int teardown(void **state)
{
	(void)state;
	char cmd[128];
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	hwpc_regdb_free(db);
	return system(cmd);
}

/* A fresh virtual-clock CPU of chip with extra sim options (or NULL). */
static struct hwpc_dev *fresh(const char *chip, const char *opts)
{
	struct hwpc_err err;
	struct hwpc_dev *dev = NULL;
	char spec[256];
	snprintf(spec, sizeof spec, "sim:%s,clock=virtual,state=%s/%s.state%s%s", chip, dir, chip, opts ? "," : "",
		 opts ? opts : "");
	if (hwpc_sim_create(spec, true, db, &err) || hwpc_dev_open(spec, HWPC_OPEN_WRITE, db, &dev, &err))
		fail_msg("%s: %s", spec, err.msg);
	return dev;
}

static inline uint32_t rd(struct hwpc_dev *dev, const char *name)
{
	uint32_t v;
	struct hwpc_err err;
	if (hwpc_reg_read(dev, name, &v, &err))
		fail_msg("%s", err.msg);
	return v;
}

static inline void wr(struct hwpc_dev *dev, const char *name, uint32_t v)
{
	struct hwpc_err err;
	if (hwpc_reg_write(dev, name, v, &err))
		fail_msg("%s", err.msg);
}

static inline void adv(struct hwpc_dev *dev, uint64_t ns)
{
	assert_int_equal(hwpc_sim_advance_ns(dev, ns, NULL), 0);
}

static inline void rate(struct hwpc_dev *dev, const char *event, const char *r)
{
	struct hwpc_err err;
	if (hwpc_sim_r10k_set_rate(dev, event, r, &err))
		fail_msg("%s", err.msg);
}

static inline void mode(struct hwpc_dev *dev, const char *m)
{
	struct hwpc_err err;
	if (hwpc_sim_r10k_set_mode(dev, m, &err))
		fail_msg("%s", err.msg);
}

#endif
