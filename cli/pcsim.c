/* pcsim: drive the simulator - create and reset simulated GPUs, move their
 * clock, show their state.  See pcsim(1). */
#include "common/opt.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct ctx {
	const char *device;
	const char *cycles, *clock, *domain; /* advance --cycles N --clock CLOCK|--domain DOM */
	bool verbose;
	enum hwpc_format fmt;
	int argc;
	char **argv;
};

static int with_device(struct ctx *c, int (*fn)(struct ctx *, struct hwpc_dev *, struct hwpc_out *))
{
	struct hwpc_regdb *db;
	struct hwpc_dev *dev;
	struct hwpc_err err;
	struct hwpc_devspec spec;
	int rc;

	if (hwpc_devspec_parse(c->device, &spec, &err))
		return cli_fail_err(&err);
	if (spec.kind != HWPC_DEV_SIM)
		return cli_fail(HWPC_EINPUT, "pcsim needs a simulated device (-d sim:CHIP), not '%s'",
				c->device ? c->device : getenv("HWPC_DEVICE") ? getenv("HWPC_DEVICE") : "0");
	if ((rc = cli_open(c->device, HWPC_OPEN_WRITE, &db, &dev)))
		return rc;
	hwpc_sim_set_verbose(dev, c->verbose);
	struct hwpc_out *o = hwpc_out_new(stdout, c->fmt, &err);
	rc = o ? fn(c, dev, o) : cli_fail_err(&err);
	if (o && hwpc_out_finish(o, &err) && !rc)
		rc = cli_fail_err(&err);
	hwpc_out_free(o);
	cli_close(db, dev);
	return rc;
}

static int cmd_create_or_reset(struct ctx *c, bool reset)
{
	struct hwpc_regdb *db;
	struct hwpc_err err;
	const char *spec = c->device;

	const char *name = reset ? "reset" : "create";
	if (c->argc > 1)
		return cli_fail(HWPC_EINPUT, "%s: too many arguments", name);
	if (c->argc == 1) {
		if (c->device)
			return cli_fail(HWPC_EINPUT, "%s: give the spec either with -d or as an argument", name);
		spec = c->argv[0];
	}
	if (!spec)
		spec = getenv("HWPC_DEVICE");
	if (!spec || strncmp(spec, "sim:", 4))
		return cli_fail(HWPC_EINPUT, "%s needs a simulator spec such as sim:g84", name);
	if (hwpc_regdb_load(&db, &err))
		return cli_fail_err(&err);
	int rc = hwpc_sim_create(spec, reset, db, &err) ? cli_fail_err(&err) : 0;
	hwpc_regdb_free(db);
	return rc;
}

static int do_advance(struct ctx *c, struct hwpc_dev *dev, struct hwpc_out *o)
{
	struct hwpc_err err;
	uint64_t ns = 0;

	if (c->argc == 1 && !c->cycles && !c->clock) {
		if (hwpc_parse_duration_ns(c->argv[0], 0, "advance", &ns, &err))
			return cli_fail_err(&err);
	} else if (c->argc == 0 && c->cycles && c->clock && !c->domain) {
		uint64_t n;
		if (hwpc_parse_u64(c->cycles, UINT64_MAX, "advance --cycles", &n, &err) ||
		    hwpc_sim_cycles_to_ns(dev, c->clock, n, &ns, &err))
			return cli_fail_err(&err);
		if (n == 0)
			return cli_fail(HWPC_EINPUT, "advance --cycles: must be at least 1");
	} else if (c->argc == 0 && c->cycles && c->domain && !c->clock) {
		uint64_t n;
		unsigned dom;
		if (hwpc_parse_u64(c->cycles, UINT64_MAX, "advance --cycles", &n, &err) ||
		    hwpc_sim_pc_domain(dev, c->domain, &dom, &err))
			return cli_fail_err(&err);
		if (n == 0)
			return cli_fail(HWPC_EINPUT, "advance --cycles: must be at least 1");
		if (hwpc_sim_pc_advance_cycles(dev, dom, n, &err))
			return cli_fail_err(&err);
		goto done;
	} else {
		return cli_fail(HWPC_EINPUT,
				"advance: expected DURATION, --cycles N --clock CLOCK or --cycles N --domain DOM");
	}
	if (hwpc_sim_advance_ns(dev, ns, &err))
		return cli_fail_err(&err);
done:
	hwpc_out_begin(o);
	hwpc_out_u64(o, "time_ns", hwpc_sim_now_ns(dev));
	return hwpc_out_end(o, &err) ? cli_fail_err(&err) : 0;
}

