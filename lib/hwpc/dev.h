/* SPDX-License-Identifier: MIT */
/* Devices (a GPU's BAR0 through libpciaccess, or the simulator) behind one
 * small interface, register access by name, sampling on a device's clock,
 * and planned register writes. */
#ifndef HWPC_DEV_H
#define HWPC_DEV_H

#include "hwpc/api.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "hwpc/core.h"
#include "hwpc/error.h"
#include "hwpc/regdb.h"
#include "hwpc/output.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Devices ------------------------------------------------------------ */

/* Devices: a GPU's BAR0 through libpciaccess, or the simulator, behind one
 * small interface.  On a mapped BAR, hwpc_rd32/hwpc_wr32 are a volatile
 * load/store with a bounds check and nothing else. */
enum hwpc_open_flags {
	HWPC_OPEN_READ = 0,       /* map BAR0 read-only; hwpc_wr32 fails */
	HWPC_OPEN_WRITE = 1 << 0, /* map BAR0 writable */
	HWPC_OPEN_FORCE = 1 << 1, /* allow writes regdb does not know for the chipset */
	HWPC_OPEN_VERBOSE = 1 << 2, /* the backend reports what it ignores on stderr
				       (the simulator: accesses to registers the chip lacks) */
};

/* What -d SPEC names. */
enum hwpc_devspec_kind { HWPC_DEV_INDEX, HWPC_DEV_SLOT, HWPC_DEV_SIM };

#define HWPC_SIM_MAX_OPTS 16
struct hwpc_devspec {
	enum hwpc_devspec_kind kind;
	unsigned index;                     /* HWPC_DEV_INDEX */
	unsigned domain, bus, dev, func;    /* HWPC_DEV_SLOT */
	char chip[32];                      /* HWPC_DEV_SIM: chipset name as given */
	unsigned nopts;                     /* HWPC_DEV_SIM: key=value options */
	char keys[HWPC_SIM_MAX_OPTS][32];
	char values[HWPC_SIM_MAX_OPTS][256];
	bool from_default;                  /* no -d given: HWPC_DEVICE or "0" */
};

/* Parse a spec: "0", "[DDDD:]BB:DD.F", "sim:CHIP[,key=value...]".  NULL or
 * "" means $HWPC_DEVICE, else the first NVIDIA device. */
HWPC_API int hwpc_devspec_parse(const char *spec, struct hwpc_devspec *out, struct hwpc_err *err);

/* The PCI slots ("0000:01:00.0") of every NVIDIA display device found, in
 * enumeration order (index 0 first): what "-d all" means.  *slots is
 * malloc'd (free it); an empty list is not an error.  Simulators are never
 * listed: they exist only when named. */
HWPC_API int hwpc_dev_list_gpus(const struct hwpc_regdb *db, char (**slots)[16], size_t *n,
				struct hwpc_err *err);

/* How output names a device (hwpc-output(7) "device"): a PCI device by its
 * slot ("0000:01:00.0", however it was given); a simulator by its spec as
 * given, without the state= option unless detail ("sim:g84",
 * "sim:g84,clock=virtual"), since the state path is noise except to tell
 * two simulators apart.  Default: hwpc_dev_key. */
struct hwpc_dev;
HWPC_API int hwpc_dev_name(struct hwpc_dev *dev, bool detail, char *buf, size_t len, struct hwpc_err *err);

/* Clocks a backend may know the frequency of (0 = unknown). */
enum hwpc_clock {
	HWPC_CLOCK_CRYSTAL,
	HWPC_CLOCK_NVCLK,
	HWPC_CLOCK_MCLK,
	HWPC_CLOCK_HCLK,
	HWPC_CLOCK_TCLK,
	HWPC_CLOCK_COUNT
};
/* "NVCLK" -> HWPC_CLOCK_NVCLK (case-insensitive); -1 if unknown. */
HWPC_API int hwpc_clock_by_name(const char *name);
HWPC_API const char *hwpc_clock_name(enum hwpc_clock c);

/* A device is opaque: the backend behind it (libpciaccess, the
 * simulator) and its layout are the library's.  What callers need of it
 * has a function below; hwpc_rd32 reads struct hwpc_dev_mmio, which every
 * device starts with, inline. */
struct hwpc_dev;

