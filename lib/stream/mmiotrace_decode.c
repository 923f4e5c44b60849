/* SPDX-License-Identifier: MIT */
/* An mmiotrace decoded against regdb (see hwpc/mmiotrace.h): the NVIDIA
 * BAR0 and chipset found in a first pass, then each access named, PCOUNTER
 * logic ops decompiled from a shadow of the domain's SRC/OP registers as
 * the trace wrote them, and the last configuration kept per domain. */
#include "core/err_local.h"
#include "hwpc/lop.h"
#include "hwpc/stream.h"
#include "stream/mmiotrace.h"
#include "hwpc/pc.h"
#include "regs/snapshot.h"
#include "regdb/regdb_cmd.h"
#include "regs/regs_cmd.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define NVIDIA 0x10de
#define MAX_MAPS 64

/* A PCOUNTER register the trace configured, last value and when. */
struct cfg {
	uint32_t addr, value;
	uint64_t seq;
	int dom; /* -1: not one domain's (a global control) */
};

struct mmt_dom {
	bool have_names;
	struct hwpc_pc_names names;
	struct hwpc_lop_caps caps;
	bool have_caps;
	bool has_src[HWPC_LOP_NINPUTS], has_op[HWPC_LOP_NINPUTS];
	uint32_t src_addr[HWPC_LOP_NINPUTS], op_addr[HWPC_LOP_NINPUTS];
	struct hwpc_lop_regs regs;
	char expr[HWPC_LOP_NINPUTS][160];
};

/* What decoding needs of a BAR0 word, found once per address: a trace
 * touches few registers many times, and hwpc_reg_at searches regdb. */
struct regc {
	uint32_t off; /* the word's offset + 1; 0: an empty slot */
	const struct hwpc_reg *reg;
	int dom;      /* domain_of, for a PCOUNTER register the trace may set up */
	bool cfg;     /* a PCOUNTER register kept for the setup file */
	bool lop;     /* some domain's SRC or OP register */
	char name[160];
	/* the fields of the last value decoded (polls read one value
	 * many times) */
	bool have_last;
	uint32_t last;
	char fields[sizeof ((struct hwpc_mmt_access *)0)->fields];
};

struct hwpc_mmt {
	const struct hwpc_regdb *db;
	const struct hwpc_chipset *chip;
	struct hwpc_regview *view; /* every register of chip: names the accesses */
	bool have_dev, have_boot0;
	bool bar0_given;     /* hwpc_mmt_set_bar0: its size is the chipset's, known at start */
	uint64_t bar0, bar0_size;
	uint32_t boot0;
	unsigned nmaps;      /* BAR0 mappings the first pass saw */
	struct {
		int id;
		uint32_t off;
	} live[MAX_MAPS];    /* BAR0 mappings made and not yet unmade, in the second pass */
	unsigned nlive;
	bool have_layout;
	struct hwpc_pc_layout layout;
	struct mmt_dom dom[HWPC_PC_MAX_DOMAINS];
	struct cfg *cfg;
	size_t ncfg, cfgcap;
	uint64_t seq;
	struct hwpc_mmt_counts counts;
	struct regc *rc; /* open addressing on the offset, at most half full */
	size_t nrc, rccap;
};

struct hwpc_mmt *hwpc_mmt_new(const struct hwpc_regdb *db, struct hwpc_err *err)
{
	struct hwpc_mmt *m = calloc(1, sizeof *m);
	if (!m)
		hwpc_err_set(err, HWPC_EOP, "mmiotrace: out of memory");
	else
		m->db = db;
	return m;
}

void hwpc_mmt_free(struct hwpc_mmt *m)
{
	if (!m)
		return;
	for (unsigned d = 0; d < HWPC_PC_MAX_DOMAINS; d++)
		if (m->dom[d].have_names)
			hwpc_pc_names_free(&m->dom[d].names);
	free(m->cfg);
	free(m->rc);
	hwpc_regview_free(m->view);
	free(m);
}

void hwpc_mmt_set_bar0(struct hwpc_mmt *m, uint64_t phys)
{
	m->have_dev = m->bar0_given = true;
	m->bar0 = phys;
}

/* With a BAR0 given, its size is not known until the chipset is: before
 * then only its first word (PMC.BOOT_0) is known to be in it. */