static int do_time(struct ctx *c, struct hwpc_dev *dev, struct hwpc_out *o)
{
	struct hwpc_err err;
	if (c->argc)
		return cli_fail(HWPC_EINPUT, "time takes no arguments");
	hwpc_out_begin(o);
	hwpc_out_u64(o, "time_ns", hwpc_sim_now_ns(dev));
	hwpc_out_str(o, "clock", hwpc_sim_is_virtual(dev) ? "virtual" : "realtime");
	return hwpc_out_end(o, &err) ? cli_fail_err(&err) : 0;
}

static int do_show(struct ctx *c, struct hwpc_dev *dev, struct hwpc_out *o)
{
	struct hwpc_err err;
	unsigned dom;
	if (c->argc > 1)
		return cli_fail(HWPC_EINPUT, "show: expected at most one of pcounter or DOM");
	if (c->argc == 0) {
		if (hwpc_sim_show(dev, o, &err))
			return cli_fail_err(&err);
		if (hwpc_sim_pc_domain_count(dev) && hwpc_sim_pc_show(dev, o, -1, &err))
			return cli_fail_err(&err);
		return 0;
	}
	if (!strcmp(c->argv[0], "pcounter"))
		return hwpc_sim_pc_show(dev, o, -1, &err) ? cli_fail_err(&err) : 0;
	if (hwpc_sim_pc_domain(dev, c->argv[0], &dom, &err) || hwpc_sim_pc_show(dev, o, (int)dom, &err))
		return cli_fail_err(&err);
	return 0;
}

static int do_signal(struct ctx *c, struct hwpc_dev *dev, struct hwpc_out *o)
{
	struct hwpc_err err;
	struct hwpc_sim_gen g;
	unsigned dom, sig;
	if (c->argc < 3)
		return cli_fail(HWPC_EINPUT, "signal: expected DOM SIG GENERATOR [PARAM=VALUE...]");
	if (hwpc_sim_pc_domain(dev, c->argv[0], &dom, &err) || hwpc_sim_pc_signal(dev, dom, c->argv[1], &sig, &err) ||
	    hwpc_sim_gen_parse(c->argc - 2, c->argv + 2, &g, &err) || hwpc_sim_pc_set_gen(dev, dom, sig, &g, &err))
		return cli_fail_err(&err);
	return 0;
}

static int do_trace(struct ctx *c, struct hwpc_dev *dev, struct hwpc_out *o)
{
	struct hwpc_err err;
	unsigned dom;
	if (c->argc != 2)
		return cli_fail(HWPC_EINPUT, "trace: expected DOM FILE");
	if (hwpc_sim_pc_domain(dev, c->argv[0], &dom, &err) || hwpc_sim_pc_load_trace(dev, dom, c->argv[1], &err))
		return cli_fail_err(&err);
	return 0;
}

static int do_pulse(struct ctx *c, struct hwpc_dev *dev, struct hwpc_out *o)
{
	struct hwpc_err err;
	if (c->argc != 1)
		return cli_fail(HWPC_EINPUT, "pulse: expected pm_trigger or wrcache_flush");
	return hwpc_sim_pc_pulse(dev, c->argv[0], &err) ? cli_fail_err(&err) : 0;
}

/* Raw MMIO, exactly as the chip sees it: a register by name, or an address
 * (written even where regdb has no register, so -v shows what the chip
 * ignores). */
