/* SPDX-License-Identifier: MIT */
/* Register snapshots: taken from a device, written as JSON, read back
 * (see hwpc/snapshot.h; the format is in pcread(1)). */
#include "dev/backend.h"
#include "core/err_local.h"
#include "regs/snapshot.h"
#include "output/json_read.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

bool hwpc_snapshot_skips(const struct hwpc_reg *reg)
{
	/* Nothing to read (write-only), or reading would change the chip
	 * (regdb's onread=): a snapshot must not disturb what it records. */
	return reg->access == HWPC_ACCESS_WO || reg->onread;
}

static void name_element(const struct hwpc_reg *reg, const uint32_t *idx, char *buf, size_t len)
{
	struct hwpc_regref ref = { .reg = reg, .nidx = reg->ndims };
	memcpy(ref.idx, idx, sizeof ref.idx);
	hwpc_regref_format(&ref, buf, len);
}

/* The register element at addr as regdb names it for chip. */
static const struct hwpc_reg *lookup(const struct hwpc_regdb *db, const struct hwpc_chipset *chip, uint32_t addr,
				     char *name, size_t len)
{
	uint32_t idx[HWPC_MAX_DIMS];
	const struct hwpc_reg *r = hwpc_reg_at(db, chip, addr, idx);
	if (r)
		name_element(r, idx, name, len);
	else
		snprintf(name, len, "0x%06x", addr);
	return r;
}

static int add(struct hwpc_snapshot *s, unsigned *cap, struct hwpc_err *err)
{
	if (s->nregs == *cap) {
		unsigned nc = *cap ? *cap * 2 : 256;
		struct hwpc_snap_reg *nr = realloc(s->regs, nc * sizeof *nr);
		if (!nr)
			return hwpc_err_set(err, HWPC_EOP, "snapshot: out of memory");
		s->regs = nr;
		*cap = nc;
	}
	memset(&s->regs[s->nregs++], 0, sizeof *s->regs);
	return 0;
}

static int by_addr(const void *x, const void *y)
{
	const struct hwpc_snap_reg *a = x, *b = y;
	return (a->addr > b->addr) - (a->addr < b->addr);
}

int hwpc_snapshot_take(struct hwpc_dev *dev, struct hwpc_snapshot *out, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	unsigned cap = 0, pos = 0;
	*out = (struct hwpc_snapshot){ .chip = hwpc_dev_chip(dev), .boot0 = dev->boot0 };
	if (!hwpc_dev_chip(dev))
		return hwpc_err_set(err, HWPC_EINPUT, "snapshot: the device's chipset is unknown");
	if (hwpc_dev_key(dev, out->device, sizeof out->device, err))
		return err->status;
	while (pos < hwpc_regdb_reg_count(hwpc_dev_regdb(dev))) {
		const struct hwpc_reg *r = hwpc_regdb_reg(hwpc_dev_regdb(dev), pos++);
		if (!hwpc_gens_has(&r->gens, hwpc_dev_chip(dev)) || hwpc_snapshot_skips(r))
			continue;
		for (uint32_t e = 0; e < hwpc_reg_elements(r); e++) {
			uint32_t idx[HWPC_MAX_DIMS] = { 0 }, rest = e, addr, v, at[HWPC_MAX_DIMS] = { 0 };
			for (unsigned d = r->ndims; d-- > 0;) {
				idx[d] = rest % r->dims[d].count;
				rest /= r->dims[d].count;
			}
			if (hwpc_reg_addr(r, idx, r->ndims, &addr, err))
				goto fail;
			/* Where registers overlap, regdb's owner of the address is
			 * the one saved (scalars win over array elements). */
			if (hwpc_reg_at(hwpc_dev_regdb(dev), hwpc_dev_chip(dev), addr, at) != r || memcmp(at, idx, r->ndims * sizeof at[0]))
				continue;
			if (hwpc_rd32(dev, addr, &v)) {
				hwpc_err_set(err, hwpc_dev_error(dev)->status, "snapshot: reading %s: %s", r->name, hwpc_dev_error(dev)->msg);
				goto fail;
			}
			if (add(out, &cap, err))
				goto fail;
			struct hwpc_snap_reg *sr = &out->regs[out->nregs - 1];
			*sr = (struct hwpc_snap_reg){ .reg = r, .addr = addr, .value = v };
			name_element(r, idx, sr->name, sizeof sr->name);
		}
	}
	qsort(out->regs, out->nregs, sizeof *out->regs, by_addr);
	return 0;
fail:
	hwpc_snapshot_free(out);
	return err->status;
}

