/* SPDX-License-Identifier: MIT */
/* Decompiler: SRC + OP back to a short expression.
 *
 * The arguments are decoded into at most four distinct leaves (a signal,
 * the same signal one cycle late, SETFLAG); the table over those leaves is
 * then written as the shortest text among:
 *   - a constant, a literal, or rise/fall/edge of a signal whose current
 *     and previous values are both leaves;
 *   - g(A) op h(B) for a split of the leaves into disjoint sets A and B and
 *     op one of & | ^, when the table decomposes that way (recursively);
 *   - otherwise a minimal sum of products (Quine-McCluskey, exact cover by
 *     branch and bound), a minimal product of sums, the negated sum of
 *     products of the complement, or the choice x & f1 | !x & f0 (Shannon);
 *     rise()/fall() replace literal pairs in products.
 * Length is measured in printed characters with the actual names, so the
 * choice is the shortest text for the user, not the fewest operators.
 * Subfunctions are memoised per call; nothing is global. */
#include "lop/lop_internal.h"

#include <stdio.h>
#include <string.h>

enum {
	NV = HWPC_LOP_NARGS, /* at most 4 distinct leaves */
	MEMO = 256,          /* subfunctions of one table: far fewer in practice */
	MAX_TERMS = 8,       /* a 4-variable minimal SOP has at most 8 terms */
	NAME_LEN = 80,
};

enum prec { P_OR = 1, P_XOR, P_AND, P_ATOM };
enum kind { K_CONST, K_LIT, K_PAIR, K_AND, K_OR, K_XOR, K_ITE, K_SOP, K_POS, K_NOTSOP };
enum pairkind { RISE, FALL, EDGE };

static const uint16_t X[NV] = {0xaaaa, 0xcccc, 0xf0f0, 0xff00};

struct cube {
	uint8_t mask, val; /* variables in mask are fixed to val */
};

struct node {
	uint16_t f;
	uint8_t kind, prec;
	unsigned len;
	uint16_t g, h;   /* K_AND/K_OR/K_XOR: the two sides' tables;
			    K_ITE: a & g | !a & h */
	uint8_t a, neg;  /* K_LIT/K_ITE: variable; K_PAIR: pair; negated? */
	uint8_t pk;      /* K_PAIR: enum pairkind */
	uint8_t nterms;  /* K_SOP/K_POS/K_NOTSOP */
	struct cube term[MAX_TERMS];
};

struct dec {
	unsigned nv;
	char name[NV][NAME_LEN]; /* leaf text: "a", "prev(a)", "setflag" */
	unsigned namelen[NV];
	/* Pairs: variables cur[i] and late[i] are one signal now and before. */
	unsigned npairs;
	uint8_t cur[NV / 2], late[NV / 2];
	char base[NV / 2][NAME_LEN]; /* the signal's name, for rise(name) */
	unsigned baselen[NV / 2];
	uint16_t cube[256];          /* minterms of cube (mask << 4 | val) */
	struct node memo[MEMO];
	unsigned nmemo;
	int16_t slot[2 * MEMO]; /* open addressing over memo, -1 empty */
};

static unsigned paren(const struct node *n, unsigned ctx)
{
	return n->len + (n->prec < ctx ? 2 : 0);
}

static void init_cubes(struct dec *d)
{
	/* Each cube is a smaller cube and one more literal. */
	d->cube[0] = 0xffff;
	for (unsigned m = 1; m < 16; m++) {
		unsigned k = 0, low = m & -m, rest = m & ~low;
		while (!((low >> k) & 1))
			k++;
		for (unsigned v = 0; v < 16; v++)
			if (!(v & ~m))
				d->cube[m << 4 | v] = d->cube[rest << 4 | (v & ~low)] &
						      ((v & low) ? X[k] : (uint16_t)~X[k]);
	}
}

static uint16_t cube_bits(const struct dec *d, struct cube c)
{
	return d->cube[c.mask << 4 | c.val];
}

static uint16_t pair_fn(const struct dec *d, unsigned i, enum pairkind pk)
{
	uint16_t c = X[d->cur[i]], p = X[d->late[i]];

	return pk == RISE ? c & ~p : pk == FALL ? ~c & p : c ^ p;
}

