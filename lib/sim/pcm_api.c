/* SPDX-License-Identifier: MIT */
/* What pcsim drives on the simulated PCOUNTER, from outside the chip:
 * signal generators, PGRAPH pulses, advancing by a domain's cycles, the
 * per-domain state, and the simulated memory.  None of it is MMIO. */
#include "core/err_local.h"
#include "core/strdist.h"
#include "hwpc/dev.h"
#include "hwpc/sim.h"
#include "sim/pcm.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* The PCOUNTER model, locked (and with sync brought up to the current
 * time): nothing of the mapping is read before the lock is held, since a
 * reset may have replaced the state meanwhile.  The caller unlocks. */
int pc_enter(struct hwpc_dev *dev, bool sync, struct sim **sp, struct pc_state **st, struct pc_priv **p,
	     struct hwpc_err *err)
{
	if (!sim_dev_is_sim(dev))
		return hwpc_err_set(err, HWPC_EINPUT, "not a simulated device");
	struct sim *s = (struct sim *)dev;
	void *priv;
	if (sim_lock_fresh(s, err))
		return err->status;
	*st = sim_model_state(s, SIM_MODEL_PCOUNTER, &priv);
	if (!*st) {
		sim_unlock(s);
		return hwpc_err_set(err, HWPC_EINPUT, "%s has no PCOUNTER", dev->chip->name);
	}
	*p = priv;
	*sp = s;
	if (sync)
		sim_sync(s);
	return 0;
}

static int get_pc(struct hwpc_dev *dev, struct sim **sp, struct pc_state **st, struct pc_priv **p,
		  struct hwpc_err *err)
{
	return pc_enter(dev, true, sp, st, p, err);
}

unsigned hwpc_sim_pc_domain_count(struct hwpc_dev *dev)
{
	struct sim *s;
	struct pc_state *st;
	struct pc_priv *p;
	struct hwpc_err err = { 0 };
	if (pc_enter(dev, false, &s, &st, &p, &err))
		return 0;
	unsigned n = p->ndomains;
	sim_unlock(s);
	return n;
}

uint64_t hwpc_sim_pc_domain_hz(struct hwpc_dev *dev, unsigned dom)
{
	struct sim *s;
	struct pc_state *st;
	struct pc_priv *p;
	struct hwpc_err err = { 0 };
	if (pc_enter(dev, false, &s, &st, &p, &err))
		return 0;
	uint64_t hz = dom < p->ndomains ? st->dom[dom].hz : 0;
	sim_unlock(s);
	return hz;
}

static int kv(const char *arg, const char *key, const char **val)
{
	size_t n = strlen(key);
	if (strncmp(arg, key, n) || arg[n] != '=')
		return 0;
	*val = arg + n + 1;
	return 1;
}

