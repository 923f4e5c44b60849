/* SPDX-License-Identifier: MIT */
/* pcsim: drive the simulator - create and reset simulated GPUs, move their
 * clock, show their state.  See pcsim(1). */
#include "pcsim_drive.h"
#include "pcsim_state.h"

#include "common/devices.h"
#include "common/opt.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int with_device(struct pcsim *c, int (*fn)(struct pcsim *, struct hwpc_dev *, struct hwpc_out *))
{
	struct hwpc_err err;
	struct hwpc_devspec spec;
	int rc;

	if (hwpc_devspec_parse(c->device, &spec, &err))
		return cli_fail_err(&err);
	if (spec.kind != HWPC_DEV_SIM) {
		/* Name only what the user gave: with neither -d nor
		 * $HWPC_DEVICE there is nothing to quote. */
		const char *given = c->device ? c->device : getenv("HWPC_DEVICE");
		if (!given || !*given)
			return cli_fail(HWPC_EINPUT,
					"pcsim needs a simulated device: give -d sim:CHIP or set HWPC_DEVICE (e.g. sim:g84)");
		return cli_fail(HWPC_EINPUT, "pcsim needs a simulated device (-d sim:CHIP), not '%s'", given);
	}
	struct cli_devices devs;
	/* reg writes any address, as the chip's own MMIO would */
	unsigned flags = HWPC_OPEN_WRITE | (fn == pcsim_reg ? HWPC_OPEN_FORCE : 0);
	if ((rc = cli_devices_open(&c->device, c->device ? 1 : 0, flags, &devs)))
		return rc;
	struct hwpc_dev *dev = devs.v[0].dev;
	hwpc_sim_set_verbose(dev, c->verbose);
	struct hwpc_out *o = hwpc_out_new(stdout, c->fmt, &err);
	if (o) {
		hwpc_out_set_command(o, "pcsim");
		cli_devices_tag(&devs, 0, o);
	}
	rc = o ? fn(c, dev, o) : cli_fail_err(&err);
	if (o && hwpc_out_finish(o, &err) && !rc)
		rc = cli_fail_err(&err);
	hwpc_out_free(o);
	cli_devices_close(&devs);
	return rc;
}

/* A subcommand: what it is called, how it runs (run without a device, or
 * fn with one), its own options, and its line in pcsim --help. */
struct sub {
	const char *name;
	const char *args[4]; /* its forms, after the name */
	const char *help;
	int (*run)(struct pcsim *c);
	int (*fn)(struct pcsim *, struct hwpc_dev *, struct hwpc_out *);
	const struct cli_opt *opts;
};

/* The subcommands in pcsim --help: arg is the table, ended by a NULL name. */
static void sub_list(FILE *fp, const void *arg)
{
	fputs("Commands:\n", fp);
	for (const struct sub *sb = arg; sb->name; sb++)
		for (size_t f = 0; f < 4 && sb->args[f]; f++) {
			char left[128];
			int w = snprintf(left, sizeof left, "  %s%s%s", sb->name, *sb->args[f] ? " " : "", sb->args[f]);
			if (f)
				fprintf(fp, "%s\n", left);
			else if (w < 29)
				fprintf(fp, "%-29s%s\n", left, sb->help);
			else
				fprintf(fp, "%s\n%29s%s\n", left, "", sb->help);
		}
}

