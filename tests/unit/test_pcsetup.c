/* SPDX-License-Identifier: MIT */
/* pcsetup's library: the order of planned writes (PRE_OP last and once,
 * nothing after it; CTRL before everything it governs; RECORD_START after
 * record mode is entered), option and setup-file validation. */
#include "pcsim_test.h"
#include "pc/pc_cmd.h"

#include <strings.h>
#include <unistd.h>

static struct hwpc_pc_setup setup_of(const char *const *opts)
{
	struct hwpc_pc_setup s;
	struct hwpc_err err;
	hwpc_pc_setup_init(&s);
	for (size_t i = 0; opts[i]; i += 2)
		if (hwpc_pc_setup_option(&s, opts[i], opts[i + 1], &err))
			fail_msg("%s %s: %s", opts[i], opts[i + 1], err.msg);
	return s;
}

/* Position of the first write whose name contains what, or -1. */
static int pos(const struct hwpc_wplan *p, const char *what)
{
	for (size_t i = 0; i < p->n; i++)
		if (strstr(p->w[i].name, what))
			return (int)i;
	return -1;
}

static int count(const struct hwpc_wplan *p, const char *what)
{
	int n = 0;
	for (size_t i = 0; i < p->n; i++)
		n += strstr(p->w[i].name, what) != NULL;
	return n;
}

struct order_case {
	const char *chip, *dom;
	const char *opts[24];
};

static const struct order_case cases[] = {
	{ "nv10", "core", { "event", "0x10", "setflag", "0x11", "threshold", "5", "reg", "CTRL.TVOUT_DEBUG_SEL=1", NULL } },
	{ "nv20", "1", { "event", "0x10 & flag", "stop", "rise(0x11)", "periods", "4", NULL } },
	{ "nv30", "0", { "mode", "quad", "event", "0x10", "start", "0x11", NULL } },
	{ "nv40", "core", { "counter-mode", "EVENT_B6", "bits", "1,2,3,4,5,6", "event", "1", NULL } },
	{ "g84", "core_a", { "mode", "record", "record-signals", "1,2,3", "stop", "0x20", "record-start", "0x100",
			     "record-limit", "0x200", "reset", "record", "reg", "PRE_OP.FUNC=0x1234", NULL } },
	{ "g92", "core_b", { "mode", "quad", "swap", "0x30", "event", "rise(0x10)", "periodic", "2K", NULL } },
	{ "gt215", "host", { "event", "0x10", "user", "1:1", "reset", "periodic", NULL } },
	{ "gf100", "part2.1", { "mode", "quad", "swap", "periodic", "event", "0x10", "reg", "CTRL.UNK9=1", NULL } },
};

static void test_order(void **state)
{
	(void)state;
	for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
		const struct order_case *oc = &cases[k];
		struct pt t;
		struct hwpc_pc_layout l;
		struct hwpc_err err;
		struct hwpc_wplan p;
		struct hwpc_pc_note rec;
		unsigned dom = 0;
		pt_open(&t, oc->chip, NULL);
		struct hwpc_pc_setup s = setup_of(oc->opts);
		if (hwpc_pc_layout_dev(t.dev, NULL, &l, &err) || hwpc_pc_domain_find(&l, oc->dom, &dom, &err))
			fail_msg("%s: %s", oc->chip, err.msg);
		hwpc_wplan_init(&p, t.dev);
		if (hwpc_pc_setup_plan(t.dev, &l, dom, &s, &p, &rec, &err))
			fail_msg("%s: %s", oc->chip, err.msg);
		/* PRE_OP: once, and last. */
		assert_int_equal(count(&p, "PRE_OP"), 1);
		assert_int_equal(pos(&p, "PRE_OP"), (int)p.n - 1);
		/* CTRL first, unless a set-wide reset is asserted before it. */
		int ctrl = pos(&p, ".CTRL");
		assert_true(ctrl == 0 || (s.resets && ctrl == 1));
		assert_true(pos(&p, "_SRC") > ctrl);
		assert_true(pos(&p, "EVENT_OP") > pos(&p, "EVENT_SRC"));
		if (s.mode == HWPC_PC_RECORD) {
			assert_true(pos(&p, "RECORD_START") > ctrl);
			assert_true(pos(&p, "RECORD_START") > pos(&p, "RECORD_LIMIT"));
			/* --reg PRE_OP.FUNC merges into the one PRE_OP write. */
			assert_int_equal(p.w[p.n - 1].value & 0xffff, 0x1234);
		}
		if (s.resets) {
			/* Released just before PRE_OP. */
			assert_true(strstr(p.w[p.n - 2].why, "reset released") != NULL);
		}
		/* The record holds what was configured, PRE_OP included, and
		 * no trigger. */
		assert_true(rec.n > 0);
		bool has_pre = false;
		for (unsigned i = 0; i < rec.n; i++) {
			has_pre |= rec.reg[i].addr == p.w[p.n - 1].addr;
			for (size_t w = 0; w < p.n; w++)
				if (strstr(p.w[w].name, "USER_TRIGGER") || strstr(p.w[w].name, "GCTRL"))
					assert_int_not_equal(rec.reg[i].addr, p.w[w].addr);
		}
		assert_true(has_pre);
		hwpc_wplan_free(&p);
		pt_close(&t);
	}
}

