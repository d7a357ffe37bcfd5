// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * A __weak program defined in two files (gc_wprog2.bpf.c): the first wins;
 * with gc the loser's body is cut out of the tc section, which keeps it as
 * a gap otherwise. gc_wother2, after that gap, calls a static helper.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

__weak SEC("tc") int gc_wprog(struct __sk_buff *skb)
{
	return 11;
}

SEC("tc")
int gc_wother1(struct __sk_buff *skb)
{
	return 12;
}

char LICENSE[] SEC("license") = "GPL";
