/* SPDX-License-Identifier: MIT */
/* Reading one PCOUNTER domain (see hwpc/pc_read.h): registers and fields
 * resolved once from regdb, then a sample is the fewest MMIO accesses that
 * give a consistent picture:
 *   CTRL                 mode, single/quad state (one read; NV10:NV40 share it)
 *   each counter         one read; a 40-bit counter HI, LO, HI (again until
 *                        the two HI agree: a carry between them is caught)
 *   CTRL again (quad)    a swap while the counters were read shows as a state
 *                        change: read again (the set would be torn)
 *   one SIG_STATUS       the domain's own FLAG trailer signal
 * Record mode reads RECORD_START, RECORD_LIMIT and RECORD_STATUS instead
 * of the counters (its counters live in memory packets). */
#include "dev/backend.h"
#include "core/err_local.h"
#include "hwpc/pc.h"
#include "pc/pc_cmd.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static const char *const ctr_regs[HWPC_PC_READ_NCTRS] = { "CTR_CYCLES", "CTR_CYCLES_ALT", "CTR_EVENT",
						      "CTR_START",  "CTR_PRE",        "CTR_STOP" };
static const char *const ctr_keys[HWPC_PC_READ_NCTRS] = { "cycles", "cycles_alt", "event", "start", "pre", "stop" };

/* Tries of a consistent read before giving up (a counter whose HI keeps
 * moving, a quad domain swapping faster than it can be read). */
#define PCR_TRIES 4

const char *hwpc_pc_read_ctr_key(enum hwpc_pc_read_ctr c)
{
	return (unsigned)c < HWPC_PC_READ_NCTRS ? ctr_keys[c] : NULL;
}

/* Address of a domain register, false if the chip has none. */
static bool dreg(const struct hwpc_pcr *r, const char *reg, uint32_t *addr)
{
	char name[96];
	struct hwpc_regref ref;
	if (!hwpc_pc_reg_name(r->l, r->dom, reg, name, sizeof name) ||
	    hwpc_regref_parse(r->l->db, r->l->chip, name, &ref, NULL))
		return false;
	*addr = ref.addr;
	return true;
}

static const struct hwpc_field *dfield(const struct hwpc_pcr *r, const char *reg, const char *field)
{
	char name[96];
	const struct hwpc_field *f;
	return hwpc_pc_field(r->l, r->dom, reg, field, name, sizeof name, &f) ? f : NULL;
}

static int init_counters(struct hwpc_pcr *r, struct hwpc_err *err)
{
	/* regdb: NV10:NV30 counters with a _HI register are COUNTER_BITS (40)
	 * wide with a sticky top bit; 32-bit generations saturate. */
	unsigned bits = (unsigned)hwpc_param_num(r->l->db, r->l->chip, "PCOUNTER.COUNTER_BITS", 32);
	for (int c = 0; c < HWPC_PC_READ_NCTRS; c++) {
		struct hwpc_pc_read_ctrdesc *d = &r->ctr[c];
		char hi[32];
		memset(d, 0, sizeof *d);
		d->present = dreg(r, ctr_regs[c], &d->lo);
		if (!d->present)
			continue;
		snprintf(hi, sizeof hi, "%s_HI", ctr_regs[c]);
		d->has_hi = dreg(r, hi, &d->hi);
		d->bits = d->has_hi ? bits : 32;
		d->sticky = d->has_hi && bits > 32;
		d->saturates = bits == 32;
	}
	if (!r->ctr[HWPC_PC_READ_CYCLES].present || !r->ctr[HWPC_PC_READ_EVENT].present)
		return hwpc_err_set(err, HWPC_EINPUT, "regdb: %s has no PCOUNTER counters for domain %s",
				    r->l->chip->name, r->di->name);
	return 0;
}

static void init_flag(struct hwpc_pcr *r)
{
	r->has_flag = hwpc_pc_own_flag(r->l, r->dom, &r->flag_signal) && r->flag_signal / 32 < r->nstatus;
	if (r->has_flag)
		r->flag_addr = r->status_addr[r->flag_signal / 32];
}

