/* SPDX-License-Identifier: MIT */
/* pcread --decode: a value decoded without reading the device - REG=VALUE
 * against regdb for a chipset (envytools' lookup), by --chip name or for
 * the opened device's chip, and an R10000/R12000 control word,
 * CPU[:COUNTER]:WORD. */
#include "pcread_mode.h"
#include "r10k/r10k_cmd.h"
#include "regs/regs_cmd.h"

#include <string.h>

/* R10000: CPU[:COUNTER]:WORD, not REG=VALUE. */
static bool a_word(const struct pcread_opts *op)
{
	return !strchr(op->decode[0], '=');
}

/* Every value REG=VALUE, but a control word alone, and no reading option. */
static int check(const struct pcread_opts *op)
{
	for (unsigned i = 0; i < op->ndecode && (op->chip || op->ndevices || op->ndecode > 1); i++)
		if (!strchr(op->decode[i], '='))
			return cli_fail(HWPC_EINPUT, "--decode %s: expected NAME|ADDR=VALUE", op->decode[i]);
	if (op->chip && op->ndevices)
		return cli_fail(HWPC_EINPUT, "--decode: give --chip or -d, not both");
	if (op->ndomains || op->have_interval || op->events || op->nregs || op->list_regs)
		return cli_fail(HWPC_EINPUT, "--decode %s", a_word(op) ? "takes no device and no other reading option"
								 : "REG=VALUE takes --chip or -d and no reading option");
	return 0;
}

static int run_word(const struct pcread_run *r)
{
	struct hwpc_err err;
	const char *arg = r->op->decode[0];
	struct hwpc_out *o = cli_devices_out(r->devs, r->of->fp, r->op->fmt, NULL, 0, &err);
	int rc = !o || hwpc_r10k_decode_out(r->devs->db, arg, o, &err) || hwpc_out_finish(o, &err)
			 ? cli_fail(err.status, "--decode %s: %s", arg, err.msg)
			 : 0;
	hwpc_out_free(o);
	return rc;
}

/* REG=VALUE against the registers of --chip's chipset, or of the device's. */
static int run_regs(const struct pcread_run *r)
{
	struct hwpc_err err;
	const struct hwpc_regview *v;
	struct hwpc_regview *own;
	const struct cli_device *dev = r->devs->n ? &r->devs->v[0] : NULL;
	int rc = cli_devices_view(r->devs, dev, r->op->chip, "--decode", &v, &own);
	if (rc)
		return rc;
	struct hwpc_out *o = cli_devices_out(r->devs, r->of->fp, r->op->fmt, NULL, 0, &err);
	rc = !o || hwpc_regs_decode_out(v, dev ? dev->name : NULL, r->op->decode, r->op->ndecode, "--decode", o, &err) ||
			     hwpc_out_finish(o, &err)
		     ? cli_fail_err(&err)
		     : 0;
	hwpc_out_free(o);
	hwpc_regview_free(own);
	return rc;
}

const struct pcread_mode pcread_decode_word = {
	.asks = { "--decode" }, .also = a_word, .no_device = true, .one = true, .check = check, .run = run_word,
};
const struct pcread_mode pcread_decode_chip = {
	.asks = { "--decode" }, .with = "--chip", .no_device = true, .one = true, .check = check, .run = run_regs,
};
const struct pcread_mode pcread_decode_dev = {
	.asks = { "--decode" }, .one = true, .check = check, .run = run_regs,
};
