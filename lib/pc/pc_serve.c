/* SPDX-License-Identifier: MIT */
/* The exporter (pc_serve.h): a reader thread per device, and scrapes that
 * ask them for a read and wait a bounded time for the answers.
 *
 * A device is used by its own thread only (libhwpc(3), THREAD SAFETY),
 * so a device that hangs inside an access holds no one but its thread:
 * the scrapes go on without it.  Reads are numbered: a scrape asks for
 * read req + 1 and waits until done reaches it, so a read that began
 * before the scrape asked does not answer it, and scrapes that ask while
 * one read is pending share the next. */
#include "core/err_local.h"
#include "pc/pc_serve.h"
#include "pc/pc_serve_internal.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

struct hwpc_pc_serve *hwpc_pc_serve_new(const struct hwpc_pc_serve_opts *o, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	struct hwpc_pc_serve *s = calloc(1, sizeof *s);
	if (!s || pthread_mutex_init(&s->mu, NULL)) {
		free(s);
		hwpc_err_set(err, HWPC_EOP, "out of memory");
		return NULL;
	}
	s->o = *o;
	s->started = serve_wall();
	return s;
}

/* A condition variable that waits on CLOCK_MONOTONIC, which no one sets. */
static int mono_cond_init(pthread_cond_t *cv)
{
	pthread_condattr_t a;
	if (pthread_condattr_init(&a))
		return -1;
	int rc = pthread_condattr_setclock(&a, CLOCK_MONOTONIC) || pthread_cond_init(cv, &a);
	pthread_condattr_destroy(&a);
	return rc ? -1 : 0;
}

static struct timespec mono_at(uint64_t ns)
{
	return (struct timespec){ .tv_sec = (time_t)(ns / 1000000000u), .tv_nsec = (long)(ns % 1000000000u) };
}

static void free_dev(struct serve_dev *d)
{
	if (!d)
		return;
	pthread_cond_destroy(&d->cv);
	pthread_mutex_destroy(&d->mu);
	free(d->name);
	free(d);
}

/* Tell the log "NAME: WHAT WHY", under no lock. */
static void say(struct serve_dev *d, const char *what, const char *why)
{
	char msg[768];
	if (!d->s->o.log)
		return;
	snprintf(msg, sizeof msg, "%s: %s%s", d->name, what, why);
	d->s->o.log(d->s->o.log_ctx, msg);
}

/* --trigger goes to every domain: tell the log which quad-mode domains not
 * served it swaps too, their sets lost to whoever reads them (as pcread
 * --trigger warns). */
static int others_swapped(struct serve_dev *d, struct hwpc_err *err)
{
	uint32_t mine = 0;
	bool any;
	char msg[HWPC_PC_MAX_DOMAINS * (HWPC_PC_NAME_LEN + 2) + 96];
	for (unsigned i = 0; i < d->ndoms; i++)
		mine |= 1u << d->doms[i].r.dom;
	if (hwpc_pc_trigger_others_text(d->dev, &d->layout, mine, "served", &any, msg, sizeof msg, err))
		return err->status;
	if (any)
		say(d, "warning: ", msg);
	return 0;
}

static int add(struct hwpc_pc_serve *s, struct hwpc_dev *dev, const char *name, struct hwpc_err *err)
{
	struct serve_dev *d = calloc(1, sizeof *d);
	struct serve_dev **v = realloc(s->devs, (s->n + 1) * sizeof *v);
	if (v)
		s->devs = v;
	if (!d || !v || !(d->name = strdup(name))) {
		free(d);
		return hwpc_err_set(err, HWPC_EOP, "out of memory");
	}
	if (pthread_mutex_init(&d->mu, NULL)) {
		free(d->name);
		free(d);
		return hwpc_err_set(err, HWPC_EOP, "out of memory");
	}
	if (mono_cond_init(&d->cv)) {
		pthread_mutex_destroy(&d->mu);
		free(d->name);
		free(d);
		return hwpc_err_set(err, HWPC_EOP, "out of memory");
	}
	d->s = s;
	d->dev = dev;
	d->chipset = hwpc_dev_chip(dev) ? hwpc_dev_chip(dev)->name : NULL;
	int rc = serve_dev_init(d, &s->o, err);
	if (!rc && s->o.trigger)
		rc = others_swapped(d, err);
	if (rc) {
		free_dev(d);
		return rc;
	}
	s->devs[s->n++] = d;
	return 0;
}

