/* SPDX-License-Identifier: MIT */
/* pcsim's subcommands on the simulated GPU as a whole: create, reset and
 * list them, move and show their time, show their state, raw register
 * access and memory dumps. */
#include "pcsim_state.h"
#include "common/outfile.h"
#include "regdb/regdb_cmd.h"
#include "regs/regs_cmd.h"

#include <ctype.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int create_or_reset(struct pcsim *c, bool reset)
{
	struct hwpc_regdb *db;
	struct hwpc_err err;
	const char *spec = c->device;

	const char *name = reset ? "reset" : "create";
	if (c->argc > 1)
		return cli_fail(HWPC_EINPUT, "%s: unexpected argument '%s' (one SPEC, or -d SPEC)", name, c->argv[1]);
	if (c->argc == 1) {
		if (c->device)
			return cli_fail(HWPC_EINPUT, "%s: give the spec either with -d or as an argument", name);
		spec = c->argv[0];
	}
	if (!spec)
		spec = getenv("HWPC_DEVICE");
	if (!spec || strncmp(spec, "sim:", 4))
		return cli_fail(HWPC_EINPUT, "%s needs a simulator spec such as sim:g84", name);
	if (hwpc_regdb_load(&db, &err))
		return cli_fail_err(&err);
	int rc = hwpc_sim_create(spec, reset, db, &err) ? cli_fail_err(&err) : 0;
	hwpc_regdb_free(db);
	return rc;
}

int pcsim_create(struct pcsim *c)
{
	return create_or_reset(c, false);
}

int pcsim_reset(struct pcsim *c)
{
	return create_or_reset(c, true);
}

int pcsim_advance(struct pcsim *c, struct hwpc_dev *dev, struct hwpc_out *o)
{
	struct hwpc_err err;
	uint64_t ns = 0;

	if (c->argc == 1 && !c->cycles && !c->clock) {
		if (hwpc_parse_duration_ns(c->argv[0], 0, "advance", &ns, &err))
			return cli_fail_err(&err);
	} else if (c->argc == 0 && c->cycles && c->clock && !c->domain) {
		uint64_t n;
		if (hwpc_parse_u64(c->cycles, UINT64_MAX, "advance --cycles", &n, &err))
			return cli_fail_err(&err);
		if (n == 0)
			return cli_fail(HWPC_EINPUT, "advance --cycles: must be at least 1");
		if (hwpc_sim_advance_cycles(dev, c->clock, n, &err))
			return cli_fail_err(&err);
		goto done;
	} else if (c->argc == 0 && c->cycles && c->domain && !c->clock) {
		uint64_t n;
		unsigned dom;
		if (hwpc_parse_u64(c->cycles, UINT64_MAX, "advance --cycles", &n, &err) ||
		    hwpc_sim_pc_domain(dev, c->domain, &dom, &err))
			return cli_fail_err(&err);
		if (n == 0)
			return cli_fail(HWPC_EINPUT, "advance --cycles: must be at least 1");
		if (hwpc_sim_pc_advance_cycles(dev, dom, n, &err))
			return cli_fail_err(&err);
		goto done;
	} else {
		return cli_fail(HWPC_EINPUT,
				"advance: expected DURATION, --cycles N --clock CLOCK or --cycles N --domain DOM");
	}
	if (hwpc_sim_advance_ns(dev, ns, &err))
		return cli_fail_err(&err);
done:
	hwpc_out_record(o, "sim_time");
	hwpc_out_u64(o, "device_ns", hwpc_dev_now_ns(dev));
	return hwpc_out_end(o, &err) ? cli_fail_err(&err) : 0;
}

int pcsim_time(struct pcsim *c, struct hwpc_dev *dev, struct hwpc_out *o)
{
	struct hwpc_err err;
	if (c->argc)
		return cli_fail(HWPC_EINPUT, "time takes no arguments");
	hwpc_out_record(o, "sim_time");
	hwpc_out_u64(o, "device_ns", hwpc_dev_now_ns(dev));
	hwpc_out_str(o, "clock_mode", hwpc_sim_is_virtual(dev) ? "virtual" : "realtime");
	return hwpc_out_end(o, &err) ? cli_fail_err(&err) : 0;
}

