/* SPDX-License-Identifier: MIT */
/* regdb: the text format, generation ranges, arrays, lookups, and every
 * kind of malformed file (errors name file:line and what was expected). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <string.h>
#include <cmocka.h>

#include "hwpc.h"

static const char chips[] =
	"vendor 0x10de NVIDIA\n"
	"chipset NV10 family=Celsius id=0x10\n"
	"chipset NV20 family=Kelvin id=0x20\n"
	"chipset NV30 family=Rankine id=0x30\n"
	"chipset NV40 family=Curie id=0x40\n"
	"chipset NV45 family=Curie id=0x45\n"
	"chipset NV41 family=Curie id=0x41\n"
	"chipset G84 family=Tesla id=0x84\n"
	"chipset T1 family=Tensix group=tensix\n"
	"chipset T2 family=Tensix group=tensix\n";

static struct hwpc_regdb *parse2(const char *a, const char *b, struct hwpc_err *err)
{
	struct hwpc_regdb_text t[2] = { { "chips.regdb", a }, { "test.regdb", b } };
	struct hwpc_regdb *db = NULL;
	hwpc_regdb_parse(t, b ? 2 : 1, &db, err);
	return db;
}

static struct hwpc_regdb *parse_ok(const char *text)
{
	struct hwpc_err err = { 0 };
	struct hwpc_regdb *db = parse2(chips, text, &err);
	if (!db)
		fail_msg("parse failed: %s", err.msg);
	return db;
}

static void expect_error(const char *text, const char *needle)
{
	struct hwpc_err err = { 0 };
	struct hwpc_regdb *db = parse2(chips, text, &err);
	if (db) {
		hwpc_regdb_free(db);
		fail_msg("expected an error containing '%s' for:\n%s", needle, text);
	}
	assert_int_equal(err.status, HWPC_EINPUT);
	if (!strstr(err.msg, needle))
		fail_msg("error '%s' lacks '%s'", err.msg, needle);
}

static const struct hwpc_chipset *chip(struct hwpc_regdb *db, const char *name)
{
	const struct hwpc_chipset *c = hwpc_chipset_by_name(db, name);
	assert_non_null(c);
	return c;
}

static void test_gens_follow_table_order(void **state)
{
	(void)state;
	struct hwpc_regdb *db = parse_ok("");
	struct hwpc_gens g;
	struct hwpc_err err;
	char buf[128];

	/* NV45 sits between NV40 and NV41 in the table: NV41- excludes it. */
	assert_int_equal(hwpc_gens_parse(db, "NV41-", &g, NULL), 0);
	assert_false(hwpc_gens_has(&g, chip(db, "NV45")));
	assert_true(hwpc_gens_has(&g, chip(db, "NV41")));
	assert_true(hwpc_gens_has(&g, chip(db, "G84")));
	assert_false(hwpc_gens_has(&g, chip(db, "NV40")));
	/* NV40:NV41 is NV40 and NV45. */
	assert_int_equal(hwpc_gens_parse(db, "NV40:NV41", &g, NULL), 0);
	assert_true(hwpc_gens_has(&g, chip(db, "NV45")));
	assert_false(hwpc_gens_has(&g, chip(db, "NV41")));
	hwpc_gens_format(db, &g, buf, sizeof buf);
	assert_string_equal(buf, "NV40:NV41");
	/* Lists, an open start, a single chipset. */
	assert_int_equal(hwpc_gens_parse(db, ":NV30,NV41", &g, NULL), 0);
	hwpc_gens_format(db, &g, buf, sizeof buf);
	assert_string_equal(buf, "NV10:NV30,NV41");
	assert_int_equal(hwpc_gens_parse(db, "G84", &g, NULL), 0);
	hwpc_gens_format(db, &g, buf, sizeof buf);
	assert_string_equal(buf, "G84");
	/* Open ranges stop at the edge of their chipset group. */
	assert_int_equal(hwpc_gens_parse(db, "NV41-", &g, NULL), 0);
	assert_false(hwpc_gens_has(&g, chip(db, "T1")));
	hwpc_gens_format(db, &g, buf, sizeof buf);
	assert_string_equal(buf, "NV41-");
	assert_int_equal(hwpc_gens_parse(db, ":T2", &g, NULL), 0);
	hwpc_gens_format(db, &g, buf, sizeof buf);
	assert_string_equal(buf, "T1");
	assert_int_equal(hwpc_gens_parse(db, "NV40:T2", &g, &err), HWPC_EINPUT);
	assert_non_null(strstr(err.msg, "spans two chipset groups"));
	assert_int_equal(hwpc_gens_parse(db, "all", &g, NULL), 0);
	hwpc_gens_format(db, &g, buf, sizeof buf);
	assert_string_equal(buf, "all");
	/* Errors. */
	assert_int_equal(hwpc_gens_parse(db, "NV99-", &g, &err), HWPC_EINPUT);
	assert_non_null(strstr(err.msg, "unknown chipset"));
	assert_int_equal(hwpc_gens_parse(db, "NV41:NV40", &g, &err), HWPC_EINPUT);
	assert_non_null(strstr(err.msg, "empty range"));
	assert_int_equal(hwpc_gens_parse(db, "NV10,,NV20", &g, &err), HWPC_EINPUT);
	hwpc_regdb_free(db);
}

