/* SPDX-License-Identifier: MIT */
/* pcread --serve, the Prometheus exporter, as the command uses it: not
 * libhwpc's API (nothing here is exported from libhwpc.so; the commands
 * link libhwpc.a).  The HTTP side is the command's (pcread loads
 * libmicrohttpd when it serves; the library has nothing to do with it).
 *
 * Each device has a reader thread of its own.  A scrape asks every
 * device for a read and waits for the answers, at most opts.timeout_ns:
 * a device that fails, or does not answer in time (a simulator whose
 * state another process holds locked, a wedged bus), is reported down
 * and the others are served.  A device that did not answer is not waited
 * for again until its read returns.  Between scrapes each device is read
 * every opts.interval_ns too, so that quad sets are taken before their
 * 32-bit counters saturate or the next swap loses them.
 *
 * The domains' counts are counters from the exporter's first read of the
 * domain (their _created): single mode's running counters extended across
 * reads as pcread -i extends them, quad mode's acked sets summed
 * (hwpc_pc_read_acc).  Without opts.ack a quad-mode domain's sets are not
 * summed (a read that does not ack cannot tell a new set from the last
 * one), so its counters are left out of the exposition. */
#ifndef HWPC_PC_SERVE_H
#define HWPC_PC_SERVE_H

#include "hwpc/output.h"
#include "core/core_cmd.h"
#include "hwpc/pc.h"
#include "pc/pc_serve_opts.h"

struct hwpc_pc_serve;

struct hwpc_pc_serve *hwpc_pc_serve_new(const struct hwpc_pc_serve_opts *o, struct hwpc_err *err);
/* Serve dev, named name in the exposition: its layout and domains are
 * checked now.  One that cannot be served (HWPC_EINPUT for a chip without
 * PCOUNTER or a -D it lacks, with --trigger a chip that cannot fire it) is
 * told as a failure, "NAME: not served: why" (tell may be NULL), and left
 * out: the exporter serves the others.  Returns 0 or that status.  The
 * exporter uses dev from its thread until hwpc_pc_serve_free(). */
int hwpc_pc_serve_add(struct hwpc_pc_serve *s, struct hwpc_dev *dev, const char *name, const struct hwpc_tell *tell);
/* What the exporter does, in buf, for the command to say as it starts
 * serving: "2 devices, read at each scrape and every 1 s, quad sets acked
 * (--timeout 2 s)".  Returns 0 when it serves a device, else the status of
 * the last one left out. */
int hwpc_pc_serve_describe(const struct hwpc_pc_serve *s, char *buf, size_t len);
/* Start the reader threads and wait (at most opts.timeout_ns) for each to
 * read its device once: from that read on its domains count.  Signals
 * should be blocked in the calling thread first if they are to be taken by
 * one thread (sigwait). */
int hwpc_pc_serve_start(struct hwpc_pc_serve *s, struct hwpc_err *err);
/* One scrape, from any thread (several at once are fine): every device
 * read, the exposition in fmt (HWPC_FMT_OPENMETRICS or
 * HWPC_FMT_PROMETHEUS) in *text (malloc'd, *len bytes, for the caller to
 * free). */
int hwpc_pc_serve_scrape(struct hwpc_pc_serve *s, enum hwpc_format fmt, char **text, size_t *len,
			 struct hwpc_err *err);
/* Stop the readers and free.  false when a reader is still inside a read
 * that has not returned (the device hangs): then the exporter, its devices
 * and their database are left to that thread, and must not be freed or
 * closed (the process should just exit). */
bool hwpc_pc_serve_free(struct hwpc_pc_serve *s);

#endif
