/* SPDX-License-Identifier: MIT */
/* The simulated R10000/R12000 in virtual time, driven through the library
 * as pcsetup/pcread will drive it: every count here is exact.  The CPU
 * clock is 200 MHz (5 ns a cycle) unless a test says otherwise. */
#include "r10k_fixture.h"
#include "r10k/r10k_cmd.h"

static void cpu_of(struct hwpc_r10k_cpu *cpu, struct hwpc_dev *dev)
{
	struct hwpc_err err;
	if (hwpc_r10k_cpu_from_dev(cpu, dev, &err))
		fail_msg("%s", err.msg);
}

/* pcsetup: plan, then apply. */
static void program(struct hwpc_dev *dev, unsigned counter, const char *event, unsigned modes, bool ie,
		    uint64_t threshold)
{
	struct hwpc_r10k_cpu cpu;
	struct hwpc_wplan plan;
	struct hwpc_err err;
	struct hwpc_r10k_req req = { counter, event, modes, ie, threshold };
	cpu_of(&cpu, dev);
	hwpc_wplan_init(&plan, dev);
	if (hwpc_r10k_setup(&plan, &cpu, &req, &err) || hwpc_wplan_apply(&plan, &err))
		fail_msg("%s", err.msg);
	hwpc_wplan_free(&plan);
}

/* The write plan pcsetup --dry-run prints. */
static void test_setup_plan(void **state)
{
	(void)state;
	struct hwpc_dev *dev = fresh("r10000", NULL);
	struct hwpc_r10k_cpu cpu;
	struct hwpc_wplan plan;
	struct hwpc_err err;
	struct hwpc_r10k_req req = { 0, "instruction_cache_misses", HWPC_R10K_USER, true, 0 };
	cpu_of(&cpu, dev);
	assert_int_equal(cpu.rev, 3); /* cpurev defaults to 3.0 */
	hwpc_wplan_init(&plan, dev);
	assert_int_equal(hwpc_r10k_setup(&plan, &cpu, &req, &err), 0);
	assert_int_equal(plan.n, 4);
	assert_string_equal(plan.w[0].name, "R10K.CTRL[0]");
	assert_int_equal(plan.w[0].value, 0);
	assert_string_equal(plan.w[1].name, "R10K.COUNT[0]");
	assert_string_equal(plan.w[2].name, "R10K.INTR");
	assert_int_equal(plan.w[2].value, 1);
	assert_int_equal(plan.w[3].addr, 0x000);
	assert_int_equal(plan.w[3].value, 0x138);
	assert_string_equal(plan.w[3].why, "INSTRUCTION_CACHE_MISSES (event 9), counts user, interrupt at bit 31");
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);
	struct hwpc_out *o = hwpc_out_new(fp, HWPC_FMT_CSV, &err);
	assert_int_equal(hwpc_wplan_print(&plan, o, &err), 0);
	hwpc_out_finish(o, &err);
	hwpc_out_free(o);
	fclose(fp);
	assert_non_null(strstr(buf, "R10K.CTRL[0],0x000000,0x00000000,0x00000138,false,EXL=0 K=0 S=0 U=1 IE=1 EVENT=9,"
				    "\"INSTRUCTION_CACHE_MISSES (event 9), counts user, interrupt at bit 31\""));
	free(buf);
	/* Nothing was written by planning. */
	assert_int_equal(rd(dev, "R10K.CTRL[0]"), 0);
	/* Constraint errors plan nothing. */
	hwpc_wplan_free(&plan);
	hwpc_wplan_init(&plan, dev);
	req.counter = 1;
	assert_int_equal(hwpc_r10k_setup(&plan, &cpu, &req, &err), HWPC_EINPUT);
	assert_string_equal(err.msg, "INSTRUCTION_CACHE_MISSES (event 9) counts on counter 0 only on the R10000, "
				     "not on counter 1");
	req.counter = 0;
	req.modes = HWPC_R10K_SUPERVISOR;
	assert_int_equal(hwpc_r10k_setup(&plan, &cpu, &req, &err), HWPC_EINPUT);
	req.modes = HWPC_R10K_USER;
	req.event = "instruction_cache_mises";
	assert_int_equal(hwpc_r10k_setup(&plan, &cpu, &req, &err), HWPC_EINPUT);
	assert_non_null(strstr(err.msg, "did you mean INSTRUCTION_CACHE_MISSES"));
	req.event = "9";
	req.threshold = 5;
	req.ie = false;
	assert_int_equal(hwpc_r10k_setup(&plan, &cpu, &req, &err), HWPC_EINPUT);
	assert_string_equal(err.msg, "an overflow threshold needs the interrupt enabled (ie)");
	req.ie = true;
	req.threshold = (1ull << 31) + 1;
	assert_int_equal(hwpc_r10k_setup(&plan, &cpu, &req, &err), HWPC_EINPUT);
	assert_int_equal(plan.n, 0);
	/* An R12000's event table on an R10000 device. */
	struct hwpc_r10k_cpu r12;
	assert_int_equal(hwpc_r10k_cpu_init(&r12, db, "r12000", 0, &err), 0);
	req.threshold = 0;
	assert_int_equal(hwpc_r10k_setup(&plan, &r12, &req, &err), HWPC_EINPUT);
	assert_string_equal(err.msg, "the device is an R10000 and the events are the R12000's: mixing R10000 and "
				     "R12000 counters is undefined");
	hwpc_wplan_free(&plan);
	hwpc_dev_close(dev);
}

