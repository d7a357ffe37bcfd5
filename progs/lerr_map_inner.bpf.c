// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/* lerr_outer declared with 2-entry inner maps */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct lerr_inner2 {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__type(key, __u32);
	__type(value, __u32);
	__uint(max_entries, 2);
};

extern struct {
	__uint(type, BPF_MAP_TYPE_ARRAY_OF_MAPS);
	__uint(max_entries, 2);
	__type(key, __u32);
	__array(values, struct lerr_inner2);
} lerr_outer SEC(".maps");

SEC("syscall")
int lerr_prog(void *ctx)
{
	__u32 k = 0;

	return bpf_map_lookup_elem(&lerr_outer, &k) != 0;
}
