/* SPDX-License-Identifier: MIT */
/* pcread on an R10000/R12000: both counters as 64-bit virtual counters
 * (once, or every interval), more events than counters by rotation with
 * perf-style estimates, the control words checked against what pcsetup
 * recorded and between reads. */
#include "pcread_mode.h"
#include "common/runcmd.h"
#include "r10k/r10k_cmd.h"

#include <stdlib.h>
#include <string.h>

/* -- COMMAND: the counters are read at least this often (a 32-bit
 * counter at 200 MHz wraps in 21 s), and --events rotate this often
 * without -i (IRIX switches them at clock ticks, 10 ms). */
#define POLL_NS 1000000000ull
#define TURN_NS 10000000ull

/* A run on one CPU. */
struct r10k_run {
	const struct pcread_opts *op;
	struct hwpc_r10k_session s;
	struct hwpc_out *o;
	const volatile sig_atomic_t *stop;
	bool warned;  /* the setup changed since pcsetup */
	bool suspect; /* --strict: exit 3 */
};

static bool asked(const struct pcread_opts *op)
{
	return true;
}

static const char *one_device(const struct pcread_opts *op)
{
	return "reading an R10000/R12000";
}

/* Warn (and mark the run suspect) when the control words are not what
 * pcsetup recorded. */
static int check_note(struct r10k_run *x, bool verbose)
{
	return pcread_note_check(x->s.dev, HWPC_R10K_NOTE, "", "counter setup", "the control words", verbose,
				 &x->warned, &x->suspect);
}

static void warn_changed(struct r10k_run *x, const uint32_t *before, const struct hwpc_r10k_sample *smp)
{
	for (unsigned c = 0; c < x->s.cpu.ncounters; c++)
		if (smp->ctrl[c] != before[c])
			cli_warn("counter %u reprogrammed by someone else between reads (change %u of this run): control "
				 "word 0x%08x, expected 0x%08x; its count since the last read is dropped",
				 c, smp->changes, smp->ctrl[c], before[c]);
	x->suspect = true;
}

/* Sampling that fell behind says so (--strict: exit 3). */
static void behind(struct r10k_run *x, const struct hwpc_sampler *clock, uint64_t k)
{
	char why[256];
	if (hwpc_sampler_behind(clock, k, hwpc_sampler_elapsed_ns(clock), why, sizeof why)) {
		cli_warn("%s", why);
		x->suspect = true;
	}
}

static int sample(struct r10k_run *x)
{
	const struct pcread_opts *op = x->op;
	struct hwpc_err err;
	struct hwpc_r10k_sample smp;
	struct hwpc_sampler clock;
	hwpc_sampler_start(&clock, x->s.dev, op->have_interval ? op->interval_ns : 0);
	uint64_t k;
	for (k = 0; !*x->stop && (!op->have_count || k < op->count); k++) {
		uint32_t before[HWPC_R10K_MAX_COUNTERS];
		if (k && !op->have_interval)
			break;
		if (k && hwpc_sampler_wait(&clock, k, &err))
			return cli_fail_err(&err);
		if (*x->stop)
			break;
		memcpy(before, x->s.ctrl, sizeof before);
		if (hwpc_r10k_read(&x->s, &smp, &err))
			return cli_fail_err(&err);
		if (smp.changed)
			warn_changed(x, before, &smp);
		if (hwpc_r10k_sample_out(x->o, &x->s, &smp, op->have_interval, k, hwpc_sampler_elapsed_ns(&clock), &err))
			return cli_fail_err(&err);
		if (op->have_interval)
			fflush(NULL);
	}
	behind(x, &clock, k ? k - 1 : 0);
	return 0;
}

