/* SPDX-License-Identifier: MIT */
/* pcread --signals and --scan over a device's domains (pc_cmd.h,
 * hwpc_pc_signals_run_out): each domain's signals read or scanned, then
 * written, domain by domain, so that a scan stopped early has put out the
 * domains it scanned, and says how far it came for the command's warning. */
#include "core/err_local.h"
#include "pc/pc_cmd.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool stopped(const struct hwpc_pc_scan_how *how)
{
	return how->stop && *how->stop;
}

/* Domain i of n scanned into sc, the caller told what is scanned before
 * and NULL after (its progress display). */
static int scan(struct hwpc_pcr *r, unsigned i, unsigned n, const struct hwpc_pc_scan_how *how,
		void (*scanning)(void *ctx, const char *what), struct hwpc_pc_scan *sc, struct hwpc_err *err)
{
	char what[64];
	snprintf(what, sizeof what, "%s (%u of %u)", r->di->name, i + 1, n);
	if (scanning)
		scanning(how->ctx, what);
	int rc = hwpc_pc_scan_sample(r, how, sc, err);
	if (scanning)
		scanning(how->ctx, NULL);
	return rc;
}

/* Domain i's signals: read (sc NULL) or scanned, and written. */
static int one_domain(struct hwpc_pc_reader *rd, unsigned i, enum hwpc_format fmt, const struct hwpc_pc_scan_how *how,
		      void (*scanning)(void *ctx, const char *what), struct hwpc_pc_scan *sc, struct hwpc_out *o,
		      struct hwpc_err *err)
{
	struct hwpc_pcr *r = &rd->doms[i].r;
	struct hwpc_pc_names names;
	uint32_t w[HWPC_LOP_MAX_SIGNALS / 32];
	int rc = hwpc_pc_names_build(rd->l, r->dom, &names, err);
	if (rc)
		return rc;
	if (sc)
		rc = scan(r, i, rd->ndoms, how, scanning, sc, err);
	else
		rc = hwpc_pc_read_signals(r, w, sizeof w / sizeof w[0], err);
	if (!rc)
		rc = hwpc_pc_signals_out(o, fmt, r, &names, w, sc, err);
	hwpc_pc_names_free(&names);
	return rc;
}

int hwpc_pc_signals_run_out(struct hwpc_pc_reader *rd, enum hwpc_format fmt, const struct hwpc_pc_scan_how *how,
			    void (*scanning)(void *ctx, const char *what), struct hwpc_out *o,
			    struct hwpc_pc_signals_done *done, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	bool a_scan = how->window_ns != 0;
	struct hwpc_pc_scan *sc = a_scan ? calloc(1, sizeof *sc) : NULL;
	int rc = a_scan && !sc ? hwpc_err_set(err, HWPC_EOP, "out of memory") : 0;
	unsigned i;
	memset(done, 0, sizeof *done);
	/* --signals reads at once: every domain, whenever a stop comes */
	for (i = 0; i < rd->ndoms && !rc && (!a_scan || !stopped(how)); i++)
		rc = one_domain(rd, i, fmt, how, scanning, sc, o, err);
	done->out = i;
	done->whole = i;
	/* Interrupted: what was scanned is out; the last domain only in part
	 * when the stop came during its window. */
	if (!rc && a_scan && stopped(how)) {
		done->stopped = true;
		if (i && sc->partial) {
			done->whole = i - 1;
			/* stopped before its first sample: nothing of it is out */
			if (sc->samples[0])
				done->partial = rd->doms[i - 1].r.di->name;
		}
	}
	free(sc);
	return rc;
}
