/* SPDX-License-Identifier: MIT */
/* More events than counters: each counter rotates through its own list of
 * events at every step (the document's kernel switches at clock ticks), and
 * each event's count is scaled by the share of time it was counted, as
 * perf does: estimate = count * time_total / time_counted. */
#include "core/err_local.h"
#include "r10k/r10k_cmd.h"
#include "r10k/r10k_internal.h"

#include <stdio.h>
#include <string.h>

/* The candidates a spec resolves to, one per counter at most. */
struct cand {
	const struct hwpc_r10k_event *on[HWPC_R10K_MAX_COUNTERS];
	unsigned ncounters;
};

static int resolve(const struct hwpc_r10k_cpu *cpu, const char *spec, struct cand *c, struct hwpc_err *err)
{
	const struct hwpc_r10k_event *m[HWPC_R10K_MAX_EVENTS];
	unsigned n = hwpc_r10k_event_match(cpu, spec, m, HWPC_R10K_MAX_EVENTS, err);
	memset(c, 0, sizeof *c);
	if (!n)
		return err->status;
	for (unsigned i = 0; i < n; i++)
		for (unsigned k = 0; k < cpu->ncounters; k++)
			if (hwpc_r10k_event_on(m[i], k) && !c->on[k]) {
				c->on[k] = m[i];
				c->ncounters++;
			}
	return 0;
}

static bool used(const struct hwpc_r10k_mux *m, unsigned num)
{
	for (unsigned i = 0; i < m->n; i++)
		if (m->ev[i].ev && m->ev[i].ev->num == num)
			return true;
	return false;
}

static int place(struct hwpc_r10k_mux *m, const struct hwpc_r10k_cpu *cpu, unsigned i, const char *spec,
		 const struct cand *c, struct hwpc_err *err)
{
	int best = -1;
	for (unsigned k = 0; k < cpu->ncounters; k++)
		if (c->on[k] && !used(m, c->on[k]->num) && (best < 0 || m->nper[k] < m->nper[best]))
			best = (int)k;
	if (best < 0)
		return hwpc_err_set(err, HWPC_EINPUT, "event %s is listed twice", spec);
	struct hwpc_r10k_ctl ctl = { .counter = (unsigned)best, .event = c->on[best], .modes = m->modes };
	if (hwpc_r10k_encode(cpu, &ctl, &m->ev[i].word, err))
		return err->status;
	m->ev[i].ev = c->on[best];
	m->ev[i].counter = (unsigned)best;
	m->nper[best]++;
	return 0;
}

int hwpc_r10k_mux_plan(struct hwpc_r10k_mux *m, const struct hwpc_r10k_cpu *cpu, const char *const *events,
		       unsigned n, unsigned modes, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	struct cand c[HWPC_R10K_MAX_NUMS];

	memset(m, 0, sizeof *m);
	if (n == 0)
		return hwpc_err_set(err, HWPC_EINPUT, "no events to count");
	if (n > cpu->nnums)
		return hwpc_err_set(err, HWPC_EINPUT, "%u events: the %s counts at most %u (%u per counter)", n,
				    cpu->chip->name, cpu->nnums, cpu->nnums / cpu->ncounters);
	if (!modes)
		return hwpc_err_set(err, HWPC_EINPUT, "no counting mode (expected user, kernel, exl or supervisor)");
	m->n = n;
	m->modes = modes;
	for (unsigned i = 0; i < n; i++)
		if (resolve(cpu, events[i], &c[i], err))
			return err->status;
	/* Events with one possible counter first, so that the ones that fit
	 * either can even out what is left. */
	for (unsigned pass = 0; pass < 2; pass++)
		for (unsigned i = 0; i < n; i++)
			if ((c[i].ncounters == 1) == (pass == 0) && place(m, cpu, i, events[i], &c[i], err))
				return err->status;
	for (unsigned i = 0; i < n; i++)
		m->order[m->ev[i].counter][m->pos[m->ev[i].counter]++] = i;
	memset(m->pos, 0, sizeof m->pos);
	return 0;
}

/* Put the counter's current event on it, counting from 0.  Stopped first
 * so that no event of the old setting lands in the new count. */
