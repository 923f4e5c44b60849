/* SPDX-License-Identifier: MIT */
/* PCOUNTER: a chip's domains and signals from regdb, reading a domain,
 * and setups planned as register writes. */
#ifndef HWPC_PC_H
#define HWPC_PC_H

#include "hwpc/api.h"

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "hwpc/lop.h"
#include "hwpc/regdb.h"
#include "hwpc/dev.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Domains, signals and setup notes ----------------------------------- */

/* PCOUNTER knowledge shared by the simulator, pcsetup and pcread: a chip's
 * domains (from the regdb profiles), how their registers are named, what the
 * logic ops can do, and the names usable in expressions.  All from regdb. */
#define HWPC_PC_MAX_DOMAINS 32
#define HWPC_PC_MAX_SETS 16
#define HWPC_PC_SET_DOMAINS 8 /* "up to 8 domains per domain set" */
#define HWPC_PC_NAME_LEN 16

/* One PCOUNTER domain of a chip, as a profile lays it out. */
struct hwpc_pc_domain {
	char name[HWPC_PC_NAME_LEN]; /* what users type: "core_a", "gpc2.0", "hub.3" */
	char base[HWPC_PC_NAME_LEN]; /* what signal records say: "core_a", "gpc.0" */
	char setname[8];             /* "main", "hub", "gpc", "part" */
	unsigned inst;               /* which GPC / partition */
	unsigned set;                /* domain set number, in order of appearance */
	unsigned local;              /* index within its set: the MMIO index, DOMn */
	unsigned nsignals, trailer;  /* signal count, trailer base */
	const char *clock;           /* "nvclk", ... (regdb string) */
	uint64_t default_hz;         /* the simulator's default frequency */
	char space[32];              /* regdb space of its registers */
};

struct hwpc_pc_layout {
	const struct hwpc_regdb *db;
	const struct hwpc_chipset *chip;
	char profile[24];
	unsigned ndomains, nsets;
	struct hwpc_pc_domain dom[HWPC_PC_MAX_DOMAINS];
};

/* Lay out the domains of a profile (NULL: the default one). */
HWPC_API int hwpc_pc_layout_load(const struct hwpc_regdb *db, const struct hwpc_chipset *chip, const char *profile,
			struct hwpc_pc_layout *l, struct hwpc_err *err);
/* A domain by name ("core_a", "gpc2.0") or global index ("3"); the error
 * says how many domains the chip has and lists them. */
HWPC_API int hwpc_pc_domain_find(const struct hwpc_pc_layout *l, const char *name, unsigned *dom,
			struct hwpc_err *err);
/* The regdb name of register reg for domain d: "PCOUNTER.PRE_SRC[3]",
 * "PCOUNTER.GPC.PRE_SRC[2][0]"; a register shared by the domains of a set
 * (NV10's CTRL) gets no index.  false if the chip has no such register. */
HWPC_API bool hwpc_pc_reg_name(const struct hwpc_pc_layout *l, unsigned d, const char *reg, char *buf, size_t len);

/* The names usable in expressions for one domain (hwpc-expr(7)): its
 * signals' regdb names, the trailer signals (flag, domN.flag, domN.event,
 * pm_trigger, wrcache_flush, periodic, zero, userN, paused) at their
 * positions, and names that exist only in another domain or on other
 * chipsets, so errors can say where they are valid. */
struct hwpc_pc_names {
	struct hwpc_lop_symtab tab;
	struct hwpc_lop_sym *syms;
	size_t cap;
	char *strings; /* owned copies of generated names and "where" texts */
	size_t slen, scap;
};
HWPC_API int hwpc_pc_names_build(const struct hwpc_pc_layout *l, unsigned d, struct hwpc_pc_names *names,
			struct hwpc_err *err);
HWPC_API void hwpc_pc_names_free(struct hwpc_pc_names *names);
/* The first (preferred) name of a signal of domain d, or NULL. */
HWPC_API const char *hwpc_pc_signal_name(const struct hwpc_pc_names *names, unsigned signal);

/* What pcsetup programmed into a domain, remembered per device so that
 * pcread can tell when someone else (a driver, another user) has
 * reprogrammed it since: the IRIX counters' "generation number" idea, made
 * from the registers themselves.  Only the bits software sets are
 * compared: writable fields (read-only state fields and write-only
 * registers are left out). */
