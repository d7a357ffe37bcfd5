// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/* The losing __weak gc_wprog, and a program placed after its body. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

static __noinline int gc_wadd(int x)
{
	return x + 2;
}

__weak SEC("tc") int gc_wprog(struct __sk_buff *skb)
{
	return gc_wadd(20);
}

SEC("tc")
int gc_wother2(struct __sk_buff *skb)
{
	return gc_wadd(skb->len);
}
