/* SPDX-License-Identifier: MIT */
/* tsdump's input from a device (see hwpc/stream.h): the Tensix buffers
 * in L1 and a PCOUNTER record buffer, read a chunk at a time so that
 * memory stays bounded; and the layout of an L1 image from the STATUS and
 * CNTL values it was dumped with, at the bits regdb gives their fields. */
#include "core/err_local.h"
#include "hwpc/pc.h"
#include "hwpc/tensix.h"
#include "hwpc/stream.h"

#include <stdlib.h>
#include <string.h>

#define CHUNK (1u << 20)

typedef int (*read_fn)(struct hwpc_dev *dev, uint64_t addr, void *buf, size_t len, struct hwpc_err *err);

/* Read [addr, addr + len) with rd and feed it, a chunk at a time: -1 when
 * a read failed (err set; the caller names what it was reading), else
 * what feeding gave. */
static int feed_range(struct hwpc_tsdump *t, struct hwpc_dev *dev, read_fn rd, uint64_t addr, uint64_t len,
		      uint8_t *buf, struct hwpc_err *err)
{
	for (uint64_t done = 0; done < len;) {
		size_t n = len - done < CHUNK ? (size_t)(len - done) : CHUNK;
		if (rd(dev, addr + done, buf, n, err))
			return -1; /* a read error: the caller says which */
		if (hwpc_tsdump_feed(t, buf, n, err))
			return err->status;
		done += n;
	}
	return 0;
}

int hwpc_tsdump_feed_tensix(struct hwpc_tsdump *t, struct hwpc_dev *dev, const struct hwpc_tensix_layout *lay,
			    struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	uint8_t *buf = malloc(CHUNK);
	int rc = 0;
	if (!buf)
		return hwpc_err_set(err, HWPC_EOP, "out of memory");
	for (int b = 0; b < 2 && !rc; b++) {
		if (!lay->valid[b] || lay->start[b] > lay->end[b])
			continue;
		uint64_t a = (uint64_t)lay->start[b] * 16, len = ((uint64_t)lay->end[b] + 1) * 16 - a;
		rc = feed_range(t, dev, hwpc_dev_read_block, a, len, buf, err);
		if (rc < 0)
			rc = hwpc_err_prefix(err, "buffer %d", b);
	}
	free(buf);
	return rc;
}

int hwpc_tsdump_feed_recbuf(struct hwpc_tsdump *t, struct hwpc_dev *dev, const struct hwpc_pc_recbuf *rb,
			    struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	uint8_t *buf = malloc(CHUNK);
	if (!buf)
		return hwpc_err_set(err, HWPC_EOP, "out of memory");
	int rc = feed_range(t, dev, hwpc_dev_mem_read, rb->start, rb->used, buf, err);
	if (rc < 0) {
		char why[sizeof err->msg];
		memcpy(why, err->msg, sizeof why);
		rc = hwpc_err_set(err, HWPC_EOP, "reading the record buffer: %.400s (dump the buffer and decode "
				  "the file)", why);
	}
	free(buf);
	return rc;
}

int hwpc_tensix_layout_from_values(const struct hwpc_regdb *db, const uint32_t *status, const uint32_t *cntl,
			       struct hwpc_tensix_layout *lay, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	struct hwpc_tensix_fields f;
	if (hwpc_tensix_fields_load(db, NULL, &f, err))
		return err->status;
	if (status) {
		hwpc_tensix_status_decode(&f, *status, &lay->status);
		lay->have_status = true;
	}
	for (int b = 0; b < 2 && cntl; b++)
		lay->valid[b] = lay->valid[b] && hwpc_field_get(f.valid[b], *cntl);
	return 0;
}
