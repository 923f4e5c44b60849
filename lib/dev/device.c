/* SPDX-License-Identifier: MIT */
/* What every backend's device shares: the generic operations with their
 * defaults, and the checks every access goes through.  Opening a device
 * (which knows every backend) is device_open.c, so that a backend using
 * these never depends on all the others. */
#include "dev/backend.h"
#include "core/err_local.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

static const char *const clock_names[HWPC_CLOCK_COUNT] = {
	[HWPC_CLOCK_CRYSTAL] = "crystal", [HWPC_CLOCK_NVCLK] = "nvclk", [HWPC_CLOCK_MCLK] = "mclk",
	[HWPC_CLOCK_HCLK] = "hclk",       [HWPC_CLOCK_TCLK] = "tclk",
};

int hwpc_clock_by_name(const char *name)
{
	for (int i = 0; i < HWPC_CLOCK_COUNT; i++)
		if (!strcasecmp(name, clock_names[i]))
			return i;
	return -1;
}

const char *hwpc_clock_name(enum hwpc_clock c)
{
	return (unsigned)c < HWPC_CLOCK_COUNT ? clock_names[c] : "?";
}

void hwpc_dev_close(struct hwpc_dev *dev)
{
	if (dev) {
		hwpc_regview_free(dev->regs);
		dev->regs = NULL;
		dev->ops->close(dev);
	}
}

void hwpc_dev_describe(struct hwpc_dev *dev, char *buf, size_t len)
{
	dev->ops->describe(dev, buf, len);
}

const struct hwpc_regdb *hwpc_dev_regdb(const struct hwpc_dev *dev)
{
	return dev->db;
}

const struct hwpc_chipset *hwpc_dev_chip(const struct hwpc_dev *dev)
{
	return dev->chip;
}

uint32_t hwpc_dev_boot0(const struct hwpc_dev *dev)
{
	return dev->boot0;
}

uint32_t hwpc_dev_bar_size(const struct hwpc_dev *dev)
{
	return dev->size;
}

const struct hwpc_err *hwpc_dev_error(const struct hwpc_dev *dev)
{
	return &dev->err;
}

uint64_t hwpc_dev_clock_named_hz(struct hwpc_dev *dev, const char *clock)
{
	return dev->ops->clock_hz ? dev->ops->clock_hz(dev, clock) : 0;
}

uint64_t hwpc_dev_clock_hz(struct hwpc_dev *dev, enum hwpc_clock c)
{
	return (unsigned)c < HWPC_CLOCK_COUNT ? hwpc_dev_clock_named_hz(dev, clock_names[c]) : 0;
}

int hwpc_dev_key(struct hwpc_dev *dev, char *buf, size_t len, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	if (dev->ops->key)
		return dev->ops->key(dev, buf, len, err);
	return hwpc_err_set(err, HWPC_EOP, "the %s backend gives its devices no key", dev->ops->name);
}

uint64_t hwpc_dev_instance(struct hwpc_dev *dev)
{
	return dev->ops->instance ? dev->ops->instance(dev) : 0;
}

int hwpc_dev_name(struct hwpc_dev *dev, bool detail, char *buf, size_t len, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	if (dev->ops->out_name)
		return dev->ops->out_name(dev, detail, buf, len, err);
	return hwpc_dev_key(dev, buf, len, err); /* the PCI slot */
}

uint64_t hwpc_host_now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

uint64_t hwpc_dev_now_ns(struct hwpc_dev *dev)
{
	return dev->ops->now_ns ? dev->ops->now_ns(dev) : hwpc_host_now_ns();
}

int hwpc_dev_wait_until_ns(struct hwpc_dev *dev, uint64_t t_ns, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	if (dev->ops->wait_until_ns)
		return dev->ops->wait_until_ns(dev, t_ns, err);
	struct timespec ts = { (time_t)(t_ns / 1000000000u), (long)(t_ns % 1000000000u) };
	/* EINTR returns: the caller's signal handler may have asked to stop. */
	clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL);
	return 0;
}

int hwpc_dev_mem_read(struct hwpc_dev *dev, uint64_t addr, void *buf, size_t len, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	if (dev->ops->mem_read)
		return dev->ops->mem_read(dev, addr, buf, len, err);
	return hwpc_err_set(err, HWPC_EINPUT, "cannot read device memory at 0x%llx: the %s backend has no "
			    "memory reads", (unsigned long long)addr, dev->ops->name);
}