/* The start of every device: what hwpc_rd32's fast path needs.  map is the
 * mapped BAR0, or NULL when the backend does the access.  (off | unmapped)
 * with any bit of badmask set takes the slow path: unaligned, outside the
 * (power-of-two) mapping, or no mapping at all (unmapped = 0x80000000, a
 * bit every badmask has).  An OR, an AND and one branch are the whole
 * cost of the fast path.  Part of the ABI: fixed. */
struct hwpc_dev_mmio {
	volatile uint8_t *map;
	uint32_t badmask;
	uint32_t unmapped;
};

HWPC_API int hwpc_dev_open(const char *spec, unsigned flags, const struct hwpc_regdb *db, struct hwpc_dev **out,
		  struct hwpc_err *err);
HWPC_API int hwpc_dev_open_spec(const struct hwpc_devspec *spec, unsigned flags, const struct hwpc_regdb *db,
		       struct hwpc_dev **out, struct hwpc_err *err);
HWPC_API void hwpc_dev_close(struct hwpc_dev *dev);
HWPC_API void hwpc_dev_describe(struct hwpc_dev *dev, char *buf, size_t len);
/* The register database the device was opened with, and the chipset
 * identified from PMC.BOOT_0 (NULL: none the database knows). */
HWPC_API const struct hwpc_regdb *hwpc_dev_regdb(const struct hwpc_dev *dev);
HWPC_API const struct hwpc_chipset *hwpc_dev_chip(const struct hwpc_dev *dev);
/* PMC.BOOT_0 as read at open, and the size of BAR0 in bytes. */
HWPC_API uint32_t hwpc_dev_boot0(const struct hwpc_dev *dev);
HWPC_API uint32_t hwpc_dev_bar_size(const struct hwpc_dev *dev);
/* Why the device's last access (hwpc_rd32, hwpc_wr32) failed. */
HWPC_API const struct hwpc_err *hwpc_dev_error(const struct hwpc_dev *dev);
/* The frequency of a clock where the device knows it exactly (a
 * simulator: its configuration), else 0. */
HWPC_API uint64_t hwpc_dev_clock_hz(struct hwpc_dev *dev, enum hwpc_clock c);

/* A stable, canonical key for the device: the same machine gives the same
 * key under any spelling of its spec ("0000:01:00.0"; a simulator's state
 * file by its real path).  Things remembered about a device (pcsetup's
 * setup notes) are filed under it. */
HWPC_API int hwpc_dev_key(struct hwpc_dev *dev, char *buf, size_t len, struct hwpc_err *err);
/* Which incarnation of the device this is: a simulator's changes on every
 * create or reset, so what was remembered about the old one is void.
 * Default 0 (a real device has one incarnation). */
HWPC_API uint64_t hwpc_dev_instance(struct hwpc_dev *dev);
/* The host's CLOCK_MONOTONIC in ns: host time, for what happens off the
 * device (a command run beside it), and every real device's now. */
HWPC_API uint64_t hwpc_host_now_ns(void);
/* The device's notion of now, in ns.  Default: CLOCK_MONOTONIC.  A
 * simulator answers its simulated time. */
HWPC_API uint64_t hwpc_dev_now_ns(struct hwpc_dev *dev);
/* Wait until hwpc_dev_now_ns() >= t_ns.  Default: sleep (returns early,
 * with 0, when a signal interrupts it, so callers can check their stop
 * flag).  A simulator's virtual clock is advanced to t_ns instead, so a
 * sampling loop runs the same on every device. */
HWPC_API int hwpc_dev_wait_until_ns(struct hwpc_dev *dev, uint64_t t_ns, struct hwpc_err *err);
/* Read device memory by address (record buffers, Tensix L1).  Default:
 * an error saying the device offers no such reads. */
HWPC_API int hwpc_dev_mem_read(struct hwpc_dev *dev, uint64_t addr, void *buf, size_t len, struct hwpc_err *err);
/* Read len bytes at addr: in bulk where the device reads its memory
 * (hwpc_dev_mem_read), else word by word through BAR0 (little-endian, as
 * Tensix L1). */
HWPC_API int hwpc_dev_read_block(struct hwpc_dev *dev, uint64_t addr, void *buf, size_t len, struct hwpc_err *err);
/* Whether the device can lag behind realtime, and if so *lag: the device
 * time it skipped instead of running it (a realtime simulator whose
 * catch-up passed its step limit), in ns, since this handle was opened --
 * the catch-up of its first access included, which covers the time since
 * the last process left the device.  Counts and rates taken across a skip
 * cover that much less time; compare two readings to learn whether a part
 * of a run lagged.  Not synchronised: reads what the accesses so far left.
 * Default: false, *lag 0 (real hardware, a virtual clock). */
