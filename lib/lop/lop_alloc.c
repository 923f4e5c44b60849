/* SPDX-License-Identifier: MIT */
/* SRC slot allocation.
 *
 * For each input the essential leaves of its expression must reach the 4
 * arguments of its logic op.  An "option" is one choice of OP bits (delays,
 * delayed replacements, SETFLAG) plus which argument reads which leaf; it
 * demands particular signals in particular SRC slots.  Options of one input
 * are enumerated exhaustively (at most 32 bit choices x 24 placements) and
 * sorted cheapest first: fewer SRC slots, then fewer OP bits.
 *
 * Inputs that share slots (PRE, START, SETFLAG, CLRFLAG on chipsets without
 * SETFLAG_SRC/CLRFLAG_SRC) are placed together by backtracking over their
 * placements (options that claim the same slots are one placement), most
 * constrained input first, placements reusing already chosen or pinned
 * slots first, with forward checking.  Slots are a physical array of all 24
 * SRC slots of the domain, pinned slots preset.  The search is complete, so
 * "no assignment" means none exists; then the smallest conflicting group of
 * inputs is reported. */
#include "lop/lop_internal.h"

#include <stdio.h>
#include <string.h>

enum {
	MAX_OPTS = 64,  /* 4 leaves on 4 arguments give at most 24 options */
	STEP_LIMIT = 1 << 22, /* a safety net; real searches take < 10^4 steps */
};

struct opts {
	enum hwpc_lop_input in;
	const struct lop_expr *ex;
	unsigned n;
	struct lop_option opt[MAX_OPTS];
	/* For the search, only the slots an option claims matter: options
	 * claiming the same signals in the same slots are one "placement",
	 * represented by its cheapest option. */
	unsigned nplace;
	uint16_t place_opt[MAX_OPTS];
	int16_t place_sig[MAX_OPTS][HWPC_LOP_NARGS]; /* signal per window position, -1 */
	uint8_t phys[HWPC_LOP_NARGS];                /* the window: physical slots */
};

struct search {
	const struct hwpc_lop_caps *caps;
	struct opts *member[HWPC_LOP_NINPUTS];
	unsigned nmembers;
	int slot[LOP_NPHYS];
	uint8_t refs[LOP_NPHYS];
	bool pinned[LOP_NPHYS];
	unsigned chosen[HWPC_LOP_NINPUTS]; /* option index per member */
	unsigned long steps;
};

/* What argument j of a configuration reads: a SRC position now or late, or
 * SETFLAG (pos -1). */
static void arg_source(unsigned bits, unsigned j, int *pos, bool *prev)
{
	static const int plain[HWPC_LOP_NARGS] = {0, 1, 2, 3};

	*pos = plain[j];
	*prev = (j == 0 && (bits & LOP_B_D0)) || (j == 1 && (bits & LOP_B_D1));
	if (j == 2 && (bits & LOP_B_R2)) {
		*pos = 0;
		*prev = true;
	}
	if (j == 3 && (bits & LOP_B_R3)) {
		*pos = 1;
		*prev = true;
	}
	if (j == 3 && (bits & LOP_B_SF)) {
		*pos = -1;
		*prev = false;
	}
}

/* The signal an option demands at each SRC position of its window (-1:
 * none).  Returns false if two arguments demand different signals at one
 * position. */
static bool demands(const struct lop_expr *ex, const struct lop_option *o,
		    int sig[HWPC_LOP_NARGS])
{
	for (unsigned k = 0; k < HWPC_LOP_NARGS; k++)
		sig[k] = -1;
	for (unsigned j = 0; j < HWPC_LOP_NARGS; j++) {
		int pos;
		bool prev;
		if (o->argvar[j] < 0)
			continue;
		arg_source(o->bits, j, &pos, &prev);
		if (pos < 0)
			continue;
		int s = ex->var[ex->ess[o->argvar[j]]].leaf.signal;
		if (sig[pos] >= 0 && sig[pos] != s)
			return false;
		sig[pos] = s;
	}
	return true;
}

static unsigned popcount(unsigned x)
{
	unsigned n = 0;
	for (; x; x &= x - 1)
		n++;
	return n;
}

/* One configuration of OP bits while its options are enumerated. */
struct config {
	unsigned bits;
	int pos[HWPC_LOP_NARGS];   /* what each argument reads: SRC position, */
	bool prev[HWPC_LOP_NARGS]; /* late or not; pos -1: SETFLAG */
};

