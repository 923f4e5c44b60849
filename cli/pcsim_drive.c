/* SPDX-License-Identifier: MIT */
/* pcsim's subcommands that drive the simulated hardware: PCOUNTER signals,
 * traces and pulses, R10000/R12000 event rates and CPU modes, the Tensix
 * timestamper's commands and scripts. */
#include "pcsim_drive.h"
#include "core/core_cmd.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

int pcsim_signal(struct pcsim *c, struct hwpc_dev *dev, struct hwpc_out *o)
{
	struct hwpc_err err;
	struct hwpc_sim_gen g;
	unsigned dom, sig;
	if (c->argc < 3)
		return cli_fail(HWPC_EINPUT, "signal: expected DOM SIG GENERATOR [PARAM=VALUE...]");
	if (hwpc_sim_pc_domain(dev, c->argv[0], &dom, &err) || hwpc_sim_pc_signal(dev, dom, c->argv[1], &sig, &err) ||
	    hwpc_sim_gen_parse(c->argc - 2, c->argv + 2, &g, &err) || hwpc_sim_pc_set_gen(dev, dom, sig, &g, &err))
		return cli_fail_err(&err);
	return 0;
}

int pcsim_trace(struct pcsim *c, struct hwpc_dev *dev, struct hwpc_out *o)
{
	struct hwpc_err err;
	unsigned dom;
	if (c->argc != 2)
		return cli_fail(HWPC_EINPUT, "trace: expected DOM FILE");
	if (hwpc_sim_pc_domain(dev, c->argv[0], &dom, &err) || hwpc_sim_pc_load_trace(dev, dom, c->argv[1], &err))
		return cli_fail_err(&err);
	return 0;
}

int pcsim_pulse(struct pcsim *c, struct hwpc_dev *dev, struct hwpc_out *o)
{
	struct hwpc_err err;
	if (c->argc != 1)
		return cli_fail(HWPC_EINPUT, "pulse: expected pm_trigger or wrcache_flush");
	return hwpc_sim_pc_pulse(dev, c->argv[0], &err) ? cli_fail_err(&err) : 0;
}

int pcsim_rate(struct pcsim *c, struct hwpc_dev *dev, struct hwpc_out *o)
{
	struct hwpc_err err;
	if (c->argc != 2)
		return cli_fail(HWPC_EINPUT, "rate: expected EVENT RATE (e.g. rate 9 1000/s)");
	return hwpc_sim_r10k_set_rate(dev, c->argv[0], c->argv[1], &err) ? cli_fail_err(&err) : 0;
}

int pcsim_cpu_mode(struct pcsim *c, struct hwpc_dev *dev, struct hwpc_out *o)
{
	struct hwpc_err err;
	if (c->argc != 1)
		return cli_fail(HWPC_EINPUT, "cpu-mode: expected user, kernel, exl, supervisor or erl");
	return hwpc_sim_r10k_set_mode(dev, c->argv[0], &err) ? cli_fail_err(&err) : 0;
}

/* What a timestamper command or script leaves behind. */
static int tensix_report(struct hwpc_tensix *t, struct hwpc_out *o)
{
	struct hwpc_err err;
	uint32_t status;
	if (hwpc_reg_read(t->dev, "RISCV_DEBUG_REG.TIMESTAMP_STATUS", &status, &err))
		return cli_fail_err(&err);
	hwpc_out_record(o, "sim_timestamper");
	hwpc_out_u64(o, "command_count", t->commands);
	hwpc_out_u64(o, "device_ns", hwpc_dev_now_ns(t->dev));
	hwpc_out_hex32(o, "timestamp_status", status);
	return hwpc_out_end(o, &err) ? cli_fail_err(&err) : 0;
}

int pcsim_ts(struct pcsim *c, struct hwpc_dev *dev, struct hwpc_out *o)
{
	struct hwpc_tensix t;
	struct hwpc_err err;
	char line[512];
	size_t used = 0;

	if (c->argc == 0)
		return cli_fail(HWPC_EINPUT, "ts: expected a command such as 'ts32 5' (pcsim --help)");
	for (int i = 0; i < c->argc; i++) {
		size_t n = strlen(c->argv[i]);
		if (used + n + 2 > sizeof line)
			return cli_fail(HWPC_EINPUT, "ts: command too long");
		memcpy(line + used, c->argv[i], n);
		used += n;
		line[used++] = ' ';
	}
	line[used] = 0;
	if (hwpc_tensix_init(&t, dev, &err) || hwpc_tensix_command(&t, line, &err))
		return cli_fail_err(&err);
	return tensix_report(&t, o);
}

int pcsim_script(struct pcsim *c, struct hwpc_dev *dev, struct hwpc_out *o)
{
	struct hwpc_tensix t;
	struct hwpc_err err;
	if (c->argc != 1)
		return cli_fail(HWPC_EINPUT, "script: expected one FILE (- for stdin)");
	const char *name = c->argv[0];
	bool std = !strcmp(name, "-");
	if (hwpc_tensix_init(&t, dev, &err))
		return cli_fail_err(&err);
	FILE *fp = std ? stdin : hwpc_input_fopen(name, NULL, &err);
	if (!fp)
		return cli_fail_err(&err);
	int rc = hwpc_tensix_script(&t, fp, std ? "<stdin>" : name, &err);
	if (!std)
		fclose(fp);
	return rc ? cli_fail_err(&err) : tensix_report(&t, o);
}