#define HWPC_PC_NOTE_MAX 64
struct hwpc_pc_note {
	unsigned n;
	struct {
		uint32_t addr, value, mask;
	} reg[HWPC_PC_NOTE_MAX];
	uint64_t generation; /* bumped by every pcsetup of the domain */
	char what[128];      /* a short description: "quad: event=..." */
};
struct hwpc_dev;

/* Where a domain's record-mode buffer is and how full (G84+): the VM
 * address of RECORD_START (with RECORD_ADDRESS_HIGH on G92+), the bytes
 * written so far (RECORD_STATUS.POSITION - start), the limit, the FAULT
 * bit and the packet format from CTRL.RECORD_FORMAT. */
struct hwpc_pc_recbuf {
	uint64_t start;     /* VM address of the first packet */
	uint64_t used;      /* bytes written */
	uint64_t limit;     /* VM address of RECORD_LIMIT */
	bool fault;         /* RECORD_STATUS.FAULT */
	bool full;          /* a packet at or past RECORD_LIMIT was written: later ones are dropped */
	bool short_format;  /* SHORT (16-byte) packets, else LONG (32-byte) */
	bool record_mode;   /* CTRL.MODE is RECORD */
	uint64_t hz;        /* the domain's clock, which packet times count (0: the device cannot tell) */
};
HWPC_API int hwpc_pc_recbuf_read(struct hwpc_dev *dev, const struct hwpc_pc_layout *l, unsigned d,
			struct hwpc_pc_recbuf *out, struct hwpc_err *err);

/* Fill logic-op capabilities for the registers of one domain set (space
 * "PCOUNTER", "PCOUNTER.HUB", ...) on chip: bit positions from the OP and
 * SRC fields, features from which fields and registers exist. */
HWPC_API int hwpc_pc_lop_caps(const struct hwpc_regdb *db, const struct hwpc_chipset *chip, const char *space,
		     unsigned nsignals, struct hwpc_lop_caps *caps, struct hwpc_err *err);

/* ---- Reading a domain --------------------------------------------------- */

/* Reading PCOUNTER domains (pcread(1)): counters with their 40-bit
 * assembly (NV10:NV30) or saturation (NV30+), mode and state, the flag,
 * quad-mode latched sets and their ack, record-mode buffer status, signal
 * status and activity scans, 64-bit accumulation across samples, and the
 * perf-style scaling of rotated counter sets.
 *
 * Every register and field comes from regdb through the PCOUNTER layout;
 * a reader resolves them once (hwpc_pc_read_init), so a sample is only the
 * MMIO accesses the hardware needs. */
/* The counters, in the order of envytools' PCOUNTER documentation. */
enum hwpc_pc_read_ctr {
	HWPC_PC_READ_CYCLES,
	HWPC_PC_READ_CYCLES_ALT,
	HWPC_PC_READ_EVENT,
	HWPC_PC_READ_START,
	HWPC_PC_READ_PRE,
	HWPC_PC_READ_STOP,
	HWPC_PC_READ_NCTRS
};
/* "cycles", "cycles_alt", "event", ... (output keys); NULL out of range. */
HWPC_API const char *hwpc_pc_read_ctr_key(enum hwpc_pc_read_ctr c);

/* What a domain is doing, from CTRL's MODE enum (by name). */
enum hwpc_pc_read_mode {
	HWPC_PC_READ_MODE_SINGLE,
	HWPC_PC_READ_MODE_QUAD,
	HWPC_PC_READ_MODE_RECORD,
	HWPC_PC_READ_MODE_OTHER, /* GF100's HALTED and unknown values */
};

/* One domain's resolved registers and fields. */
struct hwpc_pc_read_ctrdesc {
	bool present;
	uint32_t lo, hi; /* hi: the _HI register (NV10:NV30 40-bit counters) */
	bool has_hi;
	unsigned bits;   /* 40 or 32 */
	bool sticky;     /* the top bit is sticky (40-bit NV10:NV30) */
	bool saturates;  /* stops at 2^bits - 1 (NV30+) */
};