HWPC_API bool hwpc_dev_lag_ns(struct hwpc_dev *dev, uint64_t *lag);

/* The slow path of hwpc_rd32: checks, then the backend's rd32.  Returns
 * status << 32 | value, so that the caller's value never has its address
 * taken (which would cost the fast path a store). */
HWPC_API uint64_t hwpc_rd32_slow(struct hwpc_dev *dev, uint32_t off);

#if defined(__GNUC__)
#define HWPC_LIKELY(x) __builtin_expect(!!(x), 1)
#else
#define HWPC_LIKELY(x) (x)
#endif

/* Read or write 1, 2, 4 or 8 bytes at off, aligned to their size (8: two
 * 32-bit accesses, the low word first).  A 1- or 2-byte access is a byte or
 * halfword access on a mapped BAR; a backend without a mapping reads the
 * word that holds it (and for a write, merges it and writes the word
 * back).  A write is checked as hwpc_wr32's is, for the register that
 * holds the bytes.  Returns 0, or a status with the reason in
 * hwpc_dev_error(dev). */
HWPC_API int hwpc_rd(struct hwpc_dev *dev, uint32_t off, unsigned bytes, uint64_t *val);
HWPC_API int hwpc_wr(struct hwpc_dev *dev, uint32_t off, unsigned bytes, uint64_t val);
/* The check alone, for bytes at off. */
HWPC_API int hwpc_wr_allowed(struct hwpc_dev *dev, uint32_t off, unsigned bytes, struct hwpc_err *err);

/* Read a 32-bit register.  Returns 0, or a status with the reason in
 * hwpc_dev_error(dev). */
static inline int hwpc_rd32(struct hwpc_dev *dev, uint32_t off, uint32_t *val)
{
	const struct hwpc_dev_mmio *m = (const struct hwpc_dev_mmio *)(void *)dev;
	if (HWPC_LIKELY(!((off | m->unmapped) & m->badmask))) {
		*val = *(const volatile uint32_t *)(m->map + off);
		return 0;
	}
	uint64_t r = hwpc_rd32_slow(dev, off);
	*val = (uint32_t)r;
	return (int)(r >> 32);
}

/* Write a 32-bit register: refused unless the device was opened for
 * writing and regdb knows a writable register there for the chipset (or
 * HWPC_OPEN_FORCE).  Returns 0, or a status with the reason in
 * hwpc_dev_error(dev). */
HWPC_API int hwpc_wr32(struct hwpc_dev *dev, uint32_t off, uint32_t val);
/* The check alone: 0 if hwpc_wr32 would attempt the write. */
HWPC_API int hwpc_wr32_allowed(struct hwpc_dev *dev, uint32_t off, struct hwpc_err *err);


/* Every register regdb has for the device's chip (hwpc_regview_new),
 * built when it was opened; NULL when its chipset is not known. */
HWPC_API const struct hwpc_regview *hwpc_dev_regview(const struct hwpc_dev *dev);
/* The register (element) at addr on dev's chip, from its view of the
 * registers (hwpc_regview_at), or NULL. */
HWPC_API const struct hwpc_reg *hwpc_dev_reg_at(const struct hwpc_dev *dev, uint32_t addr,
						uint32_t idx[HWPC_MAX_DIMS]);

/* Read/write a register by name ("PTIMER.TIME_LOW", "PRE_SRC[2]"). */
HWPC_API int hwpc_reg_read(struct hwpc_dev *dev, const char *name, uint32_t *val, struct hwpc_err *err);
HWPC_API int hwpc_reg_write(struct hwpc_dev *dev, const char *name, uint32_t val, struct hwpc_err *err);
/* Address of a register by name for the device's chipset. */
HWPC_API int hwpc_reg_lookup(struct hwpc_dev *dev, const char *name, uint32_t *addr, struct hwpc_err *err);

/* ---- Sampling on a device clock ----------------------------------------- */

/* Sampling on a device's own clock.  Every wait goes through the device
 * (hwpc_dev_wait_until_ns): real hardware and a realtime simulator sleep, a
 * virtual simulator clock is advanced.  So a sampling loop - pcread -i,
 * --scan, rotation, R10000 multiplexing, ptime -i and --measure - moves a
 * virtual clock the same way in every mode, and no command asks which
 * device it has. */