int hwpc_sim_gen_parse(int argc, char *const argv[], struct hwpc_sim_gen *g, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	memset(g, 0, sizeof *g);
	if (argc < 1)
		return hwpc_err_set(err, HWPC_EINPUT, "missing generator (expected const, periodic, random or ptimer)");
	const char *kind = argv[0];
	/* A parameter given twice would silently mean its last value. */
	for (int i = 1; i < argc; i++)
		for (int j = 1; j < i; j++) {
			size_t ki = strcspn(argv[i], "="), kj = strcspn(argv[j], "=");
			if (ki == kj && !strncmp(argv[i], argv[j], ki) && argv[i][ki] == '=')
				return hwpc_err_set(err, HWPC_EINPUT, "%s: %.*s= given twice ('%s' and '%s')", kind,
						    (int)ki, argv[i], argv[j], argv[i]);
		}
	if (!strcmp(kind, "const")) {
		uint64_t v;
		if (argc != 2 || hwpc_parse_u64(argv[1], 1, "const VALUE", &v, err))
			return argc != 2 ? hwpc_err_set(err, HWPC_EINPUT, "const: expected 'const 0' or 'const 1'")
					 : err->status;
		g->kind = HWPC_SIM_GEN_CONST;
		g->value = (unsigned)v;
		return 0;
	}
	if (!strcmp(kind, "periodic")) {
		bool have_duty = false;
		g->kind = HWPC_SIM_GEN_PERIODIC;
		for (int i = 1; i < argc; i++) {
			const char *v;
			if (kv(argv[i], "period", &v)) {
				if (hwpc_parse_u64(v, UINT32_MAX, "periodic period", &g->period, err))
					return err->status;
			} else if (kv(argv[i], "duty", &v)) {
				if (hwpc_parse_u64(v, UINT32_MAX, "periodic duty", &g->duty, err))
					return err->status;
				have_duty = true;
			} else if (kv(argv[i], "phase", &v)) {
				if (hwpc_parse_u64(v, UINT32_MAX, "periodic phase", &g->phase, err))
					return err->status;
			} else {
				return hwpc_err_set(err, HWPC_EINPUT,
						    "periodic: unknown parameter '%s' (expected period=, duty=, phase=)",
						    argv[i]);
			}
		}
		if (g->period == 0)
			return hwpc_err_set(err, HWPC_EINPUT, "periodic: period must be at least 1 (period=N)");
		if (!have_duty)
			g->duty = 1;
		if (g->duty > g->period)
			return hwpc_err_set(err, HWPC_EINPUT, "periodic: duty %llu is longer than period %llu",
					    (unsigned long long)g->duty, (unsigned long long)g->period);
		return 0;
	}
	if (!strcmp(kind, "random")) {
		bool have_p = false;
		g->kind = HWPC_SIM_GEN_RANDOM;
		for (int i = 1; i < argc; i++) {
			const char *v;
			char *end;
			if (kv(argv[i], "p", &v)) {
				errno = 0;
				g->probability = strtod(v, &end);
				if (!*v || *end || errno || !(g->probability >= 0 && g->probability <= 1))
					return hwpc_err_set(err, HWPC_EINPUT,
							    "random: probability '%s' is not a number in [0,1]", v);
				have_p = true;
			} else if (kv(argv[i], "seed", &v)) {
				if (hwpc_parse_u64(v, UINT64_MAX, "random seed", &g->seed, err))
					return err->status;
			} else {
				return hwpc_err_set(err, HWPC_EINPUT,
						    "random: unknown parameter '%s' (expected p=, seed=)", argv[i]);
			}
		}
		if (!have_p)
			return hwpc_err_set(err, HWPC_EINPUT, "random: missing p=PROBABILITY");
		return 0;
	}
	if (!strcmp(kind, "ptimer")) {
		uint64_t b = 12;
		g->kind = HWPC_SIM_GEN_PTIMER;
		for (int i = 1; i < argc; i++) {
			const char *v;
			if (!kv(argv[i], "bit", &v))
				return hwpc_err_set(err, HWPC_EINPUT, "ptimer: unknown parameter '%s' (expected bit=)",
						    argv[i]);
			if (hwpc_parse_u64(v, 55, "ptimer bit", &b, err))
				return err->status;
		}
		g->bit = (unsigned)b;
		return 0;
	}
	static const char *const kinds[] = { "const", "periodic", "random", "ptimer" };
	for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
		if (hwpc_strdist_ci(kind, kinds[i]) <= 2)
			return hwpc_err_set(err, HWPC_EINPUT, "unknown generator '%s' (did you mean %s?)", kind,
					    kinds[i]);
	return hwpc_err_set(err, HWPC_EINPUT,
			    "unknown generator '%s' (expected const, periodic, random or ptimer; traces: pcsim trace)",
			    kind);
}

static int domain_lookup(const struct pc_priv *p, const char *name, unsigned *dom, struct hwpc_err *err)
{
	char *end;
	unsigned long v = strtoul(name, &end, 0);
	if (*name && isdigit((unsigned char)*name) && !*end) {
		if (v >= p->ndomains)
			return hwpc_err_set(err, HWPC_EINPUT, "domain %s out of range (this chip has %u domains)", name,
					    p->ndomains);
		*dom = (unsigned)v;
		return 0;
	}
	for (unsigned d = 0; d < p->ndomains; d++)
		if (!strcasecmp(p->dom[d].name, name)) {
			*dom = d;
			return 0;
		}
	char list[256] = "";
	size_t used = 0;
	for (unsigned d = 0; d < p->ndomains; d++)
		used += (size_t)snprintf(list + used, used < sizeof list ? sizeof list - used : 0, "%s%s",
					 d ? ", " : "", p->dom[d].name);
	return hwpc_err_set(err, HWPC_EINPUT, "unknown domain '%s' (expected an index or one of: %s)", name, list);
}