static bool in_bar0(const struct hwpc_mmt *m, uint64_t phys, uint32_t *off)
{
	uint64_t size = m->bar0_given && !m->chip ? 1 : m->bar0_size;
	if (!m->have_dev || phys < m->bar0 || phys - m->bar0 >= size)
		return false;
	*off = (uint32_t)(phys - m->bar0);
	return true;
}

void hwpc_mmt_scan(struct hwpc_mmt *m, const struct hwpc_mmt_rec *r)
{
	uint32_t off;
	if (r->kind == HWPC_MMT_PCIDEV && r->vendor == NVIDIA && !m->have_dev && r->bar[0] && r->bar_size[0]) {
		m->have_dev = true;
		m->bar0 = r->bar[0];
		m->bar0_size = r->bar_size[0];
	} else if (r->kind == HWPC_MMT_MAP && in_bar0(m, r->phys, &off))
		m->nmaps++;
	else if (r->kind == HWPC_MMT_READ && r->width == 4 && in_bar0(m, r->phys, &off) && off == 0 && !m->have_boot0) {
		m->have_boot0 = true;
		m->boot0 = (uint32_t)r->value;
	}
}

/* Domain d's SRC and OP addresses, for the shadow. */
static void dom_addrs(struct hwpc_mmt *m, unsigned d)
{
	struct mmt_dom *md = &m->dom[d];
	for (int in = 0; in < HWPC_LOP_NINPUTS; in++) {
		const char *iname = hwpc_lop_input_name((enum hwpc_lop_input)in);
		char reg[32], name[96];
		struct hwpc_regref ref;
		snprintf(reg, sizeof reg, "%s_SRC", iname);
		md->has_src[in] = hwpc_pc_reg_name(&m->layout, d, reg, name, sizeof name) &&
				  !hwpc_regref_parse(m->db, m->chip, name, &ref, NULL);
		md->src_addr[in] = md->has_src[in] ? ref.addr : 0;
		snprintf(reg, sizeof reg, "%s_OP", iname);
		md->has_op[in] = hwpc_pc_reg_name(&m->layout, d, reg, name, sizeof name) &&
				 !hwpc_regref_parse(m->db, m->chip, name, &ref, NULL);
		md->op_addr[in] = md->has_op[in] ? ref.addr : 0;
	}
	/* Inputs start as constant 0: only what the trace changes is shown. */
	for (int in = 0; in < HWPC_LOP_NINPUTS; in++)
		snprintf(md->expr[in], sizeof md->expr[in], "0");
	md->have_caps = !hwpc_pc_lop_caps(m->db, m->chip, m->layout.dom[d].space, m->layout.dom[d].nsignals,
					  &md->caps, NULL);
	md->have_names = md->have_caps && !hwpc_pc_names_build(&m->layout, d, &md->names, NULL);
}

int hwpc_mmt_start(struct hwpc_mmt *m, const struct hwpc_chipset *chip, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	if (!m->have_dev)
		return hwpc_err_set(err, HWPC_EINPUT, "no NVIDIA device in the trace (no PCIDEV line of vendor 10de "
				    "with a BAR0): give its address (--bar0)");
	if (!m->nmaps && !m->bar0_given)
		return hwpc_err_set(err, HWPC_EINPUT, "no mapping of the NVIDIA BAR0 (0x%llx, 0x%llx bytes) in the trace",
				    (unsigned long long)m->bar0, (unsigned long long)m->bar0_size);
	if (!chip) {
		if (!m->have_boot0)
			return hwpc_err_set(err, HWPC_EINPUT, "the trace reads no PMC.BOOT_0: give the chipset (--chip)");
		if (hwpc_chipset_identify(m->db, m->boot0, &chip, err))
			return err->status;
	}
	m->chip = chip;
	if (m->bar0_given) {
		int64_t size = hwpc_param_num(m->db, chip, "BAR0.SIZE", 0);
		if (size <= 0)
			return hwpc_err_set(err, HWPC_EINPUT, "regdb gives no BAR0.SIZE for the %s", chip->name);
		m->bar0_size = (uint64_t)size;
	}
	if (hwpc_regview_new(m->db, chip, &m->view, err))
		return err->status;
	/* A chip without PCOUNTER still decodes; it has no expressions. */
	m->have_layout = !hwpc_pc_layout_load(m->db, chip, NULL, &m->layout, NULL);
	for (unsigned d = 0; m->have_layout && d < m->layout.ndomains; d++)
		dom_addrs(m, d);
	return 0;
}

