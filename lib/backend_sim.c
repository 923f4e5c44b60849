/* The simulator as a device: a state file shared by every process that
 * opens the same sim spec (mmap'd, flock'd around each access), a realtime
 * or virtual clock, and the models of sim/ answering MMIO. */
#include "err_local.h"
#include "backend.h"
#include "hwpc/sim.h"
#include "sim/ptimer.h"
#include "sim/sim.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <limits.h>
#include <unistd.h>

/* What every simulated GPU's BAR0 spans. */
#define SIM_BAR0_SIZE 0x1000000u

/* Options the core takes; each model adds its own (struct sim_model). */
static const char *const core_options[] = { "state", "clock", "crystal", "nvclk", "mclk",
					    "hclk",  "tclk",  NULL };

/* Default frequencies of the external clocks (pcsim(1), "Model notes"). */
static const uint64_t default_hz[HWPC_CLOCK_COUNT] = {
	[HWPC_CLOCK_CRYSTAL] = 0, /* from the straps' enum: see pick_crystal */
	[HWPC_CLOCK_NVCLK] = 100000000, [HWPC_CLOCK_MCLK] = 100000000,
	[HWPC_CLOCK_HCLK] = 100000000,  [HWPC_CLOCK_TCLK] = 100000000,
};

static uint32_t crc32(const void *data, size_t len)
{
	const unsigned char *p = data;
	uint32_t c = 0xffffffffu;
	for (size_t i = 0; i < len; i++) {
		c ^= p[i];
		for (int k = 0; k < 8; k++)
			c = (c >> 1) ^ (0xedb88320u & (0u - (c & 1)));
	}
	return ~c;
}

/* The CRC covers the layout and identity, not the fields that change on
 * every access (times) - those are checked for sanity instead. */
static uint32_t header_crc(const struct sim_header *h)
{
	struct sim_header tmp = *h;
	tmp.now_ns = tmp.virt_ns = 0;
	tmp.rt_offset_ns = 0;
	memset(tmp.boot_id, 0, sizeof tmp.boot_id);
	tmp.header_crc = 0;
	return crc32(&tmp, offsetof(struct sim_header, header_crc));
}

static uint64_t mono_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static void read_boot_id(char *buf, size_t len)
{
	FILE *f = fopen("/proc/sys/kernel/random/boot_id", "r");
	memset(buf, 0, len);
	if (f) {
		if (!fgets(buf, (int)len, f))
			buf[0] = 0;
		buf[strcspn(buf, "\n")] = 0;
		fclose(f);
	}
}

uint64_t sim_clock_now(struct sim *s)
{
	struct sim_header *h = s->hdr;
	if (h->clock_mode == SIM_CLOCK_VIRTUAL)
		return h->virt_ns;
	int64_t t = (int64_t)mono_ns() + h->rt_offset_ns;
	/* Simulated time never runs backwards, even across a reboot. */
	return t > (int64_t)h->now_ns ? (uint64_t)t : h->now_ns;
}

/* A model's per-process data, attaching it first if it was left for later
 * (struct sim_model.lazy_attach).  NULL if the attach failed: the reason
 * is kept in attach_err and every later access reports it. */
static void *model_priv(struct sim *s, unsigned i)
{
	if (!s->attached[i]) {
		const struct sim_model *m = s->models[i];
		s->attached[i] = true;
		if (m->attach && m->attach(s, s->state[i], &s->priv[i], &s->attach_err)) {
			hwpc_err_prefix(&s->attach_err, "simulator state %s, %s model", s->path, m->name);
			s->priv[i] = NULL;
			s->attach_failed[i] = true;
		}
	}
	return s->priv[i];
}

/* The longest step every model can take in reasonable time. */
static uint64_t max_step_ns(struct sim *s)
{
	uint64_t limit = UINT64_MAX;
	for (unsigned i = 0; i < s->nmodels; i++)
		if (s->models[i]->max_step_ns) {
			void *p = model_priv(s, i);
			if (s->attach_failed[i])
				continue;
			uint64_t m = s->models[i]->max_step_ns(s, s->state[i], p);
			if (m && m < limit)
				limit = m;
		}
	return limit;
}

/* A realtime state opened after a reboot: CLOCK_MONOTONIC restarted, so
 * the offset is re-anchored to continue from the last simulated time. */
static void check_boot(struct sim *s)
{
	struct sim_header *h = s->hdr;
	char boot[40];
	if (h->clock_mode != SIM_CLOCK_REALTIME)
		return;
	read_boot_id(boot, sizeof boot);
	if (strncmp(boot, h->boot_id, sizeof boot)) {
		memcpy(h->boot_id, boot, sizeof boot);
		h->rt_offset_ns = (int64_t)h->now_ns - (int64_t)mono_ns();
	}
}

