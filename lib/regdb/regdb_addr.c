/* SPDX-License-Identifier: MIT */
/* A register array's elements and their addresses, from the register
 * alone (no database): index to address (hwpc_reg_addr) and back
 * (regdb_element_at), for lookups, views and the generated registers'
 * resolution alike. */
#include "regdb/regdb_internal.h"

uint32_t hwpc_reg_elements(const struct hwpc_reg *reg)
{
	uint32_t n = 1;
	for (unsigned i = 0; i < reg->ndims; i++)
		n *= reg->dims[i].count;
	return n;
}

int hwpc_reg_addr(const struct hwpc_reg *reg, const uint32_t *idx, unsigned nidx, uint32_t *addr,
		  struct hwpc_err *err)
{
	uint64_t a = (uint64_t)reg->space->base + reg->offset;
	unsigned d = 0;

	if (nidx > reg->ndims)
		return hwpc_err_set(err, HWPC_EINPUT, "%s takes %u index%s, %u given", reg->name,
				    reg->ndims, reg->ndims == 1 ? "" : "es", nidx);
	if (nidx == 0 && reg->ndims > 0)
		return hwpc_err_set(err, HWPC_EINPUT, "%s is an array: give an index, e.g. %s[0]",
				    reg->name, reg->name);
	for (unsigned i = 0; i + 1 < nidx; i++, d++) {
		if (idx[i] >= reg->dims[d].count)
			return hwpc_err_set(err, HWPC_EINPUT, "%s: index %u out of range for [%s] (0..%u)",
					    reg->name, idx[i], reg->dims[d].name, reg->dims[d].count - 1);
		a += (uint64_t)idx[i] * reg->dims[d].stride;
	}
	if (nidx) {
		/* The last index covers every remaining dimension, mixed radix. */
		uint64_t rest = 1;
		for (unsigned k = d; k < reg->ndims; k++)
			rest *= reg->dims[k].count;
		uint32_t v = idx[nidx - 1];
		if (v >= rest)
			return hwpc_err_set(err, HWPC_EINPUT, "%s: index %u out of range for [%s] (0..%llu)",
					    reg->name, v, reg->dims[d].name, (unsigned long long)rest - 1);
		for (unsigned k = reg->ndims; k-- > d;) {
			a += (uint64_t)(v % reg->dims[k].count) * reg->dims[k].stride;
			v /= reg->dims[k].count;
		}
	}
	*addr = (uint32_t)a;
	return 0;
}

/* Decompose off into reg's dims; true if it is exactly an element. */
bool regdb_element_at(const struct hwpc_reg *r, uint32_t addr, uint32_t *idx)
{
	uint64_t base = (uint64_t)r->space->base + r->offset;
	if (addr < base)
		return false;
	uint64_t off = addr - base;
	/* Dims are not sorted by stride in general (NV10 SIG_STATUS has
	 * 0x100/0x200/0x4): try the largest strides first. */
	unsigned order[HWPC_MAX_DIMS];
	for (unsigned i = 0; i < r->ndims; i++)
		order[i] = i;
	for (unsigned i = 0; i < r->ndims; i++)
		for (unsigned j = i + 1; j < r->ndims; j++)
			if (r->dims[order[j]].stride > r->dims[order[i]].stride) {
				unsigned t = order[i];
				order[i] = order[j];
				order[j] = t;
			}
	for (unsigned k = 0; k < r->ndims; k++) {
		const struct hwpc_dim *d = &r->dims[order[k]];
		uint64_t q = off / d->stride;
		if (q >= d->count)
			q = d->count - 1;
		idx[order[k]] = (uint32_t)q;
		off -= q * d->stride;
	}
	return off == 0;
}