static bool is_pair(const struct dec *d, unsigned i, struct cube c, bool *rise)
{
	uint8_t both = (uint8_t)((1u << d->cur[i]) | (1u << d->late[i]));
	uint8_t now = (uint8_t)(1u << d->cur[i]);

	*rise = (c.val & both) == now;
	return (c.mask & both) == both && ((c.val & both) == now || (c.val & both) == both - now);
}

/* Literals of a product as printed: rise(x)/fall(x) count as one. */
static unsigned printed_lits(const struct dec *d, struct cube c)
{
	unsigned n = 0;
	bool rise;

	for (unsigned m = c.mask; m; m &= m - 1)
		n++;
	for (unsigned i = 0; i < d->npairs; i++)
		n -= is_pair(d, i, c, &rise);
	return n;
}

/* Printed length of one product (inv: of its negation, a sum, with
 * parentheses when it has several literals). */
static unsigned term_len(const struct dec *d, struct cube c, bool inv)
{
	unsigned len = 0, lits = 0;

	for (unsigned i = 0; i < d->npairs; i++) {
		bool rise;
		if (is_pair(d, i, c, &rise)) {
			len += 6 + d->baselen[i] + inv;
			lits++;
			c.mask &= (uint8_t)~((1u << d->cur[i]) | (1u << d->late[i]));
		}
	}
	for (unsigned k = 0; k < NV; k++)
		if (c.mask & (1u << k)) {
			len += d->namelen[k] + (!(c.val & (1u << k)) != inv);
			lits++;
		}
	return len + 3 * (lits - 1) + (inv && lits > 1 ? 2 : 0);
}

static unsigned term_lits(struct cube c)
{
	unsigned n = 0;
	for (unsigned m = c.mask; m; m &= m - 1)
		n++;
	return n;
}

struct cover {
	struct cube prime[81];
	uint16_t bits[81];
	unsigned nprimes;
	struct cube best[MAX_TERMS], cur[MAX_TERMS];
	unsigned nbest, bestlits;
};

/* Branch and bound: cover the lowest uncovered minterm with each prime that
 * contains it; fewest terms, then fewest literals. */
static void cover_search(struct cover *cv, uint16_t left, unsigned n, unsigned lits)
{
	if (!left) {
		if (n < cv->nbest || (n == cv->nbest && lits < cv->bestlits)) {
			memcpy(cv->best, cv->cur, n * sizeof cv->cur[0]);
			cv->nbest = n;
			cv->bestlits = lits;
		}
		return;
	}
	if (n + 1 > cv->nbest || n == MAX_TERMS)
		return;
	uint16_t low = left & (uint16_t)-left;
	for (unsigned p = 0; p < cv->nprimes; p++) {
		uint16_t b = cv->bits[p];
		if (!(b & low))
			continue;
		cv->cur[n] = cv->prime[p];
		cover_search(cv, left & (uint16_t)~b, n + 1, lits + term_lits(cv->prime[p]));
	}
}

static unsigned popcount16(uint16_t x)
{
	unsigned n = 0;
	for (; x; x &= (uint16_t)(x - 1))
		n++;
	return n;
}

/* Keep cube (m, v) if it is a prime implicant of f, larger primes first:
 * good covers are then found early and bound the search. */
static void try_prime(const struct dec *d, struct cover *cv, uint16_t f, unsigned m, unsigned v)
{
	struct cube c = {(uint8_t)m, (uint8_t)v};
	uint16_t b = cube_bits(d, c);

	if (b & ~f)
		return;
	for (unsigned k = 0; k < NV; k++)
		if (m & (1u << k)) {
			struct cube wider = {(uint8_t)(m & ~(1u << k)), (uint8_t)(v & ~(1u << k))};
			if (!(cube_bits(d, wider) & ~f))
				return;
		}
	unsigned at = cv->nprimes++;
	for (; at > 0 && popcount16(cv->bits[at - 1]) < popcount16(b); at--) {
		cv->prime[at] = cv->prime[at - 1];
		cv->bits[at] = cv->bits[at - 1];
	}
	cv->prime[at] = c;
	cv->bits[at] = b;
}

