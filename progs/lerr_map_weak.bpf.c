// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/* A losing weak lerr_weak_map with 8 entries, not 4 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__type(key, __u32);
	__type(value, __u64);
	__uint(max_entries, 8);
} lerr_weak_map __weak SEC(".maps");

SEC("syscall")
int lerr_prog(void *ctx)
{
	__u32 k = 0;

	return bpf_map_lookup_elem(&lerr_weak_map, &k) != 0;
}
