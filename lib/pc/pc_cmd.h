/* SPDX-License-Identifier: MIT */
/* PCOUNTER reads as the hwpc commands report them: not libhwpc's API
 * (nothing here is exported from libhwpc.so; the commands link
 * libhwpc.a).  The record kinds are hwpc-output(7)'s pc_counters,
 * pc_signal and pc_set_count. */
#ifndef HWPC_PC_CMD_H
#define HWPC_PC_CMD_H

#include "hwpc/pc.h"
#include "core/core_cmd.h"

/* The chip's default profile name (the one marked default=yes). */
int hwpc_pc_profile_default(const struct hwpc_regdb *db, const struct hwpc_chipset *chip, char *buf,
			    size_t len, struct hwpc_err *err);
/* hwpc_pc_read_event_pct_why without the why. */
double hwpc_pc_read_event_pct(const struct hwpc_pc_read_sample *s);
/* Signal sig's share in percent and its 95 % interval; false when it was
 * not scanned. */
bool hwpc_pc_scan_share(const struct hwpc_pc_scan *sc, unsigned sig, double *pct, double *lo, double *hi);

/* ---- The setup note (struct hwpc_pc_note): how pcsetup tells pcread what
 * it programmed.  A protocol between the commands, kept in the runtime
 * directory (hwpc(7)), not API. */
/* Add a written register (value as written) to rec, with the mask of its
 * bits that read back what was written (regdb's read=; 0 for a counter,
 * which is noted all the same).  false when rec is full. */
bool hwpc_pc_note_add(struct hwpc_pc_note *rec, const struct hwpc_regdb *db,
			const struct hwpc_chipset *chip, uint32_t addr, uint32_t value);
/* Save rec as the domain's note, its generation the saved note's plus one
 * (rec->generation is set): concurrent saves are ordered, none lost. */
int hwpc_pc_note_save(struct hwpc_dev *dev, const char *domain, struct hwpc_pc_note *rec,
			struct hwpc_err *err);
/* The same, keeping the saved note's entries at addresses rec has not
 * (the R10000's two counters, each set up on its own). */
int hwpc_pc_note_merge(struct hwpc_dev *dev, const char *domain, struct hwpc_pc_note *rec,
			 struct hwpc_err *err);
/* found is false (and rec empty) when nothing was recorded. */
int hwpc_pc_note_load(struct hwpc_dev *dev, const char *domain, struct hwpc_pc_note *rec, bool *found,
			struct hwpc_err *err);
/* Re-read the recorded registers; *changed and a one-line description of
 * the first difference ("PCOUNTER.EVENT_OP[1]: 0x0000aaaa, set 0x0000cccc").
 * Configuration only: the bits regdb says read back what was written
 * (read=), never a live count (CTR_PRE, CTR_STOP) or state. */
int hwpc_pc_note_check(struct hwpc_dev *dev, const struct hwpc_pc_note *rec, bool *changed,
			 char *diff, size_t len, struct hwpc_err *err);

/* Check what pcsetup noted under key (a domain's name, HWPC_R10K_NOTE)
 * against the device: a change is told once (*warned) and makes the run
 * suspect; verbose tells say what was checked.  say->who starts the
 * messages ("core_a: "), what names the setup ("counter setup") and
 * against what it is checked ("the control words"). */
struct hwpc_pc_note_say {
	const char *who, *what, *against;
};
int hwpc_pc_note_verify(struct hwpc_dev *dev, const char *key, const struct hwpc_pc_note_say *say,
			const struct hwpc_tell *tell, bool *warned, bool *suspect, struct hwpc_err *err);
/* The same for PCOUNTER domain dom ("core_a: setup changed since ..."). */
int hwpc_pc_note_verify_dom(struct hwpc_dev *dev, const char *dom, const struct hwpc_tell *tell, bool *warned,
			    bool *suspect, struct hwpc_err *err);

/* ---- A domain watched while it is counted (pc_watch.c) -------------------
 * Was the domain reprogrammed since the count began?  Either its setup
 * note's generation moved (a pcsetup, a pcread SETUP -- CMD: any setup
 * hwpc makes, --force or not), or a configuration register no longer holds
 * what it held then (CTRL, the SWAP source, THRESHOLD, every input's SRC
 * and OP, and the registers the note lists; the bits that read back what
 * was written).  A counter that restarted under a new setup would
 * otherwise be summed as if it had wrapped or been reset. */
struct hwpc_pc_watch {
	char domain[HWPC_PC_NAME_LEN];
	bool found;               /* a note at begin */
	uint64_t generation;      /* its generation (0: no note) */
	struct hwpc_pc_note conf; /* the configuration registers as they read at begin */
};
int hwpc_pc_watch_begin(struct hwpc_dev *dev, const struct hwpc_pc_layout *l, unsigned dom, struct hwpc_pc_watch *w,
			struct hwpc_err *err);
/* *changed, and why in one line ("setup note generation 2 -> 3 (single
 * EVENT=0x11)", "PCOUNTER.EVENT_OP[1] (0x00a4a4) reads ..."). */
int hwpc_pc_watch_check(struct hwpc_dev *dev, const struct hwpc_pc_watch *w, bool *changed, char *why, size_t len,
			struct hwpc_err *err);
/* hwpc_pc_note_check, the recorded value named was ("pcsetup set"). */
int hwpc_pc_note_diff(struct hwpc_dev *dev, const struct hwpc_pc_note *rec, const char *was, bool *changed,
		      char *diff, size_t len, struct hwpc_err *err);

/* --- rotation: perf-style scaling -----------------------------------------
 * Several counter sets take turns on one domain.  Each set counted for part
 * of the time (its quad periods' CYCLES); its estimate over the whole time
 * is count * total / counted, as perf stat scales multiplexed events, and
 * the fraction counted is counted / total. */
struct hwpc_pc_read_rotset {
	uint64_t count[HWPC_PC_READ_NCTRS]; /* summed over the periods this set counted */
	uint64_t counted;               /* domain cycles this set counted */
	uint64_t periods;
	unsigned saturated;             /* counters that saturated in some period */
};

