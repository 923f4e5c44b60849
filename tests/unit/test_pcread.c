/* SPDX-License-Identifier: MIT */
/* The PCOUNTER reader (hwpc/pc_read.h) on the simulator: MMIO accesses per
 * sample held to what the hardware needs (counted by a device that wraps
 * the simulator), 40-bit reads across a carry, quad reads and acks,
 * accumulation across wraps, resets and saturation, and the rotation
 * scaling arithmetic. */
#include "pcsim_test.h"
#include "pc/pc_cmd.h"

#include <math.h>

/* A device that counts the accesses it forwards to the simulator, and can
 * run a hook before a chosen read (to move the hardware mid-sample). */
struct counting {
	struct hwpc_dev dev;
	struct hwpc_dev *inner;
	unsigned reads, writes;
	uint32_t hook_addr;
	unsigned hook_after; /* run the hook at this read of hook_addr (1 = first) */
	unsigned hook_seen;
	void (*hook)(struct counting *c);
	struct pt *t;
};

static int c_rd32(struct hwpc_dev *d, uint32_t off, uint32_t *v)
{
	struct counting *c = (struct counting *)d;
	c->reads++;
	if (c->hook && off == c->hook_addr && ++c->hook_seen == c->hook_after)
		c->hook(c);
	int rc = hwpc_rd32(c->inner, off, v);
	if (rc)
		d->err = c->inner->err;
	return rc;
}

static int c_wr32(struct hwpc_dev *d, uint32_t off, uint32_t v)
{
	struct counting *c = (struct counting *)d;
	c->writes++;
	int rc = hwpc_wr32(c->inner, off, v);
	if (rc)
		d->err = c->inner->err;
	return rc;
}

static void c_close(struct hwpc_dev *d)
{
	(void)d;
}

static void c_describe(struct hwpc_dev *d, char *buf, size_t len)
{
	hwpc_dev_describe(((struct counting *)d)->inner, buf, len);
}

static const struct hwpc_dev_ops counting_ops = {
	.name = "counting", .rd32 = c_rd32, .wr32 = c_wr32, .close = c_close, .describe = c_describe,
};

static void counting_wrap(struct counting *c, struct pt *t)
{
	memset(c, 0, sizeof *c);
	c->inner = t->dev;
	c->t = t;
	c->dev.ops = &counting_ops;
	c->dev.db = t->dev->db;
	c->dev.chip = t->dev->chip;
	c->dev.flags = t->dev->flags;
	c->dev.size = t->dev->size;
	hwpc_dev_set_fastpath(&c->dev, c->dev.size, false); /* every access through the ops */
}

struct rd {
	struct pt t;
	struct counting c;
	struct hwpc_pc_layout l;
	struct hwpc_pcr r;
};

static void rd_open(struct rd *x, const char *chip, const char *dom)
{
	struct hwpc_err err;
	unsigned d;
	pt_open(&x->t, chip, NULL);
	counting_wrap(&x->c, &x->t);
	if (hwpc_pc_layout_load(x->t.db, x->t.dev->chip, NULL, &x->l, &err) ||
	    hwpc_pc_domain_find(&x->l, dom, &d, &err) || hwpc_pc_read_init(&x->r, &x->c.dev, &x->l, d, &err))
		fail_msg("%s %s: %s", chip, dom, err.msg);
}

static void rd_sample(struct rd *x, bool ack, struct hwpc_pc_read_sample *s)
{
	struct hwpc_err err;
	x->c.reads = x->c.writes = 0;
	if (hwpc_pc_read(&x->r, ack, s, &err))
		fail_msg("read: %s", err.msg);
	/* The reader's own count is the device's. */
	assert_int_equal(s->mmio_reads, x->c.reads);
}

/* Single mode: CTRL, each counter once (HI, LO, HI for NV10:NV30's 40-bit
 * ones), one SIG_STATUS for the flag. */
