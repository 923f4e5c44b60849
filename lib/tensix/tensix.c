/* SPDX-License-Identifier: MIT */
/* The Tensix debug timestamper through a device (see hwpc/tensix.h).  The
 * size codes, field positions and addresses are regdb's (tensix.regdb);
 * this file only knows the command words. */
#include "dev/backend.h"
#include "core/err_local.h"
#include "hwpc/tensix.h"
#include "hwpc/dev.h"
#include "tensix_layout.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define REGS "RISCV_DEBUG_REG."

static int lookup(struct hwpc_tensix *t, const char *name, uint32_t *addr, struct hwpc_err *err)
{
	return hwpc_reg_lookup(t->dev, name, addr, err);
}

int hwpc_tensix_init(struct hwpc_tensix *t, struct hwpc_dev *dev, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	memset(t, 0, sizeof *t);
	t->dev = dev;
	if (!hwpc_reg_find(hwpc_dev_regdb(dev), hwpc_dev_chip(dev), REGS "TIMESTAMP", NULL))
		return hwpc_err_set(err, HWPC_EINPUT, "%s has no Tensix debug timestamper (try -d sim:tensix)",
				    hwpc_dev_chip(dev) ? hwpc_dev_chip(dev)->name : "the device");
	if (lookup(t, REGS "TIMESTAMP", &t->a_ts, err) || lookup(t, REGS "TIMESTAMP_CNTL", &t->a_cntl, err) ||
	    lookup(t, REGS "TIMESTAMP_STATUS", &t->a_status, err) ||
	    lookup(t, REGS "TIMESTAMP_BUF_START[0]", &t->a_start[0], err) ||
	    lookup(t, REGS "TIMESTAMP_BUF_START[1]", &t->a_start[1], err) ||
	    lookup(t, REGS "TIMESTAMP_BUF_END[0]", &t->a_end[0], err) ||
	    lookup(t, REGS "TIMESTAMP_BUF_END[1]", &t->a_end[1], err))
		return err->status;
	/* What the device's timestamper writes is decoded with the event
	 * layout libhwpc was built with: a regdb that gives another is refused. */
	if (hwpc_tensix_layout_check(hwpc_dev_regdb(dev), hwpc_dev_chip(dev), err))
		return err->status;
	t->cntl = hwpc_reg_find(hwpc_dev_regdb(dev), hwpc_dev_chip(dev), REGS "TIMESTAMP_CNTL", NULL);
	t->status = hwpc_reg_find(hwpc_dev_regdb(dev), hwpc_dev_chip(dev), REGS "TIMESTAMP_STATUS", NULL);
	return 0;
}

static int rd(struct hwpc_tensix *t, uint32_t addr, const char *name, uint32_t *v, struct hwpc_err *err)
{
	if (hwpc_rd32(t->dev, addr, v))
		return hwpc_err_set(err, hwpc_dev_error(t->dev)->status, "reading %s: %s", name, hwpc_dev_error(t->dev)->msg);
	return 0;
}

static int wr(struct hwpc_tensix *t, uint32_t addr, const char *name, uint32_t v, struct hwpc_err *err)
{
	if (hwpc_wr32(t->dev, addr, v))
		return hwpc_err_set(err, hwpc_dev_error(t->dev)->status, "writing %s: %s", name, hwpc_dev_error(t->dev)->msg);
	return 0;
}

/* A TIMESTAMP.SIZE code by its regdb enum name. */
static int size_code(struct hwpc_tensix *t, const char *name, uint32_t *code, struct hwpc_err *err)
{
	const struct hwpc_reg *r = hwpc_reg_find(hwpc_dev_regdb(t->dev), hwpc_dev_chip(t->dev), REGS "TIMESTAMP", NULL);
	const struct hwpc_field *f = r ? hwpc_field_find(r, hwpc_dev_chip(t->dev), "SIZE") : NULL;
	const struct hwpc_enum *e = f ? hwpc_enum_find_name(f, hwpc_dev_chip(t->dev), name) : NULL;
	if (!e)
		return hwpc_err_set(err, HWPC_EINPUT, "regdb lacks TIMESTAMP.SIZE %s", name);
	*code = (uint32_t)e->value;
	return 0;
}

