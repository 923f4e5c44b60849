/* SPDX-License-Identifier: MIT */
/* regdb's generated files and chip views: hand-written registers win over
 * generated ones by name and by address, on the chipsets both cover; a
 * generated file holds registers only; 8- and 64-bit registers; the view's
 * order and lookups; the compiled-in tables against the same files parsed
 * at run time; the names users type for a chipset; sized accesses. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "hwpc.h"
#include "pcsim_test.h"

static const char chips[] =
	"vendor 0x10de NVIDIA\n"
	"chipset NV10 family=Celsius id=0x10\n"
	"chipset NV40 family=Curie id=0x40\n"
	"chipset G84 family=Tesla id=0x84 alias=\"GeForce 8600 GTS|G84X\"\n"
	"chipset G92 family=Tesla id=0x92\n"
	"chipset GF100 family=Fermi id=0xc0\n";

/* The hand-written unit PFOO: a scalar at 0x100, an array at 0x200. */
static const char hand[] =
	"space PFOO 0x9000 gens=NV40-\n"
	"reg CTRL 0x100 rw\n"
	"	field ENABLE 0\n"
	"reg STATUS 0x200[i:4] ro gens=G84-\n";

/* Generated: the same name on more chipsets, other names at the same
 * addresses, registers hand-written regdb does not have. */
static const char gen[] =
	"generated test-rnndb commit=0123 file=rnndb/pfoo.xml\n"
	"space PFOO 0x9000 gens=NV10-\n"
	"reg CTRL 0x100 rw\n"                   /* by name: only NV10 left */
	"reg MODE 0x100 rw gens=NV10:G92\n"     /* by address: only NV10 left */
	"reg STAT2 0x208 ro\n"                  /* inside STATUS[2] on G84-: NV10, NV40 left */
	"reg BYTE 0x301 rw width=8\n"           /* nobody else's: every chipset */
	"	field LOW 0-3\n"
	"reg WIDE 0x308 rw width=64\n"
	"	field HIGH 32-63\n";

static struct hwpc_regdb *parse(const char *a, const char *b, const char *c, struct hwpc_err *err)
{
	struct hwpc_regdb_text t[3] = { { "chips.regdb", a }, { "pfoo.regdb", b }, { "rnndb/pfoo.regdb", c } };
	struct hwpc_regdb *db = NULL;
	hwpc_regdb_parse(t, c ? 3 : b ? 2 : 1, &db, err);
	return db;
}

static struct hwpc_regview *view(struct hwpc_regdb *db, const char *chip)
{
	struct hwpc_regview *v;
	struct hwpc_err err;
	const struct hwpc_chipset *c = hwpc_chipset_by_name(db, chip);
	assert_non_null(c);
	if (hwpc_regview_new(db, c, &v, &err))
		fail_msg("view of %s: %s", chip, err.msg);
	return v;
}

/* The registers a view has, "NAME@ADDR ..." in its order. */
static void names(const struct hwpc_regview *v, char *buf, size_t len)
{
	size_t n = 0;
	buf[0] = 0;
	for (unsigned i = 0; i < hwpc_regview_count(v); i++) {
		const struct hwpc_reg *r = hwpc_regview_reg(v, i);
		n += (size_t)snprintf(buf + n, len - n, "%s%s@%x", n ? " " : "", r->name, r->space->base + r->offset);
	}
}

