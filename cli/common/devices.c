/* SPDX-License-Identifier: MIT */
/* Opening and naming the devices of one command (devices.h). */
#include "devices.h"

#include <stdlib.h>
#include <string.h>

static int add_device(struct cli_devices *d, const char *spec, unsigned flags)
{
	struct hwpc_err err;
	struct cli_device *c = &d->v[d->n];
	memset(c, 0, sizeof *c);
	if (hwpc_devspec_parse(spec, &c->spec, &err) ||
	    hwpc_dev_open_spec(&c->spec, flags, d->db, &c->dev, &err)) {
		d->failed++;
		d->fail_status = cli_fail_err(&err);
		return 0;
	}
	c->chipset = hwpc_dev_chip(c->dev) ? hwpc_dev_chip(c->dev)->name : NULL;
	d->n++;
	return 0;
}

/* Name each device; two simulators that differ only in their state file
 * keep their state= option, so their records can be told apart. */
static int name_devices(struct cli_devices *d)
{
	struct hwpc_err err;
	char buf[1024];
	for (size_t i = 0; i < d->n; i++) {
		if (hwpc_dev_name(d->v[i].dev, false, buf, sizeof buf, &err))
			return cli_fail_err(&err);
		if (!(d->v[i].name = strdup(buf)))
			return cli_fail(HWPC_EOP, "out of memory");
	}
	/* decide every clash before renaming any, so both of a pair keep it */
	bool *clash = calloc(d->n, sizeof *clash);
	if (!clash)
		return cli_fail(HWPC_EOP, "out of memory");
	for (size_t i = 0; i < d->n; i++) {
		for (size_t j = 0; j < d->n; j++)
			clash[i] |= j != i && strcmp(d->v[i].name, d->v[j].name) == 0;
	}
	int rc = 0;
	for (size_t i = 0; i < d->n && !rc; i++) {
		if (!clash[i])
			continue;
		if (hwpc_dev_name(d->v[i].dev, true, buf, sizeof buf, &err)) {
			rc = cli_fail_err(&err);
			break;
		}
		free(d->v[i].name);
		if (!(d->v[i].name = strdup(buf)))
			rc = cli_fail(HWPC_EOP, "out of memory");
	}
	free(clash);
	if (rc)
		return rc;
	return 0;
}

/* The same device named twice would be read twice per sample and set up
 * twice: refuse it, naming both spellings. */
static int check_duplicates(struct cli_devices *d, const char *const *given)
{
	char a[1024], b[1024];
	struct hwpc_err err;
	for (size_t i = 0; i < d->n; i++) {
		if (hwpc_dev_key(d->v[i].dev, a, sizeof a, &err))
			return cli_fail_err(&err);
		for (size_t j = 0; j < i; j++) {
			if (hwpc_dev_key(d->v[j].dev, b, sizeof b, &err))
				return cli_fail_err(&err);
			if (strcmp(a, b) == 0)
				return cli_fail(HWPC_EINPUT, "-d: '%s' and '%s' are the same device",
						given ? given[j] : d->v[j].name, given ? given[i] : d->v[i].name);
		}
	}
	return 0;
}

int cli_devices_open(const char *const *specs, size_t nspecs, unsigned flags, struct cli_devices *out)
{
	struct hwpc_err err;
	char(*slots)[16] = NULL;
	size_t nslots = 0;
	bool all = false;
	int rc;

	memset(out, 0, sizeof *out);
	for (size_t i = 0; i < nspecs; i++) {
		if (strcmp(specs[i], "all") == 0)
			all = true;
	}
	if (all && nspecs > 1)
		return cli_fail(HWPC_EINPUT, "-d all cannot be combined with other -d values");
	if (hwpc_regdb_load(&out->db, &err))
		return cli_fail_err(&err);
	if (all) {
		if (hwpc_dev_list_gpus(out->db, &slots, &nslots, &err)) {
			rc = cli_fail_err(&err);
			goto fail;
		}
		if (nslots == 0) {
			rc = cli_fail(HWPC_EOP, "-d all: no NVIDIA GPU found (simulators are included only "
						"when named: -d sim:CHIP)");
			goto fail;
		}
	}
	size_t n = all ? nslots : nspecs ? nspecs : 1;
	if (!(out->v = calloc(n, sizeof *out->v))) {
		rc = cli_fail(HWPC_EOP, "out of memory");
		goto fail;
	}
	for (size_t i = 0; i < n; i++)
		add_device(out, all ? slots[i] : nspecs ? specs[i] : NULL, flags);
	free(slots);
	slots = NULL;
	if (out->n == 0) {
		rc = out->fail_status;
		goto fail;
	}
	if ((rc = check_duplicates(out, all || !nspecs || out->failed ? NULL : specs)) ||
	    (rc = name_devices(out)))
		goto fail;
	return 0;
fail:
	free(slots);
	cli_devices_close(out);
	return rc ? rc : HWPC_EOP;
}