int pcsim_show(struct pcsim *c, struct hwpc_dev *dev, struct hwpc_out *o)
{
	struct hwpc_err err;
	unsigned dom;
	if (c->argc > 1)
		return cli_fail(HWPC_EINPUT, "show: expected at most one of pcounter or DOM");
	if (c->argc == 0) {
		/* Two kinds in one stream: CSV's columns are both kinds' keys. */
		static const char *const kinds[] = { "sim_state", "sim_pc_domain" };
		if (hwpc_out_kinds(o, kinds, hwpc_sim_pc_domain_count(dev) ? 2 : 1, &err) ||
		    hwpc_sim_show(dev, o, &err))
			return cli_fail_err(&err);
		if (hwpc_sim_pc_domain_count(dev) && hwpc_sim_pc_show(dev, o, -1, &err))
			return cli_fail_err(&err);
		return 0;
	}
	if (!strcmp(c->argv[0], "pcounter"))
		return hwpc_sim_pc_show(dev, o, -1, &err) ? cli_fail_err(&err) : 0;
	if (hwpc_sim_pc_domain(dev, c->argv[0], &dom, &err) || hwpc_sim_pc_show(dev, o, (int)dom, &err))
		return cli_fail_err(&err);
	return 0;
}

/* Raw MMIO, exactly as the chip sees it: a register or field by name, or
 * an address (written even where regdb has no register, so -v shows what
 * the chip ignores).  Names and fields mean what they mean to pcsetup --reg
 * and pcread --reg: the library's one implementation (a field is read out
 * of its register, and written into the register's other bits). */
int pcsim_reg(struct pcsim *c, struct hwpc_dev *dev, struct hwpc_out *o)
{
	struct hwpc_err err;
	if (c->argc < 1)
		return cli_fail(HWPC_EINPUT, "reg: expected NAME|ADDR[=VALUE]...");
	/* Every argument is checked before the first write, as pcsetup --reg
	 * does: a typo in the last leaves the chip as it was. */
	struct hwpc_regwrite *w = calloc((size_t)c->argc, sizeof *w);
	struct hwpc_regarg *a = calloc((size_t)c->argc, sizeof *a);
	int rc = !w || !a ? cli_fail(HWPC_EOP, "out of memory") : 0;
	for (int i = 0; i < c->argc && !rc; i++) {
		const char *arg = c->argv[i];
		if (strchr(arg, '=')) {
			if (hwpc_regwrite_parse(dev, arg, HWPC_REGWRITE_FORCE | HWPC_REGWRITE_NO_VERIFY | HWPC_REGWRITE_RAW,
						&w[i], &err))
				rc = cli_fail(err.status, "reg %s: %s", arg, err.msg);
		} else if (!hwpc_dev_regview(dev) && !isdigit((unsigned char)arg[0])) {
			rc = cli_fail(HWPC_EINPUT, "reg %s: this machine has no register names (give an address)", arg);
		} else if (hwpc_regarg_parse(hwpc_dev_regview(dev), hwpc_dev_bar_size(dev), arg, false, false, &a[i],
					     &err)) {
			rc = cli_fail(err.status, "reg %s: %s", arg, err.msg);
		}
	}
	for (int i = 0; i < c->argc && !rc; i++) {
		const char *arg = c->argv[i];
		if (strchr(arg, '=')) {
			/* planned here, not above: an earlier write may change the bits it keeps */
			if (hwpc_regwrite_plan(dev, &w[i], &err) || hwpc_regwrite_apply(dev, &w[i], &err))
				rc = cli_fail(err.status, "reg %s: %s", arg, err.msg);
			continue;
		}
		struct hwpc_regval v = { .addr = 0 };
		if (!a[i].by_addr) {
			if (hwpc_regref_read(dev, &a[i].ref, &v, &err)) {
				rc = cli_fail_err(&err);
				break;
			}
		} else {
			uint32_t word;
			if (hwpc_rd32(dev, a[i].addr, &word)) {
				rc = cli_fail_err(hwpc_dev_error(dev));
				break;
			}
			v.addr = a[i].addr;
			v.value = word;
		}
		hwpc_out_record(o, "sim_reg");
		hwpc_out_str(o, "reg", arg);
		hwpc_out_hex(o, "addr", v.addr, 6);
		if (v.is_field)
			hwpc_out_hex(o, "value", v.value, 0);
		else
			hwpc_out_hex32(o, "value", (uint32_t)v.value);
		if (hwpc_out_end(o, &err))
			rc = cli_fail_err(&err);
	}
	free(w);
	free(a);
	return rc;
}