const struct hwpc_chipset *hwpc_mmt_chip(const struct hwpc_mmt *m)
{
	return m->chip;
}

unsigned hwpc_mmt_reg_width(const struct hwpc_mmt *m)
{
	size_t w = strlen("unknown");
	for (unsigned i = 0; m->view && i < hwpc_regview_count(m->view); i++) {
		struct hwpc_regref ref = { .reg = hwpc_regview_reg(m->view, i) };
		char name[sizeof ((struct hwpc_mmt_access *)0)->reg];
		ref.nidx = ref.reg->ndims;
		for (unsigned d = 0; d < ref.reg->ndims; d++)
			ref.idx[d] = ref.reg->dims[d].count ? ref.reg->dims[d].count - 1 : 0;
		hwpc_regref_format(&ref, name, sizeof name);
		if (strlen(name) > w)
			w = strlen(name);
	}
	return (unsigned)w;
}

/* The domain whose register this element is: the space is the domain's,
 * the "dom" index its index in the set, an instance index its instance. */
static int domain_of(const struct hwpc_mmt *m, const struct hwpc_reg *r, const uint32_t *idx)
{
	for (unsigned d = 0; m->have_layout && d < m->layout.ndomains; d++) {
		const struct hwpc_pc_domain *pd = &m->layout.dom[d];
		bool has_dom = false, ok = !strcmp(pd->space, r->space->name);
		for (unsigned k = 0; ok && k < r->ndims; k++) {
			if (!strcmp(r->dims[k].name, "dom")) {
				has_dom = true;
				ok = idx[k] == pd->local;
			} else if (k < r->space->ndims)
				ok = idx[k] == pd->inst;
		}
		if (ok && has_dom)
			return (int)d;
	}
	return -1;
}

static void keep_cfg(struct hwpc_mmt *m, uint32_t addr, uint32_t value, int dom)
{
	size_t i = 0;
	while (i < m->ncfg && m->cfg[i].addr != addr)
		i++;
	if (i == m->ncfg) {
		if (m->ncfg == m->cfgcap) {
			size_t nc = m->cfgcap ? m->cfgcap * 2 : 64;
			struct cfg *c = realloc(m->cfg, nc * sizeof *c);
			if (!c)
				return; /* the setup file then lacks it; hwpc_mmt_write_setup says so */
			m->cfg = c;
			m->cfgcap = nc;
		}
		m->ncfg++;
	}
	m->cfg[i] = (struct cfg){ .addr = addr, .value = value, .seq = m->seq++, .dom = dom };
}

/* After a SRC/OP write: the inputs of the domain whose expression changed. */
static void shadow(struct hwpc_mmt *m, uint32_t off, uint32_t value, struct hwpc_mmt_access *out)
{
	for (unsigned d = 0; m->have_layout && d < m->layout.ndomains; d++) {
		struct mmt_dom *md = &m->dom[d];
		bool hit = false; /* a value that changes what the domain counts */
		for (int in = 0; in < HWPC_LOP_NINPUTS; in++) {
			if (md->has_src[in] && md->src_addr[in] == off && md->regs.src[in] != value)
				md->regs.src[in] = value, hit = true;
			if (md->has_op[in] && md->op_addr[in] == off && md->regs.op[in] != value)
				md->regs.op[in] = value, hit = true;
		}
		if (!hit || !md->have_names)
			continue;
		size_t k = strlen(out->expr);
		for (int in = 0; in < HWPC_LOP_NINPUTS; in++) {
			char e[160] = "0";
			if (!md->has_op[in])
				continue;
			if (md->regs.op[in] >> md->caps.op[in].func & 0xffff)
				hwpc_lop_decompile(&md->caps, &md->names.tab, &md->regs, (enum hwpc_lop_input)in, e,
						   sizeof e, NULL);
			if (!strcmp(e, md->expr[in]))
				continue;
			snprintf(md->expr[in], sizeof md->expr[in], "%s", e);
			int w = snprintf(out->expr + k, sizeof out->expr - k, "%s%s %s = %s", k ? "; " : "",
					 m->layout.dom[d].name, hwpc_lop_input_name((enum hwpc_lop_input)in), e);
			k = w < 0 || (size_t)w >= sizeof out->expr - k ? sizeof out->expr - 1 : k + (size_t)w;
		}
	}
}