void sim_sync(struct sim *s)
{
	struct sim_header *h = s->hdr;
	uint64_t now = sim_clock_now(s);
	if (now == h->now_ns)
		return;
	/* A realtime simulator left alone for long catches up at most one
	 * step; the rest is skipped, as if it had been paused (pcsim(1)). */
	uint64_t step = max_step_ns(s);
	if (h->clock_mode == SIM_CLOCK_REALTIME && now - h->now_ns > step) {
		if (s->verbose)
			fprintf(stderr, "hwpc-sim: %.3f s of simulated time skipped (catch-up limit %.3f s)\n",
				(double)(now - h->now_ns - step) / 1e9, (double)step / 1e9);
		h->rt_offset_ns -= (int64_t)(now - h->now_ns - step);
		now = h->now_ns + step;
	}
	for (unsigned i = 0; i < s->nmodels; i++)
		if (s->models[i]->advance) {
			void *p = model_priv(s, i);
			if (!s->attach_failed[i])
				s->models[i]->advance(s, s->state[i], p, h->now_ns, now);
		}
	h->now_ns = now;
}

void *sim_model_state(struct sim *s, uint32_t id, void **priv)
{
	for (unsigned i = 0; i < s->nmodels; i++)
		if (s->models[i]->id == id) {
			void *p = model_priv(s, i);
			if (s->attach_failed[i])
				return NULL; /* its attach failed: treat it as absent */
			if (priv)
				*priv = p;
			return s->state[i];
		}
	return NULL;
}

uint32_t sim_reg_addr(struct sim *s, const char *name, bool *ok)
{
	struct hwpc_regref ref;
	*ok = hwpc_regref_parse(s->dev.db, s->dev.chip, name, &ref, NULL) == 0;
	return *ok ? ref.addr : 0;
}

/* --- locking ----------------------------------------------------------- */

void sim_lock(struct sim *s)
{
	if (s->locked++ == 0)
		while (flock(s->fd, LOCK_EX) && errno == EINTR)
			;
}

void sim_unlock(struct sim *s)
{
	if (s->locked && --s->locked == 0)
		flock(s->fd, LOCK_UN);
}

/* Lock, and refuse to touch a state another process has recreated since
 * this one attached (its layout may differ; reading past a shrunk file
 * would be a SIGBUS). */
static int sim_lock_fresh(struct sim *s, struct hwpc_err *err)
{
	struct stat st;
	sim_lock(s);
	if (!s->hdr || fstat(s->fd, &st) || (size_t)st.st_size < sizeof *s->hdr ||
	    s->hdr->create_id != s->create_id || (size_t)st.st_size != s->map_size) {
		sim_unlock(s);
		return hwpc_err_set(err, HWPC_EOP,
				    "simulator state %s was reset by another process; run the command again",
				    s->path);
	}
	if (s->attach_err.status) {
		sim_unlock(s);
		return hwpc_err_set(err, s->attach_err.status, "%s", s->attach_err.msg);
	}
	return 0;
}

/* --- MMIO dispatch ------------------------------------------------------- */

static int find_range(struct sim *s, uint32_t addr)
{
	for (unsigned i = 0; i < s->nranges; i++)
		if (addr >= s->ranges[i].lo && addr < s->ranges[i].hi)
			return (int)s->ranges[i].model;
	return -1;
}

static void note(struct sim *s, const char *what, uint32_t addr, uint32_t val)
{
	/* NV41+ PTIMER reports failed host accesses in MMIO_FAULT_*. */
	if (find_range(s, addr) < 0)
		sim_ptimer_mmio_fault(s, addr, what[0] == 'w', val);
	if (s->verbose)
		fprintf(stderr, "hwpc-sim: %s 0x%06x (0x%08x): no such register on %s, ignored\n", what,
			addr, val, s->dev.chip->name);
}

/* Lock, bring time up to date and find the model answering off (-1: none).
 * Fails if the state went stale or the model could not attach; then the
 * lock is already released. */
static int sim_access(struct sim *s, uint32_t off, int *m, void **mp)
{
	if (sim_lock_fresh(s, &s->dev.err))
		return s->dev.err.status;
	sim_sync(s);
	*m = find_range(s, off);
	*mp = *m < 0 ? NULL : model_priv(s, (unsigned)*m);
	if (*m >= 0 && s->attach_failed[*m]) {
		sim_unlock(s);
		return hwpc_err_set(&s->dev.err, s->attach_err.status, "%s", s->attach_err.msg);
	}
	return 0;
}

