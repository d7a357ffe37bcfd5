// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * Definitions that each rob_mm_*.bpf.c declares with a mismatching extern:
 * linking rob_mm_def with any of them must fail and name what differs.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct rob_mm_rec {
	int a;
	int b;
};

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 4);
	__type(key, __u32);
	__type(value, __u64);
} rob_mm_map SEC(".maps");

long rob_mm_var = 1;
struct rob_mm_rec rob_mm_rec = { 1, 2 };

__noinline int rob_mm_fn(int x, int y)
{
	return x + y + rob_mm_var + rob_mm_rec.b;
}

SEC("syscall")
int rob_mm_def_prog(void *ctx)
{
	__u32 key = 0;

	return bpf_map_lookup_elem(&rob_mm_map, &key) ? rob_mm_fn(1, 2) : 0;
}

char LICENSE[] SEC("license") = "GPL";
