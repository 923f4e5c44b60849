/* SPDX-License-Identifier: MIT */
/* An R10000/R12000 CPU as regdb describes it: the control word's fields,
 * the counter parameters and the event table, looked up once and checked,
 * so that a broken regdb fails here with file:line and not later. */
#include "dev/backend.h"
#include "core/err_local.h"
#include "hwpc/r10k.h"
#include "regdb/regdb_lex.h"
#include "r10k/r10k_cmd.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* The regdb field of each counting mode, by bit of enum hwpc_r10k_mode. */
static const char *const mode_fields[HWPC_R10K_NMODES] = { "U", "K", "EXL", "S" };
static const char *const mode_names[HWPC_R10K_NMODES] = { "user", "kernel", "exl", "supervisor" };

int hwpc_r10k_modes_parse(const char *text, unsigned *modes, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	const char *s = text;
	*modes = 0;
	if (!*s)
		return hwpc_err_set(err, HWPC_EINPUT, "empty mode list (expected user, kernel, exl, supervisor)");
	while (*s) {
		size_t n = strcspn(s, ",");
		unsigned bit = 0;
		if (n == 3 && !strncasecmp(s, "all", 3))
			bit = HWPC_R10K_USER | HWPC_R10K_KERNEL | HWPC_R10K_EXL;
		for (unsigned i = 0; i < HWPC_R10K_NMODES && !bit; i++)
			if (strlen(mode_names[i]) == n && !strncasecmp(s, mode_names[i], n))
				bit = 1u << i;
		if (!bit)
			return hwpc_err_set(err, HWPC_EINPUT,
					    "unknown mode '%.*s' in '%s' (expected user, kernel, exl, supervisor "
					    "or all)",
					    (int)n, s, text);
		*modes |= bit;
		s += n;
		if (*s == ',')
			s++;
	}
	return 0;
}

void hwpc_r10k_modes_format(unsigned modes, char *buf, size_t len)
{
	size_t used = 0;
	if (len)
		buf[0] = 0;
	for (unsigned i = 0; i < HWPC_R10K_NMODES; i++)
		if (modes & (1u << i)) {
			int w = snprintf(buf + used, used < len ? len - used : 0, "%s%s", used ? "," : "",
					 mode_names[i]);
			used += (size_t)(w > 0 ? w : 0);
		}
	if (!used)
		snprintf(buf, len, "none");
}

static int bad_record(const struct hwpc_regdb_entry *r, struct hwpc_err *err, const char *what)
{
	return hwpc_err_set(err, HWPC_EINPUT, "%s:%u: event %s: %s", r->file, r->line,
			    r->nwords > 1 ? r->words[1] : "?", what);
}

static bool num_attr(const struct hwpc_regdb_entry *r, const char *key, unsigned long long *v)
{
	const char *s = hwpc_entry_attr(r, key);
	return s && regdb_parse_u64(s, v);
}

/* One "event NUM NAME counter= select= ..." record into the table. */
static int add_event(struct hwpc_r10k_cpu *cpu, const struct hwpc_regdb_entry *r, struct hwpc_err *err)
{
	unsigned long long num, sel, rev = 0, per = 0;
	const char *ctr = hwpc_entry_attr(r, "counter");
	if (r->nwords != 2 || !regdb_parse_u64(r->words[0], &num))
		return bad_record(r, err, "expected 'event NUM NAME counter=C select=S'");
	if (num >= cpu->nnums)
		return bad_record(r, err, "number outside R10K.EVENTS");
	if (!num_attr(r, "select", &sel) || !hwpc_field_put(cpu->event, &(uint32_t){ 0 }, sel))
		return bad_record(r, err, "select= missing or does not fit the EVENT field");
	if (!ctr || (strcmp(ctr, "any") && (strlen(ctr) != 1 || ctr[0] < '0' ||
					     (unsigned)(ctr[0] - '0') >= cpu->ncounters)))
		return bad_record(r, err, "counter= must be a counter number or 'any'");
	if (hwpc_entry_attr(r, "rev") && (!num_attr(r, "rev", &rev) || rev == 0))
		return bad_record(r, err, "bad rev=");
	if (hwpc_entry_attr(r, "per_cycle") && !num_attr(r, "per_cycle", &per))
		return bad_record(r, err, "bad per_cycle=");
	if (!hwpc_entry_attr(r, "desc"))
		return bad_record(r, err, "desc= missing");
	if (cpu->rev && rev && rev != (unsigned)cpu->rev)
		return 0; /* the other revision's meaning */
	if (cpu->nevents >= HWPC_R10K_MAX_EVENTS)
		return bad_record(r, err, "too many events");
	struct hwpc_r10k_event *e = &cpu->events[cpu->nevents++];
	e->num = (unsigned)num;
	e->name = r->words[1];
	e->libpfm = hwpc_entry_attr(r, "libpfm");
	e->papi = hwpc_entry_attr(r, "papi");
	e->title = hwpc_entry_attr(r, "title");
	e->desc = hwpc_entry_attr(r, "desc");
	e->source = hwpc_entry_attr(r, "source");
	e->counter = strcmp(ctr, "any") ? ctr[0] - '0' : -1;
	e->select = (unsigned)sel;
	e->rev = (int)rev;
	e->per_cycle = (unsigned)per;
	e->chip = cpu->chip;
	return 0;
}

