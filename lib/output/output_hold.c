/* SPDX-License-Identifier: MIT */
/* A text table held until its widths are known (output_hold.h). */
#include "output/output_hold.h"

#include <stdlib.h>

static struct ohold_item *new_item(struct ohold *h, enum ohold_kind kind)
{
	if (h->nitems == h->cap_items) {
		size_t cap = h->cap_items ? 2 * h->cap_items : 64;
		struct ohold_item *p = realloc(h->items, cap * sizeof *p);
		if (!p) {
			h->oom = true;
			return NULL;
		}
		h->items = p;
		h->cap_items = cap;
	}
	struct ohold_item *it = &h->items[h->nitems++];
	it->kind = kind;
	it->off = it->len = 0;
	return it;
}

void ohold_raw(struct ohold *h, const char *s, size_t n)
{
	if (!n)
		return;
	struct ohold_item *it = new_item(h, OHOLD_RAW);
	if (!it)
		return;
	it->off = h->text.len;
	obuf_put(&h->text, s, n);
	it->len = n;
	h->oom |= h->text.oom;
}

void ohold_header(struct ohold *h)
{
	new_item(h, OHOLD_HEADER);
}

void ohold_row(struct ohold *h)
{
	struct ohold_item *it = new_item(h, OHOLD_ROW);
	if (it)
		it->off = h->ncells;
}

void ohold_cell(struct ohold *h, const char *s, size_t n, bool value)
{
	if (h->oom || !h->nitems)
		return;
	if (h->ncells == h->cap_cells) {
		size_t cap = h->cap_cells ? 2 * h->cap_cells : 256;
		struct ohold_cell *p = realloc(h->cells, cap * sizeof *p);
		if (!p) {
			h->oom = true;
			return;
		}
		h->cells = p;
		h->cap_cells = cap;
	}
	struct ohold_cell *c = &h->cells[h->ncells++];
	c->off = h->text.len;
	c->len = n;
	c->value = value;
	obuf_put(&h->text, s, n);
	h->oom |= h->text.oom;
	h->items[h->nitems - 1].len++;
}

void ohold_clear(struct ohold *h)
{
	h->text.len = 0;
	h->nitems = h->ncells = 0;
}

void ohold_free(struct ohold *h)
{
	obuf_free(&h->text);
	free(h->items);
	free(h->cells);
	*h = (struct ohold){ 0 };
}
