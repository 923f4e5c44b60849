/* SPDX-License-Identifier: MIT */
/* What pcread's PCOUNTER modes share (pcread_mode.h): the devices' readers
 * opened (pc/pc_cmd.h: hwpc_pc_devset, checked against what pcsetup
 * recorded), read by the mode, checked again after, and the run's status
 * over several devices. */
#include "pcread_mode.h"
#include "pc/pc_cmd.h"

/* --events and --modes are the R10000's: a mistake of the command line,
 * said once (for the first device, which chose the PCOUNTER modes). */
static int r10k_options(const struct pcread_run *r)
{
	const struct hwpc_chipset *chip = hwpc_dev_chip(r->devs->v[0].dev);
	return cli_fail(HWPC_EINPUT, "%s is an R10000/R12000 option; the %s has PCOUNTER domains (pcread --help)",
			r->op->events ? "--events" : "--modes", chip ? chip->name : "device");
}

/* Each device in turn on one writer. */
static int each(const struct pcread_run *r, const struct pcread_pc_read *how, struct hwpc_pc_devset_dev *const *ds,
		size_t n)
{
	struct hwpc_err err;
	struct hwpc_out *o = cli_devices_out(r->devs, r->of->fp, r->op->fmt, how->cols, how->ncols, &err);
	const volatile sig_atomic_t *stop = cli_catch_stop();
	int rc = 0;
	if (!o)
		return cli_fail_err(&err);
	/* the first device however early a stop came: its mode ends its own
	 * run at the stop, with whole output (a stop skips the others) */
	size_t j;
	for (j = 0; j < n && (!j || !*stop); j++) {
		hwpc_pc_devset_tag(ds[j], o);
		int drc = how->each(r, ds[j], o);
		if (drc && *stop) { /* stopped (--scan: 130, said), not failed */
			rc = drc;
			j = n;
		} else if (drc) {
			ds[j]->failed = true; /* counted after the run */
			rc = n == 1 ? drc : 0;
		}
	}
	if (!rc && j < n) {
		cli_warn("interrupted: %zu of %zu devices read", j, n);
		*r->whole = true; /* theirs are whole */
		rc = 130;
	}
	if (hwpc_out_finish(o, &err) && !rc)
		rc = cli_fail_err(&err);
	hwpc_out_free(o);
	return rc;
}

int pcread_pc(const struct pcread_run *r, const struct pcread_pc_read *how)
{
	const struct pcread_opts *op = r->op;
	const struct hwpc_pc_devset_opts so = {
		.profile = op->profile, .domains = op->domains, .ndomains = op->ndomains, .pick = how->domains,
		.verify = op->have_interval && how->domains, .strict = op->strict, .tell = cli_tell_v(op->verbose),
	};
	struct hwpc_pc_devset s;
	struct hwpc_err err;
	if (op->events || op->modes)
		return r10k_options(r);
	if (hwpc_pc_devset_init(&s, r->devs->n, &so, &err))
		return cli_fail_err(&err);
	for (size_t j = 0; j < r->devs->n; j++)
		hwpc_pc_devset_add(&s, r->devs->v[j].dev, r->devs->v[j].name);
	int rc = !s.nok ? 0 : how->all ? how->all(r, s.ok, s.nok) : each(r, how, s.ok, s.nok);
	rc = hwpc_pc_devset_end(&s, rc);
	hwpc_pc_devset_free(&s);
	/* a device that failed among others makes it 5; every one failed (or
	 * the only one): the run's status, else the failure's; none failed:
	 * the run's (a command's exit status, --strict's 3, a stop) */
	int st = cli_devices_status(r->devs, s.failures, rc ? rc : s.last);
	return st ? st : rc;
}
