/* SPDX-License-Identifier: MIT */
/* The real-hardware backend: libpciaccess enumerates NVIDIA display
 * devices and maps BAR0, read-only unless the command writes. */
#include "core/err_local.h"
#include "dev/backend.h"
#include "regdb/regdb_cmd.h"

#include <errno.h>
#include <pciaccess.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct pci_priv {
	struct hwpc_dev dev;
	struct pci_device *pdev;
	void *map;
	pciaddr_t map_size;
	char slot[16];
};

/* pci_system_init() is process-global: count the devices using it. */
static unsigned pci_users;

static int pci_up(struct hwpc_err *err)
{
	if (pci_users == 0) {
		int rc = pci_system_init();
		if (rc)
			return hwpc_err_set(err, HWPC_EOP, "cannot enumerate PCI devices: %s", strerror(rc));
	}
	pci_users++;
	return 0;
}

static void pci_down(void)
{
	if (pci_users && --pci_users == 0)
		pci_system_cleanup();
}

static bool is_nvidia_display(const struct hwpc_regdb *db, const struct pci_device *p)
{
	return hwpc_vendor_known(db, p->vendor_id) && (p->device_class >> 16) == 0x03;
}

static void slot_name(const struct pci_device *p, char *buf, size_t len)
{
	snprintf(buf, len, "%04x:%02x:%02x.%x", p->domain, p->bus, p->dev, p->func);
}

/* The device the spec names, or an error saying why there is none. */
static struct pci_device *find_device(const struct hwpc_devspec *spec, const struct hwpc_regdb *db,
				      struct hwpc_err *err)
{
	struct pci_device_iterator *it = pci_slot_match_iterator_create(NULL);
	struct pci_device *p, *found = NULL;
	unsigned n = 0;

	if (!it) {
		hwpc_err_set(err, HWPC_EOP, "cannot enumerate PCI devices: out of memory");
		return NULL;
	}
	while ((p = pci_device_next(it))) {
		if (spec->kind == HWPC_DEV_SLOT) {
			if (p->domain == spec->domain && p->bus == spec->bus && p->dev == spec->dev &&
			    p->func == spec->func)
				found = p;
			continue;
		}
		if (!is_nvidia_display(db, p))
			continue;
		if (n++ == spec->index)
			found = p;
	}
	pci_iterator_destroy(it);
	if (spec->kind == HWPC_DEV_SLOT) {
		char slot[16];
		snprintf(slot, sizeof slot, "%04x:%02x:%02x.%x", spec->domain, spec->bus, spec->dev,
			 spec->func);
		if (!found)
			hwpc_err_set(err, HWPC_EOP, "no such device: nothing at PCI slot %s", slot);
		else if (!is_nvidia_display(db, found)) {
			hwpc_err_set(err, HWPC_EOP,
				     "%s is not an NVIDIA display device (vendor 0x%04x, device 0x%04x, "
				     "class 0x%06x)",
				     slot, found->vendor_id, found->device_id, found->device_class);
			found = NULL;
		}
		return found;
	}
	if (found)
		return found;
	if (n == 0)
		hwpc_err_set(err, HWPC_EOP,
			     "no such device: no NVIDIA GPU found (use -d sim:CHIP for the simulator, "
			     "e.g. -d sim:g84)");
	else
		hwpc_err_set(err, HWPC_EINPUT, "device index %u out of range: %u NVIDIA display device%s "
			     "found (0..%u)", spec->index, n, n == 1 ? "" : "s", n - 1);
	return NULL;
}

int hwpc_dev_list_gpus(const struct hwpc_regdb *db, char (**slots)[16], size_t *n, struct hwpc_err *err)
{
	*slots = NULL;
	*n = 0;
	if (pci_up(err))
		return err->status;
	struct pci_device_iterator *it = pci_slot_match_iterator_create(NULL);
	struct pci_device *p;
	int rc = 0;
	if (!it) {
		pci_down();
		return hwpc_err_set(err, HWPC_EOP, "cannot enumerate PCI devices: out of memory");
	}
	while ((p = pci_device_next(it))) {
		if (!is_nvidia_display(db, p))
			continue;
		char(*v)[16] = realloc(*slots, (*n + 1) * sizeof **slots);
		if (!v) {
			rc = hwpc_err_set(err, HWPC_EOP, "cannot enumerate PCI devices: out of memory");
			break;
		}
		*slots = v;
		slot_name(p, v[*n], sizeof v[*n]);
		(*n)++;
	}
	pci_iterator_destroy(it);
	pci_down();
	if (rc) {
		free(*slots);
		*slots = NULL;
		*n = 0;
	}
	return rc;
}

static int pci_rd32(struct hwpc_dev *dev, uint32_t off, uint32_t *val)
{
	/* Only reached when map is NULL, which an open device never has. */
	(void)val;
	return hwpc_err_set(&dev->err, HWPC_EOP, "BAR0 not mapped (offset 0x%x)", off);
}