static void json_str(FILE *fp, const char *s)
{
	fputc('"', fp);
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == '"' || c == '\\')
			fprintf(fp, "\\%c", c);
		else if (c < 0x20 || c >= 0x7f)
			fprintf(fp, "\\u%04x", c);
		else
			fputc(c, fp);
	}
	fputc('"', fp);
}

int hwpc_snapshot_write(const struct hwpc_snapshot *s, FILE *fp, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	fprintf(fp, "{\n  \"format\": \"%s\",\n  \"version\": %d,\n  \"chipset\": ", HWPC_SNAPSHOT_FORMAT,
		HWPC_SNAPSHOT_VERSION);
	json_str(fp, s->chip->name);
	fprintf(fp, ",\n  \"boot0\": \"0x%08x\",\n  \"device\": ", s->boot0);
	json_str(fp, s->device);
	fprintf(fp, ",\n  \"registers\": [");
	for (unsigned i = 0; i < s->nregs; i++) {
		const struct hwpc_snap_reg *r = &s->regs[i];
		char fields[512] = "";
		if (r->reg)
			hwpc_reg_decode(r->reg, s->chip, r->value, fields, sizeof fields);
		fprintf(fp, "%s\n    {\"reg\": ", i ? "," : "");
		json_str(fp, r->name);
		fprintf(fp, ", \"unit\": ");
		json_str(fp, r->reg ? r->reg->space->name : "unknown");
		fprintf(fp, ", \"addr\": \"0x%06x\", \"value\": \"0x%08x\", \"fields\": ", r->addr, r->value);
		json_str(fp, fields);
		fputc('}', fp);
	}
	fprintf(fp, "%s]\n}\n", s->nregs ? "\n  " : "");
	if (fflush(fp) || ferror(fp))
		return hwpc_err_set(err, HWPC_EOP, "writing the snapshot: %s", strerror(errno));
	return 0;
}

int hwpc_snapshot_save(struct hwpc_dev *dev, FILE *fp, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	struct hwpc_snapshot s;
	if (hwpc_snapshot_take(dev, &s, err))
		return err->status;
	int rc = hwpc_snapshot_write(&s, fp, err);
	hwpc_snapshot_free(&s);
	return rc;
}

/* "0x" and 1 to 8 hex digits. */
static bool hex32(const struct json *j, uint32_t *out)
{
	if (!j || j->kind != JSON_STR || strncmp(j->str, "0x", 2) || !j->str[2] || strlen(j->str) > 10 ||
	    strspn(j->str + 2, "0123456789abcdefABCDEF") != strlen(j->str + 2))
		return false;
	*out = (uint32_t)strtoul(j->str + 2, NULL, 16);
	return true;
}

static const struct json *member(const struct json *obj, const char *key, enum json_kind kind, const char *what,
				 const char *kindname, struct hwpc_err *err)
{
	const struct json *m = json_get(obj, key);
	if (!m)
		hwpc_err_set(err, HWPC_EINPUT, "%s: line %u: no \"%s\" member", what, obj->line, key);
	else if (m->kind != kind)
		hwpc_err_set(err, HWPC_EINPUT, "%s: line %u: \"%s\" is not %s", what, m->line, key, kindname);
	else
		return m;
	return NULL;
}

static int parse_regs(const struct hwpc_regdb *db, const struct json *arr, const char *what,
		      struct hwpc_snapshot *out, struct hwpc_err *err)
{
	unsigned cap = 0;
	for (size_t i = 0; i < arr->nkids; i++) {
		const struct json *o = &arr->kids[i];
		uint32_t addr, value;
		if (o->kind != JSON_OBJ)
			return hwpc_err_set(err, HWPC_EINPUT, "%s: line %u: register %zu is not an object", what,
					    o->line, i + 1);
		if (!hex32(json_get(o, "addr"), &addr) || addr % 4)
			return hwpc_err_set(err, HWPC_EINPUT,
					    "%s: line %u: register %zu: \"addr\" is not a 4-byte aligned \"0x...\" address",
					    what, o->line, i + 1);
		if (!hex32(json_get(o, "value"), &value))
			return hwpc_err_set(err, HWPC_EINPUT, "%s: line %u: register %zu: \"value\" is not a 32-bit \"0x...\" value",
					    what, o->line, i + 1);
		if (out->nregs && addr <= out->regs[out->nregs - 1].addr)
			return hwpc_err_set(err, HWPC_EINPUT, "%s: line %u: register at 0x%06x %s", what, o->line, addr,
					    addr == out->regs[out->nregs - 1].addr ? "is there twice" : "is out of address order");
		if (add(out, &cap, err))
			return err->status;
		struct hwpc_snap_reg *r = &out->regs[out->nregs - 1];
		r->addr = addr;
		r->value = value;
		r->reg = lookup(db, out->chip, addr, r->name, sizeof r->name);
	}
	return 0;
}