static void test_reads_single(void **unused)
{
	static const struct {
		const char *chip, *dom;
		unsigned reads;
		const char *mode;
	} want[] = {
		{ "nv10", "core", 1 + 4 * 3 + 2 + 1, "SINGLE" }, /* CYCLES, CYCLES_ALT, EVENT, START are 40-bit */
		{ "nv20", "memory", 1 + 4 * 3 + 2 + 1, "SINGLE" },
		{ "nv30", "core", 1 + 6 + 1, "SINGLE" },
		{ "nv40", "shader", 1 + 6 + 1, "SINGLE" },
		{ "g84", "core_a", 1 + 6 + 1, "SINGLE" },
		{ "g92", "core_a", 1 + 6 + 1, "SINGLE" },
		{ "gt215", "core_a", 1 + 6 + 1, "SINGLE" },
		{ "gf100", "gpc2.0", 1 + 5 + 1, "HALTED" }, /* no CTR_CYCLES_ALT; HALTED at reset */
	};
	for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
		struct rd x;
		struct hwpc_pc_read_sample s;
		rd_open(&x, want[i].chip, want[i].dom);
		rd_sample(&x, false, &s);
		assert_string_equal(s.mode_name, want[i].mode);
		assert_string_equal(s.state_name, "INACTIVE");
		if (s.mmio_reads != want[i].reads)
			fail_msg("%s: %u reads, want %u", want[i].chip, s.mmio_reads, want[i].reads);
		assert_int_equal(x.c.writes, 0);
		assert_int_equal(s.flag, 0);
		pt_close(&x.t);
	}
}

/* Quad mode: CTRL before and after the counters (a swap between them
 * would show as a state change), the flag; an ack is a write, two for
 * OVERFLOW. */
static void test_reads_quad_ack(void **unused)
{
	struct rd x;
	struct hwpc_pc_read_sample s;
	rd_open(&x, "g84", "core_a");
	G(&x.t, 1, 0x10, "periodic period=4 duty=1");
	W(&x.t, "EVENT_SRC[1]", 0x10);
	W(&x.t, "EVENT_OP[1]", 0xaaaa);
	W(&x.t, "CTRL[1]", 1);
	W(&x.t, "PRE_OP[1]", 0); /* swap: the set so far (empty) is VALID */
	ADV(&x.t, 1, 40);
	W(&x.t, "PRE_OP[1]", 0); /* swap again: OVERFLOW */
	ADV(&x.t, 1, 1);
	rd_sample(&x, true, &s);
	assert_int_equal(s.mmio_reads, 1 + 6 + 1 + 1);
	assert_int_equal(x.c.writes, 2);
	assert_int_equal(s.acks, 2);
	assert_true(s.lost && s.latched);
	assert_string_equal(s.state_name, "OVERFLOW");
	assert_int_equal(s.ctr[HWPC_PC_READ_CYCLES], 40);
	assert_int_equal(s.ctr[HWPC_PC_READ_EVENT], 10);
	rd_sample(&x, true, &s);
	assert_string_equal(s.state_name, "EMPTY");
	assert_int_equal(x.c.writes, 0); /* nothing latched: nothing to ack */
	W(&x.t, "PRE_OP[1]", 0);
	ADV(&x.t, 1, 1);
	rd_sample(&x, false, &s);
	assert_string_equal(s.state_name, "VALID");
	assert_false(s.lost);
	assert_int_equal(s.ctr[HWPC_PC_READ_CYCLES], 1);
	pt_close(&x.t);
}

/* NV30:NV40 ack through the shared QUAD_ACK_TRIGGER, the domain's bit. */
static void test_ack_nv30_shared(void **unused)
{
	struct rd x;
	struct hwpc_pc_read_sample s;
	rd_open(&x, "nv30", "memory");
	W(&x.t, "CTRL", 1u << 18); /* DOM1_MODE = QUAD (regdb: bit 18) */
	PULSE(&x.t, "pm_trigger");
	ADV(&x.t, 1, 5);
	rd_sample(&x, true, &s);
	assert_string_equal(s.mode_name, "QUAD");
	assert_string_equal(s.state_name, "VALID");
	assert_int_equal(s.acks, 1);
	assert_int_equal(FIELD(&x.t, "CTRL", "DOM1_QUAD_STATE"), 0);
	pt_close(&x.t);
}

static void carry_event(struct counting *c)
{
	/* Between the reader's first HI and its LO, the low word carries. */
	STATE(c->t)->dom[0].ctr[PC_CEVENT] = 0x100000005ULL;
}

