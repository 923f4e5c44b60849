/* SPDX-License-Identifier: MIT */
/* The state file's lock under contention (lib/sim/sim_lock.c, sim_sync):
 * processes take it in the order they came, and while others wait a
 * realtime catch-up is short and the rest is lag. */
#include "pcsim_test.h"
#include "test_cases.h"

#include <signal.h>
#include <sys/wait.h>

#define NCHILD 4

static uint64_t ticket(struct pt *t)
{
	return __atomic_load_n(&((struct sim *)t->dev)->hdr->lock_ticket, __ATOMIC_SEQ_CST);
}

/* Wait until the lock's queue has handed out n tickets (a child queued). */
static void await_ticket(struct pt *t, uint64_t n)
{
	for (int i = 0; i < 100000 && ticket(t) < n; i++)
		usleep(100);
	assert_true(ticket(t) >= n);
}

/* Four processes come, one after the other, while the lock is held: each
 * gets its turn in the order it came (flock alone wakes them all at once
 * and the fastest wins). */
static void test_fifo(void **unused)
{
	struct pt t;
	pt_open(&t, "g84", NULL);
	int fds[2], ready[2], go[NCHILD][2];
	assert_int_equal(pipe(fds), 0);
	assert_int_equal(pipe(ready), 0);
	struct sim *s = (struct sim *)t.dev;
	for (int round = 0; round < 8; round++) {
		pid_t pid[NCHILD];
		for (int k = 0; k < NCHILD; k++) {
			assert_int_equal(pipe(go[k]), 0);
			pid[k] = fork();
			if (pid[k] == 0) {
				struct hwpc_dev *dev;
				struct hwpc_err err;
				char c;
				if (hwpc_dev_open(t.spec, HWPC_OPEN_WRITE, t.db, &dev, &err) ||
				    write(ready[1], "r", 1) != 1 || read(go[k][0], &c, 1) != 1)
					_exit(2);
				struct sim *cs = (struct sim *)dev;
				sim_lock(cs); /* waits its turn */
				char id = (char)('a' + k);
				(void)!write(fds[1], &id, 1);
				sim_unlock(cs);
				_exit(0);
			}
		}
		/* all open (opening takes the lock too); then each comes to the
		 * held lock once the one before it is waiting */
		for (int k = 0; k < NCHILD; k++) {
			char c;
			assert_int_equal(read(ready[0], &c, 1), 1);
		}
		sim_lock(s);
		uint64_t base = ticket(&t);
		for (int k = 0; k < NCHILD; k++) {
			assert_int_equal(write(go[k][1], "g", 1), 1);
			await_ticket(&t, base + (uint64_t)k + 1);
		}
		sim_unlock(s);
		char got[NCHILD + 1] = "";
		for (int k = 0; k < NCHILD; k++)
			assert_int_equal(read(fds[0], &got[k], 1), 1);
		for (int k = 0; k < NCHILD; k++) {
			int status;
			assert_int_equal(waitpid(pid[k], &status, 0), pid[k]);
			assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
			close(go[k][0]);
			close(go[k][1]);
		}
		assert_string_equal(got, "abcd");
	}
	close(fds[0]);
	close(fds[1]);
	close(ready[0]);
	close(ready[1]);
	pt_close(&t);
}

/* The holder lets go and wants the lock again at once (a command reading
 * register after register): a process already waiting goes first.  With
 * flock alone the holder, still running, takes it again before the waiter
 * has woken, access after access. */
static void test_no_barging(void **unused)
{
	struct pt t;
	pt_open(&t, "g84", NULL);
	int fds[2], ready[2], go[2];
	assert_int_equal(pipe(fds), 0);
	assert_int_equal(pipe(ready), 0);
	assert_int_equal(pipe(go), 0);
	struct sim *s = (struct sim *)t.dev;
	pid_t pid = fork();
	if (pid == 0) {
		struct hwpc_dev *dev;
		struct hwpc_err err;
		char c;
		if (hwpc_dev_open(t.spec, HWPC_OPEN_WRITE, t.db, &dev, &err) || write(ready[1], "r", 1) != 1 ||
		    read(go[0], &c, 1) != 1)
			_exit(2);
		sim_lock((struct sim *)dev);
		(void)!write(fds[1], "c", 1);
		sim_unlock((struct sim *)dev);
		_exit(0);
	}
	char c;
	assert_int_equal(read(ready[0], &c, 1), 1);
	sim_lock(s);
	uint64_t base = ticket(&t);
	assert_int_equal(write(go[1], "g", 1), 1);
	await_ticket(&t, base + 1);
	for (int i = 0; i < 6; i++) {
		assert_int_equal(write(fds[1], "p", 1), 1);
		sim_unlock(s);
		sim_lock(s);
	}
	sim_unlock(s);
	int status;
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	char got[8] = "";
	assert_int_equal(read(fds[0], got, 7), 7);
	assert_string_equal(got, "pcppppp");
	for (int i = 0; i < 2; i++) {
		close(fds[i]);
		close(ready[i]);
		close(go[i]);
	}
	pt_close(&t);
}