/* Taking turns on the hardware (G84:GF100, whose PRE_OP write swaps): begin
 * programs a set in quad mode with pcsetup's plan (the device open for
 * writing) and drops what counted meanwhile; end swaps, reads the set's
 * period, acks it and adds it to set.  step, when set, is called between
 * the swap and the read (a virtual simulator clock must move a cycle). */
struct hwpc_pc_setup;
struct hwpc_pc_read_rotation {
	struct hwpc_pcr *r;
	uint32_t preop;
	bool by_trigger; /* a turn ends with PM_TRIGGER (NV40:G84), not a PRE_OP write */
	struct hwpc_pc_note rec; /* what the last turn set up (rec.n 0: no turn yet) */
	/* The domain watched from a turn's begin to its end: reprogrammed by
	 * someone else meanwhile (the last turn), the turn's counts are
	 * dropped, not added to its set; why says what changed. */
	struct hwpc_pc_watch watch;
	bool reprogrammed;
	char why[320];
};
int hwpc_pc_read_rot_init(struct hwpc_pc_read_rotation *rt, struct hwpc_pcr *r, struct hwpc_err *err);
/* One whole turn: begin with set, let it count interval_ns of device time
 * (hwpc_dev_wait_ns: a virtual simulator clock is advanced), end into out
 * (nothing added when the domain was reprogrammed meanwhile: reprogrammed). */
int hwpc_pc_read_rot_turn(struct hwpc_pc_read_rotation *rt, const struct hwpc_pc_setup *set, uint64_t interval_ns,
		      struct hwpc_pc_read_rotset *out, struct hwpc_err *err);
/* After the turns: the setup note (hwpc_pc_note_save) becomes what the
 * last turn set up, so that a later pcread does not report the rotation's
 * own writes as a setup changed by someone else.  Nothing without a turn. */
int hwpc_pc_read_rot_save(struct hwpc_pc_read_rotation *rt, struct hwpc_err *err);

/* The exact rate of domain dom's clock where the device knows it (0:
 * unknown: real hardware), and a wait until n more of its cycles have
 * passed (fallback_ns where the rate is unknown): a virtual simulator
 * clock is stepped exactly. */
uint64_t hwpc_pc_domain_hz(struct hwpc_dev *dev, const struct hwpc_pc_layout *l, unsigned dom);
int hwpc_pc_wait_cycles(struct hwpc_dev *dev, const struct hwpc_pc_layout *l, unsigned dom, uint64_t n,
			uint64_t fallback_ns, struct hwpc_err *err);

/* The pc_counters key of counter c's 64-bit total ("cycles_total",
 * "event_count_total"); NULL out of range. */
const char *hwpc_pc_total_key(enum hwpc_pc_read_ctr c);

/* The domains names[] name (by name or number), in order; none, or "all"
 * among them, is every domain.  doms has room for HWPC_PC_MAX_DOMAINS. */
int hwpc_pc_domains_pick(const struct hwpc_pc_layout *l, const char *const *names, unsigned n, unsigned *doms,
			 unsigned *ndoms, struct hwpc_err *err);

/* Which optional columns pc_counters records carry, fixed before the
 * first: text shows only these, the machine formats every key. */
struct hwpc_pc_cols {
	bool sample;  /* sampling: sample, elapsed_ns (and host_ns) */
	bool quad;    /* lost, ack_count */
	bool record;  /* record_position, record_packet_count */
	bool totals;  /* the 64-bit totals */
	bool expr;    /* what each input counts */
	bool verbose; /* mmio_read_count; with sample, every column */
	bool lag;     /* lag_ns (a device that can lag) */
	/* sampling: the text table streams in the widest values these allow
	 * (hwpc_pc_cols_widen); count 0: until interrupted */
	uint64_t count, interval_ns;
	unsigned domain_w, mode_w, state_w, ctr_w;
};
#define HWPC_PC_MAX_COLS 64
/* Widen lc's columns for domain r: its name, its mode and state names,
 * its counters' widest values. */
void hwpc_pc_cols_widen(struct hwpc_pc_cols *lc, const struct hwpc_pcr *r);
/* The text table's columns for lc (at most HWPC_PC_MAX_COLS); the count.
 * Sampling, the table streams, 120 columns wide for most chips: without
 * verbose it leaves out what the other columns or warnings say (mode,
 * cycles_alt, saturated, lost, ack_count, record_*, lag_ns), and shows
 * totals only with lc->totals. */
size_t hwpc_pc_counter_cols(const struct hwpc_pc_cols *lc, struct hwpc_col *cols);

/* One domain's sample as a pc_counters record: sample number k, taken
 * t_ns after the first; acc holds the totals (with lc->totals; null once
 * the domain was reprogrammed during the run), exprs what each input
 * counts (with lc->expr).  Text shows a saturated counter
 * as the word and the saturated counters as a list; the machine formats
 * give null and a boolean. */
int hwpc_pc_counters_out(struct hwpc_out *o, enum hwpc_format fmt, const struct hwpc_pc_cols *lc,
			 const struct hwpc_pcr *r, const struct hwpc_pc_read_acc *acc, bool reprogrammed,
			 char exprs[HWPC_LOP_NINPUTS][HWPC_PC_READ_EXPR_LEN], const struct hwpc_pc_read_sample *s,
			 uint64_t k, uint64_t t_ns, struct hwpc_err *err);
/* The same on a Chrome trace: a counter track per domain, its counters as
 * series, and the EVENT/CYCLES percentage on a track of its own. */
void hwpc_pc_counters_trace(struct hwpc_trace *t, const struct hwpc_pcr *r, const struct hwpc_pc_read_sample *s,
			    uint64_t t_ns);
/* "cycles, event" (sep ", ") or "cycles+event": the counters of mask. */
void hwpc_pc_ctr_list(unsigned mask, const char *sep, char *buf, size_t len);

/* Every signal of a domain as pc_signal records: its value (bit s of
 * words[s / 32]), or with sc its share of the scan with the 95 % interval
 * (a point where exact).  Its other names: text shows them beside the
 * first, the machine formats as aliases. */
