/* SPDX-License-Identifier: MIT */
/* Shared by the pcsetup plan builder's parts (pc_setup_*.c): the
 * state of one domain's plan while it is built. */
#ifndef HWPC_PC_SETUP_INTERNAL_H
#define HWPC_PC_SETUP_INTERNAL_H

#include "hwpc/pc.h"

#define PC_SETUP_MAX_WRITES 64
#define PC_SETUP_MAX_PINS 16

struct pc_setup_write {
	uint32_t addr, value;
	uint32_t own; /* bits this setup decides (recorded for pcread); 0: a trigger, not recorded */
	char note[96];
};

struct pc_setup {
	struct hwpc_dev *dev; /* NULL when only compiling (explain): no reads */
	const struct hwpc_pc_layout *l;
	const struct hwpc_regdb *db;
	const struct hwpc_chipset *chip;
	unsigned dom;
	const struct hwpc_pc_domain *di;
	const struct hwpc_pc_setup *s;
	/* expressions */
	struct hwpc_lop_caps caps;
	struct hwpc_pc_names names;
	bool have_names;
	struct hwpc_lop_pin pins[PC_SETUP_MAX_PINS];
	size_t npins;
	const char *exprs[HWPC_LOP_NINPUTS];
	struct hwpc_lop_setup lop;
	/* planned writes; the tail (reset release, PRE_OP) starts at tail */
	size_t n, tail;
	struct pc_setup_write w[PC_SETUP_MAX_WRITES];
	/* domains planned before this one in the same plan: a register they
	 * write reads as what they write (NV10:NV40 share CTRL) */
	struct pc_setup *const *prev;
	size_t nprev;
	/* a --reg wrote one of the domain's own registers: the domain is
	 * reprogrammed, and recorded as a setup is (a replayed trace) */
	bool raw_own;
	struct hwpc_err *err;
};

/* pc_setup_lop.c: names, pins, defaults and the compiled inputs. */
int pc_setup_compile(struct pc_setup *c);
void pc_setup_release(struct pc_setup *c);
/* A signal of the domain by name or number. */
int pc_setup_signal(struct pc_setup *c, const char *opt, const char *text, unsigned *sig);

/* pc_setup_regs.c: registers and fields by regdb name. */
/* The domain's register reg ("CTRL") as an address; false if the chip has none. */
bool pc_setup_reg(struct pc_setup *c, const char *reg, uint32_t *addr);
/* Value before this domain's writes: what an earlier domain of the plan
 * writes there, else the current value (0 for a write-only register, or
 * without a device). */
int pc_setup_read(struct pc_setup *c, uint32_t addr, uint32_t *v);
/* The domain's field of reg (per-domain, DOMn_ shared, or shared). */
const struct hwpc_field *pc_setup_field(struct pc_setup *c, const char *reg, const char *field);
/* Put the enum named word (case-insensitive, '-' as '_') into field of
 * reg; a field or enum the generation lacks is an error that says where
 * it exists.  opt names the option in messages. */
int pc_setup_put_enum(struct pc_setup *c, const char *opt, const char *reg, const char *field, const char *word,
		 uint32_t *val, uint32_t *own);
int pc_setup_put_num(struct pc_setup *c, const char *opt, const char *reg, const char *field, uint64_t v, uint32_t *val,
		uint32_t *own);
/* "G84:GF100": the chipsets whose PCOUNTER register reg has field (or
 * DOM0_field) and, if enumname is not NULL, that enum. */
void pc_setup_where(struct pc_setup *c, const char *reg, const char *field, const char *enumname, char *buf,
	       size_t len);
/* Append a write before the tail. */
int pc_setup_stage(struct pc_setup *c, uint32_t addr, uint32_t value, uint32_t own, const char *note);
/* Clear read-only and write-only fields (a read-back value rewritten). */
uint32_t pc_setup_writable_bits(struct pc_setup *c, uint32_t addr, uint32_t v);

/* Is addr one of the domain's own registers (its CTRL, SRC, OP, ...)? */
bool pc_setup_own(struct pc_setup *c, uint32_t addr);
/* pc_setup_raw.c: --reg NAME[IDX][.FIELD]=VALUE[:MASK]. */
int pc_setup_raw(struct pc_setup *c, const char *text);

#endif
