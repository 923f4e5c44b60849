/* SPDX-License-Identifier: MIT */
/* PCOUNTER knowledge shared by the simulator, pcsetup and pcread: a chip's
 * domains (from the regdb profiles), how their registers are named, what the
 * logic ops can do, and the names usable in expressions.  All from regdb. */
#ifndef HWPC_PC_H
#define HWPC_PC_H

#include "hwpc/api.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hwpc/lop.h"
#include "hwpc/regdb.h"

#ifdef __cplusplus
extern "C" {
#endif

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

/* The chip's default profile name (the one marked default=yes). */
HWPC_API int hwpc_pc_profile_default(const struct hwpc_regdb *db, const struct hwpc_chipset *chip, char *buf,
			    size_t len, struct hwpc_err *err);
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
/* A field of domain d in a register: the per-domain register's FIELD, or a
 * shared register's DOM<n>_FIELD (NV10:NV40 CTRL), or the shared FIELD. */
HWPC_API bool hwpc_pc_field(const struct hwpc_pc_layout *l, unsigned d, const char *reg, const char *field,
		   char *regname, size_t len, const struct hwpc_field **out);

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
/* The signal number of domain d's own FLAG (a trailer signal); false if
 * the domain's signals do not reach it. */
HWPC_API bool hwpc_pc_own_flag(const struct hwpc_pc_layout *l, unsigned d, unsigned *signal);
/* The first (preferred) name of a signal of domain d, or NULL. */
HWPC_API const char *hwpc_pc_signal_name(const struct hwpc_pc_names *names, unsigned signal);

/* What pcsetup programmed into a domain, remembered per device so that
 * pcread can tell when someone else (a driver, another user) has
 * reprogrammed it since: the IRIX counters' "generation number" idea, made
 * from the registers themselves.  Only the bits software sets are
 * compared: writable fields (read-only state fields and write-only
 * registers are left out). */
#define HWPC_PC_RECORD_MAX 64
struct hwpc_pc_record {
	unsigned n;
	struct {
		uint32_t addr, value, mask;
	} reg[HWPC_PC_RECORD_MAX];
	uint64_t generation; /* bumped by every pcsetup of the domain */
	char what[128];      /* a short description: "quad: event=..." */
};
struct hwpc_dev;
/* Add a written register (value as written) to rec, with the mask of its
 * bits that read back what was written.  false when rec is full. */
HWPC_API bool hwpc_pc_record_add(struct hwpc_pc_record *rec, const struct hwpc_regdb *db,
			const struct hwpc_chipset *chip, uint32_t addr, uint32_t value);
HWPC_API int hwpc_pc_record_save(struct hwpc_dev *dev, const char *domain, struct hwpc_pc_record *rec,
			struct hwpc_err *err);
/* found is false (and rec empty) when nothing was recorded. */
HWPC_API int hwpc_pc_record_load(struct hwpc_dev *dev, const char *domain, struct hwpc_pc_record *rec, bool *found,
			struct hwpc_err *err);
/* Re-read the recorded registers; *changed and a one-line description of
 * the first difference ("PCOUNTER.EVENT_OP[1]: 0x0000aaaa, set 0x0000cccc"). */
HWPC_API int hwpc_pc_record_check(struct hwpc_dev *dev, const struct hwpc_pc_record *rec, bool *changed,
			 char *diff, size_t len, struct hwpc_err *err);

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
};
HWPC_API int hwpc_pc_recbuf_read(struct hwpc_dev *dev, const struct hwpc_pc_layout *l, unsigned d,
			struct hwpc_pc_recbuf *out, struct hwpc_err *err);

/* Fill logic-op capabilities for the registers of one domain set (space
 * "PCOUNTER", "PCOUNTER.HUB", ...) on chip: bit positions from the OP and
 * SRC fields, features from which fields and registers exist. */
HWPC_API int hwpc_pc_lop_caps(const struct hwpc_regdb *db, const struct hwpc_chipset *chip, const char *space,
		     unsigned nsignals, struct hwpc_lop_caps *caps, struct hwpc_err *err);

#ifdef __cplusplus
}
#endif
#endif
