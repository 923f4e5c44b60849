/* SPDX-License-Identifier: MIT */
/* Registers as the hwpc commands take them and report them: not libhwpc's
 * API (nothing here is exported from libhwpc.so; the commands link
 * libhwpc.a).
 *
 * Register arguments (pcread --reg, --watch, --decode; pcsetup --reg
 * without a domain): a name with indices and a field, a glob, a raw BAR0
 * address or an address range, and NAME|ADDR=VALUE[:MASK] assignments,
 * each checked against the chip and the BAR before anything is touched;
 * the records those reads, watches and decodings make (hwpc-output(7):
 * reg_info, reg_value, reg_decode, reg_change, reg_diff). */
#ifndef HWPC_REGS_CMD_H
#define HWPC_REGS_CMD_H

#include "regs/snapshot.h"

#include <signal.h>
#include <stdbool.h>
#include <stdint.h>

#include "hwpc/ptimer.h"

struct hwpc_regarg {
	const char *text;       /* as given */
	bool by_addr;           /* 0x9400, 0x1801.b or 0x9400:0x20 */
	bool glob;              /* a name with * ? or [: text is the pattern */
	uint32_t addr, len;     /* by_addr: first address, length in bytes */
	unsigned bytes;         /* one access: 1, 2, 4 or 8 (the register's width, or .b .w .l) */
	struct hwpc_regref ref; /* a name: the register (element) and field */
};

/* Parse one register argument against a chip's registers (its view).
 * bar_size 0: no device, no BAR check.  An address may end in setpci's .b,
 * .w or .l (1, 2 or 4 bytes; 4 without).  Ranges only when range_ok; globs
 * only when glob_ok.  Errors (status 2) say what is wrong with text:
 * unaligned, outside BAR0, a range that overflows, a name or field the
 * chip lacks. */
int hwpc_regarg_parse(const struct hwpc_regview *v, uint32_t bar_size, const char *text, bool range_ok,
		      bool glob_ok, struct hwpc_regarg *out, struct hwpc_err *err);

/* The register holding an access of bytes at addr, named with its indices
 * in name ("PCOUNTER.CTRL[1]"; "PBUS.PCI_PCIID+1" for a byte inside it),
 * or NULL with name "unknown".  *whole: the access is the whole register
 * (its fields decode the value); *at (if not NULL): the access's first
 * byte within the register (1 for PCI_PCIID+1). */
const struct hwpc_reg *hwpc_regarg_name_at(const struct hwpc_regview *v, uint32_t addr, unsigned bytes,
					   char *name, size_t len, bool *whole, unsigned *at);

/* NAME|ADDR=VALUE[:MASK]: the target (one register or field, no range or
 * glob), the value (a field's may be an enum name) and the mask of the
 * bits it sets (a field's bits; every bit of the access by default). */
struct hwpc_regassign {
	struct hwpc_regarg target;
	uint64_t value; /* placed: already shifted into the field's bits */
	uint64_t mask;
};
int hwpc_regassign_parse(const struct hwpc_regview *v, uint32_t bar_size, const char *text,
			 struct hwpc_regassign *out, struct hwpc_err *err);

/* A register write by NAME[.FIELD]|ADDR=VALUE[:MASK], the one way every
 * command writes a register by name (pcsetup --reg, pcsim reg): checked
 * against regdb, a field written into the register's other bits as read,
 * and read back comparing only the bits whose read returns what was written
 * (regdb's read= and readback=). */
