/* SPDX-License-Identifier: MIT */
/* tsdump's command line, as tsdump.c parses it and hands it to where the
 * input comes from (tsdump_input.c) or to --mmiotrace
 * (tsdump_mmiotrace.c).  Its own header, not tsdump.c's: those parts read
 * the options and never call back into the command. */
#ifndef HWPC_CLI_TSDUMP_OPTS_H
#define HWPC_CLI_TSDUMP_OPTS_H

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

#endif
