/* SPDX-License-Identifier: MIT */
/* tsdump: decode Tensix timestamp streams and PCOUNTER record buffers from a
 * file or a device, and report every loss.  See tsdump(1). */
#include "tsdump_input.h"
#include "tsdump_mmiotrace.h"
#include "tsdump_opts.h"

#include "common/devices.h"
#include "common/opt.h"
#include "common/outfile.h"
#include "core/core_cmd.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const usage[] = {
	"tsdump [OPTIONS] FILE|-",
	"tsdump [OPTIONS] -d SPEC",
	NULL,
};

static int parse_bounds(const char *opt, const char *s, uint32_t *start, uint32_t *end)
{
	struct hwpc_err err;
	char buf[64];
	uint64_t a, b;
	const char *colon = strchr(s, ':');
	if (!colon || (size_t)(colon - s) >= sizeof buf)
		return cli_fail(HWPC_EINPUT, "%s: expected START:END in 16-byte units, got '%s'", opt, s);
	memcpy(buf, s, (size_t)(colon - s));
	buf[colon - s] = 0;
	if (hwpc_parse_u64(buf, UINT32_MAX, opt, &a, &err) || hwpc_parse_u64(colon + 1, UINT32_MAX, opt, &b, &err))
		return cli_fail_err(&err);
	*start = (uint32_t)a;
	*end = (uint32_t)b;
	return 0;
}

static int parse_u32(const char *opt, const char *s, uint32_t *out)
{
	struct hwpc_err err;
	uint64_t v;
	if (hwpc_parse_u64(s, UINT32_MAX, opt, &v, &err))
		return cli_fail_err(&err);
	*out = (uint32_t)v;
	return 0;
}

/* The options whose values need more than a copy. */
static int set_opt(const struct cli_opt *opt, const char *v, void *ctx)
{
	struct tsdump_opts *o = ctx;
	struct hwpc_err err;
	const char *name = opt->lname;

	if (!strcmp(name, "format")) {
		/* A setup file is --mmiotrace's own output; the record formats
		 * are everyone's. */
		o->setup_fmt = !strcmp(v, "setup");
		if (!o->setup_fmt && hwpc_format_parse(v, &o->fmt, &err))
			return cli_fail(HWPC_EINPUT, "--format: unknown format '%s' (tsdump takes text, csv, json, trace "
					"or setup)", v);
	} else if (!strcmp(name, "threads")) {
		uint64_t n;
		if (hwpc_parse_u64(v, HWPC_TSDUMP_MAX_THREADS, "--threads", &n, &err))
			return cli_fail_err(&err);
		if (!n)
			return cli_fail(HWPC_EINPUT, "--threads: 0 threads cannot decode anything (1 to %d)",
					HWPC_TSDUMP_MAX_THREADS);
		o->threads = (unsigned)n;
	} else if (!strcmp(name, "status")) {
		if (parse_u32("--status", v, &o->status))
			return HWPC_EINPUT;
		o->lay.have_status = true;
	} else if (!strcmp(name, "buf0") || !strcmp(name, "buf1")) {
		int b = name[3] == '1';
		if (parse_bounds(b ? "--buf1" : "--buf0", v, &o->lay.start[b], &o->lay.end[b]))
			return HWPC_EINPUT;
		o->lay.valid[b] = true;
	} else if (!strcmp(name, "cntl")) {
		if (parse_u32("--cntl", v, &o->cntl))
			return HWPC_EINPUT;
		o->have_cntl = true;
	} else if (!strcmp(name, "bar0")) {
		if (hwpc_parse_u64(v, UINT64_MAX, "--bar0", &o->bar0, &err))
			return cli_fail_err(&err);
		o->have_bar0 = true;
	} else if (!strcmp(name, "l1-base")) {
		if (hwpc_parse_u64(v, UINT64_MAX, "--l1-base", &o->l1_base, &err))
			return cli_fail_err(&err);
	} else if (!strcmp(name, "record")) {
		o->rec_auto = !strcmp(v, "auto");
		if (!o->rec_auto && hwpc_rec_format_parse(v, &o->rec_fmt, &err))
			return cli_fail(HWPC_EINPUT, "--record: %s", err.msg);
		o->record = true;
	} else if (!strcmp(name, "hz")) {
		char *end;
		errno = 0;
		o->hz = strtod(v, &end);
		if (*end == 'k' || *end == 'M' || *end == 'G')
			o->hz *= *end == 'k' ? 1e3 : *end == 'M' ? 1e6 : 1e9, end++;
		if (errno || *end || !(o->hz > 0) || o->hz > 1e15)
			return cli_fail(HWPC_EINPUT, "--hz: bad frequency '%s' (e.g. 1G or 100000000)", v);
	}
	return 0;
}

