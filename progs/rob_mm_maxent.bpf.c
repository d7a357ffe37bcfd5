// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * rob_mm_map declared with 8 entries where rob_mm_def has 4.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

extern struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 8);
	__type(key, __u32);
	__type(value, __u64);
} rob_mm_map SEC(".maps");

SEC("syscall")
int rob_mm_maxent_prog(void *ctx)
{
	__u32 key = 0;

	return bpf_map_lookup_elem(&rob_mm_map, &key) ? 1 : 0;
}

char LICENSE[] SEC("license") = "GPL";