static int init_status(struct hwpc_pcr *r, struct hwpc_err *err)
{
	char base[96], name[112];
	struct hwpc_regref ref;
	r->nstatus = (r->di->nsignals + 31) / 32;
	if (!hwpc_pc_reg_name(r->l, r->dom, "SIG_STATUS", base, sizeof base))
		return hwpc_err_set(err, HWPC_EINPUT, "regdb: %s has no SIG_STATUS for domain %s", r->l->chip->name,
				    r->di->name);
	for (unsigned i = 0; i < r->nstatus; i++) {
		/* The last index is flattened over NV10's [hi][lo] split. */
		snprintf(name, sizeof name, "%s[%u]", base, i);
		if (hwpc_regref_parse(r->l->db, r->l->chip, name, &ref, err))
			return hwpc_err_prefix(err, "domain %s: ", r->di->name);
		r->status_addr[i] = ref.addr;
	}
	return 0;
}

static void init_record(struct hwpc_pcr *r)
{
	r->has_record = dreg(r, "RECORD_START", &r->rec_start) && dreg(r, "RECORD_LIMIT", &r->rec_limit) &&
			dreg(r, "RECORD_STATUS", &r->rec_status);
	if (!r->has_record)
		return;
	r->f_rec_addr = dfield(r, "RECORD_START", "ADDRESS");
	r->f_rec_pos = dfield(r, "RECORD_STATUS", "POSITION");
	r->f_rec_fault = dfield(r, "RECORD_STATUS", "FAULT");
	/* regdb-names: PCOUNTER.RECORD_LONG_BYTES PCOUNTER.RECORD_SHORT_BYTES G84:GF100 */
	r->rec_long = (unsigned)hwpc_param_num(r->l->db, r->l->chip, "PCOUNTER.RECORD_LONG_BYTES", 0);
	r->rec_short = (unsigned)hwpc_param_num(r->l->db, r->l->chip, "PCOUNTER.RECORD_SHORT_BYTES", 0);
	r->has_record = r->f_rec_addr && r->f_rec_pos;
}

int hwpc_pc_read_init(struct hwpc_pcr *r, struct hwpc_dev *dev, const struct hwpc_pc_layout *l, unsigned dom,
		  struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	memset(r, 0, sizeof *r);
	if (dom >= l->ndomains)
		return hwpc_err_set(err, HWPC_EINPUT, "no PCOUNTER domain %u on %s: it has %u", dom, l->chip->name,
				    l->ndomains);
	r->dev = dev;
	r->l = l;
	r->dom = dom;
	r->di = &l->dom[dom];
	int rc = init_counters(r, err);
	if (!rc)
		rc = init_status(r, err);
	if (rc)
		return rc;
	if (!dreg(r, "CTRL", &r->ctrl))
		return hwpc_err_set(err, HWPC_EINPUT, "regdb: %s has no PCOUNTER CTRL for domain %s",
				    l->chip->name, r->di->name);
	r->f_mode = dfield(r, "CTRL", "MODE");
	r->f_single = dfield(r, "CTRL", "SINGLE_STATE");
	r->f_quad = dfield(r, "CTRL", "QUAD_STATE");
	r->f_ctr_mode = dfield(r, "CTRL", "CTR_MODE");
	r->f_period = dfield(r, "CTRL", "EVENT_CTR_PERIOD");
	r->f_rec_format = dfield(r, "CTRL", "RECORD_FORMAT");
	const struct hwpc_field *ack = dfield(r, "QUAD_ACK_TRIGGER", "ACK");
	r->has_ack = ack && dreg(r, "QUAD_ACK_TRIGGER", &r->ack_addr);
	if (r->has_ack) {
		r->ack_value = 0;
		hwpc_field_put(ack, &r->ack_value, 1);
	}
	init_flag(r);
	init_record(r);
	return 0;
}

