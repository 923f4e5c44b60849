/* SPDX-License-Identifier: MIT */
/* The simulator's internals: a state file shared by processes, a clock,
 * and models that answer MMIO at the addresses regdb gives them.
 *
 * A model owns one section of the state file and serves the regdb spaces it
 * names.  Adding a model is: write a struct sim_model, add it to
 * sim_models[] in sim_model_table.c. */
#ifndef HWPC_SIM_INTERNAL_H
#define HWPC_SIM_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dev/backend.h"
#include "hwpc/output.h"
#include "hwpc/sim.h"
#include "sim/sim_options.h"

#define SIM_MAGIC "HWPCSIM"
#define SIM_VERSION 6
#define SIM_MAX_SECTIONS 16
#define SIM_MAX_RANGES 32
/* What a realtime catch-up may cost, per access.  A step (the models'
 * max_step: 20 M domain-cycles stepped one at a time) costs about
 * SIM_STEP_CPU_NS of CPU.  An access catches up at most 1/5 of a step
 * (about 0.5 s) while its process has kept up and no other waits for the
 * lock, so the first access after an idle second catches it up (a G84
 * counting a random signal at its real clock); once the process has
 * skipped, at most half the time since its previous access, so a command
 * on a simulator that cannot keep up takes about twice what it would and
 * says it lagged; while others wait their turn, 1/10000 of a step (about
 * 0.25 ms), so that a queue of commands moves on.  Never less than that
 * (pcsim(1), "PCOUNTER engines"). */
#define SIM_STEP_CPU_NS 2500000000ULL
/* 1/SIM_CATCHUP_DIV of a step, or less where HWPC_SIM_CATCHUP_MS says
 * (pcsim(1) ENVIRONMENT: tests make a lagging simulator cheap with it). */
int sim_catchup_limit(uint64_t *ns, struct hwpc_err *err);
#define SIM_CATCHUP_DIV 5
#define SIM_CATCHUP_DIV_SHORT 10000

enum sim_clock_mode { SIM_CLOCK_REALTIME = 0, SIM_CLOCK_VIRTUAL = 1 };

/* Simulated time, in picoseconds: finer than a period of any clock the
 * simulator takes (1 THz at most), so that N cycles of any clock end at an
 * instant it can name.  In whole nanoseconds a 1.45 GHz clock ran 1, 2, 4,
 * 5, 7, ... cycles for 1, 2, 3, 4, 5 single-cycle advances. */
typedef unsigned __int128 sim_ps;
#define SIM_PS_PER_NS 1000u
/* ps to whole ns, for what the device interface reports. */
static inline uint64_t sim_ns_of(sim_ps t)
{
	return t / SIM_PS_PER_NS > UINT64_MAX ? UINT64_MAX : (uint64_t)(t / SIM_PS_PER_NS);
}
#define SIM_PS_PER_S 1000000000000ULL
/* The end of simulated time: 2^64 ns, what the public interface counts. */
#define SIM_END_PS ((sim_ps)UINT64_MAX * SIM_PS_PER_NS)
/* The longest a model is moved in one call (its durations fit 64 bits). */
#define SIM_MAX_CALL_PS ((sim_ps)1 << 62)

struct sim_section {
	uint32_t id; /* model id */
	uint32_t version;
	uint64_t offset; /* from the start of the file */
	uint64_t size;
};

/* The file starts with this header; every model's section follows.  All
 * fields are fixed-width so the file means the same to every process.  The
 * first part is fixed at create and covered by header_crc; the rest
 * changes while the simulator runs and is checked for sanity instead. */
struct sim_header {
	char magic[8];
	uint32_t version;
	uint32_t header_size;
	uint64_t file_size;
	char chipset[32];
	uint32_t clock_mode;
	uint32_t nsections;
	uint64_t clock_hz[HWPC_CLOCK_COUNT];
	struct sim_section sect[SIM_MAX_SECTIONS];
	char options[256]; /* create-time options, canonical order */
	uint32_t settings_crc[SIM_MAX_SECTIONS]; /* each model's create-time
						    settings (sim_model.settings_crc) */
	uint64_t create_id; /* new on every create/reset: a mapping made before
			       a reset by another process is stale */
	uint32_t header_crc; /* over everything above */
	/* Set (under the lock) when a reset has put a new state in this
	 * file's place: the processes still using this one stop. */
	uint32_t superseded;
	sim_ps now_ps;          /* simulated time the models have reached */
	sim_ps virt_ps;         /* virtual clock: the current time */
	__int128 rt_offset_ps;  /* realtime clock: sim time = CLOCK_MONOTONIC + offset */
	sim_ps lag_ps;          /* realtime clock: simulated time skipped because a
				   catch-up passed its limit, in total */
	char boot_id[40];      /* the offset is only meaningful within one boot */
	uint64_t lock_ticket;  /* the lock's queue: the next ticket (sim_lock.c) */
};

