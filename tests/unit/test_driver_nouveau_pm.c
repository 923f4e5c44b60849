/* SPDX-License-Identifier: MIT */
/* nouveau's PCOUNTER code (nvkm/engine/pm): the register accesses of
 * nvkm_perfdom_init, _sample and _read through the NV40 functions (nv40.c:
 * NV40, G80, G84 and GT215 all use them) and the GF100 ones (gf100.c), in
 * nouveau's order.  A real card counts between two samples: the cycle
 * counter holds the domain's clock times the interval, and each slot the
 * cycles its signal was 1. */
#include "driver_test.h"

#define MS 1000000ULL

/* The workload: signal 0x00 of the domain is 1 one cycle in four, signal
 * 0x01 always (what the card's units would do; not MMIO). */
static void workload(struct pt *t, unsigned dom)
{
	G(t, dom, 0x00, "periodic period=4 duty=1");
	G(t, dom, 0x01, "const 1");
}

/* nv40_perfctr_init for counter slots 0 and 3 of a domain (dom->addr is
 * the domain index * 4; mode 0; one signal per slot, logic op 0xaaaa:
 * its first argument). */
static void nv40_init(struct pt *t, uint32_t addr, uint32_t slot, uint32_t sig)
{
	wr(t, 0x00a7c0 + addr, 0x00000001 | (0 << 4));
	wr(t, 0x00a400 + addr + slot * 0x40, sig);
	wr(t, 0x00a420 + addr + slot * 0x40, 0xaaaa);
}

/* nv40_perfctr_next, when the sample sequence moved on */
static void nv40_next(struct pt *t) { wr(t, 0x400084, 0x00000020); }

/* nv40_perfctr_read: slot 0 is CTR_PRE, slot 3 CTR_STOP; clk CTR_CYCLES */
static void nv40_read(struct pt *t, uint32_t addr, uint32_t *ctr0, uint32_t *ctr3, uint32_t *clk)
{
	*ctr0 = rd(t, 0x00a700 + addr);
	*ctr3 = rd(t, 0x00a740 + addr);
	*clk = rd(t, 0x00a600 + addr);
}

static void nouveau_nv40(const char *chip, const char *domain)
{
	struct pt t;
	dt_open(&t, chip, "pchz=40k");
	unsigned d = dom_of(&t, domain);
	uint32_t addr = d * 4, c0, c3, clk;
	uint64_t hz = hz_of(&t, d);
	workload(&t, d);
	/* perfdom init: both slots, then next (no trigger: sequence unchanged) */
	nv40_init(&t, addr, 0, 0x00);
	nv40_init(&t, addr, 3, 0x01);
	/* before any sample the card has counted nothing: nouveau's read
	 * returns -EAGAIN on clk == 0 */
	nv40_read(&t, addr, &c0, &c3, &clk);
	assert_int_equal(clk, 0);
	/* sample, 100 ms, sample, read */
	nv40_next(&t);
	sleep_ns(&t, 100 * MS);
	nv40_next(&t);
	uint64_t read_ns = settle(&t);
	nv40_read(&t, addr, &c0, &c3, &clk);
	assert_int_equal(clk, hz / 10);
	assert_int_equal(c3, hz / 10);
	assert_int_equal(c0, hz / 40);
	/* and the next period, 50 ms from that sample (never acknowledged:
	 * swaps go on); the read took part of it */
	sleep_ns(&t, 50 * MS - read_ns);
	nv40_next(&t);
	settle(&t);
	nv40_read(&t, addr, &c0, &c3, &clk);
	assert_int_equal(clk, hz / 20);
	assert_int_equal(c3, hz / 20);
	assert_int_equal(c0, hz / 80);
	pt_close(&t);
}

static void test_nv40(void **state) { nouveau_nv40("nv40", "core"); }
static void test_g80(void **state) { nouveau_nv40("g80", "core_a"); }
static void test_g84(void **state) { nouveau_nv40("g84", "core_a"); }
static void test_gt215(void **state) { nouveau_nv40("gt215", "core_a"); }

/* gf100.c, GPC 0 domain 0 (0x180000, 0xe0 signals): init programs CTRL
 * (quad mode), FILTER and the slots, then next selects USER_0
 * (signal_nr - 0x40 + 0x27) as SWAP and pulses it; every sample does the
 * same next. */
static void gf100_next(struct pt *t, uint32_t addr)
{
	wr(t, addr + 0x06c, 0xe0 - 0x40 + 0x27);
	wr(t, addr + 0x0ec, 0x00000011);
}

static void test_gf100(void **state)
{
	struct pt t;
	dt_open(&t, "gf100", "pchz=40k");
	unsigned d = dom_of(&t, "gpc0.0");
	uint32_t addr = 0x180000;
	uint64_t hz = hz_of(&t, d);
	workload(&t, d);
	for (uint32_t slot = 0; slot < 4; slot += 3) {
		wr(&t, addr + 0x09c, 0x00040002 | (0 << 3));
		wr(&t, addr + 0x100, 0x00000000);
		wr(&t, addr + 0x040 + slot * 0x08, slot ? 0x01 : 0x00);
		wr(&t, addr + 0x044 + slot * 0x08, 0xaaaa);
	}
	gf100_next(&t, addr);
	sleep_ns(&t, 100 * MS);
	gf100_next(&t, addr); /* sample */
	settle(&t);
	/* gf100_perfctr_read: slot 0 at +0x08c, slot 3 at +0x090, clk +0x070 */
	assert_int_equal(rd(&t, addr + 0x08c), hz / 40);
	assert_int_equal(rd(&t, addr + 0x090), hz / 10);
	assert_int_equal(rd(&t, addr + 0x070), hz / 10);
	pt_close(&t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_nv40),   cmocka_unit_test(test_g80),   cmocka_unit_test(test_g84),
		cmocka_unit_test(test_gt215), cmocka_unit_test(test_gf100),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
