/* tsdump: decode Tensix timestamp streams and PCOUNTER record buffers from a
 * file or a device, and report every loss.  See tsdump(1). */
#include "common/opt.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static const char *const usage[] = {
	"tsdump [OPTIONS] FILE|-",
	"tsdump [OPTIONS] -d SPEC",
	NULL,
};

#define CHUNK (1u << 20)
#define PROGRESS_MIN (256ull << 20) /* inputs this large show progress on a terminal */

struct opts {
	const char *device, *input, *output, *map;
	struct hwpc_ts_layout lay;
	bool have_layout, given[2], have_cntl;
	uint32_t cntl, status; /* as given: decoded with regdb's fields (file_layout) */
	uint64_t l1_base;
	bool record, rec_auto, summary, strict;
	const char *domain;
	enum hwpc_rec_format rec_fmt;
	enum hwpc_format fmt;
	double hz;
	unsigned threads; /* 0: the library's default */
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
	struct opts *o = ctx;
	struct hwpc_err err;
	const char *name = opt->lname;

	if (!strcmp(name, "threads")) {
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
		o->given[b] = true;
	} else if (!strcmp(name, "cntl")) {
		if (parse_u32("--cntl", v, &o->cntl))
			return HWPC_EINPUT;
		o->have_cntl = true;
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

static int parse_args(int argc, char **argv, struct opts *o)
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
		CLI_OPT_FORMAT(&o->fmt, CLI_FMT_ALL, "text (default), csv, json (JSON Lines) or trace (Chrome trace)"),
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
	o->lay.have_bufs = o->given[0] || o->given[1];
	o->have_layout = o->lay.have_bufs || o->lay.have_status;
	return 0;
}

/* --status and --cntl at the bits regdb gives their fields. */
static int file_layout(struct opts *o, struct hwpc_regdb **db)
{
	struct hwpc_tsx_fields f;
	struct hwpc_err err;
	if ((!*db && hwpc_regdb_load(db, &err)) || hwpc_tsx_fields_load(*db, NULL, &f, &err))
		return cli_fail_err(&err);
	if (o->lay.have_status)
		hwpc_ts_status_decode(&f, o->status, &o->lay.status);
	for (int b = 0; b < 2; b++) /* without --cntl, both are valid (power-on) */
		o->lay.valid[b] = o->given[b] && (!o->have_cntl || hwpc_field_get(f.valid[b], o->cntl));
	return 0;
}

/* Progress on a terminal, for large inputs only; never on stdout. */
struct progress {
	bool on;
	uint64_t total, done;
	time_t last;
};

static void progress(struct progress *p, uint64_t n, bool end)
{
	if (!p->on)
		return;
	p->done += n;
	time_t now = time(NULL);
	if (end) {
		fputs("\r\033[K", stderr);
	} else if (now != p->last) {
		p->last = now;
		fprintf(stderr, "\r%s: %3.0f%% (%llu of %llu MiB)", cli_prog,
			100.0 * (double)p->done / (double)p->total, (unsigned long long)(p->done >> 20),
			(unsigned long long)(p->total >> 20));
	}
}

static int feed_fd(struct hwpc_tsdump *t, int fd, const char *name, uint64_t off, uint64_t len, bool seek,
		   uint8_t *buf, struct progress *pr, uint64_t *got)
{
	struct hwpc_err err;
	*got = 0;
	while (*got < len) {
		size_t want = len - *got < CHUNK ? (size_t)(len - *got) : CHUNK;
		ssize_t n = seek ? pread(fd, buf, want, (off_t)(off + *got)) : read(fd, buf, want);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return cli_fail(HWPC_EOP, "%s: %s", name, strerror(errno));
		if (n == 0)
			break;
		*got += (uint64_t)n;
		progress(pr, (uint64_t)n, false);
		if (hwpc_tsdump_feed(t, buf, (size_t)n, &err))
			return cli_fail_err(&err);
	}
	return 0;
}

static void file_progress(void *ctx, uint64_t n)
{
	progress(ctx, n, false);
}

/* Buffer b's bytes in the L1 image, as file offsets. */
static void region(const struct opts *o, int b, uint64_t *off, uint64_t *len)
{
	const struct hwpc_ts_layout *l = &o->lay;
	*off = *len = 0;
	if (!l->valid[b] || l->start[b] > l->end[b])
		return;
	uint64_t a = (uint64_t)l->start[b] * 16, e = ((uint64_t)l->end[b] + 1) * 16;
	if (e <= o->l1_base)
		return;
	*off = a > o->l1_base ? a - o->l1_base : 0;
	*len = e - o->l1_base - *off;
}

static int from_file(struct hwpc_tsdump *t, const struct opts *o, uint8_t *buf)
{
	bool std = !strcmp(o->input, "-");
	const char *name = std ? "<stdin>" : o->input;
	int fd = std ? 0 : open(o->input, O_RDONLY | O_CLOEXEC);
	struct stat st;
	struct progress pr = { 0 };
	uint64_t total = 0, got;
	int rc = 0;

	if (fd < 0)
		return cli_fail(HWPC_EOP, "cannot read %s: %s", o->input, strerror(errno));
	bool regular = !fstat(fd, &st) && S_ISREG(st.st_mode);
	if (regular) {
		posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
		pr.total = (uint64_t)st.st_size;
		pr.on = isatty(2) && pr.total >= PROGRESS_MIN;
	}
	if (o->lay.have_bufs) {
		if (!regular) {
			rc = cli_fail(HWPC_EINPUT, "%s: --buf0/--buf1 need a regular file (the buffers are read "
				      "from the L1 image by address)", name);
			goto out;
		}
		if (st.st_size == 0) {
			rc = cli_fail(HWPC_EINPUT, "%s: empty input", name);
			goto out;
		}
		for (int b = 0; b < 2 && !rc; b++) {
			uint64_t off, len;
			region(o, b, &off, &len);
			rc = feed_fd(t, fd, name, off, len, true, buf, &pr, &got);
			total += got;
			if (!rc && got < len)
				break; /* the image ends: the decoder reports what is missing */
		}
	} else {
		bool mapped = false;
		struct hwpc_tsdump_file fo = { .threads = o->threads, .progress = file_progress, .ctx = &pr };
		struct hwpc_err err;
		if (regular && (rc = hwpc_tsdump_feed_file(t, fd, name, (uint64_t)st.st_size, &fo, &mapped, &err)))
			rc = cli_fail_err(&err);
		else if (regular && mapped)
			total = (uint64_t)st.st_size;
		if (!mapped)
			rc = feed_fd(t, fd, name, 0, UINT64_MAX, false, buf, &pr, &total);
		if (!rc && total == 0)
			rc = cli_fail(HWPC_EINPUT, "%s: empty input", name);
	}
out:
	progress(&pr, 0, true);
	if (!std)
		close(fd);
	return rc;
}

static int from_device(struct hwpc_tsdump *t, struct hwpc_dev *dev, const struct hwpc_ts_layout *lay,
		       uint8_t *buf)
{
	struct hwpc_err err;
	for (int b = 0; b < 2; b++) {
		if (!lay->valid[b] || lay->start[b] > lay->end[b])
			continue;
		uint64_t a = (uint64_t)lay->start[b] * 16, len = ((uint64_t)lay->end[b] + 1) * 16 - a;
		for (uint64_t done = 0; done < len;) {
			size_t n = len - done < CHUNK ? (size_t)(len - done) : CHUNK;
			if (hwpc_dev_read_block(dev, a + done, buf, n, &err))
				return cli_fail(err.status, "buffer %d: %s", b, err.msg);
			if (hwpc_tsdump_feed(t, buf, n, &err))
				return cli_fail_err(&err);
			done += n;
		}
	}
	return 0;
}

/* Where domain -D's record buffer is, from its registers (and its packet
 * format, with --record auto). */
static int record_buffer(struct opts *o, struct hwpc_dev *dev, struct hwpc_pc_recbuf *rb)
{
	struct hwpc_pc_layout *l = malloc(sizeof *l);
	struct hwpc_err err;
	unsigned d;
	int rc = 0;
	if (!l)
		return cli_fail(HWPC_EOP, "out of memory");
	if (hwpc_pc_layout_dev(dev, NULL, l, &err) || hwpc_pc_domain_find(l, o->domain, &d, &err) ||
	    hwpc_pc_recbuf_read(dev, l, d, rb, &err))
		rc = cli_fail_err(&err);
	else {
		if (o->rec_auto)
			o->rec_fmt = rb->short_format ? HWPC_REC_SHORT : HWPC_REC_LONG;
		if (!rb->record_mode)
			cli_warn("%s: domain %s is not in record mode", o->device, l->dom[d].name);
		if (rb->full)
			cli_warn("%s: domain %s's record buffer reached RECORD_LIMIT: later packets were not "
				 "written", o->device, l->dom[d].name);
		if (rb->fault)
			cli_warn("%s: RECORD_STATUS.FAULT: a VM fault stopped domain %s's record writes",
				 o->device, l->dom[d].name);
	}
	free(l);
	return rc;
}

/* The bytes written so far, from the device memory the buffer is in (a
 * simulator's; a real GPU's is behind a VM mapping hwpc does not have). */
static int from_record_buffer(struct hwpc_tsdump *t, struct hwpc_dev *dev, const struct hwpc_pc_recbuf *rb,
			      uint8_t *buf)
{
	struct hwpc_err err;
	for (uint64_t done = 0; done < rb->used;) {
		size_t n = rb->used - done < CHUNK ? (size_t)(rb->used - done) : CHUNK;
		if (hwpc_dev_mem_read(dev, rb->start + done, buf, n, &err))
			return cli_fail(HWPC_EOP, "reading the record buffer: %s (dump the buffer and decode the "
					"file)", err.msg);
		if (hwpc_tsdump_feed(t, buf, n, &err))
			return cli_fail_err(&err);
		done += n;
	}
	return 0;
}

int main(int argc, char **argv)
{
	struct opts o = { 0 };
	struct hwpc_regdb *db = NULL;
	struct hwpc_dev *dev = NULL;
	struct hwpc_tokmap *map = NULL;
	struct hwpc_tsdump *t = NULL;
	struct hwpc_err err;
	FILE *out = stdout;
	uint8_t *buf = NULL;
	struct hwpc_pc_recbuf rb = { 0 };
	struct hwpc_rec_layout rec_lay;
	int rc;

	cli_init("tsdump");
	if ((rc = parse_args(argc, argv, &o)))
		return rc;
	if (o.map) {
		FILE *fp = fopen(o.map, "r");
		if (!fp)
			return cli_fail(HWPC_EOP, "cannot read token map %s: %s", o.map, strerror(errno));
		rc = hwpc_tokmap_load(fp, o.map, &map, &err);
		fclose(fp);
		if (rc)
			return cli_fail_err(&err);
	}
	if (o.device && o.record) {
		if ((rc = cli_open(o.device, HWPC_OPEN_READ, &db, &dev)))
			goto done;
		if ((rc = record_buffer(&o, dev, &rb)))
			goto done;
	} else if (o.device) {
		struct hwpc_tensix tx;
		struct hwpc_timer tm;
		struct hwpc_timer_rate rate;
		if ((rc = cli_open(o.device, HWPC_OPEN_READ, &db, &dev)))
			goto done;
		if (hwpc_tensix_init(&tx, dev, &err) || hwpc_tensix_layout(&tx, &o.lay, &err)) {
			rc = cli_fail_err(&err);
			goto done;
		}
		if (!o.hz && !hwpc_timer_open(&tm, dev, &err) && !hwpc_timer_rate(&tm, 0, &rate, &err))
			o.hz = rate.tick_hz;
		o.have_layout = true;
	} else if (o.have_layout && (rc = file_layout(&o, &db))) {
		goto done;
	}
	/* The Tensix event layout is compiled into the decoder: a regdb
	 * given at run time (HWPC_REGDB) must agree (hwpc-regdb(5)). */
	if (!o.record && ((!db && hwpc_regdb_load(&db, &err)) || hwpc_tsx_layout_check(db, NULL, &err))) {
		rc = cli_fail_err(&err);
		goto done;
	}
	/* The record packet layout is regdb data. */
	if (o.record) {
		if (!db && hwpc_regdb_load(&db, &err)) {
			rc = cli_fail_err(&err);
			goto done;
		}
		if (hwpc_rec_layout_load(db, &rec_lay, &err)) {
			rc = cli_fail_err(&err);
			goto done;
		}
	}
	if (o.output && !(out = fopen(o.output, "w"))) {
		rc = cli_fail(HWPC_EOP, "cannot write %s: %s", o.output, strerror(errno));
		goto done;
	}
	struct hwpc_tsdump_opts to = {
		.out = out, .fmt = o.fmt, .summary = o.summary, .map = map, .hz = o.hz,
		.record = o.record, .rec_fmt = o.rec_fmt, .rec_layout = o.record ? &rec_lay : NULL, .layout = o.have_layout ? &o.lay : NULL,
		.input = o.device ? o.device : o.input,
	};
	if (!(buf = malloc(CHUNK)) || !(t = hwpc_tsdump_new(&to, &err))) {
		rc = buf ? cli_fail_err(&err) : cli_fail(HWPC_EOP, "out of memory");
		goto done;
	}
	rc = o.device && o.record ? from_record_buffer(t, dev, &rb, buf)
	     : o.device	      ? from_device(t, dev, &o.lay, buf)
				: from_file(t, &o, buf);
	if (!rc && hwpc_tsdump_finish(t, &err))
		rc = err.status == HWPC_EINPUT ? cli_fail(HWPC_EINPUT, "%s: %s", to.input, err.msg)
					       : cli_fail_err(&err);
	if (!rc && o.strict && (hwpc_tsdump_lost(t) || rb.fault || rb.full))
		rc = cli_fail(HWPC_ELOST, "%s: data was lost or is suspect (--strict)", to.input);
done:
	hwpc_tsdump_free(t);
	free(buf);
	if (out && out != stdout && fclose(out) && !rc)
		rc = cli_fail(HWPC_EOP, "cannot write %s: %s", o.output, strerror(errno));
	hwpc_tokmap_free(map);
	if (db)
		cli_close(db, dev);
	return rc;
}