int hwpc_pc_serve_add(struct hwpc_pc_serve *s, struct hwpc_dev *dev, const char *name, const struct hwpc_tell *tell)
{
	struct hwpc_err err, said;
	if (!add(s, dev, name, &err))
		return 0;
	hwpc_err_set(&said, err.status, "%s: not served: %s", name, err.msg);
	s->left_out = hwpc_tell_fail(tell, &said);
	return s->left_out;
}

int hwpc_pc_serve_describe(const struct hwpc_pc_serve *s, char *buf, size_t len)
{
	snprintf(buf, len, "%zu device%s, read at each scrape and every %g s%s%s (--timeout %g s)", s->n,
		 s->n == 1 ? "" : "s", (double)s->o.interval_ns / 1e9,
		 s->o.trigger ? ", PM_TRIGGER fired before each read" : "", s->o.ack ? ", quad sets acked" : "",
		 (double)s->o.timeout_ns / 1e9);
	return s->n ? 0 : s->left_out;
}


/* One read, its outcome stored; called and returning with d->mu held. */
static void read_once(struct serve_dev *d, uint64_t gen)
{
	struct hwpc_pc_read_sample s[HWPC_PC_MAX_DOMAINS];
	double at[HWPC_PC_MAX_DOMAINS];
	struct hwpc_err err = { 0 };
	uint64_t ns, lag = 0;
	d->busy = true;
	pthread_mutex_unlock(&d->mu);
	int rc = serve_dev_read(d, &d->s->o, s, at, &ns, &err);
	if (!rc && d->can_lag)
		hwpc_dev_lag_ns(d->dev, &lag);
	double now = serve_wall();
	pthread_mutex_lock(&d->mu);
	bool was_down = d->said_down;
	d->reads++;
	d->read_ns = ns;
	d->up = !rc;
	if (rc) {
		d->failures++;
	} else {
		serve_dev_add(d, s, now, at);
		d->lag_ns = lag;
	}
	d->said_down = rc != 0;
	d->done = gen;
	d->busy = d->hung = false;
	pthread_cond_broadcast(&d->cv);
	/* a domain set up again: its series restart (serve_dev_add) */
	for (unsigned i = 0; !rc && i < d->ndoms; i++) {
		struct serve_dom *m = &d->doms[i];
		if (!m->restart)
			continue;
		char msg[512];
		snprintf(msg, sizeof msg, "%s was reprogrammed (%s): its counts start again", m->name, m->why);
		m->restart = false;
		pthread_mutex_unlock(&d->mu);
		say(d, "warning: ", msg);
		pthread_mutex_lock(&d->mu);
	}
	if (rc && !was_down) {
		pthread_mutex_unlock(&d->mu);
		say(d, "reported down: ", err.msg);
		pthread_mutex_lock(&d->mu);
	} else if (!rc && was_down) {
		pthread_mutex_unlock(&d->mu);
		say(d, "answers again", "");
		pthread_mutex_lock(&d->mu);
	}
}

static void *reader(void *arg)
{
	struct serve_dev *d = arg;
	uint64_t every = d->s->o.interval_ns;
	pthread_mutex_lock(&d->mu);
	while (!d->quit) {
		uint64_t due = serve_mono_ns() + every;
		struct timespec at = mono_at(due);
		bool timed = false;
		while (!d->quit && d->done == d->req && !timed)
			timed = every ? pthread_cond_timedwait(&d->cv, &d->mu, &at) == ETIMEDOUT
				      : (pthread_cond_wait(&d->cv, &d->mu), false);
		if (!d->quit)
			read_once(d, d->req);
	}
	pthread_mutex_unlock(&d->mu);
	return NULL;
}

/* Wait until each device has done read want[i] (0: not asked), at most
 * until at; up[i] says whether it did and the read worked.  One that did
 * not answer in time is marked hung and reported down. */