/* Every (counter, select) pair must mean one event for one revision, and
 * every IRIX number must be in the table: a gap or a clash is a regdb bug. */
static int check_table(struct hwpc_r10k_cpu *cpu, struct hwpc_err *err)
{
	for (unsigned n = 0; n < cpu->nnums; n++) {
		bool found = false;
		for (unsigned i = 0; i < cpu->nevents; i++)
			found |= cpu->events[i].num == n;
		if (!found)
			return hwpc_err_set(err, HWPC_EINPUT, "regdb has no event %u for %s", n, cpu->chip->name);
	}
	for (unsigned i = 0; i < cpu->nevents; i++)
		for (unsigned j = i + 1; j < cpu->nevents; j++) {
			const struct hwpc_r10k_event *a = &cpu->events[i], *b = &cpu->events[j];
			bool same_ctr = a->counter < 0 || b->counter < 0 || a->counter == b->counter;
			bool same_rev = !a->rev || !b->rev || a->rev == b->rev;
			if (same_ctr && same_rev && (a->select == b->select) != (a->num == b->num))
				return hwpc_err_set(err, HWPC_EINPUT,
						    "regdb events %u (%s) and %u (%s) of %s clash", a->num,
						    a->name, b->num, b->name, cpu->chip->name);
		}
	return 0;
}

static int need_param(struct hwpc_r10k_cpu *cpu, const char *name, int64_t max, unsigned *out,
		      struct hwpc_err *err)
{
	int64_t v = hwpc_param_num(cpu->db, cpu->chip, name, -1);
	if (v < 1 || v > max)
		return hwpc_err_set(err, HWPC_EINPUT, "regdb parameter %s for %s is missing or above %lld", name,
				    cpu->chip->name, (long long)max);
	*out = (unsigned)v;
	return 0;
}