/* Only the enabled modes count; ERL counts nothing; supervisor is refused
 * on the R10000 and counts with S on the R12000. */
static void test_modes(void **state)
{
	(void)state;
	struct hwpc_dev *dev = fresh("r10000", NULL);
	struct hwpc_err err;
	program(dev, 0, "cycles", HWPC_R10K_USER, false, 0);
	program(dev, 1, "cycles", HWPC_R10K_KERNEL | HWPC_R10K_EXL, false, 0);
	adv(dev, 1000); /* 200 cycles in user mode */
	assert_int_equal(rd(dev, "R10K.COUNT[0]"), 200);
	assert_int_equal(rd(dev, "R10K.COUNT[1]"), 0);
	mode(dev, "kernel");
	adv(dev, 500);
	assert_int_equal(rd(dev, "R10K.COUNT[0]"), 200);
	assert_int_equal(rd(dev, "R10K.COUNT[1]"), 100);
	mode(dev, "exl");
	adv(dev, 50);
	assert_int_equal(rd(dev, "R10K.COUNT[1]"), 110);
	mode(dev, "erl");
	adv(dev, 5000);
	assert_int_equal(rd(dev, "R10K.COUNT[0]"), 200);
	assert_int_equal(rd(dev, "R10K.COUNT[1]"), 110);
	assert_int_equal(hwpc_sim_r10k_set_mode(dev, "supervisor", &err), HWPC_EINPUT);
	assert_string_equal(err.msg, "supervisor mode is not supported on the R10000");
	assert_int_equal(hwpc_sim_r10k_set_mode(dev, "root", &err), HWPC_EINPUT);
	/* A stopped counter (no mode bit) holds. */
	mode(dev, "user");
	program(dev, 0, "cycles", 0, false, 0);
	adv(dev, 1000);
	assert_int_equal(rd(dev, "R10K.COUNT[0]"), 0);
	hwpc_dev_close(dev);

	dev = fresh("r12000", "cpuclk=100M");
	program(dev, 0, "cycles", HWPC_R10K_SUPERVISOR, false, 0);
	program(dev, 1, "cycles", HWPC_R10K_USER | HWPC_R10K_KERNEL, false, 0);
	mode(dev, "supervisor");
	adv(dev, 1000); /* 100 cycles at 100 MHz */
	assert_int_equal(rd(dev, "R10K.COUNT[0]"), 100);
	assert_int_equal(rd(dev, "R10K.COUNT[1]"), 0);
	hwpc_dev_close(dev);
}

