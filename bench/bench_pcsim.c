/* Speed of the PCOUNTER reference model, in domain-cycles per second of
 * CPU time:
 *   (a) one domain in quad mode, SIMPLE counter mode;
 *   (b) eight domains (G84) with all six inputs in use.
 * This is the baseline a faster engine is measured against.
 *
 *   bench_pcsim [CYCLES]      (default 2000000 cycles per case) */
#include "hwpc.h"

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

static struct hwpc_dev *open_sim(struct hwpc_regdb *db, const char *dir, const char *opts)
{
	char spec[256];
	struct hwpc_dev *dev = NULL;
	struct hwpc_err err;
	snprintf(spec, sizeof spec, "sim:g84,clock=virtual,state=%s/bench.state,%s", dir, opts);
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

	/* (a) domain 1 at 100 MHz, the seven others at 1 Hz (they tick 0 times) */
	struct hwpc_dev *dev = open_sim(db, dir, "pchz=1,pchz1=100M");
	char p50[] = "p=0.5", s1[] = "seed=1", rnd[] = "random", per[] = "periodic", pp[] = "period=7",
	     dd[] = "duty=3";
	gen(dev, 1, 0x10, rnd, p50, s1);
	gen(dev, 1, 0x11, per, pp, dd);
	wr(dev, "PRE_SRC[1]", 0x10);
	wr(dev, "START_SRC[1]", 0x11);
	wr(dev, "EVENT_SRC[1]", 0x1110);
	wr(dev, "STOP_SRC[1]", 0x11);
	wr(dev, "PRE_OP[1]", 0xaaaa);
	wr(dev, "START_OP[1]", 0xaaaa);
	wr(dev, "EVENT_OP[1]", 0x8888);
	wr(dev, "STOP_OP[1]", 0x5555);
	wr(dev, "CTRL[1]", 1); /* QUAD, SIMPLE */
	double ta = run(dev, 1, cycles);
	hwpc_dev_close(dev);

	/* (b) eight domains at 1 MHz, every input driven by a 4-input op */
	dev = open_sim(db, dir, "pchz=1M");
	for (unsigned d = 0; d < 8; d++) {
		char name[64], seed[16];
		snprintf(seed, sizeof seed, "seed=%u", d + 1);
		gen(dev, d, 0x01, rnd, p50, seed);
		gen(dev, d, 0x02, per, pp, dd);
		gen(dev, d, 0x03, rnd, p50, s1);
		gen(dev, d, 0x04, per, pp, NULL);
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
	double tb = run(dev, 0, cycles / 8);
	hwpc_dev_close(dev);

	snprintf(path, sizeof path, "%s/bench.state", dir);
	unlink(path);
	rmdir(dir);
	hwpc_regdb_free(db);
	printf("(a) 1 domain, quad SIMPLE:        %10.0f domain-cycles/s (%llu cycles in %.3f s CPU)\n",
	       (double)cycles / ta, (unsigned long long)cycles, ta);
	printf("(b) 8 domains, all six inputs:    %10.0f domain-cycles/s (%llu cycles in %.3f s CPU)\n",
	       (double)(cycles / 8 * 8) / tb, (unsigned long long)(cycles / 8 * 8), tb);
	return 0;
}
