/* SPDX-License-Identifier: MIT */
/* The bits of the timestamper's STATUS and CNTL come from regdb: the
 * compiled-in database gives the seed's StatusBits, a database with the
 * fields elsewhere moves them in the model (StatusRead, StatusWrite,
 * CntlWrite) and in hwpc_tensix_status_decode alike, and one lacking a field
 * is an error that names it. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "hwpc.h"
#include "sim/tensix_model.h"
#include "regdb_fixture.h"

/* The timestamper's registers with every STATUS and CNTL field moved
 * (and BUF0_POSITION narrowed to 12 bits); %s is replaced by the STATUS
 * fields, so that a test can leave one out. */
static const char moved_fmt[] =
	"chipset TENSIX family=Tensix group=tensix\n"
	"space RISCV_DEBUG_REG 0xb12000 size=0x1000 gens=TENSIX\n"
	"reg TIMESTAMP_CNTL 0x200 rw\n"
	"\tfield BUF0_VALID 8\n"
	"\tfield BUF1_VALID 3\n"
	"\tfield RESET_STREAMS 0\n"
	"reg TIMESTAMP_STATUS 0x204 rw\n"
	"%s";
static const char moved_status[] =
	"\tfield BUF0_FULL 31\n"
	"\tfield BUF1_FULL 20\n"
	"\tfield BUF0_OVERFLOW 2\n"
	"\tfield BUF1_OVERFLOW 0\n"
	"\tfield ACCUM_POS_64B 7\n"
	"\tfield ACCUM_POS_32B 4-5\n"
	"\tfield ACCUM_POS_96B 21-22\n"
	"\tfield BUF0_POSITION 8-19\n";

#define FULL0 (1u << 31)
#define FULL1 (1u << 20)
#define OVF0 (1u << 2)
#define OVF1 (1u << 0)
#define POS(n) ((uint32_t)(n) << 8)
#define POS32(n) ((uint32_t)(n) << 4)
#define POS96(n) ((uint32_t)(n) << 21)
#define POS64 (1u << 7)

static struct hwpc_regdb *parse_moved(const char *status_fields, struct hwpc_err *err)
{
	static char text[2048];
	snprintf(text, sizeof text, moved_fmt, status_fields);
	struct hwpc_regdb_text t = { "moved.regdb", text };
	struct hwpc_regdb *mdb = NULL;
	if (hwpc_regdb_parse(&t, 1, &mdb, err))
		fail_msg("moved.regdb: %s", err->msg);
	return mdb;
}

/* The fields point into the database: it stays while they are used. */
static struct hwpc_regdb *moved_db;

static void load_moved(struct hwpc_tensix_fields *f)
{
	struct hwpc_err err = { 0 };
	hwpc_regdb_free(moved_db);
	moved_db = parse_moved(moved_status, &err);
	if (hwpc_tensix_fields_load(moved_db, NULL, f, &err))
		fail_msg("%s", err.msg);
}

/* A model with the moved fields, fresh for each model test. */
static struct hwpc_tensix_fields moved;
static struct tsx_model M;
static uint8_t l1[1024];

static int moved_model_setup(void **state)
{
	load_moved(&moved);
	tsx_model_init(&M, &moved, l1, sizeof l1);
	return 0;
}

static int moved_teardown(void **state)
{
	hwpc_regdb_free(moved_db);
	moved_db = NULL;
	return 0;
}

static uint32_t rd(struct tsx_model *m, enum tsx_reg r)
{
	uint32_t v = 0xbad;
	assert_int_equal(tsx_model_read(m, r, &v, NULL), HWPC_OK);
	return v;
}

static void wr(struct tsx_model *m, enum tsx_reg r, uint32_t v)
{
	assert_int_equal(tsx_model_write(m, r, v, NULL), HWPC_OK);
}

/* The compiled-in database is the seed's StatusBits and CntlWrite. */
static void test_embedded_is_the_seed(void **state)
{
	struct hwpc_tensix_fields f;
	assert_int_equal(hwpc_tensix_fields_load(db, hwpc_chipset_by_name(db, "TENSIX"), &f, NULL), 0);
	const struct {
		const struct hwpc_field *got;
		unsigned shift, width;
	} want[] = {
		{ f.full[0], 0, 1 },         { f.full[1], 1, 1 },          { f.overflow[0], 4, 1 },
		{ f.overflow[1], 5, 1 },     { f.accum_pos_64b, 8, 1 },    { f.accum_pos_32b, 9, 2 },
		{ f.accum_pos_96b, 11, 2 },  { f.buf0_position, 14, 18 },  { f.valid[0], 0, 1 },
		{ f.valid[1], 1, 1 },        { f.reset_streams, 31, 1 },
	};
	for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
		assert_int_equal(want[i].got->ranges[0].lo, want[i].shift);
		assert_int_equal(want[i].got->width, want[i].width);
	}
}