int hwpc_snapshot_parse(const struct hwpc_regdb *db, const char *text, const char *what,
			struct hwpc_snapshot *out, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	char msg[200];
	const struct json *m;
	*out = (struct hwpc_snapshot){ 0 };
	struct json *j = json_parse(text, msg, sizeof msg);
	if (!j)
		return hwpc_err_set(err, HWPC_EINPUT, "%s: %s", what, msg);
	int rc = HWPC_EINPUT;
	if (j->kind != JSON_OBJ) {
		hwpc_err_set(err, rc, "%s: not a JSON object (a snapshot is one)", what);
		goto out;
	}
	if (!(m = member(j, "format", JSON_STR, what, "a string", err)))
		goto out;
	if (strcmp(m->str, HWPC_SNAPSHOT_FORMAT)) {
		hwpc_err_set(err, rc, "%s: line %u: format \"%s\" is not \"%s\"", what, m->line, m->str,
			     HWPC_SNAPSHOT_FORMAT);
		goto out;
	}
	if (!(m = member(j, "version", JSON_NUM, what, "a number", err)))
		goto out;
	if (m->num != HWPC_SNAPSHOT_VERSION) {
		hwpc_err_set(err, rc, "%s: line %u: version %g is not %d (the one this hwpc reads)", what, m->line,
			     m->num, HWPC_SNAPSHOT_VERSION);
		goto out;
	}
	if (!(m = member(j, "chipset", JSON_STR, what, "a string", err)))
		goto out;
	if (!(out->chip = hwpc_chipset_by_name(db, m->str))) {
		hwpc_err_set(err, rc, "%s: line %u: unknown chipset \"%s\"", what, m->line, m->str);
		goto out;
	}
	if (!hex32(json_get(j, "boot0"), &out->boot0)) {
		hwpc_err_set(err, rc, "%s: \"boot0\" is missing or not a \"0x...\" value", what);
		goto out;
	}
	if (!(m = member(j, "device", JSON_STR, what, "a string", err)))
		goto out;
	snprintf(out->device, sizeof out->device, "%s", m->str);
	if (!(m = member(j, "registers", JSON_ARR, what, "an array", err)))
		goto out;
	rc = parse_regs(db, m, what, out, err);
out:
	json_free(j);
	if (rc)
		hwpc_snapshot_free(out);
	return rc;
}

int hwpc_snapshot_load(const struct hwpc_regdb *db, const char *path, struct hwpc_snapshot *out,
		       struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	bool in = !strcmp(path, "-");
	const char *what = in ? "standard input" : path;
	FILE *fp = in ? stdin : fopen(path, "r");
	size_t n = 0, cap = 1 << 16;
	char *text = malloc(cap);
	*out = (struct hwpc_snapshot){ 0 };
	if (!fp) {
		free(text);
		return hwpc_err_set(err, errno == ENOENT ? HWPC_EINPUT : HWPC_EOP, "cannot read %s: %s", path,
				    strerror(errno));
	}
	while (text) {
		n += fread(text + n, 1, cap - n - 1, fp);
		if (n < cap - 1)
			break;
		char *nt = realloc(text, cap *= 2);
		if (!nt)
			free(text);
		text = nt;
	}
	int rc;
	if (!text)
		rc = hwpc_err_set(err, HWPC_EOP, "reading %s: out of memory", what);
	else if (ferror(fp))
		rc = hwpc_err_set(err, HWPC_EOP, "cannot read %s: %s", what, strerror(errno));
	else if (memchr(text, 0, n))
		rc = hwpc_err_set(err, HWPC_EINPUT, "%s: a NUL byte: not a JSON snapshot", what);
	else {
		text[n] = 0;
		rc = hwpc_snapshot_parse(db, text, what, out, err);
	}
	free(text);
	if (!in)
		fclose(fp);
	return rc;
}

void hwpc_snapshot_free(struct hwpc_snapshot *s)
{
	free(s->regs);
	s->regs = NULL;
	s->nregs = 0;
}
