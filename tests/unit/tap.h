/* SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause) */
/* A tiny TAP producer for unit tests: CHECK(cond, name) and tap_done(). */
#ifndef BPFKIT_TESTS_TAP_H
#define BPFKIT_TESTS_TAP_H

#include <stdio.h>

static int tap_cnt, tap_failed;

#define CHECK(cond, ...)                                          \
	do {                                                      \
		int _ok = !!(cond);                               \
                                                                  \
		tap_cnt++;                                        \
		tap_failed += !_ok;                               \
		printf("%sok %d - ", _ok ? "" : "not ", tap_cnt); \
		printf(__VA_ARGS__);                              \
		printf("\n");                                     \
	} while (0)

static inline int tap_done(void)
{
	printf("1..%d\n", tap_cnt);
	return tap_failed ? 1 : 0;
}

#endif /* BPFKIT_TESTS_TAP_H */
