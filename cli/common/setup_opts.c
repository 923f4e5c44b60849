/* SPDX-License-Identifier: MIT */
/* The PCOUNTER setup options as options of a command (setup_opts.h). */
#include "setup_opts.h"

#include <string.h>

/* --help's words for the library's setup options (hwpc_pc_setup_option_names
 * says which there are; one missing here is listed with a pointer to the
 * manual). */
static const struct {
	const char *name, *arg, *help;
	unsigned flags;
} setup_help[] = {
	{ "mode", "M", "single (default), quad or record", 0 },
	{ "counter-mode", "M", "SIMPLE, EVENT_B4, EVENT_B6, EXTRA_B4, EXTRA_B6_EVENT_B2", 0 },
	{ "bits", "LIST", "the signals of the counter mode's integer(s), low bit first", 0 },
	{ "pre", "EXPR", "the PRE input expression (hwpc-expr(7))", 0 },
	{ "start", "EXPR", "the START input expression", 0 },
	{ "event", "EXPR", "the EVENT input expression (R10000/R12000: the event, NAME|NUM)", 0 },
	{ "stop", "EXPR", "the STOP input expression", 0 },
	{ "setflag", "EXPR", "the SETFLAG input expression", 0 },
	{ "clrflag", "EXPR", "the CLRFLAG input expression", 0 },
	{ "swap", "SIGNAL", "quad-mode SWAP signal (G84+; default pm_trigger)", 0 },
	{ "threshold", "N", "CTR_START counts periods with CTR_EVENT >= N (R10000: with --ie, after N)", 0 },
	{ "pre-count", "N", "PRE pulses before START counts (default 1)", 0 },
	{ "periods", "N", "counting periods (default 1)", 0 },
	{ "event-ctr-period", "one|all", "CTR_EVENT counts the last period or all (default one)", 0 },
	{ "event-import", "continuous|pulse", "how other domains' EVENT signals are synchronised", 0 },
	{ "flag-import", "continuous|pulse", "how other domains' FLAG signals are synchronised", 0 },
	{ "periodic", "off|1K|...|64K", "the PERIODIC signal's period in clocks (G84+)", 0 },
	{ "record-start", "ADDR", "record mode: the buffer's first address", 0 },
	{ "record-limit", "ADDR", "record mode: the address of its last packet", 0 },
	{ "record-high", "N", "record mode: bits 32-39 of the buffer address (G92+)", 0 },
	{ "record-format", "long|short", "record mode: 32-byte (default) or 16-byte packets", 0 },
	{ "record-signals", "LIST", "the record counters' signals, in packet order", 0 },
	{ "user", "VALUE[:PULSE]", "set the USER signals (bit i: USER_i)", 0 },
	{ "reset", "record|periodic", "pulse the domain set's reset bit around the setup (repeatable)", CLI_REPEAT },
	{ "reg", "NAME|ADDR=VALUE[:MASK]", "a raw write, read back (repeatable; without -D: any register)", CLI_REPEAT },
};

void cli_setup_table(struct cli_opt *table, size_t max, const struct cli_opt *head, size_t nhead,
		     const struct cli_opt *tail, size_t ntail, cli_opt_fn call, const char *const *skip)
{
	const char *const *names = hwpc_pc_setup_option_names();
	size_t n = 0;
	for (size_t i = 0; i < nhead && n + 1 + ntail < max; i++)
		table[n++] = head[i];
	for (size_t i = 0; names[i] && n + 1 + ntail < max; i++) {
		bool skipped = false;
		for (size_t k = 0; skip && skip[k]; k++)
			skipped |= !strcmp(skip[k], names[i]);
		if (skipped)
			continue;
		struct cli_opt so = { .kind = CLI_CALL, .lname = names[i], .arg = "VALUE", .call = call,
				      .help = "a setup option (pcsetup(1))" };
		for (size_t k = 0; k < sizeof setup_help / sizeof setup_help[0]; k++)
			if (!strcmp(setup_help[k].name, names[i])) {
				so.arg = setup_help[k].arg;
				so.help = setup_help[k].help;
				so.flags = setup_help[k].flags;
			}
		table[n++] = so;
	}
	for (size_t i = 0; i < ntail && n + 1 < max; i++)
		table[n++] = tail[i];
	table[n] = (struct cli_opt){ .kind = CLI_END };
}