/* Place leaves v.. of ex onto free arguments of configuration c. */
static void place(struct opts *os, const struct config *c, struct lop_option *o, unsigned v,
		  unsigned used)
{
	const struct lop_expr *ex = os->ex;

	if (v == ex->ness) {
		/* A bit is worth setting only if its argument is used. */
		static const uint8_t bit_arg[5] = {0, 1, 2, 3, 3};
		int sig[HWPC_LOP_NARGS];
		for (unsigned b = 0; b < 5; b++)
			if ((c->bits & (1u << b)) && !(used & (1u << bit_arg[b])))
				return;
		o->bits = (uint8_t)c->bits;
		if (!demands(ex, o, sig) || os->n == MAX_OPTS)
			return;
		o->npos = 0;
		for (unsigned k = 0; k < HWPC_LOP_NARGS; k++)
			o->npos = (uint8_t)(o->npos + (sig[k] >= 0));
		os->opt[os->n++] = *o;
		return;
	}
	const struct lop_leaf *l = &ex->var[ex->ess[v]].leaf;
	for (unsigned j = 0; j < HWPC_LOP_NARGS; j++) {
		if ((used & (1u << j)) || l->setflag != (c->pos[j] < 0) ||
		    (!l->setflag && l->prev != c->prev[j]))
			continue;
		o->argvar[j] = (int8_t)v;
		place(os, c, o, v + 1, used | (1u << j));
		o->argvar[j] = -1;
	}
}

static void placements(struct opts *os, const struct hwpc_lop_caps *caps)
{
	os->nplace = 0;
	for (unsigned k = 0; k < HWPC_LOP_NARGS; k++)
		os->phys[k] = (uint8_t)lop_window(caps, os->in, k);
	for (unsigned i = 0; i < os->n; i++) {
		int sig[HWPC_LOP_NARGS];
		int16_t *ps = os->place_sig[os->nplace];
		unsigned p;
		demands(os->ex, &os->opt[i], sig);
		for (unsigned k = 0; k < HWPC_LOP_NARGS; k++)
			ps[k] = (int16_t)sig[k];
		for (p = 0; p < os->nplace; p++)
			if (!memcmp(os->place_sig[p], ps, sizeof os->place_sig[p]))
				break;
		if (p == os->nplace)
			os->place_opt[os->nplace++] = (uint16_t)i;
	}
}

static void enumerate(struct opts *os, const struct hwpc_lop_caps *caps)
{
	struct lop_option o = {0, {-1, -1, -1, -1}, 0};
	unsigned nprev = 0, setflag = 0;

	for (unsigned e = 0; e < os->ex->ness; e++) {
		nprev += os->ex->var[os->ex->ess[e]].leaf.prev;
		setflag |= os->ex->var[os->ex->ess[e]].leaf.setflag;
	}
	os->n = 0;
	for (unsigned bits = 0; bits < LOP_NCONFIGS; bits++) {
		/* Every delay bit feeds one delayed leaf, and SETFLAG is set
		 * exactly when it is a leaf: other configurations would leave
		 * a bit without a user. */
		bool ok = popcount(bits & ~(unsigned)LOP_B_SF) == nprev &&
			  !(bits & LOP_B_SF) == !setflag &&
			  !((bits & LOP_B_SF) && (bits & LOP_B_R3)); /* SF overrides R3 */
		for (unsigned b = 1; ok && b < LOP_NCONFIGS; b <<= 1)
			if ((bits & b) && !lop_bit_usable(caps, os->in, b))
				ok = false;
		if (!ok)
			continue;
		struct config c = {bits, {0}, {false}};
		for (unsigned j = 0; j < HWPC_LOP_NARGS; j++)
			arg_source(bits, j, &c.pos[j], &c.prev[j]);
		place(os, &c, &o, 0, 0);
	}
	/* Stable insertion sort, cheapest first: the enumeration order
	 * (plain configurations, leaves in argument order) breaks ties. */
	for (unsigned i = 1; i < os->n; i++) {
		struct lop_option t = os->opt[i];
		unsigned cost = t.npos * 8u + popcount(t.bits), j = i;
		for (; j > 0 && os->opt[j - 1].npos * 8u + popcount(os->opt[j - 1].bits) > cost; j--)
			os->opt[j] = os->opt[j - 1];
		os->opt[j] = t;
	}
	placements(os, caps);
}