static const char layout[] =
	"param X.COUNT 2 gens=NV10:NV40\n"
	"param X.COUNT 8 gens=NV40-\n"
	"param X.NAME HCLK\n"
	"space PC 0xa000 size=0x1000 gens=NV10:NV40\n"
	"reg SRC 0x400[dom:2/0x100] rw\n"
	"  field S0 0-7\n"
	"reg STATUS 0x430[dom:2/0x100][hi:2/0x200][lo:4] ro\n"
	"reg ACK 0x738 wo gens=NV30-\n"
	"  field DOM0 0\n"
	"reg CTRL 0x73c rw doc=\"control\"\n"
	"  field MODE 2\n"
	"    enum 0 SIMPLE\n"
	"    enum 1 B4 doc=\"four bits\"\n"
	"  field SPLIT 6,22 gens=NV20-\n"
	"    enum 3 BOTH hz=25000000\n"
	"space PC 0xa000 size=0x1000 gens=NV40-\n"
	"reg SRC 0x400[dom:8] rw\n"
	"reg STATUS 0x800[dom:8][i:8] ro\n"
	"space HUB 0x1b0000[dom:8/0x200] size=0x200 gens=G84-\n"
	"reg A 0x040 rw\n"
	"reg B 0x000[i:16] ro\n"
	"space GPC 0x180000[gpc:4/0x1000][dom:8/0x200] size=0x200 gens=G84- like=HUB\n";