extern const struct hwpc_col hwpc_pc_signal_cols[4], hwpc_pc_scan_cols[10];
int hwpc_pc_signals_out(struct hwpc_out *o, enum hwpc_format fmt, const struct hwpc_pcr *r,
			const struct hwpc_pc_names *names, const uint32_t *words, const struct hwpc_pc_scan *sc,
			struct hwpc_err *err);

/* Rotated counter sets (pcread -f) as pc_set_count records: each set's
 * counts and their estimates scaled to the whole time. */
extern const struct hwpc_col hwpc_pc_set_cols[8];
int hwpc_pc_sets_out(struct hwpc_out *o, const struct hwpc_pcr *r, const struct hwpc_pc_setfile *sf,
		     const struct hwpc_pc_read_rotset *sets, struct hwpc_err *err);

/* One counter of a domain, read alone (the fewest accesses: one, or HI,
 * LO, HI for a 40-bit one), for a read that host timestamps bracket
 * closely; *saturated as in hwpc_pc_read. */
int hwpc_pc_read_ctr(struct hwpc_pcr *r, enum hwpc_pc_read_ctr c, uint64_t *v, bool *saturated,
		     struct hwpc_err *err);

/* Whether a setup option adds when repeated (--reg, --reset) rather than
 * being given once (pc_setup_opts.c); name as hwpc_pc_setup_option takes. */
bool hwpc_pc_setup_option_adds(const char *name);

/* ---- Setups as pcsetup applies them (pc_jobs.c) --------------------------
 * pcsetup, and pcread SETUP -- CMD: the jobs of the setup options (for one
 * domain) or of a setup file; refused where a domain to configure is
 * someone else's (hwpc_pc_foreign), unless the caller forces it; written,
 * and each domain's note saved for pcread's checks. */
struct hwpc_pc_jobset {
	size_t n;
	int lock; /* the setup lock's descriptor + 1 (0: not held) */
	struct hwpc_pc_job job[HWPC_PC_MAX_DOMAINS];
	struct hwpc_pc_note rec[HWPC_PC_MAX_DOMAINS];
};
/* f's setups (hwpc_pc_setfile_jobs: domain, set), or without f the setup s
 * for domain (NULL: the chip's only one). */
int hwpc_pc_jobset_pick(struct hwpc_pc_jobset *js, const struct hwpc_pc_layout *l, const struct hwpc_pc_setfile *f,
			const struct hwpc_pc_setup *s, const char *domain, const char *set, struct hwpc_err *err);
/* HWPC_EINPUT naming the first domain to configure that is someone else's.
 * It takes the user's setup lock (in the runtime directory) first and
 * holds it until hwpc_pc_jobset_apply has saved the notes, or
 * hwpc_pc_jobset_unlock: two pcsetup at once on one domain would otherwise
 * each find the other's registers written and its note not yet saved. */
int hwpc_pc_jobset_check(struct hwpc_pc_jobset *js, struct hwpc_dev *dev, const struct hwpc_pc_layout *l,
			 struct hwpc_err *err);
/* Give the setup lock back (nothing when it is not held). */
void hwpc_pc_jobset_unlock(struct hwpc_pc_jobset *js);
/* Make plan's writes (hwpc_pc_setup_plan_many of js) and save the notes. */
int hwpc_pc_jobset_apply(struct hwpc_pc_jobset *js, struct hwpc_wplan *plan, const struct hwpc_pc_layout *l,
			 struct hwpc_err *err);

/* Whether domain dom holds a setup someone else made (pc_foreign.c): one
 * whose configuration changed since pcsetup's note, or, with no note,
 * inputs in use (an
 * OP register that is not 0).  why gets one line saying which register.
 * The commands that reprogram a domain refuse it unless --force. */
int hwpc_pc_foreign(struct hwpc_dev *dev, const struct hwpc_pc_layout *l, unsigned dom, bool *foreign, char *why,
		    size_t len, struct hwpc_err *err);

/* ---- A setup put back (pc_keep.c) ----------------------------------------
 * Commands that borrow domains for a measurement (pcread --clocks, pcsetup
 * --scan) write pcsetup's plans and then give every register those plans
 * wrote the value it held: PRE_OP first (restore_first), a cycle of every
 * domain, then the rest in the setup's order, PRE_OP again where a
 * single-event process was counting; a counter register gets the initial
 * value pcsetup noted rather than the count read. */
struct hwpc_pc_keep {
	struct hwpc_dev *dev;
	unsigned n;
	struct hwpc_pcr r[HWPC_PC_MAX_DOMAINS];
	struct hwpc_wplan restore_first, restore;
};
/* Plan putting back what setup (planned, not yet applied: its old values
 * are what the registers hold) overwrites in domains doms[0..n). */
int hwpc_pc_keep_plan(struct hwpc_pc_keep *k, struct hwpc_dev *dev, const struct hwpc_pc_layout *l,
		      const unsigned *doms, unsigned n, const struct hwpc_wplan *setup, struct hwpc_err *err);
/* Put it back. */
int hwpc_pc_keep_restore(struct hwpc_pc_keep *k, struct hwpc_err *err);
void hwpc_pc_keep_free(struct hwpc_pc_keep *k);

/* ---- Counted activity scans (pc_scan_count.c, pcsetup --scan) ------------
 * Every signal of domains doms[0..n) counted over a window of its own, all
 * domains at once: four signals a window where software can swap quad
 * sets (G84:GF100 by PRE_OP, NV40:G84 by PM_TRIGGER), one (on EVENT, in
 * single-event mode) elsewhere; the setup found put back after. */
struct hwpc_pc_scan_count {
	struct hwpc_wplan first;  /* the first window's writes (--dry-run) */
	struct hwpc_pc_keep keep; /* what puts back the setup found */
	unsigned windows;         /* how many windows */
	unsigned per_window;      /* signals counted per window: 4 or 1 */
	/* The quad-mode domains not scanned whose sets the windows' PM_TRIGGER
	 * swaps too (with force; "" when none): to be told. */
	char others[HWPC_PC_MAX_DOMAINS * (HWPC_PC_NAME_LEN + 2)];
	void *priv;
};
/* Plan (nothing written).  Windows ended by PM_TRIGGER would swap other
 * quad-mode domains' sets too: HWPC_EINPUT naming them, as
 * hwpc_pc_trigger_check says, unless force (then c->others names them). */