/* CRC-32 (IEEE) of data, continuing from crc (0 to start) (sim_crc32.c). */
uint32_t sim_crc32(uint32_t crc, const void *data, size_t len);

struct sim;

/* The state file's lock (sim_lock.c): taken in turn, nesting, released by
 * the kernel when its holder dies. */
struct sim_lock {
	int fd;
	uint64_t *ticket; /* the queue's counter (in the mapped header); NULL: flock alone */
	uint64_t mine;
	unsigned depth;
	uint64_t asked_at; /* CLOCK_MONOTONIC (ns) the holder asked for it */
};
void sim_lock_init(struct sim_lock *l, int fd, uint64_t *ticket);
void sim_lock_take(struct sim_lock *l);
void sim_lock_drop(struct sim_lock *l);
/* How many processes queue behind the holder (0 when not held). */
unsigned sim_lock_waiting(const struct sim_lock *l);

struct sim_model {
	const char *name;
	uint32_t id;
	uint32_t version;
	/* regdb spaces whose addresses this model answers (NULL-terminated). */
	const char *const *spaces;
	/* Whether the chip has this unit (default: yes). */
	bool (*present)(struct sim *s);
	/* Section size for the create-time options. */
	size_t (*state_size)(struct sim *s, const struct sim_opts *opts);
	/* Fresh state: power-on values, then the create-time options. */
	int (*init)(struct sim *s, void *state, const struct sim_opts *opts, struct hwpc_err *err);
	/* Attach only when the model is first needed (its attach is costly and
	 * many commands never touch it: ptime on a virtual clock). */
	bool lazy_attach;
	/* Cheap checks of the state section, run at open even when the attach
	 * waits (a corrupt file is an error when it is opened). */
	int (*validate)(struct sim *s, void *state, struct hwpc_err *err);
	/* CRC-32 (sim_crc32) of the settings init fixes for good (clocks,
	 * sizes, the profile): written at create, checked at open.  NULL: the
	 * model has none. */
	uint32_t (*settings_crc)(const void *state);
	/* Per process: resolve register addresses, check the state is sane. */
	int (*attach)(struct sim *s, void *state, void **priv, struct hwpc_err *err);
	void (*detach)(void *priv);
	/* The longest step the model can take at once in reasonable time
	 * (a per-cycle model costs time per simulated cycle); 0 or NULL: any. */
	sim_ps (*max_step)(struct sim *s, void *state, void *priv);
	/* How many leading bytes of the section an advance may change (the
	 * journal saves them before it, sim_journal.c): SIM_HOT_ALL for the
	 * whole section.  Models without advance change nothing. */
	size_t hot_bytes;
	/* Room in the journal's memory log for what advances write into this
	 * model's section through sim_mem_write (record packets). */
	uint32_t log_bytes;
	/* The longest step whose memory writes surely fit `room` bytes of the
	 * memory log (each write logs 16 bytes and its data, padded to 8);
	 * 0: not even a short one; NULL: the model writes no memory. */
	sim_ps (*logged_step)(struct sim *s, void *state, void *priv, uint64_t room);
	/* The instant by which every effect the writes so far scheduled for
	 * the model's next cycles has happened (0: none is pending): a read
	 * first brings time there (sim_mmio.c). */
	sim_ps (*pending)(struct sim *s, void *state, void *priv);
	/* Move the model from time `from` to `to` (at most SIM_MAX_CALL_PS). */
	void (*advance)(struct sim *s, void *state, void *priv, sim_ps from, sim_ps to);
	/* Return 0 if handled; 1 if the address is not a register the model
	 * knows (the read returns 0 and is reported with -v); -1 if the model
	 * refuses the access (what the hardware leaves undefined), with
	 * s->dev.err set: the access fails with that error. */
	int (*rd32)(struct sim *s, void *state, void *priv, uint32_t addr, uint32_t *val);
	int (*wr32)(struct sim *s, void *state, void *priv, uint32_t addr, uint32_t val);
	/* Memory the model simulates (L1, a record buffer's target), for bulk
	 * reads by address without one locked MMIO access per word.  Returns
	 * the bytes in the state section and sets *base, *size, *name; NULL
	 * when the model has none.  index: 0, 1, ... for several. */
	uint8_t *(*memory)(struct sim *s, void *state, void *priv, unsigned index, uint64_t *base,
			   uint64_t *size, const char **name);
	/* The model's state for pcsim show. */
	void (*show)(struct sim *s, void *state, void *priv, struct hwpc_out *o);
	/* A host access no model answered (NV41+ PTIMER records it in its
	 * MMIO_FAULT_* registers); called for every model that has one. */
	void (*bus_fault)(struct sim *s, void *state, void *priv, uint32_t addr, bool write, uint32_t val);
	/* The unit's interrupt line, which PMC.INTR shows in its field named
	 * intr_field: whether it is up.  NULL: the unit raises none. */
	const char *intr_field;
	bool (*intr)(struct sim *s, void *state, void *priv);
};

