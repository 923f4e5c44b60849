/* SPDX-License-Identifier: MIT */
/* Fuzz pcsetup's setup files (pcsetup(1), "SETUP FILES"): the input's
 * first byte chooses a simulated chip (NV10, NV30, G84, GF100), the rest
 * is the file.  What parses is then planned for its domain as pcsetup
 * --dry-run would (checked against the generation, expressions compiled,
 * nothing written) and explained.
 *
 * The simulators are created once, in the harness's temporary directory;
 * planning only reads registers, so they stay as created. */
#include "fuzz_common.h"
#include "pc/pc_cmd.h"

static const char *const chips[] = {"nv10", "nv30", "g84", "gf100"};
#define NCHIPS (sizeof chips / sizeof chips[0])

struct target {
	struct hwpc_dev *dev;
	struct hwpc_pc_layout layout;
};

static struct target *target(unsigned i)
{
	static struct target t[NCHIPS];
	if (!t[i].dev) {
		struct hwpc_err err;
		char spec[512];
		snprintf(spec, sizeof spec, "sim:%s,clock=virtual,state=%s/%s.state", chips[i], fuzz_dir(), chips[i]);
		if (hwpc_sim_create(spec, true, fuzz_regdb(), &err) ||
		    hwpc_dev_open(spec, HWPC_OPEN_WRITE, fuzz_regdb(), &t[i].dev, &err) ||
		    hwpc_pc_layout_dev(t[i].dev, NULL, &t[i].layout, &err)) {
			fprintf(stderr, "fuzz_setfile: %s: %s\n", spec, err.msg);
			abort();
		}
	}
	return &t[i];
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	struct target *t = target(data[0] % NCHIPS);
	FILE *fp = fmemopen((void *)(data + 1), size - 1, "r");
	if (size == 1)
		fp = fopen("/dev/null", "r");
	FUZZ_CHECK(fp != NULL, "fmemopen");
	struct hwpc_pc_setfile f;
	struct hwpc_err err = {0, ""};
	int rc = hwpc_pc_setfile_read(fp, "fuzz.setup", &f, &err);
	fclose(fp);
	if (rc) {
		fuzz_note("setfile", &err);
		FUZZ_CHECK(rc == HWPC_EINPUT && strstr(err.msg, "fuzz.setup"), "error %d not naming the file: %s", rc,
			   err.msg);
		return 0;
	}
	for (size_t i = 0; i < f.n && i < 8; i++) {
		const struct hwpc_pc_setfile_entry *e = &f.e[i];
		unsigned dom = t->layout.ndomains > 1; /* pcsetup's default -D 1 where there is one */
		if (e->domain[0] && hwpc_pc_domain_find(&t->layout, e->domain, &dom, &err)) {
			fuzz_note("domain", &err);
			continue;
		}
		struct hwpc_wplan plan;
		struct hwpc_pc_note rec;
		hwpc_wplan_init(&plan, t->dev);
		if (hwpc_pc_setup_plan(t->dev, &t->layout, dom, &e->setup, &plan, &rec, &err))
			fuzz_note("plan", &err);
		hwpc_wplan_free(&plan);
		char *text = NULL;
		if (!hwpc_pc_setup_explain(&t->layout, dom, &e->setup, &text, &err))
			free(text);
	}
	hwpc_pc_setfile_free(&f);
	return 0;
}
