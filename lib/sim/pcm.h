/* SPDX-License-Identifier: MIT */
/* The PCOUNTER reference model (envytools' PCOUNTER documentation): shared definitions of its state
 * (in the state file: fixed-size, no pointers), its per-process view of the
 * chip (register decode table, profile, trailer map, all from regdb), and
 * the functions of its parts:
 *
 *   pc_profile.c  profile, domains, signal names and trailers from regdb
 *   pc_regs.c     register decode table, MMIO reads and writes
 *   pc_gen.c      signal generators (constant, periodic, random, PTIMER, trace)
 *   pc_input.c    signal values, SRC selection, logic ops, delays, the flag
 *   pc_counter.c  counter arithmetic and the special counter modes
 *   pc_single.c   single event mode
 *   pc_quad.c     quad event mode
 *   pc_record.c   record mode and its packets
 *   pc_model.c    the cycle step, time interleaving of domains, show
 *   pc_fast.c     the fast engine: skipping periods, free domains apart
 *   pc_block.c    a quad-mode domain 64 cycles a word (random inputs)
 *   pc_api.c      what pcsim drives: generators, pulses, cycles, show */
#ifndef HWPC_SIM_PC_H
#define HWPC_SIM_PC_H

#include "sim/sim.h"

#define PC_MAX_DOMAINS 32 /* every domain of every domain set */
#define PC_MAX_SETS 16
#define PC_SET_DOMAINS 8 /* "up to 8 domains per domain set" (EVENT/FLAG trailers) */
#define PC_MAX_SIGNALS 256
#define PC_TRACE_BYTES (64 * 1024)
#define PC_NAME_LEN 16

/* The six logic-op inputs, in register order. */
enum pc_input { PC_PRE, PC_START, PC_EVENT, PC_STOP, PC_SETFLAG, PC_CLRFLAG, PC_NINPUTS };

/* Counters, in the order of the document's list. */
enum pc_ctr { PC_CYCLES, PC_CYCLES_ALT, PC_CEVENT, PC_CSTART, PC_CPRE, PC_CSTOP, PC_NCTRS };

enum pc_single_state { PC_INACTIVE, PC_WAIT_PRE, PC_WAIT_START, PC_COUNTING };
enum pc_quad_state { PC_EMPTY, PC_VALID, PC_OVERFLOW };
enum pc_mode { PC_MODE_SINGLE, PC_MODE_QUAD, PC_MODE_RECORD, PC_MODE_HALTED };
enum pc_ctr_mode { PC_SIMPLE, PC_EVENT_B4, PC_EVENT_B6, PC_EXTRA_B4, PC_EXTRA_B6_EVENT_B2, PC_CTR_UNKNOWN };

/* Which engine advances the model: the fast one (pc_fast.c, the default)
 * or the per-cycle reference (pc_run), its oracle. */
enum pc_engine { PC_ENGINE_FAST = 0, PC_ENGINE_REFERENCE = 1 };

enum pc_gen_kind { PC_GEN_CONST, PC_GEN_PERIODIC, PC_GEN_RANDOM, PC_GEN_PTIMER, PC_GEN_TRACE };

/* A signal generator: the signal's value is a pure function of the domain
 * cycle number, so it is the same however time is sliced. */
struct pc_gen {
	uint8_t kind;  /* enum pc_gen_kind */
	uint8_t value; /* CONST */
	uint8_t bit;   /* PTIMER: which bit of the PTIMER counter */
	uint8_t pad;
	uint32_t trace_cols; /* TRACE: signals per row */
	uint64_t period, duty, phase; /* PERIODIC: 1 while (n + phase) % period < duty */
	uint64_t seed;                /* RANDOM */
	uint64_t prob32;              /* RANDOM: P(1) * 2^32, 0..2^32 */
	uint64_t trace_bit;           /* TRACE: first bit of this signal's column in the pool */
	uint64_t trace_len;           /* TRACE: rows; the trace repeats */
	uint64_t trace_start;         /* TRACE: domain cycle of row 0 */
};

