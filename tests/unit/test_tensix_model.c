/* SPDX-License-Identifier: MIT */
/* The Tensix debug timestamper model, against the seed ("Debug
 * Timestamper") sentence by sentence; each test quotes what it checks.
 * The model takes STATUS and CNTL's bits from the compiled-in regdb, which
 * has the seed's StatusBits: the raw values below are the seed's. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "hwpc.h"
#include "sim/tensix_model.h"
#include "regdb_fixture.h"

static uint8_t l1[4096];
static struct tsx_model M;
static struct hwpc_tensix_fields F;

static int group_setup(void **state)
{
	return regdb_setup(state) || hwpc_tensix_fields_load(db, NULL, &F, NULL);
}

static int setup(void **state)
{
	memset(l1, 0xee, sizeof l1);
	tsx_model_init(&M, &F, l1, sizeof l1);
	return 0;
}

static uint32_t rd(enum tsx_reg r)
{
	uint32_t v = 0xbad;
	assert_int_equal(tsx_model_read(&M, r, &v, NULL), HWPC_OK);
	return v;
}

static void wr(enum tsx_reg r, uint32_t v)
{
	struct hwpc_err err = {0};
	assert_int_equal(tsx_model_write(&M, r, v, &err), HWPC_OK);
}

static uint32_t l1_word(uint32_t byte_addr)
{
	const uint8_t *p = l1 + byte_addr;
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static void bufs(uint32_t s0, uint32_t e0, uint32_t s1, uint32_t e1)
{
	wr(TSX_BUF0_START, s0);
	wr(TSX_BUF0_END, e0);
	wr(TSX_BUF1_START, s1);
	wr(TSX_BUF1_END, e1);
}

/* "A 64-bit counter which increments by one every clock cycle" and "The
 * low 32 bits can be obtained by reading from WALL_CLOCK_L." */
static void test_counter_increments(void **state)
{
	assert_int_equal(rd(TSX_WALL_CLOCK_L), 0);
	tsx_model_advance(&M, 7);
	assert_int_equal(rd(TSX_WALL_CLOCK_L), 7);
	tsx_model_advance(&M, 0x100000000ull);
	assert_int_equal(rd(TSX_WALL_CLOCK_L), 7);
	assert_int_equal(M.counter, 0x100000007ull);
}

/* "the full 64 bits can be obtained by reading from WALL_CLOCK_L and then
 * reading from WALL_CLOCK_H": H returns counter_high_at, latched by the
 * read of L, so a carry in between does not tear the value. */
static void test_l_then_h_is_consistent(void **state)
{
	tsx_model_advance(&M, 0x1fffffffeull);
	uint32_t lo = rd(TSX_WALL_CLOCK_L);
	tsx_model_advance(&M, 5); /* the low half wraps */
	uint32_t hi = rd(TSX_WALL_CLOCK_H);
	assert_int_equal((uint64_t)hi << 32 | lo, 0x1fffffffeull);
}

/* "If there are multiple agents ... read L+4, L, L+4, retry if the two
 * high reads differ": L+4 returns the live high half. */
static void test_multi_agent_sequence(void **state)
{
	tsx_model_advance(&M, 0xffffffffull);
	uint32_t h1 = rd(TSX_WALL_CLOCK_L4);
	tsx_model_advance(&M, 1); /* carry between the reads */
	uint32_t lo = rd(TSX_WALL_CLOCK_L);
	uint32_t h2 = rd(TSX_WALL_CLOCK_L4);
	assert_int_not_equal(h1, h2); /* the sequence retries */
	h1 = rd(TSX_WALL_CLOCK_L4);
	lo = rd(TSX_WALL_CLOCK_L);
	h2 = rd(TSX_WALL_CLOCK_L4);
	assert_int_equal(h1, h2);
	assert_int_equal((uint64_t)h2 << 32 | lo, 0x100000000ull);
}