int hwpc_dev_read_block(struct hwpc_dev *dev, uint64_t addr, void *buf, size_t len, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	if (dev->ops->mem_read)
		return dev->ops->mem_read(dev, addr, buf, len, err);
	if ((addr | len) & 3)
		return hwpc_err_set(err, HWPC_EINPUT, "reading 0x%llx+%zu: not 4-byte aligned",
				    (unsigned long long)addr, len);
	uint8_t *p = buf;
	for (size_t i = 0; i < len; i += 4) {
		uint32_t v;
		if (addr + i > UINT32_MAX || hwpc_rd32(dev, (uint32_t)(addr + i), &v))
			return hwpc_err_set(err, dev->err.status ? dev->err.status : HWPC_EINPUT,
					    "reading 0x%llx: %s", (unsigned long long)(addr + i),
					    addr + i > UINT32_MAX ? "outside BAR0" : dev->err.msg);
		for (int k = 0; k < 4; k++)
			p[i + (size_t)k] = (uint8_t)(v >> (8 * k));
	}
	return 0;
}

bool hwpc_dev_lag_ns(struct hwpc_dev *dev, uint64_t *lag)
{
	*lag = 0;
	return dev->ops->lag_ns ? dev->ops->lag_ns(dev, lag) : false;
}

bool hwpc_dev_set_age_ns(struct hwpc_dev *dev, const char *domain, uint64_t *age)
{
	*age = 0;
	return dev->ops->set_age_ns ? dev->ops->set_age_ns(dev, domain, age) : false;
}

int hwpc_dev_setting(struct hwpc_dev *dev, const char *key, char *buf, size_t len, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	if (dev->ops->setting)
		return dev->ops->setting(dev, key, buf, len, err);
	if (len)
		buf[0] = 0;
	return 0;
}

int hwpc_dev_bad_offset(struct hwpc_dev *dev, uint32_t off)
{
	if (off & 3)
		return hwpc_err_set(&dev->err, HWPC_EINPUT, "offset 0x%x is not 4-byte aligned", off);
	return hwpc_err_set(&dev->err, HWPC_EINPUT, "offset 0x%x is outside BAR0 (size 0x%x)", off,
			    dev->size);
}

void hwpc_dev_set_fastpath(struct hwpc_dev *dev, uint32_t size, bool mapped)
{
	uint32_t p2 = 4;
	while (p2 <= size / 2 && p2 < 0x80000000u)
		p2 *= 2;
	/* BARs are powers of two; a mapping of 2 GiB or more, or none, always
	 * takes the slow path, which checks exactly. */
	dev->mmio.badmask = ~(p2 - 1) | 3u | 0x80000000u;
	dev->mmio.unmapped = mapped && size >= 4 ? 0 : 0x80000000u;
}

uint64_t hwpc_rd32_slow(struct hwpc_dev *dev, uint32_t off)
{
	uint32_t v = 0;
	int rc;
	if ((off & 3) || off > dev->size - 4)
		rc = hwpc_dev_bad_offset(dev, off);
	else if (dev->mmio.map) {
		v = *(const volatile uint32_t *)(dev->mmio.map + off);
		rc = 0;
	} else {
		rc = dev->ops->rd32(dev, off, &v);
	}
	return (uint64_t)(uint32_t)rc << 32 | v;
}

const struct hwpc_regview *hwpc_dev_regview(const struct hwpc_dev *dev)
{
	return dev->regs;
}

const struct hwpc_reg *hwpc_dev_reg_at(const struct hwpc_dev *dev, uint32_t addr,
					uint32_t idx[HWPC_MAX_DIMS])
{
	if (dev->regs)
		return hwpc_regview_at(dev->regs, addr, idx);
	return dev->chip ? hwpc_reg_at(dev->db, dev->chip, addr, idx) : NULL;
}

/* The register holding the bytes [off, off + bytes) on dev's chip: the one
 * starting there, or a wider one starting below. */
static const struct hwpc_reg *holding(struct hwpc_dev *dev, uint32_t off, unsigned bytes)
{
	uint32_t idx[HWPC_MAX_DIMS];
	for (unsigned w = 1; w <= 8; w *= 2) {
		uint32_t a = off & ~(w - 1);
		const struct hwpc_reg *r = hwpc_dev_reg_at(dev, a, idx);
		if (r && a + r->width / 8 >= off + bytes)
			return r;
	}
	return NULL;
}

int hwpc_wr_allowed(struct hwpc_dev *dev, uint32_t off, unsigned bytes, struct hwpc_err *err)
{
	if (!(dev->flags & HWPC_OPEN_WRITE))
		return hwpc_err_set(err, HWPC_EINPUT, "refusing to write 0x%06x: device opened read-only",
				    off);
	if ((off & (bytes - 1)) || off > dev->size - bytes)
		return hwpc_err_set(err, HWPC_EINPUT, "offset 0x%x is %s", off,
				    (off & (bytes - 1)) ? (bytes == 4 ? "not 4-byte aligned" : "not aligned to the access")
							: "outside BAR0");
	if (dev->flags & HWPC_OPEN_FORCE)
		return 0;
	const struct hwpc_reg *r = dev->chip ? holding(dev, off, bytes) : NULL;
	if (!r)
		return hwpc_err_set(err, HWPC_EINPUT,
				    "refusing to write 0x%06x: no register known there on %s (--force "
				    "overrides)",
				    off, dev->chip ? dev->chip->name : "an unknown chipset");
	if (r->access == HWPC_ACCESS_RO)
		return hwpc_err_set(err, HWPC_EINPUT,
				    "refusing to write 0x%06x: %s is read-only (--force overrides)", off,
				    r->name);
	return 0;
}

