/* SPDX-License-Identifier: MIT */
/* Test helper (header-only, included by the Tensix stream tests): run the
 * decoder over words or bytes and keep every item it reports. */
#ifndef TSX_COLLECT_H
#define TSX_COLLECT_H

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "hwpc.h"

#define TSX_MAX_ITEMS 4096

struct tsx_items {
	struct hwpc_tensix_item it[TSX_MAX_ITEMS];
	char msg[TSX_MAX_ITEMS][192];
	size_t n;
	struct hwpc_tensix_summary sum;
};

static int tsx_collect_cb(void *ctx, const struct hwpc_tensix_item *item)
{
	struct tsx_items *c = ctx;
	if (c->n < TSX_MAX_ITEMS) {
		c->it[c->n] = *item;
		snprintf(c->msg[c->n], sizeof c->msg[0], "%s", item->msg ? item->msg : "");
		c->it[c->n].msg = c->msg[c->n];
		c->n++;
	}
	return 0;
}

/* Decode len bytes fed in chunks of chunk bytes (0: all at once). */
static inline void tsx_decode(struct tsx_items *c, const struct hwpc_tensix_layout *lay,
			      const void *bytes, size_t len, size_t chunk)
{
	const uint8_t *p = bytes;
	c->n = 0;
	struct hwpc_tensix_dec *d = hwpc_tensix_dec_new(lay, tsx_collect_cb, c);
	if (!chunk)
		chunk = len ? len : 1;
	for (size_t i = 0; i < len; i += chunk)
		hwpc_tensix_dec_feed(d, p + i, len - i < chunk ? len - i : chunk);
	hwpc_tensix_dec_finish(d);
	c->sum = *hwpc_tensix_dec_summary(d);
	hwpc_tensix_dec_free(d);
}

/* Words to little-endian bytes. */
static inline void tsx_words_le(uint8_t *out, const uint32_t *w, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		out[4 * i] = (uint8_t)w[i];
		out[4 * i + 1] = (uint8_t)(w[i] >> 8);
		out[4 * i + 2] = (uint8_t)(w[i] >> 16);
		out[4 * i + 3] = (uint8_t)(w[i] >> 24);
	}
}

static inline size_t tsx_count(const struct tsx_items *c, enum hwpc_tensix_kind k)
{
	size_t n = 0;
	for (size_t i = 0; i < c->n; i++)
		n += c->it[i].kind == k;
	return n;
}

/* The i-th item of kind k, or NULL. */
static inline const struct hwpc_tensix_item *tsx_nth(const struct tsx_items *c, enum hwpc_tensix_kind k,
						 size_t i)
{
	for (size_t j = 0; j < c->n; j++)
		if (c->it[j].kind == k && i-- == 0)
			return &c->it[j];
	return NULL;
}

#endif
