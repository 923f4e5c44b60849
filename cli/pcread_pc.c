/* SPDX-License-Identifier: MIT */
/* What pcread's PCOUNTER modes share (pcread_mode.h): each device set up
 * (its layout and domains, checked against what pcsetup recorded), read
 * by the mode, and checked again after. */
#include "pcread_mode.h"
#include "pc/pc_cmd.h"

#include <stdio.h>
#include <stdlib.h>

/* One device set up: its layout, domains, and the setup check before
 * reading. */
static int prepare(const struct pcread_opts *op, const struct pcread_pc_read *how, struct pcread_dev *p)
{
	struct hwpc_err err;
	if (op->events || op->modes)
		return cli_fail(HWPC_EINPUT, "%s is an R10000/R12000 option; the %s has PCOUNTER domains (pcread --help)",
				op->events ? "--events" : "--modes", hwpc_dev_chip(p->dev) ? hwpc_dev_chip(p->dev)->name : "device");
	if (hwpc_pc_reader_open(&p->rd, p->dev, &p->layout, op->profile, op->domains, op->ndomains, how->domains,
				cli_tell_v(op->verbose), &err))
		return cli_fail_err(&err);
	return 0;
}

/* After the run: was a domain reprogrammed while it was read, did the
 * device lag? */
static int finish(const struct pcread_opts *op, const struct pcread_pc_read *how, struct pcread_dev *p)
{
	struct hwpc_err err;
	if (op->have_interval && how->domains && hwpc_pc_reader_verify(&p->rd, cli_tell_v(op->verbose), &err))
		return cli_fail_err(&err);
	hwpc_pc_reader_lag(&p->rd, p->name, &cli_tell);
	p->suspect |= p->rd.suspect;
	return op->strict && p->suspect ? HWPC_ELOST : 0;
}

/* Each device in turn on one writer. */
static int each(const struct pcread_run *r, const struct pcread_pc_read *how, struct pcread_dev *const *ds, size_t n)
{
	struct hwpc_err err;
	struct hwpc_out *o = cli_devices_out(r->devs, r->of->fp, r->op->fmt, how->cols, how->ncols, &err);
	const volatile sig_atomic_t *stop = cli_catch_stop();
	int rc = 0;
	if (!o)
		return cli_fail_err(&err);
	/* the first device however early a stop came: its mode ends its own
	 * run at the stop, with whole output (a stop skips the others) */
	for (size_t j = 0; j < n && (!j || !*stop); j++) {
		cli_devices_tag(r->devs, ds[j]->index, o);
		int drc = how->each(r, ds[j], o);
		if (drc && n == 1)
			rc = drc;
		else if (drc)
			ds[j]->failed = true;
	}
	if (hwpc_out_finish(o, &err) && !rc)
		rc = cli_fail_err(&err);
	hwpc_out_free(o);
	return rc;
}

int pcread_pc(const struct pcread_run *r, const struct pcread_pc_read *how)
{
	const struct cli_devices *devs = r->devs;
	struct pcread_dev **ps = calloc(devs->n, sizeof *ps);
	struct pcread_dev *pv = calloc(devs->n, sizeof *pv);
	size_t np = 0;
	unsigned failures = 0;
	int rc = 0, last = 0;
	if (!ps || !pv) {
		free(ps);
		free(pv);
		return cli_fail(HWPC_EOP, "out of memory");
	}
	for (size_t j = 0; j < devs->n; j++) {
		pv[j] = (struct pcread_dev){ .dev = devs->v[j].dev, .index = j, .name = devs->v[j].name };
		if ((rc = prepare(r->op, how, &pv[j]))) {
			failures++;
			last = rc;
			continue;
		}
		ps[np++] = &pv[j];
	}
	rc = !np ? 0 : how->all ? how->all(r, ps, np) : each(r, how, ps, np);
	for (size_t j = 0; j < np && !rc; j++) {
		if (ps[j]->failed) {
			failures++;
			last = HWPC_EOP;
			continue;
		}
		int frc = finish(r->op, how, ps[j]);
		if (frc && devs->n > 1 && frc != HWPC_ELOST) {
			failures++;
			last = frc;
		} else if (frc) {
			rc = frc;
		}
	}
	free(ps);
	free(pv);
	if (!rc && np == 0)
		rc = last;
	return cli_devices_status(devs, failures, rc ? rc : last);
}
