/* SPDX-License-Identifier: MIT */
/* PTIMER access (see hwpc/ptimer.h).  Addresses, bit positions and which
 * clock PTIMER counts come from regdb (ptimer.regdb, pstraps.regdb). */
#include "dev/dev_cmd.h"
#include "dev/backend.h"
#include "core/err_local.h"
#include "hwpc/ptimer.h"

#include "hwpc/dev.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static const struct hwpc_field *fld(struct hwpc_dev *dev, const char *reg, const char *name)
{
	const struct hwpc_reg *r = hwpc_reg_find(hwpc_dev_regdb(dev), hwpc_dev_chip(dev), reg, NULL);
	return r ? hwpc_field_find(r, hwpc_dev_chip(dev), name) : NULL;
}

static int addr(struct hwpc_dev *dev, const char *name, uint32_t *a, struct hwpc_err *err)
{
	return hwpc_reg_lookup(dev, name, a, err);
}

int hwpc_ptimer_init(struct hwpc_ptimer *pt, struct hwpc_dev *dev, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	memset(pt, 0, sizeof *pt);
	pt->dev = dev;
	if (addr(dev, "PTIMER.TIME_LOW", &pt->a_lo, err) || addr(dev, "PTIMER.TIME_HIGH", &pt->a_hi, err) ||
	    addr(dev, "PTIMER.CLOCK_DIV", &pt->a_div, err) || addr(dev, "PTIMER.CLOCK_MUL", &pt->a_mul, err) ||
	    addr(dev, "PTIMER.ALARM", &pt->a_alarm, err) || addr(dev, "PTIMER.INTR", &pt->a_intr, err))
		return err->status;
	/* regdb-names: PTIMER.CLOCK_SOURCE NV41- */
	pt->has_src = hwpc_reg_lookup(dev, "PTIMER.CLOCK_SOURCE", &pt->a_src, NULL) == 0;
	const struct hwpc_field *lo = fld(dev, "PTIMER.TIME_LOW", "TIME");
	const struct hwpc_field *hi = fld(dev, "PTIMER.TIME_HIGH", "TIME");
	pt->div = fld(dev, "PTIMER.CLOCK_DIV", "DIV");
	pt->mul = fld(dev, "PTIMER.CLOCK_MUL", "MUL");
	pt->alarm_time = fld(dev, "PTIMER.ALARM", "TIME");
	pt->intr_alarm = fld(dev, "PTIMER.INTR", "ALARM");
	if (!lo || !hi || !pt->div || !pt->mul || !pt->alarm_time || !pt->intr_alarm)
		return hwpc_err_set(err, HWPC_EINPUT, "regdb lacks PTIMER fields for %s", hwpc_dev_chip(dev)->name);
	pt->shift = lo->ranges[0].lo;
	pt->low_bits = lo->width;
	pt->counter_bits = lo->width + hi->width;
	if (pt->has_src) {
		pt->src_mul = fld(dev, "PTIMER.CLOCK_SOURCE", "INTERNAL_MUL");
		pt->src_div = fld(dev, "PTIMER.CLOCK_SOURCE", "INTERNAL_DIV");
		pt->src_select = fld(dev, "PTIMER.CLOCK_SOURCE", "SELECT");
		const struct hwpc_enum *in = pt->src_select ? hwpc_enum_find_name(pt->src_select, hwpc_dev_chip(dev), "INTERNAL") : NULL;
		const struct hwpc_enum *ex = pt->src_select ? hwpc_enum_find_name(pt->src_select, hwpc_dev_chip(dev), "EXTERNAL") : NULL;
		if (!pt->src_mul || !pt->src_div || !in || !ex)
			return hwpc_err_set(err, HWPC_EINPUT, "regdb lacks PTIMER.CLOCK_SOURCE fields");
		pt->internal_enum = in->value;
		pt->external_enum = ex->value;
	}
	pt->external_clock = hwpc_param_str(hwpc_dev_regdb(dev), hwpc_dev_chip(dev), "PTIMER.EXTERNAL_CLOCK", NULL);
	/* The crystal, as the straps report it. */
	const struct hwpc_field *cr = fld(dev, "PSTRAPS.STRAPS0_PRIMARY", "CRYSTAL");
	uint32_t straps;
	if (cr && !hwpc_reg_read(dev, "PSTRAPS.STRAPS0_PRIMARY", &straps, NULL)) {
		const struct hwpc_enum *e = hwpc_enum_find_value(cr, hwpc_dev_chip(dev), hwpc_field_get(cr, straps));
		int64_t hz;
		if (e && hwpc_enum_attr_num(e, "hz", &hz))
			pt->crystal_hz = (uint64_t)hz;
	}
	return 0;
}

