// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/* A section name libbpf cannot map to a program type: needs `type TYPE`. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

/* As a socket filter: keep the whole packet. */
SEC("bpfkit_custom")
int custom_filter(struct __sk_buff *skb)
{
	return skb->len;
}

char LICENSE[] SEC("license") = "GPL";