/* A realtime G84 whose domains import each other's FLAG (the fast engine
 * gives every advance to the per-cycle reference, so a step is bounded and
 * a catch-up costs what its budget says). */
static struct sim *realtime_cross_g84(struct pt *t)
{
	pt_open(t, "g84", NULL);
	/* realtime this time: the same machine, recreated */
	struct hwpc_err err;
	hwpc_dev_close(t->dev);
	snprintf(t->spec, sizeof t->spec, "sim:g84,state=%s", t->state);
	assert_int_equal(hwpc_sim_create(t->spec, true, t->db, &err), 0);
	assert_int_equal(hwpc_dev_open(t->spec, HWPC_OPEN_WRITE, t->db, &t->dev, &err), 0);
	struct sim *s = (struct sim *)t->dev;
	/* core_b's EVENT takes core_a's FLAG (trailer DOM0.FLAG: base + 0x1f,
	 * envytools' PCOUNTER documentation) */
	struct pc_priv *p;
	sim_lock(s);
	assert_non_null(sim_model_state(s, SIM_MODEL_PCOUNTER, (void **)&p));
	unsigned dom0_flag = p->dom[1].trailer + 0x1f;
	sim_unlock(s);
	W(t, "EVENT_SRC[1]", dom0_flag);
	W(t, "EVENT_OP[1]", 0xaaaa);
	return s;
}

/* A catch-up of a second while another process waits for the lock runs
 * the short budget only, and the rest is lag. */
static void test_short_catchup_while_waited_for(void **unused)
{
	struct pt t;
	struct hwpc_err err;
	struct sim *s = realtime_cross_g84(&t);
	sim_lock(s);
	sim_sync(s);
	uint64_t base = ticket(&t);
	pid_t pid = fork();
	if (pid == 0) {
		struct hwpc_dev *dev;
		if (hwpc_dev_open(t.spec, HWPC_OPEN_WRITE, t.db, &dev, &err))
			_exit(2);
		_exit(0);
	}
	await_ticket(&t, base + 1);
	assert_int_equal(sim_lock_waiting(&s->lk), 1);
	/* a second behind: the clock a second ahead of the models */
	s->hdr->rt_offset_ps += (__int128)SIM_PS_PER_S;
	sim_ps before = s->hdr->now_ps, lag = s->hdr->lag_ps;
	sim_ps budget = sim_max_step(s) / SIM_CATCHUP_DIV_SHORT;
	sim_sync(s);
	sim_ps ran = s->hdr->now_ps - before;
	assert_true(ran <= budget);
	assert_true(s->hdr->lag_ps - lag >= (sim_ps)SIM_PS_PER_S - budget);
	sim_unlock(s);
	int status;
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	pt_close(&t);
}

/* A process that lagged catches up half its own work since its previous
 * catch-up: the time it spent waiting for the lock is not its work (under
 * contention it would let every waiter, once in, run the longest catch-up
 * while the queue behind it waits), and it goes in pieces as any other. */