int main(int argc, char **argv)
{
	struct pcsim c = { 0 };
	const struct cli_opt global[] = {
		CLI_OPT_DEVICE_HELP(&c.device, "the simulated GPU, e.g. sim:g84,clock=virtual (default $HWPC_DEVICE)"),
		CLI_OPT_VERBOSE(&c.verbose, "report accesses to registers the chip does not have"),
		CLI_OPT_FORMAT(&c.fmt, CLI_FMT_RECORDS, "text (default), json or csv"),
		CLI_OPT_HELP,
		CLI_OPT_VERSION,
		CLI_OPT_END,
	};
	const struct cli_opt advance_opts[] = {
		{ .kind = CLI_STR, .lname = "cycles", .arg = "N", .dest = &c.cycles, .noun = "cycle count",
		  .help = "move forward N cycles (of --clock, or of --domain's counter)" },
		{ .kind = CLI_STR, .lname = "clock", .arg = "CLOCK", .dest = &c.clock, .noun = "clock",
		  .help = "nvclk, mclk, hclk, tclk or crystal" },
		{ .kind = CLI_STR, .lname = "domain", .arg = "DOM", .dest = &c.domain, .noun = "domain",
		  .help = "until PCOUNTER domain DOM has run N more cycles" },
		CLI_OPT_END,
	};
	const struct sub subs[] = {
		{ "create", { "[SPEC]" }, "create the simulated GPU's state (error if it exists)", pcsim_create, NULL, NULL },
		{ "reset", { "[SPEC]" }, "recreate it in its power-on state", pcsim_reset, NULL, NULL },
		{ "advance", { "DURATION", "--cycles N --clock CLOCK", "--cycles N --domain DOM" },
		  "move simulated time forward (10ms, 1.5s, 250ns), or by cycles", NULL, pcsim_advance, advance_opts },
		{ "time", { "" }, "print the simulated time", NULL, pcsim_time, NULL },
		{ "show", { "[pcounter|DOM]" }, "print the whole simulated state, or only PCOUNTER domains", NULL, pcsim_show,
		  NULL },
		{ "rate", { "EVENT RATE" }, "R10000/R12000: events per second (1000/s, 2.5M/s) or per cycle (0.5/cycle)",
		  NULL, pcsim_rate, NULL },
		{ "cpu-mode", { "MODE" }, "R10000/R12000: run in user, kernel, exl, supervisor or erl mode", NULL,
		  pcsim_cpu_mode, NULL },
		{ "signal", { "DOM SIG GEN [K=V...]" },
		  "drive a signal: const 0|1, periodic period=N [duty=N] [phase=N], random p=P [seed=N], ptimer [bit=N]",
		  NULL, pcsim_signal, NULL },
		{ "trace", { "DOM FILE" }, "drive signals of DOM from a trace file", NULL, pcsim_trace, NULL },
		{ "pulse", { "pm_trigger|wrcache_flush" }, "a one-cycle PGRAPH pulse in every domain", NULL, pcsim_pulse, NULL },
		{ "reg", { "NAME|ADDR[=VALUE]..." }, "read or write registers (MMIO, as the chip sees it)", NULL, pcsim_reg,
		  NULL },
		{ "list", { "" }, "list the chipsets that can be simulated", pcsim_list, NULL, NULL },
		{ "ts", { "COMMAND [ARGS]" },
		  "Tensix timestamper: one command (ts32 TOKEN, ts64, ts96, ts128, flush, flush64, flush96, raw V, "
		  "cntl, status, buf N START END, advance DURATION|Nt)", NULL, pcsim_ts, NULL },
		{ "script", { "FILE" }, "Tensix timestamper: the commands in FILE, one a line (- stdin)", NULL, pcsim_script,
		  NULL },
		{ "dump", { "FILE [ADDR [LENGTH]]" },
		  "write simulated memory (Tensix L1, record buffers; default: all of the first region) to FILE (- stdout)",
		  NULL, pcsim_dump, NULL },
		{ NULL, { NULL }, NULL, NULL, NULL, NULL },
	};
	const size_t nsubs = sizeof subs / sizeof subs[0] - 1;
	static const struct cli_opt none[] = { CLI_OPT_END };
	static const char *const usage[] = { "pcsim [-d SPEC] [-v] [--format text|json|csv] COMMAND [ARGS]", NULL };
	const struct cli_cmd top = {
		.name = "pcsim", .usage = usage, .list = sub_list, .list_arg = subs, .opts_heading = "Options:",
		.opts = global, .stop_at_arg = true, .max_args = -1,
		.about = "Drive the hwpc simulator.  SPEC is sim:CHIP[,key=value...] (default $HWPC_DEVICE).",
		.footer = "pcsim COMMAND --help describes a command.\n",
	};
	int first, nargs, rc;

	cli_init("pcsim");
	/* Options before the command are pcsim's own. */
	if ((rc = cli_parse(&top, argc, argv, 1, &c, &first, &nargs)))
		return rc;
	if (!nargs)
		return cli_fail(HWPC_EINPUT, "no command (pcsim --help lists them)");
	const char *name = argv[first];
	const struct sub *sub = NULL;
	const char *names[sizeof subs / sizeof subs[0] - 1];
	for (size_t i = 0; i < nsubs; i++) {
		names[i] = subs[i].name;
		if (!strcmp(name, subs[i].name))
			sub = &subs[i];
	}
	if (!sub) {
		const char *near = cli_nearest(name, names, nsubs);
		if (near)
			return cli_fail(HWPC_EINPUT, "unknown command '%s' (did you mean %s?)", name, near);
		return cli_fail(HWPC_EINPUT, "unknown command '%s' (pcsim --help lists them)", name);
	}
	/* After it: its own options and pcsim's, in any order with its arguments. */
	char title[64], forms[4][160];
	const char *sub_usage[5] = { NULL };
	for (size_t f = 0; f < 4 && sub->args[f]; f++) {
		snprintf(forms[f], sizeof forms[f], "pcsim [OPTIONS] %s%s%s", sub->name, *sub->args[f] ? " " : "",
			 sub->args[f]);
		sub_usage[f] = forms[f];
	}
	snprintf(title, sizeof title, "pcsim %s", sub->name);
	const struct cli_cmd subcmd = {
		.name = title, .usage = sub_usage, .about = sub->help, .opts = sub->opts ? sub->opts : none,
		.more = global, .more_heading = "Options of pcsim:", .max_args = -1,
	};
	if ((rc = cli_parse(&subcmd, argc, argv, first + 1, &c, &first, &nargs)))
		return rc;
	c.argc = nargs;
	c.argv = argv + first;
	return sub->run ? sub->run(&c) : with_device(&c, sub->fn);
}
