/* SPDX-License-Identifier: MIT */
/* PCOUNTER registers: a decode table built once per process from regdb
 * (every address of every PCOUNTER register the chip has, for the domains
 * its profile has), and the MMIO reads and writes.  Nothing here knows an
 * offset: addresses, fields and enum values all come from regdb. */
#include "sim/pcm.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const struct {
	const char *name;
	uint8_t kind, arg;
} reg_kinds[] = {
	{ "PRE_SRC", PR_SRC, PC_PRE },
	{ "START_SRC", PR_SRC, PC_START },
	{ "EVENT_SRC", PR_SRC, PC_EVENT },
	{ "STOP_SRC", PR_SRC, PC_STOP },
	{ "SETFLAG_SRC", PR_SRC, PC_SETFLAG },
	{ "CLRFLAG_SRC", PR_SRC, PC_CLRFLAG },
	{ "PRE_OP", PR_OP, PC_PRE },
	{ "START_OP", PR_OP, PC_START },
	{ "EVENT_OP", PR_OP, PC_EVENT },
	{ "STOP_OP", PR_OP, PC_STOP },
	{ "SETFLAG_OP", PR_OP, PC_SETFLAG },
	{ "CLRFLAG_OP", PR_OP, PC_CLRFLAG },
	{ "SIG_STATUS", PR_SIG_STATUS, 0 },
	{ "SRC_STATUS", PR_SRC_STATUS, 0 },
	{ "SPEC_SRC", PR_SWAP_SRC, 0 },
	{ "SWAP_SRC", PR_SWAP_SRC, 0 },
	{ "USER_TRIGGER", PR_USER_TRIGGER, 0 },
	{ "CTR_CYCLES", PR_CTR, PC_CYCLES },
	{ "CTR_CYCLES_HI", PR_CTR_HI, PC_CYCLES },
	{ "CTR_CYCLES_ALT", PR_CTR, PC_CYCLES_ALT },
	{ "CTR_CYCLES_ALT_HI", PR_CTR_HI, PC_CYCLES_ALT },
	{ "CTR_EVENT", PR_CTR, PC_CEVENT },
	{ "CTR_EVENT_HI", PR_CTR_HI, PC_CEVENT },
	{ "CTR_START", PR_CTR, PC_CSTART },
	{ "CTR_START_HI", PR_CTR_HI, PC_CSTART },
	{ "CTR_PRE", PR_CTR, PC_CPRE },
	{ "CTR_STOP", PR_CTR, PC_CSTOP },
	{ "CTR_CYCLES_NEXT", PR_CTR_NEXT, PC_CYCLES },
	{ "CTR_EVENT_NEXT", PR_CTR_NEXT, PC_CEVENT },
	{ "CTR_START_NEXT", PR_CTR_NEXT, PC_CSTART },
	{ "CTR_PRE_NEXT", PR_CTR_NEXT, PC_CPRE },
	{ "CTR_STOP_NEXT", PR_CTR_NEXT, PC_CSTOP },
	{ "FILTER", PR_FILTER, 0 },
	{ "THRESHOLD", PR_THRESHOLD, 0 },
	{ "THRESHOLD_HI", PR_THRESHOLD_HI, 0 },
	{ "CTRL", PR_CTRL, 0 },
	{ "GCTRL", PR_GCTRL, 0 },
	{ "QUAD_ACK_TRIGGER", PR_QUAD_ACK, 0 },
	{ "RECORD_START", PR_REC_START, 0 },
	{ "RECORD_LIMIT", PR_REC_LIMIT, 0 },
	{ "RECORD_STATUS", PR_REC_STATUS, 0 },
	{ "RECORD_ADDRESS_HIGH", PR_REC_HIGH, 0 },
	{ "RECORD_CHAN", PR_REC_CHAN, 0 },
	{ "RECORD_DMA", PR_REC_DMA, 0 },
};

static const char *const input_names[PC_NINPUTS] = { "PRE", "START", "EVENT", "STOP", "SETFLAG", "CLRFLAG" };

static const struct hwpc_reg *reg(struct sim *s, const char *name)
{
	return hwpc_reg_find(s->dev.db, s->dev.chip, name, NULL);
}

