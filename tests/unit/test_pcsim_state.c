/* SPDX-License-Identifier: MIT */
/* The PCOUNTER model's state file: shared by processes, and a damaged file
 * is a clear error naming it (never a crash) that 'pcsim reset' cures.
 * Also the bad inputs of the generator, profile and trace interfaces. */
#include "pcsim_test.h"

#include <fcntl.h>
#include <sys/wait.h>

/* Two processes see one device: a child configures and advances, the
 * parent reads what it did. */
static void test_two_processes(void **unused)
{
	struct pt t;
	pt_open(&t, "g84", NULL);
	pid_t pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		struct hwpc_dev *dev;
		struct hwpc_err err;
		int ok = !hwpc_dev_open(t.spec, HWPC_OPEN_WRITE, t.db, &dev, &err) &&
			 !hwpc_reg_write(dev, "EVENT_SRC[1]", 0x42, &err) &&
			 !hwpc_sim_pc_advance_cycles(dev, 1, 10, &err);
		_exit(ok ? 0 : 1);
	}
	int status;
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	assert_int_equal(R(&t, "EVENT_SRC[1]"), 0x42);
	assert_int_equal(STATE(&t)->dom[1].ncycles, 10);
	pt_close(&t);
}

static void expect_open_error(struct pt *t, const char *what)
{
	struct hwpc_dev *dev;
	struct hwpc_err err;
	int rc = hwpc_dev_open(t->spec, HWPC_OPEN_WRITE, t->db, &dev, &err);
	assert_int_not_equal(rc, 0);
	if (!strstr(err.msg, t->state) || !strstr(err.msg, what))
		fail_msg("expected an error naming %s and '%s', got: %s", t->state, what, err.msg);
	/* and a reset makes it usable again */
	assert_int_equal(hwpc_sim_create(t->spec, true, t->db, &err), 0);
	assert_int_equal(hwpc_dev_open(t->spec, HWPC_OPEN_WRITE, t->db, &dev, &err), 0);
	hwpc_dev_close(dev);
}

/* Offset of the PCOUNTER section in the file. */
static uint64_t pc_offset(struct pt *t)
{
	struct sim *s = (struct sim *)t->dev;
	for (unsigned i = 0; i < s->hdr->nsections; i++)
		if (s->hdr->sect[i].id == SIM_MODEL_PCOUNTER)
			return s->hdr->sect[i].offset;
	fail_msg("no PCOUNTER section");
	return 0;
}

static void poke(const char *path, uint64_t off, const void *buf, size_t len)
{
	int fd = open(path, O_WRONLY);
	assert_true(fd >= 0);
	assert_int_equal(pwrite(fd, buf, len, (off_t)off), (ssize_t)len);
	close(fd);
}

static void test_truncated(void **unused)
{
	struct pt t;
	pt_open(&t, "g84", NULL);
	hwpc_dev_close(t.dev);
	assert_int_equal(truncate(t.state, 100), 0);
	expect_open_error(&t, "truncated");
	assert_int_equal(truncate(t.state, 100000), 0);
	expect_open_error(&t, "size");
	hwpc_regdb_free(t.db);
	t.dev = NULL;
	assert_int_equal(hwpc_regdb_load(&t.db, NULL), 0);
	assert_int_equal(hwpc_dev_open(t.spec, HWPC_OPEN_WRITE, t.db, &t.dev, NULL), 0);
	pt_close(&t);
}

static void test_corrupt_section(void **unused)
{
	struct pt t;
	pt_open(&t, "g84", NULL);
	uint64_t off = pc_offset(&t);
	hwpc_dev_close(t.dev);
	poke(t.state, off, "garbage!", 8);
	expect_open_error(&t, "PCOUNTER state is corrupt");
	/* a domain state no state machine has */
	uint8_t bad = 9;
	poke(t.state, off + offsetof(struct pc_state, dom[1].single_state), &bad, 1);
	expect_open_error(&t, "bad domain clock or state");
	/* a stale file: another version's header */
	uint32_t v = 99;
	poke(t.state, offsetof(struct sim_header, version), &v, sizeof v);
	expect_open_error(&t, "another version");
	/* not a state file at all */
	poke(t.state, 0, "\x7f" "ELF\2\1\1\0", 8);
	expect_open_error(&t, "not a hwpc simulator state file");
	assert_int_equal(hwpc_dev_open(t.spec, HWPC_OPEN_WRITE, t.db, &t.dev, NULL), 0);
	pt_close(&t);
}