enum {
	HWPC_REGWRITE_FORCE = 1,     /* registers regdb does not know, or read-only */
	HWPC_REGWRITE_NO_VERIFY = 2, /* compare nothing on read-back */
	/* Touch nothing but the write (pcsim reg, a driver's raw write): no
	 * read-back, and the old value read only where a field or mask needs
	 * the other bits.  On a device where a read costs time (a simulator
	 * landing pending writes) the write is then exactly what was asked. */
	HWPC_REGWRITE_RAW = 4,
};
struct hwpc_regwrite {
	struct hwpc_regassign a;
	const struct hwpc_reg *reg; /* what regdb has there, or NULL */
	char name[160];             /* "PGRAPH.DEBUG_1.PM_TRIGGER", or regdb's name at the address */
	bool whole;                 /* the access is the whole register (its fields decode it) */
	unsigned at;                /* else its first byte within the register */
	unsigned flags;             /* HWPC_REGWRITE_* as parsed */
	bool readable;              /* neither write-only, w1c nor a read with a side effect */
	bool have_old, have_read;
	uint64_t old, nv, rb;       /* before, written, read back (as wide as the access) */
	uint64_t check;             /* the bits the read-back compares */
	char unverified[256];       /* the written bits it does not, and why ("PM_TRIGGER=0x1 (reads 0)") */
};
/* Parse and check text: a register regdb does not know, or read-only,
 * only with HWPC_REGWRITE_FORCE; a register that cannot be read back only
 * as a whole word.  Errors are HWPC_EINPUT and do not name text. */
int hwpc_regwrite_parse(struct hwpc_dev *dev, const char *text, unsigned flags, struct hwpc_regwrite *w,
			struct hwpc_err *err);
/* Read the old value (where it can be read) and work out the new one. */
int hwpc_regwrite_plan(struct hwpc_dev *dev, struct hwpc_regwrite *w, struct hwpc_err *err);
/* Write the new value and read it back (where it can be read). */
int hwpc_regwrite_apply(struct hwpc_dev *dev, struct hwpc_regwrite *w, struct hwpc_err *err);
/* HWPC_EOP when a compared bit read back other than written. */
int hwpc_regwrite_verify(const struct hwpc_regwrite *w, struct hwpc_err *err);
/* The reg_write record of a write, planned or done. */
int hwpc_regwrite_out(struct hwpc_out *o, const struct hwpc_dev *dev, const struct hwpc_regwrite *w,
		      struct hwpc_err *err);

/* A value for a register or field: a number, or for a field one of its
 * enum names. */
int hwpc_regarg_value(const struct hwpc_chipset *chip, const struct hwpc_field *f, const char *text,
		      uint64_t *out, struct hwpc_err *err);

/* ---- Registers read and decoded, as records ----------------------------- */

/* One reg_info record per register of a chip's view that pattern
 * selects (hwpc_regs_select_next), in address order; a pattern that
 * selects none is HWPC_EINPUT ("no register of G84 matches 'X'"). */
int hwpc_regs_list_out(const struct hwpc_regview *v, const char *pattern, struct hwpc_out *o,
		       struct hwpc_err *err);
/* Read registers named as hwpc_regarg_parse takes them (ranges and globs
 * too), one reg_value record per register, word or field; in text (text
 * true) a range is envytools' nvapeek dump instead, the address and four
 * words a line.  Every argument is checked before the first read (a typo
 * reads nothing; HWPC_EINPUT names it with what, "--reg"); a register
 * whose read has a side effect (regdb's onread=) is read only when named
 * alone, else reported as not read. */
int hwpc_regs_read_out(struct hwpc_dev *dev, const char *const *args, unsigned n, const char *what, bool text,
		       struct hwpc_out *o, struct hwpc_err *err);
/* Decode NAME|ADDR=VALUE values for a chip's view without reading a
 * device, one reg_decode record each, tagged with device (may be NULL) and
 * the chip.  Every value is checked first; what ("--decode") names it in
 * errors. */
int hwpc_regs_decode_out(const struct hwpc_regview *v, const char *device, const char *const *args, unsigned n,
			 const char *what, struct hwpc_out *o, struct hwpc_err *err);
/* The changes from a to b that filter keeps (hwpc_snapshot_diff_filtered)
 * as reg_diff records under their columns; *ndiff is how many there were,
 * *left what was left out. */
int hwpc_snapshot_diff_out(const struct hwpc_snapshot *a, const struct hwpc_snapshot *b,
			   const struct hwpc_snap_filter *filter, struct hwpc_out *o, unsigned *ndiff,
			   struct hwpc_snap_left *left, struct hwpc_err *err);
