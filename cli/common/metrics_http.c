/* SPDX-License-Identifier: MIT */
/* A metrics exporter over HTTP, with libmicrohttpd (metrics_http.h): GET or
 * HEAD /metrics answers a scrape in the format the Accept header asks
 * for; another path is 404, another method 405.  The socket is bound
 * here rather than by the library, so that a port in use or not allowed
 * is reported as such.  A command serves until SIGTERM or SIGINT, which
 * it holds from its start so that no thread of the server takes them.
 *
 * libmicrohttpd is loaded (dlopen) when --serve starts, not linked: it
 * brings GnuTLS and nine more libraries, whose loading made every other
 * pcread start 2.6 times as slowly as ptime (--version, side by side). */
#include "metrics_http.h"
#include "cli.h"

#include <arpa/inet.h>
#include <dlfcn.h>
#include <errno.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

/* Debian 12's libmicrohttpd12. */
#define MHD_SONAME "libmicrohttpd.so.12"

/* The functions used, typed as microhttpd.h declares them (__typeof__
 * names them without referring to them). */
static struct {
	__typeof__(&MHD_start_daemon) start_daemon;
	__typeof__(&MHD_stop_daemon) stop_daemon;
	__typeof__(&MHD_create_response_from_buffer) create_response_from_buffer;
	__typeof__(&MHD_add_response_header) add_response_header;
	__typeof__(&MHD_queue_response) queue_response;
	__typeof__(&MHD_destroy_response) destroy_response;
	__typeof__(&MHD_lookup_connection_value) lookup_connection_value;
} mhd;

static int mhd_load(const char *opt)
{
	static const char *const names[] = {
		"MHD_start_daemon",	   "MHD_stop_daemon",	"MHD_create_response_from_buffer",
		"MHD_add_response_header", "MHD_queue_response", "MHD_destroy_response",
		"MHD_lookup_connection_value",
	};
	void *fn[sizeof names / sizeof *names];
	void *h = dlopen(MHD_SONAME, RTLD_NOW | RTLD_LOCAL);
	if (!h)
		return cli_fail(HWPC_EOP, "%s: cannot load %s (Debian package libmicrohttpd12): %s", opt, MHD_SONAME,
				dlerror());
	for (size_t i = 0; i < sizeof names / sizeof *names; i++)
		if (!(fn[i] = dlsym(h, names[i])))
			return cli_fail(HWPC_EOP, "%s: %s has no %s", opt, MHD_SONAME, names[i]);
	_Static_assert(sizeof mhd == sizeof fn, "one pointer per name");
	memcpy(&mhd, fn, sizeof mhd); /* in names' order; never unloaded */
	return 0;
}

struct cli_metrics_http {
	struct MHD_Daemon *d;
	cli_scrape_fn scrape;
	void *ctx;
};

int cli_listen_parse(const char *opt, const char *spec, struct cli_listen *l)
{
	struct hwpc_err err;
	char addr[64] = "127.0.0.1";
	const char *port = spec, *colon = strrchr(spec, ':');
	uint64_t p;
	memset(l, 0, sizeof *l);
	if (colon) {
		const char *a = spec, *e = colon;
		if (*a == '[' && e > a && e[-1] == ']') {
			a++;
			e--;
		}
		if (e == a || (size_t)(e - a) >= sizeof addr)
			return cli_fail(HWPC_EINPUT, "%s '%s': %s address (give PORT alone for 127.0.0.1, or "
					"ADDR:PORT)", opt, spec, e == a ? "an empty" : "a bad");
		memcpy(addr, a, (size_t)(e - a));
		addr[e - a] = 0;
		port = colon + 1;
	}
	if (hwpc_parse_u64(port, 65535, "port", &p, &err))
		return cli_fail(HWPC_EINPUT, "%s '%s': %s", opt, spec, err.msg);
	l->port = (unsigned)p;
	if (inet_pton(AF_INET, addr, l->addr) == 1)
		l->family = AF_INET;
	else if (inet_pton(AF_INET6, addr, l->addr) == 1 && (*spec == '[' || !colon))
		l->family = AF_INET6;
	else
		return cli_fail(HWPC_EINPUT, "%s '%s': bad address '%s' (a numeric IPv4 address, or IPv6 in "
				"brackets: [::1]:9400)", opt, spec, addr);
	return 0;
}