/* Rates per second and per cycle; counts do not depend on how time is
 * sliced into advances. */
static void test_rates(void **state)
{
	(void)state;
	struct hwpc_dev *dev = fresh("r12000", NULL);
	struct hwpc_err err;
	program(dev, 0, "ICACHE_MISSES", HWPC_R10K_USER, false, 0);
	program(dev, 1, "graduated_loads", HWPC_R10K_USER, false, 0);
	rate(dev, "9", "1000/s");
	rate(dev, "graduated_loads", "0.3/cycle");
	adv(dev, 500000); /* 0.5 ms: half an event */
	assert_int_equal(rd(dev, "R10K.COUNT[0]"), 0);
	assert_int_equal(rd(dev, "R10K.COUNT[1]"), 30000); /* 100000 cycles * 0.3 */
	adv(dev, 500000);
	assert_int_equal(rd(dev, "R10K.COUNT[0]"), 1);
	/* 7 ns slices: cycles and fractions carried exactly. */
	for (int i = 0; i < 1000; i++)
		adv(dev, 7);
	/* 1007000 ns = 201400 cycles -> 60420 loads. */
	assert_int_equal(rd(dev, "R10K.COUNT[1]"), 60420);
	rate(dev, "9", "2.5M/s");
	adv(dev, 1000);
	/* 1.007 events so far; a new rate starts its fraction afresh: 2.5 -> 2. */
	assert_int_equal(rd(dev, "R10K.COUNT[0]"), 1 + 2);
	assert_int_equal(hwpc_sim_r10k_set_rate(dev, "9", "fast", &err), HWPC_EINPUT);
	assert_int_equal(hwpc_sim_r10k_set_rate(dev, "9", "1.0000000001", &err), HWPC_EINPUT);
	assert_int_equal(hwpc_sim_r10k_set_rate(dev, "nosuch", "1", &err), HWPC_EINPUT);
	hwpc_dev_close(dev);
	/* Not an R10000/R12000. */
	dev = fresh("g84", NULL);
	assert_int_equal(hwpc_sim_r10k_set_rate(dev, "9", "1", &err), HWPC_EINPUT);
	assert_string_equal(err.msg, "sim:G84 has no R10000/R12000 event counters (expected sim:r10000 or "
				     "sim:r12000)");
	hwpc_dev_close(dev);
}

/* "Whether the interrupt is asserted or not the counting of events will
 * continue after overflow." */