int pcsim_dump(struct pcsim *c, struct hwpc_dev *dev, struct hwpc_out *o)
{
	struct hwpc_err err;
	struct hwpc_sim_mem mem;
	uint64_t addr, len;

	if (c->argc < 1 || c->argc > 3)
		return cli_fail(HWPC_EINPUT, "dump: expected FILE [ADDR [LENGTH]]");
	if (hwpc_sim_mem_list(dev, &mem, 1) == 0)
		return cli_fail(HWPC_EINPUT, "dump: the simulated %s has no memory to dump", hwpc_dev_chip(dev)->name);
	addr = mem.base;
	len = mem.size;
	if (c->argc > 1) {
		if (hwpc_parse_u64(c->argv[1], UINT64_MAX, "dump ADDR", &addr, &err))
			return cli_fail_err(&err);
		len = addr >= mem.base && addr - mem.base < mem.size ? mem.size - (addr - mem.base) : 0;
	}
	if (c->argc > 2 && hwpc_parse_u64(c->argv[2], UINT64_MAX, "dump LENGTH", &len, &err))
		return cli_fail_err(&err);
	if (len == 0 || len > SIZE_MAX)
		return cli_fail(HWPC_EINPUT, "dump: nothing to dump at 0x%llx (%s is 0x%llx..0x%llx)",
				(unsigned long long)addr, mem.name, (unsigned long long)mem.base,
				(unsigned long long)(mem.base + mem.size));
	void *buf = malloc((size_t)len);
	if (!buf)
		return cli_fail(HWPC_EOP, "dump: out of memory for %llu bytes", (unsigned long long)len);
	int rc = 0;
	if (hwpc_sim_mem_read(dev, addr, buf, (size_t)len, &err)) {
		free(buf);
		return cli_fail_err(&err);
	}
	const char *name = c->argv[0];
	bool std = !strcmp(name, "-");
	/* FILE as -o writes one: whole or not at all, even interrupted */
	struct cli_outfile of;
	if (!(rc = cli_outfile_open(&of, name))) {
		bool ok = fwrite(buf, 1, (size_t)len, of.fp) == len;
		if (!ok)
			rc = cli_fail(HWPC_EOP, "cannot write %s: %s", name, strerror(errno));
		int crc = cli_outfile_close(&of, ok);
		rc = rc ? rc : crc;
	}
	free(buf);
	if (rc || std)
		return rc; /* the report would mix with the bytes */
	hwpc_out_record(o, "sim_dump");
	hwpc_out_str(o, "file", name);
	hwpc_out_hex(o, "addr", addr, 8);
	hwpc_out_u64(o, "bytes", len);
	return hwpc_out_end(o, &err) ? cli_fail_err(&err) : 0;
}

/* Each chipset is named by the spec that simulates it (device "sim:g84",
 * chipset "G84"): the text table's first column. */
int pcsim_list(struct pcsim *c)
{
	struct hwpc_regdb *db;
	struct hwpc_err err;
	static const struct hwpc_col cols[] = { { "family", 8 }, { "boot0", 10 }, { "pcounter", 8 } };
	if (c->argc)
		return cli_fail(HWPC_EINPUT, "list takes no arguments");
	if (hwpc_regdb_load(&db, &err))
		return cli_fail_err(&err);
	struct hwpc_out *o = hwpc_out_new(stdout, c->fmt, &err);
	if (o) {
		/* the device column as wide as the longest "sim:CHIP" */
		size_t w = 0;
		for (unsigned i = 0; i < hwpc_regdb_chipset_count(db); i++) {
			size_t n = strlen(hwpc_regdb_chipset(db, i)->name) + 4;
			w = n > w ? n : w;
		}
		hwpc_out_set_command(o, "pcsim");
		hwpc_out_set_multi(o, (unsigned)w);
	}
	int rc = !o || hwpc_out_table(o, cols, sizeof cols / sizeof cols[0], &err);
	for (unsigned i = 0; !rc && i < hwpc_regdb_chipset_count(db); i++) {
		const struct hwpc_chipset *chip = hwpc_regdb_chipset(db, i);
		uint32_t boot0 = 0;
		bool has_pmc = hwpc_reg_find(db, chip, "PMC.BOOT_0", NULL) != NULL;
		if (has_pmc && !hwpc_chipset_boot0(db, chip, &boot0))
			continue; /* cannot be identified, so cannot be simulated */
		char spec[64];
		int n = snprintf(spec, sizeof spec, "sim:%s", chip->name);
		for (int k = 4; k < n && k < (int)sizeof spec; k++)
			spec[k] = (char)tolower((unsigned char)spec[k]);
		hwpc_out_set_device(o, spec, chip->name);
		hwpc_out_record(o, "sim_chipset");
		hwpc_out_str(o, "family", chip->family);
		if (has_pmc)
			hwpc_out_hex32(o, "boot0", boot0);
		else
			hwpc_out_null(o, "boot0");
		const char *cls = hwpc_param_str(db, chip, "PCOUNTER.CLASS", NULL);
		if (cls)
			hwpc_out_str(o, "pcounter", cls);
		else
			hwpc_out_null(o, "pcounter");
		rc = hwpc_out_end(o, &err);
	}
	if (o && hwpc_out_finish(o, &err))
		rc = 1;
	rc = rc ? cli_fail_err(&err) : 0;
	hwpc_out_free(o);
	hwpc_regdb_free(db);
	return rc;
}