/* How many new slots placement p would claim, or -1 if it conflicts. */
static int fits(const struct search *s, const struct opts *os, unsigned p)
{
	int fresh = 0;

	for (unsigned k = 0; k < HWPC_LOP_NARGS; k++) {
		int want = os->place_sig[p][k], have = s->slot[os->phys[k]];
		if (want < 0)
			continue;
		if (have < 0)
			fresh++;
		else if (have != want)
			return -1;
	}
	return fresh;
}

static void claim(struct search *s, const struct opts *os, unsigned p, int d)
{
	for (unsigned k = 0; k < HWPC_LOP_NARGS; k++) {
		unsigned phys = os->phys[k];
		if (os->place_sig[p][k] < 0)
			continue;
		s->refs[phys] = (uint8_t)(s->refs[phys] + d);
		if (!s->pinned[phys])
			s->slot[phys] = s->refs[phys] ? os->place_sig[p][k] : -1;
	}
}

static bool search(struct search *s, unsigned level)
{
	int8_t fresh[MAX_OPTS];

	if (level == s->nmembers)
		return true;
	/* Forward check: an input left without any placement dooms this
	 * branch now, not after trying everything in between. */
	for (unsigned m = level + 1; m < s->nmembers; m++) {
		const struct opts *later = s->member[m];
		unsigned p = 0;
		while (p < later->nplace && fits(s, later, p) < 0)
			p++;
		if (p == later->nplace)
			return false;
	}
	const struct opts *os = s->member[level];
	for (unsigned p = 0; p < os->nplace; p++)
		fresh[p] = (int8_t)fits(s, os, p);
	/* Placements reusing slots that already hold their signal (another
	 * input's, or pinned) go first: passes by the number of new slots. */
	for (int8_t want = 0; want <= HWPC_LOP_NARGS; want++) {
		for (unsigned p = 0; p < os->nplace; p++) {
			if (fresh[p] != want)
				continue;
			if (++s->steps > STEP_LIMIT)
				return false;
			claim(s, os, p, +1);
			s->chosen[level] = os->place_opt[p];
			if (search(s, level + 1))
				return true;
			claim(s, os, p, -1);
		}
	}
	return false;
}

static void search_init(struct search *s, const struct hwpc_lop_caps *caps,
			const struct hwpc_lop_request *req)
{
	memset(s, 0, sizeof *s);
	s->caps = caps;
	for (unsigned p = 0; p < LOP_NPHYS; p++)
		s->slot[p] = -1;
	for (size_t i = 0; req && i < req->npins; i++) {
		unsigned phys = (unsigned)req->pins[i].reg * HWPC_LOP_NARGS + req->pins[i].slot;
		s->slot[phys] = (int)req->pins[i].signal;
		s->pinned[phys] = true;
	}
}

/* Can the inputs in mask be placed together (with the pins)? */
static bool feasible(struct lop_alloc *al, struct opts *all, unsigned mask, struct search *s)
{
	search_init(s, al->caps, al->req);
	for (unsigned in = 0; in < HWPC_LOP_NINPUTS; in++)
		if (mask & (1u << in))
			s->member[s->nmembers++] = &all[in];
	/* Fewest placements first: the most constrained input decides early. */
	for (unsigned i = 1; i < s->nmembers; i++)
		for (unsigned j = i; j > 0 && s->member[j - 1]->nplace > s->member[j]->nplace; j--) {
			struct opts *t = s->member[j];
			s->member[j] = s->member[j - 1];
			s->member[j - 1] = t;
		}
	return search(s, 0);
}

static void leaf_list(const struct lop_expr *ex, char *buf, size_t size)
{
	char one[80];
	size_t used = 0;

	buf[0] = 0;
	for (unsigned e = 0; e < ex->ness; e++) {
		lop_var_text(ex, ex->ess[e], one, sizeof one);
		lop_append(buf, size, &used, "%s%s", e ? ", " : "", one);
	}
	if (!ex->ness)
		lop_append(buf, size, &used, "nothing");
}