/* Every model, in the order they advance (sim_model_table.c). */
extern const struct sim_model *const sim_models[];
/* Each model, defined in its own file (pmc_model.c, pcm_model.c, ...). */
extern const struct sim_model sim_model_pmc;
extern const struct sim_model sim_model_ptimer;
extern const struct sim_model sim_model_r10k;
extern const struct sim_model sim_model_pcounter;
extern const struct sim_model sim_model_memory;
extern const struct sim_model sim_model_tensix;
extern const struct sim_model sim_model_pgraph;
extern const struct sim_model sim_model_punits;

struct sim_range {
	uint32_t lo, hi; /* [lo, hi) */
	unsigned model;  /* index into s->models */
};

struct sim {
	struct hwpc_dev dev;
	struct hwpc_devspec spec; /* as opened (sim_backend.c names the device by it) */
	struct sim_opts opts;     /* its options */
	int fd;
	char path[512];
	/* The directory the state is in, as checked: the runtime directory
	 * (rundir.h), so that the file is opened, made and renamed through
	 * the directory that was checked, never through a path another
	 * process could re-point; AT_FDCWD for a state= path.  name: the
	 * state's name in it. */
	int dirfd;
	const char *name;
	char spec_text[640]; /* the spec as given, for the fixes messages suggest */
	struct sim_header *hdr;
	size_t map_size;
	unsigned nmodels;
	const struct sim_model *models[SIM_MAX_SECTIONS];
	void *state[SIM_MAX_SECTIONS];
	void *priv[SIM_MAX_SECTIONS];
	bool attached[SIM_MAX_SECTIONS];
	bool attach_failed[SIM_MAX_SECTIONS];
	struct hwpc_err attach_err; /* a lazy attach that failed: every access fails */
	unsigned nranges;
	struct sim_range ranges[SIM_MAX_RANGES];
	bool verbose;  /* report ignored accesses on stderr (pcsim -v) */
	struct sim_lock lk;
	uint64_t create_id; /* of the state this process attached to */
	/* Fixed at create, copied at open: read without the lock. */
	uint32_t clock_mode; /* enum sim_clock_mode */
	uint64_t clock_hz[HWPC_CLOCK_COUNT];
	uint64_t journal_off; /* where the journal starts (sim_journal.c) */
	bool in_tx;           /* a transaction of this process is open */
	uint64_t log_last;    /* its last memory log entry, UINT64_MAX: none */
	sim_ps lag_at_open; /* the state's lag before this handle's first catch-up */
	bool lagged;          /* a catch-up of this handle skipped time */
	uint64_t synced_at;   /* CLOCK_MONOTONIC (ns) at this handle's last catch-up */
	uint64_t catchup_ns;  /* what one access's catch-up may cost (sim_catchup_limit) */
};

/* A state being built beside its place (sim_file.c): the temporary name
 * it has, or "" while it has none (O_TMPFILE). */
