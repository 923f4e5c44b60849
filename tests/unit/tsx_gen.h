/* SPDX-License-Identifier: MIT */
/* Test helper (header-only, included by the Tensix stream tests): random
 * event streams, from a reproducible generator.  The size codes and the
 * 32-bit event word are regdb's, as the decoder is built with them
 * (tensix_layout.h, generated from regdb/tensix.regdb). */
#ifndef TSX_GEN_H
#define TSX_GEN_H

#include <stddef.h>
#include <stdint.h>

#include "tensix_layout.h"

/* A 32-bit event word: header t (its low bits), counter c. */
static inline uint32_t tsx_ev32(uint32_t t, uint64_t c)
{
	return ((t & TSX_EV32_HEADER_MASK & ~TSX_SIZE_MASK) | TSX_APPEND_32b) +
	       (uint32_t)((c & TSX_EV32_COUNTER_MASK) << TSX_EV32_COUNTER_SHIFT);
}

/* The first size code regdb gives no meaning. */
static inline uint32_t tsx_undefined_code(void)
{
	uint32_t v = 0;
	for (;; v++) {
		int known = 0;
#define X(n) known |= v == TSX_##n;
		TSX_SIZE_CODES(X)
#undef X
		if (!known)
			return v;
	}
}

static uint64_t rng = 0x9e3779b97f4a7c15ull;
static inline unsigned rnd(unsigned n)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (unsigned)(rng % n);
}

/* A token: mostly small, now and then one only 64/96/128-bit events carry
 * (above the header bits a 32-bit event keeps). */
static inline uint32_t tok(void)
{
	return rnd(8) ? rnd(64) << TSX_TOKEN_LO
		      : (uint32_t)((1u << (TSX_EV32_HEADER_BITS - TSX_TOKEN_LO)) + rnd(1u << 20)) << TSX_TOKEN_LO;
}

/* Mostly well-formed streams, with every kind of damage now and then. */
static inline size_t gen(uint32_t *w, size_t max)
{
	size_t n = 0;
	uint64_t c = rnd(1000);
	while (n + 8 < max) {
		unsigned r = rnd(100), t = tok();
		c += rnd(300);
		if (r < 30) {
			w[n++] = tsx_ev32(t, c);
		} else if (r < 50) {
			w[n++] = t | TSX_APPEND_64b;
			w[n++] = (uint32_t)c;
		} else if (r < 65) {
			w[n++] = t | TSX_APPEND_96b;
			w[n++] = (uint32_t)c;
			w[n++] = (uint32_t)(c >> 32);
		} else if (r < 80) {
			w[n++] = t | TSX_APPEND_128b;
			w[n++] = (uint32_t)c;
			w[n++] = (uint32_t)(c >> 32);
			w[n++] = rnd(20) ? 0 : 7; /* a bad last word now and then */
		} else if (r < 90) {
			while (n % 4) /* flush padding */
				w[n++] = 0;
		} else if (r < 94) {
			w[n++] = 0;
		} else if (r < 97) {
			unsigned a = rnd(2), b = rnd(2); /* a flush command, or an undefined code */
			w[n++] = b ? tsx_undefined_code() : a ? TSX_FLUSH_96b : TSX_FLUSH_64b;
		} else {
			c -= rnd(5000); /* time going backwards */
		}
	}
	return n - rnd(3); /* sometimes cut inside an event */
}

/* The timestamper's writer model: runs of one event size, flushed to the
 * unit boundary before the size changes (32-bit runs fill whole units),
 * counters that wrap 21 and 32 bits, and damage now and then.  These
 * streams keep the fast path busy, the ones above mostly the careful one.
 */
static inline size_t gen_runs(uint32_t *w, size_t max, unsigned damage)
{
	size_t n = 0;
	uint64_t c = (uint64_t)rnd(1u << 30) << rnd(24);
	while (n + 64 < max) {
		unsigned size = 32 << rnd(4), runs = 1 + rnd(12);
		for (unsigned i = 0; i < runs && n + 64 < max; i++) {
			uint32_t t = tok();
			c += rnd(8) ? rnd(300) : rnd(1u << 22);
			switch (size) {
			case 32:
				for (int k = 0; k < 4; k++) { /* a whole unit */
					c += rnd(100);
					w[n++] = tsx_ev32(t + ((uint32_t)k << TSX_TOKEN_LO), c);
				}
				break;
			case 64:
				w[n++] = t | TSX_APPEND_64b;
				w[n++] = (uint32_t)c;
				break;
			case 96:
				w[n++] = t | TSX_APPEND_96b;
				w[n++] = (uint32_t)c;
				w[n++] = (uint32_t)(c >> 32);
				break;
			default:
				w[n++] = t | TSX_APPEND_128b;
				w[n++] = (uint32_t)c;
				w[n++] = (uint32_t)(c >> 32);
				w[n++] = 0;
			}
		}
		while (n % 4) /* FLUSH_64b / FLUSH_96b */
			w[n++] = 0;
		if (!rnd(6)) /* an empty flush: a whole zero unit */
			for (int k = 0; k < 4; k++)
				w[n++] = 0;
	}
	for (unsigned k = 0; k < damage; k++) {
		size_t i = rnd((unsigned)n);
		switch (rnd(4)) {
		case 0: w[i] = rnd(2) ? TSX_FLUSH_96b : TSX_FLUSH_64b; break; /* a word no event starts with */
		case 1: w[i] = 0; break;                    /* a lost word */
		case 2: w[i] ^= 1u << rnd(32); break;       /* a flipped bit */
		default: w[i] = (uint32_t)rng; break;       /* garbage */
		}
	}
	return n;
}

#endif
