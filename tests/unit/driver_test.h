/* SPDX-License-Identifier: MIT */
/* Helpers for the driver-sequence tests (test_driver_*.c): a simulated GPU
 * driven only through MMIO, as nouveau and envytools' nva tools drive a
 * real card.  The register accesses are transcribed from those programs'
 * public sources in each test; a sleep becomes simulated time. */
#ifndef DRIVER_TEST_H
#define DRIVER_TEST_H

#include "pcsim_test.h"

/* A fresh simulated chip opened as a driver has it: writes go wherever the
 * program writes, also where regdb knows no register for the chip
 * (nvatiming writes NV10's THRESHOLD_HI on NV30 too). */
static inline void dt_open(struct pt *t, const char *chip, const char *opts)
{
	struct hwpc_err err;
	pt_open(t, chip, opts);
	hwpc_dev_close(t->dev);
	if (hwpc_dev_open(t->spec, HWPC_OPEN_WRITE | HWPC_OPEN_FORCE, t->db, &t->dev, &err))
		fail_msg("open %s: %s", t->spec, err.msg);
}

static inline void wr(struct pt *t, uint32_t addr, uint32_t val)
{
	if (hwpc_wr32(t->dev, addr, val))
		fail_msg("write 0x%06x = 0x%08x: %s", addr, val, t->dev->err.msg);
}

static inline uint32_t rd(struct pt *t, uint32_t addr)
{
	uint32_t v;
	if (hwpc_rd32(t->dev, addr, &v))
		fail_msg("read 0x%06x: %s", addr, t->dev->err.msg);
	return v;
}

/* nva_mask: read, replace the masked bits, write; returns the old value */
static inline uint32_t mask(struct pt *t, uint32_t addr, uint32_t m, uint32_t v)
{
	uint32_t old = rd(t, addr);
	wr(t, addr, (old & ~m) | v);
	return old;
}

static inline void sleep_ns(struct pt *t, uint64_t ns)
{
	struct hwpc_err err;
	if (hwpc_sim_advance_ns(t->dev, ns, &err))
		fail_msg("advance: %s", err.msg);
}

/* Global index of a PCOUNTER domain by pcsim's name ("core_a", "gpc2.0"). */
static inline unsigned dom_of(struct pt *t, const char *name)
{
	unsigned d;
	struct hwpc_err err;
	if (hwpc_sim_pc_domain(t->dev, name, &d, &err))
		fail_msg("domain %s: %s", name, err.msg);
	return d;
}

static inline uint64_t hz_of(struct pt *t, unsigned dom)
{
	uint64_t hz = hwpc_sim_pc_domain_hz(t->dev, dom);
	assert_true(hz > 0);
	return hz;
}

/* Between a trigger and the read that follows it a real card runs many
 * cycles of every domain: an MMIO round trip (about a microsecond) is
 * longer than a cycle at real clocks.  A read on the simulator moves time
 * on to where a trigger's effects have happened by itself (at most a cycle
 * of the slowest domain); this waits one cycle of the slowest domain
 * first, for the tests that count the time it takes. */
static inline uint64_t settle(struct pt *t)
{
	uint64_t slowest = UINT64_MAX;
	for (unsigned d = 0; d < hwpc_sim_pc_domain_count(t->dev); d++)
		if (hz_of(t, d) < slowest)
			slowest = hz_of(t, d);
	uint64_t ns = (1000000000ULL + slowest - 1) / slowest;
	sleep_ns(t, ns);
	return ns;
}

#endif
