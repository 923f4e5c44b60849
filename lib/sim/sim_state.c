/* SPDX-License-Identifier: MIT */
/* The simulator's state file: created from a spec, or checked and mapped
 * when it exists; shared by every process that opens the same spec
 * (mmap'd, flock'd around each access). */
#include "core/err_local.h"
#include "core/strdist.h"
#include "hwpc/sim.h"
#include "core/rundir.h"
#include "sim/sim.h"
#include "regdb/regdb_cmd.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

/* What every simulated GPU's BAR0 spans. */
#define SIM_BAR0_SIZE 0x1000000u

/* Default frequencies of the external clocks (pcsim(1), "Model notes"). */
static const uint64_t default_hz[HWPC_CLOCK_COUNT] = {
	[HWPC_CLOCK_CRYSTAL] = 0, /* from the straps' enum: see pick_crystal */
	[HWPC_CLOCK_NVCLK] = 100000000, [HWPC_CLOCK_MCLK] = 100000000,
	[HWPC_CLOCK_HCLK] = 100000000,  [HWPC_CLOCK_TCLK] = 100000000,
};

/* The CRC covers the layout and identity, fixed at create: the fields
 * before it.  Those after it change on every access and are checked for
 * sanity instead. */
static uint32_t header_crc(const struct sim_header *h)
{
	return sim_crc32(0, h, offsetof(struct sim_header, header_crc));
}

static void unmap_state(struct sim *s)
{
	for (unsigned i = 0; i < s->nmodels; i++) {
		if (s->models[i]->detach && s->priv[i])
			s->models[i]->detach(s->priv[i]);
		s->priv[i] = NULL;
		s->attached[i] = s->attach_failed[i] = false;
	}
	s->nmodels = 0;
	if (s->hdr)
		munmap(s->hdr, s->map_size);
	s->hdr = NULL;
}

/* Unmapped and closed, ready for another try at opening. */
static void close_state(struct sim *s)
{
	unmap_state(s);
	if (s->fd >= 0)
		close(s->fd);
	s->fd = -1;
}

/* Which models this chip has, and their section sizes. */
static void choose_models(struct sim *s)
{
	s->nmodels = 0;
	for (unsigned m = 0; sim_models[m] && s->nmodels < SIM_MAX_SECTIONS; m++)
		if (!sim_models[m]->present || sim_models[m]->present(s))
			s->models[s->nmodels++] = sim_models[m];
}

static int pick_clocks(struct sim *s, const struct sim_opts *o, uint64_t *hz, struct hwpc_err *err)
{
	for (int c = 0; c < HWPC_CLOCK_COUNT; c++)
		hz[c] = o->has_hz[c] ? o->hz[c] : default_hz[c];
	/* The crystal is whatever the chip's straps can say. */
	const struct hwpc_reg *r = hwpc_reg_find(s->dev.db, s->dev.chip, "PSTRAPS.STRAPS0_PRIMARY", NULL);
	const struct hwpc_field *f = r ? hwpc_field_find(r, s->dev.chip, "CRYSTAL") : NULL;
	bool crystal = o->has_hz[HWPC_CLOCK_CRYSTAL];
	if (!f) {
		if (crystal)
			return hwpc_err_set(err, HWPC_EINPUT, "%s has no crystal strap (crystal= does not apply)",
					    s->dev.chip->name);
		hz[HWPC_CLOCK_CRYSTAL] = 0;
		return 0;
	}
	static const int64_t prefer[] = { 27000000, 14318180, 13500000 };
	char list[128] = "";
	size_t used = 0;
	bool match = false;
	for (unsigned i = 0; i < f->nenums; i++) {
		int64_t v;
		if (!hwpc_gens_has(&f->enums[i].gens, s->dev.chip) || !hwpc_enum_attr_num(&f->enums[i], "hz", &v))
			continue;
		used += (size_t)snprintf(list + used, used < sizeof list ? sizeof list - used : 0, "%s%s",
					 used ? ", " : "", f->enums[i].name);
		if (crystal && (uint64_t)v == hz[HWPC_CLOCK_CRYSTAL])
			match = true;
	}
	if (crystal) {
		if (!match)
			return hwpc_err_set(err, HWPC_EINPUT, "crystal=%s is not one the %s straps can select (%s)",
					    o->hz_text[HWPC_CLOCK_CRYSTAL], s->dev.chip->name, list);
		return 0;
	}
	for (size_t p = 0; p < sizeof prefer / sizeof prefer[0]; p++)
		for (unsigned i = 0; i < f->nenums; i++) {
			int64_t v;
			if (hwpc_gens_has(&f->enums[i].gens, s->dev.chip) &&
			    hwpc_enum_attr_num(&f->enums[i], "hz", &v) && v == prefer[p]) {
				hz[HWPC_CLOCK_CRYSTAL] = (uint64_t)v;
				return 0;
			}
		}
	return 0;
}

