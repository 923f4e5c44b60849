/* SPDX-License-Identifier: MIT */
/* Record mode scenarios (envytools' PCOUNTER documentation, "Record mode", "Record mode setup"):
 * packets in simulated memory, checked byte by byte. */
#include "pcsim_test.h"

struct packet {
	uint64_t cycles;
	unsigned stop;
	unsigned ev[12];
};

static struct packet PKT(struct pt *t, uint64_t addr)
{
	uint8_t b[32];
	struct hwpc_err err;
	struct packet p;
	if (hwpc_sim_mem_read(t->dev, addr, b, sizeof b, &err))
		fail_msg("memory: %s", err.msg);
	/* "16 16-bit little endian words" */
	unsigned w[16];
	for (int i = 0; i < 16; i++)
		w[i] = b[2 * i] | b[2 * i + 1] << 8;
	p.cycles = w[0] | (uint64_t)w[1] << 16 | (uint64_t)w[2] << 32;
	assert_int_equal(w[3] >> 12, 0); /* "bits 12-15: always 0" */
	p.stop = w[3] & 0xfff;
	for (int i = 0; i < 12; i++)
		p.ev[i] = w[4 + i];
	return p;
}

/* "A new packet is written whenever ... the STOP input is asserted"; the
 * LONG format; "48-bit cycles counter, incremented by 1 on every cycle,
 * cleared only when record mode operation is started"; event counters
 * "Cleared after writing a packet"; RECORD_STATUS "bits 4-31 of the
 * current record buffer position" */
static void test_record_long(void **unused)
{
	struct pt t;
	pt_open(&t, "g84", NULL);
	G(&t, 1, 0x24, "periodic period=2 duty=1"); /* EVENT_SRC[3]: every other cycle */
	W(&t, "EVENT_SRC[1]", 0x24000000);
	record_setup(&t, 1, "periodic period=10 duty=1", 0, 0x1000, 0x2000);
	ADV(&t, 1, 25);
	assert_int_equal(R(&t, "RECORD_STATUS[1]"), 0x1040);
	struct packet p = PKT(&t, 0x1000);
	assert_int_equal(p.cycles, 10);
	assert_int_equal(p.stop, 1);
	assert_int_equal(p.ev[0], 10);
	assert_int_equal(p.ev[11], 5);
	assert_int_equal(p.ev[1], 0);
	p = PKT(&t, 0x1020);
	assert_int_equal(p.cycles, 20);
	assert_int_equal(p.stop, 1);
	assert_int_equal(p.ev[0], 10);
	p = PKT(&t, 0x1040);
	assert_int_equal(p.cycles, 0); /* nothing there */
	pt_close(&t);
}

/* "short format packets are 16 bytes long and have only 4 of the 12 event
 * counters": "the first 16 bytes of a packet in long format" */
static void test_record_short(void **unused)
{
	struct pt t;
	uint8_t b[16];
	pt_open(&t, "g84", NULL);
	record_setup(&t, 1, "periodic period=10 duty=1", 1u << 20, 0x1000, 0x2000);
	ADV(&t, 1, 20);
	assert_int_equal(R(&t, "RECORD_STATUS[1]"), 0x1020);
	struct packet p = PKT(&t, 0x1000);
	assert_int_equal(p.cycles, 10);
	assert_int_equal(p.ev[0], 10);
	assert_int_equal(p.ev[4], 20); /* the second packet's cycle count */
	assert_int_equal(hwpc_sim_mem_read(t.dev, 0x1010, b, sizeof b, NULL), 0);
	assert_int_equal(b[0] | b[1] << 8, 20);
	pt_close(&t);
}

/* "a packet write will also be triggered whenever any event counter is >=
 * 0xf000. The STOP counter in the memory packet will be equal to 0 in this
 * case." */