static void test_hand_written_wins(void **state)
{
	(void)state;
	struct hwpc_err err;
	struct hwpc_regdb *db = parse(chips, hand, gen, &err);
	if (!db)
		fail_msg("parse: %s", err.msg);
	char buf[512];
	struct hwpc_regview *v = view(db, "NV10");
	names(v, buf, sizeof buf);
	assert_string_equal(buf, "PFOO.CTRL@9100 PFOO.MODE@9100 PFOO.STAT2@9208 PFOO.BYTE@9301 PFOO.WIDE@9308");
	assert_true(hwpc_regview_find(v, "PFOO.CTRL", NULL)->generated);
	hwpc_regview_free(v);
	v = view(db, "NV40");
	names(v, buf, sizeof buf);
	assert_string_equal(buf, "PFOO.CTRL@9100 PFOO.STAT2@9208 PFOO.BYTE@9301 PFOO.WIDE@9308");
	/* The hand-written register is the database's own, not a copy. */
	const struct hwpc_reg *ctrl = hwpc_regview_find(v, "PFOO.CTRL", NULL);
	assert_false(ctrl->generated);
	assert_ptr_equal(ctrl, hwpc_reg_find(db, hwpc_chipset_by_name(db, "NV40"), "PFOO.CTRL", NULL));
	hwpc_regview_free(v);
	v = view(db, "G84");
	names(v, buf, sizeof buf);
	assert_string_equal(buf, "PFOO.CTRL@9100 PFOO.STATUS@9200 PFOO.BYTE@9301 PFOO.WIDE@9308");
	/* The database lists its hand-written registers and spaces only. */
	assert_int_equal(hwpc_regdb_reg_count(db), 2);
	assert_int_equal(hwpc_regdb_space_count(db), 1);
	/* Where a generated register comes from. */
	const struct hwpc_reg *b = hwpc_regview_find(v, "BYTE", NULL);
	assert_string_equal(b->source, "test-rnndb rnndb/pfoo.xml (commit 0123)");
	assert_int_equal(b->width, 8);
	hwpc_regview_free(v);
	hwpc_regdb_free(db);
}

static void test_generated_file_rules(void **state)
{
	(void)state;
	struct hwpc_err err;
	static const struct {
		const char *text, *msg;
	} bad[] = {
		{ "space S 0x0\ngenerated x\n", "rnndb/pfoo.regdb:2: 'generated' after other statements" },
		{ "generated x\nparam P 1\n", "rnndb/pfoo.regdb:2: 'param' in a generated file" },
		{ "generated x\nchipset NV50 family=Tesla\n", "rnndb/pfoo.regdb:2: 'chipset' in a generated file" },
		{ "generated x bogus=1\n", "unknown attribute 'bogus' for generated" },
		{ "generated x\nspace S 0x0\nreg R 0x1 rw width=16\n", "offset 0x1 of R is not 2-byte aligned" },
		{ "generated x\nspace S 0x0\nreg R 0x0 rw width=8\nfield F 8\n", "bit range '8' outside the 8-bit register" },
		{ "generated x\nspace S 0x0\nreg R 0x0 rw width=24\n", "bad width '24' (expected 8, 16, 32 or 64)" },
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		struct hwpc_regdb *db = parse(chips, hand, bad[i].text, &err);
		if (db)
			fail_msg("no error for:\n%s", bad[i].text);
		if (!strstr(err.msg, bad[i].msg))
			fail_msg("'%s' lacks '%s'", err.msg, bad[i].msg);
	}
	/* Two generated registers of one name still need disjoint chipsets. */
	assert_null(parse(chips, hand, "generated x\nspace S 0x0\nreg R 0x0 rw\nreg R 0x4 rw\n", &err));
	assert_non_null(strstr(err.msg, "register S.R defined again"));
}