static void test_arrays_and_lookup(void **state)
{
	(void)state;
	struct hwpc_regdb *db = parse_ok(layout);
	const struct hwpc_chipset *nv30 = chip(db, "NV30"), *nv40 = chip(db, "NV40"), *g84 = chip(db, "G84");
	struct hwpc_err err;
	uint32_t a, idx[HWPC_MAX_DIMS];

	/* The NV10-style status array: [dom][hi][lo] with default lo stride 4,
	 * and [dom][i] flattening i = hi*4 + lo. */
	const struct hwpc_reg *st = hwpc_reg_find(db, nv30, "STATUS", &err);
	assert_non_null(st);
	assert_int_equal(st->dims[2].stride, 4);
	uint32_t three[] = { 1, 1, 2 }, two[] = { 1, 6 };
	assert_int_equal(hwpc_reg_addr(st, three, 3, &a, NULL), 0);
	assert_int_equal(a, 0xa738);
	assert_int_equal(hwpc_reg_addr(st, two, 2, &a, NULL), 0);
	assert_int_equal(a, 0xa738);
	/* The scalar at that address wins over the overlapping array element. */
	const struct hwpc_reg *r = hwpc_reg_at(db, nv30, 0xa738, idx);
	assert_non_null(r);
	assert_string_equal(r->name, "PC.ACK");
	r = hwpc_reg_at(db, nv30, 0xa534, idx);
	assert_non_null(r);
	assert_string_equal(r->short_name, "STATUS");
	assert_int_equal(idx[0], 1);
	assert_int_equal(idx[1], 0);
	assert_int_equal(idx[2], 1);
	/* Out of range indices are errors naming the dimension. */
	uint32_t bad[] = { 2, 0 };
	assert_int_equal(hwpc_reg_addr(st, bad, 2, &a, &err), HWPC_EINPUT);
	assert_non_null(strstr(err.msg, "[dom]"));
	/* NV40 layout: inner stride 4, outer = 8*4. */
	st = hwpc_reg_find(db, nv40, "PC.STATUS", &err);
	assert_non_null(st);
	assert_int_equal(st->dims[0].stride, 0x20);
	uint32_t i37[] = { 3, 7 };
	assert_int_equal(hwpc_reg_addr(st, i37, 2, &a, NULL), 0);
	assert_int_equal(a, 0xa800 + 3 * 0x20 + 7 * 4);
	/* like=: GPC copies HUB's registers behind its own dims. */
	const struct hwpc_reg *gb = hwpc_reg_find(db, g84, "GPC.B", &err);
	assert_non_null(gb);
	assert_int_equal(gb->ndims, 3);
	uint32_t gi[] = { 2, 3, 5 };
	assert_int_equal(hwpc_reg_addr(gb, gi, 3, &a, NULL), 0);
	assert_int_equal(a, 0x180000 + 2 * 0x1000 + 3 * 0x200 + 5 * 4);
	/* A suffix shared by HUB.A and GPC.A is ambiguous. */
	assert_null(hwpc_reg_find(db, g84, "A", &err));
	assert_non_null(strstr(err.msg, "ambiguous"));
	/* A name valid elsewhere says where. */
	assert_null(hwpc_reg_find(db, chip(db, "NV20"), "ACK", &err));
	assert_non_null(strstr(err.msg, "(it exists on NV30)"));
	/* Suggestions. */
	assert_null(hwpc_reg_find(db, nv30, "CTLR", &err));
	assert_non_null(strstr(err.msg, "did you mean PC.CTRL"));
	hwpc_regdb_free(db);
}

static void test_fields_enums_params(void **state)
{
	(void)state;
	struct hwpc_regdb *db = parse_ok(layout);
	const struct hwpc_chipset *nv10 = chip(db, "NV10"), *nv30 = chip(db, "NV30");
	const struct hwpc_reg *ctrl = hwpc_reg_find(db, nv30, "CTRL", NULL);
	assert_non_null(ctrl);
	assert_null(hwpc_field_find(ctrl, nv10, "SPLIT")); /* gens=NV20- */
	const struct hwpc_field *f = hwpc_field_find(ctrl, nv30, "split");
	assert_non_null(f);
	assert_int_equal(f->width, 2);
	uint32_t v = 0;
	assert_true(hwpc_field_put(f, &v, 3));
	assert_int_equal(v, (1u << 6) | (1u << 22));
	assert_int_equal(hwpc_field_get(f, 1u << 22), 2);
	assert_false(hwpc_field_put(f, &v, 4));
	assert_int_equal(hwpc_field_mask(f), (1u << 6) | (1u << 22));
	const struct hwpc_enum *e = hwpc_enum_find_value(f, nv30, 3);
	int64_t hz;
	assert_non_null(e);
	assert_true(hwpc_enum_attr_num(e, "hz", &hz));
	assert_int_equal(hz, 25000000);
	char buf[128];
	hwpc_reg_decode(ctrl, nv30, 0x4, buf, sizeof buf);
	assert_string_equal(buf, "MODE=B4 SPLIT=0");
	assert_int_equal(hwpc_param_num(db, nv30, "X.COUNT", -1), 2);
	assert_int_equal(hwpc_param_num(db, chip(db, "G84"), "x.count", -1), 8);
	assert_string_equal(hwpc_param_str(db, nv10, "X.NAME", ""), "HCLK");
	assert_int_equal(hwpc_param_num(db, nv10, "X.MISSING", 7), 7);
	/* Register references as users write them. */
	struct hwpc_regref ref;
	struct hwpc_err err;
	assert_int_equal(hwpc_regref_parse(db, nv30, "PC.SRC[1].S0", &ref, &err), 0);
	assert_int_equal(ref.addr, 0xa500);
	assert_string_equal(ref.field->name, "S0");
	assert_int_equal(hwpc_regref_parse(db, nv30, "CTRL.MODE", &ref, &err), 0);
	assert_int_equal(ref.addr, 0xa73c);
	assert_int_equal(hwpc_regref_parse(db, nv30, "CTRL.NOPE", &ref, &err), HWPC_EINPUT);
	assert_int_equal(hwpc_regref_parse(db, nv30, "SRC[x]", &ref, &err), HWPC_EINPUT);
	assert_int_equal(hwpc_regref_parse(db, nv30, "SRC", &ref, &err), HWPC_EINPUT);
	assert_non_null(strstr(err.msg, "array"));
	hwpc_regref_format(&(struct hwpc_regref){ .reg = hwpc_reg_find(db, nv30, "SRC", NULL), .idx = { 1 }, .nidx = 1 },
			   buf, sizeof buf);
	assert_string_equal(buf, "PC.SRC[1]");
	hwpc_regdb_free(db);
}

