/* SPDX-License-Identifier: MIT */
/* Internal to the text writer: a table held until its widths are known.
 *
 * A text table whose layout leaves a width open is sized to the widest
 * value of all its rows, never the first row's: its rows are kept here,
 * with the lines written between them (a device line, hwpc_out_text) in
 * their order, and laid out when the writer finishes.  A table whose
 * layout declares every width streams instead and never comes here. */
#ifndef HWPC_OUTPUT_HOLD_H
#define HWPC_OUTPUT_HOLD_H

#include <stdbool.h>
#include <stddef.h>

#include "output/output_buf.h"

enum ohold_kind {
	OHOLD_RAW,    /* text written as it is */
	OHOLD_HEADER, /* the table's header line */
	OHOLD_ROW,    /* a row: ncols cells */
};

struct ohold_cell {
	size_t off, len; /* into the hold's text */
	bool value;      /* a value, not the "-" of a missing one */
};

struct ohold_item {
	enum ohold_kind kind;
	size_t off, len; /* RAW: into the hold's text; ROW: into cells */
};

struct ohold {
	struct obuf text;
	struct ohold_item *items;
	size_t nitems, cap_items;
	struct ohold_cell *cells;
	size_t ncells, cap_cells;
	bool oom;
};

void ohold_raw(struct ohold *h, const char *s, size_t n);
void ohold_header(struct ohold *h);
/* Start a row; its cells follow with ohold_cell, one per column. */
void ohold_row(struct ohold *h);
void ohold_cell(struct ohold *h, const char *s, size_t n, bool value);
/* Forget what was held (after it was written); the memory is kept. */
void ohold_clear(struct ohold *h);
void ohold_free(struct ohold *h);

#endif