struct hwpc_pcr {
	struct hwpc_dev *dev;
	const struct hwpc_pc_layout *l;
	unsigned dom;
	const struct hwpc_pc_domain *di;
	struct hwpc_pc_read_ctrdesc ctr[HWPC_PC_READ_NCTRS];
	uint32_t ctrl;  /* CTRL (NV10:NV40: shared, DOMn_ fields) */
	const struct hwpc_field *f_mode, *f_single, *f_quad, *f_ctr_mode, *f_period, *f_rec_format;
	bool has_ack;   /* QUAD_ACK_TRIGGER (NV30+) */
	uint32_t ack_addr, ack_value;
	bool has_flag;  /* the domain's own FLAG trailer signal */
	unsigned flag_signal;
	uint32_t flag_addr; /* the SIG_STATUS register holding it */
	unsigned nstatus;   /* SIG_STATUS registers of the domain */
	uint32_t status_addr[HWPC_LOP_MAX_SIGNALS / 32];
	bool has_record;    /* RECORD_START/LIMIT/STATUS (G84:GF100) */
	uint32_t rec_start, rec_limit, rec_status;
	const struct hwpc_field *f_rec_addr, *f_rec_pos, *f_rec_fault;
	unsigned rec_long, rec_short; /* packet bytes per format */
};

HWPC_API int hwpc_pc_read_init(struct hwpc_pcr *r, struct hwpc_dev *dev, const struct hwpc_pc_layout *l, unsigned dom,
		  struct hwpc_err *err);

/* One read of a domain. */
struct hwpc_pc_read_sample {
	enum hwpc_pc_read_mode mode;
	const char *mode_name;     /* CTRL's enum name ("SINGLE"); NV10:NV30 have no mode: "SINGLE" */
	const char *state_name;    /* single: INACTIVE..COUNTING; quad: EMPTY/VALID/OVERFLOW;
				      record: RECORDING/FULL/FAULT */
	const char *ctr_mode_name; /* "SIMPLE", ... or NULL */
	uint64_t ctr[HWPC_PC_READ_NCTRS];
	unsigned present;   /* bit per counter the generation has */
	unsigned saturated; /* bit per counter whose value is not a count: NV30+ at
			       0xffffffff (a lower bound), NV10:NV30 with the sticky
			       bit 39 set (the low bits wrapped) */
	int flag;           /* 0/1, -1 when the domain has no FLAG trailer */
	/* single mode: EVENT_CTR_PERIOD is ALL (EVENT sums every counting
	 * period, CYCLES is the last one's) */
	bool event_all;
	/* quad mode */
	bool latched; /* VALID or OVERFLOW: the visible set is one not yet acked */
	bool lost;    /* OVERFLOW: at least one counter set was lost */
	unsigned acks;/* acks written by this read */
	/* device time from the swap that latched the visible set to its read,
	 * where the device can tell (a simulator; real hardware cannot) */
	bool age_known;
	uint64_t set_age_ns;
	/* record mode */
	uint32_t rec_start, rec_limit, rec_pos;
	bool rec_fault, rec_full;
	uint64_t rec_packets; /* packets between start and the position */
	/* what the reader did */
	unsigned mmio_reads, retries;
};

/* Read the domain.  With ack (quad mode, device open for writing), the
 * latched set is acked after it is read: once for VALID, twice for
 * OVERFLOW (only the newest set is visible; the others are lost), so the
 * state is EMPTY until the next swap. */
HWPC_API int hwpc_pc_read(struct hwpc_pcr *r, bool ack, struct hwpc_pc_read_sample *s, struct hwpc_err *err);

/* EVENT / CYCLES in percent, over one window: NAN when there is none, and
 * then *why (when why is not NULL) says why in a few words: no CYCLES or
 * EVENT counter, CYCLES 0, either saturated, EVENT summing every counting
 * period while CYCLES is the last one's (EVENT_CTR_PERIOD ALL), EVENT
 * adding an integer per cycle (the EVENT_B* counter modes), or a period
 * that began between the reads (EVENT is read before CYCLES, so on live
 * counters it can only be larger when a period restarted them).  Never
 * over 100 %. */
HWPC_API double hwpc_pc_read_event_pct_why(const struct hwpc_pc_read_sample *s, const char **why);

/* --- accumulation across samples --------------------------------------
 * 64-bit totals of a domain's counters.  Single mode: the running counters
 * extended across the resets and wraps seen between samples (a 40-bit
 * counter's low 39 bits wrap and set the sticky bit; a reset clears it; a
 * 32-bit counter only resets or saturates).  Quad mode: the sum of the
 * latched sets read (each set counted once: only acked reads add). */
struct hwpc_pc_read_acc {
	bool have_prev;
	struct hwpc_pc_read_sample prev;
	uint64_t total[HWPC_PC_READ_NCTRS];
	unsigned saturated; /* counters whose total is a lower bound */
	uint64_t sets;      /* quad sets summed */
	uint64_t lost;      /* reads that found sets lost (OVERFLOW) */
};
HWPC_API void hwpc_pc_read_acc_init(struct hwpc_pc_read_acc *a);
HWPC_API void hwpc_pc_read_acc_add(struct hwpc_pc_read_acc *a, const struct hwpc_pcr *r, const struct hwpc_pc_read_sample *s);