static void test_view_lookups(void **state)
{
	(void)state;
	struct hwpc_err err;
	struct hwpc_regdb *db = parse(chips, hand, gen, &err);
	struct hwpc_regview *v = view(db, "G84");
	uint32_t idx[HWPC_MAX_DIMS];
	struct hwpc_regref ref;
	/* A short name: the hand-written register it names wins. */
	assert_int_equal(hwpc_regview_ref_parse(v, "STATUS[2]", &ref, NULL), 0);
	assert_int_equal(ref.addr, 0x9208);
	/* By address: the element, its index; nothing between elements. */
	assert_ptr_equal(hwpc_regview_at(v, 0x920c, idx), ref.reg);
	assert_int_equal(idx[0], 3);
	assert_null(hwpc_regview_at(v, 0x920a, idx));
	assert_string_equal(hwpc_regview_at(v, 0x9301, idx)->name, "PFOO.BYTE");
	/* A 64-bit register's high field. */
	const struct hwpc_reg *w = hwpc_regview_find(v, "WIDE", NULL);
	const struct hwpc_field *hi = hwpc_field_find(w, hwpc_regview_chip(v), "HIGH");
	assert_int_equal(hwpc_field_get(hi, 0x1234567800000000ULL), 0x12345678);
	/* Errors as the database's. */
	assert_null(hwpc_regview_find(v, "MODE", &err));
	assert_string_equal(err.msg, "register MODE does not exist on G84 (it exists on NV10)");
	assert_null(hwpc_regview_find(v, "BYTF", &err));
	assert_string_equal(err.msg, "unknown register 'BYTF' on G84 (did you mean PFOO.BYTE?)");
	hwpc_regview_free(v);
	hwpc_regdb_free(db);
}

static void test_chipset_names(void **state)
{
	(void)state;
	struct hwpc_err err;
	struct hwpc_regdb *db = parse(chips, NULL, NULL, &err);
	/* nouveau's NVxx (the BOOT_0 id in hex), aliases (blanks and case
	 * aside), names of no chipset. */
	assert_string_equal(hwpc_chipset_by_name(db, "NV84")->name, "G84");
	assert_string_equal(hwpc_chipset_by_name(db, "nvc0")->name, "GF100");
	assert_string_equal(hwpc_chipset_by_name(db, "geforce 8600gts")->name, "G84");
	assert_string_equal(hwpc_chipset_by_name(db, "g84x")->name, "G84");
	assert_null(hwpc_chipset_by_name(db, "NV85"));
	assert_null(hwpc_chipset_by_name(db, "GeForce"));
	/* Did you mean: the nearest id for NVxx; the family the letters name. */
	assert_string_equal(hwpc_chipset_nearest(db, "NV85")->name, "G84");
	assert_string_equal(hwpc_chipset_nearest(db, "NV91")->name, "G92");
	assert_string_equal(hwpc_chipset_nearest(db, "GF101")->name, "GF100");
	assert_string_equal(hwpc_chipset_nearest(db, "G93")->name, "G92");
	assert_null(hwpc_chipset_nearest(db, "zz99"));
	hwpc_regdb_free(db);
}

/* The tables compiled into libhwpc are what the source tree's regdb/ gives
 * when parsed at run time (HWPC_REGDB=regdb). */