int hwpc_r10k_cpu_init(struct hwpc_r10k_cpu *cpu, const struct hwpc_regdb *db, const char *chip, int rev,
		       struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	memset(cpu, 0, sizeof *cpu);
	cpu->db = db;
	cpu->chip = hwpc_chipset_by_name(db, chip);
	if (!cpu->chip)
		return hwpc_err_set(err, HWPC_EINPUT, "unknown CPU '%s' (expected r10000 or r12000)", chip);
	if (!(cpu->ctrl = hwpc_reg_find(db, cpu->chip, "R10K.CTRL", NULL)))
		return hwpc_err_set(err, HWPC_EINPUT, "%s has no R10000/R12000 event counters (expected r10000 "
				    "or r12000)", cpu->chip->name);
	cpu->count = hwpc_reg_find(db, cpu->chip, "R10K.COUNT", NULL);
	cpu->intr = hwpc_reg_find(db, cpu->chip, "R10K.INTR", NULL);
	cpu->prid = hwpc_reg_find(db, cpu->chip, "R10K.PRID", NULL);
	/* regdb-names: R10K.REVISIONS R10000 */
	const char *revs = hwpc_param_str(db, cpu->chip, "R10K.REVISIONS", NULL);
	if (rev && revs) {
		char want[8];
		snprintf(want, sizeof want, "%d", rev);
		bool ok = false;
		for (const char *s = revs; *s; s += strspn(s, " ")) {
			size_t n = strcspn(s, " ");
			ok |= n == strlen(want) && !strncmp(s, want, n);
			s += n;
		}
		if (!ok)
			return hwpc_err_set(err, HWPC_EINPUT, "%s revision %d has no known event table "
					    "(revisions: %s)", cpu->chip->name, rev, revs);
	}
	cpu->rev = revs ? rev : 0; /* the revision matters only where regdb says so */
	if (need_param(cpu, "R10K.COUNTERS", HWPC_R10K_MAX_COUNTERS, &cpu->ncounters, err) ||
	    need_param(cpu, "R10K.COUNTER_BITS", 32, &cpu->counter_bits, err) ||
	    need_param(cpu, "R10K.OVERFLOW_BIT", cpu->counter_bits - 1, &cpu->overflow_bit, err) ||
	    need_param(cpu, "R10K.EVENTS", HWPC_R10K_MAX_NUMS, &cpu->nnums, err))
		return err->status;
	cpu->supervisor = hwpc_param_num(db, cpu->chip, "R10K.SUPERVISOR", 0) != 0;
	for (unsigned i = 0; i < HWPC_R10K_NMODES; i++)
		cpu->mode_field[i] = hwpc_field_find(cpu->ctrl, cpu->chip, mode_fields[i]);
	cpu->ie = hwpc_field_find(cpu->ctrl, cpu->chip, "IE");
	cpu->event = hwpc_field_find(cpu->ctrl, cpu->chip, "EVENT");
	if (!cpu->count || !cpu->intr || !cpu->ie || !cpu->event || !cpu->mode_field[0] ||
	    !cpu->mode_field[1] || !cpu->mode_field[2] || !cpu->mode_field[3])
		return hwpc_err_set(err, HWPC_EINPUT, "regdb lacks R10K registers or CTRL fields for %s",
				    cpu->chip->name);
	for (unsigned i = 0; i < cpu->ctrl->nfields; i++)
		if (hwpc_gens_has(&cpu->ctrl->fields[i].gens, cpu->chip))
			cpu->defined |= hwpc_field_mask(&cpu->ctrl->fields[i]);
	for (unsigned i = 0; i < hwpc_regdb_entry_count(db); i++) {
		const struct hwpc_regdb_entry *r = hwpc_regdb_entry_at(db, i);
		if (!strcmp(r->keyword, "event") && hwpc_gens_has(&r->gens, cpu->chip) &&
		    add_event(cpu, r, err))
			return err->status;
	}
	return check_table(cpu, err);
}

int hwpc_r10k_cpu_from_dev(struct hwpc_r10k_cpu *cpu, struct hwpc_dev *dev, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	uint32_t prid = 0;
	int rev = 0;
	if (hwpc_r10k_cpu_init(cpu, hwpc_dev_regdb(dev), hwpc_dev_chip(dev)->name, 0, err))
		return err->status;
	if (cpu->prid) {
		uint32_t addr;
		const struct hwpc_field *major = hwpc_field_find(cpu->prid, hwpc_dev_chip(dev), "REV_MAJOR");
		if (hwpc_reg_addr(cpu->prid, NULL, 0, &addr, err))
			return err->status;
		if (hwpc_rd32(dev, addr, &prid))
			return hwpc_err_set(err, hwpc_dev_error(dev)->status, "reading %s: %s", cpu->prid->name, hwpc_dev_error(dev)->msg);
		rev = major ? (int)hwpc_field_get(major, prid) : 0;
	}
	/* A revision without its own event meanings keeps both. */
	struct hwpc_err tmp;
	if (rev && hwpc_r10k_cpu_init(cpu, hwpc_dev_regdb(dev), hwpc_dev_chip(dev)->name, rev, &tmp))
		return hwpc_r10k_cpu_init(cpu, hwpc_dev_regdb(dev), hwpc_dev_chip(dev)->name, 0, err);
	return 0;
}

int hwpc_r10k_check_same(const struct hwpc_r10k_cpu *const *cpus, unsigned n, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	for (unsigned i = 1; i < n; i++)
		if (cpus[i]->chip != cpus[0]->chip)
			return hwpc_err_set(err, HWPC_EINPUT,
					    "CPU %u is an %s and CPU 0 an %s: using the counters of a machine "
					    "with both R10000 and R12000 processors is undefined",
					    i, cpus[i]->chip->name, cpus[0]->chip->name);
	return 0;
}

bool hwpc_r10k_dev_is_cpu(struct hwpc_dev *dev)
{
	struct hwpc_r10k_cpu *cpu = calloc(1, sizeof *cpu);
	bool r10k = cpu && !hwpc_r10k_cpu_from_dev(cpu, dev, NULL);
	free(cpu);
	return r10k;
}