/* Samples at fixed device times: sample k is due at start + k * period.
 * With the counted clock's rate known, the period is whole cycles of it
 * and sample k falls on the cycle boundary k * step cycles after the cycle
 * current at start, so a virtual clock is stepped exactly. */
struct hwpc_sampler {
	struct hwpc_dev *dev;
	uint64_t start_ns;    /* device time at hwpc_sampler_start */
	uint64_t interval_ns; /* by time; 0 when by cycles */
	uint64_t hz, cycle0, step_cycles; /* by cycles */
};

/* Sample every interval_ns of device time, from now.  Intervals under a
 * millisecond ask the host for fine wakeups. */
HWPC_API void hwpc_sampler_start(struct hwpc_sampler *s, struct hwpc_dev *dev, uint64_t interval_ns);
/* The device time sample k is due. */
HWPC_API uint64_t hwpc_sampler_due_ns(const struct hwpc_sampler *s, uint64_t k);
/* Wait until sample k is due (at once when it is past).  A sleep that a
 * signal interrupts returns 0 early, so the caller can check its stop flag. */
HWPC_API int hwpc_sampler_wait(const struct hwpc_sampler *s, uint64_t k, struct hwpc_err *err);
/* Device time since the start. */
HWPC_API uint64_t hwpc_sampler_elapsed_ns(const struct hwpc_sampler *s);
/* Did sampling fall behind?  Sample k was taken t_ns after the start: the
 * interval achieved is t_ns / k on average, behind when that misses the
 * one asked by more than half (over 1.5 times it).  why gets a sentence
 * naming both.  On a virtual simulator clock a wait advances the clock
 * exactly and nothing falls behind: -i moves simulated time, unpaced. */
HWPC_API bool hwpc_sampler_behind(const struct hwpc_sampler *s, uint64_t k, uint64_t t_ns, char *why, size_t len);

/* Wait ns of device time from now. */
HWPC_API int hwpc_dev_wait_ns(struct hwpc_dev *dev, uint64_t ns, struct hwpc_err *err);
/* Wait for something off the device (an alarm set earlier): sleep the host
 * for ns without moving the device's clock, and say whether the device's
 * clock moved meanwhile (a virtual clock moves only when told). */
HWPC_API void hwpc_dev_pause_ns(struct hwpc_dev *dev, uint64_t ns, bool *clock_moved);

/* ---- Planned register writes -------------------------------------------- */

/* A write plan: the register writes a command is about to make, in order.
 * --dry-run prints the plan (register, address, old -> new, decoded
 * fields) and touches nothing; otherwise every write is checked first and
 * only then applied, so a refused write never leaves a half-done setup. */
struct hwpc_write {
	uint32_t addr;
	uint32_t value;
	uint32_t old;     /* value read when planned (for display) */
	int old_valid;    /* 0 when the register is write-only */
	char name[96];    /* "PTIMER.CLOCK_DIV" or "0x009200" */
	char why[96];     /* optional note ("clears ALARM") */
};

struct hwpc_wplan {
	struct hwpc_dev *dev;
	size_t n, cap;
	struct hwpc_write *w;
};

HWPC_API void hwpc_wplan_init(struct hwpc_wplan *p, struct hwpc_dev *dev);
HWPC_API void hwpc_wplan_free(struct hwpc_wplan *p);
/* Plan a write of a register named as in regdb ("PTIMER.ALARM"). */
HWPC_API int hwpc_wplan_reg(struct hwpc_wplan *p, const char *name, uint32_t value, const char *why,
		   struct hwpc_err *err);
/* Plan a write at an address (named from regdb when known). */
HWPC_API int hwpc_wplan_addr(struct hwpc_wplan *p, uint32_t addr, uint32_t value, const char *why,
		    struct hwpc_err *err);
/* Check every write (hwpc_wr32_allowed), then do them in order. */
HWPC_API int hwpc_wplan_apply(struct hwpc_wplan *p, struct hwpc_err *err);
/* One planned_write record per write (hwpc-output(7)): reg, addr, old, new,
 * unchanged, fields, note. */
HWPC_API int hwpc_wplan_print(const struct hwpc_wplan *p, struct hwpc_out *o, struct hwpc_err *err);

#ifdef __cplusplus
}
#endif
#endif