/* Minimal sum of products of f over the variables in support. */
static unsigned min_sop(const struct dec *d, uint16_t f, unsigned support, struct cube *out)
{
	struct cover cv;

	cv.nprimes = 0;
	/* Cubes over the support only: m a submask of it, v of m. */
	for (unsigned m = 0;; m = (m - support) & support) {
		for (unsigned v = 0;; v = (v - m) & m) {
			try_prime(d, &cv, f, m, v);
			if (v == m)
				break;
		}
		if (m == support)
			break;
	}
	cv.nbest = MAX_TERMS + 1;
	cv.bestlits = ~0u;
	cover_search(&cv, f, 0, 0);
	memcpy(out, cv.best, cv.nbest * sizeof out[0]);
	return cv.nbest;
}

static unsigned support_of(uint16_t f)
{
	unsigned s = 0;

	for (unsigned k = 0; k < NV; k++)
		if (((f >> (1u << k)) ^ f) & ~X[k] & 0xffff)
			s |= 1u << k;
	return s;
}

/* f with variable k fixed to 0 or 1 (a table independent of k). */
static uint16_t cofactor(uint16_t f, unsigned k, bool one)
{
	unsigned sh = 1u << k;
	uint16_t lo = f & (uint16_t)~X[k], hi = f & X[k];

	return one ? (uint16_t)(hi | (hi >> sh)) : (uint16_t)(lo | (lo << sh));
}

/* f with the variables in vars made irrelevant, three ways: out[0] ors
 * over their values (exists), out[1] ands (forall), out[2] fixes them to 0. */
static void quantify3(uint16_t f, unsigned vars, uint16_t out[3])
{
	uint16_t e = f, a = f, z = f;

	for (unsigned k = 0; k < NV; k++) {
		if (!(vars & (1u << k)))
			continue;
		unsigned sh = 1u << k;
		uint16_t m = (uint16_t)~X[k];
		uint16_t e0 = e & m, e1 = e & X[k], a0 = a & m, a1 = a & X[k], z0 = z & m;
		e = (uint16_t)(e0 | (e0 << sh) | e1 | (e1 >> sh));
		a = (uint16_t)((a0 | (a0 << sh)) & (a1 | (a1 >> sh)));
		z = (uint16_t)(z0 | (z0 << sh));
	}
	out[0] = e;
	out[1] = a;
	out[2] = z;
}

static struct node best(struct dec *d, uint16_t f);

static void consider(struct node *cand, struct node *win)
{
	if (cand->len < win->len)
		*win = *cand;
}

static void sum_forms(struct dec *d, uint16_t f, unsigned support, struct node *win)
{
	struct node n;

	/* SOP of f */
	memset(&n, 0, sizeof n);
	n.f = f;
	n.kind = K_SOP;
	n.nterms = (uint8_t)min_sop(d, f, support, n.term);
	for (unsigned t = 0; t < n.nterms; t++)
		n.len += term_len(d, n.term[t], false) + (t ? 3 : 0);
	n.prec = n.nterms > 1 ? P_OR : printed_lits(d, n.term[0]) > 1 ? P_AND : P_ATOM;
	consider(&n, win);

	/* POS: the complement's SOP, each product negated into a sum. */
	struct node pos = n;
	pos.kind = K_POS;
	pos.nterms = (uint8_t)min_sop(d, (uint16_t)~f, support, pos.term);
	pos.len = 0;
	for (unsigned t = 0; t < pos.nterms; t++)
		pos.len += term_len(d, pos.term[t], true) + (t ? 3 : 0);
	pos.prec = pos.nterms > 1 ? P_AND : printed_lits(d, pos.term[0]) > 1 ? P_OR : P_ATOM;
	/* A lone clause needs no parentheses of its own. */
	if (pos.nterms == 1 && printed_lits(d, pos.term[0]) > 1)
		pos.len -= 2;
	consider(&pos, win);

	/* !(SOP of the complement) */
	struct node neg = pos;
	neg.kind = K_NOTSOP;
	neg.len = 3 + 3 * (neg.nterms - 1);
	for (unsigned t = 0; t < neg.nterms; t++)
		neg.len += term_len(d, neg.term[t], false);
	neg.prec = P_ATOM;
	consider(&neg, win);

	/* Shannon: x & f1 | !x & f0, for tables that are a choice. */
	for (unsigned k = 0; k < NV; k++) {
		if (!(support & (1u << k)))
			continue;
		struct node hi = best(d, cofactor(f, k, true));
		struct node lo = best(d, cofactor(f, k, false));
		struct node ite;
		memset(&ite, 0, sizeof ite);
		ite.f = f;
		ite.kind = K_ITE;
		ite.prec = P_OR;
		ite.a = (uint8_t)k;
		ite.g = hi.f;
		ite.h = lo.f;
		ite.len = 2 * d->namelen[k] + 10 + paren(&hi, P_AND) + paren(&lo, P_AND);
		consider(&ite, win);
	}
}

