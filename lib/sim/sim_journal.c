/* SPDX-License-Identifier: MIT */
/* Advances as transactions: a process killed half way through moving the
 * models leaves no trace of it.
 *
 * Before the models move, the journal (a region at the end of the state
 * file) takes a copy of what an advance can change: the clock fields of
 * the header and each advancing model's hot bytes (struct sim_model), and
 * it is marked open.  Bytes of simulated memory (record packets) are
 * logged as they are overwritten.  The commit, after the clock has been
 * set to where the models are, closes the journal.  The next process to
 * take the lock and find it open puts every logged byte back: the state
 * is the one before the transaction, whole.
 *
 * The memory log has a fixed room.  A model that writes memory bounds the
 * step it takes to what surely fits the room left (logged_step); when not
 * even a short step fits, the transaction so far is committed and a new
 * one begins.  So an advance is all or nothing unless it writes more
 * memory than the room holds (about 5,000 record packets), and then it is
 * committed in steps, each all or nothing (pcsim(1)). */
#include "core/err_local.h"
#include "sim/sim.h"

#include <stdlib.h>
#include <string.h>

/* The journal's head; the models' hot bytes follow, then the memory log. */
struct sim_journal {
	sim_ps now_ps, virt_ps, lag_ps;
	__int128 rt_offset_ps;
	uint64_t log_used;  /* bytes of the memory log in use */
	uint32_t open;      /* 1: a transaction has begun and not committed */
	uint32_t overflow;  /* the log filled up: the memory is not all logged */
};

/* A logged write: the bytes at file offset `off` before it, `len` of them,
 * then padding to 8. */
struct log_entry {
	uint64_t off, len;
};

#define PAD8(n) (((n) + 7) & ~(uint64_t)7)

/* Bytes of a model's section an advance can change. */
static uint64_t hot(const struct sim_model *m, uint64_t section)
{
	if (!m->advance)
		return 0;
	return m->hot_bytes == SIM_HOT_ALL || m->hot_bytes > section ? section : m->hot_bytes;
}

uint64_t sim_journal_size(struct sim *s, const struct sim_section *sect)
{
	uint64_t n = sizeof(struct sim_journal);
	for (unsigned i = 0; i < s->nmodels; i++)
		n += hot(s->models[i], sect[i].size) + s->models[i]->log_bytes;
	return n;
}

static struct sim_journal *journal(struct sim *s)
{
	return (struct sim_journal *)((char *)s->hdr + s->journal_off);
}

static uint64_t log_room(struct sim *s)
{
	uint64_t n = 0;
	for (unsigned i = 0; i < s->nmodels; i++)
		n += s->models[i]->log_bytes;
	return n;
}

static unsigned char *log_base(struct sim *s)
{
	unsigned char *p = (unsigned char *)(journal(s) + 1);
	for (unsigned i = 0; i < s->nmodels; i++)
		p += hot(s->models[i], s->hdr->sect[i].size);
	return p;
}

void sim_journal_begin(struct sim *s)
{
	struct sim_journal *j = journal(s);
	struct sim_header *h = s->hdr;
	if (s->in_tx)
		return;
	j->now_ps = h->now_ps;
	j->virt_ps = h->virt_ps;
	j->lag_ps = h->lag_ps;
	j->rt_offset_ps = h->rt_offset_ps;
	unsigned char *p = (unsigned char *)(j + 1);
	for (unsigned i = 0; i < s->nmodels; i++) {
		uint64_t n = hot(s->models[i], h->sect[i].size);
		memcpy(p, s->state[i], n);
		p += n;
	}
	j->log_used = 0;
	j->overflow = 0;
	s->log_last = UINT64_MAX;
	/* the copy is whole before the journal says so */
	__atomic_store_n(&j->open, 1, __ATOMIC_RELEASE);
	s->in_tx = true;
}

void sim_journal_commit(struct sim *s)
{
	if (!s->in_tx)
		return;
	/* the clock is where the models are before the journal closes */
	if (s->hdr->clock_mode == SIM_CLOCK_VIRTUAL)
		s->hdr->virt_ps = s->hdr->now_ps;
	__atomic_store_n(&journal(s)->open, 0, __ATOMIC_RELEASE);
	s->in_tx = false;
}