static int gen_rc(const char *text)
{
	struct hwpc_sim_gen g;
	struct hwpc_err err;
	return GEN_PARSE(text, &g, &err);
}

/* "invalid generator parameters (period 0, probability outside [0,1], duty
 * > period)" are input errors (exit status 2) */
static void test_bad_generators(void **unused)
{
	assert_int_equal(gen_rc("periodic period=0"), HWPC_EINPUT);
	assert_int_equal(gen_rc("periodic period=4 duty=5"), HWPC_EINPUT);
	assert_int_equal(gen_rc("random p=1.5"), HWPC_EINPUT);
	assert_int_equal(gen_rc("random p=-0.1"), HWPC_EINPUT);
	assert_int_equal(gen_rc("random p=nan"), HWPC_EINPUT);
	assert_int_equal(gen_rc("const 2"), HWPC_EINPUT);
	assert_int_equal(gen_rc("square period=2"), HWPC_EINPUT);
	assert_int_equal(gen_rc("periodic period=4 duty=4 phase=3"), 0);
	assert_int_equal(gen_rc("random p=1 seed=0x10"), 0);
}

static void test_bad_profile_signal_trace(void **unused)
{
	struct pt t;
	struct hwpc_err err;
	unsigned sig, dom;
	char spec[256];
	pt_open(&t, "nv40", NULL);
	snprintf(spec, sizeof spec, "sim:nv40,clock=virtual,state=%s/x.state,profile=tesla", t.dir);
	assert_int_equal(hwpc_sim_create(spec, true, t.db, &err), HWPC_EINPUT);
	assert_non_null(strstr(err.msg, "unknown profile 'tesla'"));
	snprintf(spec, sizeof spec, "%s/x.state", t.dir);
	unlink(spec);
	/* NV40 domains have 0x20 signals */
	assert_int_equal(hwpc_sim_pc_signal(t.dev, 0, "0x20", &sig, &err), HWPC_EINPUT);
	assert_non_null(strstr(err.msg, "out of range"));
	assert_int_equal(hwpc_sim_pc_signal(t.dev, 0, "0x1f", &sig, &err), 0);
	assert_int_equal(hwpc_sim_pc_signal(t.dev, 0, "pm_trigger", &sig, &err), 0);
	assert_int_equal(sig, 0x0f);
	assert_int_equal(hwpc_sim_pc_domain(t.dev, "memory", &dom, &err), 0);
	assert_int_equal(dom, 4);
	assert_int_equal(hwpc_sim_pc_domain(t.dev, "5", &dom, &err), HWPC_EINPUT);
	/* a malformed trace names file:line */
	char path[160];
	snprintf(path, sizeof path, "%s/trace.txt", t.dir);
	FILE *f = fopen(path, "w");
	fputs("# two signals\nsignals 1 2\n0 1\n1 x\n", f);
	fclose(f);
	assert_int_equal(hwpc_sim_pc_load_trace(t.dev, 0, path, &err), HWPC_EINPUT);
	char want[200];
	snprintf(want, sizeof want, "%s:4:", path);
	assert_non_null(strstr(err.msg, want));
	pt_close(&t);
}

/* Advancing: a negative or overflowing amount is an input error. */
static void test_bad_advance(void **unused)
{
	struct pt t;
	struct hwpc_err err;
	pt_open(&t, "g84", NULL);
	assert_int_equal(hwpc_sim_pc_advance_cycles(t.dev, 1, UINT64_MAX, &err), HWPC_EINPUT);
	assert_int_equal(hwpc_sim_pc_advance_cycles(t.dev, 9, 1, &err), HWPC_EINPUT);
	pt_close(&t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_two_processes),	  cmocka_unit_test(test_truncated),
		cmocka_unit_test(test_corrupt_section),	  cmocka_unit_test(test_bad_generators),
		cmocka_unit_test(test_bad_profile_signal_trace), cmocka_unit_test(test_bad_advance),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