static void wait_reads(struct hwpc_pc_serve *s, const uint64_t *want, bool *up, const struct timespec *at)
{
	for (size_t i = 0; i < s->n; i++) {
		struct serve_dev *d = s->devs[i];
		bool late = false;
		pthread_mutex_lock(&d->mu);
		while (want[i] && d->done < want[i] && !late)
			late = pthread_cond_timedwait(&d->cv, &d->mu, at) == ETIMEDOUT;
		up[i] = want[i] && d->done >= want[i] && d->up;
		bool tell = false;
		if (late) {
			d->hung = true;
			d->failures++;
			tell = !d->said_down;
			d->said_down = true;
		}
		pthread_mutex_unlock(&d->mu);
		if (tell) {
			char why[160];
			snprintf(why, sizeof why, "%g s (not asked again until its read returns)",
				 (double)s->o.timeout_ns / 1e9);
			say(d, "reported down: no answer within --timeout ", why);
		}
	}
}

int hwpc_pc_serve_start(struct hwpc_pc_serve *s, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	uint64_t *want = calloc(s->n ? s->n : 1, sizeof *want);
	bool *up = calloc(s->n ? s->n : 1, sizeof *up);
	int rc = !want || !up ? hwpc_err_set(err, HWPC_EOP, "out of memory") : 0;
	for (size_t i = 0; i < s->n && !rc; i++) {
		struct serve_dev *d = s->devs[i];
		want[i] = d->req = 1; /* the first read, at once: the counts begin there */
		if (pthread_create(&d->thread, NULL, reader, d))
			rc = hwpc_err_set(err, HWPC_EOP, "%s: cannot start its reader thread", d->name);
		d->started = !rc;
	}
	/* Before the first scrape, so that its read is one of its own. */
	struct timespec at = mono_at(serve_mono_ns() + s->o.timeout_ns);
	if (!rc)
		wait_reads(s, want, up, &at);
	free(want);
	free(up);
	return rc;
}

int hwpc_pc_serve_scrape(struct hwpc_pc_serve *s, enum hwpc_format fmt, char **text, size_t *len,
			 struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	uint64_t *want = calloc(s->n ? s->n : 1, sizeof *want);
	bool *up = calloc(s->n ? s->n : 1, sizeof *up);
	if (!want || !up) {
		free(want);
		free(up);
		return hwpc_err_set(err, HWPC_EOP, "out of memory");
	}
	uint64_t t0 = serve_mono_ns();
	struct timespec at = mono_at(t0 + s->o.timeout_ns);
	pthread_mutex_lock(&s->mu);
	uint64_t scrape = ++s->scrapes;
	pthread_mutex_unlock(&s->mu);
	/* Ask every device at once, then wait for each: they read in
	 * parallel.  One that did not answer the last scrape in time is not
	 * asked again (nor waited for) until its read returns. */
	for (size_t i = 0; i < s->n; i++) {
		struct serve_dev *d = s->devs[i];
		pthread_mutex_lock(&d->mu);
		if (!d->hung) {
			want[i] = ++d->req;
			pthread_cond_broadcast(&d->cv);
		}
		pthread_mutex_unlock(&d->mu);
	}
	wait_reads(s, want, up, &at);
	int rc = serve_write(s, up, serve_mono_ns() - t0, scrape, fmt, text, len, err);
	free(want);
	free(up);
	return rc;
}

bool hwpc_pc_serve_free(struct hwpc_pc_serve *s)
{
	if (!s)
		return true;
	bool held = false;
	for (size_t i = 0; i < s->n; i++) {
		struct serve_dev *d = s->devs[i];
		pthread_mutex_lock(&d->mu);
		d->quit = true;
		bool busy = d->busy;
		pthread_cond_broadcast(&d->cv);
		pthread_mutex_unlock(&d->mu);
		/* A read that does not return keeps its thread, and with it
		 * the device and this exporter. */
		held |= busy;
		if (d->started && !busy)
			pthread_join(d->thread, NULL);
		else if (d->started)
			pthread_detach(d->thread);
	}
	if (held)
		return false;
	for (size_t i = 0; i < s->n; i++)
		free_dev(s->devs[i]);
	free(s->devs);
	pthread_mutex_destroy(&s->mu);
	free(s);
	return true;
}
