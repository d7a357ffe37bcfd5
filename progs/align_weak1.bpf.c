// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * The strong definitions that beat align_weak2.bpf.c's __weak ones, in
 * .data, .rodata and .bss (see align_common.h).
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "align_common.h"

#define WIN_DATA(S, l, lt, k, kt, i) lt ALIGN_LOSER(S, l, k) = ALIGN_WIN(i);
#define WIN_RODATA(S, l, lt, k, kt, i) \
	const volatile lt ALIGN_LOSER(S, l, k) = ALIGN_WIN(i);
#define WIN_BSS(S, l, lt, k, kt, i) lt ALIGN_LOSER(S, l, k);

ALIGN_PAIRS(WIN_DATA, data)
ALIGN_PAIRS(WIN_RODATA, rodata)
ALIGN_PAIRS(WIN_BSS, bss)

char LICENSE[] SEC("license") = "GPL";