static int multiplex(struct r10k_run *x, struct hwpc_r10k_mux *m)
{
	const struct pcread_opts *op = x->op;
	struct hwpc_err err;
	int rc = 0;
	if (!op->have_interval)
		rc = cli_fail(HWPC_EINPUT, "--events needs -i: how long each event counts in its turn");
	else if (hwpc_r10k_mux_begin(m, &x->s, op->events, op->modes, &err))
		rc = cli_fail_err(&err);
	struct hwpc_sampler clock;
	hwpc_sampler_start(&clock, x->s.dev, op->interval_ns);
	uint64_t k;
	for (k = 1; !rc && !*x->stop && (!op->have_count || k <= op->count); k++) {
		bool changed;
		if (hwpc_sampler_wait(&clock, k, &err) ||
		    hwpc_r10k_mux_rotate(m, &x->s, hwpc_dev_now_ns(x->s.dev), &changed, &err)) {
			rc = cli_fail_err(&err);
		} else if (changed) {
			cli_warn("the counters were reprogrammed by someone else during interval %llu (change %u of this "
				 "run): its counts are dropped and the events put back",
				 (unsigned long long)k, x->s.changes);
			x->suspect = true;
		}
	}
	if (!rc)
		behind(x, &clock, k - 1);
	/* The counters now hold words pcread wrote: say so in the record
	 * (after an error too: a rotation may have been programmed). */
	if (hwpc_r10k_mux_save(m, &x->s, &err) && !rc)
		rc = cli_fail_err(&err);
	if (!rc && hwpc_r10k_mux_out(x->o, m, &err))
		rc = cli_fail_err(&err);
	return rc;
}

/* -- COMMAND [ARG...]: the counters (or the events multiplexed) from just
 * before the command starts to when it ends; with -i each interval's
 * counts as it ends, else one record of the whole run.  The report goes
 * to standard error or -o FILE; the status is the command's. */
static int command(const struct pcread_run *r, struct r10k_run *x, struct hwpc_r10k_mux *m)
{
	const struct pcread_opts *op = x->op;
	struct hwpc_err err;
	struct hwpc_r10k_sample smp;
	struct cli_cmd_run c;
	uint64_t period = op->have_interval ? op->interval_ns : op->events ? TURN_NS : POLL_NS;
	int rc = 0;
	if (op->events && hwpc_r10k_mux_begin(m, &x->s, op->events, op->modes, &err))
		return cli_fail_err(&err);
	if (!op->events && hwpc_r10k_read(&x->s, &smp, &err))
		return cli_fail_err(&err);
	memset(x->s.virt, 0, sizeof x->s.virt); /* the run counts from here */
	uint64_t t0 = hwpc_host_now_ns(), d0 = hwpc_dev_now_ns(x->s.dev);
	if ((rc = cli_cmd_start(&c, op->cmd)))
		return rc; /* nothing ran: no report */
	*r->whole = true;
	for (uint64_t k = 1; !rc; k++) {
		uint64_t due = t0 + k * period, now = hwpc_host_now_ns();
		bool ended = cli_cmd_wait(&c, due > now ? due - now : 0), changed = false;
		if (op->events && hwpc_r10k_mux_rotate(m, &x->s, hwpc_dev_now_ns(x->s.dev), &changed, &err))
			rc = cli_fail_err(&err);
		else if (!op->events && hwpc_r10k_read(&x->s, &smp, &err))
			rc = cli_fail_err(&err);
		changed |= !op->events && smp.changed;
		if (!rc && changed) {
			cli_warn("the counters were reprogrammed by someone else while the command ran (change %u of this "
				 "run): those counts are dropped", x->s.changes);
			x->suspect = true;
		}
		if (!rc && !op->events && !op->have_interval && ended)
			memcpy(smp.delta, smp.virt, sizeof smp.delta); /* one record: the whole run */
		if (!rc && !op->events && (op->have_interval || ended) &&
		    hwpc_r10k_sample_out(x->o, &x->s, &smp, true, k - 1, hwpc_dev_now_ns(x->s.dev) - d0, &err))
			rc = cli_fail_err(&err);
		if (op->have_interval)
			fflush(NULL);
		if (ended)
			break;
	}
	cli_cmd_finish(&c);
	if (op->events && hwpc_r10k_mux_save(m, &x->s, &err) && !rc)
		rc = cli_fail_err(&err);
	if (!rc && op->events && hwpc_r10k_mux_out(x->o, m, &err))
		rc = cli_fail_err(&err);
	*r->whole = !rc;
	return rc ? rc : c.status;
}

