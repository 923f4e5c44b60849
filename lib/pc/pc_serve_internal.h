/* SPDX-License-Identifier: MIT */
/* Internal to the exporter (pc_serve.h): its devices and what their
 * reader threads share with the scrapes.  pc_serve.c runs the threads and
 * the scrapes, pc_serve_dev.c sets up and reads one device, pc_serve_out.c
 * writes the exposition. */
#ifndef HWPC_PC_SERVE_INTERNAL_H
#define HWPC_PC_SERVE_INTERNAL_H

#include "pc/pc_cmd.h"
#include "pc/pc_serve_opts.h"

#include <pthread.h>

struct serve_dom {
	struct hwpc_pcr r;            /* the reader thread's alone, as are r_mode and watch */
	enum hwpc_pc_read_mode r_mode; /* at the last read */
	/* Reprogrammed since the counts began (hwpc_pc_watch)?  The counts of
	 * two setups are no one figure: the series restarts (restart, at the
	 * read that saw it; why says what changed). */
	struct hwpc_pc_watch watch;
	bool restart;
	char why[320];
	const char *name;             /* the domain's name */
	/* under the device's lock */
	struct hwpc_pc_read_acc acc;  /* the counts since created */
	struct hwpc_pc_read_sample last;
	double created;               /* Unix time of the first read; NAN before it */
	double read_at;               /* Unix time of the last read (as its trigger fired) */
};

struct serve_dev {
	struct hwpc_pc_serve *s;
	struct hwpc_dev *dev;
	char *name;
	const char *chipset;
	struct hwpc_pc_layout layout;
	struct hwpc_pc_trigger trigger; /* with opts.trigger */
	bool read_once;                 /* the reader thread's: a read has worked */
	bool can_lag;
	unsigned ndoms;
	struct serve_dom doms[HWPC_PC_MAX_DOMAINS];

	pthread_t thread;
	bool started;
	pthread_mutex_t mu;
	pthread_cond_t cv;    /* req, done or quit changed */
	/* under mu */
	uint64_t req, done;   /* reads asked for and done, by number */
	bool busy;            /* the thread is inside a read */
	bool hung;            /* a scrape stopped waiting for the read under way */
	bool quit;
	bool up;              /* the last read worked */
	bool said_down;       /* log told that it went down */
	uint64_t read_ns, lag_ns, reads, failures;
};

struct hwpc_pc_serve {
	struct hwpc_pc_serve_opts o;
	struct serve_dev **devs;
	size_t n;
	double started;       /* Unix time the exporter started */
	pthread_mutex_t mu;   /* scrapes */
	uint64_t scrapes;
	int left_out;         /* the status of the last device left out */
};

/* Set up d for dev (its layout and domains). */
int serve_dev_init(struct serve_dev *d, const struct hwpc_pc_serve_opts *o, struct hwpc_err *err);
/* Read every domain of d (PM_TRIGGER first with o->trigger) into s[] and
 * how long it took; the device's lock is not held. */
/* at[i]: the Unix time domain i's counts are of: as PM_TRIGGER fired for
 * a set it latched, else as the domain was read. */
int serve_dev_read(struct serve_dev *d, const struct hwpc_pc_serve_opts *o, struct hwpc_pc_read_sample *s, double *at,
		   uint64_t *ns, struct hwpc_err *err);
/* Under the device's lock: add the samples of a read that worked; a
 * domain's first read starts its counts at 0. */
void serve_dev_add(struct serve_dev *d, const struct hwpc_pc_read_sample *s, double now, const double *at);

/* Now, in seconds since the Unix epoch; CLOCK_MONOTONIC in ns. */
double serve_wall(void);
uint64_t serve_mono_ns(void);

/* The exposition of a scrape: up[i] says whether device i answered it,
 * wait_ns how long the scrape waited. */
int serve_write(struct hwpc_pc_serve *s, const bool *up, uint64_t wait_ns, uint64_t scrape, enum hwpc_format fmt,
		char **text, size_t *len, struct hwpc_err *err);

#endif