int cli_devices_status(const struct cli_devices *d, unsigned run_failures, int rc)
{
	size_t total = d->n + d->failed;
	unsigned bad = d->failed + run_failures;
	if (total <= 1)
		return d->failed ? d->fail_status : rc;
	if (bad == 0)
		return 0;
	if (bad < total)
		return CLI_EXIT_SOME_FAILED;
	return rc ? rc : d->fail_status;
}

void cli_devices_writer(const struct cli_devices *d, struct hwpc_out *o)
{
	size_t w = 0;
	for (size_t i = 0; d->n + d->failed > 1 && i < d->n; i++) {
		size_t n = strlen(d->v[i].name);
		w = n > w ? n : w;
	}
	hwpc_out_set_multi(o, (unsigned)w);
}

struct hwpc_out *cli_devices_out(const struct cli_devices *d, FILE *fp, enum hwpc_format fmt,
				 const struct hwpc_col *cols, size_t ncols, struct hwpc_err *err)
{
	struct hwpc_out *o = hwpc_out_new(fp, fmt, err);
	if (!o)
		return NULL;
	hwpc_out_set_command(o, cli_prog);
	cli_devices_writer(d, o);
	if (d->n)
		cli_devices_tag(d, 0, o);
	if (ncols && hwpc_out_table(o, cols, ncols, err)) {
		hwpc_out_free(o);
		return NULL;
	}
	return o;
}

void cli_devices_tag(const struct cli_devices *d, size_t i, struct hwpc_out *o)
{
	hwpc_out_set_device(o, d->v[i].name, d->v[i].chipset);
}

int cli_devices_each(const struct cli_devices *d, FILE *fp, enum hwpc_format fmt, const struct cli_each *each)
{
	struct hwpc_err err;
	struct hwpc_out *o = cli_devices_out(d, fp, fmt, each->cols, each->ncols, &err);
	if (!o)
		return cli_fail_err(&err);
	if (each->nkinds && hwpc_out_kinds(o, each->kinds, each->nkinds, &err)) {
		hwpc_out_free(o);
		return cli_fail_err(&err);
	}
	unsigned failures = 0;
	int rc = 0, last = 0, whole = 0;
	for (size_t j = 0; j < (d->n ? d->n : 1); j++) {
		if (d->n)
			cli_devices_tag(d, j, o);
		int drc = each->fn(each->ctx, d->n ? &d->v[j] : NULL, o);
		if (drc && drc == each->whole) {
			whole = drc;
		} else if (drc) {
			failures++;
			last = drc;
		}
	}
	if (hwpc_out_finish(o, &err))
		rc = cli_fail_err(&err);
	hwpc_out_free(o);
	/* a failure (5, or all failed: theirs) says more than --strict's 3 */
	int st = cli_devices_status(d, failures, last);
	return rc ? rc : st ? st : whole;
}

int cli_devices_view(const struct cli_devices *d, const struct cli_device *dev, const char *chip, const char *opt,
		     const struct hwpc_regview **v, struct hwpc_regview **own)
{
	const struct hwpc_chipset *c;
	*own = NULL;
	if (chip) {
		int rc = cli_chip_view(d->db, chip, "--chip", &c, own);
		*v = *own;
		return rc;
	}
	*v = hwpc_dev_regview(dev->dev);
	return *v ? 0 : cli_fail(HWPC_EINPUT, "%s: the device's chipset is not known", opt);
}

void cli_devices_close(struct cli_devices *d)
{
	for (size_t i = 0; d->v && i < d->n; i++) {
		hwpc_dev_close(d->v[i].dev);
		free(d->v[i].name);
	}
	free(d->v);
	hwpc_regdb_free(d->db);
	memset(d, 0, sizeof *d);
}