int hwpc_pc_scan_count_init(struct hwpc_pc_scan_count *c, struct hwpc_dev *dev, const struct hwpc_pc_layout *l,
			    const unsigned *doms, unsigned n, bool force, struct hwpc_err *err);
/* Scan, each window how->window_ns of device time (a virtual simulator
 * clock is advanced), into out[0..n); stop early when *how->stop is set
 * (out[j].partial); put the setup back, also after an error. */
int hwpc_pc_scan_count_run(struct hwpc_pc_scan_count *c, const struct hwpc_pc_scan_how *how, struct hwpc_pc_scan *out,
			   struct hwpc_err *err);
void hwpc_pc_scan_count_free(struct hwpc_pc_scan_count *c);

/* ---- Every domain's clock (pc_clocks.c, pcread --clocks) -----------------
 * Each domain counts CYCLES in single-event mode (PRE and START always 1,
 * STOP never: pcsetup's plan), read alone between two device timestamps
 * at both ends of a window; then the registers the setup wrote get back
 * what they held (restore).  measured_hz carries its uncertainty: the
 * timestamps bracketing each read and the count's quantisation. */
struct hwpc_pc_clock {
	unsigned dom;
	struct hwpc_pcr r;
	uint64_t cycles;       /* counted between the two reads */
	double elapsed_ns;     /* between the reads, by the device's clock */
	double measured_hz;
	double uncertainty_hz; /* the larger distance to the bounds */
	bool saturated;
};
struct hwpc_pc_clocks {
	struct hwpc_dev *dev;
	const struct hwpc_pc_layout *l;
	struct hwpc_pc_setup how;  /* the setup each domain gets */
	struct hwpc_wplan setup;   /* its writes */
	struct hwpc_pc_keep keep;  /* the same registers, back to what they held */
	unsigned n;
	struct hwpc_pc_clock clk[HWPC_PC_MAX_DOMAINS];
	bool can_lag;
	uint64_t lag_ns; /* device time skipped during the window */
};
/* Plan the measurement of domains doms[0..n) (nothing written). */
int hwpc_pc_clocks_plan(struct hwpc_pc_clocks *c, struct hwpc_dev *dev, const struct hwpc_pc_layout *l,
			const unsigned *doms, unsigned n, struct hwpc_err *err);
/* Set up, measure for window_ns of device time (a virtual simulator clock
 * is advanced), and put back what was found, also after an error. */
int hwpc_pc_clocks_measure(struct hwpc_pc_clocks *c, uint64_t window_ns, struct hwpc_err *err);
void hwpc_pc_clocks_free(struct hwpc_pc_clocks *c);
/* The measured clocks as pc_clock records, and the text columns for them. */
int hwpc_pc_clocks_out(struct hwpc_out *o, enum hwpc_format fmt, const struct hwpc_pc_clocks *c, struct hwpc_err *err);
size_t hwpc_pc_clocks_cols(const struct hwpc_col **cols);
/* Are the figures suspect (--strict: exit 3)?  The device lagged during the
 * window (they are low), or with strict a clock is less certain than
 * HWPC_RATE_STRICT_PPM; told, with name (the device) first. */
bool hwpc_pc_clocks_suspect(const struct hwpc_pc_clocks *c, const char *name, bool strict,
			    const struct hwpc_tell *tell);
/* pcread --clocks, one device: the domains named (none, "all": every one;
 * a name the layout of profile lacks is HWPC_EINPUT, "-D: ...") measured
 * for window_ns as pc_clock records on out, or with dry_run the writes
 * planned, there and back, as planned_write records; *suspect as
 * hwpc_pc_clocks_suspect says (told, name first). */
struct hwpc_pc_clocks_opts {
	const char *profile, *name;
	const char *const *domains;
	unsigned ndomains;
	uint64_t window_ns;
	enum hwpc_format fmt;
	bool dry_run, strict;
	const struct hwpc_tell *tell;
};
int hwpc_pc_clocks_run_out(struct hwpc_dev *dev, const struct hwpc_pc_clocks_opts *o, struct hwpc_out *out,
			   bool *suspect, struct hwpc_err *err);

/* ---- PM_TRIGGER by software (pc_trigger.c) -------------------------------
 * PGRAPH's PM_TRIGGER pulses into every domain; in quad mode it swaps the
 * sets of the domains whose SWAP it is (NV30:G84 always, G84:GF100 by
 * default).  regdb's PCOUNTER.PM_TRIGGER_WRITE names the field a write of
 * 1 to fires it (PGRAPH.DEBUG_1.PM_TRIGGER on NV40:GF100); elsewhere the
 * error (HWPC_EINPUT) says that no public document names one and what the
 * simulator offers instead. */
struct hwpc_pc_trigger {
	const struct hwpc_reg *reg;
	const struct hwpc_field *field;
	uint32_t addr;
	uint32_t keep;  /* the register's bits written back as read */
	uint32_t value; /* what hwpc_pc_trigger_plan writes */
	char name[128]; /* "PGRAPH.DEBUG_1.PM_TRIGGER" */
};
int hwpc_pc_trigger_find(const struct hwpc_dev *dev, struct hwpc_pc_trigger *t, struct hwpc_err *err);
/* Plan the write that fires it (a read-modify-write of the bits that read
 * back) into plan. */
int hwpc_pc_trigger_plan(struct hwpc_dev *dev, struct hwpc_wplan *plan, struct hwpc_pc_trigger *t,
			 struct hwpc_err *err);
/* Fire it, and wait until each of the domains doms[0..n) has had a cycle
 * since (one after the other), so that what it latched can be read. */
int hwpc_pc_trigger_fire(struct hwpc_dev *dev, const struct hwpc_pc_layout *l, const unsigned *doms, unsigned n,
			 struct hwpc_pc_trigger *t, struct hwpc_err *err);