static const struct hwpc_field *field(struct sim *s, const char *regname, const char *name)
{
	const struct hwpc_reg *r = reg(s, regname);
	return r ? hwpc_field_find(r, s->dev.chip, name) : NULL;
}

static int enum_val(struct sim *s, const struct hwpc_field *f, const char *name)
{
	const struct hwpc_enum *e = f ? hwpc_enum_find_name(f, s->dev.chip, name) : NULL;
	return e ? (int)e->value : -1;
}

/* The set a space belongs to: "PCOUNTER" is the one NV10:GF100 set,
 * "PCOUNTER.GPC" the GPC sets; *_DSET spaces hold set-wide control. */
static bool space_set(const char *space, char *set, size_t len, bool *dset)
{
	if (strncmp(space, "PCOUNTER", 8))
		return false;
	*dset = strstr(space, "_DSET") != NULL;
	if (!space[8]) {
		snprintf(set, len, "main");
		return true;
	}
	size_t i = 0;
	for (const char *c = space + 9; *c && *c != '_' && i + 1 < len; c++)
		set[i++] = (char)(*c >= 'A' && *c <= 'Z' ? *c - 'A' + 'a' : *c);
	set[i] = 0;
	return true;
}

static int find_dom(const struct pc_priv *p, const char *set, unsigned inst, unsigned local)
{
	for (unsigned d = 0; d < p->ndomains; d++)
		if (!strcmp(p->dom[d].setname, set) && p->dom[d].inst == inst && p->dom[d].local == local)
			return (int)d;
	return -1;
}

static int cmp_decode(const void *a, const void *b)
{
	const struct pc_decode *x = a, *y = b;
	if (x->addr != y->addr)
		return x->addr < y->addr ? -1 : 1;
	/* scalars win over array elements at the same address (NV10's CTRL
	 * and QUAD_ACK_TRIGGER over domain 1's second STATUS block) */
	return (int)x->reg->ndims - (int)y->reg->ndims;
}

static int add_entry(struct pc_priv *p, size_t *cap, struct pc_decode e, struct hwpc_err *err)
{
	if (p->ndecode == *cap) {
		size_t n = *cap ? *cap * 2 : 256;
		struct pc_decode *nd = realloc(p->decode, n * sizeof *nd);
		if (!nd)
			return hwpc_err_set(err, HWPC_EOP, "out of memory");
		p->decode = nd;
		*cap = n;
	}
	p->decode[p->ndecode++] = e;
	return 0;
}

static int decode_reg(struct sim *s, struct pc_priv *p, const struct hwpc_reg *r, size_t *cap,
		      struct hwpc_err *err)
{
	char set[8];
	bool dset;
	unsigned k;
	if (!space_set(r->space->name, set, sizeof set, &dset))
		return 0;
	for (k = 0; k < sizeof reg_kinds / sizeof reg_kinds[0] && strcmp(reg_kinds[k].name, r->short_name); k++)
		;
	if (k == sizeof reg_kinds / sizeof reg_kinds[0])
		return 0; /* a register the model does not implement: reads 0, -v reports it */
	uint32_t n = hwpc_reg_elements(r);
	for (uint32_t e = 0; e < n; e++) {
		uint32_t idx[HWPC_MAX_DIMS], rem = e, addr;
		unsigned inst = 0, local = 0, sub = 0;
		bool has_dom = false;
		for (int d = (int)r->ndims - 1; d >= 0; d--) {
			idx[d] = rem % r->dims[d].count;
			rem /= r->dims[d].count;
		}
		for (unsigned d = 0; d < r->ndims; d++) {
			if (!strcmp(r->dims[d].name, "dom"))
				local = idx[d], has_dom = true;
			else if (!strcmp(r->dims[d].name, "gpc") || !strcmp(r->dims[d].name, "part"))
				inst = idx[d];
			else
				sub = sub * r->dims[d].count + idx[d];
		}
		if (hwpc_reg_addr(r, idx, r->ndims, &addr, err))
			return err->status;
		struct pc_decode de = { .addr = addr, .kind = reg_kinds[k].kind, .arg = reg_kinds[k].arg,
					.dom = -1, .reg = r };
		if (dset) {
			de.kind = PR_SETCTRL;
			int dom = find_dom(p, set, inst, 0);
			if (dom < 0)
				continue;
			de.arg = (uint8_t)p->dom[dom].set;
		} else if (has_dom || strcmp(set, "main")) {
			int dom = find_dom(p, set, inst, local);
			if (dom < 0)
				continue; /* the profile has no such domain */
			de.dom = (int16_t)dom;
		}
		if (de.kind == PR_SIG_STATUS) {
			/* "Only indices corresponding to actually present domains
			 * and signals are valid." */
			if (de.dom < 0 || sub * 32 >= p->dom[de.dom].nsignals)
				continue;
			de.arg = (uint8_t)sub;
		}
		if (add_entry(p, cap, de, err))
			return err->status;
	}
	return 0;
}