static int map_file(struct sim *s, size_t size, struct hwpc_err *err)
{
	void *p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, s->fd, 0);
	if (p == MAP_FAILED)
		return hwpc_err_set(err, HWPC_EOP, "cannot map simulator state %s: %s", s->path, strerror(errno));
	s->hdr = p;
	s->map_size = size;
	return 0;
}

#define SECTION_ALIGN 64

/* Where each model's section goes, for the create-time options o, and
 * the journal after them (s->journal_off); returns the file size.  A file
 * is only ever laid out this way, so an
 * open compares its table with this one exactly: every section aligned,
 * inside the file, none overlapping. */
static uint64_t layout(struct sim *s, const struct sim_opts *o, struct sim_section *sect)
{
	uint64_t off = (sizeof(struct sim_header) + SECTION_ALIGN - 1) & ~(uint64_t)(SECTION_ALIGN - 1);
	for (unsigned i = 0; i < s->nmodels; i++) {
		sect[i].id = s->models[i]->id;
		sect[i].version = s->models[i]->version;
		sect[i].offset = off;
		sect[i].size = s->models[i]->state_size ? s->models[i]->state_size(s, o) : 0;
		off += (sect[i].size + SECTION_ALIGN - 1) & ~(uint64_t)(SECTION_ALIGN - 1);
	}
	s->journal_off = off;
	return off + sim_journal_size(s, sect);
}

/* Lay out and initialise a fresh state in a new file beside s->path and
 * put it there (sim_file.c): with replace, in place of what is there; else
 * only if nothing is (SIM_AGAIN: another process was first).  On success the new
 * file is s->fd, mapped and locked. */
static int create_state(struct sim *s, bool replace, struct hwpc_err *err)
{
	const struct sim_opts *o = &s->opts;
	struct sim_header h;
	struct sim_file_tmp t = { .name = "", .dirfd = AT_FDCWD };
	uint64_t off, hz[HWPC_CLOCK_COUNT];
	int rc;

	if (pick_clocks(s, o, hz, err))
		return err->status;
	memset(&h, 0, sizeof h);
	memcpy(h.magic, SIM_MAGIC, sizeof SIM_MAGIC);
	h.version = SIM_VERSION;
	h.header_size = sizeof h;
	snprintf(h.chipset, sizeof h.chipset, "%s", s->dev.chip->name);
	h.clock_mode = o->virtual_clock ? SIM_CLOCK_VIRTUAL : SIM_CLOCK_REALTIME;
	memcpy(h.clock_hz, hz, sizeof hz);
	s->clock_mode = h.clock_mode;
	memcpy(s->clock_hz, hz, sizeof hz);
	choose_models(s);
	h.nsections = s->nmodels;
	off = layout(s, o, h.sect);
	h.file_size = off;
	snprintf(h.options, sizeof h.options, "%s", o->canon);
	if ((rc = sim_file_new(s, &t, off, err)) || (rc = map_file(s, off, err)))
		goto out;
	h.create_id = ((uint64_t)sim_mono_ps() ^ (uint64_t)getpid() << 40) | 1;
	*s->hdr = h;
	sim_boot_id(s->hdr->boot_id, sizeof s->hdr->boot_id);
	s->hdr->rt_offset_ps = -(__int128)sim_mono_ps(); /* simulated time starts at 0 */
	for (unsigned i = 0; i < s->nmodels; i++) {
		s->state[i] = (char *)s->hdr + h.sect[i].offset;
		if (s->models[i]->init && (rc = s->models[i]->init(s, s->state[i], o, err)))
			goto out;
		if (s->models[i]->settings_crc)
			s->hdr->settings_crc[i] = s->models[i]->settings_crc(s->state[i]);
	}
	s->hdr->header_crc = header_crc(s->hdr);
	/* locked before anyone can see it */
	sim_lock_init(&s->lk, s->fd, &s->hdr->lock_ticket);
	sim_lock(s);
	if ((rc = sim_file_publish(s, &t, replace, err)))
		sim_unlock(s);
out:
	if (rc) {
		sim_file_discard(&t);
		close_state(s);
	}
	return rc;
}

