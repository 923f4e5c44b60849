/* SPDX-License-Identifier: MIT */
/* tsdump --mmiotrace's reader: not libhwpc's API (nothing here is exported
 * from libhwpc.so; the commands link libhwpc.a), so that what a decoded
 * access carries can grow while one command uses it. */
#ifndef HWPC_STREAM_MMIOTRACE_H
#define HWPC_STREAM_MMIOTRACE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "hwpc/error.h"
#include "hwpc/regdb.h"

/* The Linux kernel's mmiotrace text format (Documentation/trace/
 * mmiotrace.rst, version 20070824), read for tsdump --mmiotrace: one record
 * a line, the NVIDIA BAR0 found from the PCIDEV lines, the chipset from the
 * PMC.BOOT_0 reads, and every BAR0 access named and decoded with regdb;
 * PCOUNTER logic ops decompiled into hwpc expressions, and the last
 * PCOUNTER configuration of each domain kept for a pcsetup setup file. */
enum hwpc_mmt_kind {
	HWPC_MMT_NONE,    /* an empty line or a '#' comment (ftrace's header) */
	HWPC_MMT_VERSION, /* text: the format version */
	HWPC_MMT_PCIDEV,  /* one /proc/bus/pci/devices line */
	HWPC_MMT_MAP,     /* ioremap: id, phys, virt, len */
	HWPC_MMT_UNMAP,   /* iounmap: id */
	HWPC_MMT_READ,    /* width, id, phys, value */
	HWPC_MMT_WRITE,
	HWPC_MMT_MARK,    /* text: a trace_marker line */
	HWPC_MMT_LOST,    /* "MARK 0.000000 Lost N events.": value = N */
	HWPC_MMT_OTHER,   /* LSPCI */
	HWPC_MMT_UNKNOWN, /* UNKNOWN: an access whose opcode mmiotrace could not decode */
};

struct hwpc_mmt_rec {
	enum hwpc_mmt_kind kind;
	char ts[24];       /* "12.345678" seconds, as written; "" if none */
	unsigned width;    /* bytes: 1, 2, 4 or 8 */
	int map_id;
	uint64_t phys, virt, len, value;
	/* PCIDEV */
	unsigned devfn;    /* bus << 8 | devfn */
	uint16_t vendor, device;
	uint64_t bar[7], bar_size[7]; /* bar[] with the flag bits cleared */
	char text[256];    /* VERSION, MARK */
};

/* Parse one line (without its newline).  HWPC_EINPUT with what is wrong
 * ("R: expected 7 values, found 5"); the caller adds file:line. */
int hwpc_mmt_parse_line(const char *line, struct hwpc_mmt_rec *out, struct hwpc_err *err);

/* A trace being decoded. */
struct hwpc_mmt;

/* Where the NVIDIA BAR0 is, from the trace's PCIDEV and MAP records, and
 * the chipset from its PMC.BOOT_0 reads: feed every record of the trace to
 * hwpc_mmt_scan, then hwpc_mmt_start (chip NULL: from BOOT_0) before the
 * second pass.  Errors (no NVIDIA device, no BAR0 mapping, no BOOT_0 read
 * and no chip) are HWPC_EINPUT. */
struct hwpc_mmt *hwpc_mmt_new(const struct hwpc_regdb *db, struct hwpc_err *err);
/* The NVIDIA BAR0 is at phys, whatever the PCIDEV and MAP lines say (a
 * trace cut down to some accesses has none): call before the first
 * hwpc_mmt_scan.  Its size is the chipset's (regdb's BAR0.SIZE). */
void hwpc_mmt_set_bar0(struct hwpc_mmt *m, uint64_t phys);
void hwpc_mmt_scan(struct hwpc_mmt *m, const struct hwpc_mmt_rec *r);
int hwpc_mmt_start(struct hwpc_mmt *m, const struct hwpc_chipset *chip, struct hwpc_err *err);
const struct hwpc_chipset *hwpc_mmt_chip(const struct hwpc_mmt *m);
/* The longest register name a decode can give (hwpc_mmt_access.reg: the
 * chip's registers with their highest indices, "unknown", "BAR0"), for a
 * table that streams.  After hwpc_mmt_start. */
unsigned hwpc_mmt_reg_width(const struct hwpc_mmt *m);
void hwpc_mmt_free(struct hwpc_mmt *m);

/* A record of the second pass, decoded. */
struct hwpc_mmt_access {
	bool bar0;       /* a BAR0 access (READ/WRITE) or mapping (MAP/UNMAP) */
	uint32_t off;    /* BAR0 offset */
	char reg[160];   /* "PCOUNTER.EVENT_OP[1]", or "unknown" */
	char fields[512];
	char expr[512];  /* after a PCOUNTER SRC/OP write: "core EVENT = a & b; ..." for inputs that changed */
};
/* Decode r (hwpc_mmt_start done).  Accesses outside BAR0 are counted (see
 * hwpc_mmt_counts) and come back with bar0 false; an UNMAP of a BAR0
 * mapping comes back with the offset its MAP had. */
void hwpc_mmt_decode(struct hwpc_mmt *m, const struct hwpc_mmt_rec *r, struct hwpc_mmt_access *out);

struct hwpc_mmt_counts {
	uint64_t bar0_reads, bar0_writes, other_reads, other_writes, lost;
	uint64_t unknown; /* UNKNOWN records: accesses left out, their register and value not known */
};
void hwpc_mmt_counts(const struct hwpc_mmt *m, struct hwpc_mmt_counts *out);

/* A pcsetup setup file (pcsetup(1) SETUP FILES) that writes the last value
 * the trace wrote to each writable PCOUNTER register, per domain, in the
 * trace's order, with the decompiled expressions as comments.  what names
 * the trace in the header comment.  HWPC_EINPUT if the trace wrote none. */
int hwpc_mmt_write_setup(const struct hwpc_mmt *m, FILE *fp, const char *what, struct hwpc_err *err);

#endif
