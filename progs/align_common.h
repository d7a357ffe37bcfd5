/* SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause) */
/*
 * The alignment scenario (progs/align_weak{1,2}.bpf.c): in each global data
 * section, a variable of each size (char, short, int, long long) right
 * after a __weak variable of each size that loses to align_weak1.bpf.c's
 * strong definition. Cutting a loser's bytes out of the section must leave
 * every survivor at an offset its type's alignment allows, or a load with
 * BPF_F_STRICT_ALIGNMENT fails and the skeleton's offset asserts fire.
 *
 * ALIGN_PAIRS(X, S) expands X(S, loser, loser type, survivor, survivor
 * type, index) for the 16 pairs; the index picks the initial values.
 */
#ifndef BPFKIT_PROGS_ALIGN_COMMON_H
#define BPFKIT_PROGS_ALIGN_COMMON_H

#define ALIGN_AFTER(X, S, l, lt, n)                                   \
	X(S, l, lt, c, char, n) X(S, l, lt, s, short, n + 1)          \
		X(S, l, lt, i, int, n + 2) X(S, l, lt, ll, long long, n + 3)

#define ALIGN_PAIRS(X, S)                      \
	ALIGN_AFTER(X, S, c, char, 0)          \
	ALIGN_AFTER(X, S, s, short, 4)         \
	ALIGN_AFTER(X, S, i, int, 8)           \
	ALIGN_AFTER(X, S, ll, long long, 12)

#define ALIGN_PAIR_CNT 16

/* initial values: the winner's, the loser's, the survivor's */
#define ALIGN_WIN(i) (40 + (i))
#define ALIGN_LOSE(i) (70 + (i))
#define ALIGN_KEEP(i) (10 + (i))
/* what the program stores into .bss */
#define ALIGN_STORE(i) (50 + (i))

#define ALIGN_LOSER(S, l, k) S##_lose_##l##_##k
#define ALIGN_KEPT(S, l, k) S##_keep_##l##_##k

#endif /* BPFKIT_PROGS_ALIGN_COMMON_H */