/* The reg_diff_summary record: how many differ, how many were left out. */
int hwpc_snapshot_diff_summary_out(struct hwpc_out *o, unsigned ndiff, const struct hwpc_snap_left *left,
				   struct hwpc_err *err);

/* pcread --diff: snapshot path_a ("-": standard input) against path_b, or
 * (path_b NULL) against dev as it is now, as reg_diff records (fmt, o's
 * format: CSV puts both kinds in one table) with the reg_diff_summary
 * record after them, but in text, where a line after the table says what
 * was left out ("left out: 3 registers whose only changes are volatile
 * ..."); *ndiff differ.  Snapshots of another chipset are HWPC_EINPUT. */
int hwpc_snapshot_compare_out(const struct hwpc_regdb *db, const char *path_a, const char *path_b, struct hwpc_dev *dev,
			      const struct hwpc_snap_filter *filter, enum hwpc_format fmt, struct hwpc_out *o,
			      unsigned *ndiff, struct hwpc_err *err);

/* ---- Watching registers ------------------------------------------------- */

/* Registers or fields polled for changes (envytools' nvawatch -t), each
 * change timed by PTIMER (the device's clock where the chip has no
 * PTIMER), until a condition 'REG[.FIELD] [& MASK] OP VALUE' holds, a
 * number of changes or a timeout. */
#define HWPC_WATCH_MAX 64

struct hwpc_watch_item {
	struct hwpc_regarg arg;
	const struct hwpc_reg *reg;     /* regdb's register there, or NULL */
	const struct hwpc_field *field; /* watched alone, or NULL */
	char name[160];
	uint64_t value; /* the field's, or the word */
	uint32_t word;  /* the word last read */
};

/* How long to watch and how fast to poll. */
struct hwpc_watch_limits {
	uint64_t timeout_ns;  /* device time; 0: none */
	uint64_t interval_ns; /* between polls; 0: as fast as the device's clock moves */
	uint64_t count;       /* changes; 0: no limit */
	const volatile sig_atomic_t *stop; /* stop when set (may be NULL) */
};

struct hwpc_watch {
	struct hwpc_dev *dev;
	struct hwpc_watch_limits lim;
	struct hwpc_watch_item item[HWPC_WATCH_MAX + 1];
	unsigned n;
	bool until; /* the condition, on item cond_item */
	const char *cond_what, *cond_text; /* as hwpc_watch_until had them, for hwpc_watch_end */
	unsigned cond_item;
	uint64_t cond_mask, cond_value;
	int cond_op;
	bool held;      /* the condition held when the watch ended */
	bool timed_out; /* the watch ended at the timeout */
	/* the clock */
	struct hwpc_ptimer pt;
	bool ptimer;
	double tick_hz; /* 0: unknown, the raw time is taken as ns */
	/* where the watch is */
	bool started, ended;
	unsigned next_item;
	uint64_t start_ns, start_raw, poll_ns, last_ns, changes;
};

/* One value seen: an item's start value, or a change of it. */
struct hwpc_watch_change {
	unsigned item;
	uint64_t t_ns;       /* the time it was seen */
	uint64_t ptimer;     /* PTIMER's raw 64-bit time then */
	bool has_ptimer;
	bool first;          /* a start value: no delta */
	uint64_t delta_ns;   /* since the previous change of any item */
};

/* Start a watch of nothing on dev within lim. */
void hwpc_watch_init(struct hwpc_watch *w, struct hwpc_dev *dev, const struct hwpc_watch_limits *lim);
/* Watch a register, field or address (the same one twice is watched
 * once); errors start with what and text ("--watch X: ..."). */
int hwpc_watch_add(struct hwpc_watch *w, const char *text, const char *what, struct hwpc_err *err);
/* End when 'REG[.FIELD] [& MASK] OP VALUE' holds (== != < <= > >=,
 * spaces optional); REG is watched too.  Errors start with what and the
 * condition ("--until 'X': ..."). */
