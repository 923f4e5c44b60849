/* SPDX-License-Identifier: MIT */
/* A Prometheus exporter's HTTP side, for any command that serves metrics
 * (pcread --serve): the listening socket for [ADDR:]PORT, and
 * libmicrohttpd answering GET /metrics with what a scrape callback makes, a
 * thread per connection, so that scrapes run side by side, until SIGTERM.
 * Nothing here knows what is measured. */
#ifndef HWPC_CLI_METRICS_HTTP_H
#define HWPC_CLI_METRICS_HTTP_H

#include "hwpc/error.h"
#include "hwpc/output.h"

#include <stddef.h>

/* Where to listen, from OPTION [ADDR:]PORT (opt names the option in
 * messages: "--serve"): ADDR is a numeric IPv4
 * address or an IPv6 one in brackets (default 127.0.0.1), PORT 0..65535
 * (0: any free port).  Returns 0, or exit status 2 after saying what is
 * wrong. */
struct cli_listen {
	int family;          /* AF_INET, AF_INET6 */
	unsigned char addr[16];
	unsigned port;
};
int cli_listen_parse(const char *opt, const char *spec, struct cli_listen *l);

/* Bind and listen: the socket, and in url "http://ADDR:PORT/metrics" with
 * the port bound.  Returns 0, or exit status 1 after saying why (a port in
 * use, one not allowed, an address not on this host). */
int cli_listen_bind(const char *opt, const char *spec, const struct cli_listen *l, int *fd, char *url, size_t len);

/* A scrape: the exposition in fmt (from the Accept header), malloc'd into
 * *body; non-zero with err set when it could not be made (the scraper gets
 * a 500 and the command a warning).  Called from the connections' threads,
 * side by side. */
typedef int (*cli_scrape_fn)(void *ctx, enum hwpc_format fmt, char **body, size_t *len, struct hwpc_err *err);

/* A server run until SIGTERM or SIGINT: scrape(ctx) served on
 * [ADDR:]PORT (spec, cli_listen_parse'd; opt names the option in messages:
 * "--serve"), start(ctx) (may be NULL) run once the socket is bound and
 * before the first scrape (non-zero: its exit status, said, ends the run),
 * and once serving a line on standard error, which a service manager
 * keeps: "prog: serving URL" and what ("prog: serving URL: 2 devices"). */
struct cli_metrics_serve {
	const char *opt, *spec, *what;
	cli_scrape_fn scrape;
	int (*start)(void *ctx);
	void *ctx;
};
/* Hold SIGINT and SIGTERM from now on, in this thread and in every thread
 * started after (they inherit the mask): a stop during start-up ends the
 * server as soon as it is up.  Call it before starting anything. */
void cli_metrics_hold_stop(void);
/* Serve until SIGTERM or SIGINT; 0, or the exit status after saying why
 * it could not serve. */
int cli_metrics_serve(const struct cli_metrics_serve *s);

#endif
