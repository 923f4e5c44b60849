/* SPDX-License-Identifier: MIT */
/* Hand-written registers win over generated ones (regdb/rnndb/, converted
 * from envytools' rnndb): a generated register gives up every chipset on
 * which a hand-written register has its full name or shares a byte of
 * address with it.  The hand-written files follow the hardware documents;
 * the generated ones add reach, not a second opinion (hwpc-regdb(5),
 * GENERATED FILES). */
#include "regdb/regdb_internal.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

static bool gens_meet(const struct hwpc_gens *a, const struct hwpc_gens *b)
{
	for (size_t i = 0; i < sizeof a->bits / sizeof a->bits[0]; i++)
		if (a->bits[i] & b->bits[i])
			return true;
	return false;
}

/* [lo, hi): the bytes r's elements span. */
static void extent(const struct hwpc_reg *r, uint64_t *lo, uint64_t *hi)
{
	uint64_t a = (uint64_t)r->space->base + r->offset, last = a;
	for (unsigned i = 0; i < r->ndims; i++)
		last += (uint64_t)(r->dims[i].count - 1) * r->dims[i].stride;
	*lo = a;
	*hi = last + r->width / 8;
}

static uint32_t gcd(uint32_t a, uint32_t b)
{
	while (b) {
		uint32_t t = a % b;
		a = b;
		b = t;
	}
	return a;
}

/* Does an element of b cover a byte of [a, a + w)?  Elements of b start
 * at its base plus multiples of the gcd of its strides: only those are
 * tried. */
static bool hits(const struct hwpc_reg *b, uint64_t a, unsigned w)
{
	unsigned bw = b->width / 8;
	uint64_t base = (uint64_t)b->space->base + b->offset;
	uint32_t step = 0, idx[HWPC_MAX_DIMS];
	for (unsigned i = 0; i < b->ndims; i++)
		step = gcd(step, b->dims[i].stride);
	uint64_t s = a >= bw - 1 ? a - (bw - 1) : 0;
	if (s < base)
		s = base;
	if (step > 1 && (s - base) % step)
		s += step - (s - base) % step;
	for (; s < a + w && s <= UINT32_MAX; s += step ? step : 1)
		if (regdb_element_at(b, (uint32_t)s, idx))
			return true;
	return false;
}

/* Do a and b share a byte?  Walks the elements of the smaller array. */
static bool meet(const struct hwpc_reg *a, const struct hwpc_reg *b)
{
	if (hwpc_reg_elements(a) > hwpc_reg_elements(b)) {
		const struct hwpc_reg *t = a;
		a = b;
		b = t;
	}
	uint32_t n = hwpc_reg_elements(a);
	for (uint32_t k = 0; k < n; k++) {
		uint32_t addr;
		if (hwpc_reg_addr(a, &k, a->ndims ? 1 : 0, &addr, NULL) == 0 && hits(b, addr, a->width / 8))
			return true;
	}
	return false;
}

struct hand {
	const struct hwpc_reg *r;
	size_t index;
	uint64_t lo, hi;
};

/* A partial hand-written register takes the fields of a generated one that
 * is the same register: one scalar, at one address, as wide. */
static void merge(struct hwpc_regdb *db, const struct hand *h, size_t gi, const struct hwpc_reg *g)
{
	const struct reg_build *hb = VEC_AT(db->reg_b, struct reg_build, h->index);
	if (!hb->partial || h->r->ndims || g->ndims || h->r->width != g->width ||
	    (uint64_t)h->r->space->base + h->r->offset != (uint64_t)g->space->base + g->offset)
		return;
	struct field_merge *m = vec_push(&db->merges);
	if (!m)
		return; /* out of memory: the generated fields are not joined */
	m->hand = h->index;
	m->gen = gi;
	for (size_t k = 0; k < sizeof m->gens.bits / sizeof m->gens.bits[0]; k++)
		m->gens.bits[k] = g->gens.bits[k] & h->r->gens.bits[k];
}

void regdb_resolve_generated(struct hwpc_regdb *db)
{
	size_t n = db->regs.len, nh = 0;
	struct hand *hs = malloc((n ? n : 1) * sizeof *hs);
	if (!hs)
		return; /* out of memory: the duplicate check reports the clashes */
	for (size_t i = 0; i < n; i++) {
		const struct hwpc_reg *h = VEC_AT(db->regs, struct hwpc_reg, i);
		if (!h->generated) {
			hs[nh].r = h;
			hs[nh].index = i;
			extent(h, &hs[nh].lo, &hs[nh].hi);
			nh++;
		}
	}
	for (size_t i = 0; i < n; i++) {
		struct hwpc_reg *g = VEC_AT(db->regs, struct hwpc_reg, i);
		if (!g->generated)
			continue;
		uint64_t lo, hi;
		extent(g, &lo, &hi);
		for (size_t j = 0; j < nh; j++) {
			const struct hwpc_reg *h = hs[j].r;
			if (!gens_meet(&g->gens, &h->gens))
				continue;
			bool near = lo < hs[j].hi && hs[j].lo < hi;
			if (!strcasecmp(g->name, h->name) || (near && meet(g, h))) {
				merge(db, &hs[j], i, g);
				for (size_t k = 0; k < sizeof g->gens.bits / sizeof g->gens.bits[0]; k++)
					g->gens.bits[k] &= ~h->gens.bits[k];
			}
		}
	}
	free(hs);
}