/* Two domains sharing NV20's CTRL: both configure before either PRE_OP,
 * and the second CTRL write keeps the first domain's fields. */
static void test_many_shared_ctrl(void **state)
{
	(void)state;
	struct pt t;
	struct hwpc_pc_layout l;
	struct hwpc_err err;
	struct hwpc_wplan p;
	pt_open(&t, "nv30", NULL);
	static const char *const a[] = { "mode", "quad", "event", "0x10", NULL };
	static const char *const b[] = { "event", "0x10", "event-ctr-period", "all", NULL };
	struct hwpc_pc_setup sa = setup_of(a), sb = setup_of(b);
	struct hwpc_pc_job jobs[2] = { { 0, &sa, NULL, NULL }, { 1, &sb, NULL, NULL } };
	if (hwpc_pc_layout_dev(t.dev, NULL, &l, &err))
		fail_msg("%s", err.msg);
	hwpc_wplan_init(&p, t.dev);
	if (hwpc_pc_setup_plan_many(t.dev, &l, jobs, 2, &p, &err))
		fail_msg("%s", err.msg);
	assert_string_equal(p.w[p.n - 2].name, "PCOUNTER.PRE_OP[0]");
	assert_string_equal(p.w[p.n - 1].name, "PCOUNTER.PRE_OP[1]");
	uint32_t last_ctrl = 0;
	for (size_t i = 0; i < p.n; i++)
		if (!strcmp(p.w[i].name, "PCOUNTER.CTRL"))
			last_ctrl = p.w[i].value;
	assert_int_equal(FIELD(&t, "PCOUNTER.CTRL", "DOM0_MODE"), 0); /* nothing written yet */
	if (hwpc_wplan_apply(&p, &err))
		fail_msg("%s", err.msg);
	/* as written, but for the states a read shows live: the PRE_OP
	 * writes have started domain 1's single event mode (WAIT_PRE) */
	static const char *const states[] = { "DOM0_SINGLE_STATE", "DOM1_SINGLE_STATE", "DOM0_QUAD_STATE",
					      "DOM1_QUAD_STATE" };
	const struct hwpc_reg *ctrl = hwpc_reg_find(t.db, t.dev->chip, "PCOUNTER.CTRL", NULL);
	uint32_t live = 0;
	for (size_t i = 0; i < 4; i++)
		live |= (uint32_t)hwpc_field_mask(hwpc_field_find(ctrl, t.dev->chip, states[i]));
	assert_int_equal(R(&t, "PCOUNTER.CTRL") & ~live, last_ctrl & ~live);
	assert_int_equal(FIELD(&t, "PCOUNTER.CTRL", "DOM1_SINGLE_STATE"), 1);
	assert_int_equal(FIELD(&t, "PCOUNTER.CTRL", "DOM0_MODE"), 1);
	assert_int_equal(FIELD(&t, "PCOUNTER.CTRL", "DOM1_EVENT_CTR_PERIOD"), 1);
	/* The same domain twice is refused. */
	jobs[1].dom = 0;
	hwpc_wplan_free(&p);
	hwpc_wplan_init(&p, t.dev);
	assert_int_equal(hwpc_pc_setup_plan_many(t.dev, &l, jobs, 2, &p, &err), HWPC_EINPUT);
	assert_string_equal(err.msg, "domain core is set up twice");
	hwpc_wplan_free(&p);
	pt_close(&t);
}

