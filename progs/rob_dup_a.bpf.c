// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * Link conflicts for robustness.bats: strong definitions of a variable, a
 * function and a map. rob_dupvar_b, rob_dupfn_b and rob_dupmap_b each
 * define one of them again, so each pair must fail to link.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, __u32);
} rob_dup_map SEC(".maps");

int rob_dup_var = 1;

__noinline int rob_dup_fn(int x)
{
	return x + rob_dup_var;
}

SEC("syscall")
int rob_dup_prog_a(void *ctx)
{
	__u32 key = 0;

	return bpf_map_lookup_elem(&rob_dup_map, &key) ? rob_dup_fn(1) : 0;
}

char LICENSE[] SEC("license") = "GPL";