int hwpc_watch_until(struct hwpc_watch *w, const char *cond, const char *what, struct hwpc_err *err);
/* The next value: first each item's start value, then each change as the
 * items are polled.  *ended (and no value) once the condition holds (held
 * is set), count changes were seen, the timeout passed (timed_out) or
 * *stop was set. */
int hwpc_watch_next(struct hwpc_watch *w, struct hwpc_watch_change *ch, bool *ended, struct hwpc_err *err);
/* A value as a reg_change record, under the columns hwpc_watch_cols. */
int hwpc_watch_change_out(const struct hwpc_watch *w, const struct hwpc_watch_change *ch, struct hwpc_out *o,
			  struct hwpc_err *err);
/* The text table's columns for w's items (after hwpc_watch_add and
 * hwpc_watch_until): as wide as their widest values, so that the changes
 * stream as they are seen. */
#define HWPC_WATCH_COLS 7
void hwpc_watch_cols(const struct hwpc_watch *w, struct hwpc_col cols[HWPC_WATCH_COLS]);

/* ---- Registers by pattern and by name for people ------------------------ */

/* Which of a chip's registers a pattern selects, and a register read with
 * its fields decoded (pcread --list-regs, --reg). */
/* Does pattern select r?  NULL selects every register.  A pattern with a
 * glob character (* ? [) matches the whole full or short name, any case
 * ("PCOUNTER.CTR_*", "TIME_*"); any other pattern is a substring of the
 * full name, any case ("ptimer"). */
bool hwpc_reg_selected(const struct hwpc_reg *r, const char *pattern);
/* The next register of a chip's view that pattern selects, in address
 * order, from *pos on (start with *pos = 0); NULL when there are no more. */
const struct hwpc_reg *hwpc_regs_select_next(const struct hwpc_regview *v, const char *pattern, unsigned *pos);
/* "[dom:8][i:4]": the register's dimensions. */
void hwpc_reg_dims_format(const struct hwpc_reg *r, char *buf, size_t len);
/* "rw", "ro", "wo", "w1c". */
const char *hwpc_reg_access_name(const struct hwpc_reg *r);
/* A register reference to read: parsed like hwpc_regref_parse, and refused
 * when the register is write-only. */
int hwpc_regref_parse_readable(const struct hwpc_regview *v, const char *text, struct hwpc_regref *out,
			       struct hwpc_err *err);
/* One read of a reference, as wide as its register (1, 2, 4 or 8 bytes).
 * A field: its value, and its enum name when it has one (else ""); a
 * register: the value, and every field decoded. */
struct hwpc_regval {
	char name[160]; /* canonical: "PCOUNTER.CTRL[1].CTR_MODE" */
	uint32_t addr;
	uint64_t value;
	bool is_field;
	char text[512];
};
int hwpc_regref_read(struct hwpc_dev *dev, const struct hwpc_regref *ref, struct hwpc_regval *out,
		     struct hwpc_err *err);

/* ---- What pcread's register modes decide besides their options ---------- */

/* pcread --diff A [B]: can each snapshot file be read (path_b may be NULL;
 * "-", standard input, is not checked)?  Asked before a device is looked
 * for: "no GPU found" would hide a missing file. */
int hwpc_snapshot_check_inputs(const char *path_a, const char *path_b, struct hwpc_err *err);

/* How a watch with a condition (hwpc_watch_until) ended. */
enum hwpc_watch_end {
	HWPC_WATCH_HELD,        /* the condition held, or the watch had none */
	HWPC_WATCH_TIMED_OUT,   /* still false at the timeout */
	HWPC_WATCH_INTERRUPTED, /* *stop was set before it held */
	HWPC_WATCH_STILL_FALSE, /* still false after count changes */
};
/* After hwpc_watch_next said the watch ended: how.  But for HELD, err's
 * message says it ("--until 'X': still false after --timeout 2s"); its
 * status is HWPC_OK: whether that fails the command, and how, is the
 * command's to say. */
enum hwpc_watch_end hwpc_watch_end(const struct hwpc_watch *w, struct hwpc_err *err);

#endif
