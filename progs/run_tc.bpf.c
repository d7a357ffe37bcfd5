// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * tc: an IPv4 packet leaves with its TTL one lower (TC_ACT_OK); a packet
 * whose TTL would reach 0, or that is not IPv4, is dropped (TC_ACT_SHOT).
 */
#include <linux/bpf.h>
#include <linux/if_ether.h>
#include <linux/ip.h>
#include <linux/pkt_cls.h>
#include <bpf/bpf_endian.h>
#include <bpf/bpf_helpers.h>

SEC("tc")
int run_tc(struct __sk_buff *skb)
{
	void *data_end = (void *)(long)skb->data_end;
	struct ethhdr *eth = (void *)(long)skb->data;
	struct iphdr *ip = (void *)(eth + 1);

	if ((void *)(ip + 1) > data_end ||
	    eth->h_proto != bpf_htons(ETH_P_IP) || ip->ttl <= 1)
		return TC_ACT_SHOT;
	/* the checksum is left alone: the test reads the TTL only */
	ip->ttl--;
	return TC_ACT_OK;
}

char LICENSE[] SEC("license") = "GPL";