/* Memory map rows: write behaviour and read behaviour of each address. */
static void test_memory_map(void **state)
{
	tsx_model_advance(&M, 0x300000000ull);
	wr(TSX_WALL_CLOCK_L, 0); /* "counter_high_at = counter >> 32 (No other effect)" */
	assert_int_equal(M.counter_high_at, 3);
	assert_int_equal(M.counter, 0x300000000ull);
	tsx_model_advance(&M, 0x100000000ull);
	wr(TSX_WALL_CLOCK_L4, 0); /* "No effect" */
	wr(TSX_WALL_CLOCK_H, 0);  /* "No effect" */
	assert_int_equal(rd(TSX_WALL_CLOCK_H), 3);
	assert_int_equal(rd(TSX_TIMESTAMP), 0); /* "return 0" */
	assert_int_equal(rd(TSX_TIMESTAMP_CNTL), 3); /* cntl_raw = 3 */
	wr(TSX_TIMESTAMP_CNTL, 0x12345672);
	assert_int_equal(rd(TSX_TIMESTAMP_CNTL), 0x12345672); /* "return cntl_raw" */
	assert_false(M.bufs[0].valid);
	assert_true(M.bufs[1].valid);
	bufs(1, 2, 3, 4);
	assert_int_equal(rd(TSX_BUF0_START), 1);
	assert_int_equal(rd(TSX_BUF0_END), 2);
	assert_int_equal(rd(TSX_BUF1_START), 3);
	assert_int_equal(rd(TSX_BUF1_END), 4);
	assert_int_equal(tsx_reg_offset(TSX_BUF1_END), 0x2214 - 0x21f0);
	assert_string_equal(tsx_reg_name(TSX_TIMESTAMP_STATUS), "RISCV_DEBUG_REG_TIMESTAMP_STATUS");
}

/* The event table: "128 bits | 0 | header, counter_lo, counter_hi, 0" and
 * "96 bits | 4 | header, counter_lo, counter_hi"; the low three bits
 * choose the size and "the remaining 29 bits ... will be passed through". */
static void test_event_contents_128_96(void **state)
{
	bufs(0, 15, 16, 31);
	tsx_model_advance(&M, 0x1234500000abcdull);
	wr(TSX_TIMESTAMP, 0xfffffff8);
	assert_int_equal(l1_word(0), 0xfffffff8);
	assert_int_equal(l1_word(4), 0x0000abcd);
	assert_int_equal(l1_word(8), 0x00123450);
	assert_int_equal(l1_word(12), 0);
	wr(TSX_TIMESTAMP, 0x0c);
	wr(TSX_TIMESTAMP, 0x14);
	wr(TSX_TIMESTAMP, 0x1c);
	wr(TSX_TIMESTAMP, 0x24); /* four 96-bit events fill three units */
	assert_int_equal(M.bufs[0].position, 4);
	assert_int_equal(l1_word(16), 0x0c);
	assert_int_equal(l1_word(28), 0x14); /* straddles into the next unit */
	assert_int_equal(l1_word(32), 0xabcd);
	assert_int_equal(l1_word(60), 0x123450);
}

/* "64 bits | 1 | header, counter_lo" and "32 bits | 2 | (header &
 * 0x0000ffff) + ((counter_lo & 0x001fffe0) << 11)". */
static void test_event_contents_64_32(void **state)
{
	bufs(0, 15, 16, 31);
	tsx_model_advance(&M, 0x700001234ull);
	wr(TSX_TIMESTAMP, 0xabc1);
	wr(TSX_TIMESTAMP, 0xabc9);
	assert_int_equal(l1_word(0), 0xabc1);
	assert_int_equal(l1_word(4), 0x00001234);
	assert_int_equal(l1_word(8), 0xabc9);
	for (int i = 0; i < 4; i++)
		wr(TSX_TIMESTAMP, 0xffff000a);
	assert_int_equal(l1_word(16), 0x000a + ((0x1234u & 0x1fffe0) << 11));
	assert_int_equal(l1_word(16), 0x0091000a);
}