/* No option at all: the delayed leaves are what cannot be expressed. */
static int no_options(const struct lop_alloc *al, const struct lop_expr *ex, struct hwpc_err *err)
{
	const struct hwpc_lop_caps *caps = al->caps;
	char list[200], one[80];
	size_t used = 0, pos = 0, len = ex->len;
	unsigned ndelayed = 0;
	bool any = lop_bit_usable(caps, ex->input, LOP_B_D0) ||
		   lop_bit_usable(caps, ex->input, LOP_B_D1);

	list[0] = 0;
	for (unsigned e = 0; e < ex->ness; e++) {
		const struct lop_var *v = &ex->var[ex->ess[e]];
		if (!v->leaf.prev)
			continue;
		lop_var_text(ex, ex->ess[e], one, sizeof one);
		lop_append(list, sizeof list, &used, "%s%s", ndelayed ? ", " : "", one);
		/* Point at the first delayed leaf that does not fit. */
		if (ndelayed++ == (any ? 2u : 0u)) {
			pos = v->pos;
			len = v->len;
		}
	}
	if (!any)
		return lop_error_at(err, ex->input, ex->text, pos, len,
				    "this chipset cannot delay %s's arguments (%s)",
				    hwpc_lop_input_name(ex->input), list);
	return lop_error_at(err, ex->input, ex->text, pos, len,
			    "%u delayed leaves (%s), but only the signals in SRC slots 0 and 1 "
			    "can be read one cycle late%s",
			    ndelayed, list,
			    caps->delay_replace ? "" : ", by ARG0 and ARG1 only");
}

static int pin_conflict(const struct lop_alloc *al, const struct lop_expr *ex,
			struct hwpc_err *err)
{
	char list[200], pins[200], one[32];
	size_t used = 0;

	leaf_list(ex, list, sizeof list);
	pins[0] = 0;
	for (unsigned k = 0; k < HWPC_LOP_NARGS; k++) {
		unsigned phys = lop_window(al->caps, ex->input, k);
		for (size_t i = 0; i < al->req->npins; i++)
			if ((unsigned)al->req->pins[i].reg * HWPC_LOP_NARGS + al->req->pins[i].slot ==
			    phys) {
				lop_phys_text(phys, one, sizeof one);
				lop_append(pins, sizeof pins, &used, "%s%s=0x%02x", used ? ", " : "",
					   one, al->req->pins[i].signal);
				break;
			}
	}
	return lop_error_at(err, ex->input, ex->text, 0, ex->len,
			    "%s does not fit around the pinned slots %s", list, pins);
}

static int conflict(const struct lop_alloc *al, unsigned mask, struct hwpc_err *err)
{
	char msg[sizeof err->msg], one[32], list[200];
	size_t used = 0;
	unsigned count = 0;
	bool first = true;

	unsigned total = popcount(mask);

	for (unsigned in = 0; in < HWPC_LOP_NINPUTS; in++)
		if (mask & (1u << in)) {
			count++;
			lop_append(msg, sizeof msg, &used, "%s%s",
				   count == 1 ? "" : count == total ? " and " : ", ",
				   hwpc_lop_input_name(in));
		}
	lop_append(msg, sizeof msg, &used, " cannot share");
	/* The slots at stake: those in two windows of the group, and pinned
	 * slots in any of them. */
	for (unsigned p = 0; p < LOP_NPHYS; p++) {
		unsigned users = 0;
		bool pinned = false;
		for (unsigned in = 0; in < HWPC_LOP_NINPUTS; in++)
			for (unsigned k = 0; (mask & (1u << in)) && k < HWPC_LOP_NARGS; k++)
				users += lop_window(al->caps, in, k) == p;
		for (size_t i = 0; users && i < al->req->npins; i++)
			pinned |= (unsigned)al->req->pins[i].reg * HWPC_LOP_NARGS +
					  al->req->pins[i].slot == p;
		if (users >= 2 || (users && pinned)) {
			lop_phys_text(p, one, sizeof one);
			lop_append(msg, sizeof msg, &used, "%s %s%s", first ? "" : ",", one,
				   pinned ? " (pinned)" : "");
			first = false;
		}
	}
	lop_append(msg, sizeof msg, &used, ":");
	count = 0;
	for (unsigned in = 0; in < HWPC_LOP_NINPUTS; in++) {
		if (!(mask & (1u << in)))
			continue;
		leaf_list(al->ex[in], list, sizeof list);
		lop_append(msg, sizeof msg, &used, "%s %s needs %s", count++ ? ";" : "",
			   hwpc_lop_input_name(in), list);
	}
	for (unsigned in = 0; in < HWPC_LOP_NINPUTS; in++)
		if (mask & (1u << in))
			lop_append(msg, sizeof msg, &used, "\n  %-8s %s", hwpc_lop_input_name(in),
				   al->ex[in]->text);
	return hwpc_err_set(err, HWPC_EINPUT, "%s", msg);
}

