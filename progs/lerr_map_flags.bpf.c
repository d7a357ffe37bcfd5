// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/* lerr_map declared without BPF_F_NO_PREALLOC */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

extern struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__type(key, __u32);
	__type(value, __u64);
	__uint(max_entries, 16);
	__uint(map_flags, 0);
	__uint(numa_node, 0);
	__uint(pinning, LIBBPF_PIN_BY_NAME);
} lerr_map SEC(".maps");

SEC("syscall")
int lerr_prog(void *ctx)
{
	__u32 k = 0;

	return bpf_map_lookup_elem(&lerr_map, &k) != 0;
}