static int pci_wr32(struct hwpc_dev *dev, uint32_t off, uint32_t val)
{
	(void)val;
	return hwpc_err_set(&dev->err, HWPC_EOP, "BAR0 not mapped (offset 0x%x)", off);
}

static void pci_close(struct hwpc_dev *dev)
{
	struct pci_priv *p = (struct pci_priv *)dev;
	if (p->map)
		pci_device_unmap_range(p->pdev, p->map, p->map_size);
	pci_down();
	free(p);
}

static void pci_describe(struct hwpc_dev *dev, char *buf, size_t len)
{
	struct pci_priv *p = (struct pci_priv *)dev;
	snprintf(buf, len, "%s %s %s (PMC.BOOT_0 0x%08x, BAR0 %s)", p->slot,
		 dev->chip ? dev->chip->family : "?", dev->chip ? dev->chip->name : "unknown",
		 dev->boot0, (dev->flags & HWPC_OPEN_WRITE) ? "read-write" : "read-only");
}

static int pci_key(struct hwpc_dev *dev, char *buf, size_t len, struct hwpc_err *err)
{
	struct pci_priv *p = (struct pci_priv *)dev;
	if ((size_t)snprintf(buf, len, "%s", p->slot) >= len)
		return hwpc_err_set(err, HWPC_EINPUT, "device key buffer too small");
	return 0;
}

static const struct hwpc_dev_ops pci_ops = {
	.key = pci_key,
	.name = "pci",
	.rd32 = pci_rd32,
	.wr32 = pci_wr32,
	.close = pci_close,
	.describe = pci_describe,
	.clock_hz = NULL, /* clocks come from PLLs hwpc does not decode */
};

static int map_error(const char *slot, int rc, struct hwpc_err *err)
{
	if ((rc == EACCES || rc == EPERM) && geteuid() != 0)
		return hwpc_err_set(err, HWPC_EOP, "cannot map BAR0 of %s: permission denied (not root)",
				    slot);
	return hwpc_err_set(err, HWPC_EOP,
			    "cannot map BAR0 of %s: %s (a bound driver, kernel lockdown or iomem=strict "
			    "may prevent it)",
			    slot, strerror(rc));
}

int hwpc_backend_pci_open(const struct hwpc_devspec *spec, unsigned flags, const struct hwpc_regdb *db,
			  struct hwpc_dev **out, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	struct pci_priv *p;
	int rc;

	if (pci_up(err))
		return err->status;
	struct pci_device *pdev = find_device(spec, db, err);
	if (!pdev) {
		pci_down();
		return err->status;
	}
	if (!(p = calloc(1, sizeof *p))) {
		pci_down();
		return hwpc_err_set(err, HWPC_EOP, "out of memory");
	}
	p->pdev = pdev;
	p->dev.ops = &pci_ops;
	p->dev.flags = flags;
	p->dev.db = db;
	slot_name(pdev, p->slot, sizeof p->slot);
	if ((rc = pci_device_probe(pdev))) {
		hwpc_err_set(err, HWPC_EOP, "cannot probe %s: %s", p->slot, strerror(rc));
		goto fail;
	}
	p->map_size = pdev->regions[0].size;
	if (!pdev->regions[0].base_addr || p->map_size < 0x1000 || p->map_size > 0xffffffffu) {
		hwpc_err_set(err, HWPC_EOP, "%s has no usable BAR0 (base 0x%llx, size 0x%llx)", p->slot,
			     (unsigned long long)pdev->regions[0].base_addr,
			     (unsigned long long)p->map_size);
		goto fail;
	}
	rc = pci_device_map_range(pdev, pdev->regions[0].base_addr, p->map_size,
				  (flags & HWPC_OPEN_WRITE) ? PCI_DEV_MAP_FLAG_WRITABLE : 0, &p->map);
	if (rc) {
		p->map = NULL;
		map_error(p->slot, rc, err);
		goto fail;
	}
	p->dev.mmio.map = p->map;
	p->dev.size = (uint32_t)p->map_size;
	hwpc_dev_set_fastpath(&p->dev, p->dev.size, true);
	uint32_t boot0_addr;
	const struct hwpc_reg *r = hwpc_reg_find(db, hwpc_regdb_chipset(db, 0), "PMC.BOOT_0", err);
	if (!r || hwpc_reg_addr(r, NULL, 0, &boot0_addr, err))
		goto fail;
	if (hwpc_rd32(&p->dev, boot0_addr, &p->dev.boot0)) {
		hwpc_err_set(err, p->dev.err.status, "%s: %s", p->slot, p->dev.err.msg);
		goto fail;
	}
	if (hwpc_chipset_identify(db, p->dev.boot0, &p->dev.chip, err)) {
		hwpc_err_prefix(err, "%s", p->slot);
		goto fail;
	}
	*out = &p->dev;
	return 0;
fail:
	pci_close(&p->dev);
	return err->status;
}