static int corrupt(struct sim *s, const char *why, struct hwpc_err *err)
{
	return hwpc_err_set(err, HWPC_EOP, "simulator state %s is corrupt (%s); 'pcsim reset -d %s' recreates it",
			    s->path, why, s->spec_text);
}

/* A check that depends on the register database (the models and their
 * section sizes come from it): with HWPC_REGDB set, a failure says more
 * about that directory than about the file, and a reset would destroy a
 * state that is good with the built-in regdb. */
static int regdb_mismatch(struct sim *s, const char *why, struct hwpc_err *err)
{
	const char *dir = getenv("HWPC_REGDB");
	if (!dir || !*dir)
		return corrupt(s, why, err);
	return hwpc_err_set(err, HWPC_EINPUT,
			    "HWPC_REGDB=%s does not describe the %s simulator state %s was made with (%s): "
			    "unset HWPC_REGDB, or point it at that regdb",
			    dir, s->dev.chip->name, s->path, why);
}

/* The fields the header CRC leaves out (they change on every access), and
 * the clock fields, in the ranges the simulator produces: a virtual clock
 * moves after the models reached the new time, so it never is ahead of
 * them; a realtime one never sets it. */
static int check_times(struct sim *s, const struct sim_header *h, struct hwpc_err *err)
{
	if (h->clock_mode != SIM_CLOCK_REALTIME && h->clock_mode != SIM_CLOCK_VIRTUAL)
		return corrupt(s, "bad clock mode", err);
	for (int c = 0; c < HWPC_CLOCK_COUNT; c++)
		if (h->clock_hz[c] > SIM_MAX_HZ)
			return corrupt(s, "bad clock frequency", err);
	if (h->now_ps > SIM_END_PS)
		return corrupt(s, "simulated time past its end", err);
	if (h->clock_mode == SIM_CLOCK_VIRTUAL && h->virt_ps != h->now_ps)
		return corrupt(s, "the virtual clock is not where the models are", err);
	if (h->clock_mode == SIM_CLOCK_REALTIME && h->virt_ps)
		return corrupt(s, "a virtual time in a realtime state", err);
	return 0;
}

