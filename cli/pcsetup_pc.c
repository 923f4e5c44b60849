/* SPDX-License-Identifier: MIT */
/* pcsetup on a GPU: the PCOUNTER setup of one device, from the options or
 * a setup file, and --trigger. */
#include "pcsetup_pc.h"
#include "pc/pc_cmd.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Text: the explain view as the library writes it; JSON and CSV: its
 * records (pc_logic_input). */
static int explain(const struct hwpc_pc_layout *l, const struct hwpc_pc_jobset *js, enum hwpc_format fmt,
		   struct hwpc_out *o, const char *head)
{
	struct hwpc_err err;
	for (size_t j = 0; fmt != HWPC_FMT_TEXT && j < js->n; j++)
		if (hwpc_pc_setup_explain_out(l, js->job[j].dom, js->job[j].setup, o, &err))
			return cli_fail_err(&err);
	for (size_t j = 0; fmt == HWPC_FMT_TEXT && j < js->n; j++) {
		char *text;
		if (hwpc_pc_setup_explain(l, js->job[j].dom, js->job[j].setup, &text, &err))
			return cli_fail_err(&err);
		/* the device line once there is something to say: an error
		 * stands alone */
		if (!j && head)
			printf("%s\n\n", head);
		printf("%sdomain %s on %s:\n%s", j ? "\n" : "", l->dom[js->job[j].dom].name, l->chip->name, text);
		free(text);
	}
	return 0;
}

/* After the writes: what each domain now is, and the record's generation. */
static int report(struct hwpc_out *o, const struct hwpc_pc_layout *l, const struct hwpc_pc_jobset *js)
{
	static const char *const mode[] = { "single", "quad", "record" };
	struct hwpc_err err;
	for (size_t j = 0; j < js->n; j++) {
		const struct hwpc_pc_job *jb = &js->job[j];
		hwpc_out_record(o, "pc_setup");
		hwpc_out_str(o, "domain", l->dom[jb->dom].name);
		char word[16];
		/* A recorded setup's note begins with its mode (raw writes of
		 * the domain's registers too); triggers alone change none. */
		snprintf(word, sizeof word, "%.*s", (int)strcspn(jb->rec->what, " "), jb->rec->what);
		hwpc_out_str(o, "mode", jb->rec->n ? word
				 : jb->setup->given & ~HWPC_PC_SETUP_TRIGGERS ? mode[jb->setup->mode] : "unchanged");
		if (jb->rec->n)
			hwpc_out_u64(o, "generation", jb->rec->generation);
		else
			hwpc_out_null(o, "generation");
		if (hwpc_out_end(o, &err))
			return cli_fail_err(&err);
	}
	return 0;
}

int pcsetup_pc(const struct pcsetup_opts *op, struct hwpc_dev *dev, struct hwpc_out *o)
{
	struct hwpc_err err;
	struct hwpc_pc_layout l;
	struct hwpc_pc_setfile f = { 0 };
	struct hwpc_wplan plan;
	struct hwpc_pc_jobset *js = calloc(1, sizeof *js);
	int rc = 0;

	if (!js)
		return cli_fail(HWPC_EOP, "out of memory");
	hwpc_wplan_init(&plan, dev);
	if (hwpc_pc_layout_dev(dev, op->profile, &l, &err))
		rc = cli_fail_err(&err);
	else if (op->file && hwpc_pc_setfile_parse_pick(op->file, op->set, &f, &err))
		rc = cli_fail_err(&err);
	else if (hwpc_pc_jobset_pick(js, &l, op->file ? &f : NULL, &op->setup, op->domain, op->set, &err))
		rc = cli_fail_err(&err);
	if (!rc && op->explain)
		rc = explain(&l, js, op->fmt, o, op->explain_head);
	/* A domain whose setup someone else made is not taken from them
	 * unless --force. */
	if (!rc && !op->explain && !op->force && hwpc_pc_jobset_check(js, dev, &l, &err))
		rc = cli_fail_err(&err);
	if (!rc && hwpc_pc_setup_plan_many(dev, &l, js->job, js->n, &plan, &err))
		rc = cli_fail_err(&err);
	if (!rc && op->dry_run)
		rc = hwpc_wplan_print(&plan, o, &err) ? cli_fail_err(&err) : 0;
	if (!rc && !op->dry_run && !op->explain) {
		if (hwpc_pc_jobset_apply(js, &plan, &l, &err))
			rc = cli_fail_err(&err);
		if (!rc && op->verbose && hwpc_wplan_print(&plan, o, &err))
			rc = cli_fail_err(&err);
		if (!rc && !op->verbose)
			rc = report(o, &l, js);
	}
	hwpc_wplan_free(&plan);
	hwpc_pc_setfile_free(&f);
	hwpc_pc_jobset_unlock(js);
	free(js);
	return rc;
}

