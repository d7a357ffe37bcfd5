// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/* The classifier run_xdp_main.bpf.c calls: a global function of its own. */
#include <linux/bpf.h>
#include <linux/if_ether.h>
#include <bpf/bpf_endian.h>
#include <bpf/bpf_helpers.h>

__noinline int run_classify(struct xdp_md *ctx)
{
	void *data_end = (void *)(long)ctx->data_end;
	struct ethhdr *eth = (void *)(long)ctx->data;

	if (!ctx)
		return XDP_ABORTED;
	if ((void *)(eth + 1) > data_end)
		return XDP_DROP;
	if (eth->h_proto == bpf_htons(ETH_P_IP))
		return XDP_TX;
	return XDP_PASS;
}