/* "the event is appended to an internal write-accumulation buffer instead
 * of going straight out to L1, and this buffer is automatically flushed
 * once it contains 128 bits of event data." */
static void test_accumulate_then_autoflush(void **state)
{
	bufs(0, 15, 16, 31);
	wr(TSX_TIMESTAMP, 0x21);
	assert_int_equal(l1_word(0), 0xeeeeeeee); /* nothing in L1 yet */
	assert_int_equal(M.bufs[0].position, 0);
	wr(TSX_TIMESTAMP, 0x29);
	assert_int_equal(l1_word(0), 0x21);
	assert_int_equal(M.bufs[0].position, 1); /* "Incremented on every L1 write" */
	assert_int_equal(M.accum.event_size, 0);
}

/* "If using 64-bit or 96-bit events, the write-accumulation buffer can be
 * flushed by writing a special value": FLUSH_64b = 3, FLUSH_96b = 7; the
 * rest of the unit is zero. */
static void test_manual_flush(void **state)
{
	bufs(0, 15, 16, 31);
	wr(TSX_TIMESTAMP, 0x21);
	wr(TSX_TIMESTAMP, TSX_FLUSH_64b);
	assert_int_equal(l1_word(0), 0x21);
	assert_int_equal(l1_word(8), 0);
	assert_int_equal(l1_word(12), 0);
	wr(TSX_TIMESTAMP, 0x0c);
	wr(TSX_TIMESTAMP, TSX_FLUSH_96b);
	assert_int_equal(l1_word(16), 0x0c);
	assert_int_equal(l1_word(28), 0);
	/* FlushAccum pads from any position, so a flush of an empty
	 * accumulator writes a unit of zeros */
	wr(TSX_TIMESTAMP, TSX_FLUSH_64b);
	assert_int_equal(M.bufs[0].position, 3);
	assert_int_equal(l1_word(32), 0);
}

/* "the status of the write-accumulation buffer can be queried by reading
 * from TIMESTAMP_STATUS, from which it is possible to infer how many more
 * events need to be appended to trigger an automatic flush." */
static void test_status_accum_positions(void **state)
{
	bufs(0, 15, 16, 31);
	for (unsigned i = 1; i <= 4; i++) {
		wr(TSX_TIMESTAMP, 0x02);
		assert_int_equal(rd(TSX_TIMESTAMP_STATUS) >> 9 & 3, i & 3); /* accum_pos_32b */
	}
	wr(TSX_TIMESTAMP, 0x01);
	assert_int_equal(rd(TSX_TIMESTAMP_STATUS) >> 8 & 1, 1); /* accum_pos_64b = 2/2 */
	wr(TSX_TIMESTAMP, 0x01);
	/* (4 - position) & 3 while event_size == 96.  The seed's pseudocode
	 * clears event_size at the automatic flush inside the second event,
	 * so the field reads 0 while that event's tail waits: only the first
	 * event after a flush is visible. */
	unsigned want96[] = {1, 0, 0, 0};
	for (unsigned i = 0; i < 4; i++) {
		wr(TSX_TIMESTAMP, 0x04);
		uint32_t s = rd(TSX_TIMESTAMP_STATUS);
		assert_int_equal(s >> 11 & 3, want96[i]);
		assert_int_equal(s >> 8 & 3, 0);
	}
	assert_int_equal(rd(TSX_TIMESTAMP_STATUS) >> 14, M.bufs[0].position); /* bufs0_position */
	assert_int_equal(M.bufs[0].position, 1 + 1 + 3);
}

/* "Different event sizes cannot be mixed; the write-accumulation buffer
 * must be flushed ... when changing event size." SetEventSize calls
 * UndefinedBehaviour(): the model refuses and changes nothing. */