static void test_overflow(void **state)
{
	(void)state;
	struct hwpc_dev *dev = fresh("r10000", NULL);
	program(dev, 0, "cycles", HWPC_R10K_USER, true, 0);
	program(dev, 1, "cycles", HWPC_R10K_USER, false, 0);
	wr(dev, "R10K.COUNT[0]", 0x7fffff00);
	wr(dev, "R10K.COUNT[1]", 0x7fffff00);
	adv(dev, 255 * 5);
	assert_int_equal(rd(dev, "R10K.COUNT[0]"), 0x7fffffff);
	assert_int_equal(rd(dev, "R10K.INTR"), 0);
	adv(dev, 5); /* bit 31 becomes set */
	assert_int_equal(rd(dev, "R10K.COUNT[0]"), 0x80000000);
	assert_int_equal(rd(dev, "R10K.INTR"), 1); /* counter 1 has IE off */
	adv(dev, 100 * 5);
	assert_int_equal(rd(dev, "R10K.COUNT[0]"), 0x80000064);
	assert_int_equal(rd(dev, "R10K.COUNT[1]"), 0x80000064);
	/* Write 1 to clear; 0 leaves it. */
	wr(dev, "R10K.INTR", 0);
	assert_int_equal(rd(dev, "R10K.INTR"), 1);
	wr(dev, "R10K.INTR", 1);
	assert_int_equal(rd(dev, "R10K.INTR"), 0);
	/* Wrapping to 0 is not bit 31 becoming set; the next 2^31 is. */
	wr(dev, "R10K.COUNT[0]", 0xffffff00);
	adv(dev, 0x200 * 5);
	assert_int_equal(rd(dev, "R10K.COUNT[0]"), 0x100);
	assert_int_equal(rd(dev, "R10K.INTR"), 0);
	adv(dev, (0x80000000ull - 0x100) * 5);
	assert_int_equal(rd(dev, "R10K.COUNT[0]"), 0x80000000);
	assert_int_equal(rd(dev, "R10K.INTR"), 1);
	/* Counter 1 with IE on now: its next crossing interrupts too. */
	program(dev, 1, "cycles", HWPC_R10K_USER, true, 10);
	assert_int_equal(rd(dev, "R10K.COUNT[1]"), 0x80000000u - 10);
	adv(dev, 9 * 5);
	assert_int_equal(rd(dev, "R10K.INTR"), 1);
	adv(dev, 5);
	assert_int_equal(rd(dev, "R10K.INTR"), 3);
	/* Reserved control bits read as 0; PRID is read-only. */
	wr(dev, "R10K.CTRL[1]", 0xffffffff);
	assert_int_equal(rd(dev, "R10K.CTRL[1]"), 0x1ff);
	assert_int_equal(rd(dev, "R10K.PRID"), 0x0930);
	struct hwpc_err err;
	assert_int_equal(hwpc_reg_write(dev, "R10K.PRID", 0, &err), HWPC_EINPUT);
	hwpc_dev_close(dev);
}

/* 64-bit virtual counters across 32-bit wraps, and the change count
 * when someone else reprograms the counters between reads. */
static void test_virtual_and_changes(void **state)
{
	(void)state;
	struct hwpc_dev *dev = fresh("r10000", "cpurev=2.6");
	struct hwpc_r10k_session s;
	struct hwpc_r10k_sample smp;
	struct hwpc_err err;
	program(dev, 0, "cycles", HWPC_R10K_USER, false, 0);
	program(dev, 1, "graduated_instructions", HWPC_R10K_USER, false, 0);
	rate(dev, "17", "2/cycle");
	wr(dev, "R10K.COUNT[0]", 0xfffff000);
	assert_int_equal(hwpc_r10k_open(&s, dev, &err), 0);
	assert_int_equal(s.cpu.rev, 2);
	assert_int_equal(s.changes, 0);
	assert_false(s.noted); /* no pcsetup record */
	adv(dev, 8192 * 5);
	assert_int_equal(hwpc_r10k_read(&s, &smp, &err), 0);
	assert_false(smp.changed);
	assert_int_equal(smp.raw[0], 0x1000);
	assert_int_equal(smp.delta[0], 8192);
	assert_int_equal(smp.virt[0], 8192);
	assert_int_equal(smp.virt[1], 16384);
	/* 2^31 cycles: bit 31 sets once, the 64-bit value goes on. */
	adv(dev, (1ull << 31) * 5);
	assert_int_equal(hwpc_r10k_read(&s, &smp, &err), 0);
	assert_int_equal(smp.virt[0], 8192 + (1ull << 31));
	assert_int_equal(smp.delta[1], 0); /* 2^32 events look like none... */
	assert_int_equal(smp.virt[1], 16384); /* ...which is why reads must come more often */
	adv(dev, 1000);
	assert_int_equal(hwpc_r10k_read(&s, &smp, &err), 0);
	assert_int_equal(smp.virt[0], 8192 + (1ull << 31) + 200);
	assert_int_equal(smp.virt[1], 16384 + 400);
	assert_int_equal(smp.changes, 0);
	/* Another process reprograms counter 1 between reads. */
	program(dev, 1, "24", HWPC_R10K_USER, false, 0);
	adv(dev, 1000);
	assert_int_equal(hwpc_r10k_read(&s, &smp, &err), 0);
	assert_true(smp.changed);
	assert_int_equal(smp.changes, 1);
	assert_int_equal(smp.delta[0], 0); /* nothing across a change is trusted */
	assert_int_equal(smp.virt[0], 8192 + (1ull << 31) + 200);
	adv(dev, 1000);
	assert_int_equal(hwpc_r10k_read(&s, &smp, &err), 0);
	assert_false(smp.changed);
	assert_int_equal(smp.changes, 1);
	assert_int_equal(smp.delta[0], 200);
	/* A change to the same event but other modes is a change too. */
	program(dev, 0, "cycles", HWPC_R10K_USER | HWPC_R10K_KERNEL, false, 0);
	assert_int_equal(hwpc_r10k_read(&s, &smp, &err), 0);
	assert_true(smp.changed);
	assert_int_equal(smp.changes, 2);
	/* What this process programs itself is expected. */
	hwpc_r10k_expect(&s, 0, 0x8, 0);
	wr(dev, "R10K.CTRL[0]", 0x8);
	wr(dev, "R10K.COUNT[0]", 0);
	adv(dev, 5);
	assert_int_equal(hwpc_r10k_read(&s, &smp, &err), 0);
	assert_false(smp.changed);
	assert_int_equal(smp.delta[0], 1);
	hwpc_dev_close(dev);
}