static int sim_rd32(struct hwpc_dev *dev, uint32_t off, uint32_t *val)
{
	struct sim *s = (struct sim *)dev;
	int m;
	void *mp;
	if (sim_access(s, off, &m, &mp))
		return dev->err.status;
	int rc = m < 0 || !s->models[m]->rd32 ? 1 : s->models[m]->rd32(s, s->state[m], mp, off, val);
	if (rc > 0)
		note(s, "read of", off, 0);
	if (rc)
		*val = 0;
	sim_unlock(s);
	return rc < 0 ? (s->dev.err.status ? s->dev.err.status : HWPC_EINPUT) : 0;
}

static int sim_wr32(struct hwpc_dev *dev, uint32_t off, uint32_t val)
{
	struct sim *s = (struct sim *)dev;
	int m;
	void *mp;
	if (sim_access(s, off, &m, &mp))
		return dev->err.status;
	int rc = m < 0 || !s->models[m]->wr32 ? 1 : s->models[m]->wr32(s, s->state[m], mp, off, val);
	if (rc > 0)
		note(s, "write to", off, val);
	sim_unlock(s);
	/* A refused write (rc < 0) fails with the model's message. */
	return rc < 0 ? (s->dev.err.status ? s->dev.err.status : HWPC_EINPUT) : 0;
}

/* --- state file ---------------------------------------------------------- */

static void unmap_state(struct sim *s)
{
	for (unsigned i = 0; i < s->nmodels; i++)
		if (s->models[i]->detach && s->priv[i])
			s->models[i]->detach(s->priv[i]);
	s->nmodels = 0;
	if (s->hdr)
		munmap(s->hdr, s->map_size);
	s->hdr = NULL;
}

static void sim_close(struct hwpc_dev *dev)
{
	struct sim *s = (struct sim *)dev;
	unmap_state(s);
	if (s->fd >= 0)
		close(s->fd);
	free(s);
}

static void sim_describe(struct hwpc_dev *dev, char *buf, size_t len)
{
	struct sim *s = (struct sim *)dev;
	char id[40] = "";
	if (sim_space(s, "PMC"))
		snprintf(id, sizeof id, "PMC.BOOT_0 0x%08x, ", dev->boot0);
	snprintf(buf, len, "sim:%s %s %s (%s%s clock, state %s)", dev->chip->name, dev->chip->family,
		 dev->chip->name, id, s->hdr->clock_mode == SIM_CLOCK_VIRTUAL ? "virtual" : "realtime",
		 s->path);
}

static uint64_t sim_clock_hz(struct hwpc_dev *dev, enum hwpc_clock c)
{
	struct sim *s = (struct sim *)dev;
	return (unsigned)c < HWPC_CLOCK_COUNT ? s->hdr->clock_hz[c] : 0;
}

/* The same machine under any spelling of its state path. */
static int sim_key(struct hwpc_dev *dev, char *buf, size_t len, struct hwpc_err *err)
{
	struct sim *s = (struct sim *)dev;
	char real[PATH_MAX];
	if (!realpath(s->path, real))
		return hwpc_err_set(err, HWPC_EOP, "cannot resolve simulator state %s: %s", s->path,
				    strerror(errno));
	if ((size_t)snprintf(buf, len, "sim:%s", real) >= len)
		return hwpc_err_set(err, HWPC_EINPUT, "device key buffer too small for %s", real);
	return 0;
}

static uint64_t sim_instance(struct hwpc_dev *dev)
{
	return ((struct sim *)dev)->create_id;
}

static int sim_wait_until(struct hwpc_dev *dev, uint64_t t_ns, struct hwpc_err *err)
{
	struct sim *s = (struct sim *)dev;
	uint64_t now = hwpc_sim_now_ns(dev);
	if (t_ns <= now)
		return 0;
	if (s->hdr->clock_mode == SIM_CLOCK_VIRTUAL)
		return hwpc_sim_advance_ns(dev, t_ns - now, err);
	struct timespec ts = { (time_t)((t_ns - now) / 1000000000u), (long)((t_ns - now) % 1000000000u) };
	nanosleep(&ts, NULL); /* EINTR returns: the caller may be asked to stop */
	return 0;
}

static const struct hwpc_dev_ops sim_ops = {
	.name = "sim",
	.rd32 = sim_rd32,
	.wr32 = sim_wr32,
	.close = sim_close,
	.describe = sim_describe,
	.clock_hz = sim_clock_hz,
	.key = sim_key,
	.instance = sim_instance,
	.now_ns = hwpc_sim_now_ns,
	.wait_until_ns = sim_wait_until,
	.mem_read = hwpc_sim_mem_read,
	.pc_domain_hz = hwpc_sim_pc_domain_hz,
};

