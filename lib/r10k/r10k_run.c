/* SPDX-License-Identifier: MIT */
/* A run of the R10000/R12000 counters as pcread makes it (r10k_cmd.h):
 * both counters as 64-bit virtual counters, once or every interval; more
 * events than counters by rotation with perf-style estimates; or around a
 * command, stepped by the caller, which runs it.  The control words are
 * held against what pcsetup noted and between reads: a change is told and
 * makes the run suspect. */
#include "dev/dev_cmd.h"
#include "r10k/r10k_cmd.h"
#include "pc/pc_cmd.h"

#include <string.h>

static int check_note(struct hwpc_r10k_run *x, const struct hwpc_tell *tell, struct hwpc_err *err)
{
	static const struct hwpc_pc_note_say say = { "", "counter setup", "the control words" };
	return hwpc_pc_note_verify(x->s.dev, HWPC_R10K_NOTE, &say, tell, &x->warned, &x->suspect, err);
}

int hwpc_r10k_run_open(struct hwpc_r10k_run *x, struct hwpc_dev *dev, const struct hwpc_r10k_run_opts *op,
		       struct hwpc_out *o, struct hwpc_err *err)
{
	memset(x, 0, sizeof *x);
	x->op = op;
	x->o = o;
	if (hwpc_r10k_open(&x->s, dev, err))
		return err->status;
	return check_note(x, op->tell, err);
}

static void warn_changed(struct hwpc_r10k_run *x, const uint32_t *before, const struct hwpc_r10k_sample *smp)
{
	for (unsigned c = 0; c < x->s.cpu.ncounters; c++)
		if (smp->ctrl[c] != before[c])
			hwpc_tell_warn(x->op->tell,
				       "counter %u reprogrammed by someone else between reads (change %u of this run): "
				       "control word 0x%08x, expected 0x%08x; its count since the last read is dropped",
				       c, smp->changes, smp->ctrl[c], before[c]);
	x->suspect = true;
}

/* Sampling that fell behind says so (--strict: exit 3). */
static void behind(struct hwpc_r10k_run *x, const struct hwpc_sampler *clock, uint64_t k)
{
	char why[256];
	if (hwpc_sampler_behind(clock, k, hwpc_sampler_elapsed_ns(clock), why, sizeof why)) {
		hwpc_tell_warn(x->op->tell, "%s", why);
		x->suspect = true;
	}
}

/* The interval's records flushed (op->flush); a write that failed ends
 * the run, said as the writer says it. */
static int flushed(const struct hwpc_r10k_run_opts *op, struct hwpc_err *err)
{
	int e = op->flush ? op->flush(op->flush_ctx) : 0;
	return e ? hwpc_err_set(err, HWPC_EOP, "output: write error: %s", strerror(e)) : 0;
}

/* Read the counters once or every interval (r10k_counter records). */
static int run_sample(struct hwpc_r10k_run *x, struct hwpc_err *err)
{
	const struct hwpc_r10k_run_opts *op = x->op;
	struct hwpc_r10k_sample smp;
	struct hwpc_sampler clock;
	bool sampling = op->interval_ns != 0;
	hwpc_sampler_start(&clock, x->s.dev, op->interval_ns);
	uint64_t k;
	for (k = 0; !hwpc_sampler_stopped(op->stop, k) && (!op->have_count || k < op->count); k++) {
		uint32_t before[HWPC_R10K_MAX_COUNTERS];
		if (k && !sampling)
			break;
		if (k && hwpc_sampler_wait(&clock, k, err))
			return err->status;
		if (hwpc_sampler_stopped(op->stop, k))
			break;
		memcpy(before, x->s.ctrl, sizeof before);
		if (hwpc_r10k_read(&x->s, &smp, err))
			return err->status;
		if (smp.changed)
			warn_changed(x, before, &smp);
		if (hwpc_r10k_sample_out(x->o, &x->s, &smp, sampling, k, hwpc_sampler_elapsed_ns(&clock), err))
			return err->status;
		if (sampling && flushed(op, err))
			return err->status;
	}
	behind(x, &clock, k ? k - 1 : 0);
	return 0;
}

/* Multiplex op->events, a turn per interval (r10k_estimate records). */
static int run_mux(struct hwpc_r10k_run *x, struct hwpc_err *err)
{
	const struct hwpc_r10k_run_opts *op = x->op;
	int rc = 0;
	if (!op->interval_ns)
		return hwpc_err_set(err, HWPC_EINPUT, "--events needs -i: how long each event counts in its turn");
	if (hwpc_r10k_mux_begin(&x->m, &x->s, op->events, op->modes, err))
		rc = err->status;
	struct hwpc_sampler clock;
	hwpc_sampler_start(&clock, x->s.dev, op->interval_ns);
	uint64_t k;
	for (k = 1; !rc && !hwpc_sampler_stopped(op->stop, k) && (!op->have_count || k <= op->count); k++) {
		bool changed;
		if (hwpc_sampler_wait(&clock, k, err) ||
		    hwpc_r10k_mux_rotate(&x->m, &x->s, hwpc_dev_now_ns(x->s.dev), &changed, err)) {
			rc = err->status;
		} else if (changed) {
			hwpc_tell_warn(op->tell,
				       "the counters were reprogrammed by someone else during interval %llu (change %u "
				       "of this run): its counts are dropped and the events put back",
				       (unsigned long long)k, x->s.changes);
			x->suspect = true;
		}
	}
	if (!rc)
		behind(x, &clock, k - 1);
	/* The counters now hold words pcread wrote: say so in the record
	 * (after an error too: a rotation may have been programmed). */
	struct hwpc_err serr;
	if (hwpc_r10k_mux_save(&x->m, &x->s, &serr) && !rc)
		rc = hwpc_err_set(err, serr.status, "%s", serr.msg);
	if (!rc && hwpc_r10k_mux_out(x->o, &x->m, err))
		rc = err->status;
	return rc;
}