int hwpc_wr32_allowed(struct hwpc_dev *dev, uint32_t off, struct hwpc_err *err)
{
	return hwpc_wr_allowed(dev, off, 4, err);
}

int hwpc_wr32(struct hwpc_dev *dev, uint32_t off, uint32_t val)
{
	if (hwpc_wr32_allowed(dev, off, &dev->err))
		return dev->err.status;
	if (dev->mmio.map) {
		*(volatile uint32_t *)(dev->mmio.map + off) = val;
		return 0;
	}
	return dev->ops->wr32(dev, off, val);
}

int hwpc_rd(struct hwpc_dev *dev, uint32_t off, unsigned bytes, uint64_t *val)
{
	uint32_t w = 0, hi = 0;
	int rc;
	*val = 0;
	if ((bytes != 1 && bytes != 2 && bytes != 4 && bytes != 8) || (off & (bytes - 1)) ||
	    off > dev->size - bytes)
		return hwpc_err_set(&dev->err, HWPC_EINPUT, "offset 0x%x is %s", off,
				    off > dev->size - bytes ? "outside BAR0" : "not aligned to the access");
	if (bytes == 8) {
		if ((rc = hwpc_rd32(dev, off, &w)) || (rc = hwpc_rd32(dev, off + 4, &hi)))
			return rc;
		*val = (uint64_t)hi << 32 | w;
		return 0;
	}
	if (bytes == 4 || !dev->mmio.map) {
		if ((rc = hwpc_rd32(dev, off & ~3u, &w)))
			return rc;
		*val = bytes == 4 ? w : (w >> (off & 3) * 8) & (bytes == 1 ? 0xffu : 0xffffu);
		return 0;
	}
	*val = bytes == 1 ? *(const volatile uint8_t *)(dev->mmio.map + off)
			  : *(const volatile uint16_t *)(dev->mmio.map + off);
	return 0;
}

int hwpc_wr(struct hwpc_dev *dev, uint32_t off, unsigned bytes, uint64_t val)
{
	if (bytes != 1 && bytes != 2 && bytes != 4 && bytes != 8)
		return hwpc_err_set(&dev->err, HWPC_EINPUT, "a %u-byte access (expected 1, 2, 4 or 8)", bytes);
	if (hwpc_wr_allowed(dev, off, bytes, &dev->err))
		return dev->err.status;
	if (bytes == 8) {
		int rc = hwpc_wr32(dev, off, (uint32_t)val);
		return rc ? rc : hwpc_wr32(dev, off + 4, (uint32_t)(val >> 32));
	}
	if (bytes == 4)
		return hwpc_wr32(dev, off, (uint32_t)val);
	if (dev->mmio.map) {
		if (bytes == 1)
			*(volatile uint8_t *)(dev->mmio.map + off) = (uint8_t)val;
		else
			*(volatile uint16_t *)(dev->mmio.map + off) = (uint16_t)val;
		return 0;
	}
	/* No mapping: the word that holds the bytes, merged.  The write goes
	 * straight to the backend: the check above was for the bytes. */
	uint32_t w, shift = (off & 3) * 8, mask = (bytes == 1 ? 0xffu : 0xffffu) << shift;
	int rc = hwpc_rd32(dev, off & ~3u, &w);
	if (rc)
		return rc;
	return dev->ops->wr32(dev, off & ~3u, (w & ~mask) | ((uint32_t)val << shift & mask));
}

int hwpc_reg_lookup(struct hwpc_dev *dev, const char *name, uint32_t *addr, struct hwpc_err *err)
{
	struct hwpc_regref ref;
	int rc = dev->regs ? hwpc_regview_ref_parse(dev->regs, name, &ref, err)
			   : hwpc_regref_parse(dev->db, dev->chip, name, &ref, err);
	if (rc)
		return rc;
	*addr = ref.addr;
	return 0;
}

int hwpc_reg_read(struct hwpc_dev *dev, const char *name, uint32_t *val, struct hwpc_err *err)
{
	uint32_t addr;
	int rc = hwpc_reg_lookup(dev, name, &addr, err);
	if (rc)
		return rc;
	if (hwpc_rd32(dev, addr, val))
		return hwpc_err_set(err, dev->err.status, "reading %s: %s", name, dev->err.msg);
	return 0;
}

int hwpc_reg_write(struct hwpc_dev *dev, const char *name, uint32_t val, struct hwpc_err *err)
{
	uint32_t addr;
	int rc = hwpc_reg_lookup(dev, name, &addr, err);
	if (rc)
		return rc;
	if (hwpc_wr32(dev, addr, val))
		return hwpc_err_set(err, dev->err.status, "writing %s: %s", name, dev->err.msg);
	return 0;
}