uint64_t sim_journal_room(struct sim *s)
{
	uint64_t used = journal(s)->log_used;
	return s->in_tx && used < log_room(s) ? log_room(s) - used : 0;
}

void sim_journal_log(struct sim *s, const void *p, size_t len)
{
	struct sim_journal *j = journal(s);
	if (!s->in_tx || !len)
		return;
	uint64_t off = (uint64_t)((const char *)p - (const char *)s->hdr), room = log_room(s);
	unsigned char *base = log_base(s);
	struct log_entry e;
	/* a write right after the last one (a domain's next packet) extends it */
	if (s->log_last != UINT64_MAX) {
		memcpy(&e, base + s->log_last, sizeof e);
		if (e.off + e.len == off && s->log_last + sizeof e + PAD8(e.len + len) <= room) {
			memcpy(base + s->log_last + sizeof e + e.len, p, len);
			e.len += len;
			memcpy(base + s->log_last, &e, sizeof e);
			j->log_used = s->log_last + sizeof e + PAD8(e.len);
			return;
		}
	}
	if (j->log_used + sizeof e + PAD8(len) > room) {
		j->overflow = 1; /* never, by construction (logged_step) */
		return;
	}
	e.off = off;
	e.len = len;
	memcpy(base + j->log_used, &e, sizeof e);
	memcpy(base + j->log_used + sizeof e, p, len);
	s->log_last = j->log_used;
	j->log_used += sizeof e + PAD8(len);
}

int sim_journal_recover(struct sim *s, struct hwpc_err *err)
{
	struct sim_journal *j = journal(s);
	struct sim_header *h = s->hdr;
	if (!__atomic_load_n(&j->open, __ATOMIC_ACQUIRE))
		return 0;
	uint64_t room = log_room(s), used = j->log_used, n = 0;
	unsigned char *base = log_base(s);
	/* the log, checked whole before anything is put back */
	if (used > room)
		return hwpc_err_set(err, HWPC_EOP, "simulator state %s: the journal of an interrupted advance is corrupt",
				    s->path);
	for (uint64_t at = 0; at < used; n++) {
		struct log_entry e;
		memcpy(&e, base + at, sizeof e);
		/* only model sections are logged: between the header and the journal */
		if (e.len > room || at + sizeof e + PAD8(e.len) > used || e.off < sizeof *h ||
		    e.off > s->journal_off || e.len > s->journal_off - e.off)
			return hwpc_err_set(err, HWPC_EOP,
					    "simulator state %s: the journal of an interrupted advance is corrupt", s->path);
		at += sizeof e + PAD8(e.len);
	}
	/* memory back, last write first (two domains' packets may overlap) */
	uint64_t *at = n ? malloc(n * sizeof *at) : NULL;
	if (n && !at)
		return hwpc_err_set(err, HWPC_EOP, "out of memory");
	for (uint64_t k = 0, pos = 0; k < n; k++) {
		struct log_entry e;
		at[k] = pos;
		memcpy(&e, base + pos, sizeof e);
		pos += sizeof e + PAD8(e.len);
	}
	for (uint64_t k = n; k-- > 0;) {
		struct log_entry e;
		memcpy(&e, base + at[k], sizeof e);
		memcpy((char *)h + e.off, base + at[k] + sizeof e, e.len);
	}
	free(at);
	unsigned char *p = (unsigned char *)(j + 1);
	for (unsigned i = 0; i < s->nmodels; i++) {
		uint64_t len = hot(s->models[i], h->sect[i].size);
		memcpy(s->state[i], p, len);
		p += len;
	}
	h->now_ps = j->now_ps;
	h->virt_ps = j->virt_ps;
	h->lag_ps = j->lag_ps;
	h->rt_offset_ps = j->rt_offset_ps;
	__atomic_store_n(&j->open, 0, __ATOMIC_RELEASE);
	return 0;
}