/* The PCOUNTER options have no meaning here. */
static int check(const struct pcread_opts *op)
{
	const char *bad = op->ndomains ? "-D" : op->profile ? "--profile" : op->ack ? "--ack" : op->expr ? "--expr"
			  : op->signals ? "--signals" : op->scan_ns ? "--scan" : op->setfile ? "-f"
			  : op->fmt == HWPC_FMT_TRACE ? "--format trace" : NULL;
	if (bad)
		return cli_fail(HWPC_EINPUT, "%s is for PCOUNTER domains; an R10000/R12000 takes -i, -n, --events, "
				"--modes, --strict and --format text|json|csv", bad);
	if (op->modes && !op->events)
		return cli_fail(HWPC_EINPUT, "--modes applies to --events (pcsetup --modes sets a counter's modes)");
	if (op->nsopt || op->setfile)
		return cli_fail(HWPC_EINPUT, "an R10000/R12000 counts --events LIST around a command (pcsetup sets a "
				"counter up), not --%s", op->nsopt ? op->sopt[0].name : "file");
	if (op->trigger || op->clocks)
		return cli_fail(HWPC_EINPUT, "%s is for PCOUNTER domains", op->trigger ? "--trigger" : "--clocks");
	return 0;
}

static int run(const struct pcread_run *r)
{
	const struct pcread_opts *op = r->op;
	struct hwpc_err err;
	struct r10k_run *x = calloc(1, sizeof *x);
	struct hwpc_r10k_mux *m = calloc(1, sizeof *m);
	int rc = 0;
	if (!x || !m)
		rc = cli_fail(HWPC_EOP, "out of memory");
	else if (!(rc = check(op)) &&
		 (hwpc_r10k_open(&x->s, r->devs->v[0].dev, &err) ||
		  !(x->o = cli_devices_out(r->devs, op->cmd && !op->output ? stderr : r->of->fp, op->fmt, NULL, 0, &err))))
		rc = cli_fail_err(&err);
	if (!rc) {
		x->op = op;
		x->stop = cli_catch_stop();
		rc = check_note(x, op->verbose);
	}
	if (!rc)
		rc = op->cmd ? command(r, x, m) : op->events ? multiplex(x, m) : sample(x);
	/* A realtime simulator that fell behind skipped device time, which no
	 * counter counted (since the open, the first access's catch-up
	 * included): said, as for PCOUNTER domains. */
	uint64_t lag = 0;
	if (x && x->o && x->s.dev && hwpc_dev_lag_ns(x->s.dev, &lag) && lag) {
		cli_warn("the device's time lagged %.6f s behind realtime since pcread opened it: the counts cover that "
			 "much less time%s (pcsim(1), \"Catch-up budget\")",
			 (double)lag / 1e9, op->events ? ", and the estimates are scaled to the time that ran (lag_ns)" : "");
		x->suspect = true;
	}
	/* A long run ends with a second look at what pcsetup recorded. */
	if (!rc && op->have_interval && !op->events)
		rc = check_note(x, false);
	if (x && x->o && hwpc_out_finish(x->o, &err) && !rc)
		rc = cli_fail_err(&err);
	if (!rc && op->strict && x->suspect)
		rc = HWPC_ELOST;
	if (x)
		hwpc_out_free(x->o);
	free(x);
	free(m);
	return rc;
}

const struct pcread_mode pcread_r10k = {
	.asked = asked, .fits = hwpc_r10k_dev_is_cpu, .one_device = one_device, .run = run, .whole = HWPC_ELOST,
};