static int do_reg(struct ctx *c, struct hwpc_dev *dev, struct hwpc_out *o)
{
	struct hwpc_err err;
	if (c->argc < 1)
		return cli_fail(HWPC_EINPUT, "reg: expected NAME|ADDR[=VALUE]...");
	for (int i = 0; i < c->argc; i++) {
		char name[128];
		const char *eq = strchr(c->argv[i], '=');
		size_t n = eq ? (size_t)(eq - c->argv[i]) : strlen(c->argv[i]);
		uint64_t v = 0, a;
		uint32_t addr, val;
		if (n >= sizeof name)
			return cli_fail(HWPC_EINPUT, "reg: name too long: %s", c->argv[i]);
		memcpy(name, c->argv[i], n);
		name[n] = 0;
		if (eq && hwpc_parse_u64(eq + 1, UINT32_MAX, name, &v, &err))
			return cli_fail_err(&err);
		if (name[0] >= '0' && name[0] <= '9') {
			if (hwpc_parse_u64(name, UINT32_MAX, "reg ADDR", &a, &err))
				return cli_fail_err(&err);
			addr = (uint32_t)a;
		} else if (hwpc_reg_lookup(dev, name, &addr, &err)) {
			return cli_fail_err(&err);
		}
		if (eq) {
			dev->flags |= HWPC_OPEN_FORCE;
			if (hwpc_wr32(dev, addr, (uint32_t)v))
				return cli_fail_err(&dev->err);
			continue;
		}
		if (hwpc_rd32(dev, addr, &val))
			return cli_fail_err(&dev->err);
		hwpc_out_begin(o);
		hwpc_out_str(o, "reg", name);
		hwpc_out_hex(o, "addr", addr, 6);
		hwpc_out_hex32(o, "value", val);
		if (hwpc_out_end(o, &err))
			return cli_fail_err(&err);
	}
	return 0;
}

static int do_rate(struct ctx *c, struct hwpc_dev *dev, struct hwpc_out *o)
{
	struct hwpc_err err;
	if (c->argc != 2)
		return cli_fail(HWPC_EINPUT, "rate: expected EVENT RATE (e.g. rate 9 1000/s)");
	return hwpc_sim_r10k_set_rate(dev, c->argv[0], c->argv[1], &err) ? cli_fail_err(&err) : 0;
}

static int do_cpu_mode(struct ctx *c, struct hwpc_dev *dev, struct hwpc_out *o)
{
	struct hwpc_err err;
	if (c->argc != 1)
		return cli_fail(HWPC_EINPUT, "cpu-mode: expected user, kernel, exl, supervisor or erl");
	return hwpc_sim_r10k_set_mode(dev, c->argv[0], &err) ? cli_fail_err(&err) : 0;
}

/* What a timestamper command or script leaves behind. */
static int tensix_report(struct hwpc_tensix *t, struct hwpc_out *o)
{
	struct hwpc_err err;
	uint32_t status;
	if (hwpc_reg_read(t->dev, "RISCV_DEBUG_REG.TIMESTAMP_STATUS", &status, &err))
		return cli_fail_err(&err);
	hwpc_out_begin(o);
	hwpc_out_u64(o, "commands", t->commands);
	hwpc_out_u64(o, "time_ns", hwpc_sim_now_ns(t->dev));
	hwpc_out_hex32(o, "status", status);
	return hwpc_out_end(o, &err) ? cli_fail_err(&err) : 0;
}

static int do_ts(struct ctx *c, struct hwpc_dev *dev, struct hwpc_out *o)
{
	struct hwpc_tensix t;
	struct hwpc_err err;
	char line[512];
	size_t used = 0;

	if (c->argc == 0)
		return cli_fail(HWPC_EINPUT, "ts: expected a command such as 'ts32 5' (pcsim --help)");
	for (int i = 0; i < c->argc; i++) {
		size_t n = strlen(c->argv[i]);
		if (used + n + 2 > sizeof line)
			return cli_fail(HWPC_EINPUT, "ts: command too long");
		memcpy(line + used, c->argv[i], n);
		used += n;
		line[used++] = ' ';
	}
	line[used] = 0;
	if (hwpc_tensix_init(&t, dev, &err) || hwpc_tensix_command(&t, line, &err))
		return cli_fail_err(&err);
	return tensix_report(&t, o);
}