static void ctrl_fields(struct sim *s, struct pc_field_set *f, const char *prefix)
{
	char n[48];
#define CF(member, fname) (snprintf(n, sizeof n, "%s" fname, prefix), f->member = field(s, "PCOUNTER.CTRL", n))
	CF(mode, "MODE");
	CF(period, "EVENT_CTR_PERIOD");
	CF(single_state, "SINGLE_STATE");
	CF(quad_state, "QUAD_STATE");
	CF(event_import, "EVENT_IMPORT_MODE");
	CF(flag_import, "FLAG_IMPORT_MODE");
	CF(periodic, "PERIODIC_PERIOD");
	CF(rec_format, "RECORD_FORMAT");
	CF(fault_clear, "FAULT_CLEAR");
#undef CF
	f->ctr_mode = field(s, "PCOUNTER.CTRL", "CTR_MODE"); /* NV10: shared by both domains */
}

static const struct hwpc_reg *ctrl_reg(struct sim *s)
{
	const struct hwpc_reg *r = reg(s, "PCOUNTER.CTRL");
	/* regdb-names: PCOUNTER.HUB.CTRL GF100- */
	return r ? r : reg(s, "PCOUNTER.HUB.CTRL");
}

static const struct hwpc_field *ctrl_field(struct sim *s, const char *name)
{
	const struct hwpc_reg *r = ctrl_reg(s);
	return r ? hwpc_field_find(r, s->dev.chip, name) : NULL;
}

/* Look up a register of the domain register block, whichever space holds
 * it on this generation ("PCOUNTER.X" or "PCOUNTER.HUB.X"). */
static const struct hwpc_field *dfield(struct sim *s, const char *regname, const char *name)
{
	char full[64];
	snprintf(full, sizeof full, "PCOUNTER.%s", regname);
	const struct hwpc_field *f = field(s, full, name);
	if (!f) {
		snprintf(full, sizeof full, "PCOUNTER.HUB.%s", regname);
		f = field(s, full, name);
	}
	return f;
}

static bool dreg_exists(struct sim *s, const char *regname)
{
	char full[64];
	snprintf(full, sizeof full, "PCOUNTER.%s", regname);
	if (reg(s, full))
		return true;
	snprintf(full, sizeof full, "PCOUNTER.HUB.%s", regname);
	return reg(s, full) != NULL;
}