int hwpc_r10k_run_read(struct hwpc_r10k_run *x, struct hwpc_err *err)
{
	return x->op->events ? run_mux(x, err) : run_sample(x, err);
}

uint64_t hwpc_r10k_run_period_ns(const struct hwpc_r10k_run *x)
{
	/* The counters are read at least every second (a 32-bit counter at
	 * 200 MHz wraps in 21 s), and --events rotate every 10 ms without -i
	 * (IRIX switches them at clock ticks). */
	return x->op->interval_ns ? x->op->interval_ns : x->op->events ? 10000000ull : 1000000000ull;
}

int hwpc_r10k_run_cmd_begin(struct hwpc_r10k_run *x, struct hwpc_err *err)
{
	const struct hwpc_r10k_run_opts *op = x->op;
	if (op->events && hwpc_r10k_mux_begin(&x->m, &x->s, op->events, op->modes, err))
		return err->status;
	if (!op->events && hwpc_r10k_read(&x->s, &x->smp, err))
		return err->status;
	memset(x->s.virt, 0, sizeof x->s.virt); /* the run counts from here */
	x->d0 = hwpc_dev_now_ns(x->s.dev);
	return 0;
}

static int cmd_step(struct hwpc_r10k_run *x, uint64_t k, bool ended, struct hwpc_err *err)
{
	const struct hwpc_r10k_run_opts *op = x->op;
	bool changed = false;
	if (op->events && hwpc_r10k_mux_rotate(&x->m, &x->s, hwpc_dev_now_ns(x->s.dev), &changed, err))
		return err->status;
	if (!op->events && hwpc_r10k_read(&x->s, &x->smp, err))
		return err->status;
	changed |= !op->events && x->smp.changed;
	if (changed) {
		hwpc_tell_warn(op->tell, "the counters were reprogrammed by someone else while the command ran (change "
			       "%u of this run): those counts are dropped", x->s.changes);
		x->suspect = true;
	}
	if (!op->events && !op->interval_ns && ended)
		memcpy(x->smp.delta, x->smp.virt, sizeof x->smp.delta); /* one record: the whole run */
	if (!op->events && (op->interval_ns || ended) &&
	    hwpc_r10k_sample_out(x->o, &x->s, &x->smp, true, k, hwpc_dev_now_ns(x->s.dev) - x->d0, err))
		return err->status;
	return 0;
}

/* The estimates written (ok), with the counters noted as pcread left them. */
static int cmd_end(struct hwpc_r10k_run *x, bool ok, struct hwpc_err *err)
{
	struct hwpc_err serr;
	if (!x->op->events)
		return 0;
	if (hwpc_r10k_mux_save(&x->m, &x->s, &serr))
		return ok ? hwpc_err_set(err, serr.status, "%s", serr.msg) : 0;
	return ok && hwpc_r10k_mux_out(x->o, &x->m, err) ? err->status : 0;
}

int hwpc_r10k_run_cmd_step(void *ctx, uint64_t k, bool ended)
{
	struct hwpc_r10k_run *x = ctx;
	struct hwpc_err err;
	if (cmd_step(x, k, ended, &err) || (x->op->interval_ns && flushed(x->op, &err)))
		return hwpc_tell_fail(x->op->tell, &err);
	return 0;
}

int hwpc_r10k_run_cmd_end(void *ctx, bool ok, int *status)
{
	struct hwpc_r10k_run *x = ctx;
	struct hwpc_err err;
	return cmd_end(x, ok, &err) ? hwpc_tell_fail(x->op->tell, &err) : 0;
}

int hwpc_r10k_run_end(struct hwpc_r10k_run *x, bool ok, struct hwpc_err *err)
{
	/* A realtime simulator that fell behind skipped device time, which no
	 * counter counted (since the open, the first access's catch-up
	 * included): told, as for PCOUNTER domains. */
	uint64_t lag = 0;
	if (x->s.dev && hwpc_dev_lag_ns(x->s.dev, &lag) && lag) {
		hwpc_tell_warn(x->op->tell,
			       "the device's time lagged %.6f s behind realtime since pcread opened it: the counts cover "
			       "that much less time%s (pcsim(1), \"Catch-up budget\")",
			       (double)lag / 1e9,
			       x->op->events ? ", and the estimates are scaled to the time that ran (lag_ns)" : "");
		x->suspect = true;
	}
	/* A long run ends with a second look at what pcsetup recorded (what
	 * -v said at the start is not said again). */
	if (!ok || !x->op->interval_ns || x->op->events)
		return 0;
	struct hwpc_tell quiet = x->op->tell ? *x->op->tell : (struct hwpc_tell){ 0 };
	quiet.verbose = false;
	return check_note(x, &quiet, err);
}