/* --- signals ------------------------------------------------------------ */

/* The value of every signal of the domain (one read per SIG_STATUS
 * register): bit s of words[s / 32]. */
HWPC_API int hwpc_pc_read_signals(struct hwpc_pcr *r, uint32_t *words, size_t nwords, struct hwpc_err *err);

/* --- activity scans ------------------------------------------------------
 * What share of a window each signal of a domain is 1.
 *
 * Sampled (hwpc_pc_scan_sample, pcread --scan; reads only): SIG_STATUS read
 * at random instants, one drawn uniformly within each of n equal strata of
 * the window from a seeded generator, so that no periodic signal can alias
 * with the sampling; each share carries a 95 % interval (Wilson's score
 * interval for n samples, which one draw per stratum can only make
 * conservative: its variance is at most that of n independent draws).
 * Where the device knows the domain's clock the instants are cycles; where
 * every cycle of the window was read before the next began (a virtual
 * simulator clock and a window of no more cycles than samples) the share
 * is exact and the interval a point.  A scan that falls behind its
 * instants skips to the next stratum that is still ahead.
 *
 * Counted (pcsetup --scan, hwpc_pc_scan_count in the commands' layer):
 * the counters count each signal's 1s over a window of its own, exact. */
#define HWPC_PC_SCAN_SAMPLES 10000 /* sampled: the default n */
struct hwpc_pc_scan {
	uint64_t seed;    /* sampled: the generator's seed */
	bool counted;     /* by the counters: every share exact */
	bool every_cycle; /* sampled: every cycle of the window read */
	bool partial;     /* stopped early: the shares cover what was scanned */
	unsigned nsignals;
	uint64_t ones[HWPC_LOP_MAX_SIGNALS];
	uint64_t samples[HWPC_LOP_MAX_SIGNALS]; /* samples taken, or cycles counted; 0: not scanned */
};
struct hwpc_pc_scan_how {
	uint64_t window_ns; /* sampled: the window; counted: each signal's */
	uint64_t samples;   /* sampled: n (0: HWPC_PC_SCAN_SAMPLES) */
	uint64_t seed;
	const volatile sig_atomic_t *stop; /* stop early when set (may be NULL) */
	/* Called now and then with the work done and the whole (may be NULL). */
	void (*progress)(void *ctx, uint64_t done, uint64_t total);
	void *ctx;
};
HWPC_API int hwpc_pc_scan_sample(struct hwpc_pcr *r, const struct hwpc_pc_scan_how *how, struct hwpc_pc_scan *sc,
				 struct hwpc_err *err);

/* --- what the domain counts ----------------------------------------------
 * The SRC/OP registers of the domain, decompiled into expressions with the
 * domain's signal names (hwpc-expr(7)); exprs[i] is "" for an input whose
 * OP is 0 (constant false). */
#define HWPC_PC_READ_EXPR_LEN 160
HWPC_API int hwpc_pc_read_exprs(struct hwpc_pcr *r, const struct hwpc_pc_names *names,
		   char exprs[HWPC_LOP_NINPUTS][HWPC_PC_READ_EXPR_LEN], struct hwpc_err *err);

/* ---- Setups as write plans ---------------------------------------------- */

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
		       const struct hwpc_pc_setup *s, struct hwpc_wplan *plan, struct hwpc_pc_note *rec,
		       struct hwpc_err *err);

/* Several domains in one plan: each domain's configuration in job order,
 * then every domain's tail (reset release, PRE_OP), so that no domain's
 * write aborts another's counting (NV10:NV40 share CTRL).  A domain may
 * appear once. */
struct hwpc_pc_job {
	unsigned dom;
	const struct hwpc_pc_setup *setup;
	struct hwpc_pc_note *rec; /* may be NULL */
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
			 const char *set, struct hwpc_pc_job *jobs, struct hwpc_pc_note *recs, size_t max,
			 size_t *n, struct hwpc_err *err);
/* pcread: every set of the file takes turns on one domain; the file's
 * sections must all be for it. */
HWPC_API int hwpc_pc_setfile_rotation_domain(const struct hwpc_pc_layout *l, const struct hwpc_pc_setfile *f,
				    const char *domain, unsigned *dom, struct hwpc_err *err);

#ifdef __cplusplus
}
#endif
#endif
