// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/* lerr_bloom declared with 5 hash functions */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

extern struct {
	__uint(type, BPF_MAP_TYPE_BLOOM_FILTER);
	__type(value, __u32);
	__uint(max_entries, 16);
	__uint(map_extra, 5);
} lerr_bloom SEC(".maps");

SEC("raw_tp/sys_enter")
int lerr_prog(void *ctx)
{
	__u32 v = 1;

	return bpf_map_push_elem(&lerr_bloom, &v, 0);
}