static void test_malformed(void **state)
{
	(void)state;
	expect_error("reg X 0x0 rw\n", "test.regdb:1: reg X outside a space");
	expect_error("space S 0x0\nfield F 0\n", "test.regdb:2: field F outside a register");
	expect_error("space S 0x0\nreg R 0x0 rw\nenum 0 A\n", "test.regdb:3: enum A outside a field");
	expect_error("\n\nfrobnicate\n", "test.regdb:3: unknown keyword 'frobnicate'");
	expect_error("space S 0x0\nreg R 0x0 rx\n", "test.regdb:2: bad access 'rx'");
	expect_error("space S 0x0\nreg R 0x2 rw\n", "not 4-byte aligned");
	expect_error("space S 0x0\nreg R 0x0 rw\nfield F 8-3\n", "outside the 32-bit register");
	expect_error("space S 0x0\nreg R 0x0 rw\nfield F 3,3\n", "bit 3 used twice");
	expect_error("space S 0x0\nreg R 0x0 rw\nfield F 0-1\nenum 4 X\n", "does not fit the 2-bit field");
	expect_error("space S 0x0\nreg R 0x0 rw doc=\"open\n", "unterminated string");
	expect_error("space S 0x0\nreg R 0x[dom:2] rw\n", "bad address");
	expect_error("space S 0x0\nreg R 0x0[dom] rw\n", "bad array dimension");
	expect_error("space S 0x0\nreg R 0x0[dom:0] rw\n", "array count 0");
	expect_error("space S 0x0 size=0x10\nreg R 0x0[i:8] rw\n", "extends past the end of space S");
	expect_error("space S 0x0\nreg R 0x0 rw colour=red\n", "unknown attribute 'colour' for reg");
	expect_error("space S 0x0 gens=NV99-\n", "test.regdb:1: unknown chipset");
	expect_error("space S 0x0\nreg R 0x0 rw\nreg R 0x4 rw\n", "register S.R defined again");
	expect_error("space S 0x0 like=T\n", "like=T names no other space");
	expect_error("chipset NV99\n", "missing family=");
	/* Both places named: the second declaration's line, then the first's. */
	expect_error("\nchipset NV10 family=X\n", "test.regdb:2: chipset NV10 declared again (first at chips.regdb:2)");
	expect_error("param P\n", "expected 'param NAME VALUE");
	/* A file without a chipset table. */
	struct hwpc_err err;
	struct hwpc_regdb_text t = { "only.regdb", "space S 0x0\n" };
	struct hwpc_regdb *db;
	assert_int_equal(hwpc_regdb_parse(&t, 1, &db, &err), HWPC_EINPUT);
	assert_null(db);
}

/* What a read returns: read= on registers and fields, readback=, and the
 * defaults each access word implies. */