struct pc_dom_state {
	uint64_t ncycles; /* cycles of this domain since time 0 */
	uint64_t hz;
	/* registers as written */
	uint32_t src[PC_NINPUTS], op[PC_NINPUTS];
	uint32_t swap_src; /* SPEC_SRC or SWAP_SRC */
	uint32_t ctrl;     /* per-domain CTRL (NV40+) */
	uint32_t user_trigger;
	uint32_t pre_init, stop_init;
	uint64_t threshold;
	uint32_t rec_start, rec_limit, rec_high, rec_pos;
	uint8_t rec_fault, rec_valid, rec_wedged, pad3;
	uint32_t rec_busy; /* cycles until the outgoing packet is written */
	uint32_t filter; /* GF100 FILTER, stored only */
	/* counters: visible, and the quad-mode shadow set */
	uint64_t ctr[PC_NCTRS];
	uint64_t shadow[PC_NCTRS];
	uint8_t single_state, quad_state;
	/* the flag: internal value and its history (bit k: k+1 cycles ago) */
	uint8_t flag, flag_hist;
	/* things written since the last cycle ("written this cycle") */
	uint8_t cfg_written, preop_written, preop_swap;
	/* external pulses waiting for this domain's next cycle */
	uint8_t pm_pending, wrcache_pending;
	/* values during the last cycle (what STATUS reads and trailers show) */
	uint8_t pm_now, wrcache_now, periodic_now, user_now, flag_sig, event_trailer;
	uint8_t imp_flag, imp_event;   /* imported DOMx.FLAG / DOMx.EVENT (bit x) */
	uint8_t sync_flag_prev, sync_event_prev; /* for PULSE import */
	uint8_t fhist[PC_SET_DOMAINS], ehist[PC_SET_DOMAINS]; /* synchronizers */
	uint8_t event_out;  /* EVENT input of the last cycle */
	uint8_t user_val, user_pulse;
	uint8_t user_written; /* USER_TRIGGER written since the last cycle */
	uint8_t prev_mux[PC_NINPUTS]; /* SRC selections' values last cycle (4 bits) */
	uint8_t in_last; /* inputs of the last cycle (bit enum pc_input, bit 6: SWAP) */
	uint32_t periodic_cnt;
	/* record mode */
	uint64_t rec_cycles;
	uint16_t rec_ev[12];
	uint16_t rec_stop;
	uint16_t pad2;
	uint64_t rec_packets, rec_dropped;
	/* quad mode: the cycle whose swap latched the visible set (0: none
	 * since time 0), for the set's age */
	uint64_t latch_cycle;
};

struct pc_state {
	char magic[8];
	char profile[32];
	uint32_t ndomains;
	uint32_t reclat; /* cycles a record packet write keeps the domain busy */
	uint32_t ctrl;   /* NV10:NV40's global CTRL */
	uint32_t gctrl;  /* G84:GF100 GCTRL */
	uint32_t rec_chan, rec_dma;
	uint32_t setctrl[PC_MAX_SETS]; /* GF100 per domain set control */
	uint32_t trace_used;           /* bits of the trace pool in use */
	uint32_t engine;               /* enum pc_engine (sim option engine=) */
	struct pc_dom_state dom[PC_MAX_DOMAINS];
	/* What an advance never changes comes last (the journal saves the
	 * part before it: struct sim_model's hot_bytes). */
	struct pc_gen gen[PC_MAX_DOMAINS][PC_MAX_SIGNALS];
	uint8_t trace_pool[PC_TRACE_BYTES];
};

/* What a signal position is wired to, beyond its generator. */
enum pc_wire {
	PC_W_GEN = 0,    /* a generator (the default) */
	PC_W_ZERO,       /* ZERO, and unknown trailer positions */
	PC_W_FLAG,       /* DOMx.FLAG (arg: x), or the one domain's FLAG */
	PC_W_EVENT,      /* DOMx.EVENT (arg: x) */
	PC_W_PM_TRIGGER,
	PC_W_WRCACHE,
	PC_W_PERIODIC,
	PC_W_USER,       /* arg: n */
	PC_W_PAUSED,
};

struct pc_field_set {
	const struct hwpc_field *mode, *ctr_mode, *period, *single_state, *quad_state;
	const struct hwpc_field *event_import, *flag_import, *periodic, *rec_format, *fault_clear;
};

/* Decode-table entry: which register an address is, for which domain. */
enum pc_reg_kind {
	PR_SRC, PR_OP, PR_SIG_STATUS, PR_SRC_STATUS, PR_SWAP_SRC, PR_USER_TRIGGER, PR_CTR, PR_CTR_HI,
	PR_THRESHOLD, PR_THRESHOLD_HI, PR_CTRL, PR_GCTRL, PR_SETCTRL, PR_QUAD_ACK, PR_REC_START,
	PR_REC_LIMIT, PR_REC_STATUS, PR_REC_HIGH, PR_REC_CHAN, PR_REC_DMA, PR_CTR_NEXT, PR_FILTER,
};
struct pc_decode {
	uint32_t addr;
	uint8_t kind;  /* enum pc_reg_kind */
	uint8_t arg;   /* input, counter or STATUS index */
	int16_t dom;   /* global domain index, -1 for global registers */
	const struct hwpc_reg *reg;
};