static int do_script(struct ctx *c, struct hwpc_dev *dev, struct hwpc_out *o)
{
	struct hwpc_tensix t;
	struct hwpc_err err;
	if (c->argc != 1)
		return cli_fail(HWPC_EINPUT, "script: expected one FILE (- for stdin)");
	const char *name = c->argv[0];
	bool std = !strcmp(name, "-");
	if (hwpc_tensix_init(&t, dev, &err))
		return cli_fail_err(&err);
	FILE *fp = std ? stdin : fopen(name, "r");
	if (!fp)
		return cli_fail(HWPC_EOP, "cannot read %s: %s", name, strerror(errno));
	int rc = hwpc_tensix_script(&t, fp, std ? "<stdin>" : name, &err);
	if (!std)
		fclose(fp);
	return rc ? cli_fail_err(&err) : tensix_report(&t, o);
}

static int do_dump(struct ctx *c, struct hwpc_dev *dev, struct hwpc_out *o)
{
	struct hwpc_err err;
	struct hwpc_sim_mem mem;
	uint64_t addr, len;

	if (c->argc < 1 || c->argc > 3)
		return cli_fail(HWPC_EINPUT, "dump: expected FILE [ADDR [LENGTH]]");
	if (hwpc_sim_mem_list(dev, &mem, 1) == 0)
		return cli_fail(HWPC_EINPUT, "dump: the simulated %s has no memory to dump", dev->chip->name);
	addr = mem.base;
	len = mem.size;
	if (c->argc > 1) {
		if (hwpc_parse_u64(c->argv[1], UINT64_MAX, "dump ADDR", &addr, &err))
			return cli_fail_err(&err);
		len = addr >= mem.base && addr - mem.base < mem.size ? mem.size - (addr - mem.base) : 0;
	}
	if (c->argc > 2 && hwpc_parse_u64(c->argv[2], UINT64_MAX, "dump LENGTH", &len, &err))
		return cli_fail_err(&err);
	if (len == 0 || len > SIZE_MAX)
		return cli_fail(HWPC_EINPUT, "dump: nothing to dump at 0x%llx (%s is 0x%llx..0x%llx)",
				(unsigned long long)addr, mem.name, (unsigned long long)mem.base,
				(unsigned long long)(mem.base + mem.size));
	void *buf = malloc((size_t)len);
	if (!buf)
		return cli_fail(HWPC_EOP, "dump: out of memory for %llu bytes", (unsigned long long)len);
	int rc = 0;
	if (hwpc_sim_mem_read(dev, addr, buf, (size_t)len, &err)) {
		free(buf);
		return cli_fail_err(&err);
	}
	const char *name = c->argv[0];
	bool std = !strcmp(name, "-");
	FILE *fp = std ? stdout : fopen(name, "wb");
	if (!fp || fwrite(buf, 1, (size_t)len, fp) != len || (std ? fflush(fp) : fclose(fp)))
		rc = cli_fail(HWPC_EOP, "cannot write %s: %s", name, strerror(errno));
	free(buf);
	if (rc || std)
		return rc; /* the report would mix with the bytes */
	hwpc_out_begin(o);
	hwpc_out_str(o, "file", name);
	hwpc_out_hex(o, "addr", addr, 8);
	hwpc_out_u64(o, "bytes", len);
	return hwpc_out_end(o, &err) ? cli_fail_err(&err) : 0;
}