static void atoms(struct dec *d, uint16_t f, struct node *win)
{
	struct node n;

	memset(&n, 0, sizeof n);
	n.f = f;
	n.prec = P_ATOM;
	if (f == 0 || f == 0xffff) {
		n.kind = K_CONST;
		n.len = 1;
		consider(&n, win);
	}
	for (unsigned k = 0; k < d->nv; k++)
		for (unsigned neg = 0; neg < 2; neg++)
			if (f == (neg ? (uint16_t)~X[k] : X[k])) {
				n.kind = K_LIT;
				n.a = (uint8_t)k;
				n.neg = (uint8_t)neg;
				n.len = d->namelen[k] + neg;
				consider(&n, win);
			}
	for (unsigned i = 0; i < d->npairs; i++)
		for (unsigned pk = RISE; pk <= EDGE; pk++)
			for (unsigned neg = 0; neg < 2; neg++) {
				uint16_t pf = pair_fn(d, i, (enum pairkind)pk);
				if (f != (neg ? (uint16_t)~pf : pf))
					continue;
				n.kind = K_PAIR;
				n.a = (uint8_t)i;
				n.pk = (uint8_t)pk;
				n.neg = (uint8_t)neg;
				n.len = 6 + d->baselen[i] + neg;
				consider(&n, win);
			}
}

static void decompositions(struct dec *d, uint16_t f, unsigned support, struct node *win)
{
	unsigned low = support & -support;

	/* A holds the lowest variable, so each split is tried once and the
	 * side with the earlier argument prints first; small A first, so that
	 * chains print in argument order: a ^ (b ^ (c ^ d)) = a ^ b ^ c ^ d. */
	for (unsigned a = low; a; a = (a - support) & support) {
		unsigned b = support & ~a;
		if (!(a & low) || !b)
			continue;
		uint16_t g[3], h[3];
		quantify3(f, b, g);
		quantify3(f, a, h);
		h[2] ^= (f & 1) ? 0xffff : 0;
		static const uint8_t kinds[3] = {K_AND, K_OR, K_XOR};
		static const uint8_t precs[3] = {P_AND, P_OR, P_XOR};
		for (unsigned op = 0; op < 3; op++) {
			uint16_t got = op == 0 ? g[0] & h[0] : op == 1 ? g[1] | h[1] : g[2] ^ h[2];
			if (got != f)
				continue;
			struct node l = best(d, g[op]), r = best(d, h[op]), n;
			memset(&n, 0, sizeof n);
			n.f = f;
			n.kind = kinds[op];
			n.prec = precs[op];
			n.g = g[op];
			n.h = h[op];
			n.len = paren(&l, n.prec) + 3 + paren(&r, n.prec);
			consider(&n, win);
		}
	}
}

static unsigned memo_slot(const struct dec *d, uint16_t f)
{
	unsigned h = (f * 40503u >> 7) % (2 * MEMO);

	while (d->slot[h] >= 0 && d->memo[d->slot[h]].f != f)
		h = (h + 1) % (2 * MEMO);
	return h;
}

