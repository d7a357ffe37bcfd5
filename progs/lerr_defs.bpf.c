// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * The definitions that every progs/lerr_*.bpf.c contradicts in one way
 * (see tests/gen_object_errors.bats). Linked first, then one lerr_* file.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

int lerr_func(int x)
{
	return x + 1;
}

int lerr_proto(int x, long y)
{
	return x + y;
}

int lerr_int = 1;
unsigned int lerr_uint = 2;

struct lerr_pair {
	int a;
	int b;
} lerr_pair = {3, 4};

/* every attribute that an extern can state */
struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__type(key, __u32);
	__type(value, __u64);
	__uint(max_entries, 16);
	__uint(map_flags, BPF_F_NO_PREALLOC);
	__uint(numa_node, 0);
	__uint(pinning, LIBBPF_PIN_BY_NAME);
} lerr_map SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_BLOOM_FILTER);
	__type(value, __u32);
	__uint(max_entries, 16);
	__uint(map_extra, 3);
} lerr_bloom SEC(".maps");

struct lerr_inner {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__type(key, __u32);
	__type(value, __u32);
	__uint(max_entries, 1);
};

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY_OF_MAPS);
	__uint(max_entries, 2);
	__type(key, __u32);
	__array(values, struct lerr_inner);
} lerr_outer SEC(".maps");

/* the first weak definition: later weak ones must match it exactly */
struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__type(key, __u32);
	__type(value, __u64);
	__uint(max_entries, 4);
} lerr_weak_map __weak SEC(".maps");

SEC("syscall")
int lerr_defs_prog(void *ctx)
{
	return lerr_func(lerr_int) + lerr_proto(lerr_uint, lerr_pair.a);
}

char LICENSE[] SEC("license") = "GPL";