/* Work out a word's entry (regc). */
static void reg_fill(struct hwpc_mmt *m, uint32_t off, struct regc *c)
{
	uint32_t idx[HWPC_MAX_DIMS] = { 0 };
	c->off = off + 1;
	c->dom = -1;
	c->reg = m->view ? hwpc_regview_at(m->view, off, idx) : NULL;
	if (!c->reg) {
		snprintf(c->name, sizeof c->name, "unknown");
		return;
	}
	struct hwpc_regref ref = { .reg = c->reg, .nidx = c->reg->ndims };
	memcpy(ref.idx, idx, sizeof ref.idx);
	hwpc_regref_format(&ref, c->name, sizeof c->name);
	c->cfg = !strncmp(c->reg->space->name, "PCOUNTER", 8) && c->reg->access == HWPC_ACCESS_RW;
	if (c->cfg)
		c->dom = domain_of(m, c->reg, idx);
	for (unsigned d = 0; m->have_layout && d < m->layout.ndomains; d++)
		for (int in = 0; in < HWPC_LOP_NINPUTS; in++)
			c->lop |= (m->dom[d].has_src[in] && m->dom[d].src_addr[in] == off) ||
				  (m->dom[d].has_op[in] && m->dom[d].op_addr[in] == off);
}

static struct regc *reg_of(struct hwpc_mmt *m, uint32_t off)
{
	static struct regc none; /* out of memory: worked out each time */
	if (2 * (m->nrc + 1) > m->rccap) {
		size_t cap = m->rccap ? 2 * m->rccap : 256;
		struct regc *t = calloc(cap, sizeof *t);
		if (!t) {
			memset(&none, 0, sizeof none);
			reg_fill(m, off, &none);
			return &none;
		}
		for (size_t i = 0; i < m->rccap; i++)
			if (m->rc[i].off) {
				size_t h = (m->rc[i].off * 0x9e3779b1u) & (cap - 1);
				while (t[h].off)
					h = (h + 1) & (cap - 1);
				t[h] = m->rc[i];
			}
		free(m->rc);
		m->rc = t;
		m->rccap = cap;
	}
	size_t h = ((off + 1) * 0x9e3779b1u) & (m->rccap - 1);
	while (m->rc[h].off && m->rc[h].off != off + 1)
		h = (h + 1) & (m->rccap - 1);
	if (!m->rc[h].off) {
		reg_fill(m, off, &m->rc[h]);
		m->nrc++;
	}
	return &m->rc[h];
}

void hwpc_mmt_decode(struct hwpc_mmt *m, const struct hwpc_mmt_rec *r, struct hwpc_mmt_access *out)
{
	out->bar0 = false;
	out->off = 0;
	out->reg[0] = out->fields[0] = out->expr[0] = 0;
	bool access = r->kind == HWPC_MMT_READ || r->kind == HWPC_MMT_WRITE;
	if (r->kind == HWPC_MMT_LOST)
		m->counts.lost += r->value;
	if (r->kind == HWPC_MMT_UNKNOWN)
		m->counts.unknown++;
	if (r->kind == HWPC_MMT_MAP) {
		out->bar0 = in_bar0(m, r->phys, &out->off);
		if (out->bar0 && m->nlive < MAX_MAPS) {
			m->live[m->nlive].id = r->map_id;
			m->live[m->nlive++].off = out->off;
		}
		return;
	}
	if (r->kind == HWPC_MMT_UNMAP) {
		/* the line has no address: the one its MAP had */
		for (unsigned i = 0; i < m->nlive && !out->bar0; i++)
			if (m->live[i].id == r->map_id) {
				out->bar0 = true;
				out->off = m->live[i].off;
				m->live[i] = m->live[--m->nlive];
			}
		return;
	}
	if (!access)
		return;
	bool write = r->kind == HWPC_MMT_WRITE;
	if (!in_bar0(m, r->phys, &out->off)) {
		(*(write ? &m->counts.other_writes : &m->counts.other_reads))++;
		return;
	}
	out->bar0 = true;
	(*(write ? &m->counts.bar0_writes : &m->counts.bar0_reads))++;
	/* A word access of a 32-bit register, the common case: from the
	 * word's entry, worked out once. */
	if (r->width == 4 && !(out->off & 3)) {
		struct regc *c = reg_of(m, out->off);
		if (c->reg && c->reg->width == 32) {
			memcpy(out->reg, c->name, sizeof out->reg);
			if (!c->have_last || c->last != (uint32_t)r->value) {
				hwpc_reg_decode(c->reg, m->chip, (uint32_t)r->value, c->fields, sizeof c->fields);
				c->last = (uint32_t)r->value;
				c->have_last = true;
			}
			memcpy(out->fields, c->fields, sizeof out->fields);
			if (!write)
				return;
			if (c->cfg)
				keep_cfg(m, out->off, (uint32_t)r->value, c->dom);
			if (c->lop)
				shadow(m, out->off, (uint32_t)r->value, out);
			return;
		}
	}
	/* Any other: named as pcread --reg ADDR.b names it (the register as
	 * wide as the access, or "REG+N" inside a wider one); fields only for
	 * the whole register.  (No PCOUNTER register is other than 32-bit.) */
	if (!m->view) {
		snprintf(out->reg, sizeof out->reg, "unknown");
		return;
	}
	bool whole;
	const struct hwpc_reg *reg =
		hwpc_regarg_name_at(m->view, out->off, r->width, out->reg, sizeof out->reg, &whole, NULL);
	if (reg && whole)
		hwpc_reg_decode(reg, m->chip, r->value, out->fields, sizeof out->fields);
}