int hwpc_ptimer_read(struct hwpc_ptimer *pt, uint64_t *raw, unsigned *retries, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	uint32_t hi1, lo, hi2;
	struct hwpc_dev *dev = pt->dev;

	for (unsigned i = 0; i < 1000; i++) {
		if (hwpc_rd32(dev, pt->a_hi, &hi1) || hwpc_rd32(dev, pt->a_lo, &lo) ||
		    hwpc_rd32(dev, pt->a_hi, &hi2))
			return hwpc_err_set(err, hwpc_dev_error(dev)->status, "reading PTIMER: %s", hwpc_dev_error(dev)->msg);
		if (hi1 == hi2) {
			*raw = (uint64_t)hi1 << 32 | lo;
			if (retries)
				*retries = i;
			return 0;
		}
	}
	return hwpc_err_set(err, HWPC_EOP, "PTIMER.TIME_HIGH changed on 1000 reads in a row: the timer "
			    "is not sane");
}

int hwpc_ptimer_config(struct hwpc_ptimer *pt, double override, struct hwpc_ptimer_config *cfg,
		       struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	struct hwpc_dev *dev = pt->dev;
	uint32_t div, mul;

	memset(cfg, 0, sizeof *cfg);
	if (hwpc_rd32(dev, pt->a_div, &div) || hwpc_rd32(dev, pt->a_mul, &mul) ||
	    (pt->has_src && hwpc_rd32(dev, pt->a_src, &cfg->clock_source)))
		return hwpc_err_set(err, hwpc_dev_error(dev)->status, "reading PTIMER: %s", hwpc_dev_error(dev)->msg);
	cfg->clock_div = (uint32_t)hwpc_field_get(pt->div, div);
	cfg->clock_mul = (uint32_t)hwpc_field_get(pt->mul, mul);
	cfg->has_source_reg = pt->has_src;
	cfg->source_name = pt->external_clock ? pt->external_clock : "unknown";
	int ext = pt->external_clock ? hwpc_clock_by_name(pt->external_clock) : -1;
	double ext_hz = ext >= 0 ? (double)hwpc_dev_clock_hz(dev, (enum hwpc_clock)ext) : 0;
	cfg->source_hz = ext_hz;
	cfg->source_from = ext_hz ? "simulator profile" : "unknown";
	if (pt->has_src && hwpc_field_get(pt->src_select, cfg->clock_source) == pt->internal_enum) {
		cfg->internal = true;
		cfg->internal_mul = (unsigned)hwpc_field_get(pt->src_mul, cfg->clock_source) + 1;
		cfg->internal_div = (unsigned)hwpc_field_get(pt->src_div, cfg->clock_source) + 1;
		cfg->source_name = "internal";
		cfg->source_hz = 0;
		cfg->source_from = "unknown crystal";
		if (pt->crystal_hz) {
			cfg->source_hz = (double)pt->crystal_hz * cfg->internal_mul / cfg->internal_div;
			cfg->source_from = "crystal from PSTRAPS";
			/* Not a PLL: it cannot run faster than the external clock. */
			if (ext_hz && cfg->source_hz > ext_hz) {
				cfg->warn |= HWPC_PTIMER_INTERNAL_FAST;
				cfg->source_hz = ext_hz;
			}
		}
	}
	if (override > 0) {
		cfg->source_hz = override;
		cfg->source_from = "--source-hz";
	}
	if (cfg->clock_div == 0)
		cfg->warn |= HWPC_PTIMER_DIV_ZERO;
	if (cfg->clock_mul == 0)
		cfg->warn |= HWPC_PTIMER_MUL_ZERO;
	else if (cfg->clock_mul > cfg->clock_div)
		cfg->warn |= HWPC_PTIMER_MUL_GT_DIV;
	if (cfg->source_hz > 0 && cfg->clock_mul && cfg->clock_div)
		cfg->tick_hz = cfg->source_hz * cfg->clock_mul / cfg->clock_div;
	return 0;
}

