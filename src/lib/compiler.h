/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
#ifndef BPFKIT_LIB_COMPILER_H
#define BPFKIT_LIB_COMPILER_H

#ifndef __printf
#define __printf(a, b) __attribute__((format(printf, a, b)))
#endif
#ifndef __noreturn
#define __noreturn __attribute__((noreturn))
#endif
#ifndef __maybe_unused
#define __maybe_unused __attribute__((unused))
#endif
#ifndef ARRAY_SIZE
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#endif

#define bk_min(a, b) ((a) < (b) ? (a) : (b))
#define bk_max(a, b) ((a) > (b) ? (a) : (b))

/* Round x up to a power-of-two alignment a (a != 0). */
#define bk_roundup(x, a) (((x) + (a)-1) & ~((__typeof__(x))(a)-1))

#endif /* BPFKIT_LIB_COMPILER_H */