static int rd(struct hwpc_pcr *r, struct hwpc_pc_read_sample *s, uint32_t addr, uint32_t *v, struct hwpc_err *err)
{
	s->mmio_reads++;
	if (hwpc_rd32(r->dev, addr, v))
		return hwpc_err_set(err, hwpc_dev_error(r->dev)->status, "%s", hwpc_dev_error(r->dev)->msg);
	return 0;
}

static const char *enum_name(const struct hwpc_pcr *r, const struct hwpc_field *f, uint32_t regval)
{
	const struct hwpc_enum *e = f ? hwpc_enum_find_value(f, r->l->chip, hwpc_field_get(f, regval)) : NULL;
	return e ? e->name : NULL;
}

static int read_counter(struct hwpc_pcr *r, struct hwpc_pc_read_sample *s, int c, struct hwpc_err *err)
{
	const struct hwpc_pc_read_ctrdesc *d = &r->ctr[c];
	uint32_t lo, hi, hi2;
	int rc;
	if (!d->has_hi) {
		if ((rc = rd(r, s, d->lo, &lo, err)))
			return rc;
		s->ctr[c] = lo;
		if (d->saturates && lo == UINT32_MAX)
			s->saturated |= 1u << c;
		return 0;
	}
	/* HI, LO, HI: equal HIs bracket a LO without a carry in between. */
	if ((rc = rd(r, s, d->hi, &hi, err)) || (rc = rd(r, s, d->lo, &lo, err)) ||
	    (rc = rd(r, s, d->hi, &hi2, err)))
		return rc;
	for (int t = 1; hi != hi2; t++) {
		if (t == PCR_TRIES)
			return hwpc_err_set(err, HWPC_EOP, "%s of domain %s: the high part kept changing", ctr_regs[c],
					    r->di->name);
		s->retries++;
		hi = hi2;
		if ((rc = rd(r, s, d->lo, &lo, err)) || (rc = rd(r, s, d->hi, &hi2, err)))
			return rc;
	}
	uint64_t hmask = (d->bits > 32 ? (1ULL << (d->bits - 32)) - 1 : 0);
	s->ctr[c] = ((uint64_t)(hi & hmask) << 32) | lo;
	if (d->sticky && (s->ctr[c] >> (d->bits - 1) & 1))
		s->saturated |= 1u << c;
	return 0;
}

static void decode_ctrl(struct hwpc_pcr *r, struct hwpc_pc_read_sample *s, uint32_t ctrl)
{
	/* NV10:NV30 have no MODE field: single-event mode is all they do. */
	const char *m = r->f_mode ? enum_name(r, r->f_mode, ctrl) : "SINGLE";
	s->mode_name = m ? m : "?";
	if (!strcmp(s->mode_name, "SINGLE"))
		s->mode = HWPC_PC_READ_MODE_SINGLE;
	else if (!strcmp(s->mode_name, "QUAD"))
		s->mode = HWPC_PC_READ_MODE_QUAD;
	else if (!strncmp(s->mode_name, "RECORD", 6))
		s->mode = HWPC_PC_READ_MODE_RECORD;
	else
		s->mode = HWPC_PC_READ_MODE_OTHER;
	s->ctr_mode_name = enum_name(r, r->f_ctr_mode, ctrl);
	const char *period = r->f_period ? enum_name(r, r->f_period, ctrl) : NULL;
	s->event_all = s->mode == HWPC_PC_READ_MODE_SINGLE && period && !strcmp(period, "ALL");
	s->state_name = NULL;
	s->latched = s->lost = false;
	if (s->mode == HWPC_PC_READ_MODE_QUAD) {
		s->state_name = enum_name(r, r->f_quad, ctrl);
		s->latched = s->state_name && strcmp(s->state_name, "EMPTY");
		s->lost = s->state_name && !strcmp(s->state_name, "OVERFLOW");
	} else if (s->mode != HWPC_PC_READ_MODE_RECORD) {
		s->state_name = enum_name(r, r->f_single, ctrl);
	}
	if (!s->state_name)
		s->state_name = "-";
}

