/* SPDX-License-Identifier: MIT */
/* Internals of the logic-op compiler (hwpc/lop.h), shared by
 * lop_*.c.  An expression is parsed straight into a small postfix
 * program over "variables": distinct (signal, delayed?) pairs and the
 * SETFLAG pseudo-leaf.  Tables are bit vectors indexed by variable values:
 * bit x holds the value when variable k is (x >> k) & 1. */
#ifndef HWPC_LOP_INTERNAL_H
#define HWPC_LOP_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "hwpc/lop.h"

enum {
	LOP_MAX_INSNS = 512, /* program length: bounds work and stack use */
	LOP_MAX_DEPTH = 64,  /* parenthesis/operator nesting */
	LOP_MAX_VARS = 8,    /* distinct leaves before irrelevant ones are dropped */
	LOP_TT_WORDS = 4,    /* 2^LOP_MAX_VARS bits */
	LOP_NPHYS = HWPC_LOP_NINPUTS * HWPC_LOP_NARGS, /* every SRC slot of a domain */
	/* Variables of a verification: the expression's own plus what the
	 * hardware reads through each of the 4 arguments. */
	LOP_MAX_DOM = LOP_MAX_VARS + HWPC_LOP_NARGS,
};

enum lop_opcode { LOP_CONST, LOP_VAR, LOP_NOT, LOP_AND, LOP_OR, LOP_XOR };

struct lop_insn {
	uint8_t op;
	uint16_t a, b; /* operands: earlier instructions; LOP_VAR: variable;
			  LOP_CONST: the value */
};

/* A leaf source: a signal now or one cycle ago, or the SETFLAG input. */
struct lop_leaf {
	bool setflag;
	bool prev;
	uint16_t signal;
};

struct lop_var {
	struct lop_leaf leaf;
	uint16_t pos, len; /* the name as first written, for messages */
};

struct lop_expr {
	enum hwpc_lop_input input;
	const char *text;
	size_t len;
	struct lop_insn prog[LOP_MAX_INSNS];
	unsigned nprog; /* the result is the last instruction */
	struct lop_var var[LOP_MAX_VARS];
	unsigned nvars;
	uint64_t tt[LOP_TT_WORDS]; /* the function over var[] */
	unsigned support;          /* mask of the variables the function depends on */
	unsigned ness;             /* how many, and the first 4... */
	uint8_t ess[HWPC_LOP_NARGS]; /* ...in order of first appearance */
};

/* One way to feed an input's essential variables to its 4 arguments. */
struct lop_option {
	uint8_t bits;                   /* LOP_B_* */
	int8_t argvar[HWPC_LOP_NARGS];  /* ess index read by the argument, -1 unused */
	uint8_t npos;                   /* SRC slots it needs */
};
enum {
	LOP_B_D0 = 1,   /* ARG0 delayed */
	LOP_B_D1 = 2,   /* ARG1 delayed */
	LOP_B_R2 = 4,   /* ARG2 = SRC0 delayed */
	LOP_B_R3 = 8,   /* ARG3 = SRC1 delayed */
	LOP_B_SF = 16,  /* ARG3 = SETFLAG */
	LOP_NCONFIGS = 32,
};

/* --- diagnostics (lop_diag.c) --- */
int lop_error_at(struct hwpc_err *err, enum hwpc_lop_input in, const char *text, size_t pos,
		 size_t len, const char *fmt, ...) HWPC_PRINTF(6, 7);
/* "name" or "prev(name)" as the user wrote the name. */
void lop_var_text(const struct lop_expr *ex, unsigned v, char *buf, size_t size);
/* Append printf output to buf at *used, never overflowing. */
void lop_append(char *buf, size_t size, size_t *used, const char *fmt, ...) HWPC_PRINTF(4, 5);
/* "PRE_SRC[2]" for a physical slot number (register * 4 + slot). */
void lop_phys_text(unsigned phys, char *buf, size_t size);

/* --- names (lop_names.c) --- */
bool lop_is_keyword(const char *s, size_t len);
/* First usable entry named s (SIGNAL/SETFLAG before ELSEWHERE), or NULL. */
const struct hwpc_lop_sym *lop_lookup(const struct hwpc_lop_symtab *syms, const char *s,
				      size_t len);
/* " (did you mean a, b?)" or "" */
void lop_suggest(const struct hwpc_lop_symtab *syms, const char *s, size_t len, char *buf,
		 size_t size);
/* The name the decompiler prints for a signal, or NULL to print it as hex. */
const char *lop_signal_name(const struct hwpc_lop_symtab *syms, unsigned signal);

/* --- parser (lop_parse.c) --- */
int lop_parse(struct lop_expr *ex, const struct hwpc_lop_caps *caps,
	      const struct hwpc_lop_symtab *syms, enum hwpc_lop_input in, const char *text,
	      struct hwpc_err *err);

/* --- tables (lop_table.c) --- */
uint64_t lop_var_pattern(unsigned k, unsigned word);
/* Evaluate ex's program with variable k read from domain variable map[k],
 * over an n-variable domain; out gets max(1, 2^n / 64) words. */
void lop_eval(const struct lop_expr *ex, const uint8_t *map, unsigned n, uint64_t *out);
/* Fill ex->tt and the essential variables (ness may exceed 4: the caller
 * reports it). */
void lop_analyse(struct lop_expr *ex);
/* The 16-bit table realising ex when option o places its variables. */
uint16_t lop_func(const struct lop_expr *ex, const struct lop_option *o);
bool lop_caps_valid(const struct hwpc_lop_caps *caps, struct hwpc_err *err);
/* Is config bit b usable for input in on these caps? */
bool lop_bit_usable(const struct hwpc_lop_caps *caps, enum hwpc_lop_input in, unsigned b);
/* Physical slot (register * 4 + slot) behind SRC[k] of input in. */
unsigned lop_window(const struct hwpc_lop_caps *caps, enum hwpc_lop_input in, unsigned k);
/* Decode the sources of the 4 arguments from register values (used unset). */
void lop_decode_args(const struct hwpc_lop_caps *caps, const struct hwpc_lop_regs *regs,
		     enum hwpc_lop_input in, struct hwpc_lop_arg args[HWPC_LOP_NARGS]);
/* Which arguments the table of in depends on, as a 4-bit mask. */
unsigned lop_func_support(uint16_t func);
uint16_t lop_func_of(const struct hwpc_lop_caps *caps, const struct hwpc_lop_regs *regs,
		     enum hwpc_lop_input in);
/* Does the hardware, given regs, compute ex for input in in every case? */
bool lop_verify(const struct lop_expr *ex, const struct hwpc_lop_caps *caps,
		const struct hwpc_lop_regs *regs);

/* --- allocation (lop_alloc.c) --- */
struct lop_alloc {
	const struct hwpc_lop_caps *caps;
	const struct lop_expr *ex[HWPC_LOP_NINPUTS]; /* NULL: unused input */
	const struct hwpc_lop_request *req;
	/* results */
	struct lop_option choice[HWPC_LOP_NINPUTS];
	int slot[LOP_NPHYS]; /* signal in each physical slot, -1 free */
};
int lop_allocate(struct lop_alloc *al, struct hwpc_err *err);

#endif