static int program(struct hwpc_r10k_mux *m, struct hwpc_r10k_session *s, unsigned c, struct hwpc_err *err)
{
	uint32_t word = m->ev[m->order[c][m->pos[c]]].word;
	if (r10k_wr(s->dev, s->cpu.ctrl, c, 0, err) || r10k_wr(s->dev, s->cpu.count, c, 0, err) || r10k_wr(s->dev, s->cpu.ctrl, c, word, err))
		return err->status;
	hwpc_r10k_expect(s, c, word, 0);
	return 0;
}

int hwpc_r10k_mux_start(struct hwpc_r10k_mux *m, struct hwpc_r10k_session *s, uint64_t now_ns,
			struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	if (m->n && m->ev[0].ev->chip != s->cpu.chip)
		return hwpc_err_set(err, HWPC_EINPUT,
				    "the events are the %s's and the device an %s: mixing R10000 and R12000 "
				    "counters is undefined",
				    m->ev[0].ev->chip->name, s->cpu.chip->name);
	for (unsigned c = 0; c < s->cpu.ncounters; c++) {
		m->pos[c] = 0;
		if (m->nper[c] && program(m, s, c, err))
			return err->status;
	}
	m->start_ns = m->last_ns = now_ns;
	/* The counters began when they were programmed, after now_ns. */
	uint64_t after = hwpc_dev_now_ns(s->dev);
	m->start_unc_ns = m->last_unc_ns = after > now_ns ? after - now_ns : 0;
	m->can_lag = hwpc_dev_lag_ns(s->dev, &m->lag_start);
	m->lag_last = m->lag_start;
	m->steps = 0;
	m->started = true;
	return 0;
}

int hwpc_r10k_mux_begin(struct hwpc_r10k_mux *m, struct hwpc_r10k_session *s, const char *events, const char *modes,
			struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	char list[1024], *save = NULL;
	const char *names[HWPC_R10K_MAX_NUMS + 1];
	unsigned n = 0, mask;
	snprintf(list, sizeof list, "%s", events);
	for (char *t = strtok_r(list, ",", &save); t && n <= HWPC_R10K_MAX_NUMS; t = strtok_r(NULL, ",", &save))
		names[n++] = t;
	if (hwpc_r10k_modes_parse(modes ? modes : "user", &mask, err) ||
	    hwpc_r10k_mux_plan(m, &s->cpu, names, n, mask, err) || hwpc_r10k_mux_start(m, s, hwpc_dev_now_ns(s->dev), err))
		return err->status;
	return 0;
}