/* The counters, CYCLES last: running single-event counters only grow
 * within a period, so EVENT read before CYCLES never exceeds it unless a
 * period began between the reads (hwpc_pc_read_event_pct says so). */
static int read_counters(struct hwpc_pcr *r, struct hwpc_pc_read_sample *s, struct hwpc_err *err)
{
	static const int order[HWPC_PC_READ_NCTRS] = { HWPC_PC_READ_EVENT, HWPC_PC_READ_START, HWPC_PC_READ_PRE,
						       HWPC_PC_READ_STOP,  HWPC_PC_READ_CYCLES, HWPC_PC_READ_CYCLES_ALT };
	for (int i = 0; i < HWPC_PC_READ_NCTRS; i++) {
		int rc, c = order[i];
		if (r->ctr[c].present && (rc = read_counter(r, s, c, err)))
			return rc;
	}
	return 0;
}

static int read_record(struct hwpc_pcr *r, struct hwpc_pc_read_sample *s, uint32_t ctrl, struct hwpc_err *err)
{
	uint32_t start, limit, status;
	int rc;
	if (!r->has_record)
		return 0;
	if ((rc = rd(r, s, r->rec_start, &start, err)) || (rc = rd(r, s, r->rec_limit, &limit, err)) ||
	    (rc = rd(r, s, r->rec_status, &status, err)))
		return rc;
	uint32_t amask = hwpc_field_mask(r->f_rec_addr);
	s->rec_start = start & amask;
	s->rec_limit = limit & amask;
	s->rec_pos = status & hwpc_field_mask(r->f_rec_pos);
	s->rec_fault = r->f_rec_fault && hwpc_field_get(r->f_rec_fault, status);
	/* A packet written at or past the limit is the last one: the position
	 * is then beyond it. */
	s->rec_full = s->rec_pos > s->rec_limit;
	const char *fmt = enum_name(r, r->f_rec_format, ctrl);
	unsigned bytes = fmt && !strcmp(fmt, "SHORT") ? r->rec_short : r->rec_long;
	/* The position is 32-bit internally and wraps at 4 GiB. */
	s->rec_packets = bytes ? (uint32_t)(s->rec_pos - s->rec_start) / bytes : 0;
	s->state_name = s->rec_fault ? "FAULT" : s->rec_full ? "FULL" : "RECORDING";
	return 0;
}

static int ack(struct hwpc_pcr *r, struct hwpc_pc_read_sample *s, struct hwpc_err *err)
{
	if (!r->has_ack)
		return hwpc_err_set(err, HWPC_EINPUT, "%s has no QUAD_ACK_TRIGGER", r->l->chip->name);
	/* Only the newest set is visible: OVERFLOW needs two acks to reach
	 * EMPTY, or the next read would take this set for a new one. */
	unsigned n = s->lost ? 2 : 1;
	for (unsigned i = 0; i < n; i++) {
		if (hwpc_wr32(r->dev, r->ack_addr, r->ack_value))
			return hwpc_err_set(err, hwpc_dev_error(r->dev)->status, "acking quad-mode data of domain %s: %s",
					    r->di->name, hwpc_dev_error(r->dev)->msg);
		s->acks++;
	}
	return 0;
}