static void test_read_kinds(void **state)
{
	(void)state;
	struct hwpc_regdb *db = parse_ok("space S 0x0\n"
					 "reg RW 0x0 rw\n"
					 "reg RO 0x4 ro\n"
					 "reg CTR 0x8 rw read=live\n"
					 "reg DBG 0xc rw readback=0x0000ff00\n"
					 "\tfield TRIG 0 wo\n"
					 "\tfield MODE 8-9\n"
					 "\tfield STATE 16-17 ro read=live\n"
					 "reg W 0x10 wo\n"
					 "reg ST 0x14 w1c\n");
	const struct hwpc_chipset *c = chip(db, "NV40");
	const struct hwpc_reg *rw = hwpc_reg_find(db, c, "S.RW", NULL), *ro = hwpc_reg_find(db, c, "S.RO", NULL);
	const struct hwpc_reg *ctr = hwpc_reg_find(db, c, "S.CTR", NULL), *dbg = hwpc_reg_find(db, c, "S.DBG", NULL);
	assert_int_equal(hwpc_reg_read_bits(rw, c, HWPC_READ_WRITTEN), 0xffffffff);
	assert_int_equal(hwpc_reg_read_bits(ro, c, HWPC_READ_FIXED), 0xffffffff);
	assert_int_equal(hwpc_reg_read_bits(ctr, c, HWPC_READ_LIVE), 0xffffffff);
	assert_int_equal(hwpc_reg_read_bits(hwpc_reg_find(db, c, "S.W", NULL), c, HWPC_READ_ZERO), 0xffffffff);
	assert_int_equal(hwpc_reg_read_bits(hwpc_reg_find(db, c, "S.ST", NULL), c, HWPC_READ_LIVE), 0xffffffff);
	/* readback=: those bits read back, the others 0; a field of its own
	 * access or read= overrides, one without inherits. */
	assert_int_equal(hwpc_reg_read_bits(dbg, c, HWPC_READ_WRITTEN), 0x0000ff00);
	assert_int_equal(hwpc_reg_read_bits(dbg, c, HWPC_READ_LIVE), 0x00030000);
	assert_int_equal(hwpc_reg_read_bits(dbg, c, HWPC_READ_ZERO), ~0x0003ff00u);
	assert_int_equal(hwpc_reg_bit_read(dbg, c, 0), HWPC_READ_ZERO);
	assert_int_equal(hwpc_reg_bit_read(dbg, c, 9), HWPC_READ_WRITTEN);
	assert_string_equal(hwpc_read_name(HWPC_READ_LIVE), "live");
	hwpc_regdb_free(db);
	expect_error("space S 0x0\nreg R 0x0 rw read=sometimes\n",
		     "test.regdb:2: bad read= 'sometimes' for R (expected written, zero, live or fixed)");
	expect_error("space S 0x0\nreg R 0x0 rw\nfield F 0 read=maybe\n", "bad read= 'maybe' for F");
	expect_error("space S 0x0\nreg R 0x0 rw width=16 readback=0x10000\n", "bad readback mask '0x10000'");
	expect_error("space S 0x0\nreg R 0x0 rw\nfield F 0 readback=1\n", "unknown attribute 'readback' for field");
}

static void test_records(void **state)
{
	(void)state;
	struct hwpc_regdb *db = parse_ok("signal G84 0 pc01_gr_idle 0xc8 gens=G84- source=nouveau\n");
	assert_int_equal(hwpc_regdb_entry_count(db), 1);
	const struct hwpc_regdb_entry *r = hwpc_regdb_entry_at(db, 0);
	assert_string_equal(r->keyword, "signal");
	assert_int_equal(r->nwords, 4);
	assert_string_equal(r->words[2], "pc01_gr_idle");
	assert_string_equal(hwpc_entry_attr(r, "source"), "nouveau");
	assert_true(hwpc_gens_has(&r->gens, hwpc_chipset_by_name(db, "G84")));
	assert_false(hwpc_gens_has(&r->gens, hwpc_chipset_by_name(db, "NV41")));
	hwpc_regdb_free(db);
}

/* The compiled-in database: every chipset of the shared table, in order,
 * and the registers the seeds give at their addresses. */