/* Check an existing file and point the models at their sections. */
static int load_state(struct sim *s, struct hwpc_err *err)
{
	const struct sim_opts *o = &s->opts;
	struct stat st;
	struct sim_header h;

	if (fstat(s->fd, &st))
		return hwpc_err_set(err, HWPC_EOP, "cannot stat %s: %s", s->path, strerror(errno));
	if ((size_t)st.st_size < sizeof h)
		return corrupt(s, "truncated header", err);
	if (pread(s->fd, &h, sizeof h, 0) != (ssize_t)sizeof h)
		return hwpc_err_set(err, HWPC_EOP, "cannot read %s: %s", s->path, strerror(errno));
	if (memcmp(h.magic, SIM_MAGIC, sizeof SIM_MAGIC))
		return corrupt(s, "not a hwpc simulator state file", err);
	if (h.version >= 1 && h.version < SIM_VERSION)
		return hwpc_err_set(err, HWPC_EOP,
				    "simulator state %s has format %u, this hwpc reads format %u; 'pcsim reset -d "
				    "%s' recreates it",
				    s->path, h.version, SIM_VERSION, s->spec_text);
	if (h.version != SIM_VERSION || h.header_size != sizeof h)
		return corrupt(s, "written by another version of hwpc", err);
	if (h.header_crc != header_crc(&h))
		return corrupt(s, "header checksum mismatch", err);
	if (h.file_size != (uint64_t)st.st_size)
		return corrupt(s, "file size differs from the header", err);
	h.chipset[sizeof h.chipset - 1] = 0;
	if (strcasecmp(h.chipset, s->dev.chip->name))
		return hwpc_err_set(err, HWPC_EINPUT,
				    "simulator state %s holds a %s, not a %s (use another state= or 'pcsim "
				    "reset -d %s')",
				    s->path, h.chipset, s->dev.chip->name, s->spec_text);
	if (o->has_clock && o->virtual_clock != (h.clock_mode == SIM_CLOCK_VIRTUAL))
		return hwpc_err_set(err, HWPC_EINPUT,
				    "simulator state %s uses the %s clock, not clock=%s ('pcsim reset' with "
				    "the new spec changes it)",
				    s->path, h.clock_mode == SIM_CLOCK_VIRTUAL ? "virtual" : "realtime",
				    o->virtual_clock ? "virtual" : "realtime");
	h.options[sizeof h.options - 1] = 0;
	if (*o->canon && strcmp(o->canon, h.options))
		return hwpc_err_set(err, HWPC_EINPUT,
				    "simulator state %s was created with '%s', not '%s' ('pcsim reset' with "
				    "the new spec recreates it)",
				    s->path, *h.options ? h.options : "no options", o->canon);
	choose_models(s);
	if (h.nsections != s->nmodels)
		return regdb_mismatch(s, "unexpected sections", err);
	/* Section sizes follow the options the file was created with. */
	struct sim_opts stored;
	if (sim_opts_parse_canon(s->dev.chip->name, h.options, &stored, NULL))
		return corrupt(s, "bad stored options", err);
	struct sim_section want[SIM_MAX_SECTIONS];
	if (layout(s, &stored, want) != h.file_size || memcmp(want, h.sect, s->nmodels * sizeof want[0]))
		return regdb_mismatch(s, "bad section table", err);
	if (check_times(s, &h, err))
		return err->status;
	if (map_file(s, h.file_size, err))
		return err->status;
	for (unsigned i = 0; i < s->nmodels; i++)
		s->state[i] = (char *)s->hdr + h.sect[i].offset;
	/* fixed at create: read without the lock from here on */
	s->clock_mode = h.clock_mode;
	memcpy(s->clock_hz, h.clock_hz, sizeof s->clock_hz);
	return 0;
}

static int attach_models(struct sim *s, struct hwpc_err *err)
{
	s->nranges = 0;
	for (unsigned i = 0; i < s->nmodels; i++) {
		const struct sim_model *m = s->models[i];
		if (m->validate && m->validate(s, s->state[i], err))
			return hwpc_err_prefix(err, "simulator state %s, %s model", s->path, m->name);
		/* What the model never changes after create; the rest (registers,
		 * counters) changes on every access and is only range-checked. */
		if (m->settings_crc && m->settings_crc(s->state[i]) != s->hdr->settings_crc[i]) {
			char why[64];
			snprintf(why, sizeof why, "%s settings checksum mismatch", m->name);
			return corrupt(s, why, err);
		}
		if (!m->lazy_attach) {
			s->attached[i] = true;
			if (m->attach && m->attach(s, s->state[i], &s->priv[i], err)) {
				char why[sizeof err->msg];
				snprintf(why, sizeof why, "%s model: %s", m->name, err->msg);
				const char *dir = getenv("HWPC_REGDB");
				if (dir && *dir)
					return regdb_mismatch(s, why, err);
				return hwpc_err_prefix(err, "simulator state %s, %s model", s->path, m->name);
			}
		}
		/* The model answers the address ranges of its regdb spaces. */
		for (const char *const *sp = m->spaces; sp && *sp; sp++)
			for (unsigned k = 0; k < hwpc_regdb_space_count(s->dev.db); k++) {
				const struct hwpc_space *space = hwpc_regdb_space(s->dev.db, k);
				if (strcmp(space->name, *sp) || !hwpc_gens_has(&space->gens, s->dev.chip))
					continue;
				uint64_t span = space->size;
				for (unsigned d = 0; d < space->ndims; d++)
					span += (uint64_t)(space->dims[d].count - 1) * space->dims[d].stride;
				if (s->nranges >= SIM_MAX_RANGES)
					return hwpc_err_set(err, HWPC_EOP, "too many simulated address ranges");
				s->ranges[s->nranges].lo = space->base;
				s->ranges[s->nranges].hi = (uint32_t)(space->base + span);
				s->ranges[s->nranges].model = i;
				s->nranges++;
			}
	}
	return 0;
}