static void features(struct sim *s, struct pc_priv *p)
{
	const struct hwpc_regdb *db = s->dev.db;
	const struct hwpc_chipset *c = s->dev.chip;
	p->counter_bits = (unsigned)hwpc_param_num(db, c, "PCOUNTER.COUNTER_BITS", 32);
	p->flag_delay = (unsigned)hwpc_param_num(db, c, "PCOUNTER.FLAG_DELAY", 2);
	/* regdb-names: PCOUNTER.SYNC_DELAY NV20:GF100 */
	p->sync_delay = (unsigned)hwpc_param_num(db, c, "PCOUNTER.SYNC_DELAY", 2);
	p->own_flag_src = dreg_exists(s, "SETFLAG_SRC");
	/* NV30+: SETFLAG/CLRFLAG take their SRC[0..3] from PRE_SRC/START_SRC */
	/* regdb-names: PCOUNTER.SETFLAG_ARGS PCOUNTER.CLRFLAG_ARGS NV30:GF100 */
	static const char *const pname[2] = { "PCOUNTER.SETFLAG_ARGS", "PCOUNTER.CLRFLAG_ARGS" };
	for (int k = 0; k < 2; k++) {
		const char *v = hwpc_param_str(db, c, pname[k], "");
		for (int i = 0; i < 4; i++) {
			char in[16];
			unsigned slot = 0;
			int used = 0;
			p->flag_args[k][i][0] = PC_PRE;
			p->flag_args[k][i][1] = 0;
			if (sscanf(v, " %15[A-Z].%u%n", in, &slot, &used) == 2) {
				v += used;
				for (int j = 0; j < 4; j++)
					if (!strcmp(in, input_names[j]))
						p->flag_args[k][i][0] = (uint8_t)j;
				p->flag_args[k][i][1] = (uint8_t)(slot & 3);
			}
		}
	}
	for (int i = 0; i < PC_NINPUTS; i++) {
		char rn[32];
		snprintf(rn, sizeof rn, "%s_OP", input_names[i]);
		p->op_func[i] = dfield(s, rn, "FUNC");
		p->op_d0[i] = dfield(s, rn, "ARG0_DELAY");
		p->op_d1[i] = dfield(s, rn, "ARG1_DELAY");
		p->op_r2[i] = dfield(s, rn, "ARG2_SRC0_DELAYED");
		p->op_r3[i] = dfield(s, rn, "ARG3_SRC1_DELAYED");
		p->op_setflag[i] = dfield(s, rn, "ARG3_SETFLAG");
		p->src_status[i] = dfield(s, "SRC_STATUS", input_names[i]);
	}
	p->swap_field = dfield(s, "SPEC_SRC", "SWAP");
	if (!p->swap_field)
		p->swap_field = dfield(s, "SWAP_SRC", "SWAP");
	/* regdb-names: PCOUNTER.SWAP_SIGNAL NV30:G84 */
	const char *sw = hwpc_param_str(db, c, "PCOUNTER.SWAP_SIGNAL", NULL);
	p->swap_is_pm_trigger = !p->swap_field && sw && !strcmp(sw, "PM_TRIGGER");
	/* regdb-names: PCOUNTER.PRE_OP_SWAPS G84:GF100 */
	p->preop_swaps = hwpc_param_num(db, c, "PCOUNTER.PRE_OP_SWAPS", 0) != 0;
	/* CTRL: NV10's global register with DOMn_ fields, or per domain */
	const struct hwpc_reg *cr = ctrl_reg(s);
	p->ctrl_global = cr && cr->ndims == 0 && !strcmp(cr->space->name, "PCOUNTER");
	if (p->ctrl_global) {
		ctrl_fields(s, &p->cf[0], "DOM0_");
		ctrl_fields(s, &p->cf[1], "DOM1_");
	} else {
		memset(&p->cf[0], 0, sizeof p->cf[0]);
		p->cf[0].mode = ctrl_field(s, "MODE");
		p->cf[0].ctr_mode = ctrl_field(s, "CTR_MODE");
		p->cf[0].period = ctrl_field(s, "EVENT_CTR_PERIOD");
		p->cf[0].single_state = ctrl_field(s, "SINGLE_STATE");
		p->cf[0].quad_state = ctrl_field(s, "QUAD_STATE");
		p->cf[0].event_import = ctrl_field(s, "EVENT_IMPORT_MODE");
		p->cf[0].flag_import = ctrl_field(s, "FLAG_IMPORT_MODE");
		p->cf[0].periodic = ctrl_field(s, "PERIODIC_PERIOD");
		p->cf[0].rec_format = ctrl_field(s, "RECORD_FORMAT");
		p->cf[0].fault_clear = ctrl_field(s, "FAULT_CLEAR");
	}
	const struct pc_field_set *f = &p->cf[0];
	p->mode_val[PC_MODE_SINGLE] = enum_val(s, f->mode, "SINGLE");
	p->mode_val[PC_MODE_QUAD] = enum_val(s, f->mode, "QUAD");
	p->mode_val[PC_MODE_RECORD] = enum_val(s, f->mode, "RECORD");
	p->mode_val[PC_MODE_HALTED] = enum_val(s, f->mode, "HALTED");
	p->has_quad = p->mode_val[PC_MODE_QUAD] >= 0;
	p->has_record = p->mode_val[PC_MODE_RECORD] >= 0 && dreg_exists(s, "RECORD_START");
	p->has_period = f->period != NULL;
	p->period_one = (uint64_t)enum_val(s, f->period, "ONE");
	p->has_import_modes = f->event_import != NULL;
	static const char *const cm[] = { "SIMPLE", "EVENT_B4", "EVENT_B6", "EXTRA_B4", "EXTRA_B6_EVENT_B2" };
	memset(p->ctr_mode_of, PC_CTR_UNKNOWN, sizeof p->ctr_mode_of);
	for (int m = 0; m < 5; m++) {
		int v = enum_val(s, f->ctr_mode, cm[m]);
		if (v >= 0 && v < 8)
			p->ctr_mode_of[v] = (uint8_t)m;
	}
	if (!f->ctr_mode)
		p->ctr_mode_of[0] = PC_SIMPLE;
	static const char *const qs[] = { "EMPTY", "VALID", "OVERFLOW" };
	static const char *const ss[] = { "INACTIVE", "WAIT_PRE", "WAIT_START", "COUNTING" };
	for (int i = 0; i < 3; i++)
		p->quad_val[i] = (uint64_t)enum_val(s, f->quad_state, qs[i]);
	for (int i = 0; i < 4; i++)
		p->single_val[i] = (uint64_t)enum_val(s, f->single_state, ss[i]);
	/* regdb-names: PCOUNTER.GCTRL G84:GF100 */
	/* regdb-names: PCOUNTER.HUB_DSET.CTRL GF100- */
	/* regdb-names: PCOUNTER.QUAD_ACK_TRIGGER NV30:GF100 */
	p->gctrl_rec_reset = field(s, "PCOUNTER.GCTRL", "RECORD_RESET");
	p->gctrl_per_reset = field(s, "PCOUNTER.GCTRL", "PERIODIC_RESET");
	p->set_rec_reset = field(s, "PCOUNTER.HUB_DSET.CTRL", "RECORD_RESET");
	p->set_per_reset = field(s, "PCOUNTER.HUB_DSET.CTRL", "PERIODIC_RESET");
	p->ack_field[0] = field(s, "PCOUNTER.QUAD_ACK_TRIGGER", "DOM0_ACK");
	p->ack_field[1] = field(s, "PCOUNTER.QUAD_ACK_TRIGGER", "DOM1_ACK");
	if (!p->ack_field[0])
		p->ack_field[0] = dfield(s, "QUAD_ACK_TRIGGER", "ACK");
	p->rec_start_f = dfield(s, "RECORD_START", "ADDRESS");
	p->rec_limit_f = dfield(s, "RECORD_LIMIT", "ADDRESS");
	p->rec_high_f = dfield(s, "RECORD_ADDRESS_HIGH", "ADDRESS_HIGH");
	p->rec_fault_f = dfield(s, "RECORD_STATUS", "FAULT");
	p->rec_pos_f = dfield(s, "RECORD_STATUS", "POSITION");
	p->rec_has_high = p->rec_high_f != NULL;
	/* USER signals: how many, and whether USER_TRIGGER reads back */
	p->nuser = 0;
	for (int i = 0; i < 4; i++) {
		char n[16];
		snprintf(n, sizeof n, "VAL_%d", i);
		p->user_val_f[i] = dfield(s, "USER_TRIGGER", n);
		snprintf(n, sizeof n, "PULSE_%d", i);
		p->user_pulse_f[i] = dfield(s, "USER_TRIGGER", n);
		if (p->user_val_f[i])
			p->nuser = (unsigned)i + 1;
	}
	/* regdb-names: PCOUNTER.USER_TRIGGER GT215:GF100 */
	/* regdb-names: PCOUNTER.HUB.USER_TRIGGER GF100- */
	const struct hwpc_reg *ur = reg(s, "PCOUNTER.USER_TRIGGER");
	ur = ur ? ur : reg(s, "PCOUNTER.HUB.USER_TRIGGER");
	p->user_readable = ur && ur->access != HWPC_ACCESS_WO;
}

