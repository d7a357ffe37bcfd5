// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * Map definitions that file 2 declares with partial attribute lists (see
 * run_linked.c, scenario "maps_partial").
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__type(key, __u32);
	__type(value, __u64);
	__uint(max_entries, 4);
} lmp_array SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__type(key, __u32);
	__type(value, __u64);
	__uint(max_entries, 8);
	__uint(map_flags, BPF_F_NO_PREALLOC);
} lmp_hash SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__type(key, __u32);
	__type(value, __u64);
	__uint(max_entries, 8);
} lmp_sized SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__type(key, __u32);
	__type(value, __u32);
	__uint(max_entries, 2);
} lmp_min SEC(".maps");

SEC("syscall")
int lmp_prog1(void *ctx)
{
	__u32 k1 = 1, v32 = 32;
	__u64 v = 101;

	bpf_map_update_elem(&lmp_array, &k1, &v, 0);
	bpf_map_update_elem(&lmp_hash, &k1, &v, 0);
	bpf_map_update_elem(&lmp_sized, &k1, &v, 0);
	bpf_map_update_elem(&lmp_min, &k1, &v32, 0);
	return 1;
}

char LICENSE[] SEC("license") = "GPL";
