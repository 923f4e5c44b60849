/* SPDX-License-Identifier: MIT */
/* Sampled activity scans (see hwpc/pc.h): SIG_STATUS read at seeded random
 * instants, one per stratum of the window, and each signal's share with a
 * 95 % interval.  A fixed stride would alias with a periodic signal (a
 * stride of 2 cycles sees a period-4 signal at one phase, 0 % or 50 %);
 * a uniform draw within each stratum cannot. */
#include "pc/pc_cmd.h"
#include "core/err_local.h"
#include "core/hash.h"
#include "dev/backend.h"
#include "hwpc/pc.h"

#include <math.h>
#include <string.h>

/* splitmix64: small, seedable, and good enough for uniform draws. */
static uint64_t next(uint64_t *x)
{
	return hwpc_splitmix64_next(x);
}

/* The position of stratum k's draw in a window of len units cut into n
 * strata: floor((k + u) * len / n), u uniform in [0, 1). */
static uint64_t draw(uint64_t *rng, uint64_t k, uint64_t n, uint64_t len)
{
	unsigned __int128 u = next(rng) >> 32; /* 32 bits of [0, 1) */
	return (uint64_t)((((unsigned __int128)k << 32) + u) * len / ((unsigned __int128)n << 32));
}

static int sample(struct hwpc_pcr *r, struct hwpc_pc_scan *sc, struct hwpc_err *err)
{
	uint32_t w[HWPC_LOP_MAX_SIGNALS / 32];
	int rc = hwpc_pc_read_signals(r, w, sizeof w / sizeof w[0], err);
	if (rc)
		return rc;
	for (unsigned i = 0; i < r->nstatus; i++)
		for (uint32_t v = w[i]; v; v &= v - 1)
			sc->ones[i * 32 + (unsigned)__builtin_ctz(v)]++;
	sc->samples[0]++;
	return 0;
}

/* Where the window is counted in: the domain's cycles when the device
 * knows its clock, else ns of device time. */
struct grid {
	struct hwpc_sampler cyc; /* by cycles, a cycle a step */
	bool by_cycles;
	uint64_t start_ns, len;
};

/* When position pos begins: a cycle's boundary, or an instant; it lasts
 * until due(pos + 1). */
static uint64_t due(const struct grid *g, uint64_t pos)
{
	return g->by_cycles ? hwpc_sampler_due_ns(&g->cyc, pos) : g->start_ns + pos;
}

/* The first position that begins at or after device time t. */
static uint64_t pos_at(const struct grid *g, uint64_t t)
{
	if (!g->by_cycles)
		return t > g->start_ns ? t - g->start_ns : 0;
	uint64_t p = 0;
	/* due() is increasing: a binary search over the window. */
	for (uint64_t lo = 0, hi = g->len + 1; lo < hi;) {
		uint64_t mid = lo + (hi - lo) / 2;
		if (due(g, mid) < t)
			lo = mid + 1;
		else
			hi = mid, p = mid;
	}
	return p;
}

int hwpc_pc_scan_sample(struct hwpc_pcr *r, const struct hwpc_pc_scan_how *how, struct hwpc_pc_scan *sc,
			struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	struct hwpc_dev *dev = r->dev;
	struct grid g = { .start_ns = hwpc_dev_now_ns(dev) };
	uint64_t hz = hwpc_dev_clock_named_hz(dev, r->di->name);
	uint64_t n = how->samples ? how->samples : HWPC_PC_SCAN_SAMPLES;
	uint64_t rng = how->seed ^ ((uint64_t)r->dom + 1) * 0xd1342543de82ef95u; /* a stream per domain */
	int rc = 0;
	memset(sc, 0, sizeof *sc);
	sc->seed = how->seed;
	sc->nsignals = r->di->nsignals;
	g.len = hz ? (uint64_t)((unsigned __int128)how->window_ns * hz / 1000000000u) : how->window_ns;
	g.by_cycles = hz && g.len && hwpc_sampler_start_cycles(&g.cyc, dev, hz, 1);
	if (!g.by_cycles)
		g.len = how->window_ns;
	if (!g.len)
		return hwpc_err_set(err, HWPC_EINPUT, "a scan needs a window of at least a cycle");
	/* No more strata than positions: then every one is read. */
	bool every = g.by_cycles && n >= g.len;
	if (n > g.len)
		n = g.len;
	for (uint64_t k = 0; k < n && !rc; k++) {
		if (how->stop && *how->stop) {
			sc->partial = true;
			break;
		}
		uint64_t pos = every ? k : draw(&rng, k, n, g.len);
		/* Behind the instants (a realtime clock): the next stratum
		 * that is still ahead, so every sample stays a random draw. */
		uint64_t now = hwpc_dev_now_ns(dev);
		if (now >= due(&g, pos + 1)) {
			uint64_t p = pos_at(&g, now);
			uint64_t k2 = (uint64_t)(((unsigned __int128)p * n + g.len - 1) / g.len);
			every = false;
			if (k2 > k + 1)
				k = k2 - 1;
			if (k2 >= n)
				break;
			continue;
		}
		if ((rc = hwpc_dev_wait_until_ns(dev, due(&g, pos), err)) || (rc = sample(r, sc, err)))
			break;
		/* Exact only when the read was done within its cycle. */
		if (every && hwpc_dev_now_ns(dev) >= due(&g, pos + 1))
			every = false;
		if (how->progress && !(k % 1024))
			how->progress(how->ctx, k, n);
	}
	/* The window ends when it ends: a virtual clock moves by all of it. */
	if (!rc && !sc->partial)
		rc = hwpc_dev_wait_until_ns(dev, due(&g, g.len), err);
	for (unsigned s = 1; s < sc->nsignals; s++)
		sc->samples[s] = sc->samples[0];
	sc->every_cycle = every && !sc->partial && sc->samples[0] == g.len;
	return rc;
}

bool hwpc_pc_scan_share(const struct hwpc_pc_scan *sc, unsigned sig, double *pct, double *lo, double *hi)
{
	if (sig >= sc->nsignals || !sc->samples[sig]) {
		*pct = *lo = *hi = NAN;
		return false;
	}
	double nn = (double)sc->samples[sig], p = (double)sc->ones[sig] / nn;
	*pct = 100.0 * p;
	if (sc->counted || sc->every_cycle) {
		*lo = *hi = *pct;
		return true;
	}
	/* Wilson's score interval, 95 %. */
	const double z = 1.959963984540054, z2 = z * z;
	double den = 1.0 + z2 / nn, mid = (p + z2 / (2.0 * nn)) / den;
	double half = z * sqrt(p * (1.0 - p) / nn + z2 / (4.0 * nn * nn)) / den;
	*lo = 100.0 * fmax(0.0, mid - half);
	*hi = 100.0 * fmin(1.0, mid + half);
	return true;
}