static struct node best(struct dec *d, uint16_t f)
{
	struct node win;
	unsigned h = memo_slot(d, f);

	if (d->slot[h] >= 0)
		return d->memo[d->slot[h]];
	memset(&win, 0, sizeof win);
	win.len = ~0u;
	atoms(d, f, &win);
	if (win.len == ~0u) {
		unsigned support = support_of(f);
		decompositions(d, f, support, &win);
		if (win.len == ~0u)
			sum_forms(d, f, support, &win);
	}
	/* The memo holds subfunctions of one 4-leaf table, fewer than MEMO;
	 * were it full, recomputing would only cost time. */
	if (d->nmemo < MEMO) {
		h = memo_slot(d, f); /* the recursion may have filled h */
		d->slot[h] = (int16_t)d->nmemo;
		d->memo[d->nmemo++] = win;
	}
	return win;
}

/* --- printing --- */

struct out {
	char *buf;
	size_t size, used;
};

static void put(struct out *o, const char *s)
{
	size_t n = strlen(s);

	if (o->used + n >= o->size) {
		o->used = o->size; /* remember the overflow */
		return;
	}
	memcpy(o->buf + o->used, s, n + 1);
	o->used += n;
}

static void print_term(struct dec *d, struct out *o, struct cube c, bool inv, bool group)
{
	bool first = true;
	const char *sep = inv ? " | " : " & ";

	if (group)
		put(o, "(");
	for (unsigned i = 0; i < d->npairs; i++) {
		bool rise;
		if (!is_pair(d, i, c, &rise))
			continue;
		put(o, first ? "" : sep);
		put(o, inv ? "!" : "");
		put(o, rise ? "rise(" : "fall(");
		put(o, d->base[i]);
		put(o, ")");
		c.mask &= (uint8_t)~((1u << d->cur[i]) | (1u << d->late[i]));
		first = false;
	}
	for (unsigned k = 0; k < NV; k++) {
		if (!(c.mask & (1u << k)))
			continue;
		put(o, first ? "" : sep);
		put(o, !(c.val & (1u << k)) != inv ? "!" : "");
		put(o, d->name[k]);
		first = false;
	}
	if (group)
		put(o, ")");
}

static void print_node(struct dec *d, struct out *o, const struct node *n, unsigned ctx)
{
	static const char *const pairs[3] = {"rise(", "fall(", "edge("};
	static const char *const ops[] = {[K_AND] = " & ", [K_OR] = " | ", [K_XOR] = " ^ "};
	bool wrap = n->prec < ctx;

	if (wrap)
		put(o, "(");
	switch (n->kind) {
	case K_CONST: put(o, n->f ? "1" : "0"); break;
	case K_LIT:
		put(o, n->neg ? "!" : "");
		put(o, d->name[n->a]);
		break;
	case K_PAIR:
		put(o, n->neg ? "!" : "");
		put(o, pairs[n->pk]);
		put(o, d->base[n->a]);
		put(o, ")");
		break;
	case K_AND:
	case K_OR:
	case K_XOR: {
		struct node l = best(d, n->g), r = best(d, n->h);
		print_node(d, o, &l, n->prec);
		put(o, ops[n->kind]);
		print_node(d, o, &r, n->prec);
		break;
	}
	case K_ITE: {
		struct node hi = best(d, n->g), lo = best(d, n->h);
		put(o, d->name[n->a]);
		put(o, " & ");
		print_node(d, o, &hi, P_AND);
		put(o, " | !");
		put(o, d->name[n->a]);
		put(o, " & ");
		print_node(d, o, &lo, P_AND);
		break;
	}
	case K_SOP:
		for (unsigned t = 0; t < n->nterms; t++) {
			put(o, t ? " | " : "");
			print_term(d, o, n->term[t], false, false);
		}
		break;
	case K_POS:
		for (unsigned t = 0; t < n->nterms; t++) {
			put(o, t ? " & " : "");
			print_term(d, o, n->term[t], true,
				   n->nterms > 1 && printed_lits(d, n->term[t]) > 1);
		}
		break;
	case K_NOTSOP:
		put(o, "!(");
		for (unsigned t = 0; t < n->nterms; t++) {
			put(o, t ? " | " : "");
			print_term(d, o, n->term[t], false, false);
		}
		put(o, ")");
		break;
	}
	if (wrap)
		put(o, ")");
}