static const struct hwpc_field *field_of(struct hwpc_tensix *t, const char *reg, const char *name)
{
	const struct hwpc_reg *r = hwpc_reg_find(hwpc_dev_regdb(t->dev), hwpc_dev_chip(t->dev), reg, NULL);
	return r ? hwpc_field_find(r, hwpc_dev_chip(t->dev), name) : NULL;
}

/* TIMESTAMP = TOKEN << (TOKEN's low bit) | size code. */
static int append(struct hwpc_tensix *t, unsigned size, const char *tok, struct hwpc_err *err)
{
	char name[16];
	uint32_t code, v = 0;
	uint64_t token = 0;
	const struct hwpc_field *ftok = field_of(t, REGS "TIMESTAMP", "TOKEN");
	const struct hwpc_field *fsize = field_of(t, REGS "TIMESTAMP", "SIZE");
	if (!ftok || !fsize)
		return hwpc_err_set(err, HWPC_EINPUT, "regdb lacks TIMESTAMP.TOKEN or SIZE");
	/* A 32-bit event keeps header bits 0-15 only: 13 token bits. */
	unsigned bits = size == 32 ? TSX_EV32_HEADER_BITS - ftok->ranges[0].lo : ftok->ranges[0].hi - ftok->ranges[0].lo + 1;
	snprintf(name, sizeof name, "ts%u TOKEN", size);
	if (tok && hwpc_parse_u64(tok, (1ULL << bits) - 1, name, &token, err))
		return err->status;
	snprintf(name, sizeof name, "APPEND_%ub", size);
	if (size_code(t, name, &code, err))
		return err->status;
	hwpc_field_put(fsize, &v, code);
	hwpc_field_put(ftok, &v, token);
	if (wr(t, t->a_ts, "TIMESTAMP", v, err))
		return err->status;
	t->last_size = size;
	return 0;
}

static int flush(struct hwpc_tensix *t, unsigned size, struct hwpc_err *err)
{
	uint32_t code;
	if (size == 0) {
		/* Which flush: the size this session wrote last, else STATUS's
		 * accumulator fields (which read 0 once a 96-bit event has
		 * straddled, so a script should say flush96 then). */
		uint32_t st;
		const struct hwpc_field *f64 = field_of(t, REGS "TIMESTAMP_STATUS", "ACCUM_POS_64B");
		const struct hwpc_field *f96 = field_of(t, REGS "TIMESTAMP_STATUS", "ACCUM_POS_96B");
		if (t->last_size == 64 || t->last_size == 96) {
			size = t->last_size;
		} else if (t->last_size == 0 && f64 && f96) {
			if (rd(t, t->a_status, "TIMESTAMP_STATUS", &st, err))
				return err->status;
			size = hwpc_field_get(f64, st) ? 64 : hwpc_field_get(f96, st) ? 96 : 0;
		}
		if (!size)
			return hwpc_err_set(err, HWPC_EINPUT,
					    "flush: no 64- or 96-bit event is waiting to be flushed (32- and "
					    "128-bit events flush themselves; flush64 or flush96 forces one)");
	}
	if (size_code(t, size == 64 ? "FLUSH_64b" : "FLUSH_96b", &code, err) ||
	    wr(t, t->a_ts, "TIMESTAMP", code, err))
		return err->status;
	t->last_size = 0;
	return 0;
}

/* VALUE, or FIELD[=V]... of a register. */
static int reg_value(struct hwpc_tensix *t, const struct hwpc_reg *r, const char *cmd, char **w, int n,
		     uint32_t *out, struct hwpc_err *err)
{
	*out = 0;
	if (n == 0)
		return hwpc_err_set(err, HWPC_EINPUT, "%s: expected a value or FIELD[=V]...", cmd);
	if (n == 1 && isdigit((unsigned char)w[0][0])) {
		uint64_t v;
		if (hwpc_parse_u64(w[0], UINT32_MAX, cmd, &v, err))
			return err->status;
		*out = (uint32_t)v;
		return 0;
	}
	for (int i = 0; i < n; i++) {
		char name[64];
		uint64_t v = 1;
		size_t k = strcspn(w[i], "=");
		if (k >= sizeof name)
			return hwpc_err_set(err, HWPC_EINPUT, "%s: field name too long", cmd);
		for (size_t j = 0; j < k; j++)
			name[j] = (char)toupper((unsigned char)w[i][j]);
		name[k] = 0;
		const struct hwpc_field *f = r ? hwpc_field_find(r, hwpc_dev_chip(t->dev), name) : NULL;
		if (!f) {
			char list[256] = "";
			size_t used = 0;
			for (unsigned j = 0; r && j < r->nfields; j++)
				used += (size_t)snprintf(list + used, used < sizeof list ? sizeof list - used : 0,
							 "%s%s", j ? ", " : "", r->fields[j].name);
			return hwpc_err_set(err, HWPC_EINPUT, "%s: no field '%.*s' (expected a number or one of: %s)",
					    cmd, (int)k, w[i], list);
		}
		if (w[i][k] == '=' && hwpc_parse_u64(w[i] + k + 1, UINT32_MAX, cmd, &v, err))
			return err->status;
		if (!hwpc_field_put(f, out, v))
			return hwpc_err_set(err, HWPC_EINPUT, "%s: %s=%s does not fit the field", cmd, name,
					    w[i] + k + 1);
	}
	return 0;
}

