/* SPDX-License-Identifier: MIT */
/* Finding R10000/R12000 events by name or IRIX number, with errors that
 * say what would have worked: a close name, the right counter, the
 * revision the event exists on. */
#include "core/err_local.h"
#include "r10k/r10k_internal.h"
#include "regdb/regdb_lex.h"
#include "core/strdist.h"
#include "r10k/r10k_cmd.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

bool hwpc_r10k_event_on(const struct hwpc_r10k_event *ev, unsigned c)
{
	return ev->counter < 0 || (unsigned)ev->counter == c;
}

static bool names(const struct hwpc_r10k_event *e, const char *s)
{
	return !strcasecmp(e->name, s) || (e->libpfm && !strcasecmp(e->libpfm, s)) ||
	       (e->papi && !strcasecmp(e->papi, s));
}

static bool is_number(const char *s)
{
	unsigned long long v;
	return isdigit((unsigned char)*s) && regdb_parse_u64(s, &v);
}

/* Chipset c of regdb as another CPU type of cpu's family (the types are
 * the chipsets of the group with counters), in *oc; false if it is not one. */
static bool other_type(const struct hwpc_r10k_cpu *cpu, unsigned c, struct hwpc_r10k_cpu *oc)
{
	const struct hwpc_chipset *chip = hwpc_regdb_chipset(cpu->db, c);
	return chip != cpu->chip && !strcmp(chip->group, cpu->chip->group) &&
	       !hwpc_r10k_cpu_init(oc, cpu->db, chip->name, 0, NULL);
}

/* How close s is to one of e's names. */
static unsigned event_dist(const struct hwpc_r10k_event *e, const char *s)
{
	const char *cand[3] = { e->name, e->libpfm, e->papi };
	unsigned d = ~0u;
	for (unsigned k = 0; k < 3; k++)
		if (cand[k]) {
			unsigned dk = hwpc_strdist_ci(s, cand[k]);
			/* A name that contains what was typed is close too. */
			if (strlen(s) >= 4 && strcasestr(cand[k], s))
				dk = dk < 2 ? dk : 2;
			d = dk < d ? dk : d;
		}
	return d;
}

/* The closest names to s, for "did you mean": this CPU's names, and those
 * the family's other CPU types give the same event (the R12000's
 * ICACHE_MISSES is the R10000's INSTRUCTION_CACHE_MISSES: one title). */
static void suggest(const struct hwpc_r10k_cpu *cpu, const char *s, char *buf, size_t len)
{
	const char *best[3] = { NULL, NULL, NULL };
	unsigned bestd[3] = { ~0u, ~0u, ~0u };
	unsigned dist[HWPC_R10K_MAX_EVENTS];
	for (unsigned i = 0; i < cpu->nevents; i++)
		dist[i] = event_dist(&cpu->events[i], s);
	for (unsigned c = 0; c < hwpc_regdb_chipset_count(cpu->db); c++) {
		struct hwpc_r10k_cpu oc;
		if (!other_type(cpu, c, &oc))
			continue;
		for (unsigned j = 0; j < oc.nevents; j++) {
			unsigned d = event_dist(&oc.events[j], s);
			for (unsigned i = 0; i < cpu->nevents; i++)
				if (d < dist[i] && cpu->events[i].title && oc.events[j].title &&
				    !strcasecmp(cpu->events[i].title, oc.events[j].title))
					dist[i] = d;
		}
	}
	for (unsigned i = 0; i < cpu->nevents; i++) {
		const struct hwpc_r10k_event *e = &cpu->events[i];
		unsigned d = dist[i];
		bool dup = false;
		for (unsigned k = 0; k < 3; k++)
			dup |= best[k] && !strcmp(best[k], e->name);
		if (dup)
			continue;
		for (unsigned k = 0; k < 3; k++)
			if (d < bestd[k]) {
				for (unsigned m = 2; m > k; m--) {
					best[m] = best[m - 1];
					bestd[m] = bestd[m - 1];
				}
				best[k] = e->name;
				bestd[k] = d;
				break;
			}
	}
	size_t used = 0;
	buf[0] = 0;
	unsigned limit = (unsigned)strlen(s) / 3 + 2;
	for (unsigned k = 0; k < 3; k++)
		if (best[k] && bestd[k] <= limit) {
			int w = snprintf(buf + used, used < len ? len - used : 0, "%s%s", used ? ", " : "", best[k]);
			used += (size_t)(w > 0 ? w : 0);
		}
}

/* The same event number or name on the other revision: for the error. */
static const struct hwpc_r10k_event *other_rev(const struct hwpc_r10k_cpu *cpu, const char *spec,
					       struct hwpc_r10k_cpu *all)
{
	if (!cpu->rev || hwpc_r10k_cpu_init(all, cpu->db, cpu->chip->name, 0, NULL))
		return NULL;
	for (unsigned i = 0; i < all->nevents; i++)
		if (names(&all->events[i], spec))
			return &all->events[i];
	return NULL;
}