/* Which quad-mode domains of l a PM_TRIGGER swaps (a bit per domain
 * index in *swapped): every quad-mode domain where SWAP is wired to it
 * (regdb's PCOUNTER.SWAP_SIGNAL, NV30:G84), else those whose SWAP source
 * (SPEC_SRC.SWAP, G84:GF100) selects their PM_TRIGGER signal.  The
 * domains of mine (a bit per index) are left out; names gets the others'
 * names, ", " between them ("" when none). */
int hwpc_pc_trigger_swaps(struct hwpc_dev *dev, const struct hwpc_pc_layout *l, uint32_t mine, uint32_t *swapped,
			  char *names, size_t len, struct hwpc_err *err);
/* --trigger's warning, where PM_TRIGGER swaps quad-mode domains besides
 * mine: *any, and "--trigger swaps the quad sets of shader too (not
 * WHERE): whoever reads them loses them" in buf ("" when it swaps no
 * other). */
int hwpc_pc_trigger_others_text(struct hwpc_dev *dev, const struct hwpc_pc_layout *l, uint32_t mine, const char *where,
				bool *any, char *buf, size_t len, struct hwpc_err *err);
/* For a command whose own counting fires PM_TRIGGER (pcread -- CMD, -f
 * rotation on NV40:G84): the others it swaps (hwpc_pc_trigger_swaps) are
 * HWPC_EINPUT naming them, as someone else's setup is, unless force. */
int hwpc_pc_trigger_check(struct hwpc_dev *dev, const struct hwpc_pc_layout *l, uint32_t mine, bool force,
			  uint32_t *others, char *names, size_t len, struct hwpc_err *err);

/* ---- Counting across a span of time (pc_span.c, pcread -- CMD) ----------
 * From begin to the last sample, each domain's counts, cut into intervals
 * at the samples: single-event counters read live, quad-mode sets swapped
 * by software at every sample (a PRE_OP write, G84:GF100; PM_TRIGGER,
 * NV40:G84), read and acked, so that the sets tile the span.  A quad set
 * is 32-bit: sample at least every 2^32 cycles of the fastest domain.
 * Record-mode domains are left out (left_out, a bit per domain index). */
enum hwpc_pc_span_swap { HWPC_PC_SPAN_NONE, HWPC_PC_SPAN_PRE_OP, HWPC_PC_SPAN_TRIGGER };
struct hwpc_pc_span_dom {
	struct hwpc_pcr *r;
	enum hwpc_pc_read_mode mode; /* at begin */
	uint32_t preop;              /* quad, PRE_OP swaps: its address */
	struct hwpc_pc_read_acc acc;
	uint64_t base[HWPC_PC_READ_NCTRS];  /* acc's totals at begin */
	uint64_t total[HWPC_PC_READ_NCTRS]; /* since begin */
	uint64_t delta[HWPC_PC_READ_NCTRS]; /* in the last interval */
	/* Device times: of the read or swap that began the span, ended the
	 * interval before, and ended the last; each give or take its _unc_ns
	 * (half the timestamps' distance around that access). */
	uint64_t start_ns, last_ns, now_ns;
	uint64_t start_unc_ns, last_unc_ns, now_unc_ns;
	/* Reprogrammed (hwpc_pc_watch_check at each sample): in the last
	 * interval, in the run so far (its counts are then no figure), how
	 * many times, and the last time's why; the watch starts again from
	 * each change, so that a later interval is judged on its own. */
	struct hwpc_pc_watch watch;
	bool reprogrammed, reprogrammed_run;
	unsigned changes;
	char why[320];
};
struct hwpc_pc_span {
	struct hwpc_dev *dev;
	const struct hwpc_pc_layout *l;
	enum hwpc_pc_span_swap swap;
	struct hwpc_pc_trigger trigger;
	unsigned n;
	struct hwpc_pc_span_dom d[HWPC_PC_MAX_DOMAINS];
	uint32_t left_out;
	uint64_t now_ns; /* device time of the last sample */
	/* PM_TRIGGER swaps: the other quad-mode domains it swaps too (a bit
	 * per domain index, and their names), whose sets whoever reads them
	 * loses (hwpc_pc_trigger_swaps). */
	uint32_t others;
	char others_names[HWPC_PC_MAX_DOMAINS * (HWPC_PC_NAME_LEN + 2)];
};
/* Begin counting the domains rs[0..n) (read through them) now.  The device
 * is open for writing when a domain is in quad mode.  Where the swap is
 * PM_TRIGGER and it would swap other quad-mode domains' sets too, that is
 * HWPC_EINPUT naming them, unless force (then others says which). */
int hwpc_pc_span_begin(struct hwpc_pc_span *sp, struct hwpc_dev *dev, const struct hwpc_pc_layout *l,
		       struct hwpc_pcr *const *rs, unsigned n, bool force, struct hwpc_err *err);
/* The same refusals before anything is written: a setup of the domains
 * mine (a bit per domain index) about to put quad of them in quad mode,
 * checked as hwpc_pc_span_begin will (a chip where no public document
 * says how to swap them; PM_TRIGGER swapping other domains' sets), so that
 * a span refused leaves the domains as they were. */
int hwpc_pc_span_check(struct hwpc_dev *dev, const struct hwpc_pc_layout *l, uint32_t mine, uint32_t quad,
		       bool force, struct hwpc_err *err);
/* End an interval now: delta[] and total[] of every domain, and whether
 * each was reprogrammed. */
int hwpc_pc_span_sample(struct hwpc_pc_span *sp, struct hwpc_err *err);

/* A device's PCOUNTER domains read as pcread reads them: ack and trigger
 * as --ack and --trigger, expr decompiles what each input counts (once, at
 * the start), sampling watches the domains for a setup made while they are
 * read; text: event_pct's reason is told (text has no column for it).  The
 * caller fills dev, l, doms[].r (hwpc_pc_read_init) and ndoms. */
