/* SPDX-License-Identifier: MIT */
/* Speed of the PCOUNTER engines, fast against reference in one run, in
 * domain-cycles per second of CPU time (bench/RESULTS.md):
 *   (a) one domain in quad mode, SIMPLE counter mode, periodic inputs;
 *   (b) the same with a random input (p=0.3);
 *   (c) eight domains (G84) with all six inputs in use, delays, the flag;
 *   (d) CPU to catch up one second at real clocks; (e) one idle hour.
 *
 *   bench_pcsim [CYCLES]      (default 2000000 cycles per reference case) */
#include "hwpc.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static double cpu_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void die(const char *what, const struct hwpc_err *err)
{
	fprintf(stderr, "bench_pcsim: %s: %s\n", what, err->msg);
	exit(1);
}

static void wr(struct hwpc_dev *dev, const char *name, uint32_t v)
{
	struct hwpc_err err;
	if (hwpc_reg_write(dev, name, v, &err))
		die(name, &err);
}

static void gen(struct hwpc_dev *dev, unsigned dom, unsigned sig, char *kind, char *a, char *b)
{
	char *argv[3] = { kind, a, b };
	struct hwpc_sim_gen g;
	struct hwpc_err err;
	if (hwpc_sim_gen_parse(b ? 3 : 2, argv, &g, &err) || hwpc_sim_pc_set_gen(dev, dom, sig, &g, &err))
		die("generator", &err);
}

static struct hwpc_dev *open_sim(struct hwpc_regdb *db, const char *dir, const char *engine, const char *opts)
{
	char spec[256];
	struct hwpc_dev *dev = NULL;
	struct hwpc_err err;
	snprintf(spec, sizeof spec, "sim:g84,clock=virtual,state=%s/bench.state,engine=%s,%s", dir, engine, opts);
	if (hwpc_sim_create(spec, true, db, &err) || hwpc_dev_open(spec, HWPC_OPEN_WRITE, db, &dev, &err))
		die(spec, &err);
	return dev;
}

static double run(struct hwpc_dev *dev, unsigned dom, uint64_t cycles)
{
	struct hwpc_err err;
	double t0 = cpu_s();
	if (hwpc_sim_pc_advance_cycles(dev, dom, cycles, &err))
		die("advance", &err);
	return cpu_s() - t0;
}

static char *str(const char *s)
{
	static char buf[16][32];
	static unsigned k;
	char *b = buf[k++ % 16];
	snprintf(b, sizeof buf[0], "%s", s);
	return b;
}

/* One domain (1) in quad mode, SIMPLE; the others at 1 Hz (they tick 0
 * times).  input: "periodic" (periods 7 and 5) or "random" (p=0.3). */
static struct hwpc_dev *setup_one(struct hwpc_regdb *db, const char *dir, const char *engine, const char *input,
				  const char *hz)
{
	char opts[64];
	/* hz NULL: every domain at the profile's default (real) clock */
	snprintf(opts, sizeof opts, hz ? "pchz=1,pchz1=%s" : "reclat=4", hz);
	struct hwpc_dev *dev = open_sim(db, dir, engine, opts);
	if (!strcmp(input, "random"))
		gen(dev, 1, 0x10, str("random"), str("p=0.3"), str("seed=1"));
	else
		gen(dev, 1, 0x10, str("periodic"), str("period=5"), str("duty=2"));
	gen(dev, 1, 0x11, str("periodic"), str("period=7"), str("duty=3"));
	wr(dev, "PRE_SRC[1]", 0x10);
	wr(dev, "START_SRC[1]", 0x11);
	wr(dev, "EVENT_SRC[1]", 0x1110);
	wr(dev, "STOP_SRC[1]", 0x11);
	wr(dev, "PRE_OP[1]", 0xaaaa);
	wr(dev, "START_OP[1]", 0xaaaa);
	wr(dev, "EVENT_OP[1]", 0x8888);
	wr(dev, "STOP_OP[1]", 0x5555);
	wr(dev, "CTRL[1]", 1); /* QUAD, SIMPLE */
	return dev;
}

/* Eight domains, every input driven by a 4-input op with delays, the flag
 * set and cleared, PERIODIC on.  input as above for signals 1 and 3. */
static struct hwpc_dev *setup_eight(struct hwpc_regdb *db, const char *dir, const char *engine, const char *input,
				    const char *hz)
{
	char opts[64];
	snprintf(opts, sizeof opts, "pchz=%s", hz);
	struct hwpc_dev *dev = open_sim(db, dir, engine, opts);
	bool rnd = !strcmp(input, "random");
	for (unsigned d = 0; d < 8; d++) {
		char name[64], seed[16];
		snprintf(seed, sizeof seed, "seed=%u", d + 1);
		if (rnd) {
			gen(dev, d, 0x01, str("random"), str("p=0.5"), str(seed));
			gen(dev, d, 0x03, str("random"), str("p=0.5"), str("seed=1"));
		} else {
			gen(dev, d, 0x01, str("periodic"), str("period=3"), str("duty=1"));
			gen(dev, d, 0x03, str("periodic"), str("period=4"), str("duty=3"));
		}
		gen(dev, d, 0x02, str("periodic"), str("period=7"), str("duty=3"));
		gen(dev, d, 0x04, str("periodic"), str("period=7"), NULL);
		static const char *const src[] = { "PRE_SRC", "START_SRC", "EVENT_SRC", "STOP_SRC" };
		static const uint32_t srcv[] = { 0x04030201, 0x01020304, 0x03040102, 0x02010403 };
		for (int i = 0; i < 4; i++) {
			snprintf(name, sizeof name, "%s[%u]", src[i], d);
			wr(dev, name, srcv[i]);
		}
		static const char *const op[] = { "START_OP", "EVENT_OP", "STOP_OP", "SETFLAG_OP", "CLRFLAG_OP" };
		static const uint32_t opv[] = { 0x6996 | 1u << 16, 0x8ee8 | 1u << 18, 0x1ee1 | 1u << 17, 0xfe80,
						0x0116 };
		for (int i = 0; i < 5; i++) {
			snprintf(name, sizeof name, "%s[%u]", op[i], d);
			wr(dev, name, opv[i]);
		}
		snprintf(name, sizeof name, "CTRL[%u]", d);
		wr(dev, name, 1 | 1u << 21); /* QUAD, SIMPLE, PERIODIC on */
		snprintf(name, sizeof name, "PRE_OP[%u]", d);
		wr(dev, name, 0x7777);
	}
	return dev;
}