static void test_triggers_only(void **state)
{
	(void)state;
	struct pt t;
	struct hwpc_pc_layout l;
	struct hwpc_err err;
	struct hwpc_wplan p;
	struct hwpc_pc_note rec;
	pt_open(&t, "g84", NULL);
	static const char *const o[] = { "reset", "periodic", NULL };
	struct hwpc_pc_setup s = setup_of(o);
	if (hwpc_pc_layout_dev(t.dev, NULL, &l, &err))
		fail_msg("%s", err.msg);
	hwpc_wplan_init(&p, t.dev);
	if (hwpc_pc_setup_plan(t.dev, &l, 1, &s, &p, &rec, &err))
		fail_msg("%s", err.msg);
	/* No PRE_OP: a trigger must not restart counting. */
	assert_int_equal(p.n, 2);
	assert_int_equal(count(&p, "PRE_OP"), 0);
	assert_int_equal(rec.n, 0);
	hwpc_wplan_free(&p);
	pt_close(&t);
}

static void test_options(void **state)
{
	(void)state;
	struct hwpc_pc_setup s;
	struct hwpc_err err;
	hwpc_pc_setup_init(&s);
	static const struct {
		const char *name, *value, *msg;
	} bad[] = {
		{ "mode", "dual", "--mode: expected single, quad or record, got 'dual'" },
		{ "frob", "1", "unknown setup option 'frob'" },
		{ "--threshold", "-1", "--threshold: '-1' is not a number" },
		{ "user", "0x100", "--user VALUE: 0x100 is too large (at most 255)" },
		{ "user", "1:x", "--user VALUE:PULSE: 'x' is not a number" },
		{ "reset", "", "--reset: expected record, periodic or record,periodic" },
		{ "event", NULL, "--event needs a value" },
		{ "reg", "CTRL", "--reg: expected NAME[IDX][.FIELD]=VALUE[:MASK], got 'CTRL'" },
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		assert_int_equal(hwpc_pc_setup_option(&s, bad[i].name, bad[i].value, &err), HWPC_EINPUT);
		assert_string_equal(err.msg, bad[i].msg);
	}
	assert_int_equal(s.given, 0);
	assert_int_equal(hwpc_pc_setup_option(&s, "--reset", "record,periodic", &err), 0);
	assert_int_equal(s.resets, HWPC_PC_RESET_RECORD | HWPC_PC_RESET_PERIODIC);
	assert_int_equal(hwpc_pc_setup_option(&s, "mode", "QUAD", &err), 0);
	assert_int_equal(s.mode, HWPC_PC_QUAD);
	assert_int_equal(s.given, HWPC_PC_SETUP_RESET | HWPC_PC_SETUP_MODE);
	const char *const *names = hwpc_pc_setup_option_names();
	size_t n = 0;
	while (names[n])
		n++;
	assert_int_equal(n, 25);
}