int cli_listen_bind(const char *opt, const char *spec, const struct cli_listen *l, int *fd, char *url, size_t len)
{
	struct sockaddr_storage ss = { 0 };
	socklen_t sl;
	if (l->family == AF_INET) {
		struct sockaddr_in *in = (struct sockaddr_in *)&ss;
		in->sin_family = AF_INET;
		in->sin_port = htons((uint16_t)l->port);
		memcpy(&in->sin_addr, l->addr, 4);
		sl = sizeof *in;
	} else {
		struct sockaddr_in6 *in6 = (struct sockaddr_in6 *)&ss;
		in6->sin6_family = AF_INET6;
		in6->sin6_port = htons((uint16_t)l->port);
		memcpy(&in6->sin6_addr, l->addr, 16);
		sl = sizeof *in6;
	}
	int one = 1;
	int s = socket(l->family, SOCK_STREAM | SOCK_CLOEXEC, 0);
	/* SO_REUSEADDR: a restarted exporter binds while the old one's
	 * connections linger in TIME_WAIT; a port in use is still refused. */
	if (s < 0 || setsockopt(s, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one) ||
	    bind(s, (struct sockaddr *)&ss, sl) || listen(s, 64)) {
		int e = errno;
		if (s >= 0)
			close(s);
		return cli_fail(HWPC_EOP, "%s %s: cannot listen: %s", opt, spec, strerror(e));
	}
	char host[INET6_ADDRSTRLEN];
	sl = sizeof ss;
	getsockname(s, (struct sockaddr *)&ss, &sl);
	unsigned port = ntohs(l->family == AF_INET ? ((struct sockaddr_in *)&ss)->sin_port
						  : ((struct sockaddr_in6 *)&ss)->sin6_port);
	inet_ntop(l->family, l->addr, host, sizeof host);
	snprintf(url, len, l->family == AF_INET ? "http://%s:%u/metrics" : "http://[%s]:%u/metrics", host, port);
	*fd = s;
	return 0;
}

static enum MHD_Result reply(struct MHD_Connection *c, unsigned status, const char *type, char *body, size_t len,
			     enum MHD_ResponseMemoryMode mode)
{
	struct MHD_Response *r = mhd.create_response_from_buffer(len, body, mode);
	if (!r) {
		if (mode == MHD_RESPMEM_MUST_FREE)
			free(body);
		return MHD_NO;
	}
	mhd.add_response_header(r, MHD_HTTP_HEADER_CONTENT_TYPE, type);
	if (status == MHD_HTTP_METHOD_NOT_ALLOWED)
		mhd.add_response_header(r, MHD_HTTP_HEADER_ALLOW, "GET, HEAD");
	enum MHD_Result rc = mhd.queue_response(c, status, r);
	mhd.destroy_response(r);
	return rc;
}

static char *text(const char *s)
{
	return (char *)s; /* MHD_RESPMEM_PERSISTENT: never written to */
}

