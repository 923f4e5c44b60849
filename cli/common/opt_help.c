/* SPDX-License-Identifier: MIT */
/* --help generated from a command's option table (see opt_table.h). */
#include "opt_help.h"

static void help_table(const struct cli_opt *t, FILE *fp)
{
	enum { COL = 26 };
	for (; t && t->kind != CLI_END; t++) {
		char left[128];
		if (t->kind == CLI_GROUP) {
			fprintf(fp, "%s\n", t->help);
			continue;
		}
		if (!t->help)
			continue;
		int n = snprintf(left, sizeof left, "  %c%c%s%s%s%s%s", t->sname ? '-' : ' ', t->sname ? t->sname : ' ',
				 t->sname && t->lname ? ", " : t->lname ? "  " : "", t->lname ? "--" : "",
				 t->lname ? t->lname : "", t->arg ? " " : "", t->arg ? t->arg : "");
		if (n < COL - 1)
			fprintf(fp, "%-*s%s\n", COL, left, t->help);
		else
			fprintf(fp, "%s\n%*s%s\n", left, COL, "", t->help);
	}
}

void cli_help(const struct cli_cmd *cmd, FILE *fp)
{
	for (size_t i = 0; cmd->usage[i]; i++)
		fprintf(fp, "%s%s\n", i ? "       " : "usage: ", cmd->usage[i]);
	if (cmd->about)
		fprintf(fp, "%s\n", cmd->about);
	if (cmd->list)
		cmd->list(fp, cmd->list_arg);
	if (cmd->opts_heading)
		fprintf(fp, "%s\n", cmd->opts_heading);
	help_table(cmd->opts, fp);
	if (cmd->more && cmd->more_heading)
		fprintf(fp, "%s\n", cmd->more_heading);
	help_table(cmd->more, fp);
	if (cmd->footer)
		fputs(cmd->footer, fp);
}
