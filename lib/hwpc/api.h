/* SPDX-License-Identifier: MIT */
/* HWPC_API marks a function of libhwpc's public API.  The library is built
 * with -fvisibility=hidden, so only what carries this mark (and matches
 * lib/libhwpc.map) is exported from libhwpc.so; everything else stays
 * private to the library, free to change without breaking programs. */
#ifndef HWPC_API_H
#define HWPC_API_H

#if defined(__GNUC__) && __GNUC__ >= 4
#define HWPC_API __attribute__((visibility("default")))
#else
#define HWPC_API
#endif

#endif