/* A 40-bit counter read across a carry: the HIs differ, LO is read again. */
static void test_40bit_carry(void **unused)
{
	struct rd x;
	struct hwpc_pc_read_sample s;
	rd_open(&x, "nv10", "core");
	STATE(&x.t)->dom[0].ctr[PC_CEVENT] = 0x0fffffffeULL;
	assert_true(hwpc_reg_lookup(x.t.dev, "CTR_EVENT_HI[0]", &x.c.hook_addr, NULL) == 0);
	x.c.hook_after = 2; /* before the second HI: LO was read before the carry */
	x.c.hook = carry_event;
	rd_sample(&x, false, &s);
	assert_int_equal(s.retries, 1);
	assert_int_equal(s.mmio_reads, 16 + 2);
	assert_true(s.ctr[HWPC_PC_READ_EVENT] == 0x100000005ULL);
	assert_int_equal(s.saturated, 0);
	/* bit 39 set: the low bits wrapped; the value is not a count */
	STATE(&x.t)->dom[0].ctr[PC_CEVENT] = 0x8000000003ULL;
	x.c.hook = NULL;
	rd_sample(&x, false, &s);
	assert_int_equal(s.saturated, 1u << HWPC_PC_READ_EVENT);
	pt_close(&x.t);
}

/* Record mode: RECORD_START, RECORD_LIMIT, RECORD_STATUS instead of counters. */
static void test_record(void **unused)
{
	struct rd x;
	struct hwpc_pc_read_sample s;
	rd_open(&x, "g84", "core_a");
	G(&x.t, 1, 0x23, "periodic period=10 duty=1");
	W(&x.t, "STOP_SRC[1]", 0x23);
	W(&x.t, "STOP_OP[1]", 0xaaaa);
	W(&x.t, "CTRL[1]", 2);
	W(&x.t, "RECORD_LIMIT[1]", 0x1040);
	W(&x.t, "RECORD_START[1]", 0x1000);
	ADV(&x.t, 1, 35);
	rd_sample(&x, false, &s);
	assert_int_equal(s.mode, HWPC_PC_READ_MODE_RECORD);
	assert_int_equal(s.mmio_reads, 1 + 3 + 1);
	assert_int_equal(s.rec_start, 0x1000);
	assert_int_equal(s.rec_pos, 0x1060);
	assert_int_equal(s.rec_packets, 3);
	assert_true(s.rec_full);
	assert_string_equal(s.state_name, "FULL");
	pt_close(&x.t);
}

static struct hwpc_pc_read_sample single(uint64_t cycles, uint64_t event, unsigned sat)
{
	struct hwpc_pc_read_sample s;
	memset(&s, 0, sizeof s);
	s.mode = HWPC_PC_READ_MODE_SINGLE;
	s.present = 1u << HWPC_PC_READ_CYCLES | 1u << HWPC_PC_READ_EVENT;
	s.ctr[HWPC_PC_READ_CYCLES] = cycles;
	s.ctr[HWPC_PC_READ_EVENT] = event;
	s.saturated = sat;
	return s;
}

/* 40-bit: the low 39 bits wrap and set the sticky bit; a reset clears it. */
static void test_acc_sticky(void **unused)
{
	struct hwpc_pcr r;
	struct hwpc_pc_read_acc a;
	struct hwpc_pc_read_sample s;
	const uint64_t top = 1ULL << 39;
	memset(&r, 0, sizeof r);
	r.ctr[HWPC_PC_READ_EVENT] = (struct hwpc_pc_read_ctrdesc){ true, 0, 0, true, 40, true, false };
	r.ctr[HWPC_PC_READ_CYCLES] = r.ctr[HWPC_PC_READ_EVENT];
	hwpc_pc_read_acc_init(&a);
	s = single(100, top - 10, 0);
	hwpc_pc_read_acc_add(&a, &r, &s);
	s = single(200, top | 5, 1u << HWPC_PC_READ_EVENT); /* wrapped: +15 */
	hwpc_pc_read_acc_add(&a, &r, &s);
	assert_true(a.total[HWPC_PC_READ_EVENT] == top + 5);
	s = single(300, top | (top - 1), 1u << HWPC_PC_READ_EVENT);
	hwpc_pc_read_acc_add(&a, &r, &s);
	s = single(400, top | 1, 1u << HWPC_PC_READ_EVENT); /* wrapped again, sticky stays */
	hwpc_pc_read_acc_add(&a, &r, &s);
	assert_true(a.total[HWPC_PC_READ_EVENT] == 2 * top + 1);
	s = single(7, 3, 0); /* reset: the sticky bit cleared */
	hwpc_pc_read_acc_add(&a, &r, &s);
	assert_true(a.total[HWPC_PC_READ_EVENT] == 2 * top + 4);
	assert_true(a.total[HWPC_PC_READ_CYCLES] == 400 + 7);
	assert_int_equal(a.saturated, 0);
}

