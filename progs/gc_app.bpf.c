// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * An application of gc_lib.bpf.c: two tc programs using a few of its
 * functions, and a strong gc_hook that overrides the library's __weak one.
 * gc_total holds what gc_sum returned last (the skeleton sees it).
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "gc_common.h"

int gc_total;

__noinline int gc_hook(int x)
{
	return x + 7;
}

/* 4 + (3 + 1) + (6 + 73) + (9 + 199) + (5 * 4 + 1 + 2) = 318 */
SEC("tc")
int gc_sum(struct __sk_buff *skb)
{
	int v = 4;

	v += gc_f0_1(1);
	v += gc_f7_3(2);
	v += gc_f19_9(3);
	v += gc_mid(4);
	gc_total = v;
	return v;
}

/* 0 + ... + 9 = 45, + (1 + 7) + (2 + 2000) + 1 = 2056 */
SEC("tc")
int gc_more(struct __sk_buff *skb)
{
	return gc_loop_sum(10) + gc_hook(1) + gc_hook2(2) + gc_table_len();
}

char LICENSE[] SEC("license") = "GPL";
