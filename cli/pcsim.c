/* pcsim: drive the simulator - create and reset simulated GPUs, move their
 * clock, show their state.  See pcsim(1). */
#include "common/cli.h"

#include <errno.h>
#include <getopt.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char usage[] =
	"usage: pcsim [-d SPEC] [-v] [--format text|json|csv] COMMAND [ARGS]\n"
	"Drive the hwpc simulator.  SPEC is sim:CHIP[,key=value...] (default $HWPC_DEVICE).\n"
	"Commands:\n"
	"  create [SPEC]              create the simulated GPU's state (error if it exists)\n"
	"  reset [SPEC]               recreate it in its power-on state\n"
	"  advance DURATION           move simulated time forward (e.g. 10ms, 1.5s, 250ns)\n"
	"  advance --cycles N --clock CLOCK\n"
	"                             move forward N cycles of CLOCK (nvclk, mclk, hclk, tclk, crystal)\n"
	"  advance --cycles N --domain DOM\n"
	"                             move forward until PCOUNTER domain DOM has run N more cycles\n"
	"  time                       print the simulated time\n"
	"  show [pcounter|DOM]        print the whole simulated state, or only PCOUNTER domains\n"
	"  rate EVENT RATE            R10000/R12000: events per second (1000, 2.5M/s) or per cycle (0.5/cycle)\n"
	"  cpu-mode MODE              R10000/R12000: run in user, kernel, exl, supervisor or erl mode\n"
	"  signal DOM SIG GEN [K=V..] drive a signal: const 0|1, periodic period=N [duty=N] [phase=N],\n"
	"                             random p=P [seed=N], ptimer [bit=N]\n"
	"  trace DOM FILE             drive signals of DOM from a trace file\n"
	"  pulse pm_trigger|wrcache_flush\n"
	"                             a one-cycle PGRAPH pulse in every domain\n"
	"  reg NAME|ADDR[=VALUE]...   read or write registers (MMIO, as the chip sees it)\n"
	"  list                       list the chipsets that can be simulated\n"
	"  ts COMMAND [ARGS]          Tensix timestamper: one command (ts32 TOKEN, ts64, ts96,\n"
	"                             ts128, flush, flush64, flush96, raw V, cntl, status,\n"
	"                             buf N START END, advance N|DURATION)\n"
	"  script FILE                Tensix timestamper: the commands in FILE, one a line (- stdin)\n"
	"  dump FILE [ADDR [LENGTH]]  write simulated memory (Tensix L1, record buffers; default:\n"
	"                             all of the first region) to FILE (- for stdout)\n"
	"Options:\n"
	"  -d, --device SPEC   the simulated GPU, e.g. sim:g84,clock=virtual\n"
	"  -v, --verbose       report accesses to registers the chip does not have\n"
	"      --format FMT    text (default), json or csv\n"
	"  -h, --help, -V, --version\n";

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
		if (hwpc_parse_duration_ns(c->argv[0], 1, 0, "advance", &ns, &err))
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

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "device", required_argument, NULL, 'd' }, { "verbose", no_argument, NULL, 'v' },
		{ "format", required_argument, NULL, 'F' }, { "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },      { "cycles", required_argument, NULL, 'C' },
		{ "clock", required_argument, NULL, 'K' },  { "domain", required_argument, NULL, 'D' },
		{ NULL, 0, NULL, 0 },
	};
	struct ctx c = { 0 };
	struct hwpc_err err;
	int opt;

	cli_init("pcsim");
	opterr = 0;
	/* Options may come before or after the command. */
	while ((opt = getopt_long(argc, argv, ":d:vhV", longopts, NULL)) != -1) {
		switch (opt) {
		case 'C': c.cycles = optarg; break;
		case 'K': c.clock = optarg; break;
		case 'D': c.domain = optarg; break;
		case 'd': c.device = optarg; break;
		case 'v': c.verbose = true; break;
		case 'F':
			if (hwpc_format_parse(optarg, &c.fmt, &err))
				return cli_fail_err(&err);
			if (c.fmt == HWPC_FMT_TRACE)
				return cli_fail(HWPC_EINPUT, "--format trace is not supported by pcsim");
			break;
		case 'h': fputs(usage, stdout); return 0;
		case 'V': cli_version(); return 0;
		default: return cli_bad_option(opt, argv);
		}
	}
	if (optind >= argc)
		return cli_fail(HWPC_EINPUT, "no command (pcsim --help lists them)");
	const char *cmd = argv[optind];
	c.argc = argc - optind - 1;
	c.argv = argv + optind + 1;
	if ((c.cycles || c.clock || c.domain) && strcmp(cmd, "advance"))
		return cli_fail(HWPC_EINPUT, "--cycles, --clock and --domain belong to advance");
	if (!strcmp(cmd, "create") || !strcmp(cmd, "reset"))
		return cmd_create_or_reset(&c, !strcmp(cmd, "reset"));
	if (!strcmp(cmd, "list"))
		return cmd_list(&c);
	if (!strcmp(cmd, "advance"))
		return with_device(&c, do_advance);
	if (!strcmp(cmd, "time"))
		return with_device(&c, do_time);
	if (!strcmp(cmd, "show"))
		return with_device(&c, do_show);
	if (!strcmp(cmd, "signal"))
		return with_device(&c, do_signal);
	if (!strcmp(cmd, "trace"))
		return with_device(&c, do_trace);
	if (!strcmp(cmd, "pulse"))
		return with_device(&c, do_pulse);
	if (!strcmp(cmd, "reg"))
		return with_device(&c, do_reg);
	if (!strcmp(cmd, "rate"))
		return with_device(&c, do_rate);
	if (!strcmp(cmd, "cpu-mode"))
		return with_device(&c, do_cpu_mode);
	if (!strcmp(cmd, "ts"))
		return with_device(&c, do_ts);
	if (!strcmp(cmd, "script"))
		return with_device(&c, do_script);
	if (!strcmp(cmd, "dump"))
		return with_device(&c, do_dump);
	return cli_fail(HWPC_EINPUT, "unknown command '%s' (pcsim --help lists them)", cmd);
}