static enum MHD_Result on_request(void *cls, struct MHD_Connection *c, const char *url, const char *method,
				  const char *version, const char *upload, size_t *upload_len, void **req)
{
	struct cli_metrics_http *h = cls;
	static const char plain[] = "text/plain; charset=utf-8";
	static const char not_found[] = "404 Not Found: this exporter serves /metrics\n";
	static const char not_allowed[] = "405 Method Not Allowed: GET or HEAD /metrics\n";
	(void)version;
	(void)upload;
	(void)req;
	if (strcmp(method, MHD_HTTP_METHOD_GET) && strcmp(method, MHD_HTTP_METHOD_HEAD)) {
		*upload_len = 0;
		return reply(c, MHD_HTTP_METHOD_NOT_ALLOWED, plain, text(not_allowed), sizeof not_allowed - 1,
			     MHD_RESPMEM_PERSISTENT);
	}
	if (strcmp(url, "/metrics"))
		return reply(c, MHD_HTTP_NOT_FOUND, plain, text(not_found), sizeof not_found - 1,
			     MHD_RESPMEM_PERSISTENT);
	enum hwpc_format fmt =
		hwpc_format_accept(mhd.lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_ACCEPT));
	struct hwpc_err err;
	char *body;
	size_t len;
	if (h->scrape(h->ctx, fmt, &body, &len, &err)) {
		cli_warn("scrape: %s", err.msg);
		static const char failed[] = "500 Internal Server Error: the exposition could not be made\n";
		return reply(c, MHD_HTTP_INTERNAL_SERVER_ERROR, plain, text(failed), sizeof failed - 1,
			     MHD_RESPMEM_PERSISTENT);
	}
	return reply(c, MHD_HTTP_OK, hwpc_format_content_type(fmt), body, len, MHD_RESPMEM_MUST_FREE);
}

static struct cli_metrics_http *http_start(int fd, const char *opt, cli_scrape_fn scrape, void *ctx)
{
	if (mhd_load(opt)) {
		close(fd);
		return NULL;
	}
	struct cli_metrics_http *h = calloc(1, sizeof *h);
	if (!h) {
		close(fd);
		cli_fail(HWPC_EOP, "out of memory");
		return NULL;
	}
	h->scrape = scrape;
	h->ctx = ctx;
	/* A thread per connection: a scrape waits for the devices (at most
	 * --timeout), and others go on meanwhile.  Idle connections are
	 * closed after 30 s, and at most 64 are open at once. */
	h->d = mhd.start_daemon(MHD_USE_AUTO | MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_THREAD_PER_CONNECTION, 0,
				NULL, NULL, on_request, h, MHD_OPTION_LISTEN_SOCKET, fd,
				MHD_OPTION_CONNECTION_LIMIT, (unsigned)64, MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)30,
				MHD_OPTION_END);
	if (!h->d) {
		close(fd);
		free(h);
		cli_fail(HWPC_EOP, "%s: the HTTP server (libmicrohttpd) did not start", opt);
		return NULL;
	}
	return h;
}

/* No new connection, and the scrapes under way finish. */
static void http_stop(struct cli_metrics_http *h)
{
	mhd.stop_daemon(h->d); /* closes the listening socket too */
	free(h);
}

static sigset_t stop_signals(void)
{
	sigset_t stop;
	sigemptyset(&stop);
	sigaddset(&stop, SIGINT);
	sigaddset(&stop, SIGTERM);
	return stop;
}

void cli_metrics_hold_stop(void)
{
	sigset_t stop = stop_signals();
	pthread_sigmask(SIG_BLOCK, &stop, NULL);
}

int cli_metrics_serve(const struct cli_metrics_serve *s)
{
	struct cli_listen l;
	char url[96];
	int fd, sig, rc;
	if ((rc = cli_listen_parse(s->opt, s->spec, &l)) || (rc = cli_listen_bind(s->opt, s->spec, &l, &fd, url, sizeof url)))
		return rc;
	if (s->start && (rc = s->start(s->ctx))) {
		close(fd);
		return rc;
	}
	signal(SIGPIPE, SIG_IGN); /* a scraper that hangs up is its own business */
	struct cli_metrics_http *h = http_start(fd, s->opt, s->scrape, s->ctx);
	if (!h)
		return HWPC_EOP;
	fprintf(stderr, "%s: serving %s%s\n", cli_prog, url, s->what);
	/* The stop, held since cli_metrics_hold_stop, is taken here. */
	sigset_t stop = stop_signals();
	while (sigwait(&stop, &sig))
		;
	http_stop(h);
	return 0;
}