int pc_regs_attach(struct sim *s, struct pc_priv *p, struct hwpc_err *err)
{
	size_t cap = 0;
	features(s, p);
	if (pc_record_params(s, p, err))
		return err->status;
	p->ndecode = 0;
	for (unsigned i = 0; i < hwpc_regdb_reg_count(s->dev.db); i++) {
		const struct hwpc_reg *r = hwpc_regdb_reg(s->dev.db, i);
		if (hwpc_gens_has(&r->gens, s->dev.chip) && hwpc_gens_has(&r->space->gens, s->dev.chip) &&
		    decode_reg(s, p, r, &cap, err))
			return err->status;
	}
	qsort(p->decode, p->ndecode, sizeof *p->decode, cmp_decode);
	/* drop the array elements a scalar shadows */
	unsigned out = 0;
	for (unsigned i = 0; i < p->ndecode; i++)
		if (!out || p->decode[out - 1].addr != p->decode[i].addr)
			p->decode[out++] = p->decode[i];
	p->ndecode = out;
	return 0;
}

static const struct pc_decode *lookup(const struct pc_priv *p, uint32_t addr)
{
	unsigned lo = 0, hi = p->ndecode;
	while (lo < hi) {
		unsigned mid = (lo + hi) / 2;
		if (p->decode[mid].addr == addr)
			return &p->decode[mid];
		if (p->decode[mid].addr < addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

/* Bits a write may set: the fields the chip has that are not read-only. */
static uint32_t writable(struct sim *s, const struct hwpc_reg *r)
{
	uint32_t m = 0;
	if (!r->nfields)
		return r->access == HWPC_ACCESS_RO ? 0 : 0xffffffffu;
	for (unsigned i = 0; i < r->nfields; i++)
		if (hwpc_gens_has(&r->fields[i].gens, s->dev.chip) && r->fields[i].access != HWPC_ACCESS_RO)
			m |= hwpc_field_mask(&r->fields[i]);
	return m;
}

static void put(const struct hwpc_field *f, uint32_t *v, uint64_t x)
{
	if (f)
		hwpc_field_put(f, v, x);
}

static uint32_t read_ctrl(const struct pc_priv *p, const struct pc_state *st, int dom)
{
	uint32_t v = dom < 0 ? st->ctrl : st->dom[dom].ctrl;
	unsigned n = dom < 0 ? 2 : 1;
	for (unsigned k = 0; k < n; k++) {
		int d = dom >= 0 ? dom : (k < 2 && p->set_dom[0][k] >= 0 ? p->set_dom[0][k] : -1);
		if (d < 0)
			continue;
		const struct pc_field_set *f = &p->cf[p->ctrl_global ? k : 0];
		const struct pc_dom_state *ds = &st->dom[d];
		put(f->single_state, &v, p->single_val[ds->single_state]);
		put(f->quad_state, &v, p->quad_val[ds->quad_state]);
	}
	return v;
}

/* What SIG_STATUS and SRC_STATUS show: the signals of the last cycle. */
static uint32_t read_sig_status(struct sim *s, const struct pc_priv *p, const struct pc_state *st, unsigned d,
				unsigned i)
{
	uint32_t v = 0;
	for (unsigned b = 0; b < 32; b++)
		if (pc_signal(s, p, st, d, i * 32 + b, st->dom[d].ncycles))
			v |= 1u << b;
	return v;
}

static uint32_t read_src_status(struct sim *s, const struct pc_priv *p, const struct pc_state *st, unsigned d)
{
	uint32_t v = 0;
	uint64_t n = st->dom[d].ncycles;
	for (int i = 0; i < PC_NINPUTS; i++) {
		if (!p->src_status[i])
			continue;
		uint32_t src;
		if (i < PC_SETFLAG || p->own_flag_src) {
			src = st->dom[d].src[i];
		} else {
			/* NV30+: the SETFLAG/CLRFLAG arguments come from PRE/START_SRC */
			src = 0;
			for (int a = 0; a < 4; a++) {
				const uint8_t *fa = p->flag_args[i - PC_SETFLAG][a];
				src |= ((st->dom[d].src[fa[0]] >> (8 * fa[1])) & 0xff) << (8 * a);
			}
		}
		put(p->src_status[i], &v, pc_mux(s, p, st, d, src, n));
	}
	return v;
}

int pc_rd32(struct sim *s, void *state, void *priv, uint32_t addr, uint32_t *val)
{
	struct pc_state *st = state;
	struct pc_priv *p = priv;
	const struct pc_decode *e = lookup(p, addr);
	if (!e)
		return 1;
	struct pc_dom_state *ds = e->dom >= 0 ? &st->dom[e->dom] : NULL;
	uint32_t v = 0;
	switch (e->kind) {
	case PR_SRC: v = ds->src[e->arg]; break;
	case PR_OP: v = ds->op[e->arg]; break;
	case PR_SIG_STATUS: v = read_sig_status(s, p, st, (unsigned)e->dom, e->arg); break;
	case PR_SRC_STATUS: v = read_src_status(s, p, st, (unsigned)e->dom); break;
	case PR_SWAP_SRC: v = ds->swap_src; break;
	case PR_USER_TRIGGER:
		if (p->user_readable) {
			/* "bits 0-3 of the read value correspond directly to the
			 * signals' current values" */
			v = ds->user_trigger;
			for (unsigned i = 0; i < p->nuser; i++)
				put(p->user_val_f[i], &v, (ds->user_val >> i) & 1);
		}
		break;
	case PR_CTR:
		v = (uint32_t)ds->ctr[e->arg]; /* the low 32 bits on NV10:NV30 */
		break;
	case PR_CTR_HI: v = (uint32_t)(ds->ctr[e->arg] >> 32) & 0xff; break;
	case PR_CTR_NEXT: v = (uint32_t)ds->shadow[e->arg]; break;
	case PR_FILTER: v = ds->filter; break;
	case PR_THRESHOLD: v = (uint32_t)ds->threshold; break;
	case PR_THRESHOLD_HI: v = (uint32_t)(ds->threshold >> 32) & 0xff; break;
	case PR_CTRL: v = read_ctrl(p, st, e->dom); break;
	case PR_GCTRL: v = st->gctrl; break;
	case PR_SETCTRL: v = st->setctrl[e->arg]; break;
	case PR_QUAD_ACK: v = 0; break; /* write-only */
	case PR_REC_START: v = ds->rec_start; break;
	case PR_REC_LIMIT: v = ds->rec_limit; break;
	case PR_REC_HIGH: v = ds->rec_high; break;
	case PR_REC_STATUS:
		put(p->rec_fault_f, &v, ds->rec_fault);
		put(p->rec_pos_f, &v, p->rec_pos_f ? hwpc_field_get(p->rec_pos_f, ds->rec_pos) : 0);
		break;
	case PR_REC_CHAN: v = st->rec_chan; break;
	case PR_REC_DMA: v = st->rec_dma; break;
	}
	*val = v;
	return 0;
}

static void quad_ack(struct pc_dom_state *ds)
{
	/* "VALID goes to EMPTY, OVERFLOW goes to VALID, and EMPTY is unchanged" */
	if (ds->quad_state > PC_EMPTY)
		ds->quad_state--;
}

/* "writing any *_OP register except PRE_OP, any *_SRC register, any CTR
 * register, THRESHOLD register, and CTRL register will abort the counting
 * process": the state machine sees it on the domain's next cycle. */
static void abort_dom(struct pc_dom_state *ds)
{
	ds->cfg_written = 1;
}

int pc_wr32(struct sim *s, void *state, void *priv, uint32_t addr, uint32_t val)
{
	struct pc_state *st = state;
	struct pc_priv *p = priv;
	const struct pc_decode *e = lookup(p, addr);
	if (!e)
		return 1;
	struct pc_dom_state *ds = e->dom >= 0 ? &st->dom[e->dom] : NULL;
	uint32_t w = val & writable(s, e->reg);
	switch (e->kind) {
	case PR_SRC: ds->src[e->arg] = w, abort_dom(ds); break;
	case PR_OP:
		ds->op[e->arg] = w;
		if (e->arg == PC_PRE) {
			/* "Writing PRE_OP will start the counting process"; on
			 * G84:GF100 in quad mode it swaps as if SWAP were 1 */
			ds->preop_written = 1;
			if (p->preop_swaps && pc_dom_mode(p, st, (unsigned)e->dom) == PC_MODE_QUAD)
				ds->preop_swap = 1;
		} else {
			abort_dom(ds);
		}
		break;
	case PR_SWAP_SRC: ds->swap_src = w, abort_dom(ds); break;
	case PR_USER_TRIGGER:
		ds->user_trigger = w;
		ds->user_val = ds->user_pulse = 0;
		ds->user_written = 1;
		for (unsigned i = 0; i < p->nuser; i++) {
			ds->user_val |= (uint8_t)(hwpc_field_get(p->user_val_f[i], val) << i);
			if (p->user_pulse_f[i])
				ds->user_pulse |= (uint8_t)(hwpc_field_get(p->user_pulse_f[i], val) << i);
		}
		break;
	case PR_CTR:
		if (e->arg == PC_CPRE)
			ds->pre_init = val;
		else if (e->arg == PC_CSTOP)
			ds->stop_init = val;
		abort_dom(ds);
		break;
	case PR_CTR_HI: abort_dom(ds); break;
	/* Model choice (pcsim(1)): a write sets the counter of the period
	 * under way, so nvatiming's "write 0, wait, read" measures the wait. */
	case PR_CTR_NEXT: ds->shadow[e->arg] = val; break;
	case PR_FILTER: ds->filter = w; break;
	case PR_THRESHOLD:
		ds->threshold = (ds->threshold & ~0xffffffffULL) | val;
		abort_dom(ds);
		break;
	case PR_THRESHOLD_HI:
		ds->threshold = (ds->threshold & 0xffffffffULL) | ((uint64_t)(w & 0xff) << 32);
		abort_dom(ds);
		break;
	case PR_CTRL:
		if (e->dom < 0) {
			st->ctrl = w;
			for (unsigned k = 0; k < PC_SET_DOMAINS; k++)
				if (p->set_dom[0][k] >= 0)
					abort_dom(&st->dom[p->set_dom[0][k]]);
		} else {
			const struct hwpc_field *fc = p->cf[0].fault_clear;
			if (fc && hwpc_field_get(fc, val))
				ds->rec_fault = 0; /* the domain stays wedged */
			ds->ctrl = w & ~(fc ? hwpc_field_mask(fc) : 0); /* write-only: not kept */
			abort_dom(ds);
		}
		break;
	case PR_GCTRL: st->gctrl = w; break;
	case PR_SETCTRL: st->setctrl[e->arg] = w; break;
	case PR_QUAD_ACK:
		if (e->dom >= 0) {
			if (p->ack_field[0] && hwpc_field_get(p->ack_field[0], val))
				quad_ack(ds);
		} else {
			for (unsigned k = 0; k < 2; k++)
				if (p->ack_field[k] && hwpc_field_get(p->ack_field[k], val) && p->set_dom[0][k] >= 0)
					quad_ack(&st->dom[p->set_dom[0][k]]);
		}
		break;
	case PR_REC_START:
		/* "the address is copied to RECORD_STATUS position field, the
		 * buffer valid internal flag will be set, and all counters are
		 * reset if the domain is in record mode" */
		ds->rec_start = w;
		ds->rec_pos = w;
		ds->rec_valid = 1;
		if (pc_dom_mode(p, st, (unsigned)e->dom) == PC_MODE_RECORD)
			pc_record_clear(ds);
		break;
	case PR_REC_LIMIT: ds->rec_limit = w; break;
	case PR_REC_HIGH: ds->rec_high = w; break;
	case PR_REC_STATUS: break; /* read-only */
	case PR_REC_CHAN: st->rec_chan = w; break;
	case PR_REC_DMA: st->rec_dma = w; break;
	}
	return 0;
}