bool hwpc_dev_is_sim(const struct hwpc_dev *dev)
{
	return dev && dev->ops == &sim_ops;
}

int hwpc_sim_state_path(const struct hwpc_devspec *spec, char *buf, size_t len, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	const char *state = sim_spec_opt(spec, "state");
	char chip[32];
	size_t i;

	if (state) {
		if (!*state)
			return hwpc_err_set(err, HWPC_EINPUT, "sim option state= needs a file name");
		if ((size_t)snprintf(buf, len, "%s", state) >= len)
			return hwpc_err_set(err, HWPC_EINPUT, "state file name too long");
		return 0;
	}
	for (i = 0; spec->chip[i] && i + 1 < sizeof chip; i++)
		chip[i] = (char)tolower((unsigned char)spec->chip[i]);
	chip[i] = 0;
	/* One directory per user, private: the state is the user's machine. */
	const char *run = getenv("XDG_RUNTIME_DIR");
	struct stat st;
	char dir[400];
	if (run && *run && !stat(run, &st) && S_ISDIR(st.st_mode))
		snprintf(dir, sizeof dir, "%s/hwpc", run);
	else
		snprintf(dir, sizeof dir, "/tmp/hwpc-%u", (unsigned)getuid());
	if (mkdir(dir, 0700) && errno != EEXIST)
		return hwpc_err_set(err, HWPC_EOP, "cannot create %s: %s", dir, strerror(errno));
	if (!stat(dir, &st) && st.st_uid != getuid())
		return hwpc_err_set(err, HWPC_EOP, "%s belongs to another user (set state= or XDG_RUNTIME_DIR)",
				    dir);
	if ((size_t)snprintf(buf, len, "%s/sim-%s.state", dir, chip) >= len)
		return hwpc_err_set(err, HWPC_EINPUT, "state file name too long");
	return 0;
}

/* Canonical create-time options ("clock=virtual,crystal=25M"), compared on
 * later opens so that a spec never silently means another machine. */
static void canon_options(const struct hwpc_devspec *spec, char *buf, size_t len)
{
	size_t used = 0;
	buf[0] = 0;
	for (const char *const *k = core_options; *k; k++) {
		const char *v = sim_spec_opt(spec, *k);
		if (v && strcmp(*k, "state"))
			used += (size_t)snprintf(buf + used, used < len ? len - used : 0, "%s%s=%s",
						 used ? "," : "", *k, v);
	}
	for (unsigned m = 0; sim_models[m]; m++)
		for (const char *const *k = sim_models[m]->options; k && *k; k++) {
			const char *v = sim_spec_opt(spec, *k);
			if (v)
				used += (size_t)snprintf(buf + used, used < len ? len - used : 0, "%s%s=%s",
							 used ? "," : "", *k, v);
		}
}

static int check_options(const struct hwpc_devspec *spec, struct hwpc_err *err)
{
	for (unsigned i = 0; i < spec->nopts; i++) {
		int known = 0;
		for (const char *const *k = core_options; *k && !known; k++)
			known = !strcmp(*k, spec->keys[i]);
		for (unsigned m = 0; sim_models[m] && !known; m++)
			for (const char *const *k = sim_models[m]->options; k && *k && !known; k++)
				known = !strcmp(*k, spec->keys[i]);
		if (!known) {
			char list[256];
			size_t used = 0;
			for (const char *const *k = core_options; *k; k++)
				used += (size_t)snprintf(list + used, used < sizeof list ? sizeof list - used : 0,
							 "%s%s", used ? ", " : "", *k);
			for (unsigned m = 0; sim_models[m]; m++)
				for (const char *const *k = sim_models[m]->options; k && *k; k++)
					used += (size_t)snprintf(list + used,
								 used < sizeof list ? sizeof list - used : 0,
								 ", %s", *k);
			return hwpc_err_set(err, HWPC_EINPUT, "unknown sim option '%s' (expected one of: %s)",
					    spec->keys[i], list);
		}
	}
	const char *clock = sim_spec_opt(spec, "clock");
	if (clock && strcmp(clock, "realtime") && strcmp(clock, "virtual"))
		return hwpc_err_set(err, HWPC_EINPUT, "bad sim option clock=%s (expected realtime or virtual)",
				    clock);
	return 0;
}

