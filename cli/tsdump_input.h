/* SPDX-License-Identifier: MIT */
/* Where tsdump's input comes from (tsdump_input.c). */
#ifndef HWPC_CLI_TSDUMP_INPUT_H
#define HWPC_CLI_TSDUMP_INPUT_H

#include "tsdump_opts.h"

/* FILE (- for standard input): an L1 image read by --buf0/--buf1, or one
 * stream, mapped where it can be; progress on a terminal for large ones. */
int tsdump_from_file(struct hwpc_tsdump *t, const struct tsdump_opts *o);
/* Where domain -D's record buffer is, from its registers; with --record
 * auto, its packet format too; warns of what it says was lost. */
int tsdump_record_buffer(struct tsdump_opts *o, struct hwpc_dev *dev, struct hwpc_pc_recbuf *rb);

#endif