int hwpc_sim_pc_domain(struct hwpc_dev *dev, const char *name, unsigned *dom, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	struct sim *s;
	struct pc_state *st;
	struct pc_priv *p;
	if (get_pc(dev, &s, &st, &p, err))
		return err->status;
	int rc = domain_lookup(p, name, dom, err);
	sim_unlock(s);
	return rc;
}

static int signal_lookup(struct sim *s, const struct pc_priv *p, unsigned dom, const char *name, unsigned *sig,
			 struct hwpc_err *err)
{
	const struct pc_domain_info *di = &p->dom[dom];
	char *end;
	unsigned long v = strtoul(name, &end, 0);
	if (*name && isdigit((unsigned char)*name) && !*end) {
		if (v >= di->nsignals)
			return hwpc_err_set(err, HWPC_EINPUT,
					    "signal %s out of range for domain %s (it has signals 0x00-0x%02x)", name,
					    di->name, di->nsignals - 1);
		*sig = (unsigned)v;
		return 0;
	}
	int n = pc_signal_by_name(s, p, dom, name);
	const char *near = n < 0 ? pc_signal_near(s, p, dom, name) : NULL;
	if (near)
		return hwpc_err_set(err, HWPC_EINPUT, "unknown signal '%s' in domain %s (did you mean %s?)", name,
				    di->name, near);
	if (n < 0)
		return hwpc_err_set(err, HWPC_EINPUT, "unknown signal '%s' in domain %s", name, di->name);
	*sig = (unsigned)n;
	return 0;
}

int hwpc_sim_pc_signal(struct hwpc_dev *dev, unsigned dom, const char *name, unsigned *sig,
		       struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	struct sim *s;
	struct pc_state *st;
	struct pc_priv *p;
	if (get_pc(dev, &s, &st, &p, err))
		return err->status;
	int rc = dom >= p->ndomains ? hwpc_err_set(err, HWPC_EINPUT, "domain %u out of range", dom)
				    : signal_lookup(s, p, dom, name, sig, err);
	sim_unlock(s);
	return rc;
}

int hwpc_sim_pc_set_gen(struct hwpc_dev *dev, unsigned dom, unsigned sig, const struct hwpc_sim_gen *g,
			struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	struct sim *s;
	struct pc_state *st;
	struct pc_priv *p;
	if (get_pc(dev, &s, &st, &p, err))
		return err->status;
	int rc = 0;
	if (dom >= p->ndomains || sig >= p->dom[dom].nsignals) {
		rc = hwpc_err_set(err, HWPC_EINPUT, "signal %u of domain %u out of range", sig, dom);
	} else if (p->dom[dom].wire[sig] != PC_W_GEN) {
		rc = hwpc_err_set(err, HWPC_EINPUT,
				  "signal 0x%02x of domain %s is %s, wired inside the chip; it has no generator", sig,
				  p->dom[dom].name, pc_signal_name(s, p, dom, sig));
	} else if ((g->kind == HWPC_SIM_GEN_PERIODIC && (!g->period || g->duty > g->period)) ||
		   (g->kind == HWPC_SIM_GEN_RANDOM && !(g->probability >= 0 && g->probability <= 1)) ||
		   (g->kind == HWPC_SIM_GEN_CONST && g->value > 1) || (g->kind == HWPC_SIM_GEN_PTIMER && g->bit > 55)) {
		rc = hwpc_err_set(err, HWPC_EINPUT, "invalid generator parameters");
	} else {
		struct pc_gen *pg = &st->gen[dom][sig];
		memset(pg, 0, sizeof *pg);
		switch (g->kind) {
		case HWPC_SIM_GEN_CONST: pg->kind = PC_GEN_CONST, pg->value = (uint8_t)g->value; break;
		case HWPC_SIM_GEN_PERIODIC:
			pg->kind = PC_GEN_PERIODIC;
			pg->period = g->period, pg->duty = g->duty, pg->phase = g->phase;
			break;
		case HWPC_SIM_GEN_RANDOM:
			pg->kind = PC_GEN_RANDOM;
			pg->seed = g->seed;
			/* P * 2^32, rounded: exact for the binary fractions tests use */
			pg->prob32 = (uint64_t)llround(g->probability * 4294967296.0);
			break;
		case HWPC_SIM_GEN_PTIMER: pg->kind = PC_GEN_PTIMER, pg->bit = (uint8_t)g->bit; break;
		}
	}
	sim_unlock(s);
	return rc;
}