struct hwpc_pc_reader_opts {
	bool ack, trigger, expr, sampling, text;
	const struct hwpc_tell *tell;
};
struct hwpc_pc_reader_dom {
	struct hwpc_pcr r;
	struct hwpc_pc_read_acc acc;
	char expr[HWPC_LOP_NINPUTS][HWPC_PC_READ_EXPR_LEN];
	bool warned_lost, warned_sat, warned_noack, warned_setup, warned_pct;
	struct hwpc_pc_watch watch; /* sampling: set up again while it is read? */
	bool reprogrammed;          /* it was: the totals are no figure */
};
struct hwpc_pc_reader {
	struct hwpc_dev *dev;
	const struct hwpc_pc_layout *l;
	struct hwpc_pc_reader_dom doms[HWPC_PC_MAX_DOMAINS];
	unsigned ndoms;
	const struct hwpc_pc_reader_opts *o;
	bool suspect; /* sets lost, a counter saturated, a domain reprogrammed: --strict exits 3 */
	bool can_lag; /* a device whose time can lag (hwpc_pc_reader_open) */
};
/* Open rd on dev as pcread's PCOUNTER modes do: l gets the layout of
 * profile; with pick, the domains named (none, or "all": every domain; a
 * name l lacks is HWPC_EINPUT, "-D: ..."), each held against pcsetup's
 * note (hwpc_pc_reader_verify). */
int hwpc_pc_reader_open(struct hwpc_pc_reader *rd, struct hwpc_dev *dev, struct hwpc_pc_layout *l, const char *profile,
			const char *const *domains, unsigned ndomains, bool pick, const struct hwpc_tell *tell,
			struct hwpc_err *err);
/* Do the domains' registers still hold what pcsetup noted
 * (hwpc_pc_note_verify_dom)?  A change is told once a domain and makes rd
 * suspect. */
int hwpc_pc_reader_verify(struct hwpc_pc_reader *rd, const struct hwpc_tell *tell, struct hwpc_err *err);
/* After the run: the time a lagging device skipped since it was opened is
 * told (who first: the device) and makes rd suspect. */
void hwpc_pc_reader_lag(struct hwpc_pc_reader *rd, const char *who, const struct hwpc_tell *tell);
/* The first sample of every domain into first[] (PM_TRIGGER fired first
 * with trigger, after telling which other domains it swaps). */
int hwpc_pc_reader_start(struct hwpc_pc_reader *rd, const struct hwpc_pc_reader_opts *o,
			 struct hwpc_pc_read_sample *first, struct hwpc_err *err);
/* Before a later sample's reads: PM_TRIGGER with trigger. */
int hwpc_pc_reader_trigger(struct hwpc_pc_reader *rd, struct hwpc_err *err);
/* Domain i's sample into *s (first: the start's, not read again), added
 * to its totals, and what it shows told. */
int hwpc_pc_reader_read(struct hwpc_pc_reader *rd, unsigned i, const struct hwpc_pc_read_sample *first,
			struct hwpc_pc_read_sample *s, struct hwpc_err *err);

/* pcread's counter reads: every domain of every device, once or every
 * interval_ns (count samples; 0: until *stop), a sample reading each
 * device in turn, then waiting on each device's clock (hwpc-output(7),
 * "Several devices").  Each device's first sample widens lc (its lag,
 * quad and record columns) before open makes the writer; write takes each
 * domain's sample of device j (a nonzero status ends the run: the writer
 * failed, said).  A device that fails is told (hwpc_tell_fail): alone, its
 * status ends the run; among several it is left out (failed) and the
 * others go on.  After each sample, round (optional;
 * more: another follows) may end the run.  Sampling that fell behind is
 * told (the device named among several), and makes it suspect with
 * strict.  Returns the status that ended the run. */
struct hwpc_pc_sampling_dev {
	struct hwpc_pc_reader *rd;
	const char *name;
	bool failed, suspect;
	/* the run's own */
	struct hwpc_sampler clock;
	struct hwpc_pc_read_sample first[HWPC_PC_MAX_DOMAINS];
	uint64_t last_k, last_t_ns;
};
struct hwpc_pc_sampling {
	const struct hwpc_pc_reader_opts *ro;
	struct hwpc_pc_cols *lc;
	bool sampling, strict;
	uint64_t interval_ns, count;
	const volatile sig_atomic_t *stop;
	const struct hwpc_tell *tell;
	void *ctx;
	int (*open)(void *ctx);
	int (*write)(void *ctx, size_t j, struct hwpc_pc_reader_dom *d, const struct hwpc_pc_read_sample *s, uint64_t k,
		     uint64_t t_ns);
	int (*round)(void *ctx, bool more);
};
int hwpc_pc_sampling_run(struct hwpc_pc_sampling_dev *ds, size_t n, const struct hwpc_pc_sampling *o);

/* pcread -f: the sets of setfile take turns on one quad-mode domain of
 * rd's device (domain, or the file's: hwpc_pc_setfile_rotation_domain),
 * rd->doms[0], each for interval_ns, count turns (without have_count:
 * until *stop), then the setup note says what the hardware holds, and the
 * sets are pc_set_count records on out.  Where PM_TRIGGER ends a turn and
 * swaps other domains' sets too, that is HWPC_EINPUT naming them unless
 * force (then told); a set that saturated is told and makes rd suspect. */
struct hwpc_pc_rotate_opts {
	const char *setfile, *domain;
	uint64_t interval_ns, count;
	bool have_count, force;
	const volatile sig_atomic_t *stop;
	const struct hwpc_tell *tell;
};
int hwpc_pc_rotate_out(struct hwpc_pc_reader *rd, const struct hwpc_pc_rotate_opts *o, struct hwpc_out *out,
		       struct hwpc_err *err);

/* Counting around a command (pcread [SETUP] -- CMD), one device: its
 * domains set up from setup options (by name, as pcsetup takes them) or
 * a setup file [set] (someone else's setup refused unless force; dry_run:
 * the plan written on plan_out, nothing written, nothing begun), or
 * without a setup the domains named, else those counting now; then a span
 * begun on them.  tell gets the warnings (and with verbose the setup-note
 * checks); name names the device in messages. */