static void test_embedded(void **state)
{
	(void)state;
	struct hwpc_regdb *db;
	struct hwpc_err err;
	unsetenv("HWPC_REGDB");
	assert_int_equal(hwpc_regdb_load(&db, &err), 0);
	assert_true(hwpc_regdb_chipset_count(db) >= 100);
	const struct hwpc_chipset *nv40 = chip(db, "NV40"), *nv45 = chip(db, "NV45"), *nv41 = chip(db, "NV41");
	assert_true(nv40->index < nv45->index && nv45->index < nv41->index);
	struct {
		const char *chip, *reg;
		uint32_t addr;
	} want[] = {
		{ "NV1", "PTIMER.TIME_HIGH", 0x101404 },  { "NV3", "PTIMER.TIME_HIGH", 0x009410 },
		{ "NV41", "PTIMER.CLOCK_SOURCE", 0x9220 }, { "NV45", "PTIMER.ALARM", 0x9420 },
		{ "NV10", "PCOUNTER.CTRL", 0xa73c },       { "NV34", "PCOUNTER.QUAD_ACK_TRIGGER", 0xa738 },
		{ "G84", "PCOUNTER.GCTRL", 0xa7a8 },       { "GF100", "PCOUNTER.HUB.SWAP_SRC[0]", 0x1b006c },
	};
	for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
		struct hwpc_regref ref;
		if (hwpc_regref_parse(db, chip(db, want[i].chip), want[i].reg, &ref, &err))
			fail_msg("%s on %s: %s", want[i].reg, want[i].chip, err.msg);
		assert_int_equal(ref.addr, want[i].addr);
	}
	/* The seeds exclude NV11, NV1A, NV17, NV18 from PCOUNTER. */
	assert_null(hwpc_reg_find(db, chip(db, "NV17"), "PCOUNTER.CTRL", NULL));
	assert_null(hwpc_reg_find(db, chip(db, "NV44"), "PTIMER.UNK080", NULL) ? NULL : NULL);
	assert_null(hwpc_reg_find(db, chip(db, "NV40"), "PTIMER.CLOCK_SOURCE", NULL));
	/* GF100 SIG_STATUS has 16 registers per domain (the seed, not rnndb). */
	const struct hwpc_reg *s = hwpc_reg_find(db, chip(db, "GF100"), "PCOUNTER.HUB.SIG_STATUS", &err);
	assert_non_null(s);
	assert_int_equal(s->dims[s->ndims - 1].count, 16);
	/* Every GF100 entry not from the seed says where it comes from. */
	const struct hwpc_reg *cyc = hwpc_reg_find(db, chip(db, "GF100"), "PCOUNTER.HUB.CTR_CYCLES", &err);
	assert_non_null(cyc);
	assert_non_null(cyc->source);
	hwpc_regdb_free(db);
}

static void write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

static void test_override_dir(void **state)
{
	(void)state;
	char dir[] = "/tmp/hwpc-regdb-XXXXXX", path[256];
	struct hwpc_regdb *db;
	struct hwpc_err err;
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof path, "%s/a.regdb", dir);
	write_file(path, chips);
	snprintf(path, sizeof path, "%s/b.regdb", dir);
	write_file(path, "space S 0x0\nreg R 0x4 rw\n");
	setenv("HWPC_REGDB", dir, 1);
	assert_int_equal(hwpc_regdb_load(&db, &err), 0);
	assert_int_equal(hwpc_regdb_chipset_count(db), 9);
	hwpc_regdb_free(db);
	write_file(path, "space S 0x0\nreg R 0x4 rw\nfield F 40\n");
	assert_int_equal(hwpc_regdb_load(&db, &err), HWPC_EINPUT);
	assert_non_null(strstr(err.msg, "/b.regdb:3:"));
	setenv("HWPC_REGDB", "/nonexistent/hwpc", 1);
	assert_int_equal(hwpc_regdb_load(&db, &err), HWPC_EINPUT);
	assert_non_null(strstr(err.msg, "/nonexistent/hwpc"));
	unsetenv("HWPC_REGDB");
	unlink(path);
	snprintf(path, sizeof path, "%s/a.regdb", dir);
	unlink(path);
	rmdir(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_gens_follow_table_order), cmocka_unit_test(test_arrays_and_lookup),
		cmocka_unit_test(test_fields_enums_params),     cmocka_unit_test(test_malformed),
		cmocka_unit_test(test_records),                 cmocka_unit_test(test_embedded),
		cmocka_unit_test(test_override_dir),            cmocka_unit_test(test_read_kinds),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