int hwpc_sim_pc_pulse(struct hwpc_dev *dev, const char *what, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	struct sim *s;
	struct pc_state *st;
	struct pc_priv *p;
	uint8_t wire;
	if (!strcasecmp(what, "pm_trigger"))
		wire = PC_W_PM_TRIGGER;
	else if (!strcasecmp(what, "wrcache_flush"))
		wire = PC_W_WRCACHE;
	else
		return hwpc_err_set(err, HWPC_EINPUT, "unknown pulse '%s' (expected pm_trigger or wrcache_flush)",
				    what);
	if (get_pc(dev, &s, &st, &p, err))
		return err->status;
	/* Only where the chip has the signal (or, for PM_TRIGGER, the quad
	 * mode SWAP it drives on NV30:G84). */
	bool any = wire == PC_W_PM_TRIGGER && p->swap_is_pm_trigger;
	for (unsigned d = 0; d < p->ndomains; d++)
		for (unsigned i = 0; i < p->dom[d].nsignals && !any; i++)
			any = p->dom[d].wire[i] == wire;
	int rc = 0;
	if (!any) {
		rc = hwpc_err_set(err, HWPC_EINPUT, "%s has no %s signal", dev->chip->name, what);
	} else {
		if (wire == PC_W_PM_TRIGGER)
			pc_pm_trigger(s);
		else
			for (unsigned d = 0; d < p->ndomains; d++)
				st->dom[d].wrcache_pending = 1;
	}
	sim_unlock(s);
	return rc;
}

int hwpc_sim_pc_advance_cycles(struct hwpc_dev *dev, unsigned dom, uint64_t n, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	struct sim *s;
	struct pc_state *st;
	struct pc_priv *p;
	if (get_pc(dev, &s, &st, &p, err))
		return err->status;
	int rc = 0;
	uint64_t target = st->dom[dom < p->ndomains ? dom : 0].ncycles + n;
	if (dom >= p->ndomains) {
		rc = hwpc_err_set(err, HWPC_EINPUT, "domain %u out of range", dom);
	} else if (target < n) {
		rc = hwpc_err_set(err, HWPC_EINPUT, "advancing by %llu cycles overflows the cycle counter",
				  (unsigned long long)n);
	} else if (sim_cycle_ps(target, st->dom[dom].hz) > SIM_END_PS) {
		rc = hwpc_err_set(err, HWPC_EINPUT, "advancing by %llu cycles overflows simulated time",
				  (unsigned long long)n);
	} else if (sim_cycle_ps(target, st->dom[dom].hz) > s->hdr->now_ps) {
		/* to the instant the domain's cycle `target` ticks, exactly */
		rc = sim_advance(s, sim_cycle_ps(target, st->dom[dom].hz) - s->hdr->now_ps, err);
	}
	sim_unlock(s);
	return rc;
}

static const char *const mode_names[] = { "SINGLE", "QUAD", "RECORD", "HALTED" };
static const char *const single_names[] = { "INACTIVE", "WAIT_PRE", "WAIT_START", "COUNTING" };
static const char *const quad_names[] = { "EMPTY", "VALID", "OVERFLOW" };
static const char *const ctr_mode_names[] = { "SIMPLE",		   "EVENT_B4", "EVENT_B6", "EXTRA_B4",
					      "EXTRA_B6_EVENT_B2", "UNKNOWN" };
static const char *const in_names[] = { "pre", "start", "event", "stop", "setflag", "clrflag" };
static const char *const ctr_names[] = { "cycles", "cycles_alt", "event", "start", "pre", "stop" };

