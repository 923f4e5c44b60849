/* SPDX-License-Identifier: MIT */
/* How the exporter (pc_serve.h) serves: a header of its own, so that the
 * exporter's parts (pc_serve_internal.h) take the options without the
 * exporter's face, which stands above them. */
#ifndef HWPC_PC_SERVE_OPTS_H
#define HWPC_PC_SERVE_OPTS_H

#include <stdbool.h>
#include <stdint.h>

/* What a command serves with unless told otherwise: a read every second
 * between scrapes (a quad set of a 1.5 GHz domain saturates its 32-bit
 * counters in 2.9 s), and 2 s for a device to answer a scrape (Prometheus
 * waits 10 s by default). */
#define HWPC_PC_SERVE_INTERVAL_NS 1000000000ull
#define HWPC_PC_SERVE_TIMEOUT_NS 2000000000ull

struct hwpc_pc_serve_opts {
	const char *profile;        /* the chip's PCOUNTER profile (NULL: its default) */
	const char *const *domains; /* -D: the domains served (none, or "all": every one) */
	unsigned ndomains;
	bool ack;                   /* ack each quad set read (the devices open for writing) */
	bool trigger;               /* fire PM_TRIGGER before each read (pc_cmd.h) */
	uint64_t interval_ns;       /* also read every interval_ns between scrapes (0: only at scrapes) */
	uint64_t timeout_ns;        /* how long a scrape waits for a device's read */
	/* Each domain's samples carry the Unix time of the read that gave
	 * them (hwpc_out_timestamp): a scraper's rate() is then over the
	 * reads' times, however long after the scrape began a read came. */
	bool timestamps;
	/* Told when a device goes down or answers again, from the thread that
	 * saw it, under no lock (NULL: nobody is told). */
	void (*log)(void *ctx, const char *msg);
	void *log_ctx;
};

#endif