/* Which models this chip has, and their section sizes. */
static void choose_models(struct sim *s)
{
	s->nmodels = 0;
	for (unsigned m = 0; sim_models[m] && s->nmodels < SIM_MAX_SECTIONS; m++)
		if (!sim_models[m]->present || sim_models[m]->present(s))
			s->models[s->nmodels++] = sim_models[m];
}

static int pick_clocks(struct sim *s, const struct hwpc_devspec *spec, uint64_t *hz, struct hwpc_err *err)
{
	for (int c = 0; c < HWPC_CLOCK_COUNT; c++) {
		hz[c] = default_hz[c];
		const char *v = sim_spec_opt(spec, hwpc_clock_name((enum hwpc_clock)c));
		if (v && sim_parse_hz(v, &hz[c]))
			return hwpc_err_set(err, HWPC_EINPUT,
					    "bad sim option %s=%s (expected a frequency such as 100M or "
					    "27000000)",
					    hwpc_clock_name((enum hwpc_clock)c), v);
	}
	/* The crystal is whatever the chip's straps can say. */
	const struct hwpc_reg *r = hwpc_reg_find(s->dev.db, s->dev.chip, "PSTRAPS.STRAPS0_PRIMARY", NULL);
	const struct hwpc_field *f = r ? hwpc_field_find(r, s->dev.chip, "CRYSTAL") : NULL;
	if (!f) {
		if (sim_spec_opt(spec, "crystal"))
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
		if (sim_spec_opt(spec, "crystal") && (uint64_t)v == hz[HWPC_CLOCK_CRYSTAL])
			match = true;
	}
	if (sim_spec_opt(spec, "crystal")) {
		if (!match)
			return hwpc_err_set(err, HWPC_EINPUT,
					    "crystal=%s is not one the %s straps can select (%s)",
					    sim_spec_opt(spec, "crystal"), s->dev.chip->name, list);
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

/* Lay out and initialise a fresh state file.  The file is locked. */
static int create_state(struct sim *s, const struct hwpc_devspec *spec, struct hwpc_err *err)
{
	struct sim_header h;
	size_t off = (sizeof h + 63) & ~(size_t)63;
	uint64_t hz[HWPC_CLOCK_COUNT];

	if (pick_clocks(s, spec, hz, err))
		return err->status;
	memset(&h, 0, sizeof h);
	memcpy(h.magic, SIM_MAGIC, sizeof SIM_MAGIC);
	h.version = SIM_VERSION;
	h.header_size = sizeof h;
	snprintf(h.chipset, sizeof h.chipset, "%s", s->dev.chip->name);
	h.clock_mode = sim_spec_opt(spec, "clock") && !strcmp(sim_spec_opt(spec, "clock"), "virtual")
			       ? SIM_CLOCK_VIRTUAL
			       : SIM_CLOCK_REALTIME;
	memcpy(h.clock_hz, hz, sizeof hz);
	choose_models(s);
	h.nsections = s->nmodels;
	for (unsigned i = 0; i < s->nmodels; i++) {
		h.sect[i].id = s->models[i]->id;
		h.sect[i].version = s->models[i]->version;
		h.sect[i].offset = off;
		h.sect[i].size = s->models[i]->state_size ? s->models[i]->state_size(s, spec) : 0;
		off += (h.sect[i].size + 63) & ~(uint64_t)63;
	}
	h.file_size = off;
	canon_options(spec, h.options, sizeof h.options);
	if (ftruncate(s->fd, 0) || ftruncate(s->fd, (off_t)off))
		return hwpc_err_set(err, HWPC_EOP, "cannot size simulator state %s: %s", s->path,
				    strerror(errno));
	if (map_file(s, off, err))
		return err->status;
	h.create_id = (mono_ns() ^ (uint64_t)getpid() << 40) | 1;
	*s->hdr = h;
	read_boot_id(s->hdr->boot_id, sizeof s->hdr->boot_id);
	s->hdr->rt_offset_ns = -(int64_t)mono_ns(); /* simulated time starts at 0 */
	for (unsigned i = 0; i < s->nmodels; i++) {
		s->state[i] = (char *)s->hdr + h.sect[i].offset;
		if (s->models[i]->init && s->models[i]->init(s, s->state[i], spec, err))
			return err->status;
	}
	s->hdr->header_crc = header_crc(s->hdr);
	return 0;
}

static int corrupt(struct sim *s, const char *why, struct hwpc_err *err)
{
	return hwpc_err_set(err, HWPC_EOP,
			    "simulator state %s is corrupt (%s); 'pcsim reset -d sim:%s' recreates it",
			    s->path, why, s->dev.chip->name);
}

/* Check an existing file and point the models at their sections. */
static int load_state(struct sim *s, const struct hwpc_devspec *spec, struct hwpc_err *err)
{
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
				    "reset -d sim:%s')",
				    s->path, h.chipset, s->dev.chip->name, s->dev.chip->name);
	const char *clock = sim_spec_opt(spec, "clock");
	if (clock && (!strcmp(clock, "virtual")) != (h.clock_mode == SIM_CLOCK_VIRTUAL))
		return hwpc_err_set(err, HWPC_EINPUT,
				    "simulator state %s uses the %s clock, not clock=%s ('pcsim reset' with "
				    "the new spec changes it)",
				    s->path, h.clock_mode == SIM_CLOCK_VIRTUAL ? "virtual" : "realtime", clock);
	char opts[sizeof h.options];
	canon_options(spec, opts, sizeof opts);
	h.options[sizeof h.options - 1] = 0;
	if (*opts && strcmp(opts, h.options))
		return hwpc_err_set(err, HWPC_EINPUT,
				    "simulator state %s was created with '%s', not '%s' ('pcsim reset' with "
				    "the new spec recreates it)",
				    s->path, *h.options ? h.options : "no options", opts);
	choose_models(s);
	if (h.nsections != s->nmodels)
		return corrupt(s, "unexpected sections", err);
	/* Section sizes follow the options the file was created with. */
	struct hwpc_devspec stored;
	char text[sizeof h.options + 64];
	snprintf(text, sizeof text, "sim:%s%s%s", s->dev.chip->name, *h.options ? "," : "", h.options);
	if (hwpc_devspec_parse(text, &stored, NULL))
		return corrupt(s, "bad stored options", err);
	for (unsigned i = 0; i < s->nmodels; i++) {
		uint64_t want = s->models[i]->state_size ? s->models[i]->state_size(s, &stored) : 0;
		if (h.sect[i].id != s->models[i]->id || h.sect[i].version != s->models[i]->version ||
		    h.sect[i].size != want || h.sect[i].offset + h.sect[i].size > h.file_size ||
		    h.sect[i].offset < sizeof h)
			return corrupt(s, "bad section table", err);
	}
	if (map_file(s, h.file_size, err))
		return err->status;
	for (unsigned i = 0; i < s->nmodels; i++)
		s->state[i] = (char *)s->hdr + h.sect[i].offset;
	return 0;
}

static int attach_models(struct sim *s, struct hwpc_err *err)
{
	s->nranges = 0;
	for (unsigned i = 0; i < s->nmodels; i++) {
		const struct sim_model *m = s->models[i];
		if (m->validate && m->validate(s, s->state[i], err))
			return hwpc_err_prefix(err, "simulator state %s, %s model", s->path, m->name);
		if (!m->lazy_attach) {
			s->attached[i] = true;
			if (m->attach && m->attach(s, s->state[i], &s->priv[i], err))
				return hwpc_err_prefix(err, "simulator state %s, %s model", s->path, m->name);
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

static int open_sim(const struct hwpc_devspec *spec, unsigned flags, const struct hwpc_regdb *db,
		    int mode /* 0 open, 1 create, 2 reset */, struct sim **out, struct hwpc_err *err)
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
	if (check_options(spec, err))
		return err->status;
	if (!(s = calloc(1, sizeof *s)))
		return hwpc_err_set(err, HWPC_EOP, "out of memory");
	s->fd = -1;
	s->dev.ops = &sim_ops;
	s->dev.flags = flags;
	s->verbose = flags & HWPC_OPEN_VERBOSE;
	s->dev.db = db;
	s->dev.chip = chip;
	s->dev.size = SIM_BAR0_SIZE;
	hwpc_dev_set_fastpath(&s->dev, SIM_BAR0_SIZE, false);
	/* A simulated NVIDIA GPU must be identifiable by its PMC.BOOT_0; other
	 * simulated hardware (no PMC) has no such register. */
	if (hwpc_reg_find(db, chip, "PMC.BOOT_0", NULL) && !hwpc_chipset_boot0(db, chip, &s->dev.boot0)) {
		hwpc_err_set(err, HWPC_EINPUT,
			     "chipset %s cannot be simulated: it has no PMC.BOOT_0 encoding to identify it",
			     chip->name);
		goto fail;
	}
	if (hwpc_sim_state_path(spec, s->path, sizeof s->path, err))
		goto fail;
	s->fd = open(s->path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
	if (s->fd < 0) {
		hwpc_err_set(err, HWPC_EOP, "cannot open simulator state %s: %s", s->path, strerror(errno));
		goto fail;
	}
	sim_lock(s);
	struct stat st;
	if (fstat(s->fd, &st)) {
		hwpc_err_set(err, HWPC_EOP, "cannot stat %s: %s", s->path, strerror(errno));
		goto fail;
	}
	if (mode == 1 && st.st_size > 0) {
		hwpc_err_set(err, HWPC_EINPUT, "simulator state %s already exists (pcsim reset recreates it)",
			     s->path);
		goto fail;
	}
	/* A missing or empty file is created on first use, so that
	 * "ptime -d sim:g84" works without a pcsim create first. */
	if (mode || st.st_size == 0) {
		if (create_state(s, spec, err)) {
			/* Never leave a half-made file: an empty one is created
			 * afresh on the next open. */
			if (s->hdr)
				munmap(s->hdr, s->map_size);
			s->hdr = NULL;
			s->nmodels = 0;
			if (ftruncate(s->fd, 0))
				(void)0;
			goto fail;
		}
	} else if (load_state(s, spec, err)) {
		goto fail;
	}
	if (attach_models(s, err))
		goto fail;
	check_boot(s);
	s->create_id = s->hdr->create_id;
	sim_unlock(s);
	*out = s;
	return 0;
fail:
	sim_unlock(s);
	sim_close(&s->dev);
	return err->status;
}

int hwpc_backend_sim_open(const struct hwpc_devspec *spec, unsigned flags, const struct hwpc_regdb *db,
			  struct hwpc_dev **out, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	struct sim *s;
	int rc = open_sim(spec, flags, db, 0, &s, err);
	*out = rc ? NULL : &s->dev;
	return rc;
}

int hwpc_sim_create(const char *spec, bool reset, const struct hwpc_regdb *db, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	struct hwpc_devspec ds;
	struct sim *s;

	if (hwpc_devspec_parse(spec, &ds, err))
		return err->status;
	if (ds.kind != HWPC_DEV_SIM)
		return hwpc_err_set(err, HWPC_EINPUT, "'%s' is not a simulator spec (expected sim:CHIP)",
				    spec ? spec : "");
	if (open_sim(&ds, HWPC_OPEN_WRITE, db, reset ? 2 : 1, &s, err))
		return err->status;
	sim_close(&s->dev);
	return 0;
}

int hwpc_sim_advance_ns(struct hwpc_dev *dev, uint64_t ns, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	struct sim *s = (struct sim *)dev;
	if (!hwpc_dev_is_sim(dev))
		return hwpc_err_set(err, HWPC_EINPUT, "not a simulated device");
	if (sim_lock_fresh(s, err))
		return err->status;
	sim_sync(s);
	struct sim_header *h = s->hdr;
	if (h->now_ns + ns < h->now_ns) {
		sim_unlock(s);
		return hwpc_err_set(err, HWPC_EINPUT, "advancing by %llu ns overflows simulated time",
				    (unsigned long long)ns);
	}
	uint64_t step = max_step_ns(s);
	if (ns > step) {
		sim_unlock(s);
		return hwpc_err_set(err, HWPC_EINPUT,
				    "advancing by %.6g s at once is more than the per-cycle models simulate in "
				    "reasonable time (at most %.6g s per step on this chip; advance in steps, "
				    "or lower the domain clocks)",
				    (double)ns / 1e9, (double)step / 1e9);
	}
	if (h->clock_mode == SIM_CLOCK_VIRTUAL)
		h->virt_ns += ns;
	else
		h->rt_offset_ns += (int64_t)ns;
	sim_sync(s);
	sim_unlock(s);
	return 0;
}

int hwpc_sim_cycles_to_ns(struct hwpc_dev *dev, const char *clock, uint64_t cycles, uint64_t *ns,
			  struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	int c = hwpc_clock_by_name(clock);
	uint64_t hz = c >= 0 ? hwpc_dev_clock_hz(dev, (enum hwpc_clock)c) : 0;
	if (c < 0)
		return hwpc_err_set(err, HWPC_EINPUT, "unknown clock '%s' (expected crystal, nvclk, mclk, "
				    "hclk or tclk)", clock);
	if (!hz)
		return hwpc_err_set(err, HWPC_EINPUT, "%s has no %s clock", dev->chip->name, clock);
	unsigned __int128 v = ((unsigned __int128)cycles * 1000000000u + hz - 1) / hz;
	if (v > UINT64_MAX)
		return hwpc_err_set(err, HWPC_EINPUT, "%llu %s cycles overflow simulated time",
				    (unsigned long long)cycles, clock);
	*ns = (uint64_t)v;
	return 0;
}

uint64_t hwpc_sim_now_ns(struct hwpc_dev *dev)
{
	struct sim *s = (struct sim *)dev;
	if (sim_lock_fresh(s, NULL))
		return 0;
	sim_sync(s);
	uint64_t t = s->hdr->now_ns;
	sim_unlock(s);
	return t;
}

uint64_t hwpc_sim_instance(const struct hwpc_dev *dev)
{
	return hwpc_dev_is_sim(dev) ? ((const struct sim *)dev)->create_id : 0;
}

bool hwpc_sim_is_virtual(struct hwpc_dev *dev)
{
	return hwpc_dev_is_sim(dev) && ((struct sim *)dev)->hdr->clock_mode == SIM_CLOCK_VIRTUAL;
}

/* The models' memories, in model order. */
static uint8_t *memory(struct sim *s, unsigned index, struct hwpc_sim_mem *out)
{
	for (unsigned i = 0; i < s->nmodels; i++) {
		const struct sim_model *m = s->models[i];
		for (unsigned k = 0; m->memory; k++) {
			void *mp = model_priv(s, i);
			if (s->attach_failed[i])
				break;
			uint8_t *p = m->memory(s, s->state[i], mp, k, &out->base, &out->size, &out->name);
			if (!p)
				break;
			if (index-- == 0)
				return p;
		}
	}
	return NULL;
}

unsigned hwpc_sim_mem_list(struct hwpc_dev *dev, struct hwpc_sim_mem *out, unsigned max)
{
	struct sim *s = (struct sim *)dev;
	struct hwpc_sim_mem tmp;
	unsigned n = 0;
	if (!hwpc_dev_is_sim(dev))
		return 0;
	while (memory(s, n, n < max ? &out[n] : &tmp))
		n++;
	return n;
}

int hwpc_sim_mem_read(struct hwpc_dev *dev, uint64_t addr, void *buf, size_t len, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	struct sim *s = (struct sim *)dev;
	struct hwpc_sim_mem m;
	if (!hwpc_dev_is_sim(dev))
		return hwpc_err_set(err, HWPC_EINPUT, "not a simulated device");
	sim_lock(s);
	sim_sync(s);
	for (unsigned i = 0;; i++) {
		const uint8_t *p = memory(s, i, &m);
		if (!p)
			break;
		if (addr >= m.base && addr - m.base <= m.size && len <= m.size - (addr - m.base)) {
			memcpy(buf, p + (addr - m.base), len);
			sim_unlock(s);
			return 0;
		}
	}
	sim_unlock(s);
	return hwpc_err_set(err, HWPC_EINPUT,
			    "0x%llx..0x%llx is not in the memory %s simulates (pcsim -d sim:%s show "
			    "lists it)",
			    (unsigned long long)addr, (unsigned long long)(addr + len), dev->chip->name,
			    dev->chip->name);
}

void hwpc_sim_set_verbose(struct hwpc_dev *dev, bool on)
{
	if (hwpc_dev_is_sim(dev))
		((struct sim *)dev)->verbose = on;
}

int hwpc_sim_show(struct hwpc_dev *dev, struct hwpc_out *o, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	struct sim *s = (struct sim *)dev;
	if (!hwpc_dev_is_sim(dev))
		return hwpc_err_set(err, HWPC_EINPUT, "not a simulated device");
	if (sim_lock_fresh(s, err))
		return err->status;
	sim_sync(s);
	hwpc_out_begin(o);
	hwpc_out_str(o, "chipset", dev->chip->name);
	hwpc_out_str(o, "family", dev->chip->family);
	if (sim_space(s, "PMC"))
		hwpc_out_hex32(o, "boot0", dev->boot0);
	else
		hwpc_out_null(o, "boot0"); /* no PMC: nothing identifies the chip */
	hwpc_out_str(o, "clock", s->hdr->clock_mode == SIM_CLOCK_VIRTUAL ? "virtual" : "realtime");
	hwpc_out_u64(o, "time_ns", s->hdr->now_ns);
	hwpc_out_str(o, "state", s->path);
	for (int c = 0; c < HWPC_CLOCK_COUNT; c++) {
		char key[32];
		snprintf(key, sizeof key, "%s_hz", hwpc_clock_name((enum hwpc_clock)c));
		if (s->hdr->clock_hz[c])
			hwpc_out_u64(o, key, s->hdr->clock_hz[c]);
	}
	for (unsigned i = 0; i < s->nmodels; i++)
		if (s->models[i]->show) {
			void *mp = model_priv(s, i);
			if (!s->attach_failed[i])
				s->models[i]->show(s, s->state[i], mp, o);
		}
	int rc = hwpc_out_end(o, err);
	sim_unlock(s);
	return rc;
}