static void test_wait_is_not_own_work(void **unused)
{
	struct pt t;
	struct sim *s = realtime_cross_g84(&t);
	sim_ps step;
	/* own work 0, own work 0.1 s: each after a second in the queue */
	const uint64_t work_ns[] = { 0, 100000000 };
	for (unsigned k = 0; k < 2; k++) {
		sim_lock(s);
		sim_sync(s);
		step = sim_max_step(s);
		uint64_t asked = s->lk.asked_at;
		s->lagged = true;
		s->synced_at = asked - work_ns[k];
		s->lk.asked_at = asked;
		/* a second passed in the queue: the clock a second ahead */
		s->hdr->rt_offset_ps += (__int128)SIM_PS_PER_S;
		sim_ps before = s->hdr->now_ps, lag = s->hdr->lag_ps;
		sim_ps budget = step * work_ns[k] / (2 * SIM_STEP_CPU_NS);
		if (budget < step / SIM_CATCHUP_DIV_SHORT)
			budget = step / SIM_CATCHUP_DIV_SHORT;
		sim_sync(s);
		assert_true(s->hdr->now_ps - before == budget);
		assert_true(s->hdr->lag_ps - lag >= (sim_ps)SIM_PS_PER_S - budget);
		sim_unlock(s);
	}
	pt_close(&t);
}

/* HWPC_SIM_CATCHUP_MS lowers what one access catches up (a test's lagging
 * simulator made cheap); a value that is not a lowering is refused. */
static void test_catchup_limit(void **unused)
{
	struct pt t;
	struct hwpc_err err;
	realtime_cross_g84(&t);
	hwpc_dev_close(t.dev);
	setenv("HWPC_SIM_CATCHUP_MS", "10", 1);
	assert_int_equal(hwpc_dev_open(t.spec, HWPC_OPEN_WRITE, t.db, &t.dev, &err), 0);
	struct sim *s = (struct sim *)t.dev;
	sim_lock(s);
	sim_sync(s);
	s->lagged = false;
	s->hdr->rt_offset_ps += (__int128)SIM_PS_PER_S;
	sim_ps before = s->hdr->now_ps, step = sim_max_step(s);
	sim_sync(s);
	assert_true(s->hdr->now_ps - before == step * 10000000 / SIM_STEP_CPU_NS);
	sim_unlock(s);
	hwpc_dev_close(t.dev);
	t.dev = NULL;
	static const char *const bad[] = { "0", "501", "-1", "1.5", "x", "99999999999999999999999" };
	for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		struct hwpc_dev *dev = NULL;
		setenv("HWPC_SIM_CATCHUP_MS", bad[i], 1);
		assert_int_equal(hwpc_dev_open(t.spec, HWPC_OPEN_WRITE, t.db, &dev, &err), HWPC_EINPUT);
		assert_non_null(strstr(err.msg, "HWPC_SIM_CATCHUP_MS="));
	}
	unsetenv("HWPC_SIM_CATCHUP_MS");
	assert_int_equal(hwpc_dev_open(t.spec, HWPC_OPEN_WRITE, t.db, &t.dev, &err), 0);
	pt_close(&t);
}

/* A wait is not one step: pcsim advance refuses a step longer than the
 * models take in reasonable time, and a command that waits longer (a
 * --scan window) is advanced in such steps, to the picosecond. */
#ifndef HWPC_TEST_SANITIZED /* (see main) */
static void test_wait_longer_than_a_step(void **state)
{
	(void)state;
	struct pt t;
	struct hwpc_err err;
	pt_open(&t, "nv40", "engine=reference");
	struct sim *s = (struct sim *)t.dev;
	sim_ps step = sim_max_step(s);
	assert_true(step < SIM_END_PS / 4);
	/* a step and a nanosecond: two pieces */
	uint64_t by = (uint64_t)(step / SIM_PS_PER_NS) + 1;
	uint64_t t0 = hwpc_dev_now_ns(t.dev);
	assert_int_equal(hwpc_sim_advance_ns(t.dev, by, &err), HWPC_EINPUT);
	assert_non_null(strstr(err.msg, "advance in steps"));
	assert_int_equal(hwpc_dev_now_ns(t.dev), t0);
	assert_int_equal(hwpc_dev_wait_ns(t.dev, by, &err), 0);
	assert_int_equal(hwpc_dev_now_ns(t.dev) - t0, by);
	pt_close(&t);
}
#endif

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fifo),
		cmocka_unit_test(test_no_barging),
		cmocka_unit_test(test_short_catchup_while_waited_for),
		cmocka_unit_test(test_wait_is_not_own_work),
		cmocka_unit_test(test_catchup_limit),
#ifndef HWPC_TEST_SANITIZED
		/* the plain pass (test_cases.h): a reference engine's whole step,
		 * 20 million domain cycles, costs 8 s under the sanitizers, and
		 * what it checks is the chunking of a wait, no memory's use */
		cmocka_unit_test(test_wait_longer_than_a_step),
#endif
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