struct pc_domain_info {
	char name[PC_NAME_LEN]; /* "core_a", "gpc2.0" */
	char base[PC_NAME_LEN]; /* name signal records use: "core_a", "gpc.0" */
	char setname[8];        /* "main", "hub", "gpc", "part" */
	unsigned inst;          /* which GPC / partition */
	unsigned set;           /* domain set number */
	unsigned local;         /* index within its set (DOMx numbering, MMIO index) */
	unsigned nsignals, trailer;
	uint8_t wire[PC_MAX_SIGNALS], warg[PC_MAX_SIGNALS];
	const char *clock;
	uint64_t default_hz;
};

/* A domain's configuration decoded once per advance: registers change only
 * between advances (an MMIO access first brings the model up to date). */
struct pc_dom_cache {
	uint8_t mode, ctr_mode;
	bool reset_event_at_start; /* NV10:NV15, or EVENT_CTR_PERIOD == ONE */
	bool pulse_flag, pulse_event, record_reset, periodic_reset, record_short;
	uint32_t periodic_x; /* PERIODIC period in clocks, 0: disabled */
	int swap_sig;        /* signal driving SWAP; -1 none; -2 PM_TRIGGER */
	uint16_t func[PC_NINPUTS];
	uint8_t opbits[PC_NINPUTS]; /* bit 0-1: ARG0/1 delayed, 2-3: ARG2/3 replaced, 4: ARG3 = SETFLAG */
};

struct pc_priv {
	const struct hwpc_chipset *chip;
	unsigned ndomains, nsets;
	struct pc_domain_info dom[PC_MAX_DOMAINS];
	int set_dom[PC_MAX_SETS][PC_SET_DOMAINS]; /* -> global index, -1 absent */
	/* features, from register/field/enum existence and params */
	unsigned counter_bits;      /* 40 (sticky bit 39) or 32 (saturating) */
	bool own_flag_src;          /* SETFLAG_SRC/CLRFLAG_SRC exist (NV10:NV30) */
	uint8_t flag_args[2][4][2]; /* NV30+: SETFLAG/CLRFLAG SRC[i] = {input, slot} */
	bool has_quad, has_record, has_import_modes, swap_is_pm_trigger, preop_swaps;
	bool has_period;
	uint64_t period_one; /* EVENT_CTR_PERIOD value of ONE */
	unsigned flag_delay, sync_delay;
	unsigned rec_cycle_bits, rec_ev_max, rec_ev_trigger, rec_stop_max, rec_long, rec_short;
	unsigned rec_event_word, rec_stop_word, rec_addr_bits;
	bool rec_has_high;
	/* per input: OP fields (NULL where the generation lacks them) */
	const struct hwpc_field *op_func[PC_NINPUTS], *op_d0[PC_NINPUTS], *op_d1[PC_NINPUTS];
	const struct hwpc_field *op_r2[PC_NINPUTS], *op_r3[PC_NINPUTS], *op_setflag[PC_NINPUTS];
	const struct hwpc_field *swap_field;
	const struct hwpc_field *src_status[PC_NINPUTS];
	/* CTRL: per domain, where its fields live (NV10: DOMn_ fields of the
	 * global CTRL; NV40+: the domain's own CTRL) */
	bool ctrl_global;
	struct pc_field_set cf[2]; /* NV10 DOM0/DOM1, or [0] for NV40+ */
	int mode_val[4];           /* CTRL.MODE value of SINGLE/QUAD/RECORD/HALTED, -1 none */
	uint8_t ctr_mode_of[8];    /* CTRL.CTR_MODE value -> enum pc_ctr_mode */
	uint64_t quad_val[3];      /* QUAD_STATE values of EMPTY/VALID/OVERFLOW */
	uint64_t single_val[4];
	const struct hwpc_field *gctrl_rec_reset, *gctrl_per_reset, *set_rec_reset, *set_per_reset;
	const struct hwpc_field *ack_field[2]; /* QUAD_ACK_TRIGGER DOM0/DOM1 or ACK */
	const struct hwpc_field *rec_start_f, *rec_limit_f, *rec_high_f, *rec_fault_f, *rec_pos_f;
	unsigned nuser;
	bool user_readable;
	const struct hwpc_field *user_val_f[4], *user_pulse_f[4];
	/* the decode table, sorted by address */
	struct pc_decode *decode;
	unsigned ndecode;
	/* scratch for the advance loop */
	uint64_t target[PC_MAX_DOMAINS];
	struct pc_dom_cache cache[PC_MAX_DOMAINS];
	bool enabled;
};

