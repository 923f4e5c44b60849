/* SPDX-License-Identifier: MIT */
/* Hashes and mixing used in more than one place.  FNV-1a, the one string hash of the library (regdb's name index and
 * string pool, the setup-file reader's name tables, setup-note names):
 * small, and good enough for tables of names; not for anything an
 * adversary chooses to collide. */
#ifndef HWPC_CORE_HASH_H
#define HWPC_CORE_HASH_H

#include <ctype.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define HWPC_FNV1A_START 0xcbf29ce484222325ull
#define HWPC_FNV1A_PRIME 0x100000001b3ull

/* n bytes at p, continuing from h (HWPC_FNV1A_START to begin). */
static inline uint64_t hwpc_fnv1a(const void *p, size_t n, uint64_t h)
{
	const unsigned char *s = p;
	for (size_t i = 0; i < n; i++)
		h = (h ^ s[i]) * HWPC_FNV1A_PRIME;
	return h;
}

/* A string, continuing from h; with fold, as if lower-cased. */
static inline uint64_t hwpc_fnv1a_str(const char *s, bool fold, uint64_t h)
{
	for (; *s; s++)
		h = (h ^ (unsigned char)(fold ? tolower((unsigned char)*s) : *s)) * HWPC_FNV1A_PRIME;
	return h;
}

/* splitmix64's mixing of x (a public-domain function): the same bits on
 * every machine, unlike rand().  As a generator: x += the golden-ratio
 * increment, then mix (hwpc_splitmix64_next). */
static inline uint64_t hwpc_splitmix64(uint64_t x)
{
	x += 0x9e3779b97f4a7c15ULL;
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
	return x ^ (x >> 31);
}

/* The next number of the generator whose state is *x. */
static inline uint64_t hwpc_splitmix64_next(uint64_t *x)
{
	uint64_t r = hwpc_splitmix64(*x);
	*x += 0x9e3779b97f4a7c15ULL;
	return r;
}

#endif
