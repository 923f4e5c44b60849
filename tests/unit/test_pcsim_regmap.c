/* SPDX-License-Identifier: MIT */
/* The model's register map, per generation, against regdb: every address
 * the model answers is a regdb register of that name for the chip, every
 * regdb PCOUNTER register element of a present domain (and present
 * signals, for SIG_STATUS) is answered, and writable bits are exactly the
 * fields regdb gives the generation. */
#include "pcsim_test.h"

static struct pc_priv *PRIV(struct pt *t)
{
	void *priv;
	assert_non_null(sim_model_state((struct sim *)t->dev, SIM_MODEL_PCOUNTER, &priv));
	return priv;
}

static const struct pc_decode *decoded(const struct pc_priv *p, uint32_t addr)
{
	for (unsigned i = 0; i < p->ndecode; i++)
		if (p->decode[i].addr == addr)
			return &p->decode[i];
	return NULL;
}

/* Which domain an element of a register belongs to, from its indices and
 * space name alone: -1 for a set-wide register, -2 for an absent domain. */
static int element_domain(const struct pc_priv *p, const struct hwpc_reg *r, const uint32_t *idx, unsigned *sub)
{
	const char *sp = r->space->name;
	const char *set = !strcmp(sp, "PCOUNTER") ? "main" : strstr(sp, "HUB") ? "hub" : strstr(sp, "GPC") ? "gpc" : "part";
	unsigned inst = 0, local = 0;
	bool has_dom = false;
	*sub = 0;
	for (unsigned d = 0; d < r->ndims; d++) {
		if (!strcmp(r->dims[d].name, "dom"))
			local = idx[d], has_dom = true;
		else if (!strcmp(r->dims[d].name, "gpc") || !strcmp(r->dims[d].name, "part"))
			inst = idx[d];
		else
			*sub = *sub * r->dims[d].count + idx[d];
	}
	if (strstr(sp, "_DSET")) {
		for (unsigned d = 0; d < p->ndomains; d++)
			if (!strcmp(p->dom[d].setname, set) && p->dom[d].inst == inst)
				return -1;
		return -2;
	}
	if (!has_dom && !strcmp(set, "main"))
		return -1;
	for (unsigned d = 0; d < p->ndomains; d++)
		if (!strcmp(p->dom[d].setname, set) && p->dom[d].inst == inst && p->dom[d].local == local)
			return (int)d;
	return -2;
}

static void check_chip(const char *chip)
{
	struct pt t;
	pt_open(&t, chip, NULL);
	const struct pc_priv *p = PRIV(&t);
	const struct hwpc_chipset *c = t.dev->chip;
	unsigned answered = 0;
	/* 1: every decoded address is the regdb register there */
	for (unsigned i = 0; i < p->ndecode; i++) {
		uint32_t idx[HWPC_MAX_DIMS];
		const struct hwpc_reg *r = hwpc_reg_at(t.db, c, p->decode[i].addr, idx);
		if (r != p->decode[i].reg)
			fail_msg("%s: 0x%06x decodes as %s, regdb says %s", chip, p->decode[i].addr,
				 p->decode[i].reg->name, r ? r->name : "nothing");
	}
	/* 2: every element of a present domain is decoded, no other */
	for (unsigned k = 0; k < hwpc_regdb_reg_count(t.db); k++) {
		const struct hwpc_reg *r = hwpc_regdb_reg(t.db, k);
		if (strncmp(r->space->name, "PCOUNTER", 8) || !hwpc_gens_has(&r->gens, c) ||
		    !hwpc_gens_has(&r->space->gens, c))
			continue;
		for (uint32_t e = 0; e < hwpc_reg_elements(r); e++) {
			uint32_t idx[HWPC_MAX_DIMS], rem = e, addr, ridx[HWPC_MAX_DIMS];
			unsigned sub;
			for (int d = (int)r->ndims - 1; d >= 0; d--) {
				idx[d] = rem % r->dims[d].count;
				rem /= r->dims[d].count;
			}
			assert_int_equal(hwpc_reg_addr(r, idx, r->ndims, &addr, NULL), 0);
			if (hwpc_reg_at(t.db, c, addr, ridx) != r)
				continue; /* shadowed by a scalar (NV10 CTRL) */
			int dom = element_domain(p, r, idx, &sub);
			bool want = dom != -2;
			if (want && !strcmp(r->short_name, "SIG_STATUS"))
				want = sub * 32 < p->dom[dom].nsignals;
			if (want != (decoded(p, addr) != NULL))
				fail_msg("%s: %s element %u at 0x%06x: %s", chip, r->name, e, addr,
					 want ? "not answered" : "answered for an absent domain or signal");
			answered += want;
		}
	}
	assert_int_equal(answered, p->ndecode);
	/* 3: an R/W register keeps exactly the bits of its fields */
	static const char *const rw[] = { "PRE_OP", "EVENT_OP", "STOP_OP", "SETFLAG_OP", "CLRFLAG_OP", "START_SRC" };
	for (unsigned i = 0; i < sizeof rw / sizeof rw[0]; i++) {
		char name[64];
		snprintf(name, sizeof name, "%s%s[0]", strcmp(chip, "gf100") ? "" : "PCOUNTER.HUB.", rw[i]);
		struct hwpc_regref ref;
		assert_int_equal(hwpc_regref_parse(t.db, c, name, &ref, NULL), 0);
		uint32_t mask = 0;
		for (unsigned f = 0; f < ref.reg->nfields; f++)
			if (hwpc_gens_has(&ref.reg->fields[f].gens, c))
				mask |= hwpc_field_mask(&ref.reg->fields[f]);
		W(&t, name, 0xffffffff);
		assert_int_equal(R(&t, name), mask);
	}
	pt_close(&t);
}