void hwpc_mmt_counts(const struct hwpc_mmt *m, struct hwpc_mmt_counts *out)
{
	*out = m->counts;
}

static int by_seq(const void *x, const void *y)
{
	const struct cfg *a = x, *b = y;
	return (a->seq > b->seq) - (a->seq < b->seq);
}

int hwpc_mmt_write_setup(const struct hwpc_mmt *m, FILE *fp, const char *what, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	if (!m->ncfg)
		return hwpc_err_set(err, HWPC_EINPUT, "%s: the trace writes no PCOUNTER register of the %s", what,
				    m->chip->name);
	struct cfg *c = malloc(m->ncfg * sizeof *c);
	if (!c)
		return hwpc_err_set(err, HWPC_EOP, "mmiotrace: out of memory");
	memcpy(c, m->cfg, m->ncfg * sizeof *c);
	qsort(c, m->ncfg, sizeof *c, by_seq);
	fprintf(fp, "# pcsetup setup file: the last PCOUNTER configuration %s wrote (%s),\n"
		    "# per domain, as raw register writes in the trace's order.\n", what, m->chip->name);
	/* Domains in the order the trace first configured them; controls
	 * shared by domains go with the first. */
	bool done[HWPC_PC_MAX_DOMAINS] = { false }, globals = false;
	for (size_t i = 0; i < m->ncfg; i++) {
		int d = c[i].dom;
		if (d < 0 || done[d])
			continue;
		done[d] = true;
		fprintf(fp, "\ndomain %s\n", m->layout.dom[d].name);
		for (int in = 0; in < HWPC_LOP_NINPUTS; in++)
			if (m->dom[d].has_op[in] && strcmp(m->dom[d].expr[in], "0"))
				fprintf(fp, "# %s = %s\n", hwpc_lop_input_name((enum hwpc_lop_input)in), m->dom[d].expr[in]);
		for (size_t j = 0; j < m->ncfg; j++) {
			uint32_t idx[HWPC_MAX_DIMS] = { 0 };
			if (c[j].dom != d && (c[j].dom >= 0 || globals))
				continue;
			const struct hwpc_reg *r = hwpc_regview_at(m->view, c[j].addr, idx);
			struct hwpc_regref ref = { .reg = r, .nidx = r->ndims };
			char name[160];
			memcpy(ref.idx, idx, sizeof ref.idx);
			hwpc_regref_format(&ref, name, sizeof name);
			fprintf(fp, "reg %s=0x%08x\n", name, c[j].value);
		}
		globals = true;
	}
	if (!globals) /* only shared controls: they need a section too */
		for (size_t j = 0; j < m->ncfg; j++) {
			uint32_t idx[HWPC_MAX_DIMS] = { 0 };
			const struct hwpc_reg *r = hwpc_regview_at(m->view, c[j].addr, idx);
			struct hwpc_regref ref = { .reg = r, .nidx = r->ndims };
			char name[160];
			memcpy(ref.idx, idx, sizeof ref.idx);
			hwpc_regref_format(&ref, name, sizeof name);
			fprintf(fp, "%sreg %s=0x%08x\n", j ? "" : "\ndomain 0\n", name, c[j].value);
		}
	free(c);
	fflush(fp);
	return ferror(fp) ? hwpc_err_set(err, HWPC_EOP, "writing the setup file failed") : 0;
}