/* pcm_profile.c */
int pc_profile_load(struct sim *s, const char *profile, struct pc_priv *p, struct hwpc_err *err);
int pc_profile_default(struct sim *s, char *buf, size_t len, struct hwpc_err *err);
int pc_signal_by_name(struct sim *s, const struct pc_priv *p, unsigned dom, const char *name);
const char *pc_signal_name(struct sim *s, const struct pc_priv *p, unsigned dom, unsigned sig);
/* The signal name of domain dom nearest name, for "did you mean", or NULL. */
const char *pc_signal_near(struct sim *s, const struct pc_priv *p, unsigned dom, const char *name);
void pc_init_generators(struct sim *s, struct pc_state *st, const struct pc_priv *p);

/* pcm_regs.c */
int pc_regs_attach(struct sim *s, struct pc_priv *p, struct hwpc_err *err);
int pc_rd32(struct sim *s, void *state, void *priv, uint32_t addr, uint32_t *val);
int pc_wr32(struct sim *s, void *state, void *priv, uint32_t addr, uint32_t val);

/* pcm_ctrl.c: the control fields pcm_regs.c resolved, read from the state */
enum pc_mode pc_dom_mode(const struct pc_priv *p, const struct pc_state *st, unsigned d);
enum pc_ctr_mode pc_dom_ctr_mode(const struct pc_priv *p, const struct pc_state *st, unsigned d);
uint64_t pc_ctrl_get(const struct pc_priv *p, const struct pc_state *st, unsigned d,
		     const struct hwpc_field *const *which);
#define PC_CF(p, d, member) (&(p)->cf[(p)->ctrl_global ? (p)->dom[d].local : 0].member)
bool pc_periodic_reset(const struct pc_priv *p, const struct pc_state *st, unsigned d);
bool pc_record_reset(const struct pc_priv *p, const struct pc_state *st, unsigned d);

/* pcm_api.c: the way in for pcsim's requests: the model, locked (with
 * sync: brought up to now) */
int pc_enter(struct hwpc_dev *dev, bool sync, struct sim **sp, struct pc_state **st, struct pc_priv **p,
	     struct hwpc_err *err);
/* What other simulated units ask of PCOUNTER, models beside it (no way
 * back into the simulator's core): PGRAPH's PM_TRIGGER pulse
 * (pcm_input.c), and the instances of a domain set the profile has, for
 * the unit count registers (pcm_profile.c).  Caller holds the lock. */
void pc_pm_trigger(struct sim *s);
unsigned pc_set_instances(struct sim *s, const char *setname);

/* pcm_gen.c */
uint64_t pc_splitmix64(uint64_t x);
int pc_gen_value(struct sim *s, const struct pc_state *st, const struct pc_dom_state *ds,
		 const struct pc_gen *g, uint64_t n);
/* The random generator's stream (its key and prob32's bits, worked out
 * once), and its values at the cycles 64 W ... 64 W + 63, bit b for cycle
 * 64 W + b: the same bits pc_gen_value gives one cycle at a time. */
struct pc_random_stream {
	uint64_t key;
	bool always; /* prob32 = 2^32 */
	unsigned nbits;
	uint64_t pbit[32]; /* bit 31 - j of prob32, as 0 or ~0 */
};
void pc_random_stream_init(struct pc_random_stream *rs, const struct pc_gen *g);
uint64_t pc_random_word(const struct pc_random_stream *rs, uint64_t W);
/* The generator at cycles 64 W ... 64 W + 63, bit b for cycle 64 W + b. */
uint64_t pc_gen_word(struct sim *s, const struct pc_state *st, const struct pc_dom_state *ds, const struct pc_gen *g,
		     uint64_t W);

/* pcm_input.c */
int pc_signal(struct sim *s, const struct pc_priv *p, const struct pc_state *st, unsigned d,
	      unsigned sig, uint64_t n);
/* At most this many: 4 per input with a SRC register, and SWAP. */
#define PC_SELECTED_MAX (PC_NINPUTS * 4 + 1)
unsigned pc_selected_signals(const struct pc_priv *p, const struct pc_state *st, unsigned d,
			     unsigned sel[PC_SELECTED_MAX]);
unsigned pc_mux(struct sim *s, const struct pc_priv *p, const struct pc_state *st, unsigned d,
		uint32_t src, uint64_t n);
