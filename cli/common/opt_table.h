/* SPDX-License-Identifier: MIT */
/* What a command declares to the option parser (opt.h) and to its --help
 * (opt_help.h): its options, the relations between them and its usage.
 * Apart from both, so the help is made from the table without calling
 * back into the parser that prints it. */
#ifndef HWPC_CLI_OPT_TABLE_H
#define HWPC_CLI_OPT_TABLE_H

#include "cli.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

enum cli_opt_kind {
	CLI_END,      /* ends a table */
	CLI_GROUP,    /* a heading in --help (help is the heading) */
	CLI_FLAG,     /* bool *dest = true */
	CLI_STR,      /* const char **dest = the value */
	CLI_DURATION, /* uint64_t *dest = the value in ns (> 0) */
	CLI_COUNT,    /* uint64_t *dest = the value, 1..UINT32_MAX */
	CLI_FORMAT,   /* enum hwpc_format *dest; .formats says which */
	CLI_LIST,     /* const char *dest[.max], *.count: repeatable */
	CLI_CALL,     /* .call(opt, value, ctx) does the work */
	CLI_HELP,     /* print the generated help, exit 0 */
	CLI_VERSION,  /* print "PROG (hwpc) VERSION", exit 0 */
};

enum {
	CLI_REPEAT = 1u << 0, /* may be given more than once (different values) */
};

struct cli_opt;
typedef int (*cli_opt_fn)(const struct cli_opt *opt, const char *value, void *ctx);

struct cli_opt {
	enum cli_opt_kind kind;
	char sname;         /* short name, or 0 */
	const char *lname;  /* long name without "--", or NULL */
	const char *arg;    /* the value's name in --help; NULL: takes no value */
	const char *help;   /* one line; NULL: not listed in --help */
	void *dest;
	unsigned flags;     /* CLI_REPEAT */
	bool *seen;         /* set when given (optional) */
	const char *noun;   /* "-d: empty device spec" (default "value") */
	unsigned formats;   /* CLI_FORMAT: CLI_FMT(HWPC_FMT_TEXT) | ... */
	unsigned max;       /* CLI_LIST: capacity of dest */
	unsigned *count;    /* CLI_LIST: how many are in dest */
	cli_opt_fn call;    /* CLI_CALL */
};

#define CLI_FMT(f) (1u << (f))
#define CLI_FMT_RECORDS (CLI_FMT(HWPC_FMT_TEXT) | CLI_FMT(HWPC_FMT_CSV) | CLI_FMT(HWPC_FMT_JSON))
#define CLI_FMT_ALL (CLI_FMT_RECORDS | CLI_FMT(HWPC_FMT_TRACE))

/* The options every command shares, declared once. */
#define CLI_OPT_DEVICE_HELP(p, text) \
	{ .kind = CLI_STR, .sname = 'd', .lname = "device", .arg = "SPEC", .dest = (p), .noun = "device spec", .help = (text) }
#define CLI_OPT_DEVICE(p) CLI_OPT_DEVICE_HELP(p, "0, 01:00.0 or sim:CHIP[,key=value...] (default $HWPC_DEVICE)")
#define CLI_OPT_FORMAT(p, fmts, text)                                                                     \
	{ .kind = CLI_FORMAT, .lname = "format", .arg = "FMT", .dest = (p), .formats = (fmts), .noun = "format", \
	  .help = (text) }
#define CLI_OPT_OUTPUT(p, text) \
	{ .kind = CLI_STR, .sname = 'o', .lname = "output", .arg = "FILE", .dest = (p), .noun = "file name", .help = (text) }
#define CLI_OPT_VERBOSE(p, text) { .kind = CLI_FLAG, .sname = 'v', .lname = "verbose", .dest = (p), .help = (text) }
#define CLI_OPT_INTERVAL(p, sp)                                                                          \
	{ .kind = CLI_DURATION, .sname = 'i', .lname = "interval", .arg = "DUR", .dest = (p), .seen = (sp), \
	  .noun = "duration", .help = "sample every DUR (10ms, 50us, 1.5s)" }
#define CLI_OPT_COUNT(p, sp)                                                                             \
	{ .kind = CLI_COUNT, .sname = 'n', .lname = "count", .arg = "N", .dest = (p), .seen = (sp), .noun = "count", \
	  .help = "number of samples with -i (default: until interrupted)" }
#define CLI_OPT_HELP { .kind = CLI_HELP, .sname = 'h', .lname = "help", .help = "print this help" }
#define CLI_OPT_VERSION { .kind = CLI_VERSION, .sname = 'V', .lname = "version", .help = "print the version" }
#define CLI_OPT_END { .kind = CLI_END }

/* A relation between options, named as in messages ("-i", "--measure"). */
enum cli_rel_kind {
	CLI_CONFLICT, /* a cannot be combined with any of b: "A and B cannot be combined" */
	CLI_NEEDS,    /* a needs one of b: "A needs B" / "A needs B or C" */
};

struct cli_rel {
	enum cli_rel_kind kind;
	const char *a;   /* one or more names, each related to b alike; "--": -- COMMAND */
	const char *b;   /* one or more names, separated by spaces */
	const char *why; /* appended after ": " (optional) */
};

struct cli_cmd {
	const char *name;               /* "ptime", "pcsim advance" */
	const char *const *usage;       /* usage lines, NULL-terminated */
	const char *about;              /* one line under the usage */
	/* Lists subcommands in --help, between the about line and the options. */
	void (*list)(FILE *fp, const void *arg);
	const void *list_arg;
	const char *opts_heading;       /* printed before the options (optional) */
	const struct cli_opt *opts;     /* ends with CLI_OPT_END */
	const struct cli_opt *more;     /* a second table, listed after the first (optional) */
	const char *more_heading;       /* its heading in --help */
	const struct cli_rel *rels;     /* ends with { 0 } (a == NULL) */
	const char *footer;             /* printed after the options (optional) */
	/* Positional arguments: at most this many; -1: any number. */
	int max_args;
	/* Positional arguments only after "--" (ptime's command). */
	bool args_after_dashdash;
	/* Stop at the first positional argument (pcsim's subcommand). */
	bool stop_at_arg;
	/* Optional: set to the number of positional arguments before "--",
	 * or -1 when there was none (pcread's command after "--"). */
	int *dashdash_at;
};

#endif