int hwpc_r10k_mux_rotate(struct hwpc_r10k_mux *m, struct hwpc_r10k_session *s, uint64_t now_ns, bool *changed,
			 struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	bool ch = false;
	if (!m->started)
		return hwpc_err_set(err, HWPC_EINPUT, "multiplexing was not started");
	if (now_ns < m->last_ns)
		return hwpc_err_set(err, HWPC_EINPUT, "time went backwards (%llu < %llu ns)",
				    (unsigned long long)now_ns, (unsigned long long)m->last_ns);
	/* What the device skipped since the last step counted nothing: the
	 * time credited is the device time that ran (now_ns was taken before
	 * this, and the lag is what the accesses so far left). */
	uint64_t lag = m->lag_last, skipped;
	hwpc_dev_lag_ns(s->dev, &lag);
	skipped = lag > m->lag_last ? lag - m->lag_last : 0;
	if (skipped > now_ns - m->last_ns)
		skipped = now_ns - m->last_ns;
	for (unsigned c = 0; c < s->cpu.ncounters; c++) {
		uint32_t v;
		if (r10k_rd(s->dev, s->cpu.ctrl, c, &v, err))
			return err->status;
		ch |= v != s->ctrl[c];
	}
	struct hwpc_r10k_mux_event *credited[HWPC_R10K_MAX_COUNTERS] = { 0 };
	for (unsigned c = 0; c < s->cpu.ncounters; c++) {
		if (!m->nper[c])
			continue;
		struct hwpc_r10k_mux_event *e = &m->ev[m->order[c][m->pos[c]]];
		bool rotate = m->nper[c] > 1;
		uint32_t raw;
		if ((rotate && r10k_wr(s->dev, s->cpu.ctrl, c, 0, err)) || r10k_rd(s->dev, s->cpu.count, c, &raw, err))
			return err->status;
		if (!ch) {
			e->count += hwpc_r10k_delta(s->last[c], raw, s->cpu.counter_bits);
			e->time_counted_ns += now_ns - m->last_ns - skipped;
			credited[c] = e;
		}
		s->last[c] = raw;
		if (rotate)
			m->pos[c] = (m->pos[c] + 1) % m->nper[c];
		/* After someone else's change, put ours back. */
		if ((rotate || ch) && program(m, s, c, err))
			return err->status;
	}
	/* The turn that ended counted from its counter's read and set, not
	 * from now_ns: each end of it is as uncertain as the device time
	 * those accesses took (the next turn begins as uncertain).  A counter
	 * with one event is never stopped: its count runs on across steps,
	 * and it has no turns to be uncertain about. */
	uint64_t after = hwpc_dev_now_ns(s->dev), bracket = after > now_ns ? after - now_ns : 0;
	for (unsigned c = 0; c < s->cpu.ncounters; c++)
		if (credited[c] && m->nper[c] > 1)
			credited[c]->time_unc_ns += m->last_unc_ns + bracket;
	m->last_unc_ns = bracket;
	if (ch)
		s->changes++;
	if (changed)
		*changed = ch;
	m->last_ns = now_ns;
	if (lag > m->lag_last)
		m->lag_last = lag;
	m->steps++;
	return 0;
}

int hwpc_r10k_mux_save(const struct hwpc_r10k_mux *m, struct hwpc_r10k_session *s, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	for (unsigned c = 0; m->started && c < s->cpu.ncounters; c++)
		if (m->nper[c] &&
		    hwpc_r10k_note_save(s->dev, &s->cpu, c, m->ev[m->order[c][m->pos[c]]].word, NULL, err))
			return err->status;
	return m->started ? hwpc_r10k_note_generation(s, err) : 0;
}

void hwpc_r10k_scale(uint64_t count, uint64_t counted_ns, uint64_t total_ns, struct hwpc_r10k_estimate *out)
{
	memset(out, 0, sizeof *out);
	out->count = count;
	out->time_counted_ns = counted_ns;
	out->time_total_ns = total_ns;
	out->counted = counted_ns > 0;
	if (total_ns)
		out->fraction = (double)counted_ns / (double)total_ns;
	if (counted_ns) {
		/* Exact quotient and remainder first, so that an estimate that is
		 * a whole number comes out exactly. */
		unsigned __int128 p = (unsigned __int128)count * total_ns;
		unsigned __int128 q = p / counted_ns, r = p % counted_ns;
		out->scaled = (double)q + (double)r / (double)counted_ns;
	}
}

void hwpc_r10k_mux_estimate(const struct hwpc_r10k_mux *m, unsigned i, struct hwpc_r10k_estimate *out)
{
	const struct hwpc_r10k_mux_event *e = &m->ev[i < m->n ? i : 0];
	uint64_t run = m->last_ns - m->start_ns, lag = m->lag_last - m->lag_start;
	if (lag > run)
		lag = run;
	hwpc_r10k_scale(i < m->n ? e->count : 0, i < m->n ? e->time_counted_ns : 0, run - lag, out);
	out->lag_ns = lag;
	/* scaled = count * total / counted: the relative errors of counted
	 * and of total add (to first order). */
	out->time_unc_ns = i < m->n ? e->time_unc_ns : 0;
	/* An event counted all along is its count, exactly: the run's ends
	 * are its own, and their uncertainty cancels. */
	if (out->counted && run > lag && out->time_unc_ns)
		out->scaled_unc = out->scaled * ((double)out->time_unc_ns / (double)out->time_counted_ns +
						 (double)(m->start_unc_ns + m->last_unc_ns) / (double)(run - lag));
	out->can_lag = m->can_lag;
}
