/* SPDX-License-Identifier: MIT */
/* libhwpc example: a simulated G84 with a virtual clock, its PTIMER read
 * before and after 1 ms of simulated time, and a logic-op expression for
 * PCOUNTER domain 0 compiled to register values and decompiled back.
 * usage: example STATE_DIR */
#include <hwpc.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
	struct hwpc_err err = { 0 };
	struct hwpc_regdb *db = NULL;
	struct hwpc_dev *dev = NULL;
	struct hwpc_pc_names names = { 0 };
	struct hwpc_ptimer pt;
	struct hwpc_ptimer_config cfg;
	static struct hwpc_pc_layout l;
	struct hwpc_lop_caps caps;
	struct hwpc_lop_request req = { 0 };
	struct hwpc_lop_setup set, again;
	char spec[600], desc[128], back[HWPC_LOP_MAX_EXPR];
	uint64_t raw0, raw1;

	if (argc != 2) {
		fprintf(stderr, "usage: example STATE_DIR\n");
		return HWPC_EINPUT;
	}
	snprintf(spec, sizeof spec, "sim:g84,clock=virtual,state=%s/g84.state", argv[1]);
	if (hwpc_regdb_load(&db, &err) || hwpc_dev_open(spec, HWPC_OPEN_READ, db, &dev, &err))
		goto out;
	hwpc_dev_describe(dev, desc, sizeof desc);
	printf("device: %s\n", desc);

	/* PTIMER: two consistent reads 1 ms of simulated time apart. */
	if (hwpc_ptimer_init(&pt, dev, &err) || hwpc_ptimer_config(&pt, 0, &cfg, &err) ||
	    hwpc_ptimer_read(&pt, &raw0, NULL, &err) ||
	    hwpc_dev_wait_until_ns(dev, hwpc_dev_now_ns(dev) + 1000000, &err) ||
	    hwpc_ptimer_read(&pt, &raw1, NULL, &err))
		goto out;
	printf("ptimer: %.0f Hz, %" PRIu64 " ticks in 1 ms\n", cfg.tick_hz,
	       hwpc_ptimer_ticks(&pt, raw1) - hwpc_ptimer_ticks(&pt, raw0));

	/* Logic ops: compile PRE for domain 0, decompile, compile that again. */
	if (hwpc_pc_layout_dev(dev, NULL, &l, &err) ||
	    hwpc_pc_lop_caps(db, l.chip, l.dom[0].space, l.dom[0].nsignals, &caps, &err) ||
	    hwpc_pc_names_build(&l, 0, &names, &err))
		goto out;
	req.expr[HWPC_LOP_PRE] = "(0x10 & 0x11) | !0x12";
	if (hwpc_lop_compile(&caps, &names.tab, &req, &set, &err) ||
	    hwpc_lop_decompile(&caps, &names.tab, &set.regs, HWPC_LOP_PRE, back, sizeof back, &err))
		goto out;
	printf("PRE: %s -> PRE_SRC 0x%08" PRIx32 " PRE_OP 0x%08" PRIx32 " -> %s\n",
	       req.expr[HWPC_LOP_PRE], set.regs.src[HWPC_LOP_PRE], set.regs.op[HWPC_LOP_PRE], back);
	req.expr[HWPC_LOP_PRE] = back;
	if (hwpc_lop_compile(&caps, &names.tab, &req, &again, &err))
		goto out;
	printf("round trip: %s\n", memcmp(&set.regs, &again.regs, sizeof set.regs) ? "differs" : "same");
out:
	if (err.status)
		fprintf(stderr, "example: %s\n", err.msg);
	hwpc_pc_names_free(&names);
	if (dev)
		hwpc_dev_close(dev);
	if (db)
		hwpc_regdb_free(db);
	return err.status;
}