int hwpc_pc_read(struct hwpc_pcr *r, bool do_ack, struct hwpc_pc_read_sample *s, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	uint32_t ctrl, ctrl2;
	int rc;
	memset(s, 0, sizeof *s);
	s->flag = -1;
	for (int c = 0; c < HWPC_PC_READ_NCTRS; c++)
		if (r->ctr[c].present)
			s->present |= 1u << c;
	if ((rc = rd(r, s, r->ctrl, &ctrl, err)))
		return rc;
	decode_ctrl(r, s, ctrl);
	if (s->mode == HWPC_PC_READ_MODE_RECORD) {
		s->present = 0;
		rc = read_record(r, s, ctrl, err);
	} else if (s->mode == HWPC_PC_READ_MODE_QUAD) {
		for (int t = 0;; t++) {
			s->saturated = 0;
			if ((rc = read_counters(r, s, err)) || (rc = rd(r, s, r->ctrl, &ctrl2, err)))
				return rc;
			if (hwpc_field_get(r->f_quad, ctrl2) == hwpc_field_get(r->f_quad, ctrl))
				break;
			if (t + 1 == PCR_TRIES)
				return hwpc_err_set(err, HWPC_EOP, "domain %s swaps counter sets faster than they "
						    "can be read", r->di->name);
			s->retries++;
			ctrl = ctrl2;
			decode_ctrl(r, s, ctrl);
		}
		s->age_known = hwpc_dev_set_age_ns(r->dev, r->di->name, &s->set_age_ns);
		if (do_ack && s->latched)
			rc = ack(r, s, err);
	} else {
		rc = read_counters(r, s, err);
	}
	if (rc)
		return rc;
	if (r->has_flag) {
		uint32_t v;
		if ((rc = rd(r, s, r->flag_addr, &v, err)))
			return rc;
		s->flag = (int)(v >> (r->flag_signal % 32) & 1);
	}
	return 0;
}

int hwpc_pc_read_ctr(struct hwpc_pcr *r, enum hwpc_pc_read_ctr c, uint64_t *v, bool *saturated,
		     struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	struct hwpc_pc_read_sample s;
	memset(&s, 0, sizeof s);
	if ((unsigned)c >= HWPC_PC_READ_NCTRS || !r->ctr[c].present)
		return hwpc_err_set(err, HWPC_EINPUT, "domain %s has no %s", r->di->name,
				    (unsigned)c < HWPC_PC_READ_NCTRS ? ctr_regs[c] : "such counter");
	int rc = read_counter(r, &s, (int)c, err);
	*v = s.ctr[c];
	*saturated = s.saturated >> c & 1;
	return rc;
}

double hwpc_pc_read_event_pct_why(const struct hwpc_pc_read_sample *s, const char **why)
{
	const unsigned need = 1u << HWPC_PC_READ_CYCLES | 1u << HWPC_PC_READ_EVENT;
	uint64_t ev = s->ctr[HWPC_PC_READ_EVENT], cy = s->ctr[HWPC_PC_READ_CYCLES];
	const char *w = NULL;
	if ((s->present & need) != need)
		w = "no EVENT or CYCLES counter in this mode";
	else if (s->saturated & need)
		w = "EVENT or CYCLES saturated";
	else if (!cy)
		w = "no cycles counted";
	else if (s->event_all)
		w = "EVENT sums every counting period, CYCLES is the last one's (EVENT_CTR_PERIOD ALL)";
	else if (s->ctr_mode_name && strstr(s->ctr_mode_name, "EVENT_B"))
		w = "EVENT adds an integer per cycle in this counter mode, not a share of cycles";
	else if (ev > cy)
		w = "a counting period began between the reads of EVENT and CYCLES";
	if (why)
		*why = w;
	return w ? NAN : 100.0 * (double)ev / (double)cy;
}

double hwpc_pc_read_event_pct(const struct hwpc_pc_read_sample *s)
{
	return hwpc_pc_read_event_pct_why(s, NULL);
}

uint64_t hwpc_pc_domain_hz(struct hwpc_dev *dev, const struct hwpc_pc_layout *l, unsigned dom)
{
	return dom < l->ndomains ? hwpc_dev_clock_named_hz(dev, l->dom[dom].name) : 0;
}

int hwpc_pc_wait_cycles(struct hwpc_dev *dev, const struct hwpc_pc_layout *l, unsigned dom, uint64_t n,
			uint64_t fallback_ns, struct hwpc_err *err)
{
	return hwpc_dev_wait_cycles(dev, hwpc_pc_domain_hz(dev, l, dom), n, fallback_ns, err);
}