static int cmd_list(struct ctx *c)
{
	struct hwpc_regdb *db;
	struct hwpc_err err;
	static const struct hwpc_col cols[] = { { "chipset", 8 }, { "family", 8 }, { "boot0", 10 },
						{ "pcounter", 8 } };
	if (c->argc)
		return cli_fail(HWPC_EINPUT, "list takes no arguments");
	if (hwpc_regdb_load(&db, &err))
		return cli_fail_err(&err);
	struct hwpc_out *o = hwpc_out_new(stdout, c->fmt, &err);
	int rc = !o || hwpc_out_table(o, cols, 4, &err);
	for (unsigned i = 0; !rc && i < hwpc_regdb_chipset_count(db); i++) {
		const struct hwpc_chipset *chip = hwpc_regdb_chipset(db, i);
		uint32_t boot0 = 0;
		bool has_pmc = hwpc_reg_find(db, chip, "PMC.BOOT_0", NULL) != NULL;
		if (has_pmc && !hwpc_chipset_boot0(db, chip, &boot0))
			continue; /* cannot be identified, so cannot be simulated */
		hwpc_out_begin(o);
		hwpc_out_str(o, "chipset", chip->name);
		hwpc_out_str(o, "family", chip->family);
		if (has_pmc)
			hwpc_out_hex32(o, "boot0", boot0);
		else
			hwpc_out_null(o, "boot0");
		const char *cls = hwpc_param_str(db, chip, "PCOUNTER.CLASS", NULL);
		if (cls)
			hwpc_out_str(o, "pcounter", cls);
		else
			hwpc_out_null(o, "pcounter");
		rc = hwpc_out_end(o, &err);
	}
	if (o && hwpc_out_finish(o, &err))
		rc = 1;
	rc = rc ? cli_fail_err(&err) : 0;
	hwpc_out_free(o);
	hwpc_regdb_free(db);
	return rc;
}

/* A subcommand: what it is called, how it runs (run without a device, or
 * fn with one), its own options, and its line in pcsim --help. */
struct sub {
	const char *name;
	const char *args[4]; /* its forms, after the name */
	const char *help;
	int (*run)(struct ctx *c);
	int (*fn)(struct ctx *, struct hwpc_dev *, struct hwpc_out *);
	const struct cli_opt *opts;
};

static int run_create(struct ctx *c)
{
	return cmd_create_or_reset(c, false);
}

static int run_reset(struct ctx *c)
{
	return cmd_create_or_reset(c, true);
}

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
	struct ctx c = { 0 };
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
		{ "create", { "[SPEC]" }, "create the simulated GPU's state (error if it exists)", run_create, NULL, NULL },
		{ "reset", { "[SPEC]" }, "recreate it in its power-on state", run_reset, NULL, NULL },
		{ "advance", { "DURATION", "--cycles N --clock CLOCK", "--cycles N --domain DOM" },
		  "move simulated time forward (10ms, 1.5s, 250ns), or by cycles", NULL, do_advance, advance_opts },
		{ "time", { "" }, "print the simulated time", NULL, do_time, NULL },
		{ "show", { "[pcounter|DOM]" }, "print the whole simulated state, or only PCOUNTER domains", NULL, do_show,
		  NULL },
		{ "rate", { "EVENT RATE" }, "R10000/R12000: events per second (1000/s, 2.5M/s) or per cycle (0.5/cycle)",
		  NULL, do_rate, NULL },
		{ "cpu-mode", { "MODE" }, "R10000/R12000: run in user, kernel, exl, supervisor or erl mode", NULL,
		  do_cpu_mode, NULL },
		{ "signal", { "DOM SIG GEN [K=V...]" },
		  "drive a signal: const 0|1, periodic period=N [duty=N] [phase=N], random p=P [seed=N], ptimer [bit=N]",
		  NULL, do_signal, NULL },
		{ "trace", { "DOM FILE" }, "drive signals of DOM from a trace file", NULL, do_trace, NULL },
		{ "pulse", { "pm_trigger|wrcache_flush" }, "a one-cycle PGRAPH pulse in every domain", NULL, do_pulse, NULL },
		{ "reg", { "NAME|ADDR[=VALUE]..." }, "read or write registers (MMIO, as the chip sees it)", NULL, do_reg,
		  NULL },
		{ "list", { "" }, "list the chipsets that can be simulated", cmd_list, NULL, NULL },
		{ "ts", { "COMMAND [ARGS]" },
		  "Tensix timestamper: one command (ts32 TOKEN, ts64, ts96, ts128, flush, flush64, flush96, raw V, "
		  "cntl, status, buf N START END, advance DURATION|Nt)", NULL, do_ts, NULL },
		{ "script", { "FILE" }, "Tensix timestamper: the commands in FILE, one a line (- stdin)", NULL, do_script,
		  NULL },
		{ "dump", { "FILE [ADDR [LENGTH]]" },
		  "write simulated memory (Tensix L1, record buffers; default: all of the first region) to FILE (- stdout)",
		  NULL, do_dump, NULL },
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