void sim_destroy(struct sim *s)
{
	close_state(s);
	if (s->dirfd >= 0)
		close(s->dirfd);
	free(s);
}

/* One try at opening the state: 0 when s->fd holds it, mapped and locked;
 * SIM_AGAIN when another process moved a state into place meanwhile; else
 * an error. */
static int open_once(struct sim *s, enum sim_open_mode mode, struct hwpc_err *err)
{
	struct stat st;
	void *tmap;
	int rc;

	/* never through a link planted where the state goes, which would
	 * make us write over the file it names */
	s->fd = openat(s->dirfd, s->name, O_RDWR | O_CLOEXEC | O_NOCTTY | O_NOFOLLOW | O_NONBLOCK);
	if (s->fd < 0) {
		if (errno != ENOENT)
			return hwpc_err_set(err, HWPC_EOP, errno == ELOOP ? "simulator state %s is a symbolic link, "
					    "not followed (name the file itself)" : "cannot open simulator state %s: %s",
					    s->path, strerror(errno));
		/* created on first use, so that "ptime -d sim:g84" works
		 * without a pcsim create first */
		return create_state(s, false, err);
	}
	if (fstat(s->fd, &st) || !S_ISREG(st.st_mode)) {
		close_state(s);
		return hwpc_err_set(err, HWPC_EOP, "simulator state %s is not a regular file", s->path);
	}
	sim_lock_init(&s->lk, s->fd, sim_file_ticket(s->fd, &tmap));
	sim_lock(s);
	if (!sim_file_is_current(s)) {
		rc = SIM_AGAIN; /* replaced while this process waited */
	} else if (fstat(s->fd, &st)) {
		rc = hwpc_err_set(err, HWPC_EOP, "cannot stat %s: %s", s->path, strerror(errno));
	} else if (mode == SIM_CREATE && st.st_size > 0) {
		rc = hwpc_err_set(err, HWPC_EINPUT, "simulator state %s already exists (pcsim reset recreates it)",
				  s->path);
	} else if (mode == SIM_RESET || st.st_size == 0) {
		/* a new state in place of the old, which stays whole until the
		 * rename and is then marked for the processes still using it */
		int old = s->fd;
		struct sim_lock oldlk = s->lk;
		s->fd = -1; /* old is ours to close, whatever create_state does */
		rc = create_state(s, true, err);
		if (!rc)
			sim_file_supersede(old);
		sim_lock_drop(&oldlk);
		close(old);
		if (tmap)
			munmap(tmap, sizeof(struct sim_header));
		return rc;
	} else if (!(rc = load_state(s, err))) {
		s->lk.ticket = &s->hdr->lock_ticket; /* the same word, in the whole mapping */
		/* before the models' checks: an advance killed half way is undone */
		rc = sim_journal_recover(s, err);
	}
	if (rc)
		sim_unlock(s);
	if (tmap)
		munmap(tmap, sizeof(struct sim_header));
	if (rc)
		close_state(s);
	return rc;
}

/* The spec as a user would type it again (for the fixes messages suggest). */
static void spec_text(const struct hwpc_devspec *spec, char *buf, size_t len)
{
	size_t used = (size_t)snprintf(buf, len, "sim:%s", spec->chip);
	for (unsigned i = 0; i < spec->nopts; i++)
		used += (size_t)snprintf(buf + (used < len ? used : len), used < len ? len - used : 0, ",%s=%s",
					 spec->keys[i], spec->values[i]);
}