/* 32-bit NV30+: no wrap; down is a reset; 0xffffffff makes the total a
 * lower bound for good.  Quad: acked sets are summed past 32 bits. */
static void test_acc_saturating_and_quad(void **unused)
{
	struct hwpc_pcr r;
	struct hwpc_pc_read_acc a;
	struct hwpc_pc_read_sample s;
	memset(&r, 0, sizeof r);
	r.ctr[HWPC_PC_READ_EVENT] = (struct hwpc_pc_read_ctrdesc){ true, 0, 0, false, 32, false, true };
	r.ctr[HWPC_PC_READ_CYCLES] = r.ctr[HWPC_PC_READ_EVENT];
	hwpc_pc_read_acc_init(&a);
	s = single(10, 4, 0);
	hwpc_pc_read_acc_add(&a, &r, &s);
	s = single(5, 1, 0);
	hwpc_pc_read_acc_add(&a, &r, &s);
	assert_int_equal(a.total[HWPC_PC_READ_EVENT], 5);
	s = single(6, UINT32_MAX, 1u << HWPC_PC_READ_EVENT);
	hwpc_pc_read_acc_add(&a, &r, &s);
	assert_int_equal(a.saturated, 1u << HWPC_PC_READ_EVENT);

	hwpc_pc_read_acc_init(&a);
	for (int i = 0; i < 3; i++) {
		s = single(0xf0000000u, 0xe0000000u, 0);
		s.mode = HWPC_PC_READ_MODE_QUAD;
		s.latched = true;
		s.acks = 1;
		hwpc_pc_read_acc_add(&a, &r, &s);
	}
	s.acks = 0; /* read again without an ack: not a new set */
	hwpc_pc_read_acc_add(&a, &r, &s);
	assert_true(a.total[HWPC_PC_READ_EVENT] == 3ULL * 0xe0000000u);
	assert_int_equal(a.sets, 3);
}

/* perf stat's arithmetic: count * total / counted, and the fraction. */
static void test_rotation_scaling(void **unused)
{
	struct hwpc_pc_read_rotset sets[3];
	uint64_t c[HWPC_PC_READ_NCTRS] = { 0 };
	memset(sets, 0, sizeof sets);
	c[HWPC_PC_READ_EVENT] = 300;
	hwpc_pc_read_rot_add(&sets[0], c, 1000);
	c[HWPC_PC_READ_EVENT] = 100;
	hwpc_pc_read_rot_add(&sets[1], c, 1000);
	hwpc_pc_read_rot_add(&sets[1], c, 1000);
	uint64_t total = hwpc_pc_read_rot_total(sets, 3);
	assert_int_equal(total, 3000);
	assert_true(hwpc_pc_read_rot_scale(sets[0].count[HWPC_PC_READ_EVENT], sets[0].counted, total) == 900.0);
	assert_true(hwpc_pc_read_rot_scale(sets[1].count[HWPC_PC_READ_EVENT], sets[1].counted, total) == 300.0);
	assert_true(fabs(hwpc_pc_read_rot_fraction(sets[1].counted, total) - 2.0 / 3.0) < 1e-12);
	assert_true(isnan(hwpc_pc_read_rot_scale(0, sets[2].counted, total)));
	assert_true(hwpc_pc_read_rot_scale(12345678901234ULL, 5, 5) == 12345678901234.0);
	assert_int_equal(sets[1].periods, 2);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_reads_single),   cmocka_unit_test(test_reads_quad_ack),
		cmocka_unit_test(test_ack_nv30_shared), cmocka_unit_test(test_40bit_carry),
		cmocka_unit_test(test_record),         cmocka_unit_test(test_acc_sticky),
		cmocka_unit_test(test_acc_saturating_and_quad), cmocka_unit_test(test_rotation_scaling),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