static void test_record_force_f000(void **unused)
{
	struct pt t;
	pt_open(&t, "g84", "pchz=1k,pchz1=1M");
	record_setup(&t, 1, NULL, 0, 0x1000, 0x2000);
	ADV(&t, 1, 0xf000 - 1);
	assert_int_equal(R(&t, "RECORD_STATUS[1]"), 0x1000);
	ADV(&t, 1, 1);
	assert_int_equal(R(&t, "RECORD_STATUS[1]"), 0x1020);
	struct packet p = PKT(&t, 0x1000);
	assert_int_equal(p.ev[0], 0xf000);
	assert_int_equal(p.stop, 0);
	assert_int_equal(p.cycles, 0xf000);
	pt_close(&t);
}

/* "If a counter reaches 0xffff, it stops incrementing further"; "When a
 * packet write is triggered and there already is an outgoing packet,
 * nothing will happen - the counters will just keep incrementing until the
 * current packet write is finished".  reclat= makes the write slow. */
static void test_record_saturate(void **unused)
{
	struct pt t;
	pt_open(&t, "g84", "pchz=1k,pchz1=1M,reclat=0x20000");
	record_setup(&t, 1, NULL, 0, 0x1000, 0x2000);
	ADV(&t, 1, 0xf000 + 0x20000);
	assert_int_equal(R(&t, "RECORD_STATUS[1]"), 0x1040);
	struct packet p = PKT(&t, 0x1020);
	assert_int_equal(p.ev[0], 0xffff);
	assert_int_equal(p.cycles, 0xf000 + 0x20000); /* 48-bit: words 0-2 */
	pt_close(&t);
}

/* "12-bit STOP counter ... If this counter reaches 0xfff, it stops
 * incrementing further"; "STOP counter values greater than 1 are possible
 * when STOP input is asserted too often for the memory interface to keep
 * up - each domain has place for one outgoing packet" */
static void test_record_stop_counter(void **unused)
{
	struct pt t;
	pt_open(&t, "g84", NULL); /* a packet write takes 4 cycles (reclat) */
	record_setup(&t, 1, "periodic period=2 duty=1", 0, 0x1000, 0x2000);
	ADV(&t, 1, 10);
	assert_int_equal(PKT(&t, 0x1000).stop, 1); /* cycle 2 */
	assert_int_equal(PKT(&t, 0x1020).stop, 2); /* cycle 6: STOPs of 4 and 6 */
	assert_int_equal(PKT(&t, 0x1020).cycles, 6);
	assert_int_equal(PKT(&t, 0x1040).stop, 2);
	pt_close(&t);
	pt_open(&t, "g84", "pchz=1k,pchz1=1M,reclat=0x2000");
	record_setup(&t, 1, "const 1", 0, 0x1000, 0x2000);
	ADV(&t, 1, 0x2001);
	assert_int_equal(PKT(&t, 0x1000).stop, 1);
	assert_int_equal(PKT(&t, 0x1020).stop, 0xfff);
	pt_close(&t);
}

/* RECORD_LIMIT: "After a packet is written with address >= the value of
 * this register, the internal buffer valid flag will be cleared, and all
 * further writes will be ignored until RECORD_START is written. Note that
 * one packet write will always succeed before the limit hit flag is set" */
static void test_record_limit(void **unused)
{
	struct pt t;
	pt_open(&t, "g84", NULL);
	record_setup(&t, 1, "periodic period=10 duty=1", 0, 0x1000, 0x1020);
	ADV(&t, 1, 35);
	assert_int_equal(R(&t, "RECORD_STATUS[1]"), 0x1040);
	assert_int_equal(PKT(&t, 0x1020).cycles, 20);
	assert_int_equal(PKT(&t, 0x1040).cycles, 0);
	W(&t, "RECORD_START[1]", 0x3000); /* far beyond the limit: one packet */
	ADV(&t, 1, 20);
	assert_int_equal(R(&t, "RECORD_STATUS[1]"), 0x3020);
	assert_int_equal(PKT(&t, 0x3000).stop, 1);
	pt_close(&t);
}

