// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * Linked with run_xdp_lib.bpf.c: IPv4 frames are sent back (XDP_TX) with
 * their MAC addresses swapped, as the library's classifier decides; other
 * frames pass untouched, runts are dropped. `prog dump xlated ... linum`
 * of the linked program shows lines of both files.
 */
#include <linux/bpf.h>
#include <linux/if_ether.h>
#include <bpf/bpf_helpers.h>

extern int run_classify(struct xdp_md *ctx);

SEC("xdp")
int run_xdp(struct xdp_md *ctx)
{
	void *data_end = (void *)(long)ctx->data_end;
	struct ethhdr *eth = (void *)(long)ctx->data;
	unsigned char tmp[ETH_ALEN];
	int action = run_classify(ctx);

	if (action != XDP_TX || (void *)(eth + 1) > data_end)
		return action;
	__builtin_memcpy(tmp, eth->h_dest, ETH_ALEN);
	__builtin_memcpy(eth->h_dest, eth->h_source, ETH_ALEN);
	__builtin_memcpy(eth->h_source, tmp, ETH_ALEN);
	return XDP_TX;
}

char LICENSE[] SEC("license") = "GPL";