/* One test per behaviour class. */
#define REGMAP(chip)                                      \
	static void test_regmap_##chip(void **unused) \
	{                                                 \
		check_chip(#chip);                        \
	}
REGMAP(nv10)
REGMAP(nv15)
REGMAP(nv20)
REGMAP(nv30)
REGMAP(nv40)
REGMAP(g84)
REGMAP(g92)
REGMAP(gt215)
REGMAP(gf100)

/* G92 adds the replacement bits: PRE_OP keeps bits 18-19 there, not on G84;
 * EVENT_OP has ARG3_SETFLAG from NV30 on, not on NV20 */
static void test_generation_bits(void **unused)
{
	struct pt t;
	pt_open(&t, "g84", NULL);
	W(&t, "PRE_OP[0]", 0xfffff);
	assert_int_equal(R(&t, "PRE_OP[0]"), 0x3ffff);
	pt_close(&t);
	pt_open(&t, "g92", NULL);
	W(&t, "PRE_OP[0]", 0xfffff);
	assert_int_equal(R(&t, "PRE_OP[0]"), 0xfffff);
	pt_close(&t);
	pt_open(&t, "nv20", NULL);
	W(&t, "EVENT_OP[0]", 0x7ffff);
	assert_int_equal(R(&t, "EVENT_OP[0]"), 0x3ffff);
	pt_close(&t);
	pt_open(&t, "nv30", NULL);
	W(&t, "EVENT_OP[0]", 0x7ffff);
	assert_int_equal(R(&t, "EVENT_OP[0]"), 0x7ffff);
	pt_close(&t);
}

/* CTRL's state fields are read-only ("read-only, reads as the current
 * single event mode state"): writing them changes nothing */
static void test_ctrl_read_only_fields(void **unused)
{
	struct pt t;
	pt_open(&t, "g84", NULL);
	W(&t, "CTRL[1]", 3u << 28 | 3u << 24 | 1u << 8);
	assert_int_equal(R(&t, "CTRL[1]"), 1u << 8);
	pt_close(&t);
	pt_open(&t, "nv20", NULL);
	W(&t, "CTRL", 0xf << 3); /* DOM0_SINGLE_STATE, DOM1_SINGLE_STATE */
	assert_int_equal(R(&t, "CTRL"), 0);
	pt_close(&t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_regmap_nv10),  cmocka_unit_test(test_regmap_nv15),
		cmocka_unit_test(test_regmap_nv20),  cmocka_unit_test(test_regmap_nv30),
		cmocka_unit_test(test_regmap_nv40),  cmocka_unit_test(test_regmap_g84),
		cmocka_unit_test(test_regmap_g92),   cmocka_unit_test(test_regmap_gt215),
		cmocka_unit_test(test_regmap_gf100),
		cmocka_unit_test(test_generation_bits),
		cmocka_unit_test(test_ctrl_read_only_fields),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