/* RECORD_STATUS "bit 0: if set, a VM FAULT happened when writing the record
 * buffer"; "VM faults on the record buffer will permanently hang the
 * faulting domain ... there's a clear VM FAULT status bit in the control
 * register, it only clears the status bit" (simulated memory: mem=) */
static void test_record_fault(void **unused)
{
	struct pt t;
	pt_open(&t, "g84", "mem=64k");
	record_setup(&t, 1, "periodic period=10 duty=1", 0, 0xfff0, 0x20000);
	ADV(&t, 1, 10);
	assert_int_equal(R(&t, "RECORD_STATUS[1]"), 0xfff1); /* position kept, FAULT */
	W(&t, "CTRL[1]", 2 | 1u << 27);
	assert_int_equal(R(&t, "RECORD_STATUS[1]"), 0xfff0);
	assert_int_equal(FIELD(&t, "CTRL[1]", "FAULT_CLEAR"), 0); /* write-only */
	W(&t, "RECORD_START[1]", 0x1000);
	ADV(&t, 1, 20);
	assert_int_equal(R(&t, "RECORD_STATUS[1]"), 0x1000); /* still wedged */
	assert_int_equal(PKT(&t, 0x1000).cycles, 0);
	pt_close(&t);
}

/* G92+: RECORD_ADDRESS_HIGH "Sets the high 8 bits of the record buffer
 * virtual address ... the position will thus wrap at 4GB bounduary";
 * G84:G92: "the high 8 bits of 40-bit virtual address are always forced to
 * 0".  Memory is placed at 4 GiB (membase=). */
static void test_record_address_high(void **unused)
{
	struct pt t;
	pt_open(&t, "g92", "mem=4G,membase=0x100000000");
	record_setup(&t, 1, "periodic period=10 duty=1", 0, 0xffffffe0, 0xfffffff0);
	W(&t, "RECORD_ADDRESS_HIGH[1]", 1);
	W(&t, "RECORD_START[1]", 0xffffffe0);
	ADV(&t, 1, 20);
	assert_int_equal(R(&t, "RECORD_STATUS[1]"), 0x20);
	assert_int_equal(PKT(&t, 0x1ffffffe0ULL).cycles, 10);
	assert_int_equal(PKT(&t, 0x100000000ULL).cycles, 20);
	pt_close(&t);
	pt_open(&t, "g84", "mem=64k,membase=0x100000000");
	record_setup(&t, 1, "periodic period=10 duty=1", 0, 0x0, 0x1000);
	ADV(&t, 1, 10);
	assert_int_equal(R(&t, "RECORD_STATUS[1]"), 0x1); /* 0x0 is not memory: FAULT */
	pt_close(&t);
}

/* GCTRL "bit 0: RECORD_RESET - when set to 0, record counters increment
 * normally; when set, forces all record counters to 0 value" */
static void test_record_reset(void **unused)
{
	struct pt t;
	pt_open(&t, "g84", NULL);
	W(&t, "GCTRL", 1);
	record_setup(&t, 1, "periodic period=10 duty=1", 0, 0x1000, 0x2000);
	ADV(&t, 1, 15);
	assert_int_equal(R(&t, "RECORD_STATUS[1]"), 0x1000);
	W(&t, "GCTRL", 0);
	ADV(&t, 1, 5); /* STOP on cycle 20, 5 cycles after the release */
	struct packet p = PKT(&t, 0x1000);
	assert_int_equal(p.cycles, 5);
	assert_int_equal(p.ev[0], 5);
	pt_close(&t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_record_long),	    cmocka_unit_test(test_record_short),
		cmocka_unit_test(test_record_force_f000),   cmocka_unit_test(test_record_saturate),
		cmocka_unit_test(test_record_stop_counter), cmocka_unit_test(test_record_limit),
		cmocka_unit_test(test_record_fault),	    cmocka_unit_test(test_record_address_high),
		cmocka_unit_test(test_record_reset),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
