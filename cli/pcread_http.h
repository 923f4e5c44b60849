/* SPDX-License-Identifier: MIT */
/* The HTTP side of pcread --serve (pcread_serve.c): the listening socket
 * for [ADDR:]PORT, and libmicrohttpd serving GET /metrics from the
 * exporter (pc/pc_serve.h), a thread per connection, so that scrapes run
 * side by side. */
#ifndef HWPC_CLI_PCREAD_HTTP_H
#define HWPC_CLI_PCREAD_HTTP_H

#include "pc/pc_serve.h"

#include <stddef.h>

/* Where to listen, from --serve [ADDR:]PORT: ADDR is a numeric IPv4
 * address or an IPv6 one in brackets (default 127.0.0.1), PORT 0..65535
 * (0: any free port).  Returns 0, or exit status 2 after saying what is
 * wrong. */
struct pcread_listen {
	int family;          /* AF_INET, AF_INET6 */
	unsigned char addr[16];
	unsigned port;
};
int pcread_http_parse(const char *spec, struct pcread_listen *l);

/* Bind and listen: the socket, and in url "http://ADDR:PORT/metrics" with
 * the port bound.  Returns 0, or exit status 1 after saying why (a port in
 * use, one not allowed, an address not on this host). */
int pcread_http_listen(const char *spec, const struct pcread_listen *l, int *fd, char *url, size_t len);

struct pcread_http;
/* Serve s on the listening socket fd (which the server then owns); NULL
 * after saying why it could not start. */
struct pcread_http *pcread_http_start(int fd, struct hwpc_pc_serve *s);
/* Stop: no new connection, and the scrapes under way finish. */
void pcread_http_stop(struct pcread_http *h);

#endif
