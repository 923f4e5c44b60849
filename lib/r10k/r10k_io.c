/* SPDX-License-Identifier: MIT */
/* Register access for the R10000/R12000 library: addresses from regdb,
 * errors that name the register. */
#include "dev/backend.h"
#include "r10k/r10k_internal.h"

uint32_t r10k_addr(const struct hwpc_reg *reg, unsigned idx)
{
	uint32_t addr = 0;
	/* Indices come from checked counter numbers, so this cannot fail. */
	hwpc_reg_addr(reg, &idx, reg->ndims ? 1 : 0, &addr, NULL);
	return addr;
}

int r10k_rd(struct hwpc_dev *dev, const struct hwpc_reg *reg, unsigned idx, uint32_t *v, struct hwpc_err *err)
{
	if (hwpc_rd32(dev, r10k_addr(reg, idx), v))
		return hwpc_err_set(err, hwpc_dev_error(dev)->status, "reading %s[%u]: %s", reg->name, idx, hwpc_dev_error(dev)->msg);
	return 0;
}

int r10k_wr(struct hwpc_dev *dev, const struct hwpc_reg *reg, unsigned idx, uint32_t v, struct hwpc_err *err)
{
	if (hwpc_wr32(dev, r10k_addr(reg, idx), v))
		return hwpc_err_set(err, hwpc_dev_error(dev)->status, "writing %s[%u]: %s", reg->name, idx, hwpc_dev_error(dev)->msg);
	return 0;
}