int pcsetup_explain_chip(struct pcsetup_opts *op)
{
	struct hwpc_err err;
	struct hwpc_regdb *db = NULL;
	const struct hwpc_chipset *chip;
	struct hwpc_pc_layout l;
	struct hwpc_pc_setfile f = { 0 };
	struct hwpc_pc_jobset *js = calloc(1, sizeof *js);
	struct hwpc_out *o = NULL;
	char head[96];
	int rc = !js ? cli_fail(HWPC_EOP, "out of memory") : hwpc_regdb_load(&db, &err) ? cli_fail_err(&err) : 0;
	if (!rc)
		rc = cli_chipset_arg(db, op->chip, "--chip", &chip);
	if (!rc && op->r10k_opt)
		rc = cli_fail(HWPC_EINPUT, "%s is an R10000/R12000 option; --explain is for PCOUNTER setups", op->r10k_opt);
	if (!rc && hwpc_pc_layout_load(db, chip, op->profile, &l, &err))
		rc = cli_fail(err.status, "--chip %s: %s", op->chip, err.msg);
	hwpc_pc_setup_init(&op->setup);
	for (unsigned i = 0; !rc && i < op->nsopt; i++)
		if (hwpc_pc_setup_option(&op->setup, op->sopt[i].name, op->sopt[i].value, &err))
			rc = cli_fail_err(&err);
	if (!rc && op->file && hwpc_pc_setfile_parse_pick(op->file, op->set, &f, &err))
		rc = cli_fail_err(&err);
	else if (!rc && hwpc_pc_jobset_pick(js, &l, op->file ? &f : NULL, &op->setup, op->domain, op->set, &err))
		rc = cli_fail_err(&err);
	if (!rc && !(o = hwpc_out_new(stdout, op->fmt, &err)))
		rc = cli_fail_err(&err);
	if (!rc) {
		/* as pcread --decode --chip: the chipset named, no device */
		hwpc_out_set_command(o, "pcsetup");
		hwpc_out_set_device(o, NULL, chip->name);
		snprintf(head, sizeof head, "chipset: %s", chip->name);
		rc = explain(&l, js, op->fmt, o, head);
	}
	if (o && hwpc_out_finish(o, &err) && !rc)
		rc = cli_fail_err(&err);
	hwpc_out_free(o);
	hwpc_pc_setfile_free(&f);
	hwpc_regdb_free(db);
	free(js);
	return rc;
}

int pcsetup_trigger(const struct pcsetup_opts *op, struct hwpc_dev *dev, struct hwpc_out *o)
{
	struct hwpc_err err;
	struct hwpc_wplan plan;
	struct hwpc_pc_trigger t;
	hwpc_wplan_init(&plan, dev);
	int rc = hwpc_pc_trigger_plan(dev, &plan, &t, &err) ? cli_fail(err.status, "--trigger: %s", err.msg) : 0;
	if (!rc && !op->dry_run && hwpc_wplan_apply(&plan, &err))
		rc = cli_fail_err(&err);
	if (!rc && (op->dry_run || op->verbose) && hwpc_wplan_print(&plan, o, &err))
		rc = cli_fail_err(&err);
	if (!rc && !op->dry_run && !op->verbose) {
		hwpc_out_record(o, "pc_trigger");
		hwpc_out_str(o, "signal", "pm_trigger");
		hwpc_out_str(o, "reg", t.name);
		hwpc_out_hex(o, "addr", t.addr, 6);
		hwpc_out_hex32(o, "value", t.value);
		if (hwpc_out_end(o, &err))
			rc = cli_fail_err(&err);
	}
	hwpc_wplan_free(&plan);
	return rc;
}
