/* SPDX-License-Identifier: MIT */
/* What tsdump's files share: its options, and where its input comes from
 * (tsdump_input.c). */
#ifndef HWPC_CLI_TSDUMP_H
#define HWPC_CLI_TSDUMP_H

#include "common/cli.h"

struct tsdump_opts {
	const char *device, *input, *output, *map;
	struct hwpc_tensix_layout lay; /* valid[b]: --bufN was given (then CNTL has its say) */
	bool have_layout, have_cntl;
	uint32_t cntl, status; /* as given: decoded with regdb's fields */
	uint64_t l1_base;
	bool record, rec_auto, summary, strict;
	const char *domain;
	enum hwpc_rec_format rec_fmt;
	enum hwpc_format fmt;
	double hz;
	unsigned threads; /* 0: the library's default */
	const char *mmiotrace, *chip; /* --mmiotrace FILE [--chip CHIPSET] [--bar0 ADDR] */
	bool have_bar0;
	uint64_t bar0;
	bool setup_fmt;               /* --format setup */
};

/* FILE (- for standard input): an L1 image read by --buf0/--buf1, or one
 * stream, mapped where it can be; progress on a terminal for large ones. */
int tsdump_from_file(struct hwpc_tsdump *t, const struct tsdump_opts *o);
/* Where domain -D's record buffer is, from its registers; with --record
 * auto, its packet format too; warns of what it says was lost. */
int tsdump_record_buffer(struct tsdump_opts *o, struct hwpc_dev *dev, struct hwpc_pc_recbuf *rb);

/* --mmiotrace (tsdump_mmiotrace.c): check the options that go with it
 * (arg: a positional argument, which none does), then decode. */
int tsdump_mmiotrace_args(const struct tsdump_opts *o, const char *arg);
int tsdump_mmiotrace(const struct tsdump_opts *o);

#endif