struct hwpc_pc_setup_arg {
	const char *name, *value;
};
struct hwpc_pc_around_opts {
	const struct hwpc_pc_setup_arg *setup;
	unsigned nsetup;
	const char *setfile, *set;
	const char *const *domains;
	unsigned ndomains;
	bool force, dry_run;
	const struct hwpc_tell *tell;
	const char *name;
};
struct hwpc_pc_around {
	struct hwpc_dev *dev;
	const struct hwpc_pc_layout *l;
	struct hwpc_pcr r[HWPC_PC_MAX_DOMAINS];
	unsigned n;
	struct hwpc_pc_span sp;
	bool suspect; /* a setup changed, a domain reprogrammed: --strict exits 3 */
};
int hwpc_pc_around_begin(struct hwpc_pc_around *a, struct hwpc_dev *dev, const struct hwpc_pc_layout *l,
			 const struct hwpc_pc_around_opts *o, struct hwpc_out *plan_out, struct hwpc_err *err);
/* End an interval now (hwpc_pc_span_sample); a domain set up again
 * meanwhile is told (who, when not NULL, starts the messages: the device)
 * and makes the run suspect.  A device that fails is told too
 * (hwpc_tell_fail: the run goes on without it); returns its status. */
int hwpc_pc_around_sample(struct hwpc_pc_around *a, const char *who, const struct hwpc_tell *tell);

/* One domain of a span as a pc_run record: an interval's counts (delta[],
 * numbered sample), or the whole run's (total[]) with the command's exit
 * status.  Text shows the columns hwpc_pc_run_cols gives (sampling: with
 * the sample number), a saturated count as ">=N". */
struct hwpc_pc_run_what {
	const char *command;
	bool sampling, interval;
	uint64_t sample;
	int status;
	bool can_lag;
	uint64_t lag_ns;
};
#define HWPC_PC_RUN_COLS 13
size_t hwpc_pc_run_cols(bool sampling, struct hwpc_col *cols);
int hwpc_pc_run_out(struct hwpc_out *o, enum hwpc_format fmt,
		    const struct hwpc_pc_span_dom *d, const struct hwpc_pc_run_what *w, struct hwpc_err *err);
/* Every domain of a as hwpc_pc_run_out writes it, with the lag of a's
 * device (what's can_lag and lag_ns are not used). */
int hwpc_pc_around_out(const struct hwpc_pc_around *a, struct hwpc_out *o, enum hwpc_format fmt,
		       const struct hwpc_pc_run_what *what, struct hwpc_err *err);

/* ---- Not exported: for the commands and the library ---------------------- */

/* Add one latched period of set k's counters (count[] from a quad read). */
void hwpc_pc_read_rot_add(struct hwpc_pc_read_rotset *set, const uint64_t count[HWPC_PC_READ_NCTRS], uint64_t cycles);

/* The total time all sets together span: the sum of their counted times. */
uint64_t hwpc_pc_read_rot_total(const struct hwpc_pc_read_rotset *sets, size_t nsets);

/* Scaled estimate of count over total (count when counted == total; NAN
 * when the set never counted). */
double hwpc_pc_read_rot_scale(uint64_t count, uint64_t counted, uint64_t total);

/* counted / total, 0..1 (0 when total is 0). */
double hwpc_pc_read_rot_fraction(uint64_t counted, uint64_t total);

int hwpc_pc_read_rot_begin(struct hwpc_pc_read_rotation *rt, const struct hwpc_pc_setup *set, struct hwpc_err *err);

int hwpc_pc_read_rot_end(struct hwpc_pc_read_rotation *rt, struct hwpc_pc_read_rotset *set, struct hwpc_err *err);

/* The signal number of domain d's own FLAG (a trailer signal); false if
 * the domain's signals do not reach it. */
bool hwpc_pc_own_flag(const struct hwpc_pc_layout *l, unsigned d, unsigned *signal);

/* The signal number of domain d's trailer signal name ("PM_TRIGGER"); false
 * if the generation or the domain's signals have none. */
bool hwpc_pc_trailer_signal(const struct hwpc_pc_layout *l, unsigned d, const char *name, unsigned *signal);

/* A field of domain d in a register: the per-domain register's FIELD, or a
 * shared register's DOM<n>_FIELD (NV10:NV40 CTRL), or the shared FIELD. */
bool hwpc_pc_field(const struct hwpc_pc_layout *l, unsigned d, const char *reg, const char *field,
		   char *regname, size_t len, const struct hwpc_field **out);

/* The same from an open stream; name is used in messages. */
int hwpc_pc_setfile_read(FILE *fp, const char *name, struct hwpc_pc_setfile *out, struct hwpc_err *err);
/* hwpc_pc_setfile_parse keeping only the entries pcsetup -f takes: those
 * of the set named set, or (set NULL) each section's first.  Every line is
 * still checked; memory does not grow with the sets left out. */
int hwpc_pc_setfile_parse_pick(const char *path, const char *set, struct hwpc_pc_setfile *out,
			       struct hwpc_err *err);

/* ---- pcread --signals and --scan (pc_signals_run.c) ----------------------
 * Every domain of rd, its signals as pc_signal records on o
 * (hwpc_pc_signals_out): their values now, or with how->window_ns their
 * shares of a sampled scan (hwpc_pc_scan_sample, as how says).  Before
 * each domain's scan, scanning (may be NULL) is told with how->ctx what
 * is scanned ("core_a (2 of 5)"; NULL once it is done), for the caller's
 * progress display, which how->progress then updates.  A scan stops early at
 * *how->stop (--signals reads every domain all the same): the domains
 * scanned are out, and done says how far it came. */
struct hwpc_pc_signals_done {
	unsigned out;        /* domains put out, the last maybe in part */
	unsigned whole;      /* of them, scanned to their window's end */
	bool stopped;        /* the scan stopped early */
	const char *partial; /* the domain put out with part of its window, or NULL */
};
int hwpc_pc_signals_run_out(struct hwpc_pc_reader *rd, enum hwpc_format fmt, const struct hwpc_pc_scan_how *how,
			    void (*scanning)(void *ctx, const char *what), struct hwpc_out *o,
			    struct hwpc_pc_signals_done *done, struct hwpc_err *err);

