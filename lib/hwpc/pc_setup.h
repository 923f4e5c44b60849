/* SPDX-License-Identifier: MIT */
/* Setting up a PCOUNTER domain (pcsetup(1)): a setup description as users
 * write it (options on the command line or lines of a setup file), checked
 * against the generation, and turned into a write plan in the order the
 * hardware needs, with a record of what was set for pcread.
 *
 * The order (envytools' PCOUNTER documentation, "Single event mode" and "Record mode setup"):
 * writing any SRC, any OP but PRE_OP, any CTR, THRESHOLD or CTRL aborts a
 * single-event counting process, and writing PRE_OP starts one (and swaps
 * counter sets in quad mode on G84:GF100).  So a plan is: set-wide resets
 * asserted, CTRL (mode first), SRC registers, the other OPs, THRESHOLD,
 * CTR_PRE/CTR_STOP initial values, the SWAP source, record registers (after
 * record mode is entered), USER_TRIGGER, raw --reg writes, resets
 * released, and PRE_OP last, once. */
#ifndef HWPC_PC_SETUP_H
#define HWPC_PC_SETUP_H

#include "hwpc/api.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "hwpc/device.h"
#include "hwpc/lop.h"
#include "hwpc/pc.h"
#include "hwpc/wplan.h"

#ifdef __cplusplus
extern "C" {
#endif

enum hwpc_pc_mode { HWPC_PC_SINGLE, HWPC_PC_QUAD, HWPC_PC_RECORD };

/* Which options a setup gives (struct hwpc_pc_setup.given). */
enum hwpc_pc_opt {
	HWPC_PC_SETUP_MODE = 1u << 0,
	HWPC_PC_SETUP_CTR_MODE = 1u << 1,
	HWPC_PC_SETUP_EXPR = 1u << 2, /* any of --pre ... --clrflag */
	HWPC_PC_SETUP_SWAP = 1u << 3,
	HWPC_PC_SETUP_BITS = 1u << 4,
	HWPC_PC_SETUP_RECORD_SIGNALS = 1u << 5,
	HWPC_PC_SETUP_THRESHOLD = 1u << 6,
	HWPC_PC_SETUP_PRE_COUNT = 1u << 7,
	HWPC_PC_SETUP_PERIODS = 1u << 8,
	HWPC_PC_SETUP_EVENT_CTR_PERIOD = 1u << 9,
	HWPC_PC_SETUP_EVENT_IMPORT = 1u << 10,
	HWPC_PC_SETUP_FLAG_IMPORT = 1u << 11,
	HWPC_PC_SETUP_PERIODIC = 1u << 12,
	HWPC_PC_SETUP_RECORD_START = 1u << 13,
	HWPC_PC_SETUP_RECORD_LIMIT = 1u << 14,
	HWPC_PC_SETUP_RECORD_HIGH = 1u << 15,
	HWPC_PC_SETUP_RECORD_FORMAT = 1u << 16,
	/* Triggers: they configure nothing, so alone they write only themselves. */
	HWPC_PC_SETUP_USER = 1u << 17,
	HWPC_PC_SETUP_RESET = 1u << 18,
	HWPC_PC_SETUP_REG = 1u << 19,
};
#define HWPC_PC_SETUP_TRIGGERS (HWPC_PC_SETUP_USER | HWPC_PC_SETUP_RESET | HWPC_PC_SETUP_REG)

enum hwpc_pc_reset { HWPC_PC_RESET_RECORD = 1, HWPC_PC_RESET_PERIODIC = 2 };

#define HWPC_PC_SETUP_MAX_REGS 32
#define HWPC_PC_SETUP_WORD 24
#define HWPC_PC_SETUP_NOPTS 32 /* room for the option table's entries */

/* One domain's setup, as given.  Words (counter mode, import modes, ...)
 * are kept as typed and checked against regdb by hwpc_pc_setup_plan, which
 * knows the generation. */
struct hwpc_pc_setup {
	unsigned given; /* enum hwpc_pc_opt bits */
	enum hwpc_pc_mode mode;
	char ctr_mode[HWPC_PC_SETUP_WORD];
	bool have_expr[HWPC_LOP_NINPUTS];
	char expr[HWPC_LOP_NINPUTS][HWPC_LOP_MAX_EXPR];
	char swap[64];                 /* a signal name or number */
	char bits[256];                /* --bits: signals of the counter mode's integers, low bit first */
	char record_signals[512];      /* --record-signals: the record counters' signals */
	uint64_t threshold, pre_count, periods;
	char event_ctr_period[HWPC_PC_SETUP_WORD], event_import[HWPC_PC_SETUP_WORD],
		flag_import[HWPC_PC_SETUP_WORD], periodic[HWPC_PC_SETUP_WORD],
		record_format[HWPC_PC_SETUP_WORD];
	uint64_t record_start, record_limit, record_high;
	uint32_t user_value, user_pulse;
	unsigned resets; /* enum hwpc_pc_reset bits */
	unsigned nregs;
	char regs[HWPC_PC_SETUP_MAX_REGS][128]; /* NAME[IDX][.FIELD]=VALUE[:MASK] */
	/* From a setup file: the line of the set (or domain) and of each
	 * option, by its index in hwpc_pc_setup_option_names(), so that an
	 * error found when planning names the line that caused it; 0 when
	 * not from a file. */
	unsigned line;
	unsigned opt_line[HWPC_PC_SETUP_NOPTS];
};

HWPC_API void hwpc_pc_setup_init(struct hwpc_pc_setup *s);
/* Apply one option by its long name, with or without the dashes ("event",
 * "--event"); value is its argument.  Later options replace earlier ones,
 * except --reg and --reset, which add.  HWPC_EINPUT names the option. */
HWPC_API int hwpc_pc_setup_option(struct hwpc_pc_setup *s, const char *name, const char *value,
			 struct hwpc_err *err);
/* The setup option names, NULL-terminated ("mode", "counter-mode", ...). */
HWPC_API const char *const *hwpc_pc_setup_option_names(void);
/* The setup-file line an error message is about: the line of the option
 * the message names first ("--periods 0: ...", "EVENT: ..."), else the
 * line of s's set or domain (0: s is not from a file). */
HWPC_API unsigned hwpc_pc_setup_line(const struct hwpc_pc_setup *s, const char *msg);

/* The layout of the device's PCOUNTER: the simulator's own profile, or on
 * real hardware profile (NULL: the chip's default).  Asking a simulated
 * device for another profile than its own is HWPC_EINPUT. */
HWPC_API int hwpc_pc_layout_dev(struct hwpc_dev *dev, const char *profile, struct hwpc_pc_layout *l,
		       struct hwpc_err *err);

/* Check s against the generation and plan its writes for domain dom into
 * plan (initialised by the caller on dev), in the hardware's order, and fill
 * rec (cleared first; may be NULL) with what they set.  Current register
 * values are read for read-modify-write and for display; nothing is
 * written.  HWPC_EINPUT for anything the generation cannot do. */
HWPC_API int hwpc_pc_setup_plan(struct hwpc_dev *dev, const struct hwpc_pc_layout *l, unsigned dom,
		       const struct hwpc_pc_setup *s, struct hwpc_wplan *plan, struct hwpc_pc_record *rec,
		       struct hwpc_err *err);

/* Several domains in one plan: each domain's configuration in job order,
 * then every domain's tail (reset release, PRE_OP), so that no domain's
 * write aborts another's counting (NV10:NV40 share CTRL).  A domain may
 * appear once. */
struct hwpc_pc_job {
	unsigned dom;
	const struct hwpc_pc_setup *setup;
	struct hwpc_pc_record *rec; /* may be NULL */
	const char *file; /* the setup file the setup is from, for messages; NULL: none */
};
HWPC_API int hwpc_pc_setup_plan_many(struct hwpc_dev *dev, const struct hwpc_pc_layout *l, const struct hwpc_pc_job *jobs,
			    size_t n, struct hwpc_wplan *plan, struct hwpc_err *err);

/* The compiled slot assignment and truth tables of s's expressions
 * (hwpc_lop_explain), in *text (malloc'd; free it). */
HWPC_API int hwpc_pc_setup_explain(const struct hwpc_pc_layout *l, unsigned dom, const struct hwpc_pc_setup *s,
			  char **text, struct hwpc_err *err);
/* The same as records of kind pc_logic_input (hwpc-output(7)) on o. */
HWPC_API int hwpc_pc_setup_explain_out(const struct hwpc_pc_layout *l, unsigned dom, const struct hwpc_pc_setup *s,
			      struct hwpc_out *o, struct hwpc_err *err);

/* --- setup files (pcsetup(1), "SETUP FILES") ------------------------------
 * The options, one a line, with or without the dashes; '#' starts a comment.
 * "domain NAME" starts a domain's section, "set NAME" or "[set NAME]" a
 * counter set in it; options before a domain's first set apply to every set
 * of the domain.  A domain with no set line is one set named "". */
struct hwpc_pc_setfile_entry {
	char domain[32]; /* as written; "" when the file names none */
	char set[32];
	unsigned line;   /* where the set (or domain) starts */
	struct hwpc_pc_setup setup;
};
struct hwpc_pc_setfile {
	char path[256];
	size_t n;
	struct hwpc_pc_setfile_entry *e;
};
/* Errors name path:line. */
HWPC_API int hwpc_pc_setfile_parse(const char *path, struct hwpc_pc_setfile *out, struct hwpc_err *err);
/* The same from an open stream; name is used in messages. */
HWPC_API int hwpc_pc_setfile_read(FILE *fp, const char *name, struct hwpc_pc_setfile *out, struct hwpc_err *err);
HWPC_API void hwpc_pc_setfile_free(struct hwpc_pc_setfile *f);

/* --- which setups of a file apply (pcsetup -f, pcread -f) ----------------
 * One rule for both commands: an entry is for the domain its section
 * names, else the domain given (-D), else the only domain of a one-domain
 * chip.  Given a domain, only the sections for it (or naming none) are
 * taken.  Errors name path:line and exit as bad input. */

/* The domain a setup is for: name (NULL or "": none named), else the only
 * domain of l.  where ("path:line: " or "") starts the messages. */
HWPC_API int hwpc_pc_job_domain(const struct hwpc_pc_layout *l, const char *name, const char *where, unsigned *dom,
		       struct hwpc_err *err);
/* pcsetup: each domain of the file once, with the set named set (NULL:
 * its first); jobs[i].setup points into f and jobs[i].rec to recs[i]. */
HWPC_API int hwpc_pc_setfile_jobs(const struct hwpc_pc_layout *l, const struct hwpc_pc_setfile *f, const char *domain,
			 const char *set, struct hwpc_pc_job *jobs, struct hwpc_pc_record *recs, size_t max,
			 size_t *n, struct hwpc_err *err);
/* pcread: every set of the file takes turns on one domain; the file's
 * sections must all be for it. */
HWPC_API int hwpc_pc_setfile_rotation_domain(const struct hwpc_pc_layout *l, const struct hwpc_pc_setfile *f,
				    const char *domain, unsigned *dom, struct hwpc_err *err);

#ifdef __cplusplus
}
#endif
#endif