static void test_delta(void **state)
{
	(void)state;
	assert_int_equal(hwpc_r10k_delta(10, 20, 32), 10);
	assert_int_equal(hwpc_r10k_delta(0xfffffff0u, 0x10, 32), 0x20);
	assert_int_equal(hwpc_r10k_delta(5, 5, 32), 0);
	assert_int_equal(hwpc_r10k_delta(0xfff0, 0x10, 16), 0x20);
}

/* The state lives in the file: another process (a new open) sees it. */
static void test_shared_state(void **state)
{
	(void)state;
	struct hwpc_dev *dev = fresh("r12000", NULL);
	struct hwpc_err err;
	char spec[256];
	program(dev, 1, "DCACHE_MISSES", HWPC_R10K_USER, true, 0);
	rate(dev, "25", "1/cycle");
	mode(dev, "kernel");
	hwpc_dev_close(dev);
	snprintf(spec, sizeof spec, "sim:r12000,state=%s/r12000.state", dir);
	assert_int_equal(hwpc_dev_open(spec, HWPC_OPEN_WRITE, db, &dev, &err), 0);
	adv(dev, 100);
	assert_int_equal(rd(dev, "R10K.COUNT[1]"), 0); /* still kernel mode */
	mode(dev, "user");
	adv(dev, 100);
	assert_int_equal(rd(dev, "R10K.COUNT[1]"), 20);
	assert_int_equal(rd(dev, "R10K.PRID"), 0x0e30);
	hwpc_dev_close(dev);
	/* Options are checked at create time. */
	snprintf(spec, sizeof spec, "sim:r10000,clock=virtual,state=%s/bad.state,cpuclk=fast", dir);
	assert_int_equal(hwpc_sim_create(spec, true, db, &err), HWPC_EINPUT);
	snprintf(spec, sizeof spec, "sim:r10000,clock=virtual,state=%s/bad.state,cpurev=3.99", dir);
	assert_int_equal(hwpc_sim_create(spec, true, db, &err), HWPC_EINPUT);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_setup_plan), cmocka_unit_test(test_modes),
		cmocka_unit_test(test_rates),      cmocka_unit_test(test_overflow),
		cmocka_unit_test(test_virtual_and_changes), cmocka_unit_test(test_delta),
		cmocka_unit_test(test_shared_state),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