/* StatusRead puts every member where the database says; StatusWrite's
 * 1s clear at those places (and the seed's places do nothing). */
static void test_model_status_follows_regdb(void **state)
{
	struct tsx_model *m = &M;
	wr(m, TSX_BUF0_START, 0);
	wr(m, TSX_BUF0_END, 0);
	wr(m, TSX_BUF1_START, 1);
	wr(m, TSX_BUF1_END, 1);
	wr(m, TSX_TIMESTAMP, 0x0); /* fills buffer 0 */
	assert_int_equal(rd(m, TSX_TIMESTAMP_STATUS), FULL0 | POS(1));
	wr(m, TSX_TIMESTAMP, 0x0); /* buffer 1 */
	wr(m, TSX_TIMESTAMP, 0x0); /* no space */
	assert_int_equal(rd(m, TSX_TIMESTAMP_STATUS), FULL0 | FULL1 | OVF0 | OVF1 | POS(1));
	wr(m, TSX_TIMESTAMP, 0x2);
	assert_int_equal(rd(m, TSX_TIMESTAMP_STATUS) & ~(FULL0 | FULL1 | OVF0 | OVF1 | POS(1)), POS32(1));
	wr(m, TSX_TIMESTAMP, 0x2);
	wr(m, TSX_TIMESTAMP, 0x2);
	wr(m, TSX_TIMESTAMP, 0x2); /* a flush: the accumulator is empty again */
	wr(m, TSX_TIMESTAMP, 0x4);
	assert_int_equal(rd(m, TSX_TIMESTAMP_STATUS) & (POS96(3) | POS32(3) | POS64), POS96(1));
	wr(m, TSX_TIMESTAMP, 0x4);
	wr(m, TSX_TIMESTAMP, 0x4);
	wr(m, TSX_TIMESTAMP, 0x4); /* three units: flushed */
	wr(m, TSX_TIMESTAMP, 0x1);
	assert_int_equal(rd(m, TSX_TIMESTAMP_STATUS) & (POS96(3) | POS32(3) | POS64), POS64);

	/* the seed's 0x33 clears all four; here only bit 0, BUF1_OVERFLOW */
	wr(m, TSX_TIMESTAMP_STATUS, 0x33);
	assert_true(m->bufs[0].full && m->bufs[1].full && m->bufs[0].overflow);
	assert_false(m->bufs[1].overflow);
	wr(m, TSX_TIMESTAMP_STATUS, OVF0);
	assert_false(m->bufs[0].overflow);
	assert_true(m->bufs[0].full);
	wr(m, TSX_TIMESTAMP_STATUS, FULL0);
	assert_false(m->bufs[0].full);
	assert_int_equal(m->bufs[0].position, 0);
	wr(m, TSX_TIMESTAMP_STATUS, FULL1);
	assert_false(m->bufs[1].full);
	assert_int_equal(rd(m, TSX_TIMESTAMP_STATUS) & (FULL0 | FULL1 | OVF0 | OVF1 | POS(0xfff)), 0);

	/* BUF0_POSITION is 12 bits wide here: the position's low 12 bits */
	m->bufs[0].position = 0x1234;
	assert_int_equal(rd(m, TSX_TIMESTAMP_STATUS) & POS(0xfff), POS(0x234));
}

/* CntlWrite and the power-on CNTL follow the database too. */
static void test_model_cntl_follows_regdb(void **state)
{
	struct tsx_model *m = &M;
	assert_int_equal(rd(m, TSX_TIMESTAMP_CNTL), (1u << 8) | (1u << 3)); /* both valid */
	wr(m, TSX_TIMESTAMP_CNTL, 3); /* the seed's "both valid": here RESET_STREAMS */
	assert_false(m->bufs[0].valid);
	assert_false(m->bufs[1].valid);
	assert_true(m->reset_streams);
	wr(m, TSX_TIMESTAMP_CNTL, 1u << 3);
	assert_false(m->bufs[0].valid);
	assert_true(m->bufs[1].valid);
	assert_false(m->reset_streams);
	wr(m, TSX_TIMESTAMP_CNTL, 1u << 31); /* the seed's RESET_STREAMS: nothing here */
	assert_false(m->reset_streams);
}

/* The decoder's caller decodes STATUS with the same fields: what the
 * model wrote reads back as its state. */
