/* SPDX-License-Identifier: MIT */
/* pcread --serve [ADDR:]PORT: the Prometheus exporter (pcread(1),
 * SERVING).  Every device's domains are read at each scrape of /metrics
 * and every -i between scrapes, by the exporter (pc/pc_serve.h); HTTP is
 * common/metrics_http.c, which serves until SIGTERM or SIGINT; then exit 0. */
#include "common/metrics_http.h"
#include "pcread_mode.h"
#include "pc/pc_serve.h"

#include <stdio.h>
#include <unistd.h>

static int check(const struct pcread_opts *op)
{
	struct cli_listen l;
	if (op->trigger && !op->ack)
		return cli_fail(HWPC_EINPUT, "--trigger with --serve needs --ack: a set latched and not acked is "
				"swapped over by the next trigger, and never counted");
	return cli_listen_parse("--serve", op->serve, &l);
}

/* What the exporter says (a device down, back): a line on standard error,
 * which a service manager keeps (journald). */
static void log_line(void *ctx, const char *msg)
{
	(void)ctx;
	fprintf(stderr, "%s: %s\n", cli_prog, msg);
}

static int scrape(void *ctx, enum hwpc_format fmt, char **body, size_t *len, struct hwpc_err *err)
{
	return hwpc_pc_serve_scrape(ctx, fmt, body, len, err);
}

static int start(void *ctx)
{
	struct hwpc_err err;
	return hwpc_pc_serve_start(ctx, &err) ? cli_fail_err(&err) : 0;
}

static int run(const struct pcread_run *r)
{
	const struct pcread_opts *op = r->op;
	struct hwpc_err err;
	char what[256] = ": ";
	cli_metrics_hold_stop();
	const struct hwpc_pc_serve_opts o = {
		.profile = op->profile, .domains = op->domains, .ndomains = op->ndomains, .ack = op->ack,
		.trigger = op->trigger, .interval_ns = op->have_interval ? op->interval_ns : HWPC_PC_SERVE_INTERVAL_NS,
		.timeout_ns = op->timeout_ns ? op->timeout_ns : HWPC_PC_SERVE_TIMEOUT_NS, .timestamps = op->timestamps,
		.log = log_line,
	};
	struct hwpc_pc_serve *s = hwpc_pc_serve_new(&o, &err);
	if (!s)
		return cli_fail_err(&err);
	/* A device that cannot be served (no PCOUNTER, a -D it lacks,
	 * --trigger on a chip that cannot fire it) is said and left out. */
	for (size_t i = 0; i < r->devs->n; i++)
		hwpc_pc_serve_add(s, r->devs->v[i].dev, r->devs->v[i].name, &cli_tell);
	int rc = hwpc_pc_serve_describe(s, what + 2, sizeof what - 2); /* "serving URL: what" */
	const struct cli_metrics_serve ms = { .opt = "--serve", .spec = op->serve, .what = what, .scrape = scrape,
					      .start = start, .ctx = s };
	if (!rc)
		rc = cli_metrics_serve(&ms);
	if (!hwpc_pc_serve_free(s)) {
		/* A device still inside a read that never returned keeps its
		 * thread, the device and the database: nothing can be closed
		 * under it, so the process ends here, as it is. */
		fflush(stderr);
		_exit(rc);
	}
	return rc;
}

const struct pcread_mode pcread_serve = {
	.asks = { "--serve" }, .check = check, .run = run,
};