/* Cycles of the wall clock's source as ns, rounded up. */
static int cycles_ns(struct hwpc_dev *dev, const char *clock, uint64_t n, uint64_t *ns, struct hwpc_err *err)
{
	int c = hwpc_clock_by_name(clock);
	uint64_t hz = c >= 0 ? hwpc_dev_clock_hz(dev, (enum hwpc_clock)c) : 0;
	if (!hz)
		return hwpc_err_set(err, HWPC_EINPUT, "advance: the frequency of %s's %s clock is not known",
				    hwpc_dev_chip(dev)->name, clock);
	unsigned __int128 v = ((unsigned __int128)n * 1000000000u + hz - 1) / hz;
	if (v > UINT64_MAX)
		return hwpc_err_set(err, HWPC_EINPUT, "advance: %llu %s cycles overflow the device's time",
				    (unsigned long long)n, clock);
	*ns = (uint64_t)v;
	return 0;
}

/* The device's time moves on: a simulator's virtual clock is advanced,
 * anything else is waited for (hwpc_dev_wait_until_ns). */
static int advance(struct hwpc_tensix *t, const char *arg, struct hwpc_err *err)
{
	uint64_t ns, n;
	size_t len = strlen(arg);
	if (len > 1 && arg[len - 1] == 't' && len - 1 < 32) {
		/* Nt: N cycles of the wall clock, as ptime --alarm +Nt counts ticks. */
		char num[32];
		memcpy(num, arg, len - 1);
		num[len - 1] = 0;
		const char *clk = hwpc_param_str(hwpc_dev_regdb(t->dev), hwpc_dev_chip(t->dev), "TENSIX.WALL_CLOCK_SOURCE", "tclk");
		if (hwpc_parse_u64(num, UINT64_MAX, "advance Nt", &n, err) || cycles_ns(t->dev, clk, n, &ns, err))
			return err->status;
	} else if (hwpc_parse_duration_ns(arg, 0, "advance", &ns, err)) {
		return err->status;
	}
	if (!ns)
		return 0;
	uint64_t now = hwpc_dev_now_ns(t->dev);
	if (now + ns < now)
		return hwpc_err_set(err, HWPC_EINPUT, "advance: %s overflows the device's time", arg);
	return hwpc_dev_wait_until_ns(t->dev, now + ns, err);
}