static double rate_one(struct hwpc_regdb *db, const char *dir, const char *engine, const char *input, uint64_t cycles)
{
	struct hwpc_dev *dev = setup_one(db, dir, engine, input, "100M");
	double t = run(dev, 1, cycles);
	hwpc_dev_close(dev);
	return (double)cycles / t;
}

static double rate_eight(struct hwpc_regdb *db, const char *dir, const char *engine, const char *input,
			 uint64_t cycles)
{
	struct hwpc_dev *dev = setup_eight(db, dir, engine, input, "1M");
	double t = run(dev, 0, cycles / 8);
	hwpc_dev_close(dev);
	return (double)(cycles / 8 * 8) / t;
}

/* CPU to catch up `secs` of simulated time (an advance, as a realtime
 * sync after that long does) at hz per domain. */
static double catch_up(struct hwpc_dev *dev, double secs)
{
	struct hwpc_err err;
	double t0 = cpu_s();
	if (hwpc_sim_advance_ns(dev, (uint64_t)(secs * 1e9), &err))
		die("advance", &err);
	return cpu_s() - t0;
}

int main(int argc, char **argv)
{
	struct hwpc_regdb *db;
	struct hwpc_err err;
	uint64_t cycles = argc > 1 ? strtoull(argv[1], NULL, 0) : 2000000;
	char dir[] = "/tmp/hwpc-bench-XXXXXX", path[64];
	if (!cycles || !mkdtemp(dir))
		return 2;
	if (hwpc_regdb_load(&db, &err))
		die("regdb", &err);
	/* the fast engine runs 1000 times as many cycles: a rate over a few ms
	 * of CPU is noise */
	uint64_t fcycles = cycles * 1000;
	double ar = rate_one(db, dir, "reference", "periodic", cycles);
	double af = rate_one(db, dir, "fast", "periodic", fcycles);
	double br = rate_one(db, dir, "reference", "random", cycles);
	/* the word-parallel path runs 100 times as many */
	double bf = rate_one(db, dir, "fast", "random", cycles * 100);
	double cr = rate_eight(db, dir, "reference", "periodic", cycles);
	double cf = rate_eight(db, dir, "fast", "periodic", fcycles);
	double crr = rate_eight(db, dir, "reference", "random", cycles);
	double crf = rate_eight(db, dir, "fast", "random", cycles * 100);
	printf("%-58s %14s %14s %9s\n", "domain-cycles per second of CPU", "fast", "reference", "ratio");
	printf("%-58s %14.0f %14.0f %8.0fx\n", "(a) 1 domain, quad SIMPLE, periodic inputs", af, ar, af / ar);
	printf("%-58s %14.0f %14.0f %8.1fx\n", "(b) 1 domain, quad SIMPLE, random input p=0.3", bf, br, bf / br);
	printf("%-58s %14.0f %14.0f %8.0fx\n", "(c) 8 domains, six inputs, delays, flag: periodic", cf, cr, cf / cr);
	printf("%-58s %14.0f %14.0f %8.1fx\n", "(c') the same with random inputs", crf, crr, crf / crr);

	/* (d) one simulated second at 500 MHz in every domain; (e) an hour */
	struct hwpc_dev *dev = setup_one(db, dir, "fast", "periodic", "500M");
	double d1 = catch_up(dev, 1.0), e1 = catch_up(dev, 3600.0);
	hwpc_dev_close(dev);
	dev = setup_eight(db, dir, "fast", "periodic", "500M");
	double d8 = catch_up(dev, 1.0), e8 = catch_up(dev, 3600.0);
	hwpc_dev_close(dev);
	printf("(d) CPU to catch up 1 s, fast engine, domains at 500 MHz: %.4f s (1 domain quad, periodic), "
	       "%.4f s (8 domains, periodic)\n", d1, d8);
	printf("(e) CPU to catch up 1 hour, same:                         %.4f s (1 domain), %.4f s (8 domains)\n", e1,
	       e8);
	/* (d') the README's scenario at the default clocks (G84: core_a at
	 * 675 MHz), core_a counting a random signal, the others idle */
	dev = setup_one(db, dir, "fast", "random", NULL);
	double dr = 0;
	for (int k = 0; k < 10; k++) /* in steps of 0.1 s, as accesses would */
		dr += catch_up(dev, 0.1);
	hwpc_dev_close(dev);
	printf("(d') CPU to catch up 1 s at the default clocks, core_a quad with a random input p=0.3: %.4f s\n", dr);

	snprintf(path, sizeof path, "%s/bench.state", dir);
	unlink(path);
	rmdir(dir);
	hwpc_regdb_free(db);
	return 0;
}