/* How often an open starts again because states keep being replaced. */
#define SIM_OPEN_TRIES 100

int sim_open(const struct hwpc_devspec *spec, unsigned flags, const struct hwpc_regdb *db,
	     enum sim_open_mode mode, struct sim **out, struct hwpc_err *err)
{
	struct sim *s;
	const struct hwpc_chipset *chip = hwpc_chipset_by_name(db, spec->chip);

	*out = NULL;
	if (!chip && hwpc_chipset_nearest(db, spec->chip))
		return hwpc_err_set(err, HWPC_EINPUT, "unknown chipset '%s' in sim:%s (did you mean %s?)",
				    spec->chip, spec->chip, hwpc_chipset_nearest(db, spec->chip)->name);
	if (!chip)
		return hwpc_err_set(err, HWPC_EINPUT,
				    "unknown chipset '%s' in sim:%s (pcsim list shows the chipsets)",
				    spec->chip, spec->chip);
	if (!(s = calloc(1, sizeof *s)))
		return hwpc_err_set(err, HWPC_EOP, "out of memory");
	if (sim_opts_parse(spec, &s->opts, err) || sim_catchup_limit(&s->catchup_ns, err)) {
		free(s);
		return err->status;
	}
	s->fd = -1;
	s->dirfd = AT_FDCWD;
	s->name = s->path;
	s->dev.flags = flags;
	s->verbose = flags & HWPC_OPEN_VERBOSE;
	s->dev.db = db;
	s->dev.chip = chip;
	s->dev.size = SIM_BAR0_SIZE;
	spec_text(spec, s->spec_text, sizeof s->spec_text);
	hwpc_dev_set_fastpath(&s->dev, SIM_BAR0_SIZE, false);
	/* A simulated NVIDIA GPU must be identifiable by its PMC.BOOT_0; other
	 * simulated hardware (no PMC) has no such register. */
	if (hwpc_reg_find(db, chip, "PMC.BOOT_0", NULL) && !hwpc_chipset_boot0(db, chip, &s->dev.boot0)) {
		hwpc_err_set(err, HWPC_EINPUT,
			     "chipset %s cannot be simulated: it has no PMC.BOOT_0 encoding to identify it",
			     chip->name);
		goto fail;
	}
	if (sim_opts_state_path(&s->opts, spec->chip, s->path, sizeof s->path, err))
		goto fail;
	/* In the runtime directory only once it is checked: the user's own,
	 * writable by nobody else (else another user could plant a state or a
	 * link there).  Then everything is done through the directory checked
	 * (openat, linkat, renameat), as rundir.h asks. */
	if (!s->opts.has_state) {
		char dir[400];
		const char *slash = strrchr(s->path, '/');
		if (hwpc_runtime_dir_open(dir, sizeof dir, &s->dirfd, err))
			goto fail;
		if (!slash || (size_t)(slash - s->path) != strlen(dir) || strncmp(s->path, dir, strlen(dir))) {
			hwpc_err_set(err, HWPC_EOP, "simulator state %s is not in the runtime directory %s", s->path,
				     dir);
			goto fail;
		}
		s->name = slash + 1;
	}
	for (int tries = 0;; tries++) {
		if (tries == SIM_OPEN_TRIES) {
			hwpc_err_set(err, HWPC_EOP, "simulator state %s was replaced %d times while opening it",
				     s->path, SIM_OPEN_TRIES);
			goto fail;
		}
		int rc = open_once(s, mode, err);
		if (!rc)
			break;
		if (rc != SIM_AGAIN)
			goto fail;
	}
	/* locked from here */
	s->lag_at_open = s->hdr->lag_ps;
	s->create_id = s->hdr->create_id;
	if (attach_models(s, err)) {
		sim_unlock(s);
		goto fail;
	}
	sim_check_boot(s);
	sim_unlock(s);
	*out = s;
	return 0;
fail:
	sim_destroy(s);
	return err->status;
}