struct sim_file_tmp {
	char name[600]; /* relative to dirfd */
	int dirfd;
};
/* A new file for a state of size bytes beside s->path, every block
 * reserved: s->fd. */
int sim_file_new(struct sim *s, struct sim_file_tmp *t, uint64_t size, struct hwpc_err *err);
/* Remove what sim_file_new left under a name (nothing with O_TMPFILE). */
void sim_file_discard(struct sim_file_tmp *t);
/* What a step of opening returns when another process put a state in
 * place first: open again. */
#define SIM_AGAIN (-1)
/* Put s->fd's file at s->path: in place of what is there (replace), or
 * only where nothing is (SIM_AGAIN if something is). */
int sim_file_publish(struct sim *s, struct sim_file_tmp *t, bool replace, struct hwpc_err *err);
/* Whether s->name in s->dirfd still names the file s->fd has open. */
bool sim_file_is_current(const struct sim *s);
/* Mark the state in fd as replaced (if it is one of this version). */
void sim_file_supersede(int fd);
/* The lock queue's counter of the state in fd, mapped alone (*map: what to
 * munmap, the size of a header); NULL if fd holds no state of this
 * version (then the lock is flock alone). */
uint64_t *sim_file_ticket(int fd, void **map);

/* The simulator's device operations (sim_backend.c). */
extern const struct hwpc_dev_ops sim_dev_ops;

/* --- the core: state file (sim_state.c) ----------------------------------- */

enum sim_open_mode { SIM_OPEN, SIM_CREATE, SIM_RESET };
/* Open (or create, or recreate) the state a spec names, check it and attach
 * the models.  The caller that makes a device of it sets its ops
 * (hwpc_backend_sim_open: sim_dev_ops). */
int sim_open(const struct hwpc_devspec *spec, unsigned flags, const struct hwpc_regdb *db,
	     enum sim_open_mode mode, struct sim **out, struct hwpc_err *err);
void sim_destroy(struct sim *s);

/* --- the core: journal (sim_journal.c) ---------------------------------- */

#define SIM_HOT_ALL SIZE_MAX
/* The memory log's room for record packets: about 5,000 of them. */
#define SIM_LOG_BYTES (256u << 10)
/* Bytes of the journal for the sections sect of the models s chose. */
uint64_t sim_journal_size(struct sim *s, const struct sim_section *sect);
/* Save what an advance can change; nothing before the commit lasts if the
 * process dies.  No-op while one is open. */
void sim_journal_begin(struct sim *s);
/* The clock is where the models are (virtual: set here): close it. */
void sim_journal_commit(struct sim *s);
/* Log the bytes at p before a write into a model section overwrites them. */
void sim_journal_log(struct sim *s, const void *p, size_t len);
/* Room left in the memory log of the open transaction. */
uint64_t sim_journal_room(struct sim *s);
/* A transaction left open by a process that died: put everything back.
 * Caller holds the lock (outermost). */
int sim_journal_recover(struct sim *s, struct hwpc_err *err);

/* --- the core: clock (sim_clock.c) ---------------------------------------- */

/* CLOCK_MONOTONIC in ps. */
sim_ps sim_mono_ps(void);
/* This boot's id (the realtime offset is only meaningful within it). */
void sim_boot_id(char *buf, size_t len);
/* A realtime state opened after a reboot continues from its last time. */
void sim_check_boot(struct sim *s);
/* The longest step every model can take in reasonable time (>= 1). */
sim_ps sim_max_step(struct sim *s);
/* Move simulated time forward by ns: the models first, the clock after
 * them.  Takes the lock. */
int sim_advance(struct sim *s, sim_ps by, struct hwpc_err *err);
/* Move every model to time t (after now), as one transaction. */
void sim_run_to(struct sim *s, sim_ps t);
/* Until simulated time t_ns: a virtual clock is advanced there, a realtime
 * one waited for (returns early on a signal). */
int sim_wait_until_ns(struct sim *s, uint64_t t_ns, struct hwpc_err *err);

/* --- the core: models (sim_models.c) -------------------------------------- */

/* A model's per-process data, attaching it first if it waited (NULL and
 * s->attach_failed[i] set if that attach failed). */
void *sim_model_priv(struct sim *s, unsigned i);
/* What the models' time hooks say: the least nonzero step (max_step;
 * SIM_END_PS if none limits it) or the latest instant writes still have
 * effects pending until (pending; 0 if none).  Models whose attach failed
 * say nothing. */
