/* SPDX-License-Identifier: MIT */
/* The device behind struct hwpc_dev, internal to the library (as pciutils
 * keeps pci_methods): the backend table and the device's layout.  A
 * backend (dev/backend_pci.c, sim/sim_backend.c) fills the table; the
 * hwpc_dev_* wrappers (dev/device.c) call it, with a default where an
 * optional operation is NULL, so code above never asks which backend it
 * has. */
#ifndef HWPC_CORE_BACKEND_H
#define HWPC_CORE_BACKEND_H

#include "hwpc/dev.h"

struct hwpc_dev_ops {
	const char *name;
	/* What every backend does. */
	int (*rd32)(struct hwpc_dev *dev, uint32_t off, uint32_t *val);
	int (*wr32)(struct hwpc_dev *dev, uint32_t off, uint32_t val);
	void (*close)(struct hwpc_dev *dev);
	/* One line: "0000:01:00.0 NVIDIA G84 (BOOT_0 0x084a00a1)" */
	void (*describe)(struct hwpc_dev *dev, char *buf, size_t len);

	/* Optional, by capability. */
	/* Identity: a stable key for the machine under any spelling of its
	 * spec, its incarnation (new when a machine is recreated), and how
	 * output names it (detail: enough to tell two apart). */
	int (*key)(struct hwpc_dev *dev, char *buf, size_t len, struct hwpc_err *err);
	uint64_t (*instance)(struct hwpc_dev *dev);
	int (*out_name)(struct hwpc_dev *dev, bool detail, char *buf, size_t len, struct hwpc_err *err);
	/* Time: the device's now, waiting until a time (a virtual clock
	 * advances, real hardware sleeps), and whether its time can lag
	 * behind the host's and how much it skipped. */
	uint64_t (*now_ns)(struct hwpc_dev *dev);
	int (*wait_until_ns)(struct hwpc_dev *dev, uint64_t t_ns, struct hwpc_err *err);
	bool (*lag_ns)(struct hwpc_dev *dev, uint64_t *lag);
	/* Clocks known exactly, by name: a chip clock ("nvclk", see
	 * hwpc_clock_name) or a counting domain's own ("core_a"); 0: unknown. */
	uint64_t (*clock_hz)(struct hwpc_dev *dev, const char *clock);
	/* Device memory by address (record buffers, Tensix L1). */
	int (*mem_read)(struct hwpc_dev *dev, uint64_t addr, void *buf, size_t len, struct hwpc_err *err);
	/* What the device was made with, by name ("profile": the PCOUNTER
	 * profile of a machine built with one); "" when it was made with
	 * nothing of that name and takes what it is asked. */
	int (*setting)(struct hwpc_dev *dev, const char *key, char *buf, size_t len, struct hwpc_err *err);
	/* Quad mode: the device time, in ns, from the swap that latched the
	 * set a PCOUNTER domain (by name) shows to now; false when the device
	 * cannot tell (real hardware keeps no such time), the domain is not
	 * in quad mode, or no swap has latched a set yet. */
	bool (*set_age_ns)(struct hwpc_dev *dev, const char *domain, uint64_t *age);
};

struct hwpc_dev {
	struct hwpc_dev_mmio mmio; /* first: hwpc_rd32 reads it inline */
	const struct hwpc_dev_ops *ops;
	uint32_t size;             /* BAR0 size in bytes */
	unsigned flags;            /* enum hwpc_open_flags */
	const struct hwpc_regdb *db;
	const struct hwpc_chipset *chip;
	uint32_t boot0;
	struct hwpc_err err; /* why the last access failed */
	/* Every register regdb has for chip, built when the device is opened
	 * (NULL without a chipset): what names and checks its accesses. */
	struct hwpc_regview *regs;
};

/* Set the fast path for a mapping of size bytes at dev->mmio.map, or with
 * !mapped none: every access goes to the backend's rd32/wr32. */
void hwpc_dev_set_fastpath(struct hwpc_dev *dev, uint32_t size, bool mapped);
/* Record why an offset is bad (unaligned, outside BAR0); returns the status. */
int hwpc_dev_bad_offset(struct hwpc_dev *dev, uint32_t off);
/* The optional operations that only the library asks for. */
uint64_t hwpc_dev_clock_named_hz(struct hwpc_dev *dev, const char *clock);
int hwpc_dev_setting(struct hwpc_dev *dev, const char *key, char *buf, size_t len, struct hwpc_err *err);
/* set_age_ns, or false (*age 0) where the device has none. */
bool hwpc_dev_set_age_ns(struct hwpc_dev *dev, const char *domain, uint64_t *age);

/* The backends, by what a spec names. */
int hwpc_backend_pci_open(const struct hwpc_devspec *spec, unsigned flags, const struct hwpc_regdb *db,
			  struct hwpc_dev **out, struct hwpc_err *err);
int hwpc_backend_sim_open(const struct hwpc_devspec *spec, unsigned flags, const struct hwpc_regdb *db,
			  struct hwpc_dev **out, struct hwpc_err *err);

/* ---- Not exported: for the commands and the library ---------------------- */

/* Sample every step_cycles cycles of a clock of hz Hz, from now.  Returns
 * false (and starts nothing) when hz is 0 (the device does not know the
 * clock's rate): sample by time instead. */
bool hwpc_sampler_start_cycles(struct hwpc_sampler *s, struct hwpc_dev *dev, uint64_t hz,
					uint64_t step_cycles);

/* Wait until n more cycle boundaries of a clock of hz Hz have passed;
 * with hz 0 (the rate unknown), wait fallback_ns. */
int hwpc_dev_wait_cycles(struct hwpc_dev *dev, uint64_t hz, uint64_t n, uint64_t fallback_ns,
				  struct hwpc_err *err);

#endif
