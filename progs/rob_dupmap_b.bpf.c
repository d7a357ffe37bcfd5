// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * A second strong definition of rob_dup_a's map (a link conflict).
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, __u32);
} rob_dup_map SEC(".maps");

SEC("syscall")
int rob_dupmap_prog(void *ctx)
{
	__u32 key = 0;

	return bpf_map_lookup_elem(&rob_dup_map, &key) ? 1 : 0;
}

char LICENSE[] SEC("license") = "GPL";