enum sim_time_hook { SIM_HOOK_MAX_STEP, SIM_HOOK_PENDING };
sim_ps sim_models_time(struct sim *s, enum sim_time_hook which);
/* Which model answers addr; -1: none. */
int sim_find_range(const struct sim *s, uint32_t addr);
/* A host access nothing answered: every model's bus_fault hook. */
void sim_bus_fault(struct sim *s, uint32_t addr, bool write, uint32_t val);
/* The value of the chip's PMC.INTR (intr): the field of every unit whose
 * interrupt line is up (the models' intr hooks) set. */
uint32_t sim_models_intr(struct sim *s, const struct hwpc_reg *intr);
/* Read simulated memory (the models' memory hooks) by address, under the
 * lock; the memories in model order (NULL past the last) (sim_mmio.c). */
int sim_mem_copy(struct sim *s, uint64_t addr, void *buf, size_t len, struct hwpc_err *err);
uint8_t *sim_memory(struct sim *s, unsigned index, struct hwpc_sim_mem *out);
/* MMIO as the chip sees it: lock, sync, dispatch (sim_mmio.c). */
int sim_mmio_rd32(struct sim *s, uint32_t off, uint32_t *val);
int sim_mmio_wr32(struct sim *s, uint32_t off, uint32_t val);

/* Cycles of a clock of hz that have ticked by time t (ticks at k / hz s,
 * k = 1, 2, ...): floor(t * hz / 1e12), exactly. */
uint64_t sim_cycles(sim_ps t, uint64_t hz);
/* Cycles of a clock that tick in (from, to]. */
uint64_t sim_cycles_between(sim_ps from, sim_ps to, uint64_t hz);
/* The instant cycle n of a clock of hz ticks: the first t with
 * sim_cycles(t, hz) >= n. */
sim_ps sim_cycle_ps(uint64_t n, uint64_t hz);

/* Hold the state file's lock (nests); sim_sync then brings the models to
 * the current time (sim_hold.c). */
void sim_lock(struct sim *s);
void sim_unlock(struct sim *s);
/* Lock, and fail (unlocked again) if another process recreated the state
 * since this one attached, or a lazy attach failed. */
int sim_lock_fresh(struct sim *s, struct hwpc_err *err);
/* Current simulated time (does not advance the models). */
sim_ps sim_clock_now(struct sim *s);
/* Bring every model to the current time. Caller holds the lock. */
void sim_sync(struct sim *s);

/* Is this device a simulator (one of ours)?  Only the simulator's own API
 * asks: everything else calls the device's operations. */
bool sim_dev_is_sim(const struct hwpc_dev *dev);

/* Find a model's state and per-process data by id; NULL if absent. */
void *sim_model_state(struct sim *s, uint32_t id, void **priv);
/* Whether a unit is enabled in PMC.ENABLE (true if the chip has no bit). */
bool sim_pmc_unit_enabled(struct sim *s, const char *unit);

/* Address of a register for the simulated chip; 0 with *ok false if
 * regdb has no such register for it. */
uint32_t sim_reg_addr(struct sim *s, const char *name, bool *ok);
/* The regdb space of that name the simulated chip has, or NULL. */
const struct hwpc_space *sim_space(struct sim *s, const char *name);
/* The usual detach: free what attach allocated. */
void sim_priv_free(void *priv);

/* Model ids (sections). */
enum {
	SIM_MODEL_PMC = 1,
	SIM_MODEL_PTIMER = 2,
	SIM_MODEL_PCOUNTER = 3,
	SIM_MODEL_TENSIX = 4,
	SIM_MODEL_R10K = 5,
	SIM_MODEL_MEMORY = 6,
	SIM_MODEL_PGRAPH = 7,
	SIM_MODEL_PUNITS = 8,
};

/* ---- Not exported: for the commands and the library ---------------------- */

/* Where the state of a spec lives (state= or the default path). */
int hwpc_sim_state_path(const struct hwpc_devspec *spec, char *buf, size_t len, struct hwpc_err *err);

/* The clock rate of domain dom in Hz (0: not a simulated domain). */
uint64_t hwpc_sim_pc_domain_hz(struct hwpc_dev *dev, unsigned dom);

#endif