static int parse_args(int argc, char **argv, struct tsdump_opts *o)
{
	const struct cli_opt opts[] = {
		CLI_OPT_DEVICE_HELP(&o->device, "read L1, the buffer bounds and STATUS from a device (sim:tensix)"),
		{ .kind = CLI_CALL, .lname = "status", .arg = "VALUE", .call = set_opt,
		  .help = "TIMESTAMP_STATUS as read when FILE was dumped" },
		{ .kind = CLI_CALL, .lname = "buf0", .arg = "START:END", .call = set_opt, .noun = "bounds",
		  .help = "buffer 0's bounds in 16-byte units (END inclusive): FILE is an image of L1" },
		{ .kind = CLI_CALL, .lname = "buf1", .arg = "START:END", .call = set_opt, .noun = "bounds",
		  .help = "buffer 1's bounds, likewise" },
		{ .kind = CLI_CALL, .lname = "cntl", .arg = "VALUE", .call = set_opt,
		  .help = "TIMESTAMP_CNTL (which buffers are valid; default 3)" },
		{ .kind = CLI_CALL, .lname = "l1-base", .arg = "ADDR", .call = set_opt, .noun = "address",
		  .help = "L1 address of FILE's first byte (default 0)" },
		{ .kind = CLI_CALL, .lname = "record", .arg = "long|short|auto", .call = set_opt, .noun = "record format",
		  .help = "a PCOUNTER record buffer: FILE, or with -d the buffer of domain -D (auto: CTRL.RECORD_FORMAT)" },
		{ .kind = CLI_STR, .sname = 'D', .lname = "domain", .arg = "NAME", .dest = &o->domain, .noun = "domain",
		  .help = "with -d and --record: the PCOUNTER domain (pcread -D names)" },
		{ .kind = CLI_CALL, .lname = "format", .arg = "FMT", .call = set_opt, .noun = "format",
		  .help = "text (default), csv, json (JSON Lines), trace (Chrome trace); setup with --mmiotrace" },
		CLI_OPT_OUTPUT(&o->output, "write to FILE instead of standard output"),
		{ .kind = CLI_STR, .lname = "token-map", .arg = "FILE", .dest = &o->map, .noun = "file name",
		  .help = "token names, and begin/end pairs that become slices" },
		{ .kind = CLI_FLAG, .lname = "summary", .dest = &o->summary,
		  .help = "counts, time span, per-token statistics and losses only" },
		{ .kind = CLI_FLAG, .lname = "strict", .dest = &o->strict, .help = "exit 3 when data was lost or is suspect" },
		{ .kind = CLI_CALL, .sname = 'j', .lname = "threads", .arg = "N", .call = set_opt, .noun = "count",
		  .help = "threads for --summary of a large FILE (default: one per CPU)" },
		{ .kind = CLI_CALL, .lname = "hz", .arg = "HZ", .call = set_opt, .noun = "frequency",
		  .help = "counter ticks per second (default: the device's clock; for a file, one tick is 1 ns)" },
		{ .kind = CLI_GROUP, .help = "mmiotrace (the kernel's MMIO trace of a driver): --format, -o, --strict" },
		{ .kind = CLI_STR, .lname = "mmiotrace", .arg = "FILE", .dest = &o->mmiotrace, .noun = "file name",
		  .help = "name and decode every BAR0 access of FILE (- for standard input)" },
		{ .kind = CLI_STR, .lname = "chip", .arg = "CHIPSET", .dest = &o->chip, .noun = "chipset",
		  .help = "the traced card's chipset (default: from the trace's PMC.BOOT_0 reads)" },
		{ .kind = CLI_CALL, .lname = "bar0", .arg = "ADDR", .call = set_opt, .noun = "address",
		  .help = "the card's BAR0 physical address (default: from the trace's PCIDEV lines)" },
		CLI_OPT_HELP,
		CLI_OPT_VERSION,
		CLI_OPT_END,
	};
	static const struct cli_rel rels[] = {
		{ CLI_CONFLICT, "--record", "--status --buf0 --buf1 --cntl --l1-base --token-map",
		  "--record takes no Tensix options" },
		{ CLI_CONFLICT, "-d", "--status --buf0 --buf1 --cntl --l1-base",
		  "with -d the buffer bounds and STATUS come from the device" },
		{ CLI_NEEDS, "--l1-base", "--buf0 --buf1", NULL },
		{ CLI_NEEDS, "--cntl", "--buf0 --buf1",
		  "it says which buffers are valid; without them FILE is one plain stream" },
		{ 0 },
	};
	const struct cli_cmd cmd = {
		.name = "tsdump", .usage = usage, .opts = opts, .rels = rels, .max_args = 1,
		.about = "Decode a Tensix debug timestamper stream (raw L1 bytes, little-endian) or, with\n"
			 "--record, a PCOUNTER record buffer; report full, overflow and every lost word.",
	};
	int first, nargs, rc;

	if ((rc = cli_parse(&cmd, argc, argv, 1, o, &first, &nargs)))
		return rc;
	if (o->mmiotrace || o->chip || o->have_bar0 || o->setup_fmt)
		return tsdump_mmiotrace_args(o, nargs ? argv[first] : NULL);
	if (nargs)
		o->input = argv[first];
	if (!o->input && !o->device)
		return cli_fail(HWPC_EINPUT, "no input: give a FILE (- for standard input) or -d SPEC");
	if (o->input && o->device)
		return cli_fail(HWPC_EINPUT, "give either a FILE or -d SPEC, not both");
	if (o->device && o->record && !o->domain)
		return cli_fail(HWPC_EINPUT, "--record with -d needs -D DOMAIN (whose record buffer to read)");
	if (o->domain && !(o->device && o->record))
		return cli_fail(HWPC_EINPUT, "-D belongs to -d SPEC --record");
	if (o->rec_auto && !o->device)
		return cli_fail(HWPC_EINPUT, "--record auto reads the format from a device: give -d, or long|short");
	if (o->summary && o->fmt == HWPC_FMT_TRACE)
		return cli_fail(HWPC_EINPUT, "--summary is written as text, csv or json, not as a trace");
	o->lay.have_bufs = o->lay.valid[0] || o->lay.valid[1];
	o->have_layout = o->lay.have_bufs || o->lay.have_status;
	return 0;
}

