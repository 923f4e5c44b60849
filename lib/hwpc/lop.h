/* SPDX-License-Identifier: MIT */
/* Logic-op expressions (hwpc-expr(7)): the language users write PCOUNTER
 * inputs in, compiled to SRC slot selections and OP truth tables, and the way
 * back from register values to a short expression.
 *
 * The module knows the shape of a logic op (4 arguments, a 16-bit table,
 * delay and replace bits) and which SRC slots SETFLAG and CLRFLAG borrow on
 * NV30+.  It does not know bit positions, signal names or generations: the
 * caller describes them in struct hwpc_lop_caps and struct hwpc_lop_symtab
 * (filled from regdb).  Every function is reentrant and allocates nothing. */
#ifndef HWPC_LOP_H
#define HWPC_LOP_H

#include "hwpc/api.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hwpc/error.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The six inputs of a domain.  SRC registers use the same index: PRE_SRC is
 * src[HWPC_LOP_PRE], and so on. */
enum hwpc_lop_input {
	HWPC_LOP_PRE,
	HWPC_LOP_START,
	HWPC_LOP_EVENT,
	HWPC_LOP_STOP,
	HWPC_LOP_SETFLAG,
	HWPC_LOP_CLRFLAG,
	HWPC_LOP_NINPUTS
};

#define HWPC_LOP_NARGS 4          /* arguments of one logic op */
#define HWPC_LOP_MAX_SIGNALS 256  /* a SRC slot is 8 bits wide */
#define HWPC_LOP_MAX_EXPR 1024    /* longest expression accepted, in bytes */

/* Where the fields of one OP register are: bit positions, -1 when the
 * generation lacks the field. */
struct hwpc_lop_op_layout {
	int func;           /* lowest bit of the 16-bit truth table (0) */
	int delay[2];       /* ARG0 / ARG1 take their SRC slot one cycle late */
	int arg2_src0_prev; /* ARG2 = SRC[0] one cycle late (G92+) */
	int arg3_src1_prev; /* ARG3 = SRC[1] one cycle late (G92+) */
	int arg3_setflag;   /* ARG3 = the SETFLAG input (EVENT, STOP; NV30+) */
};

/* What one chipset's logic ops can do.  A feature is used only when its flag
 * is set AND its bit position in the layout is not -1. */
struct hwpc_lop_caps {
	bool own_flag_srcs; /* NV10:NV30: SETFLAG_SRC and CLRFLAG_SRC exist; else
			       SETFLAG/CLRFLAG read PRE_SRC/START_SRC slots */
	bool setflag_arg3;  /* NV30+: EVENT/STOP may take SETFLAG as ARG3 */
	bool delay_replace; /* G92+: ARG2/ARG3 may be SRC0/SRC1 delayed */
	unsigned nsignals;  /* signals in the domain, 1..256 */
	int src_slot[HWPC_LOP_NARGS];  /* lowest bit of SRC slot k (8 bits) */
	struct hwpc_lop_op_layout op[HWPC_LOP_NINPUTS];
};

/* Names usable in one domain of one chipset.  Caller-owned; looked up
 * case-insensitively, first match wins (so list a signal's preferred name
 * first: the decompiler prints the first name of a signal). */
enum hwpc_lop_symkind {
	HWPC_LOP_SYM_SIGNAL,    /* name of signal number .signal */
	HWPC_LOP_SYM_SETFLAG,   /* another name of the SETFLAG pseudo-leaf; the
				   word "setflag" is built in */
	HWPC_LOP_SYM_ELSEWHERE, /* valid only elsewhere: .where says where, as
				   "only in domain 2" or "only on GT215 and later" */
};
struct hwpc_lop_sym {
	const char *name;
	enum hwpc_lop_symkind kind;
	unsigned signal;
	const char *where;
};
struct hwpc_lop_symtab {
	const struct hwpc_lop_sym *syms;
	size_t nsyms;
};

/* A SRC slot whose signal is fixed by something other than a logic op:
 * special counter modes (B4 = START_SRC[0..3], B6 = B4 + EVENT_SRC[2..3],
 * B2 = EVENT_SRC[0..1]) or record mode. */