unsigned hwpc_r10k_event_match(const struct hwpc_r10k_cpu *cpu, const char *spec,
			       const struct hwpc_r10k_event **out, unsigned max, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	unsigned n = 0;
	if (is_number(spec)) {
		unsigned long long v;
		regdb_parse_u64(spec, &v);
		for (unsigned i = 0; i < cpu->nevents; i++)
			if (cpu->events[i].num == v && n < max)
				out[n++] = &cpu->events[i];
		if (!n)
			hwpc_err_set(err, HWPC_EINPUT, "no event %s on the %s (events are 0 to %u)", spec,
				     cpu->chip->name, cpu->nnums - 1);
		return n;
	}
	for (unsigned i = 0; i < cpu->nevents; i++)
		if (names(&cpu->events[i], spec) && n < max)
			out[n++] = &cpu->events[i];
	if (n)
		return n;
	struct hwpc_r10k_cpu all;
	const struct hwpc_r10k_event *o = other_rev(cpu, spec, &all);
	if (o) {
		const struct hwpc_r10k_event *here = NULL;
		for (unsigned i = 0; i < cpu->nevents; i++)
			if (cpu->events[i].num == o->num)
				here = &cpu->events[i];
		hwpc_err_set(err, HWPC_EINPUT,
			     "event %s is event %u on revision %d.x %s processors only; this %s is revision "
			     "%d.x, where event %u is %s",
			     spec, o->num, o->rev, cpu->chip->name, cpu->chip->name, cpu->rev, o->num,
			     here ? here->name : "undefined");
		return 0;
	}
	/* A name another CPU type of the family has: say so rather than
	 * "unknown" (the types are the chipsets of the group with counters). */
	for (unsigned c = 0; c < hwpc_regdb_chipset_count(cpu->db); c++) {
		struct hwpc_r10k_cpu oc;
		if (!other_type(cpu, c, &oc))
			continue;
		for (unsigned i = 0; i < oc.nevents; i++)
			if (names(&oc.events[i], spec)) {
				hwpc_err_set(err, HWPC_EINPUT,
					     "event %s is an %s event (number %u there), not available on the %s",
					     spec, oc.chip->name, oc.events[i].num, cpu->chip->name);
				return 0;
			}
	}
	char sug[200];
	suggest(cpu, spec, sug, sizeof sug);
	if (*sug)
		hwpc_err_set(err, HWPC_EINPUT, "unknown %s event '%s' (did you mean %s?)", cpu->chip->name, spec,
			     sug);
	else
		hwpc_err_set(err, HWPC_EINPUT, "unknown %s event '%s' (hwpc-r10k(7) lists the events)",
			     cpu->chip->name, spec);
	return 0;
}

const struct hwpc_r10k_event *hwpc_r10k_event_find(const struct hwpc_r10k_cpu *cpu, const char *spec,
						   int counter, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	const struct hwpc_r10k_event *m[HWPC_R10K_MAX_EVENTS];
	unsigned n = hwpc_r10k_event_match(cpu, spec, m, HWPC_R10K_MAX_EVENTS, err);
	if (!n)
		return NULL;
	if (counter >= 0 && (unsigned)counter >= cpu->ncounters) {
		hwpc_err_set(err, HWPC_EINPUT, "no counter %d on the %s (counters 0 to %u)", counter,
			     cpu->chip->name, cpu->ncounters - 1);
		return NULL;
	}
	for (unsigned i = 0; i < n; i++)
		if (counter < 0 || hwpc_r10k_event_on(m[i], (unsigned)counter))
			return m[i];
	/* Named, but for the other counter: name it. */
	r10k_wrong_counter(cpu, m[0], (unsigned)counter, err);
	return NULL;
}

int r10k_wrong_counter(const struct hwpc_r10k_cpu *cpu, const struct hwpc_r10k_event *ev, unsigned counter,
		       struct hwpc_err *err)
{
	return hwpc_err_set(err, HWPC_EINPUT, "%s (event %u) counts on counter %d only on the %s, not on counter %u",
			    ev->name, ev->num, ev->counter, cpu->chip->name, counter);
}

bool hwpc_r10k_event_note(const struct hwpc_regdb *db, unsigned num, const char **r10000,
			  const char **r12000)
{
	for (unsigned i = 0; i < hwpc_regdb_entry_count(db); i++) {
		const struct hwpc_regdb_entry *r = hwpc_regdb_entry_at(db, i);
		const char *ev = hwpc_entry_attr(r, "event");
		unsigned long long v;
		if (strcmp(r->keyword, "note") || !r->nwords || strcmp(r->words[0], "R10K") || !ev ||
		    !regdb_parse_u64(ev, &v) || v != num)
			continue;
		*r10000 = hwpc_entry_attr(r, "r10000");
		*r12000 = hwpc_entry_attr(r, "r12000");
		return true;
	}
	return false;
}
