/* SPDX-License-Identifier: MIT */
/* Which setups of a setup file apply (hwpc_pc_setfile_jobs for pcsetup,
 * hwpc_pc_setfile_rotation_domain for pcread -f: one rule), and registers
 * selected by pattern and read by name (hwpc/regdb_select.h), on G84 and
 * the one-domain NV10. */
#include "pcsim_test.h"
#include "regs/regs_cmd.h"
#include "pc/pc_cmd.h"

static void setfile(const char *text, struct hwpc_pc_setfile *f)
{
	FILE *fp = fmemopen((void *)text, strlen(text), "r");
	assert_non_null(fp);
	assert_int_equal(hwpc_pc_setfile_read(fp, "f.setup", f, NULL), 0);
	fclose(fp);
}

static void test_jobs(void **state)
{
	(void)state;
	struct pt t;
	struct hwpc_pc_layout l;
	struct hwpc_pc_setfile f;
	struct hwpc_pc_job jobs[8];
	struct hwpc_err err;
	size_t n;
	pt_open(&t, "g84", NULL);
	assert_int_equal(hwpc_pc_layout_dev(t.dev, NULL, &l, NULL), 0);
	setfile("domain core_a\nset a\nevent 1\nset b\nevent 2\ndomain core_b\nevent 3\n", &f);
	/* Each domain once, its first set. */
	assert_int_equal(hwpc_pc_setfile_jobs(&l, &f, NULL, NULL, jobs, NULL, 8, &n, NULL), 0);
	assert_int_equal(n, 2);
	assert_string_equal(l.dom[jobs[0].dom].name, "core_a");
	assert_ptr_equal(jobs[0].setup, &f.e[0].setup);
	assert_string_equal(l.dom[jobs[1].dom].name, "core_b");
	/* -D picks that domain's sections; --set a set. */
	assert_int_equal(hwpc_pc_setfile_jobs(&l, &f, "core_a", "b", jobs, NULL, 8, &n, NULL), 0);
	assert_int_equal(n, 1);
	assert_ptr_equal(jobs[0].setup, &f.e[1].setup);
	assert_int_equal(hwpc_pc_setfile_jobs(&l, &f, NULL, "x", jobs, NULL, 8, &n, &err), HWPC_EINPUT);
	assert_string_equal(err.msg, "f.setup has no set 'x'");
	assert_int_equal(hwpc_pc_setfile_jobs(&l, &f, "shader", NULL, jobs, NULL, 8, &n, &err), HWPC_EINPUT);
	assert_string_equal(err.msg, "f.setup has no setup for domain shader");
	/* Rotation: the file's sets must share one domain. */
	unsigned dom;
	assert_int_equal(hwpc_pc_setfile_rotation_domain(&l, &f, NULL, &dom, &err), HWPC_EINPUT);
	assert_non_null(strstr(err.msg, "domain core_b: one domain rotates at a time (core_a)"));
	hwpc_pc_setfile_free(&f);
	/* No domain named: -D's, else an error naming how many there are. */
	setfile("set a\nevent 1\nset b\nevent 2\n", &f);
	assert_int_equal(hwpc_pc_setfile_rotation_domain(&l, &f, "core_b", &dom, NULL), 0);
	assert_string_equal(l.dom[dom].name, "core_b");
	assert_int_equal(hwpc_pc_setfile_rotation_domain(&l, &f, NULL, &dom, &err), HWPC_EINPUT);
	assert_string_equal(err.msg, "f.setup:1: no domain: give -D NAME|N (G84 has 8 domains)");
	assert_int_equal(hwpc_pc_setfile_jobs(&l, &f, NULL, "b", jobs, NULL, 8, &n, &err), HWPC_EINPUT);
	pt_close(&t);
	/* A one-domain chip needs no name, for either command. */
	pt_open(&t, "nv10", NULL);
	assert_int_equal(hwpc_pc_layout_dev(t.dev, NULL, &l, NULL), 0);
	assert_int_equal(l.ndomains, 1);
	assert_int_equal(hwpc_pc_setfile_rotation_domain(&l, &f, NULL, &dom, NULL), 0);
	assert_int_equal(dom, 0);
	assert_int_equal(hwpc_pc_setfile_jobs(&l, &f, NULL, "b", jobs, NULL, 8, &n, NULL), 0);
	assert_int_equal(n, 1);
	assert_int_equal(hwpc_pc_job_domain(&l, NULL, "", &dom, NULL), 0);
	hwpc_pc_setfile_free(&f);
	pt_close(&t);
}

static void test_regs(void **state)
{
	(void)state;
	struct pt t;
	struct hwpc_regref ref;
	struct hwpc_regval v;
	struct hwpc_err err;
	const struct hwpc_reg *r;
	unsigned pos = 0, n = 0;
	pt_open(&t, "g84", NULL);
	/* A glob matches whole names (full or short), any case. */
	while ((r = hwpc_regs_select_next(t.dev->regs, "pcounter.ctr_*", &pos))) {
		assert_true(hwpc_reg_selected(r, "CTR_*"));
		n++;
	}
	assert_int_equal(n, 6);
	pos = 0;
	r = hwpc_regs_select_next(t.dev->regs, "PCOUNTER.CTR_*", &pos);
	char dims[96];
	hwpc_reg_dims_format(r, dims, sizeof dims);
	assert_string_equal(r->name, "PCOUNTER.CTR_CYCLES");
	assert_string_equal(dims, "[dom:8]");
	assert_string_equal(hwpc_reg_access_name(r), "ro");
	/* Without glob characters: a substring of the full name. */
	assert_true(hwpc_reg_selected(r, "ctr_cyc"));
	assert_false(hwpc_reg_selected(r, "CTR_CYCLES*X"));
	assert_true(hwpc_reg_selected(r, NULL));
	/* Read by name: a register decoded, a field with its enum name. */
	assert_int_equal(hwpc_reg_write(t.dev, "PCOUNTER.CTRL[1]", 0x111, NULL), 0);
	assert_int_equal(hwpc_regref_parse_readable(t.dev->regs, "CTRL[1].CTR_MODE", &ref, NULL), 0);
	assert_int_equal(hwpc_regref_read(t.dev, &ref, &v, NULL), 0);
	assert_string_equal(v.name, "PCOUNTER.CTRL[1].CTR_MODE");
	assert_true(v.is_field);
	assert_int_equal(v.value, 1);
	assert_string_equal(v.text, "EVENT_B4");
	assert_int_equal(hwpc_regref_parse_readable(t.dev->regs, "CTRL[1]", &ref, NULL), 0);
	assert_int_equal(hwpc_regref_read(t.dev, &ref, &v, NULL), 0);
	assert_int_equal(v.value, 0x111);
	assert_non_null(strstr(v.text, "MODE=QUAD CTR_MODE=EVENT_B4"));
	assert_int_equal(hwpc_regref_parse_readable(t.dev->regs, "QUAD_ACK_TRIGGER[1]", &ref, &err),
			 HWPC_EINPUT);
	assert_string_equal(err.msg, "PCOUNTER.QUAD_ACK_TRIGGER is write-only");
	pt_close(&t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_jobs),
		cmocka_unit_test(test_regs),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