void pc_show_domain(struct sim *s, const struct pc_priv *p, const struct pc_state *st, unsigned d,
		    struct hwpc_out *o)
{
	const struct pc_domain_info *di = &p->dom[d];
	const struct pc_dom_state *ds = &st->dom[d];
	char key[32];
	hwpc_out_record(o, "sim_pc_domain"); /* lib/output/schema_pcsim.c */
	hwpc_out_str(o, "domain", di->name);
	hwpc_out_u64(o, "domain_index", d);
	hwpc_out_u64(o, "set", di->set);
	hwpc_out_u64(o, "local_index", di->local);
	if (di->clock)
		hwpc_out_str(o, "clock", di->clock);
	else
		hwpc_out_null(o, "clock");
	hwpc_out_double(o, "clock_hz", (double)ds->hz, 0);
	hwpc_out_u64(o, "cycles", ds->ncycles);
	hwpc_out_u64(o, "signal_count", di->nsignals);
	hwpc_out_hex(o, "trailer_base", di->trailer, 2);
	hwpc_out_str(o, "mode", mode_names[pc_dom_mode(p, st, d)]);
	hwpc_out_str(o, "ctr_mode", ctr_mode_names[pc_dom_ctr_mode(p, st, d)]);
	hwpc_out_str(o, "single_state", single_names[ds->single_state]);
	hwpc_out_str(o, "quad_state", quad_names[ds->quad_state]);
	hwpc_out_u64(o, "flag", ds->flag);
	hwpc_out_u64(o, "flag_signal", ds->flag_sig);
	for (int i = 0; i < PC_NINPUTS; i++) {
		snprintf(key, sizeof key, "in_%s", in_names[i]);
		hwpc_out_u64(o, key, (ds->in_last >> i) & 1);
	}
	hwpc_out_u64(o, "in_swap", (ds->in_last >> 6) & 1);
	for (int i = 0; i < PC_NINPUTS; i++) {
		snprintf(key, sizeof key, "%s_src", in_names[i]);
		hwpc_out_hex32(o, key, ds->src[i]);
		snprintf(key, sizeof key, "%s_op", in_names[i]);
		hwpc_out_hex32(o, key, ds->op[i]);
	}
	hwpc_out_hex32(o, "swap_src", ds->swap_src);
	for (int i = 0; i < PC_NCTRS; i++) {
		snprintf(key, sizeof key, "ctr_%s", ctr_names[i]);
		hwpc_out_u64(o, key, ds->ctr[i]);
	}
	for (int i = 0; i < PC_NCTRS; i++) {
		snprintf(key, sizeof key, "shadow_%s", ctr_names[i]);
		hwpc_out_u64(o, key, ds->shadow[i]);
	}
	hwpc_out_u64(o, "threshold", ds->threshold);
	hwpc_out_u64(o, "pre_init", ds->pre_init);
	hwpc_out_u64(o, "stop_init", ds->stop_init);
	hwpc_out_u64(o, "user", ds->user_now);
	hwpc_out_u64(o, "periodic", ds->periodic_now);
	hwpc_out_hex(o, "record_position", ds->rec_pos, 8);
	hwpc_out_u64(o, "record_valid", ds->rec_valid);
	hwpc_out_u64(o, "record_fault", ds->rec_fault);
	hwpc_out_u64(o, "record_cycles", ds->rec_cycles);
	hwpc_out_u64(o, "record_packet_count", ds->rec_packets);
	hwpc_out_u64(o, "record_dropped_count", ds->rec_dropped);
}

int hwpc_sim_pc_show(struct hwpc_dev *dev, struct hwpc_out *o, int dom, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	struct sim *s;
	struct pc_state *st;
	struct pc_priv *p;
	if (get_pc(dev, &s, &st, &p, err))
		return err->status;
	int rc = 0;
	for (unsigned d = 0; d < p->ndomains && !rc; d++)
		if (dom < 0 || (unsigned)dom == d) {
			pc_show_domain(s, p, st, d, o);
			rc = hwpc_out_end(o, err);
		}
	sim_unlock(s);
	return rc;
}