static void test_builtin_is_the_tree(void **state)
{
	(void)state;
	struct hwpc_regdb *a, *b;
	struct hwpc_err err;
	const char *dir = "regdb"; /* the tests run from the top of the tree */
	unsetenv("HWPC_REGDB");
	assert_int_equal(hwpc_regdb_load(&a, &err), 0);
	if (hwpc_regdb_load_dir(dir, &b, &err))
		fail_msg("%s: %s", dir, err.msg);
	assert_int_equal(hwpc_regdb_chipset_count(a), hwpc_regdb_chipset_count(b));
	static const char *const some[] = { "NV1", "NV10", "NV40", "G84", "GF100", "GK104" };
	for (size_t c = 0; c < sizeof some / sizeof some[0]; c++) {
		struct hwpc_regview *va = view(a, some[c]), *vb = view(b, some[c]);
		assert_int_equal(hwpc_regview_count(va), hwpc_regview_count(vb));
		for (unsigned i = 0; i < hwpc_regview_count(va); i++) {
			const struct hwpc_reg *x = hwpc_regview_reg(va, i), *y = hwpc_regview_reg(vb, i);
			assert_string_equal(x->name, y->name);
			assert_int_equal(x->space->base + x->offset, y->space->base + y->offset);
			assert_int_equal(x->nfields, y->nfields);
			/* every attribute, so that one the compiler forgets to
			 * carry (read=, readback=) cannot hide */
			assert_int_equal(x->access, y->access);
			assert_int_equal(x->width, y->width);
			assert_int_equal(x->read, y->read);
			assert_int_equal(x->has_readback, y->has_readback);
			assert_int_equal(x->readback, y->readback);
			assert_int_equal(x->generated, y->generated);
			assert_int_equal(x->ndims, y->ndims);
			assert_int_equal(!x->onread, !y->onread);
			for (unsigned k = 0; k < x->nfields; k++) {
				const struct hwpc_field *fx = &x->fields[k], *fy = &y->fields[k];
				assert_string_equal(fx->name, fy->name);
				assert_int_equal(fx->access, fy->access);
				assert_int_equal(fx->read, fy->read);
				assert_int_equal(fx->inherit_read, fy->inherit_read);
				assert_int_equal(fx->width, fy->width);
				assert_int_equal(fx->nenums, fy->nenums);
				assert_int_equal(hwpc_field_mask(fx), hwpc_field_mask(fy));
			}
		}
		/* Most of envytools' MMIO space: a hundred registers or more. */
		assert_true(hwpc_regview_count(va) > 100 || !strcmp(some[c], "NV1"));
		hwpc_regview_free(va);
		hwpc_regview_free(vb);
	}
	/* What a read returns survives the compiling (read=, readback=, a
	 * field's own): a counter reads live, DEBUG_1 reads back only some
	 * bits on NV40, its PM_TRIGGER reads 0. */
	const struct hwpc_chipset *g84 = hwpc_chipset_by_name(a, "G84"), *nv40 = hwpc_chipset_by_name(a, "NV40");
	const struct hwpc_reg *r = hwpc_reg_find(a, g84, "PCOUNTER.CTR_STOP", NULL);
	assert_non_null(r);
	assert_int_equal(hwpc_reg_read_bits(r, g84, HWPC_READ_LIVE), 0xffffffffu);
	r = hwpc_reg_find(a, nv40, "PGRAPH.DEBUG_1", NULL);
	assert_non_null(r);
	assert_int_equal(hwpc_reg_read_bits(r, nv40, HWPC_READ_WRITTEN), 0x7010c7c1u & ~0x20u);
	assert_int_equal(hwpc_reg_bit_read(r, nv40, 5), HWPC_READ_ZERO);
	hwpc_regdb_free(a);
	hwpc_regdb_free(b);
}

/* 1-, 2- and 8-byte accesses on the simulator, which keeps 32-bit words. */
static void test_sized_access(void **state)
{
	(void)state;
	struct pt t;
	uint64_t v;
	pt_open(&t, "g84", NULL);
	assert_int_equal(hwpc_reg_write(t.dev, "PTIMER.ALARM", 0x12345660, NULL), 0);
	assert_int_equal(hwpc_rd(t.dev, 0x9421, 1, &v), 0);
	assert_int_equal(v, 0x56);
	assert_int_equal(hwpc_rd(t.dev, 0x9422, 2, &v), 0);
	assert_int_equal(v, 0x1234);
	/* A halfword written into the word, the rest kept. */
	assert_int_equal(hwpc_wr(t.dev, 0x9422, 2, 0xabcd), 0);
	assert_int_equal(hwpc_rd(t.dev, 0x9420, 4, &v), 0);
	assert_int_equal(v, 0xabcd5660);
	assert_int_equal(hwpc_rd(t.dev, 0x9421, 2, &v), HWPC_EINPUT);
	assert_non_null(strstr(t.dev->err.msg, "not aligned"));
	/* No register known there: refused without --force. */
	assert_int_equal(hwpc_wr(t.dev, 0x00fffd, 1, 1), HWPC_EINPUT);
	assert_non_null(strstr(t.dev->err.msg, "no register known there"));
	pt_close(&t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hand_written_wins),  cmocka_unit_test(test_generated_file_rules),
		cmocka_unit_test(test_view_lookups),       cmocka_unit_test(test_chipset_names),
		cmocka_unit_test(test_builtin_is_the_tree), cmocka_unit_test(test_sized_access),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