/* ==== pcread's PCOUNTER runs over several devices ==========================
 * What pcread's PCOUNTER modes do with the devices of one command, apart
 * from options and output: each device's reader opened and checked after
 * (pc_devset.c), counting around a command (pc_around_set.c), the counter
 * reads written as records or a trace (pc_counters_run.c).  Failures are
 * told (hwpc_tell_fail); the functions return the status that ends the
 * run. */

/* ---- The devices' readers (pc_devset.c) ----------------------------------
 * Each device's reader opened as pcread opens it (hwpc_pc_reader_open:
 * with pick, the domains named, held against pcsetup's note); one that
 * cannot be is told and left out.  After the run each device that worked
 * is checked again: its domains against the note (verify), its lag
 * (hwpc_pc_reader_lag); either makes it suspect, which with strict is
 * the run's status, HWPC_ELOST.  failures counts the devices told failed,
 * for the command's status over several devices. */
struct hwpc_pc_devset_dev {
	struct hwpc_dev *dev;
	const char *name; /* as the records name it */
	struct hwpc_pc_layout layout;
	struct hwpc_pc_reader rd; /* its domains (doms[].r, ndoms) */
	bool suspect;             /* strict: the run's status is HWPC_ELOST */
	bool failed;              /* told; left out of the rest of the run */
};
struct hwpc_pc_devset_opts {
	const char *profile;
	const char *const *domains;
	unsigned ndomains;
	bool pick, verify, strict;
	const struct hwpc_tell *tell;
};
struct hwpc_pc_devset {
	const struct hwpc_pc_devset_opts *o;
	struct hwpc_pc_devset_dev *v;   /* the devices added */
	struct hwpc_pc_devset_dev **ok; /* those whose reader opened, in order */
	size_t n, nok;
	unsigned failures; /* devices told failed */
	int last;          /* the last one's status */
};
/* Room for n devices. */
int hwpc_pc_devset_init(struct hwpc_pc_devset *s, size_t n, const struct hwpc_pc_devset_opts *o,
			struct hwpc_err *err);
/* Add a device (at most n) and open its reader. */
void hwpc_pc_devset_add(struct hwpc_pc_devset *s, struct hwpc_dev *dev, const char *name);
/* Tag the following records with the device (name and chipset). */
void hwpc_pc_devset_tag(const struct hwpc_pc_devset_dev *d, struct hwpc_out *o);
/* After the run, whose status was rc: every device that worked checked,
 * those that failed counted (failures, last).  Returns rc, else the
 * status of a device whose check failed (alone) or that --strict found
 * suspect (0: none). */
int hwpc_pc_devset_end(struct hwpc_pc_devset *s, int rc);
void hwpc_pc_devset_free(struct hwpc_pc_devset *s);

/* ---- Counting around a command over several devices (pc_around_set.c) ----
 * pcread [SETUP] -- CMD: begin sets up (or picks) each device's domains
 * and begins its span (hwpc_pc_around_begin; dry_run: the plan written on
 * out, nothing begun); step, every interval and as the command ends,
 * samples every device, and with sampling writes the interval's pc_run
 * records on out; end writes the whole run's with the command's status.
 * A device that fails is told and left out; alone, its status ends the
 * run (begin's), or replaces the command's (end's). */
struct hwpc_pc_around_set_opts {
	struct hwpc_pc_around_opts around; /* around.name: each device's own */
	enum hwpc_format fmt;
	const char *command;
	bool sampling; /* -i: each interval's records as it ends */
};
struct hwpc_pc_around_set {
	const struct hwpc_pc_around_set_opts *o;
	struct hwpc_pc_devset_dev *const *ds;
	size_t n;
	struct hwpc_pc_around *as;
	struct hwpc_out *out;
	struct hwpc_pc_run_what w;
};
int hwpc_pc_around_set_begin(struct hwpc_pc_around_set *x, struct hwpc_pc_devset_dev *const *ds, size_t n,
			     const struct hwpc_pc_around_set_opts *o, struct hwpc_out *out);
/* Sample k, a step of the run around the command. */
int hwpc_pc_around_set_step(struct hwpc_pc_around_set *x, uint64_t k);
/* The command has ended with *status (ok: every step worked). */
int hwpc_pc_around_set_end(struct hwpc_pc_around_set *x, bool ok, int *status);
void hwpc_pc_around_set_free(struct hwpc_pc_around_set *x);

/* ---- The counter reads written (pc_counters_run.c) -----------------------
 * pcread's counter reads (hwpc_pc_sampling_run over the devices ds[0..n))
 * as pc_counters records (hwpc_pc_counters_out), tagged with their device,
 * on the writer records() makes once every device started (the columns
 * then known: hwpc_pc_counter_cols of lc), or with HWPC_FMT_TRACE on a
 * Chrome trace on fp, its process named "NAME CHIP" (the first device's).
 * After each sample round (optional) may end the run.  The caller fills
 * the first part; lc's sample, count and interval_ns are the sampling's. */
struct hwpc_pc_counters_writer {
	enum hwpc_format fmt;
	struct hwpc_pc_cols lc;
	FILE *fp;
	const char *name;
	struct hwpc_out *(*records)(void *ctx, const struct hwpc_col *cols, size_t ncols, struct hwpc_err *err);
	int (*round)(void *ctx, bool more);
	void *ctx;
	const struct hwpc_tell *tell;
	/* the run's */
	struct hwpc_pc_devset_dev *const *ds;
	struct hwpc_out *o;
	struct hwpc_trace *t;
	unsigned written; /* records since the writer was opened */
	int broken;       /* a failure told (by the caller too): the writer's finish is not told again */
};
/* so: the sampling but for lc, ctx and the callbacks (the run's); the
 * devices' failed and suspect are set from it. */
int hwpc_pc_counters_run(struct hwpc_pc_devset_dev *const *ds, size_t n, const struct hwpc_pc_sampling *so,
			 struct hwpc_pc_counters_writer *w);
/* The writer made again (after a close: OpenMetrics rewritten), and
 * finished and freed. */
int hwpc_pc_counters_open(struct hwpc_pc_counters_writer *w);
int hwpc_pc_counters_close(struct hwpc_pc_counters_writer *w);

#endif