/* With -d and no --record: the buffers' bounds, CNTL and STATUS, and the
 * counter clock unless --hz gave it. */
static int device_layout(struct tsdump_opts *o, struct hwpc_dev *dev)
{
	struct hwpc_tensix tx;
	struct hwpc_timer tm;
	struct hwpc_timer_rate rate;
	struct hwpc_err err;
	if (hwpc_tensix_init(&tx, dev, &err) || hwpc_tensix_read_layout(&tx, &o->lay, &err))
		return cli_fail_err(&err);
	if (!o->hz && !hwpc_timer_open(&tm, dev, &err) && !hwpc_timer_rate(&tm, 0, &rate, &err))
		o->hz = rate.tick_hz;
	o->have_layout = true;
	return 0;
}

static int load_tokmap(const char *file, struct hwpc_tokmap **map)
{
	struct hwpc_err err;
	FILE *fp = hwpc_input_fopen(file, "token map", &err);
	if (!fp)
		return cli_fail_err(&err);
	int rc = hwpc_tokmap_load(fp, file, map, &err);
	fclose(fp);
	return rc ? cli_fail_err(&err) : 0;
}

int main(int argc, char **argv)
{
	struct tsdump_opts o = { 0 };
	struct hwpc_regdb *db = NULL;
	struct hwpc_dev *dev = NULL;
	struct hwpc_tokmap *map = NULL;
	struct hwpc_tsdump *t = NULL;
	struct hwpc_err err;
	struct cli_devices devs = { 0 };
	struct cli_outfile of = { 0 };
	bool of_open = false;
	struct hwpc_pc_recbuf rb = { 0 };
	struct hwpc_rec_layout rec_lay;
	int rc;

	cli_init("tsdump");
	if ((rc = parse_args(argc, argv, &o)))
		return rc;
	if (o.mmiotrace)
		return tsdump_mmiotrace(&o);
	if (o.map && (rc = load_tokmap(o.map, &map)))
		return rc;
	/* One device (-d names it, as records do); a file has none. */
	if (o.device && (rc = cli_devices_open(&o.device, 1, HWPC_OPEN_READ, &devs)))
		goto done;
	if (o.device) {
		db = devs.db;
		dev = devs.v[0].dev;
	}
	if (!db && hwpc_regdb_load(&db, &err)) {
		rc = cli_fail_err(&err);
		goto done;
	}
	bool given[2] = { o.lay.valid[0], o.lay.valid[1] };
	if (o.device)
		rc = o.record ? tsdump_record_buffer(&o, dev, &rb) : device_layout(&o, dev);
	else if (o.have_layout && hwpc_tensix_layout_from_values(db, o.lay.have_status ? &o.status : NULL,
							     o.have_cntl ? &o.cntl : NULL, &o.lay, &err))
		rc = cli_fail_err(&err);
	/* Nothing valid would decode nothing and exit 0: say so. */
	else if (o.have_cntl && !o.lay.valid[0] && !o.lay.valid[1])
		rc = given[0] && given[1]
			     ? cli_fail(HWPC_EINPUT, "--cntl 0x%x marks neither buffer valid (BUF0_VALID, BUF1_VALID): "
					"nothing to decode", o.cntl)
			     : cli_fail(HWPC_EINPUT, "--cntl 0x%x does not mark buffer %d (--buf%d) valid: nothing to "
					"decode", o.cntl, given[1], given[1]);
	if (rc)
		goto done;
	/* A record's packet layout is regdb data; the Tensix event layout is
	 * compiled into the decoder, and a regdb given at run time
	 * (HWPC_REGDB) must agree (hwpc-regdb(5)). */
	if (o.record ? hwpc_rec_layout_load(db, &rec_lay, &err) : hwpc_tensix_layout_check(db, NULL, &err)) {
		rc = cli_fail_err(&err);
		goto done;
	}
	if ((rc = cli_outfile_open(&of, o.output)))
		goto done;
	of_open = true;
	struct hwpc_tsdump_opts to = {
		.out = of.fp,
		.device = o.device ? devs.v[0].name : NULL, .chipset = o.device ? devs.v[0].chipset : NULL, .fmt = o.fmt, .summary = o.summary, .map = map, .hz = o.hz,
		.record = o.record, .rec_fmt = o.rec_fmt, .rec_layout = o.record ? &rec_lay : NULL,
		.layout = o.have_layout ? &o.lay : NULL, .input = o.device ? o.device : o.input,
	};
	if (!(t = hwpc_tsdump_new(&to, &err))) {
		rc = cli_fail_err(&err);
		goto done;
	}
	if (!o.device)
		rc = tsdump_from_file(t, &o);
	else if (o.record ? hwpc_tsdump_feed_recbuf(t, dev, &rb, &err) : hwpc_tsdump_feed_tensix(t, dev, &o.lay, &err))
		rc = cli_fail_err(&err);
	if (!rc && hwpc_tsdump_finish(t, &err))
		rc = err.status == HWPC_EINPUT ? cli_fail(HWPC_EINPUT, "%s: %s", to.input, err.msg)
					       : cli_fail_err(&err);
	if (!rc && o.strict && (hwpc_tsdump_lost(t) || rb.fault || rb.full))
		rc = cli_fail(HWPC_ELOST, "%s: data was lost or is suspect (--strict)", to.input);
done:
	hwpc_tsdump_free(t);
	/* --strict's data loss still writes the output whole. */
	if (of_open) {
		int r = cli_outfile_close(&of, !rc || rc == HWPC_ELOST);
		rc = rc ? rc : r;
	}
	hwpc_tokmap_free(map);
	if (o.device)
		cli_devices_close(&devs);
	else
		hwpc_regdb_free(db);
	return rc;
}
