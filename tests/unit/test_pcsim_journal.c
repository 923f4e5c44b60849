/* SPDX-License-Identifier: MIT */
/* Advances as transactions (lib/sim/sim_journal.c): a process that dies
 * while the models move leaves the state as it was before, simulated
 * memory included; the next process to take the lock puts it back. */
#include "pcsim_test.h"

#include <signal.h>
#include <sys/wait.h>

/* Everything but the journal and the lock queue's counter: the header's
 * clock fields and every model section. */
static unsigned char *snapshot(struct pt *t, size_t *len)
{
	struct sim *s = (struct sim *)t->dev;
	sim_lock(s);
	*len = s->journal_off;
	unsigned char *b = malloc(*len);
	assert_non_null(b);
	memcpy(b, s->hdr, *len);
	memset(b + offsetof(struct sim_header, lock_ticket), 0, sizeof s->hdr->lock_ticket);
	sim_unlock(s);
	return b;
}

/* Record mode on domain 1, STOP on every cycle: a packet every reclat
 * cycles into 0x1000... */
static void records(struct pt *t)
{
	record_setup(t, 1, "const 1", 0, 0x1000, 0xf000);
}

/* A child process's own handle on t's state (it exits 2 if it has none). */
static struct sim *child_sim(struct pt *t)
{
	struct hwpc_dev *dev;
	struct hwpc_err err;
	if (hwpc_dev_open(t->spec, HWPC_OPEN_WRITE, t->db, &dev, &err))
		_exit(2);
	return (struct sim *)dev;
}

/* A process that dies in the middle of a transaction: models moved,
 * packets written, no commit. */
static void test_rollback(void **unused)
{
	struct pt t;
	pt_open(&t, "g84", "mem=64K");
	records(&t);
	assert_int_equal(hwpc_sim_pc_advance_cycles(t.dev, 1, 100, NULL), 0);
	size_t len, len2;
	unsigned char *before = snapshot(&t, &len);
	pid_t pid = fork();
	if (pid == 0) {
		struct sim *s = child_sim(&t);
		sim_lock(s);
		sim_sync(s);
		sim_journal_begin(s);
		/* as run_models does: 2000 cycles of every model, packets and all */
		for (unsigned i = 0; i < s->nmodels; i++)
			if (s->models[i]->advance)
				s->models[i]->advance(s, s->state[i], sim_model_priv(s, i), s->hdr->now_ps,
						      s->hdr->now_ps + 2000 * SIM_PS_PER_S / 1000000);
		s->hdr->now_ps += 2000 * SIM_PS_PER_S / 1000000;
		s->hdr->virt_ps = s->hdr->now_ps;
		_exit(0); /* dies holding the lock, the journal open */
	}
	int status;
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	/* the next access puts everything back */
	assert_int_equal(R(&t, "RECORD_STATUS[1]") & ~0xfu, 0x1000 + 25 * 32);
	unsigned char *after = snapshot(&t, &len2);
	assert_int_equal(len, len2);
	for (size_t i = 0; i < len; i++)
		if (before[i] != after[i])
			fail_msg("byte %zu differs after the rollback: 0x%02x, was 0x%02x", i, after[i], before[i]);
	free(before);
	free(after);
	/* and the simulation goes on from there as if nothing had happened */
	assert_int_equal(hwpc_sim_pc_advance_cycles(t.dev, 1, 2000, NULL), 0);
	assert_int_equal(R(&t, "RECORD_STATUS[1]") & ~0xfu, 0x1000 + 525 * 32);
	pt_close(&t);
}

/* An advance killed by SIGKILL: the clock and the domains agree after,
 * and a later advance runs exactly what it asks. */
static void test_killed_advance(void **unused)
{
	struct pt t;
	pt_open(&t, "nv10", "pchz=1G,engine=reference");
	int fds[2];
	assert_int_equal(pipe(fds), 0);
	pid_t pid = fork();
	if (pid == 0) {
		struct sim *s = child_sim(&t);
		(void)!write(fds[1], "x", 1);
		/* 19 ms at 1 GHz: seconds of the per-cycle reference */
		hwpc_sim_advance_ns(&s->dev, 19000000, NULL);
		_exit(0);
	}
	char c;
	assert_int_equal(read(fds[0], &c, 1), 1);
	usleep(200000);
	kill(pid, SIGKILL);
	int status;
	assert_int_equal(waitpid(pid, &status, 0), pid);
	struct sim *s = (struct sim *)t.dev;
	uint64_t now = hwpc_dev_now_ns(t.dev);
	assert_true(now == 0 || now == 19000000);
	sim_lock(s);
	struct pc_state *st = sim_model_state(s, SIM_MODEL_PCOUNTER, NULL);
	assert_int_equal(st->dom[0].ncycles, sim_cycles(s->hdr->now_ps, st->dom[0].hz));
	sim_unlock(s);
	assert_int_equal(hwpc_sim_advance_ns(t.dev, 1000, NULL), 0);
	assert_int_equal(STATE(&t)->dom[0].ncycles, now + 1000);
	close(fds[0]);
	close(fds[1]);
	pt_close(&t);
}

/* More packets than the memory log holds (10,000 of 32 bytes): the
 * advance is committed in steps, each all or nothing, and ends where an
 * advance in a hundred slices does. */
static void test_log_full(void **unused)
{
	struct pt a, b;
	pt_open(&a, "g84", "mem=1M");
	pt_open(&b, "g84", "mem=1M");
	records(&a);
	records(&b);
	W(&a, "RECORD_LIMIT[1]", 0xf0000);
	W(&b, "RECORD_LIMIT[1]", 0xf0000);
	assert_int_equal(hwpc_sim_pc_advance_cycles(a.dev, 1, 40000, NULL), 0);
	for (int i = 0; i < 100; i++)
		assert_int_equal(hwpc_sim_pc_advance_cycles(b.dev, 1, 400, NULL), 0);
	assert_int_equal(R(&a, "RECORD_STATUS[1]") & ~0xfu, 0x1000 + 10000 * 32);
	assert_int_equal(R(&b, "RECORD_STATUS[1]"), R(&a, "RECORD_STATUS[1]"));
	size_t la, lb;
	unsigned char *sa = snapshot(&a, &la), *sb = snapshot(&b, &lb);
	assert_int_equal(la, lb);
	struct sim *s = (struct sim *)a.dev;
	for (unsigned i = 0; i < s->nmodels; i++) {
		const struct sim_section *sc = &s->hdr->sect[i];
		if (memcmp(sa + sc->offset, sb + sc->offset, sc->size))
			fail_msg("the %s sections differ", s->models[i]->name);
	}
	free(sa);
	free(sb);
	pt_close(&a);
	pt_close(&b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rollback),
		cmocka_unit_test(test_killed_advance),
		cmocka_unit_test(test_log_full),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
