/* SPDX-License-Identifier: MIT */
/* How many cases a test runs.  The sanitizer pass (make check-asan) runs
 * the same code paths as the plain pass to find memory and undefined
 * behaviour errors, at four to eight times the cost of each case; it takes
 * a quarter of the random cases, and the plain pass every one (make
 * difftest runs far more).  Which cases: the first ones, so a failure
 * seen in either pass is found again by its seed.  Alike, an exhaustive
 * loop steps by HWPC_TEST_STRIDE (every fourth value under the
 * sanitizers), and a fixed case that takes a path again on another
 * generation, or whose cost is a reference engine's millions of cycles
 * checking arithmetic, runs in the plain pass only (#ifndef
 * HWPC_TEST_SANITIZED). */
#ifndef HWPC_TEST_CASES_H
#define HWPC_TEST_CASES_H

#if defined(__SANITIZE_ADDRESS__)
#define HWPC_TEST_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define HWPC_TEST_SANITIZED 1
#endif
#endif

#ifdef HWPC_TEST_SANITIZED
#define HWPC_TEST_CASES(n) ((n) / 4 > 0 ? (n) / 4 : 1)
#define HWPC_TEST_STRIDE 4
#else
#define HWPC_TEST_CASES(n) (n)
#define HWPC_TEST_STRIDE 1
#endif

#endif