static void test_decode_follows_regdb(void **state)
{
	struct hwpc_tensix_fields f;
	struct hwpc_tensix_status s;
	load_moved(&f);
	hwpc_tensix_status_decode(&f, FULL1 | OVF0 | POS(0xabc) | POS96(3), &s);
	assert_false(s.full[0]);
	assert_true(s.full[1]);
	assert_true(s.overflow[0]);
	assert_false(s.overflow[1]);
	assert_int_equal(s.bufs0_position, 0xabc);
	assert_int_equal(s.accum_pos_96b, 3);
	assert_int_equal(s.accum_pos_32b, 0);
	assert_int_equal(hwpc_tensix_status_pending_words(&s), 1);
	hwpc_tensix_status_decode(&f, FULL0 | OVF1 | POS32(2), &s);
	assert_true(s.full[0] && s.overflow[1] && !s.full[1] && !s.overflow[0]);
	assert_int_equal(s.bufs0_position, 0);
	assert_int_equal(hwpc_tensix_status_pending_words(&s), 2);
	/* the seed's value 0x33 (both full, both overflowed) means else here */
	hwpc_tensix_status_decode(&f, 0x33, &s);
	assert_false(s.full[0] || s.full[1] || s.overflow[0]);
	assert_true(s.overflow[1]);
	assert_int_equal(s.accum_pos_32b, 3);
}

static void expect_load_error(const char *status_fields, const char *needle)
{
	struct hwpc_err err = { 0 };
	struct hwpc_tensix_fields f;
	struct hwpc_regdb *mdb = parse_moved(status_fields, &err);
	assert_int_equal(hwpc_tensix_fields_load(mdb, NULL, &f, &err), HWPC_EINPUT);
	assert_int_equal(err.status, HWPC_EINPUT);
	if (!strstr(err.msg, needle))
		fail_msg("error '%s' lacks '%s'", err.msg, needle);
	hwpc_regdb_free(mdb);
}

/* A field regdb lacks, or gives in pieces, is an error naming it. */
static void test_missing_field_named(void **state)
{
	char text[1024];
	const char *ovf1 = strstr(moved_status, "\tfield BUF1_OVERFLOW");
	const char *next = strchr(ovf1, '\n') + 1;
	snprintf(text, sizeof text, "%.*s%s", (int)(ovf1 - moved_status), moved_status, next);
	expect_load_error(text, "regdb lacks field RISCV_DEBUG_REG.TIMESTAMP_STATUS.BUF1_OVERFLOW for TENSIX");
	snprintf(text, sizeof text, "%s\tfield UNUSED 23\n", "\tfield BUF0_FULL 31\n");
	expect_load_error(text, "TIMESTAMP_STATUS.BUF1_FULL");
	snprintf(text, sizeof text, "%.*s\tfield BUF0_POSITION 8-15,24-27\n",
		 (int)(strstr(moved_status, "\tfield BUF0_POSITION") - moved_status), moved_status);
	expect_load_error(text, "TIMESTAMP_STATUS.BUF0_POSITION is in 2 pieces");

	/* no timestamper at all */
	struct hwpc_err err = { 0 };
	struct hwpc_tensix_fields f;
	struct hwpc_regdb_text t = { "none.regdb", "chipset NV10 family=Celsius id=0x10\n" };
	struct hwpc_regdb *mdb = NULL;
	assert_int_equal(hwpc_regdb_parse(&t, 1, &mdb, &err), 0);
	assert_int_equal(hwpc_tensix_fields_load(mdb, NULL, &f, &err), HWPC_EINPUT);
	assert_non_null(strstr(err.msg, "no chipset with RISCV_DEBUG_REG.TIMESTAMP_STATUS"));
	/* a chipset without one */
	assert_int_equal(hwpc_tensix_fields_load(mdb, hwpc_chipset_by_name(mdb, "NV10"), &f, &err), HWPC_EINPUT);
	assert_non_null(strstr(err.msg, "regdb lacks RISCV_DEBUG_REG.TIMESTAMP_STATUS for NV10"));
	hwpc_regdb_free(mdb);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_embedded_is_the_seed),
		cmocka_unit_test_setup_teardown(test_model_status_follows_regdb, moved_model_setup, moved_teardown),
		cmocka_unit_test_setup_teardown(test_model_cntl_follows_regdb, moved_model_setup, moved_teardown),
		cmocka_unit_test_teardown(test_decode_follows_regdb, moved_teardown),
		cmocka_unit_test(test_missing_field_named),
	};
	return cmocka_run_group_tests(tests, regdb_setup, regdb_teardown);
}