struct hwpc_lop_pin {
	enum hwpc_lop_input reg; /* which SRC register */
	unsigned slot;           /* 0..3 */
	unsigned signal;
};

/* A whole domain: one expression per input, NULL for an unused input (its
 * table is constant 0). */
struct hwpc_lop_request {
	const char *expr[HWPC_LOP_NINPUTS];
	const struct hwpc_lop_pin *pins;
	size_t npins;
};

/* Register values of one domain: src[] of SETFLAG/CLRFLAG is meaningful only
 * with own_flag_srcs. */
struct hwpc_lop_regs {
	uint32_t src[HWPC_LOP_NINPUTS];
	uint32_t op[HWPC_LOP_NINPUTS];
};

/* Where one argument of a logic op comes from, decoded from the registers. */
struct hwpc_lop_arg {
	bool setflag;             /* the SETFLAG input; reg/slot/prev unused */
	enum hwpc_lop_input reg;  /* the SRC register read */
	unsigned slot;            /* 0..3 */
	bool prev;                /* one cycle late */
	unsigned signal;          /* the signal selected in that slot */
	bool used;                /* the table depends on this argument */
};

struct hwpc_lop_setup {
	struct hwpc_lop_regs regs;
	bool has_src[HWPC_LOP_NINPUTS]; /* the SRC register exists (write it) */
	struct hwpc_lop_arg args[HWPC_LOP_NINPUTS][HWPC_LOP_NARGS];
};

/* "PRE", "START", ... ; NULL when out of range. */
HWPC_API const char *hwpc_lop_input_name(enum hwpc_lop_input in);

/* Compile every expression of req into register values, choosing SRC slots
 * for all inputs together (NV30+ SETFLAG/CLRFLAG share PRE_SRC/START_SRC),
 * and verify each table against its expression over every combination of
 * current and previous signal values.  Bad expressions and impossible
 * placements are HWPC_EINPUT; the message's first line says what is wrong,
 * then the expression and a caret line follow. */
HWPC_API int hwpc_lop_compile(const struct hwpc_lop_caps *caps, const struct hwpc_lop_symtab *syms,
		     const struct hwpc_lop_request *req, struct hwpc_lop_setup *out,
		     struct hwpc_err *err);

/* Decode where the four arguments of input in come from ("used" is set from
 * the table).  HWPC_EINPUT if caps are invalid. */
HWPC_API int hwpc_lop_decode(const struct hwpc_lop_caps *caps, const struct hwpc_lop_regs *regs,
		    enum hwpc_lop_input in, struct hwpc_lop_arg args[HWPC_LOP_NARGS],
		    struct hwpc_err *err);

/* Write a short expression equal to input in's logic op into buf (names from
 * syms, 0x2a for unnamed signals).  Compiling the result gives the same
 * function.  Returns HWPC_OK, or HWPC_EINPUT if caps are invalid or buf is
 * too small (buf then holds a truncated string). */
HWPC_API int hwpc_lop_decompile(const struct hwpc_lop_caps *caps, const struct hwpc_lop_symtab *syms,
		       const struct hwpc_lop_regs *regs, enum hwpc_lop_input in, char *buf,
		       size_t size, struct hwpc_err *err);

/* Human explanation of a domain setup: per input the expression (exprs[i],
 * or decompiled when exprs or exprs[i] is NULL), register values, where
 * each argument comes from, and the truth table as a 4x4 map.  Inputs whose
 * OP is 0 and expression NULL are skipped.  Returns the length it needed,
 * like snprintf (buf may be NULL when size is 0). */
HWPC_API size_t hwpc_lop_explain(const struct hwpc_lop_caps *caps, const struct hwpc_lop_symtab *syms,
			const struct hwpc_lop_regs *regs, const char *const *exprs, char *buf,
			size_t size);

/* The same view as records of kind pc_logic_input (hwpc-output(7)): one per
 * input the text shows, tagged with domain. */
struct hwpc_out;
HWPC_API int hwpc_lop_explain_out(const struct hwpc_lop_caps *caps, const struct hwpc_lop_symtab *syms,
			 const struct hwpc_lop_regs *regs, const char *const *exprs, const char *domain,
			 struct hwpc_out *o, struct hwpc_err *err);

#ifdef __cplusplus
}
#endif
#endif