void hwpc_ptimer_warn_text(unsigned warn, char *buf, size_t len)
{
	static const struct {
		unsigned bit;
		const char *text;
	} tab[] = {
		{ HWPC_PTIMER_DIV_ZERO, "CLOCK_DIV is 0, which the hardware does not support" },
		{ HWPC_PTIMER_MUL_ZERO, "CLOCK_MUL is 0: the counter is stopped" },
		{ HWPC_PTIMER_MUL_GT_DIV, "CLOCK_MUL > CLOCK_DIV: the converter misbehaves" },
		{ HWPC_PTIMER_INTERNAL_FAST, "the internal clock is set faster than the external clock it "
					     "runs from" },
	};
	size_t used = 0;
	if (len)
		buf[0] = 0;
	for (size_t i = 0; i < sizeof tab / sizeof tab[0]; i++)
		if (warn & tab[i].bit)
			used += (size_t)snprintf(buf + used, used < len ? len - used : 0, "%s%s",
						 used ? "; " : "", tab[i].text);
}

int hwpc_ptimer_plan_ratio(struct hwpc_ptimer *pt, uint64_t mul, uint64_t div, bool allow_stop,
			   struct hwpc_wplan *plan, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	uint64_t max = (1ULL << pt->div->width) - 1;
	if (div == 0)
		return hwpc_err_set(err, HWPC_EINPUT, "--set-ratio: DIV must not be 0");
	if (div > max || mul > max)
		return hwpc_err_set(err, HWPC_EINPUT, "--set-ratio: %llu/%llu does not fit the %u-bit "
				    "CLOCK_MUL/CLOCK_DIV (at most %llu)", (unsigned long long)mul,
				    (unsigned long long)div, pt->div->width, (unsigned long long)max);
	if (mul > div)
		return hwpc_err_set(err, HWPC_EINPUT, "--set-ratio: MUL %llu > DIV %llu: PTIMER cannot run "
				    "faster than its source", (unsigned long long)mul, (unsigned long long)div);
	if (mul == 0 && !allow_stop)
		return hwpc_err_set(err, HWPC_EINPUT, "--set-ratio: MUL 0 stops the counter (add --force to "
				    "stop it on purpose)");
	uint32_t d = 0, m = 0;
	hwpc_field_put(pt->div, &d, div);
	hwpc_field_put(pt->mul, &m, mul);
	if (hwpc_wplan_addr(plan, pt->a_div, d, NULL, err) || hwpc_wplan_addr(plan, pt->a_mul, m, NULL, err))
		return err->status;
	return 0;
}

int hwpc_ptimer_plan_source(struct hwpc_ptimer *pt, bool internal, unsigned mul, unsigned div,
			    struct hwpc_wplan *plan, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	uint32_t v;
	if (!pt->has_src)
		return hwpc_err_set(err, HWPC_EINPUT, "--set-source: %s has no PTIMER.CLOCK_SOURCE (NV41 and "
				    "later have it)", hwpc_dev_chip(pt->dev)->name);
	if (hwpc_rd32(pt->dev, pt->a_src, &v))
		return hwpc_err_set(err, hwpc_dev_error(pt->dev)->status, "reading PTIMER.CLOCK_SOURCE: %s",
				    hwpc_dev_error(pt->dev)->msg);
	if (internal && (mul || div)) {
		uint64_t mmax = 1ULL << pt->src_mul->width, dmax = 1ULL << pt->src_div->width;
		if (mul < 1 || mul > mmax || div < 1 || div > dmax)
			return hwpc_err_set(err, HWPC_EINPUT, "--set-source internal=%u/%u: MUL must be 1..%llu "
					    "and DIV 1..%llu", mul, div, (unsigned long long)mmax,
					    (unsigned long long)dmax);
		hwpc_field_put(pt->src_mul, &v, mul - 1);
		hwpc_field_put(pt->src_div, &v, div - 1);
	}
	hwpc_field_put(pt->src_select, &v, internal ? pt->internal_enum : pt->external_enum);
	return hwpc_wplan_addr(plan, pt->a_src, v, NULL, err);
}

uint64_t hwpc_ptimer_alarm_period(const struct hwpc_ptimer *pt)
{
	return 1ULL << pt->alarm_time->width;
}

int hwpc_ptimer_plan_alarm(struct hwpc_ptimer *pt, uint64_t ticks, struct hwpc_wplan *plan,
			   struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	uint32_t intr = 0, alarm = 0;
	hwpc_field_put(pt->intr_alarm, &intr, 1);
	hwpc_field_put(pt->alarm_time, &alarm, ticks & (hwpc_ptimer_alarm_period(pt) - 1));
	if (hwpc_wplan_addr(plan, pt->a_intr, intr, "clear a stale ALARM interrupt", err) ||
	    hwpc_wplan_addr(plan, pt->a_alarm, alarm, NULL, err))
		return err->status;
	return 0;
}