int hwpc_tensix_command(struct hwpc_tensix *t, const char *line, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	char buf[512], *w[8];
	int n = 0;

	if (strlen(line) >= sizeof buf)
		return hwpc_err_set(err, HWPC_EINPUT, "command too long");
	strcpy(buf, line);
	for (char *s = strtok(buf, " \t\r\n"); s; s = strtok(NULL, " \t\r\n")) {
		if (n == (int)(sizeof w / sizeof w[0]))
			return hwpc_err_set(err, HWPC_EINPUT, "%s: too many words", w[0]);
		w[n++] = s;
	}
	if (n == 0)
		return 0;
	const char *c = w[0];
	int rc;
	if (!strcmp(c, "ts32") || !strcmp(c, "ts64") || !strcmp(c, "ts96") || !strcmp(c, "ts128")) {
		if (n > 2)
			return hwpc_err_set(err, HWPC_EINPUT, "%s: expected '%s [TOKEN]'", c, c);
		rc = append(t, (unsigned)atoi(c + 2), n > 1 ? w[1] : NULL, err);
	} else if (!strcmp(c, "flush") || !strcmp(c, "flush64") || !strcmp(c, "flush96")) {
		if (n > 1)
			return hwpc_err_set(err, HWPC_EINPUT, "%s takes no arguments", c);
		rc = flush(t, c[5] ? (unsigned)atoi(c + 5) : 0, err);
	} else if (!strcmp(c, "raw")) {
		uint64_t v;
		if (n != 2)
			return hwpc_err_set(err, HWPC_EINPUT, "raw: expected 'raw VALUE'");
		rc = hwpc_parse_u64(w[1], UINT32_MAX, "raw", &v, err) ||
		     wr(t, t->a_ts, "TIMESTAMP", (uint32_t)v, err);
		if (!rc)
			t->last_size = 0;
	} else if (!strcmp(c, "cntl") || !strcmp(c, "status")) {
		bool cntl = c[0] == 'c';
		uint32_t v;
		rc = reg_value(t, cntl ? t->cntl : t->status, c, w + 1, n - 1, &v, err) ||
		     wr(t, cntl ? t->a_cntl : t->a_status, cntl ? "TIMESTAMP_CNTL" : "TIMESTAMP_STATUS", v, err);
	} else if (!strcmp(c, "buf")) {
		uint64_t b, start, end;
		if (n != 4)
			return hwpc_err_set(err, HWPC_EINPUT, "buf: expected 'buf 0|1 START END' (16-byte units)");
		rc = hwpc_parse_u64(w[1], 1, "buf N", &b, err) ||
		     hwpc_parse_u64(w[2], UINT32_MAX, "buf START", &start, err) ||
		     hwpc_parse_u64(w[3], UINT32_MAX, "buf END", &end, err) ||
		     wr(t, t->a_start[b], "TIMESTAMP_BUF_START", (uint32_t)start, err) ||
		     wr(t, t->a_end[b], "TIMESTAMP_BUF_END", (uint32_t)end, err);
	} else if (!strcmp(c, "advance")) {
		if (n != 2)
			return hwpc_err_set(err, HWPC_EINPUT, "advance: expected 'advance CYCLES' or a duration");
		rc = advance(t, w[1], err);
	} else {
		return hwpc_err_set(err, HWPC_EINPUT,
				    "unknown command '%s' (expected ts32, ts64, ts96, ts128, flush, flush64, "
				    "flush96, raw, cntl, status, buf or advance)",
				    c);
	}
	if (rc)
		return err->status;
	t->commands++;
	return 0;
}

int hwpc_tensix_script(struct hwpc_tensix *t, FILE *fp, const char *name, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	char line[512];
	unsigned ln = 0;
	while (fgets(line, sizeof line, fp)) {
		ln++;
		size_t len = strlen(line);
		if (len == sizeof line - 1 && line[len - 1] != '\n' && !feof(fp))
			return hwpc_err_set(err, HWPC_EINPUT, "%s:%u: line too long", name, ln);
		line[strcspn(line, "#")] = 0;
		if (hwpc_tensix_command(t, line, err))
			return hwpc_err_prefix(err, "%s:%u", name, ln);
	}
	if (ferror(fp))
		return hwpc_err_set(err, HWPC_EOP, "%s: %s", name, strerror(errno));
	return 0;
}

int hwpc_tensix_read_layout(struct hwpc_tensix *t, struct hwpc_tensix_layout *lay, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	uint32_t cntl, status;
	struct hwpc_tensix_fields f;
	memset(lay, 0, sizeof *lay);
	if (hwpc_tensix_fields_load(hwpc_dev_regdb(t->dev), hwpc_dev_chip(t->dev), &f, err) ||
	    rd(t, t->a_cntl, "TIMESTAMP_CNTL", &cntl, err) || rd(t, t->a_status, "TIMESTAMP_STATUS", &status, err))
		return err->status;
	hwpc_tensix_status_decode(&f, status, &lay->status);
	for (int b = 0; b < 2; b++) {
		if (rd(t, t->a_start[b], "TIMESTAMP_BUF_START", &lay->start[b], err) ||
		    rd(t, t->a_end[b], "TIMESTAMP_BUF_END", &lay->end[b], err))
			return err->status;
		lay->valid[b] = hwpc_field_get(f.valid[b], cntl) != 0;
	}
	lay->have_bufs = lay->have_status = true;
	return 0;
}