static void test_setfile(void **state)
{
	(void)state;
	static const char text[] = "# common to both sets\n"
				   "domain core_a\n"
				   "--mode quad\n"
				   "swap=0x20   # comment\n"
				   "[set a]\n"
				   "event 0x10 & !0x11\n"
				   "set b\n"
				   "event 0x12\n"
				   "threshold 0x10\n"
				   "domain 3\n"
				   "  event   flag  \n";
	struct hwpc_pc_setfile f;
	struct hwpc_err err;
	FILE *fp = fmemopen((void *)text, sizeof text - 1, "r");
	assert_non_null(fp);
	if (hwpc_pc_setfile_read(fp, "x.setup", &f, &err))
		fail_msg("%s", err.msg);
	fclose(fp);
	assert_int_equal(f.n, 3);
	assert_string_equal(f.e[0].domain, "core_a");
	assert_string_equal(f.e[0].set, "a");
	assert_int_equal(f.e[0].line, 5);
	assert_int_equal(f.e[0].setup.mode, HWPC_PC_QUAD);
	assert_string_equal(f.e[0].setup.swap, "0x20");
	assert_string_equal(f.e[0].setup.expr[HWPC_LOP_EVENT], "0x10 & !0x11");
	assert_string_equal(f.e[1].set, "b");
	assert_string_equal(f.e[1].setup.expr[HWPC_LOP_EVENT], "0x12");
	assert_int_equal(f.e[1].setup.threshold, 0x10);
	assert_false(f.e[0].setup.given & HWPC_PC_SETUP_THRESHOLD);
	assert_string_equal(f.e[2].domain, "3");
	assert_string_equal(f.e[2].set, "");
	assert_int_equal(f.e[2].line, 10);
	assert_string_equal(f.e[2].setup.expr[HWPC_LOP_EVENT], "flag");
	hwpc_pc_setfile_free(&f);

	static const char bad[] = "event 1\nthreshold x\n";
	fp = fmemopen((void *)bad, sizeof bad - 1, "r");
	assert_int_equal(hwpc_pc_setfile_read(fp, "b.setup", &f, &err), HWPC_EINPUT);
	fclose(fp);
	assert_string_equal(err.msg, "b.setup:2: --threshold: 'x' is not a number");
	assert_int_equal(f.n, 0);
}

/* pcsetup -f keeps only the entries it takes, and still checks the rest. */
static void test_setfile_pick(void **state)
{
	(void)state;
	static const char text[] = "domain core_a\n"
				   "mode quad\n"
				   "[set a]\n"
				   "event 0x10\n"
				   "[set b]\n"
				   "event 0x12\n"
				   "threshold 0x10\n"
				   "domain 3\n"
				   "event flag\n";
	char path[] = "/tmp/hwpc-test-setfile-XXXXXX";
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, text, sizeof text - 1), (ssize_t)(sizeof text - 1));
	close(fd);
	struct hwpc_pc_setfile f;
	struct hwpc_err err;
	if (hwpc_pc_setfile_parse_pick(path, "b", &f, &err))
		fail_msg("%s", err.msg);
	assert_int_equal(f.n, 1);
	assert_string_equal(f.e[0].set, "b");
	assert_int_equal(f.e[0].line, 5);
	assert_int_equal(f.e[0].setup.mode, HWPC_PC_QUAD);
	assert_int_equal(f.e[0].setup.threshold, 0x10);
	hwpc_pc_setfile_free(&f);
	/* no set named: each section's first */
	if (hwpc_pc_setfile_parse_pick(path, NULL, &f, &err))
		fail_msg("%s", err.msg);
	assert_int_equal(f.n, 2);
	assert_string_equal(f.e[0].set, "a");
	assert_string_equal(f.e[0].setup.expr[HWPC_LOP_EVENT], "0x10");
	assert_string_equal(f.e[1].domain, "3");
	assert_string_equal(f.e[1].setup.expr[HWPC_LOP_EVENT], "flag");
	hwpc_pc_setfile_free(&f);
	/* what is left out is checked all the same */
	static const char *const bad[][2] = {
		{ "[set a]\n[set b]\nthreshold x\n", "--threshold: 'x' is not a number" },
		{ "[set a]\n[set b]\n[set b]\n", "set 'b' given twice in this domain" },
		{ "domain a\n[set x]\ndomain A\n", "domain 'A' has a section already" },
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		FILE *fp = fopen(path, "w");
		fputs(bad[i][0], fp);
		fclose(fp);
		assert_int_equal(hwpc_pc_setfile_parse_pick(path, "a", &f, &err), HWPC_EINPUT);
		assert_non_null(strstr(err.msg, bad[i][1]));
		assert_int_equal(f.n, 0);
	}
	unlink(path);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_order),
		cmocka_unit_test(test_many_shared_ctrl),
		cmocka_unit_test(test_triggers_only),
		cmocka_unit_test(test_options),
		cmocka_unit_test(test_setfile),
		cmocka_unit_test(test_setfile_pick),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