static int check_pins(const struct lop_alloc *al, struct hwpc_err *err)
{
	const struct hwpc_lop_request *req = al->req;

	for (size_t i = 0; i < req->npins; i++) {
		const struct hwpc_lop_pin *p = &req->pins[i];
		if ((unsigned)p->reg >= HWPC_LOP_NINPUTS || p->slot >= HWPC_LOP_NARGS)
			return hwpc_err_set(err, HWPC_EINPUT, "pinned slot %zu: no such SRC slot", i);
		const char *name = hwpc_lop_input_name(p->reg);
		if (p->reg >= HWPC_LOP_SETFLAG && !al->caps->own_flag_srcs)
			return hwpc_err_set(err, HWPC_EINPUT,
					    "pinned slot %s_SRC[%u]: this chipset has no %s_SRC", name,
					    p->slot, name);
		if (p->signal >= al->caps->nsignals)
			return hwpc_err_set(err, HWPC_EINPUT,
					    "pinned slot %s_SRC[%u]: signal 0x%x is out of range", name,
					    p->slot, p->signal);
		for (size_t j = 0; j < i; j++)
			if (req->pins[j].reg == p->reg && req->pins[j].slot == p->slot &&
			    req->pins[j].signal != p->signal)
				return hwpc_err_set(err, HWPC_EINPUT,
						    "%s_SRC[%u] is pinned to both 0x%02x and 0x%02x",
						    name, p->slot, req->pins[j].signal, p->signal);
	}
	return HWPC_OK;
}

/* The smallest group of inputs in mask that cannot be placed together. */
static unsigned smallest_conflict(struct lop_alloc *al, struct opts *all, unsigned mask,
				  struct search *s)
{
	for (unsigned size = 2; size <= HWPC_LOP_NINPUTS; size++)
		for (unsigned sub = 1; sub < (1u << HWPC_LOP_NINPUTS); sub++)
			if ((sub & mask) == sub && popcount(sub) == size && !feasible(al, all, sub, s))
				return sub;
	return mask;
}

static void record(struct lop_alloc *al, const struct search *s)
{
	for (unsigned m = 0; m < s->nmembers; m++)
		al->choice[s->member[m]->in] = s->member[m]->opt[s->chosen[m]];
	for (unsigned p = 0; p < LOP_NPHYS; p++)
		if (s->slot[p] >= 0)
			al->slot[p] = s->slot[p];
}

int lop_allocate(struct lop_alloc *al, struct hwpc_err *err)
{
	struct opts all[HWPC_LOP_NINPUTS];
	struct search s;
	unsigned shared = 0;
	int rc;

	if ((rc = check_pins(al, err)))
		return rc;
	for (unsigned p = 0; p < LOP_NPHYS; p++)
		al->slot[p] = -1;
	for (unsigned in = 0; in < HWPC_LOP_NINPUTS; in++) {
		al->choice[in] = (struct lop_option){0, {-1, -1, -1, -1}, 0};
		all[in].in = (enum hwpc_lop_input)in;
		all[in].ex = al->ex[in];
		all[in].n = 0;
		if (!al->ex[in])
			continue;
		enumerate(&all[in], al->caps);
		if (!all[in].n)
			return no_options(al, al->ex[in], err);
	}
	/* Each input alone, with the pins: a failure here is about that
	 * input, whatever the others do. */
	for (unsigned in = 0; in < HWPC_LOP_NINPUTS; in++) {
		if (!al->ex[in])
			continue;
		if (!feasible(al, all, 1u << in, &s))
			return pin_conflict(al, al->ex[in], err);
		if (!al->caps->own_flag_srcs && (in == HWPC_LOP_PRE || in == HWPC_LOP_START ||
						 in >= HWPC_LOP_SETFLAG))
			shared |= 1u << in;
		else
			record(al, &s);
	}
	if (shared) {
		if (!feasible(al, all, shared, &s)) {
			if (s.steps > STEP_LIMIT)
				return hwpc_err_set(err, HWPC_EINPUT,
						    "slot allocation gave up after %d steps",
						    STEP_LIMIT);
			return conflict(al, smallest_conflict(al, all, shared, &s), err);
		}
		record(al, &s);
	}
	/* Pinned slots keep their signal even when no expression reads them. */
	for (size_t i = 0; i < al->req->npins; i++)
		al->slot[al->req->pins[i].reg * HWPC_LOP_NARGS + al->req->pins[i].slot] =
			(int)al->req->pins[i].signal;
	return HWPC_OK;
}
