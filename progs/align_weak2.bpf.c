// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * Losing __weak variables, each followed by the variable that survives it
 * (see align_common.h), and a program that reads every variable of .data
 * and .rodata and stores into every one of .bss, so that a load with
 * BPF_F_STRICT_ALIGNMENT checks each access.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "align_common.h"

#define LOSE_DATA(S, l, lt, k, kt, i)                   \
	__weak lt ALIGN_LOSER(S, l, k) = ALIGN_LOSE(i); \
	kt ALIGN_KEPT(S, l, k) = ALIGN_KEEP(i);
#define LOSE_RODATA(S, l, lt, k, kt, i)                                \
	__weak const volatile lt ALIGN_LOSER(S, l, k) = ALIGN_LOSE(i); \
	const volatile kt ALIGN_KEPT(S, l, k) = ALIGN_KEEP(i);
#define LOSE_BSS(S, l, lt, k, kt, i)    \
	__weak lt ALIGN_LOSER(S, l, k); \
	kt ALIGN_KEPT(S, l, k);

ALIGN_PAIRS(LOSE_DATA, data)
ALIGN_PAIRS(LOSE_RODATA, rodata)
ALIGN_PAIRS(LOSE_BSS, bss)

/* what the program read: survivors, then the losers' (winners') values */
long long align_read_data[2 * ALIGN_PAIR_CNT];
long long align_read_rodata[2 * ALIGN_PAIR_CNT];

#define READ(S, l, lt, k, kt, i)                            \
	align_read_##S[i] = ALIGN_KEPT(S, l, k);            \
	align_read_##S[ALIGN_PAIR_CNT + i] = ALIGN_LOSER(S, l, k);
/* (clang 14 lays .bss out in the order of first use) */
#define STORE(S, l, lt, k, kt, i)                               \
	ALIGN_LOSER(S, l, k) = ALIGN_STORE(i + ALIGN_PAIR_CNT); \
	ALIGN_KEPT(S, l, k) = ALIGN_STORE(i);

SEC("syscall")
int align_run(void *ctx)
{
	ALIGN_PAIRS(READ, data)
	ALIGN_PAIRS(READ, rodata)
	ALIGN_PAIRS(STORE, bss)
	return 0;
}