static void leaf_names(struct dec *d, const struct hwpc_lop_symtab *syms,
		       const struct lop_leaf *leaf)
{
	d->npairs = 0;
	for (unsigned k = 0; k < d->nv; k++) {
		const struct lop_leaf *l = &leaf[k];
		char hex[8];
		const char *name = l->setflag ? "setflag" : lop_signal_name(syms, l->signal);
		struct out o = {d->name[k], sizeof d->name[k], 0};
		/* Hex for nameless signals, and for names too long to carry
		 * whole (a cut name would not read back). */
		if (!name || strlen(name) > NAME_LEN - 8) {
			snprintf(hex, sizeof hex, "0x%02x", l->signal);
			name = hex;
		}
		put(&o, l->prev ? "prev(" : "");
		put(&o, name);
		put(&o, l->prev ? ")" : "");
		d->namelen[k] = (unsigned)strlen(d->name[k]);
		if (!l->prev || l->setflag)
			continue;
		for (unsigned c = 0; c < d->nv; c++)
			if (!leaf[c].prev && !leaf[c].setflag && leaf[c].signal == l->signal) {
				d->cur[d->npairs] = (uint8_t)c;
				d->late[d->npairs] = (uint8_t)k;
				snprintf(d->base[d->npairs], NAME_LEN, "%s", name);
				d->baselen[d->npairs] = (unsigned)strlen(d->base[d->npairs]);
				d->npairs++;
			}
	}
}

int hwpc_lop_decompile(const struct hwpc_lop_caps *caps, const struct hwpc_lop_symtab *syms,
		       const struct hwpc_lop_regs *regs, enum hwpc_lop_input in, char *buf,
		       size_t size, struct hwpc_err *err)
{
	struct hwpc_lop_arg args[NV];
	struct lop_leaf leaf[NV];
	unsigned argvar[NV];
	struct dec d;
	uint16_t func, f = 0;
	int rc;

	if ((rc = hwpc_lop_decode(caps, regs, in, args, err)))
		return rc;
	if (!buf || !size)
		return hwpc_err_set(err, HWPC_EINPUT, "no room for the expression");
	func = lop_func_of(caps, regs, in);
	/* Arguments reading the same thing are one leaf; only the used
	 * arguments count, so filler slots do not appear. */
	d.nv = 0;
	for (unsigned j = 0; j < NV; j++) {
		struct lop_leaf l = {args[j].setflag, args[j].prev && !args[j].setflag,
				     (uint16_t)(args[j].setflag ? 0 : args[j].signal)};
		unsigned v;
		argvar[j] = NV; /* unused: reads as 0 */
		if (!args[j].used)
			continue;
		for (v = 0; v < d.nv; v++)
			if (leaf[v].setflag == l.setflag && leaf[v].prev == l.prev &&
			    leaf[v].signal == l.signal)
				break;
		if (v == d.nv)
			leaf[d.nv++] = l;
		argvar[j] = v;
	}
	/* The table over the leaves: row x sets leaf v to (x >> v) & 1. */
	for (unsigned x = 0; x < 16; x++) {
		unsigned i = 0;
		for (unsigned j = 0; j < NV; j++)
			if (argvar[j] < NV)
				i |= ((x >> argvar[j]) & 1u) << j;
		f |= (uint16_t)(((func >> i) & 1) << x);
	}
	leaf_names(&d, syms, leaf);
	init_cubes(&d);
	d.nmemo = 0;
	memset(d.slot, 0xff, sizeof d.slot);
	struct out o = {buf, size, 0};
	buf[0] = 0;
	struct node top = best(&d, f);
	print_node(&d, &o, &top, 0);
	if (o.used >= size)
		return hwpc_err_set(err, HWPC_EINPUT, "%s: expression longer than %zu bytes",
				    hwpc_lop_input_name(in), size - 1);
	return HWPC_OK;
}