int hwpc_ptimer_alarm_pending(struct hwpc_ptimer *pt, bool *pending, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	uint32_t v;
	if (hwpc_rd32(pt->dev, pt->a_intr, &v))
		return hwpc_err_set(err, hwpc_dev_error(pt->dev)->status, "reading PTIMER.INTR: %s", hwpc_dev_error(pt->dev)->msg);
	*pending = hwpc_field_get(pt->intr_alarm, v) != 0;
	return 0;
}

int hwpc_ptimer_parse_ratio(const char *s, const char *what, uint64_t *mul, uint64_t *div, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	char buf[64];
	const char *slash = strchr(s, '/');
	if (!slash || (size_t)(slash - s) >= sizeof buf)
		return hwpc_err_set(err, HWPC_EINPUT, "%s: expected MUL/DIV, got '%s'", what, s);
	memcpy(buf, s, (size_t)(slash - s));
	buf[slash - s] = 0;
	if (hwpc_parse_u64(buf, UINT32_MAX, what, mul, err) || hwpc_parse_u64(slash + 1, UINT32_MAX, what, div, err))
		return err->status;
	return 0;
}

int hwpc_ptimer_parse_source(const struct hwpc_ptimer *pt, const char *s, bool *internal, unsigned *mul,
			     unsigned *div, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	*internal = !strncmp(s, "internal", 8);
	*mul = *div = 0;
	if (*internal && s[8] == '=') {
		uint64_t m, d;
		if (hwpc_ptimer_parse_ratio(s + 9, "--set-source internal=", &m, &d, err))
			return err->status;
		/* Without CLOCK_SOURCE the plan says so; with it, the fields'
		 * widths (regdb) bound the factors, stored less one. */
		if (pt->has_src) {
			uint64_t mmax = 1ULL << pt->src_mul->width, dmax = 1ULL << pt->src_div->width;
			if (!m || !d || m > mmax || d > dmax)
				return hwpc_err_set(err, HWPC_EINPUT, "--set-source internal=%s: MUL must be 1..%llu and "
						    "DIV 1..%llu", s + 9, (unsigned long long)mmax, (unsigned long long)dmax);
		} else if (!m || !d || m > UINT32_MAX || d > UINT32_MAX) {
			return hwpc_err_set(err, HWPC_EINPUT, "--set-source internal=%s: MUL and DIV must be at least 1",
					    s + 9);
		}
		*mul = (unsigned)m;
		*div = (unsigned)d;
	} else if (!(*internal && !s[8]) && strcmp(s, "external")) {
		return hwpc_err_set(err, HWPC_EINPUT, "--set-source: expected internal, internal=MUL/DIV or external, "
				    "got '%s'", s);
	}
	return 0;
}

int hwpc_ptimer_parse_alarm(const struct hwpc_ptimer *pt, const char *s, uint64_t now_ticks, double tick_hz,
			    uint64_t *target, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	uint64_t period = hwpc_ptimer_alarm_period(pt);
	size_t n = strlen(s);
	if (s[0] == '@')
		return hwpc_parse_u64(s + 1, (1ULL << pt->counter_bits) - 1, "--alarm @TICKS", target, err);
	if (s[0] == '+' && n > 2 && s[n - 1] == 't') {
		char buf[32];
		uint64_t d;
		if (n - 2 >= sizeof buf)
			return hwpc_err_set(err, HWPC_EINPUT, "--alarm: '%s' is too long", s);
		memcpy(buf, s + 1, n - 2);
		buf[n - 2] = 0;
		if (hwpc_parse_u64(buf, period - 1, "--alarm +Nt", &d, err))
			return err->status;
		*target = now_ticks + d;
		return 0;
	}
	if (s[0] == '+') {
		uint64_t ns;
		if (hwpc_parse_duration_ns(s + 1, 0, "--alarm", &ns, err))
			return err->status;
		if (!(tick_hz > 0))
			return hwpc_err_set(err, HWPC_EINPUT, "--alarm %s: the tick rate is unknown (give --source-hz, "
					    "or ticks as +Nt)", s);
		long double d = (long double)ns * tick_hz / 1e9L;
		if (d >= (long double)period)
			return hwpc_err_set(err, HWPC_EINPUT, "--alarm %s: more than the alarm's range of %llu ticks", s,
					    (unsigned long long)period - 1);
		*target = now_ticks + (uint64_t)llroundl(d);
		return 0;
	}
	return hwpc_err_set(err, HWPC_EINPUT, "--alarm: expected +DURATION, +Nt or @TICKS, got '%s'", s);
}