void pc_inputs(struct sim *s, const struct pc_priv *p, struct pc_state *st, unsigned d, uint64_t n,
	       uint8_t mux[PC_NINPUTS], bool in[PC_NINPUTS]);
void pc_trailers_begin(const struct pc_priv *p, struct pc_state *st, unsigned d);
void pc_sample(const struct pc_priv *p, struct pc_state *st, unsigned d);
void pc_flag_update(struct pc_dom_state *ds, bool set, bool clr);
void pc_import_step(const struct pc_priv *p, struct pc_dom_state *ds, const struct pc_dom_cache *c);

/* pcm_counter.c */
void pc_ctr_add(const struct pc_priv *p, uint64_t *c, unsigned which, uint64_t k);
unsigned pc_b2(const uint8_t mux[PC_NINPUTS]);
unsigned pc_b4(const uint8_t mux[PC_NINPUTS]);
unsigned pc_b6(const uint8_t mux[PC_NINPUTS]);
uint64_t pc_event_increment(enum pc_ctr_mode m, bool event, const uint8_t mux[PC_NINPUTS]);
uint64_t pc_extra_increment(enum pc_ctr_mode m, const uint8_t mux[PC_NINPUTS]);

/* pcm_single.c, pcm_quad.c, pcm_recmode.c */
void pc_single_cycle(const struct pc_priv *p, struct pc_state *st, unsigned d, const bool in[PC_NINPUTS],
		     const uint8_t mux[PC_NINPUTS]);
void pc_quad_cycle(const struct pc_priv *p, struct pc_state *st, unsigned d, const bool in[PC_NINPUTS],
		   const uint8_t mux[PC_NINPUTS], bool swap);
/* The swap at the start of domain cycle n. */
void pc_quad_swap(struct pc_dom_state *ds, uint64_t n);
void pc_record_cycle(struct sim *s, const struct pc_priv *p, struct pc_state *st, unsigned d,
		     const bool in[PC_NINPUTS], const uint8_t mux[PC_NINPUTS]);
void pc_record_clear(struct pc_dom_state *ds);
/* The packet layout from regdb, as the decoder loads it: a parameter
 * missing is an error (HWPC_EINPUT) on a chipset with record mode. */
int pc_record_params(struct sim *s, struct pc_priv *p, struct hwpc_err *err);

/* pcm_step.c: the reference engine */
void pc_cache(const struct pc_priv *p, const struct pc_state *st, unsigned d, struct pc_dom_cache *c);
void pc_step(struct sim *s, const struct pc_priv *p, struct pc_state *st, unsigned d);
void pc_run(struct sim *s, struct pc_priv *p, struct pc_state *st, sim_ps to);
void pc_run_setup(struct sim *s, struct pc_priv *p, struct pc_state *st, sim_ps to);

/* pcm_api.c: one domain's state, for pcsim show */
void pc_show_domain(struct sim *s, const struct pc_priv *p, const struct pc_state *st, unsigned d,
		    struct hwpc_out *o);

/* pcm_block.c: a quad-mode domain 64 cycles at a time, exact against
 * pc_step.  0 when domain d's configuration (registers as cached by
 * pc_run_setup) does not allow it; else such a cycle costs about 1/share
 * of one the reference steps (the catch-up budget).  And: step d towards
 * cycle m, whole words where it can; returns the words evaluated (0:
 * nothing done, step it). */
unsigned pc_block_share(const struct pc_priv *p, const struct pc_state *st, unsigned d);
uint64_t pc_block_to(struct sim *s, const struct pc_priv *p, struct pc_state *st, unsigned d, uint64_t m);

/* pcm_fast.c: the fast engine, exact against pc_run */
void pc_fast_run(struct sim *s, struct pc_priv *p, struct pc_state *st, sim_ps to);
/* Domain-cycles per second the fast engine steps one at a time in the
 * current configuration (those of domains it cannot skip). */
uint64_t pc_fast_stepped_hz(struct sim *s, struct pc_priv *p, struct pc_state *st);
struct pc_fast_stats {
	uint64_t skipped, stepped, delegated, limited, parallel;
};
void pc_fast_stats_get(struct pc_fast_stats *out);

/* sim_memory.c */
int sim_mem_write(struct sim *s, uint64_t addr, const void *buf, size_t len);
int sim_mem_read(struct sim *s, uint64_t addr, void *buf, size_t len);
uint64_t sim_mem_size(struct sim *s);
uint64_t sim_mem_base(struct sim *s);

#endif