static void test_mixing_refused(void **state)
{
	bufs(0, 15, 16, 31);
	wr(TSX_TIMESTAMP, 0x21);
	struct tsx_model before;
	memcpy(&before, &M, sizeof M);
	struct hwpc_err err = {0};
	assert_int_equal(tsx_model_write(&M, TSX_TIMESTAMP, 0x2, &err), HWPC_EINPUT);
	assert_non_null(strstr(err.msg, "32-bit event while the accumulator holds 64-bit"));
	assert_int_equal(tsx_model_write(&M, TSX_TIMESTAMP, TSX_FLUSH_96b, &err), HWPC_EINPUT);
	assert_memory_equal(&before, &M, sizeof M);
	wr(TSX_TIMESTAMP, TSX_FLUSH_64b); /* the right flush is fine */
	wr(TSX_TIMESTAMP, 0x2);           /* and then any size */
}

/* CmdWrite's "default: UndefinedBehaviour()": size codes 5 and 6. */
static void test_undefined_codes_refused(void **state)
{
	struct hwpc_err err = {0};
	assert_int_equal(tsx_model_write(&M, TSX_TIMESTAMP, 0x105, &err), HWPC_EINPUT);
	assert_non_null(strstr(err.msg, "size code 5 is undefined"));
	assert_int_equal(tsx_model_write(&M, TSX_TIMESTAMP, 0x6, &err), HWPC_EINPUT);
	assert_int_equal(M.accum.position, 0);
}

/* FlushAccum: "Find first buffer with space, append 16 bytes to it"; a
 * buffer becomes full when start + position > end; "No buffers with
 * space; mark all valid buffers as overflowed." */
static void test_buffers_full_overflow(void **state)
{
	bufs(2, 3, 10, 10);
	for (unsigned i = 0; i < 3 * 2; i++)
		wr(TSX_TIMESTAMP, 0x21 + 8 * i); /* three units */
	assert_true(M.bufs[0].full);
	assert_true(M.bufs[1].full);
	assert_int_equal(l1_word(2 * 16), 0x21);
	assert_int_equal(l1_word(3 * 16), 0x21 + 8 * 2);
	assert_int_equal(l1_word(10 * 16), 0x21 + 8 * 4);
	assert_false(M.bufs[0].overflow);
	wr(TSX_TIMESTAMP, 0x21);
	wr(TSX_TIMESTAMP, 0x21);
	assert_true(M.bufs[0].overflow);
	assert_true(M.bufs[1].overflow);
	assert_int_equal(rd(TSX_TIMESTAMP_STATUS) & 0x33, 0x33);
	assert_int_equal(l1_word(11 * 16), 0xeeeeeeee);
}

/* An invalid buffer (CNTL bit clear) is skipped, and is not marked as
 * overflowed ("mark all valid buffers"). */
static void test_invalid_buffer_skipped(void **state)
{
	bufs(0, 0, 5, 5);
	wr(TSX_TIMESTAMP_CNTL, 2); /* only buffer 1 */
	wr(TSX_TIMESTAMP, 0x0);
	assert_int_equal(M.bufs[0].position, 0);
	assert_int_equal(M.bufs[1].position, 1);
	wr(TSX_TIMESTAMP, 0x0);
	assert_true(M.bufs[1].overflow);
	assert_false(M.bufs[0].overflow);
	/* start > end: "buf.start + buf.position <= buf.end" never holds */
	tsx_model_init(&M, &F, l1, sizeof l1);
	bufs(9, 8, 20, 20);
	wr(TSX_TIMESTAMP, 0x0);
	assert_int_equal(M.bufs[0].position, 0);
	assert_int_equal(M.bufs[1].position, 1);
}

/* StatusWrite: "Clear indicated sticky bits"; clearing full also resets
 * the position, so buffer 0 is refilled from its start. */
static void test_status_write_clears(void **state)
{
	bufs(0, 0, 1, 1);
	for (int i = 0; i < 3; i++)
		wr(TSX_TIMESTAMP, 0x0);
	assert_int_equal(rd(TSX_TIMESTAMP_STATUS) & 0x33, 0x33);
	wr(TSX_TIMESTAMP_STATUS, 0x10); /* overflow 0 only */
	assert_int_equal(rd(TSX_TIMESTAMP_STATUS) & 0x33, 0x23);
	wr(TSX_TIMESTAMP_STATUS, 0x1); /* full 0: position back to 0 */
	assert_int_equal(rd(TSX_TIMESTAMP_STATUS) >> 14, 0);
	assert_false(M.bufs[0].full);
	tsx_model_advance(&M, 10);
	wr(TSX_TIMESTAMP, 0x8);
	assert_int_equal(l1_word(4), 10);
	wr(TSX_TIMESTAMP_STATUS, 0x22);
	assert_false(M.bufs[1].full);
	assert_false(M.bufs[1].overflow);
	assert_int_equal(M.bufs[1].position, 0);
}

/* CntlWrite: "reset_streams = !!(new_val >> 31); // Note this state is
 * sticky; writers should pulse it high then set it back low", applied by
 * EveryCycle: full and overflow cleared, accumulator emptied (positions
 * are not reset). */
static void test_reset_streams(void **state)
{
	bufs(0, 0, 1, 1);
	for (int i = 0; i < 3; i++)
		wr(TSX_TIMESTAMP, 0x0);
	wr(TSX_TIMESTAMP, 0x21); /* half a unit in the accumulator */
	wr(TSX_TIMESTAMP_CNTL, 0x80000003);
	assert_true(M.bufs[0].full); /* nothing until a cycle passes */
	tsx_model_advance(&M, 1);
	assert_int_equal(rd(TSX_TIMESTAMP_STATUS) & 0x1f33, 0);
	assert_int_equal(M.accum.position, 0);
	assert_int_equal(M.bufs[0].position, 1);
	wr(TSX_TIMESTAMP, 0x21); /* still high: cleared again next cycle */
	tsx_model_advance(&M, 1);
	assert_int_equal(M.accum.position, 0);
	wr(TSX_TIMESTAMP_CNTL, 3);
	wr(TSX_TIMESTAMP, 0x21);
	tsx_model_advance(&M, 1);
	assert_int_equal(M.accum.position, 2);
}

/* "bufs0_position : 18" and "NB: No way to query bufs[1].position". */
static void test_status_position_width(void **state)
{
	M.bufs[0].position = 0x40001;
	assert_int_equal(rd(TSX_TIMESTAMP_STATUS) >> 14, 1);
	M.bufs[1].position = 77;
	assert_int_equal(rd(TSX_TIMESTAMP_STATUS) >> 14, 1);
}

/* Writes outside the caller's L1 are counted, not performed. */
static void test_l1_bounds(void **state)
{
	bufs(1000, 1000, 0, 0);
	wr(TSX_TIMESTAMP, 0x0);
	assert_int_equal(M.l1_writes_dropped, 1);
	assert_int_equal(M.bufs[0].position, 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_counter_increments, setup),
		cmocka_unit_test_setup(test_l_then_h_is_consistent, setup),
		cmocka_unit_test_setup(test_multi_agent_sequence, setup),
		cmocka_unit_test_setup(test_memory_map, setup),
		cmocka_unit_test_setup(test_event_contents_128_96, setup),
		cmocka_unit_test_setup(test_event_contents_64_32, setup),
		cmocka_unit_test_setup(test_accumulate_then_autoflush, setup),
		cmocka_unit_test_setup(test_manual_flush, setup),
		cmocka_unit_test_setup(test_status_accum_positions, setup),
		cmocka_unit_test_setup(test_mixing_refused, setup),
		cmocka_unit_test_setup(test_undefined_codes_refused, setup),
		cmocka_unit_test_setup(test_buffers_full_overflow, setup),
		cmocka_unit_test_setup(test_invalid_buffer_skipped, setup),
		cmocka_unit_test_setup(test_status_write_clears, setup),
		cmocka_unit_test_setup(test_reset_streams, setup),
		cmocka_unit_test_setup(test_status_position_width, setup),
		cmocka_unit_test_setup(test_l1_bounds, setup),
	};
	return cmocka_run_group_tests(tests, group_setup, regdb_teardown);
}
